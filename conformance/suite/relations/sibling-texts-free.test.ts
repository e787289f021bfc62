/**
 * Only the names of pages and newsletters are unique (names.unique-any-case; the introduction's table
 * of statuses: a `409` for "an explicit slug already taken; a page or newsletter name already used in the
 * workspace"): a category's name, a post's title and an email's subject may be what a sibling already has,
 * in the same letter case or another. The slug derived from it is what is unique, and takes a suffix
 * (the introduction's Slugs: "two categories of one page with the same name"; slugs.unique-in-own-field).
 *
 * For every child kind whose slug is derived (slug-children.ts): a create with a sibling's text, as it
 * is and in capitals, answers `201` with the text as sent and the derived slug with a `-N` suffix; and
 * the child's update, renaming two other children to the sibling's text (as it is, in capitals),
 * answers `200` with the text as sent and the slug each had (a rename keeps the slug: the update does
 * not name it, resources.patch-named-fields-only). A server that copies a page's rename check (the
 * name's key among the siblings) answers `409 name-taken` there, which a test of one child never meets.
 *
 * Cost: per kind, three creates at once, then two creates and two renames at once; the children are
 * deleted after.
 */
import { suiteContext } from '../context.ts';
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { Resources } from '../resources.ts';
import { expectedSlug } from '../slugs.ts';
import { CHILDREN, type SlugChild } from './slug-children.ts';

const { contract } = suiteContext();

/** The update of a child: the PATCH of its item path. */
function updateOf(child: SlugChild): string | undefined {
  const path = contract.operation(child.create).path;
  return contract.operations.find((operation) => operation.method === 'PATCH' && operation.path === `${path}/{id}`)?.operationId;
}

/** The answer of a create or an update: status, the id, text and slug it answered, and the exchange. */
async function send(t: Kit, operationId: string, ids: Record<string, number>, body: Record<string, unknown>) {
  const { status, json, exchange } = await t.call(contract.operation(operationId), { ids, body });
  const answer = json as { id?: unknown; slug?: unknown; [field: string]: unknown } | undefined;
  return { status, id: typeof answer?.id === 'number' ? answer.id : undefined, answer, exchange };
}

const RULES = ['names.unique-any-case', 'requests.valid-input-accepted', 'slugs.unique-in-own-field', 'resources.patch-named-fields-only'];

for (const child of CHILDREN) {
  const update = updateOf(child);
  if (!update) continue;
  const kind = child.create.slice(6).toLowerCase();
  forOperation(update, (test) => {
    test(`takes a ${child.field} another ${kind} of the ${child.parentName} has, on create and on rename, in any letter case: only its slug is unique`, { check: 'conflict_detection', rules: [...RULES, ...child.rules], needs: ['state', 'input_reflection'] }, async (t: Kit) => {
      const resources = new Resources(t);
      const parentIds = { [child.parentParameter]: child.parentName === 'page' ? resources.sharedPageId() : resources.sharedNewsletterId() };
      const make = async (text: string) => {
        const made = await send(t, child.create, parentIds, { ...child.body, [child.field]: text });
        if (made.status === 201 && made.id !== undefined) {
          const id = made.id;
          t.cleanup(`${kind} ${id} of ${child.parentName}`, async () => void (await t.call(contract.operation(child.remove), { ids: { ...parentIds, id } })));
        }
        return made;
      };
      const text = t.names.name(`Shared ${child.field}`);
      const base = expectedSlug(text);
      const [holder, ...renamed] = await Promise.all([make(text), make(t.names.name('rename-same')), make(t.names.name('rename-capitals'))]);
      for (const made of [holder, ...renamed]) t.ensure(made.status === 201 && made.id !== undefined && typeof made.answer?.slug === 'string', `${child.create} answered ${made.status ?? 'nothing'}; expected 201 with a slug`, { evidence: made.exchange });
      t.ensure(holder.answer?.slug === base, `${child.create} of ${JSON.stringify(text)} got slug ${JSON.stringify(holder.answer?.slug)}; expected ${base}`, { evidence: holder.exchange });
      const spellings = [text, text.toUpperCase()];
      const [twins, renames] = await Promise.all([
        Promise.all(spellings.map((spelled) => make(spelled))),
        Promise.all(spellings.map((spelled, index) => send(t, update, { ...parentIds, id: renamed[index]!.id! }, { [child.field]: spelled }))),
      ]);
      const twinSlugs = new Set<unknown>();
      twins.forEach((twin, index) => {
        const spelled = spellings[index]!;
        const slug = twin.answer?.slug;
        const suffixed = typeof slug === 'string' && slug.startsWith(`${base}-`) && /^[1-9][0-9]*$/.test(slug.slice(base.length + 1)) && !twinSlugs.has(slug);
        twinSlugs.add(slug);
        t.verify(
          twin.status === 201 && twin.answer?.[child.field] === spelled && suffixed,
          `${child.create} of ${JSON.stringify(spelled)}, the ${child.field} of ${kind} ${holder.id} (slug ${base}), answered ${twin.status ?? 'nothing'} with ${child.field} ${JSON.stringify(twin.answer?.[child.field])} and slug ${JSON.stringify(slug)}; expected 201 with the ${child.field} as sent and ${base} with a -N suffix no sibling has: a ${child.field} need not be unique, its slug is`,
          { evidence: twin.exchange, rules: ['requests.valid-input-accepted', 'slugs.unique-in-own-field', ...child.rules] },
        );
      });
      renames.forEach((answer, index) => {
        const spelled = spellings[index]!;
        const kept = renamed[index]!.answer?.slug;
        t.verify(
          answer.status === 200 && answer.answer?.[child.field] === spelled && answer.answer?.slug === kept,
          `${update} of ${kind} ${renamed[index]!.id} to ${JSON.stringify(spelled)}, the ${child.field} of ${kind} ${holder.id}, answered ${answer.status ?? 'nothing'} with ${child.field} ${JSON.stringify(answer.answer?.[child.field])} and slug ${JSON.stringify(answer.answer?.slug)}; expected 200 with the ${child.field} as sent and the slug it had, ${JSON.stringify(kept)}: only page and newsletter names are unique, and a 409 is for an explicit slug taken`,
          { evidence: answer.exchange, rules: ['names.unique-any-case', 'requests.valid-input-accepted', 'resources.patch-named-fields-only'] },
        );
      });
    });
  });
}
