/**
 * The contract's Slugs: where a derived slug must be unique and is already taken, "`-1`, then `-2`, ...
 * is appended". The other suffix tests stop at `-2`, where a suffix's number and its text sort alike; a
 * server that finds the highest suffix in use by sorting the slugs as text (`news-9` after `news-10`),
 * or by reading one digit, or that counts only the last few, gives the twelfth resource of one text a
 * suffix already used (a `409` or a `500`) or skips one. So every create that derives a slug made unique
 * with a suffix (a post's, a category's and an email's slug, a page's slug and `name_slug`, a
 * newsletter's `name_slug`) makes twelve resources whose texts derive one slug, past `-9` and `-10`: the
 * first gets the slug, the other eleven the suffixes `-1` to `-11`, each once.
 *
 * Posts, categories and emails take the same text twelve times; pages and newsletters, whose names are
 * unique in the workspace, take a name and the same name followed by one to eleven `!` (each a name of
 * its own, with the same slug). After the first, the other eleven are sent at once: whatever order
 * they are served in, they hold the eleven suffixes between them.
 *
 * What it leaves: twelve pages and twelve newsletters named after the run; the children are deleted.
 */
import type { CheckName } from '../../checks/catalog.ts';
import { suiteContext } from '../context.ts';
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { Resources } from '../resources.ts';
import { expectedSlug } from '../slugs.ts';
import { CHILDREN } from './slug-children.ts';

const { contract } = suiteContext();

type Json = Record<string, unknown> & { id: number };

/** Past `-9` and `-10`, the first suffixes whose text order differs from their number order. */
const HOW_MANY = 12;

interface Twelve {
  create: string;
  /** The path ids of the create (a parent's), made once per test. */
  ids: (t: Kit) => Promise<Record<string, number>>;
  /** The body of the n-th resource (from 0), all deriving one slug. */
  body: (text: string, n: number) => Record<string, unknown>;
  /** The fields derived from the text and made unique with a suffix. */
  slugs: string[];
  /** The delete of one made, where the API has one. */
  remove?: string;
  check: CheckName;
  rules: string[];
}

const SUBJECTS: Twelve[] = [
  ...CHILDREN.map(
    (child): Twelve => ({
      create: child.create,
      ids: async (t) => {
        const resources = new Resources(t);
        return { [child.parentParameter]: child.parentName === 'page' ? resources.sharedPageId() : resources.sharedNewsletterId() };
      },
      body: (text) => ({ ...child.body, [child.field]: text }),
      slugs: ['slug'],
      remove: child.remove,
      check: child.check,
      rules: child.rules,
    }),
  ),
  // Names unique in the workspace: the same name and marks after it, which the slug drops.
  { create: 'createPage', ids: async () => ({}), body: (name, n) => ({ name: `${name}${'!'.repeat(n)}` }), slugs: ['slug', 'name_slug'], check: 'page_creation', rules: ['page.slug-from-name'] },
  { create: 'createNewsletter', ids: async () => ({}), body: (name, n) => ({ name: `${name}${'!'.repeat(n)}` }), slugs: ['name_slug'], check: 'crud_agreement', rules: ['newsletter.name-slug-derived'] },
];

for (const subject of SUBJECTS) {
  forOperation(subject.create, (test) => {
    test(`gives twelve resources of texts with one slug that slug, then the suffixes -1 to -11, past -9 and -10`, { check: subject.check, rules: [...subject.rules, 'requests.valid-input-accepted'], needs: ['state', 'input_reflection'] }, async (t: Kit) => {
      const operation = contract.operation(subject.create);
      const ids = await subject.ids(t);
      const text = t.names.name('twelve');
      const bodies = Array.from({ length: HOW_MANY }, (_, n) => subject.body(text, n));
      const base = expectedSlug(text, { removeSlash: true });
      const make = async (body: Record<string, unknown>) => {
        const { status, json, exchange } = await t.call(operation, { ids, body });
        const made = json as Json | undefined;
        if (status === 201 && made && subject.remove) t.cleanup(`${subject.remove} ${made.id}`, async () => void (await t.call(contract.operation(subject.remove!), { ids: { ...ids, id: made.id } })));
        return { status, made, exchange, body };
      };
      const first = await make(bodies[0]!);
      t.ensure(first.status === 201 && first.made !== undefined, `${subject.create} ${JSON.stringify(first.body)} answered ${first.status ?? 'nothing'}; expected 201`, { evidence: first.exchange });
      const rest = await Promise.all(bodies.slice(1).map(make));
      for (const { status, exchange, body } of rest) {
        t.verify(status === 201, `${subject.create} ${JSON.stringify(body)}, one of eleven sent after a first of the same slug ${base}, answered ${status ?? 'nothing'}; expected 201 with the next free suffix (-1 to -11)`, { evidence: exchange });
      }
      const made = [first, ...rest].filter(({ status }) => status === 201);
      for (const field of subject.slugs) {
        t.verify(first.made[field] === base, `${field} of the first of twelve texts of one slug is ${JSON.stringify(first.made[field])}; expected ${base}`, { evidence: first.exchange });
        if (made.length !== HOW_MANY) continue;
        const expected = Array.from({ length: HOW_MANY - 1 }, (_, n) => `${base}-${n + 1}`);
        const got = rest.map(({ made: one }) => String(one?.[field])).sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
        t.verify(
          JSON.stringify(got) === JSON.stringify(expected),
          `${field}s of the eleven after the first are ${got.join(', ')}; expected ${base}-1 to ${base}-11, each once: a taken derived slug gets the next suffix, in number order (-10 after -9)`,
          { evidence: rest.at(-1)!.exchange },
        );
      }
    });
  });
}
