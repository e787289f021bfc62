/**
 * slugs.unique-in-own-field: a derived slug made unique is judged against the values of its own field
 * in its scope, and no other set. The suffix tests elsewhere make their resources all of one kind of
 * text, where every set agrees; this one makes each derived field meet the cases where they part:
 *
 * - a value held by an explicit slug (a page's or a category's), which a derived one must step past,
 *   while the page's `name_slug` (another field, another set) takes the base as it is free there;
 * - a value held only as a page's `name_slug`, which leaves the page's derived `slug` free;
 * - a hole in the numbers (`x` and `x-2` held, `-1` free), which a server that counts the taken
 *   slugs (`x-${count}`) instead of finding a free one collides on;
 * - a rename that moves a `name_slug` (updatePage, updateNewsletter), judged like a create.
 *
 * For every derived field the judgement is the contract's, read from the answers themselves: each new
 * value is the base (when no holder has it in that field) or the base with a `-N` suffix, none a value
 * a holder has in that field, no two alike, and the base among them when it was free. Which free
 * suffix is not judged: "`-1`, then `-2`, ..." does not say whether a hole is filled.
 *
 * Cost: the holders of a scope are made at once, then the deriving writes at once (seven requests for
 * pages, four for newsletters, three creates for each child kind, whose parents are the run's shared
 * ones and whose children are deleted after).
 */
import type { CheckName } from '../../checks/catalog.ts';
import type { Exchange } from '../../http/exchange.ts';
import { suiteContext } from '../context.ts';
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import type { PathIds } from '../requests.ts';
import { Resources } from '../resources.ts';
import { expectedSlug } from '../slugs.ts';
import { CHILDREN } from './slug-children.ts';

const { contract } = suiteContext();

type Json = Record<string, unknown> & { id: number };

interface Write {
  operation: string;
  ids: PathIds;
  body: Record<string, unknown>;
}

interface Written extends Write {
  status: number | undefined;
  json: Json | undefined;
  exchange: Exchange;
}

/** A deriving write and the fields it derives, each from the text whose slug is `base`. */
interface Deriving extends Write {
  derives: { field: string; base: string }[];
}

/** What a kind's test writes: holders first (all at once), then the deriving writes (all at once). */
interface Plan {
  holders: Write[];
  deriving: (holders: Written[]) => Deriving[];
}

interface Subject {
  create: string;
  check: CheckName;
  rules: string[];
  plan: (t: Kit) => Promise<Plan>;
}

const slugOf = (text: string) => expectedSlug(text, { removeSlash: true });

const SUBJECTS: Subject[] = [
  {
    // page.slug-from-name: the slug among the workspace's slugs, the name_slug among its name_slugs.
    create: 'createPage',
    check: 'page_creation',
    rules: ['page.slug-from-name', 'page.rename-keeps-slug'],
    plan: async (t) => {
      const [taken, nameOnly, renamedTo] = [t.names.name('Own set'), t.names.name('Own name set'), t.names.name('Own rename set')];
      return {
        holders: [
          // Slug `x` held explicitly by a page whose name_slug is `u`; `x-2` by a name: a hole at `-1`.
          { operation: 'createPage', ids: {}, body: { name: nameOnly, slug: slugOf(taken) } },
          { operation: 'createPage', ids: {}, body: { name: `${taken} 2` } },
          // Slug `w` held explicitly, name_slug `w-2` by its name: a rename to `W` finds `w` free as a name_slug.
          { operation: 'createPage', ids: {}, body: { name: `${renamedTo} 2`, slug: slugOf(renamedTo) } },
          { operation: 'createPage', ids: {}, body: { name: t.names.name('Own set renamed') } },
        ],
        deriving: (holders): Deriving[] => [
          { operation: 'createPage', ids: {}, body: { name: taken }, derives: ['slug', 'name_slug'].map((field) => ({ field, base: slugOf(taken) })) },
          { operation: 'createPage', ids: {}, body: { name: `${nameOnly}!` }, derives: ['slug', 'name_slug'].map((field) => ({ field, base: slugOf(nameOnly) })) },
          { operation: 'updatePage', ids: { id: holders[3]!.json!.id }, body: { name: renamedTo }, derives: [{ field: 'name_slug', base: slugOf(renamedTo) }] },
        ],
      };
    },
  },
  {
    // The createNewsletter description: name_slug "made unique in the workspace with a `-1`, `-2` suffix".
    create: 'createNewsletter',
    check: 'crud_agreement',
    rules: ['newsletter.name-slug-derived', 'newsletter.rename-moves-name-slug'],
    plan: async (t) => {
      const taken = t.names.name('Own set');
      const base = slugOf(taken);
      return {
        holders: [
          { operation: 'createNewsletter', ids: {}, body: { name: taken } },
          { operation: 'createNewsletter', ids: {}, body: { name: `${taken} 2` } },
          { operation: 'createNewsletter', ids: {}, body: { name: t.names.name('Own set renamed') } },
        ],
        deriving: (holders): Deriving[] => [
          { operation: 'createNewsletter', ids: {}, body: { name: `${taken}!` }, derives: [{ field: 'name_slug', base }] },
          { operation: 'updateNewsletter', ids: { id: holders[2]!.json!.id }, body: { name: `${taken}?` }, derives: [{ field: 'name_slug', base }] },
        ],
      };
    },
  },
  ...CHILDREN.map(
    (child): Subject => ({
      // post.slug-unique-in-page, category.slug-derived, the createEmail description: unique in the parent.
      create: child.create,
      check: child.check,
      rules: child.rules,
      plan: async (t) => {
        const resources = new Resources(t);
        const ids = { [child.parentParameter]: child.parentName === 'page' ? resources.sharedPageId() : resources.sharedNewsletterId() };
        const text = t.names.name('Own set');
        const base = slugOf(text);
        const bodyOf = (value: string) => ({ ...child.body, [child.field]: value });
        // Where the kind takes an explicit slug, `x` is held by one (under another text): a derived slug meets it.
        const takesSlug = child.create === 'createCategory';
        const first = takesSlug ? { ...bodyOf(t.names.name('Own set explicit')), slug: base } : bodyOf(text);
        return {
          holders: [
            { operation: child.create, ids, body: first },
            { operation: child.create, ids, body: bodyOf(`${text} 2`) },
          ],
          deriving: (): Deriving[] => [{ operation: child.create, ids, body: bodyOf(text), derives: [{ field: 'slug', base }] }],
        };
      },
    }),
  ),
];

const REMOVE: Record<string, string> = Object.fromEntries(CHILDREN.map((child) => [child.create, child.remove]));

async function write(t: Kit, step: Write): Promise<Written> {
  const { status, json, exchange } = await t.call(contract.operation(step.operation), { ids: step.ids, body: step.body });
  const made = json as Json | undefined;
  const remove = REMOVE[step.operation];
  if (status === 201 && made && remove) t.cleanup(`${remove} ${made.id}`, async () => void (await t.call(contract.operation(remove), { ids: { ...step.ids, id: made.id } })));
  return { ...step, status, json: made, exchange };
}

const said = (step: Write) => `${step.operation} ${JSON.stringify(step.body)}`;

for (const subject of SUBJECTS) {
  forOperation(subject.create, (test) => {
    test('makes a derived slug unique against its own field only, past explicit slugs and holes in the suffixes', { check: subject.check, rules: [...subject.rules, 'slugs.unique-in-own-field', 'requests.valid-input-accepted'], needs: ['state', 'input_reflection'] }, async (t: Kit) => {
      const plan = await subject.plan(t);
      const holders = await Promise.all(plan.holders.map((step) => write(t, step)));
      for (const holder of holders) {
        t.ensure(holder.status === 201 && holder.json !== undefined, `${said(holder)} answered ${holder.status ?? 'nothing'}; expected 201`, { evidence: holder.exchange });
      }
      const steps = plan.deriving(holders);
      const written = await Promise.all(steps.map((step) => write(t, step)));
      for (const one of written) {
        const expected = contract.operation(one.operation).method === 'POST' ? 201 : 200;
        t.verify(one.status === expected, `${said(one)} answered ${one.status ?? 'nothing'}; expected ${expected}: a derived slug that is taken gets a free suffix, never a conflict`, { evidence: one.exchange });
      }
      // Each field and base is judged over every write deriving it at once: whichever is served first takes the base.
      const groups = new Map<string, { field: string; base: string; values: { value: unknown; step: Written }[] }>();
      written.forEach((one, n) => {
        if (one.json === undefined || one.status === undefined || one.status >= 300) return;
        for (const { field, base } of steps[n]!.derives) {
          const key = `${field} ${base}`;
          const group = groups.get(key) ?? { field, base, values: [] };
          group.values.push({ value: one.json[field], step: one });
          groups.set(key, group);
        }
      });
      for (const { field, base, values } of groups.values()) {
        const held = holders.filter((holder) => !written.some((one) => one.json?.id === holder.json!.id)).map((holder) => holder.json![field]);
        const heldText = held.map((value) => JSON.stringify(value)).join(', ');
        const suffixed = new RegExp(`^${base}-[1-9][0-9]*$`);
        for (const { value, step } of values) {
          const what = `${said(step)} derived ${field} ${JSON.stringify(value)} from ${base}, where the other resources' ${field}s are ${heldText}`;
          t.verify(typeof value === 'string' && (value === base || suffixed.test(value)), `${what}; expected ${base} or ${base} with a -N suffix`, { evidence: step.exchange });
          t.verify(!held.includes(value), `${what}; expected a ${field} no other resource holds (it is unique among ${field}s)`, { evidence: step.exchange });
        }
        const got = values.map(({ value }) => value);
        t.verify(new Set(got).size === got.length, `the writes deriving ${field} from ${base} at once got ${got.map((value) => JSON.stringify(value)).join(', ')}; expected each its own`);
        if (!held.includes(base)) {
          t.verify(got.includes(base), `${base} is no other resource's ${field} (theirs are ${heldText}), yet the writes deriving it got ${got.map((value) => JSON.stringify(value)).join(', ')}; expected ${base} without a suffix: only its own field's values make it taken`, { evidence: values[0]!.step.exchange });
        }
      }
    });
  });
}
