/**
 * slugs.cut-to-fit at the lengths around the cut, for every slug derived from a text: a slug longer than
 * 90 characters "is cut after its 90th character, and a hyphen left at the end of the cut is dropped",
 * and a uniqueness suffix "is appended after the cut". The other long-slug tests send texts of 255
 * characters, whose slugs are far past the cut; a server that cuts only past some other length (100,
 * the Slug schema's `maxLength`), or that makes room for a suffix by cutting shorter, passes them. So
 * every create that derives a slug (a post's, a category's and an email's slug, a page's slug and
 * `name_slug`, a newsletter's `name_slug`) and every rename that moves a `name_slug` (pages, newsletters)
 * is sent texts whose slug is exactly 90 characters (kept whole), 95 (cut to 90), and 100 with a hyphen
 * as its 90th (cut to 89); and one more text whose slug is taken: on a create, the 90-character one
 * again (`-1` after all 90 characters), on a rename, the 100-character one given to a second resource
 * (`-1` after the 89), which is then renamed on to a name whose slug no resource holds and gets that
 * slug itself (a name_slug is derived afresh from the new name: a suffix only where the new slug is
 * taken, never the one the resource carried).
 *
 * The same texts hold the other cut the contract states, a page's domain (page.domain-random-part: "its
 * name_slug (cut to fit a 63-character DNS label)", 56 characters before the hyphen and six random
 * ones, a hyphen left at the end of the cut dropped as the Slugs section drops it): a hyphen, a space
 * and a letter transliterated to two at and around the 56th character of the slug, and createPage's
 * answers are judged on their domain too. And their letters are apart by every character the Slugs
 * section turns into a hyphen ("every run of other characters turned into one hyphen": all ASCII
 * punctuation, `_` included, and non-ASCII punctuation; slugs.ts SEPARATOR_MARKS), each alone, so
 * every derived slug and every rename is judged on each: between two letters in the first round of the
 * marks, between two digits in the second (`2.0` is `2-0`, `1,000` is `1-000`), between two accented
 * letters in the third, then between mixed neighbours (a letter and a digit, a digit and an accented
 * letter, an accented letter and a letter). The three texts reach the first rounds; texts of a slug of
 * exactly 90 characters, each after a short run name, reach the rest (eleven an operation, sent
 * with the creates at once, and renamed on a second resource beside the first's renames).
 *
 * Pages and newsletters, whose names are unique, take the text again with a `!` after it (the same slug).
 * Creates of the three lengths are sent at once; renames change one resource, one text after the other.
 *
 * What it leaves: four pages and four newsletters from the creates and as many as the texts that reach
 * the later rounds (eleven of each), two of each from the renames,
 * named after the run; the children are deleted.
 */
import type { CheckName } from '../../checks/catalog.ts';
import { suiteContext } from '../context.ts';
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { Resources } from '../resources.ts';
import { domainParts } from '../page-domains.ts';
import { expectedSlug, markQueue, type MarkQueue, separatedLetters, SLUG_CUT } from '../slugs.ts';
import { CHILDREN } from './slug-children.ts';
import { UNIQUELY_NAMED } from './unique-named.ts';

const { contract } = suiteContext();

type Json = Record<string, unknown> & { id: number };

interface Length {
  what: string;
  /**
   * The text, from a run name at its start whose slug is `head` characters long, then letters apart by
   * the separators of `marks` (slugs.ts separatedLetters), with the features placed at slug positions.
   */
  text: (name: string, head: number, marks: MarkQueue) => string;
}

/** The cut of a page's domain (page-domains.ts): its first label keeps 56 characters of the name_slug. */
const DOMAIN_CUT = 56;

/**
 * Each text, besides its length, puts at the domain's cut and at the slug's a feature a cut can trip on:
 * a hyphen (from a `-` or a space) as the last character kept or the first dropped, and a letter
 * transliterated to two (`ß` as `ss`, `æ` as `ae`, `œ` as `oe`) across the cut or ending at it. Between
 * them, the letters are apart by every separator of SEPARATOR_MARKS in turn (the three texts hold them
 * all before the cut for a run name of up to 44 characters), so every derived slug is judged on each.
 */
const LENGTHS: Length[] = [
  {
    what: `a slug of exactly 90 characters, a hyphen its ${DOMAIN_CUT}th, oe its last two`,
    text: (name, head, marks) => `${name} ${separatedLetters(DOMAIN_CUT - head - 2, marks)}-${separatedLetters(SLUG_CUT - DOMAIN_CUT - 2, marks)}œ`,
  },
  {
    what: `a slug of 95 characters, ss its ${DOMAIN_CUT - 1}th and ${DOMAIN_CUT}th, a hyphen its ${DOMAIN_CUT + 1}th, ss its 90th and 91st`,
    text: (name, head, marks) => `${name} ${separatedLetters(DOMAIN_CUT - head - 3, marks)}ß ${separatedLetters(SLUG_CUT - DOMAIN_CUT - 2, marks)}ß ${separatedLetters(3, marks)}`,
  },
  {
    what: `a slug of 100 characters whose 90th is a hyphen, ae its ${DOMAIN_CUT}th and ${DOMAIN_CUT + 1}th`,
    text: (name, head, marks) => `${name} ${separatedLetters(DOMAIN_CUT - head - 2, marks)}æ${separatedLetters(SLUG_CUT - DOMAIN_CUT - 2, marks)} ${separatedLetters(10, marks)}`,
  },
];

/**
 * A text that only carries separators on: a slug of exactly 90 characters (kept whole), after a run name
 * cut to the run's prefix and six random characters (unique, and recognisable as the run's).
 */
const REACH: Length = {
  what: 'a slug of exactly 90 characters, its letters apart by the separators of a later round',
  text: (name, head, marks) => `${name} ${separatedLetters(SLUG_CUT - head - 1, marks)}`,
};

/** The random characters after the run's prefix in a REACH text's name. */
const REACH_RANDOM = 6;

interface TextToSend {
  length: Length;
  text: string;
  expected: string;
}

/**
 * Each length's text, with a run name of its own, and the slug the contract derives from it; then the
 * REACH texts that take the marks on until every mark has stood between the neighbours of every round.
 */
function textsToSend(t: Kit): { lengths: TextToSend[]; reach: TextToSend[] } {
  const marks = markQueue();
  const make = (length: Length, name: string) => {
    const text = length.text(name, expectedSlug(name).length, marks);
    return { length, text, expected: expectedSlug(text, { removeSlash: true }) };
  };
  const lengths = LENGTHS.map((length) => make(length, t.names.name('cut')));
  const reach: TextToSend[] = [];
  while (!marks.exhausted()) reach.push(make(REACH, t.names.name('reach', t.names.prefix.length + REACH_RANDOM)));
  return { lengths, reach };
}

const uniquelyNamed = (operationId: string) => UNIQUELY_NAMED.some(({ create }) => create === operationId);

/** The same text again, for a resource of a unique name a `!` after it: the same slug. */
const again = (operationId: string, text: string) => (uniquelyNamed(operationId) ? `${text}!` : text);

const verdict = (operationId: string, field: string, what: string, shown: unknown, expected: string) =>
  `${operationId} of a text with ${what}: ${field} ${JSON.stringify(shown)} (${String(shown ?? '').length} characters); expected ${expected} (${expected.length} characters: cut after the 90th character, a hyphen left at the end dropped, a suffix after the cut)`;

interface Deriving {
  create: string;
  /** The body field the slug is derived from. */
  field: string;
  /** The rest of a valid body. */
  body?: Record<string, unknown>;
  slugs: string[];
  check: CheckName;
  rules: string[];
  /** The parent's path ids and the delete of a child; none for pages and newsletters. */
  parent?: (resources: Resources) => Record<string, number>;
  remove?: string;
  /** A page: its domain holds the name_slug cut again, to 56 characters (page.domain-random-part). */
  domain?: boolean;
}

const CREATES: Deriving[] = [
  ...CHILDREN.map(
    (child): Deriving => ({
      create: child.create,
      field: child.field,
      body: child.body,
      slugs: ['slug'],
      check: child.check,
      rules: child.rules,
      parent: (resources) => ({ [child.parentParameter]: child.parentName === 'page' ? resources.sharedPageId() : resources.sharedNewsletterId() }),
      remove: child.remove,
    }),
  ),
  { create: 'createPage', field: 'name', slugs: ['slug', 'name_slug'], check: 'page_creation', rules: ['page.slug-from-name', 'page.domain-random-part'], domain: true },
  { create: 'createNewsletter', field: 'name', slugs: ['name_slug'], check: 'crud_agreement', rules: ['newsletter.name-slug-derived'] },
];

for (const subject of CREATES) {
  forOperation(subject.create, (test) => {
    test('cuts the slug of texts whose slug is 90, 95 and 100 characters (a hyphen the 90th) at the cut, and suffixes a taken 90-character one after it', { check: subject.check, rules: ['slugs.cut-to-fit', ...subject.rules], needs: ['state', 'input_reflection'] }, async (t: Kit) => {
      const operation = contract.operation(subject.create);
      const ids = subject.parent?.(new Resources(t)) ?? {};
      const make = async (text: string) => {
        const { status, json, exchange } = await t.call(operation, { ids, body: { ...subject.body, [subject.field]: text } });
        t.ensure(status === 201, `${subject.create} with ${subject.field} ${JSON.stringify(text)} answered ${status ?? 'nothing'}; expected 201`, { evidence: exchange });
        const made = json as Json;
        if (subject.remove) t.cleanup(`${subject.remove} ${made.id}`, async () => void (await t.call(contract.operation(subject.remove!), { ids: { ...ids, id: made.id } })));
        if (subject.domain) {
          // page.domain-random-part: the name_slug "cut to fit a 63-character DNS label", by the Slugs section's cut.
          const shape = domainParts(String(made.domain), String(made.name_slug));
          t.verify(typeof shape !== 'string', `${subject.create} with ${subject.field} ${JSON.stringify(text)}: ${String(shape)}`, { evidence: exchange });
        }
        return { made, exchange };
      };
      const { lengths, reach } = textsToSend(t);
      const texts = [...lengths, ...reach];
      const answers = await Promise.all(texts.map(({ text }) => make(text)));
      texts.forEach(({ length, expected }, index) => {
        for (const field of subject.slugs) t.verify(answers[index]!.made[field] === expected, verdict(subject.create, field, length.what, answers[index]!.made[field], expected), { evidence: answers[index]!.exchange });
      });
      const [exact] = texts;
      const second = await make(again(subject.create, exact!.text));
      for (const field of subject.slugs) {
        t.verify(second.made[field] === `${exact!.expected}-1`, verdict(subject.create, field, `${exact!.length.what}, taken`, second.made[field], `${exact!.expected}-1`), { evidence: second.exchange });
      }
    });
  });
}

/** The rule by which name_slug follows a rename. */
const RENAME_RULES: Record<string, { check: CheckName; rules: string[] }> = {
  updatePage: { check: 'crud_agreement', rules: ['page.rename-keeps-slug'] },
  updateNewsletter: { check: 'newsletter_update', rules: ['newsletter.rename-moves-name-slug'] },
};

for (const { create, rename } of UNIQUELY_NAMED) {
  const own = RENAME_RULES[rename] ?? { check: 'crud_agreement' as const, rules: [] };
  forOperation(rename, (test) => {
    test('moves name_slug to the cut slug of names whose slug is 90, 95 and 100 characters (a hyphen the 90th), and suffixes a taken one after the cut', { check: own.check, rules: ['slugs.cut-to-fit', 'slugs.unique-in-own-field', ...own.rules], needs: ['state', 'input_reflection'] }, async (t: Kit) => {
      const made = await Promise.all([0, 1].map(async () => {
        const { status, json, exchange } = await t.call(contract.operation(create), { ids: {}, body: { name: t.names.name('renamed') } });
        t.ensure(status === 201, `${create} answered ${status ?? 'nothing'}; expected 201`, { evidence: exchange });
        return (json as Json).id;
      }));
      const renameTo = async (id: number, name: string, what: string, expected: string) => {
        const { status, json, exchange } = await t.call(contract.operation(rename), { ids: { id }, body: { name } });
        t.ensure(status === 200, `${rename} to ${JSON.stringify(name)} answered ${status ?? 'nothing'}; expected 200`, { evidence: exchange });
        t.verify((json as Json).name_slug === expected, verdict(rename, 'name_slug', what, (json as Json).name_slug, expected), { evidence: exchange });
      };
      const { lengths, reach } = textsToSend(t);
      // The lengths one after the other on the first, the texts that reach the later rounds on the second beside them.
      const renameThrough = async (id: number, texts: TextToSend[]) => {
        for (const { length, text, expected } of texts) await renameTo(id, text, length.what, expected);
      };
      await Promise.all([renameThrough(made[0]!, lengths), renameThrough(made[1]!, reach)]);
      // The first now holds the last text's slug: the second, renamed to that text with a `!`, gets it with -1.
      const last = lengths.at(-1)!;
      await renameTo(made[1]!, again(create, last.text), `${last.length.what}, taken`, `${last.expected}-1`);
      // And renamed on to a name no resource's slug is, it gets that slug itself: derived afresh from the
      // new name, not the new name's slug with the -1 it carried (slugs.unique-in-own-field).
      const fresh = t.names.name('afresh');
      await renameTo(made[1]!, fresh, 'a free slug, from a name_slug with a suffix', expectedSlug(fresh));
    });
  });
}
