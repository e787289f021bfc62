/**
 * resources.delete-named-only: a delete removes the resource it names and changes nothing else, but
 * what the operation says follows from it (category.delete-keeps-posts: "The posts of a deleted
 * category stay on the page with `category_id` null"). For every delete of a child (a `DELETE` of a
 * path under `{page_id}` or `{newsletter_id}`, read from the contract), the parent is one of the
 * test's own, holding children of every kind its lists show, made with every optional field filled:
 * a page with two categories and three posts (one in each category, one in none), a newsletter with
 * three emails (two drafts, one scheduled) and two subscribers. One child of the delete's kind is
 * deleted, one that another child names where there is one (the category the first post is in). Then
 * the parent reads as before, every field, and so does every list under it (read whole at its
 * largest size): the same items, every field, less the one deleted; only a child that named the
 * deleted one (its `<kind>_id`) answers that field `null`, and may answer a later `updated_at` (that is
 * a write). A server whose delete also writes to the siblings (the category taken from every post of
 * the page) shows only where a sibling did not name what was deleted.
 *
 * Cost: per delete, the parent and five children made, the parent and its lists read twice (in
 * parallel), and the delete.
 */
import type { CategoryCreate, EmailCreate, PostCreate } from '../../../generated/openapi.d.ts';
import type { OperationInfo } from '../../contract/document.ts';
import { suiteContext } from '../context.ts';
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { fillPath } from '../requests.ts';
import { Resources } from '../resources.ts';
import { filledCreateBody } from './filled-create.ts';
import { isList, type Envelope, type ListedItem } from './populated.ts';
import { maximumSize } from './walk.ts';

const { contract } = suiteContext();

type Json = Record<string, unknown>;

/** A parent of the test's own and its children: the parent's path ids and the ids of its children by kind. */
interface Household {
  parentIds: Record<string, number>;
  children: Record<string, number[]>;
}

/** A date-time two days ahead in whole seconds, as `scheduled_at` takes it. */
const twoDaysAhead = () => new Date(Math.floor(Date.now() / 1000) * 1000 + 2 * 86_400_000).toISOString();

/** How the suite fills each kind of parent: by the path parameter that names it. */
const HOUSEHOLDS: Record<string, (t: Kit) => Promise<Household>> = {
  page_id: async (t) => {
    const resources = new Resources(t);
    const page = await resources.page('delete-named-only');
    const category = async () => (await resources.category(page.id, filledCreateBody(t, 'createCategory', { name: t.names.name('category') }) as CategoryCreate)).id;
    const categories = [await category(), await category()];
    const post = async (status: string, categoryId: number | null) =>
      (await resources.post(page.id, filledCreateBody(t, 'createPost', { title: t.names.name('post'), status }, { category_id: categoryId, author_id: resources.authorId() }) as PostCreate)).id;
    // The first post names the first category, which is the one deleteCategory deletes.
    const posts = [await post('published', categories[0]!), await post('draft', categories[1]!), await post('published', null)];
    return { parentIds: { page_id: page.id }, children: { posts, categories } };
  },
  newsletter_id: async (t) => {
    const resources = new Resources(t);
    const newsletter = await resources.newsletter('delete-named-only');
    const subscribers = [(await resources.subscriber(newsletter.id)).id, (await resources.subscriber(newsletter.id)).id];
    const email = async () => (await resources.email(newsletter.id, filledCreateBody(t, 'createEmail', { subject: t.names.name('email'), content_html: '<p>Scheduled by the conformance suite.</p>' }, { author_id: resources.authorId() }) as EmailCreate)).id;
    const emails = [await email(), await email(), await email()];
    // The last email scheduled: a sibling in another state; the first, a draft, is the one deleted.
    const sent = await t.api.POST('/newsletters/{newsletter_id}/emails/{id}/send', { params: { path: { newsletter_id: newsletter.id, id: emails[2]! } }, body: { scheduled_at: twoDaysAhead() } });
    if (sent.response.status !== 200) t.notApplicable(`needs a scheduled email, but sendEmail answered ${sent.response.status}`);
    return { parentIds: { newsletter_id: newsletter.id }, children: { emails, subscribers } };
  },
};

/** The kind of child a path ends in (`categories` for `/pages/{page_id}/categories/{id}`). */
const kindOf = (path: string) => path.replace(/\/\{id\}$/, '').split('/').at(-1)!;

/** The field by which another child names one of this kind: `category_id` for `categories`. */
const referenceField = (kind: string) => `${kind.replace(/ies$/, 'y').replace(/s$/, '')}_id`;

/** What the parent answers: its get, and each list under it, read whole. */
interface HouseholdView {
  parent: Json;
  lists: Map<OperationInfo, { items: ListedItem[]; total: number }>;
}

async function view(t: Kit, parentGet: OperationInfo, lists: OperationInfo[], parentIds: Record<string, number>): Promise<HouseholdView> {
  const parentName = Object.keys(parentIds)[0]!;
  const readParent = async () => {
    const { status, json, exchange } = await t.call(parentGet, { ids: { id: parentIds[parentName]! } });
    t.ensure(status === 200, `${parentGet.operationId} of the test's own parent answered ${status ?? 'nothing'}; expected 200`, { evidence: exchange });
    return json as Json;
  };
  const readList = async (list: OperationInfo) => {
    const { status, json, exchange } = await t.raw({ method: 'GET', path: fillPath(list.path, parentIds), query: { page: 1, size: maximumSize(t, list) } });
    const envelope = json as Envelope | undefined;
    t.ensure(status === 200 && Array.isArray(envelope?.result), `${list.operationId} answered ${status ?? 'nothing'}; expected 200 with a list`, { evidence: exchange });
    return [list, { items: envelope!.result, total: envelope!.total }] as const;
  };
  const [parent, ...read] = await Promise.all([readParent(), ...lists.map(readList)]);
  return { parent: parent as Json, lists: new Map(read as (readonly [OperationInfo, { items: ListedItem[]; total: number }])[]) };
}

/** The fields `before` and `after` show otherwise, but those in `free`: `title: "a" before, "b" after`. */
function changes(before: Json, after: Json, free: readonly string[] = []): string[] {
  return [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .filter((field) => !free.includes(field) && JSON.stringify(before[field]) !== JSON.stringify(after[field]))
    .map((field) => `${field}: ${JSON.stringify(before[field])} before, ${JSON.stringify(after[field])} after`);
}

/** The deletes of a child: a `DELETE` of an item under a parent the suite can fill. */
const DELETES = contract.operations.filter((operation) => operation.method === 'DELETE' && operation.path.endsWith('/{id}') && Object.keys(HOUSEHOLDS).some((name) => operation.path.includes(`{${name}}`)));

for (const remove of DELETES) {
  const parentName = Object.keys(HOUSEHOLDS).find((name) => remove.path.includes(`{${name}}`))!;
  const parentPath = remove.path.slice(0, remove.path.indexOf(`{${parentName}}`) + parentName.length + 2);
  const parentGet = contract.operations.find((operation) => operation.method === 'GET' && operation.path === parentPath.replace(`{${parentName}}`, '{id}'));
  const lists = contract.operations.filter((operation) => isList(contract, operation) && operation.path.startsWith(`${parentPath}/`));
  const kind = kindOf(remove.path);
  if (!parentGet || !lists.some((list) => kindOf(`${list.path}/{id}`) === kind)) continue;
  const field = referenceField(kind);
  // What the operation says follows from the delete, where a child names the deleted one.
  const followRules = remove.operationId === 'deleteCategory' ? ['category.delete-keeps-posts'] : [];
  forOperation(remove.operationId, (test) => {
    test(`changes nothing but what it deletes: the parent and every other child of it read as before, every field (a child that named the deleted one aside: ${field} null)`, { check: 'crud_agreement', rules: ['resources.delete-named-only', ...followRules], needs: ['state'] }, async (t: Kit) => {
      const { parentIds, children } = await HOUSEHOLDS[parentName]!(t);
      const deleted = children[kind]![0]!;
      const before = await view(t, parentGet, lists, parentIds);
      const { status, exchange } = await t.call(remove, { ids: { ...parentIds, id: deleted } });
      t.ensure(status === 204, `${remove.operationId} of ${deleted}, made by the test, answered ${status ?? 'nothing'}; expected 204`, { evidence: exchange });
      const after = await view(t, parentGet, lists, parentIds);

      const parentChanged = changes(before.parent, after.parent);
      t.verify(parentChanged.length === 0, `after ${remove.operationId} of ${deleted}, ${parentGet.operationId} of its parent shows ${parentChanged.join('; ')}`, { rules: ['resources.delete-named-only'] });
      for (const list of lists) {
        const was = before.lists.get(list)!;
        const now = after.lists.get(list)!;
        const listKind = kindOf(`${list.path}/{id}`);
        const expected = was.items.filter((item) => !(listKind === kind && item.id === deleted));
        const where = `after ${remove.operationId} of ${deleted}, ${list.operationId}`;
        const shown = now.items.map((item) => item.id);
        if (!t.verify(shown.join() === expected.map((item) => item.id).join() && now.total === expected.length, `${where} holds [${shown.join(', ')}] (total ${now.total}); before it held [${was.items.map((item) => item.id).join(', ')}], so [${expected.map((item) => item.id).join(', ')}] (total ${expected.length}) now`, { rules: ['resources.delete-named-only'] })) continue;
        for (const [index, item] of expected.entries()) {
          const named = item[field] === deleted;
          const read = now.items[index]!;
          if (named) {
            t.verify(read[field] === null, `${where} shows item ${item.id}, which named ${deleted} in ${field}, with ${field} ${JSON.stringify(read[field])}; expected null`, { rules: followRules.length ? followRules : ['resources.delete-named-only'] });
          }
          const changed = changes(item, read, named ? [field, 'updated_at'] : []);
          t.verify(changed.length === 0, `${where} shows item ${item.id}${named ? `, which named ${deleted},` : `, which did not name ${deleted},`} otherwise than before: ${changed.join('; ')}`, { rules: ['resources.delete-named-only'] });
        }
      }
    });
  });
}
