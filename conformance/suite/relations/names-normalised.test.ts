/**
 * names.unique-any-case beyond letter case: the contract's introduction compares names "by Unicode full
 * case folding after NFKC normalisation", so a name that differs from a taken one only in its Unicode
 * form is the same name. For every resource of unique names, on create and on rename, each pair below
 * is sent in both orders (the taken name written one way, the new one the other): a server that
 * normalises only the name it receives, or folds letter case without normalising, keeps one of them apart.
 *
 * The pairs are those the contract's words call for: canonically equivalent forms (`é` as one letter
 * and as `e` with a combining accent) whenever it names NFC or NFKC; compatibility forms when it names
 * NFKC (full-width letters, the ligature `ﬁ`, the Kelvin sign `K`, each the same as its plain letters);
 * and when it says full case folding, the letters whose folding is not one lower-case letter: `ß` and
 * `SS`, the capital sharp s `ẞ` (whose lower case is `ß`, so one round of upper and lower case leaves it
 * apart from `ss`) and `ss`, and the final sigma `ς` beside `Σ`. Each refused name must get the 409
 * `name-taken` an exact duplicate gets.
 *
 * The pairs do not depend on each other, so their names are taken at once, and the creates of the
 * equivalent names are sent at once too; the renames of the one resource go one after another.
 *
 * What it leaves: each test makes a page or newsletter per pair (fifteen at most), named after the run.
 */
import { suiteContext } from '../context.ts';
import { verifyConflictType } from '../conflicts.ts';
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { UNIQUELY_NAMED } from './unique-named.ts';

const { contract } = suiteContext();

interface Spelling {
  /** What the two spellings differ by, for the report. */
  differ: string;
  one: string;
  other: string;
}

/** The spellings of one name the contract's comparison makes the same, from its own words. */
function equivalentSpellings(): Spelling[] {
  const description = String((contract.document as { info?: { description?: unknown } }).info?.description ?? '');
  const spellings: Spelling[] = [];
  if (/\bNFK?C\b/.test(description)) spellings.push({ differ: 'canonical equivalence (NFC and NFD)', one: 'caf\u00e9', other: 'cafe\u0301' });
  if (/\bNFKC\b/.test(description)) {
    spellings.push(
      { differ: 'compatibility forms (NFKC: full-width letters)', one: 'weekly', other: '\uff57\uff45\uff45\uff4b\uff4c\uff59' },
      { differ: 'compatibility forms (NFKC: the ligature \ufb01 is fi)', one: '\ufb01ne', other: 'fine' },
      { differ: 'compatibility forms (NFKC: the Kelvin sign is K) and letter case', one: '\u212aelvin', other: 'kelvin' },
    );
  }
  if (/full case folding/i.test(description)) {
    spellings.push(
      { differ: 'full case folding (\u00df and SS)', one: 'stra\u00dfe', other: 'STRASSE' },
      { differ: 'full case folding (the capital sharp s \u1e9e and ss)', one: 'STRA\u1e9eE', other: 'strasse' },
      { differ: 'case folding (the final sigma \u03c2 and \u03a3)', one: '\u03bf\u03b4\u03bf\u03c2', other: '\u039f\u0394\u039f\u03a3' },
    );
  }
  return spellings.flatMap((spelling) => [spelling, { ...spelling, one: spelling.other, other: spelling.one }]);
}

const SPELLINGS = equivalentSpellings();

/** Two names of the run, the same but for `one` and `other` in the middle. */
function namePair(t: Kit, { one, other }: Spelling): { taken: string; equivalent: string } {
  const rest = t.names.name('n').slice(t.names.prefix.length);
  return { taken: `${t.names.prefix}${one}-${rest}`, equivalent: `${t.names.prefix}${other}-${rest}` };
}

/** Sends a create (no id) or a rename (an id) with this name: its status, the id it made, the exchange. */
async function send(t: Kit, operationId: string, name: string, id?: number) {
  const { status, json, exchange } = await t.call(contract.operation(operationId), { ids: id === undefined ? {} : { id }, body: { name } });
  return { status, id: (json as { id?: number } | undefined)?.id, exchange };
}

const show = (name: string) => JSON.stringify(name).replace(/[\u0080-\uffff]/g, (letter) => `\\u${letter.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** Makes a resource with the pair's taken name; ends the test when the target refuses it. */
async function take(t: Kit, create: string, name: string): Promise<number> {
  const made = await send(t, create, name);
  t.ensure(made.status === 201 && made.id !== undefined, `${create} ${show(name)} answered ${made.status ?? 'nothing'}; expected 201`, { evidence: made.exchange });
  return made.id;
}

const RULES = ['names.unique-any-case'];

for (const { create, rename } of UNIQUELY_NAMED) {
  forOperation(create, (test) => {
    test('refuses a name that is a taken one in another Unicode form or case folding, as an exact duplicate', { check: 'conflict_detection', rules: RULES, needs: ['state'] }, async (t: Kit) => {
      if (SPELLINGS.length === 0) t.notApplicable('the contract names no Unicode normalisation or full case folding of names');
      const pairs = SPELLINGS.map((spelling) => ({ spelling, ...namePair(t, spelling) }));
      await Promise.all(pairs.map(({ taken }) => take(t, create, taken)));
      const exact = send(t, create, pairs[0]!.taken);
      const equivalents = await Promise.all(pairs.map(({ equivalent }) => send(t, create, equivalent)));
      const duplicate = await exact;
      t.ensure(duplicate.status === 409, `${create} ${show(pairs[0]!.taken)} again, an exact duplicate, answered ${duplicate.status ?? 'nothing'}; expected 409`, { evidence: duplicate.exchange });
      verifyConflictType(t, duplicate.exchange, 'name-taken', `${create} of an exact duplicate`);
      for (const [index, { spelling, taken, equivalent }] of pairs.entries()) {
        const again = equivalents[index]!;
        t.verify(again.status === 409, `${create} ${show(equivalent)} answered ${again.status ?? 'nothing'}; expected 409: ${show(taken)} is taken, and the two differ only by ${spelling.differ}`, { evidence: again.exchange });
        verifyConflictType(t, again.exchange, 'name-taken', `${create} of a name taken in another spelling`);
      }
    });
  });

  forOperation(rename, (test) => {
    test('refuses a rename to a name that is a taken one in another Unicode form or case folding', { check: 'conflict_detection', rules: RULES, needs: ['state'] }, async (t: Kit) => {
      if (SPELLINGS.length === 0) t.notApplicable('the contract names no Unicode normalisation or full case folding of names');
      const own = t.names.name('renamed');
      const pairs = SPELLINGS.map((spelling) => ({ spelling, ...namePair(t, spelling) }));
      const [ownId] = await Promise.all([take(t, create, own), ...pairs.map(({ taken }) => take(t, create, taken))]);
      for (const { spelling, taken, equivalent } of pairs) {
        const renamed = await send(t, rename, equivalent, ownId);
        t.verify(renamed.status === 409, `${rename} to ${show(equivalent)} answered ${renamed.status ?? 'nothing'}; expected 409: ${show(taken)} is taken, and the two differ only by ${spelling.differ}`, { evidence: renamed.exchange });
        verifyConflictType(t, renamed.exchange, 'name-taken', `${rename} to a name taken in another spelling`);
      }
    });
  });
}
