/**
 * names.unique-any-case from the other side: the contract compares names "by Unicode full case folding
 * after NFKC normalisation", and by nothing else, so two names that differ in anything that comparison
 * keeps are two names. For every resource of unique names, on create and on rename, names are sent that
 * differ from a taken one only by a space at the end, a space at the start or the inner space doubled
 * (the Name schema allows white space anywhere but alone), by a hyphen for the inner space (punctuation),
 * or by an accent (NFKC keeps `é` apart from `e`): each is accepted, `201` or `200`, and stored as sent
 * (requests.valid-input-accepted). A server whose uniqueness key trims the name, collapses its white
 * space, or drops its punctuation or accents (a key built from the slug, or from a form's cleaned
 * input) refuses them with a `409` the contract does not allow.
 *
 * Nor is a name a pattern: names in which one letter, or the end of a word, is a character that LIKE,
 * GLOB or a regular expression reads as a wildcard (`_`, `%`, `?`, `*`, `.`), so that as a pattern each
 * matches the plain name, are names of their own too. A server that looks for a taken name with
 * `name LIKE ?` unescaped answers such a name `409`.
 *
 * Both orders: a server that cleans only the name it receives, or only the names it holds, keeps one of
 * them apart. So one pair's plain name is taken first and its variants sent after, and another pair's
 * variants are taken first and its plain name sent after (each round at once: the names are all
 * different, so no order among them matters).
 *
 * What it leaves: each create test makes twenty-two pages or newsletters, each rename test twelve, named
 * after the run.
 */
import { suiteContext } from '../context.ts';
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { UNIQUELY_NAMED } from './unique-named.ts';

const { contract } = suiteContext();

interface Variant {
  /** What sets it apart from the plain name, for the report. */
  differ: string;
  spell: (plain: string) => string;
}

/** The word of every plain name whose space, hyphen and accent the variants change. */
const WORDS = 'kept apart';

/** Spellings the contract's comparison keeps apart from the plain name, each allowed by the Name schema. */
const VARIANTS: Variant[] = [
  { differ: 'a space at its end', spell: (plain) => `${plain} ` },
  { differ: 'a space at its start', spell: (plain) => ` ${plain}` },
  { differ: 'its inner space doubled', spell: (plain) => plain.replace(WORDS, 'kept  apart') },
  { differ: 'a hyphen for its inner space', spell: (plain) => plain.replace(WORDS, 'kept-apart') },
  { differ: 'an accent (é for e, which NFKC keeps)', spell: (plain) => plain.replace(WORDS, 'k\u00e9pt apart') },
  // Wildcards of LIKE, GLOB and regular expressions, each making a pattern that matches the plain name.
  { differ: 'an _ for a letter', spell: (plain) => plain.replace(WORDS, 'k_pt apart') },
  { differ: 'a % for the end of a word', spell: (plain) => plain.replace(WORDS, 'kept ap%') },
  { differ: 'a ? for a letter', spell: (plain) => plain.replace(WORDS, 'k?pt apart') },
  { differ: 'a * for the end of a word', spell: (plain) => plain.replace(WORDS, 'kept ap*') },
  { differ: 'a . for a letter', spell: (plain) => plain.replace(WORDS, 'k.pt apart') },
];

/** The contract's comparison, near enough to prove the suite's names apart (lower case for full case folding). */
const compared = (name: string) => name.normalize('NFKC').toLowerCase();

/** A plain name of the run and its variants, proven apart from each other under the comparison. */
function family(t: Kit): { plain: string; variants: { name: string; differ: string }[] } {
  const plain = t.names.name(WORDS);
  const variants = VARIANTS.map(({ differ, spell }) => ({ name: spell(plain), differ }));
  const keys = new Set([plain, ...variants.map(({ name }) => name)].map(compared));
  if (keys.size !== VARIANTS.length + 1 || variants.some(({ name }) => name === plain)) throw new Error(`the names kept apart from ${plain} are not all different under NFKC and case folding; this is a fault of the suite`);
  return { plain, variants };
}

const show = (name: string) => JSON.stringify(name).replace(/[\u0080-\uffff]/g, (letter) => `\\u${letter.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** Sends a create (no id) or a rename (an id) with this name: its status, the name and id it answered, the exchange. */
async function send(t: Kit, operationId: string, name: string, id?: number) {
  const { status, json, exchange } = await t.call(contract.operation(operationId), { ids: id === undefined ? {} : { id }, body: { name } });
  const answered = json as { id?: number; name?: unknown } | undefined;
  return { status, id: answered?.id, name: answered?.name, exchange };
}

/** One name sent beside another it differs from only by `differ`. */
interface Beside {
  name: string;
  other: string;
  differ: string;
}

/** The names of two families, in the two rounds of sending: a's plain name and b's variants, then a's variants and b's plain name. */
function rounds(t: Kit): [Beside[], Beside[]] {
  const [a, b] = [family(t), family(t)];
  const plainOf = (of: typeof a, differ: string): Beside => ({ name: of.plain, other: of.variants.map(({ name }) => name).join(', '), differ: `not having ${differ}` });
  const variantsOf = (of: typeof a): Beside[] => of.variants.map(({ name, differ }) => ({ name, other: of.plain, differ }));
  const everyDiffer = VARIANTS.map(({ differ }) => differ).join(', or ');
  return [
    [plainOf(a, everyDiffer), ...variantsOf(b)],
    [...variantsOf(a), plainOf(b, everyDiffer)],
  ];
}

/** The verdict on one name's answer: the success status, and the name stored exactly as sent. */
function verifyAccepted(t: Kit, operationId: string, expected: number, beside: Beside, answer: Awaited<ReturnType<typeof send>>): void {
  const { name, other, differ } = beside;
  t.verify(
    answer.status === expected,
    `${operationId} of ${show(name)} answered ${answer.status ?? 'nothing'}; expected ${expected}: it differs from ${show(other)} (taken, or sent beside it) only by ${differ}, which the contract's comparison of names (NFKC, then full case folding) keeps, so it is another name`,
    { evidence: answer.exchange },
  );
  if (answer.status === expected) t.verify(answer.name === name, `${operationId} of ${show(name)} answered the name ${show(String(answer.name))}; a name is stored as sent`, { evidence: answer.exchange });
}

const RULES = ['names.unique-any-case', 'requests.valid-input-accepted'];

for (const { create, rename } of UNIQUELY_NAMED) {
  forOperation(create, (test) => {
    test('accepts names that differ from a taken one only by white space, punctuation, an accent or a wildcard character, which the comparison keeps, as sent', { check: 'conflict_detection', rules: RULES, needs: ['state', 'input_reflection'] }, async (t: Kit) => {
      for (const round of rounds(t)) {
        const answers = await Promise.all(round.map((beside) => send(t, create, beside.name)));
        round.forEach((beside, index) => verifyAccepted(t, create, 201, beside, answers[index]!));
      }
    });
  });

  forOperation(rename, (test) => {
    test('accepts renames to names that differ from a taken one only by white space, punctuation, an accent or a wildcard character, as sent', { check: 'conflict_detection', rules: RULES, needs: ['state', 'input_reflection'] }, async (t: Kit) => {
      const [taken, renamed] = rounds(t);
      const [own, ...made] = await Promise.all([send(t, create, t.names.name('renamed')), ...taken.map(({ name }) => send(t, create, name))]);
      t.ensure(own!.status === 201 && own!.id !== undefined, `${create} answered ${own!.status ?? 'nothing'}; expected 201`, { evidence: own!.exchange });
      taken.forEach((beside, index) => verifyAccepted(t, create, 201, beside, made[index]!));
      if (made.some((answer) => answer.status !== 201)) return;
      // One resource renamed in turn: each rename gives up the name before, so only the taken names stand beside it.
      for (const beside of renamed) verifyAccepted(t, rename, 200, beside, await send(t, rename, beside.name, own!.id));
    });
  });
}
