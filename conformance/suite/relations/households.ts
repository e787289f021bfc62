/**
 * A parent of the test's own (a page or a newsletter) filled with children of every kind its lists show,
 * made with every optional field filled (but a derived slug: the children of a kind share one name, title
 * or subject, so their slugs are one base and its suffixes), and its twin: a second parent of the same kind in the
 * workspace whose children have the same names, titles, subjects, slugs and addresses. What a write
 * under the first may touch by mistake is all here to be read back: the parent, the siblings, a
 * category another child names, and, in the twin, the resources of the same kind that share a slug or
 * an address with the one written (a delete by slug across the workspace, an upsert keyed without its
 * newsletter). Used by delete-named-only.test.ts and writes-named-only.test.ts.
 *
 * Cost: a household is a parent and five children (the twin the same, made at once); a view is the
 * parent's get and each list under it at its largest size, read at once.
 */
import type { CategoryCreate, EmailCreate, PostCreate } from '../../../generated/openapi.d.ts';
import type { OperationInfo } from '../../contract/document.ts';
import { suiteContext } from '../context.ts';
import type { Kit } from '../kit.ts';
import { fillPath } from '../requests.ts';
import { Resources } from '../resources.ts';
import { expectedSlug } from '../slugs.ts';
import { filledCreateBody } from './filled-create.ts';
import { isList, type Envelope, type ListedItem } from './populated.ts';
import { maximumSize } from './walk.ts';

const { contract } = suiteContext();

export type Json = Record<string, unknown>;

/** A parent of the test's own and its children: the parent's path ids and the ids of its children by kind. */
export interface Household {
  parentIds: Record<string, number>;
  children: Record<string, number[]>;
}

/** A date-time two days ahead in whole seconds, as `scheduled_at` takes it. */
export const twoDaysAhead = () => new Date(Math.floor(Date.now() / 1000) * 1000 + 2 * 86_400_000).toISOString();

/** How a kind of parent is filled: the bodies drawn once (`plan`), then made under a parent (`make`), twice with one plan. */
interface Filling {
  plan: (t: Kit) => Json;
  make: (t: Kit, plan: Json) => Promise<Household>;
}

/**
 * The create bodies of `count` siblings of one kind that share one text (`field`): the first given,
 * explicitly, the slug the text derives, the others none, so that their slugs are that base and its
 * suffixes (`hello`, `hello-1`, ...), as a delete or write that touches the slugs around its own shows.
 */
function siblingBodies(t: Kit, operationId: string, field: string, count: number, given: (index: number) => Json = () => ({})): Json[] {
  const text = t.names.name(field === 'name' ? 'category' : 'post');
  return Array.from({ length: count }, (_, index) => {
    const body = filledCreateBody(t, operationId, { [field]: text, ...given(index) });
    if ('slug' in body) {
      if (index === 0) body.slug = expectedSlug(text, { removeSlash: true });
      else delete body.slug;
    }
    return body;
  });
}

/** How the suite fills each kind of parent: by the path parameter that names it. */
export const HOUSEHOLDS: Record<string, Filling> = {
  page_id: {
    plan: (t) => ({
      categories: siblingBodies(t, 'createCategory', 'name', 2),
      // The first post names the first category, which is the one deleteCategory deletes.
      posts: siblingBodies(t, 'createPost', 'title', 3, (index) => ({ status: (['published', 'draft', 'published'] as const)[index] })).map((body, index) => ({
        body,
        category: index < 2 ? index : null,
      })),
    }),
    make: async (t, plan) => {
      const resources = new Resources(t);
      const page = await resources.page('household');
      const categories: number[] = [];
      for (const body of plan.categories as Json[]) categories.push((await resources.category(page.id, body as CategoryCreate)).id);
      const posts: number[] = [];
      for (const { body, category } of plan.posts as { body: Json; category: number | null }[]) {
        const references = { category_id: category === null ? null : categories[category]!, author_id: resources.authorId() };
        posts.push((await resources.post(page.id, { ...body, ...references } as PostCreate)).id);
      }
      return { parentIds: { page_id: page.id }, children: { posts, categories } };
    },
  },
  newsletter_id: {
    plan: (t) => ({
      subscribers: [t.names.email('subscriber'), t.names.email('subscriber')],
      // One subject: the scheduled email, made first, holds the slug it derives, the drafts its suffixes.
      emails: ((subject) => [0, 1, 2].map(() => filledCreateBody(t, 'createEmail', { subject, content_html: '<p>Scheduled by the conformance suite.</p>' })))(t.names.name('email')),
    }),
    make: async (t, plan) => {
      const resources = new Resources(t);
      const newsletter = await resources.newsletter('household');
      const subscribers: number[] = [];
      for (const address of plan.subscribers as string[]) subscribers.push((await resources.subscriber(newsletter.id, address)).id);
      const make = async (body: Json) => (await resources.email(newsletter.id, { ...body, author_id: resources.authorId() } as EmailCreate)).id;
      const [firstDraft, secondDraft, scheduled] = plan.emails as Json[];
      // The last email scheduled: a sibling in another state, made and scheduled before the drafts, so
      // that a send that writes more than its email shows in the test's own sends, not unjudged here.
      // The first, a draft, is the one deleted.
      const scheduledId = await make(scheduled!);
      const sent = await t.api.POST('/newsletters/{newsletter_id}/emails/{id}/send', { params: { path: { newsletter_id: newsletter.id, id: scheduledId } }, body: { scheduled_at: twoDaysAhead() } });
      if (sent.response.status !== 200) t.notApplicable(`needs a scheduled email, but sendEmail answered ${sent.response.status}`);
      const emails = [await make(firstDraft!), await make(secondDraft!), scheduledId];
      return { parentIds: { newsletter_id: newsletter.id }, children: { emails, subscribers } };
    },
  },
};

/** A household and its twin (the same children's names under a second parent), made at once. */
export async function twinHouseholds(t: Kit, parentName: string): Promise<[Household, Household]> {
  const filling = HOUSEHOLDS[parentName]!;
  const plan = filling.plan(t);
  return Promise.all([filling.make(t, plan), filling.make(t, plan)]);
}

/** The kind of child a path ends in (`categories` for `/pages/{page_id}/categories/{id}`). */
export const kindOf = (path: string) => path.replace(/\/\{id\}$/, '').split('/').at(-1)!;

/** The field by which another child names one of this kind: `category_id` for `categories`. */
export const referenceField = (kind: string) => `${kind.replace(/ies$/, 'y').replace(/s$/, '')}_id`;

/** Where a parent kind is read: its get, and the lists under it; undefined where the contract has no get. */
export interface ParentReads {
  parentName: string;
  parentGet: OperationInfo;
  lists: OperationInfo[];
}

/** The reads of the parent whose path parameter an operation's path holds (`/pages/{page_id}/...`), or of the parent the path is (`/pages/{id}`). */
export function parentReads(path: string): ParentReads | undefined {
  const parentName = Object.keys(HOUSEHOLDS).find((name) => path.includes(`{${name}}`) || path === `/${name.replace(/_id$/, 's')}/{id}`);
  if (!parentName) return undefined;
  const parentPath = `/${parentName.replace(/_id$/, 's')}/{${parentName}}`;
  const parentGet = contract.operations.find((operation) => operation.method === 'GET' && operation.path === parentPath.replace(`{${parentName}}`, '{id}'));
  const lists = contract.operations.filter((operation) => isList(contract, operation) && operation.path.startsWith(`${parentPath}/`));
  return parentGet ? { parentName, parentGet, lists } : undefined;
}

/** What a household answers: its parent's get, and each list under it, read whole. */
export interface HouseholdView {
  parent: Json;
  lists: Map<OperationInfo, { items: ListedItem[]; total: number }>;
}

export async function view(t: Kit, reads: ParentReads, parentIds: Record<string, number>): Promise<HouseholdView> {
  const readParent = async () => {
    const { status, json, exchange } = await t.call(reads.parentGet, { ids: { id: parentIds[reads.parentName]! } });
    t.ensure(status === 200, `${reads.parentGet.operationId} of the test's own parent answered ${status ?? 'nothing'}; expected 200`, { evidence: exchange });
    return json as Json;
  };
  const readList = async (list: OperationInfo) => {
    const { status, json, exchange } = await t.raw({ method: 'GET', path: fillPath(list.path, parentIds), query: { page: 1, size: maximumSize(t, list) } });
    const envelope = json as Envelope | undefined;
    t.ensure(status === 200 && Array.isArray(envelope?.result), `${list.operationId} answered ${status ?? 'nothing'}; expected 200 with a list`, { evidence: exchange });
    return [list, { items: envelope!.result, total: envelope!.total }] as const;
  };
  const [parent, ...read] = await Promise.all([readParent(), ...reads.lists.map(readList)]);
  return { parent: parent as Json, lists: new Map(read as (readonly [OperationInfo, { items: ListedItem[]; total: number }])[]) };
}

/** Two households read at once. */
export const viewBoth = (t: Kit, reads: ParentReads, households: readonly Household[]): Promise<HouseholdView[]> => Promise.all(households.map((household) => view(t, reads, household.parentIds)));

/** The fields `before` and `after` show otherwise, but those in `free`: `title: "a" before, "b" after`. */
export function changes(before: Json, after: Json, free: readonly string[] = []): string[] {
  return [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .filter((field) => !free.includes(field) && JSON.stringify(before[field]) !== JSON.stringify(after[field]))
    .map((field) => `${field}: ${JSON.stringify(before[field])} before, ${JSON.stringify(after[field])} after`);
}

/**
 * What a write may change in a household: the resource it names (`written`, of `kind`, or the parent
 * itself), one item it makes (`made`: a new id at the head of its kind's list); all else reads as before.
 */
export interface WriteLeeway {
  kind?: string;
  written?: number;
  parentWritten?: boolean;
  made?: boolean;
}

/**
 * Verifies that a household reads as before but for `leeway`: the parent, every field, `updated_at`
 * included; every list under it the same items in the same order with the same total (a made item
 * first in its kind's list, where one was made), every item every field (the written one aside).
 */
export function verifyUntouched(t: Kit, where: string, before: HouseholdView, after: HouseholdView, leeway: WriteLeeway, rules: string[]): void {
  if (!leeway.parentWritten) {
    const parentChanged = changes(before.parent, after.parent);
    t.verify(parentChanged.length === 0, `${where}, the parent's get shows ${parentChanged.join('; ')}`, { rules });
  }
  for (const [list, was] of before.lists) {
    const now = after.lists.get(list)!;
    const ofKind = kindOf(`${list.path}/{id}`) === leeway.kind;
    const madeId = ofKind && leeway.made ? now.items[0]?.id : undefined;
    const expected = [...(madeId !== undefined && !was.items.some((item) => item.id === madeId) ? [madeId] : []), ...was.items.map((item) => item.id)];
    const shown = now.items.map((item) => item.id);
    if (!t.verify(shown.join() === expected.join() && now.total === expected.length, `${where}, ${list.operationId} holds [${shown.join(', ')}] (total ${now.total}); before it held [${was.items.map((item) => item.id).join(', ')}] (total ${was.total})${ofKind && leeway.made ? ', and one item was made' : ''}`, { rules })) continue;
    for (const item of was.items) {
      if (ofKind && item.id === leeway.written) continue;
      const read = now.items.find((candidate) => candidate.id === item.id)!;
      const changed = changes(item, read);
      t.verify(changed.length === 0, `${where}, ${list.operationId} shows item ${item.id} otherwise than before: ${changed.join('; ')}`, { rules });
    }
  }
}
