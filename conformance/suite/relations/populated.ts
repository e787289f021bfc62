/**
 * Lists with a known content, for the relations that must hold across requests: a page or newsletter of
 * the test's own, filled with items of every filter value the API can make, each with a value in every
 * optional field its create takes (a field left null cannot show a page that answers it otherwise), so
 * that no other test writes to the list while it is walked. The top-level lists (pages, newsletters, authors) are shared by the
 * whole run; their walks compare reads that agree before and after (see walk.ts).
 */
import type { CategoryCreate, EmailCreate, PostCreate } from '../../../generated/openapi.d.ts';
import type { OperationInfo } from '../../contract/document.ts';
import type { Kit } from '../kit.ts';
import { Resources } from '../resources.ts';
import { filledCreateBody } from './filled-create.ts';
import { inBatches } from './in-batches.ts';
import { pastStampGap } from './update-subjects.ts';

/** Items a filled list holds: more than a page of size 1 to 7, fewer than one of size 10. */
export const ITEMS_PER_LIST = 8;

export type ListedItem = Record<string, unknown> & { id: number; created_at: string };

export interface Envelope {
  page: number;
  size: number;
  total: number;
  result: ListedItem[];
}

export function isList(contract: Kit['contract'], operation: OperationInfo): boolean {
  if (operation.method !== 'GET') return false;
  const success = operation.responses.find((response) => response.status === '200')?.content[0];
  const properties = success ? (contract.resolve(success.schema, success.schemaPointer).node.properties ?? {}) : {};
  return ['page', 'size', 'total', 'result'].every((field) => field in properties);
}

/** Whether the list lives under a parent the test can make (a page or newsletter of its own). */
export function hasOwnParent(operation: OperationInfo): boolean {
  return operation.path.includes('{page_id}') || operation.path.includes('{newsletter_id}');
}

/** A parent of the test's own with ITEMS_PER_LIST items in the list: its path ids. */
export async function filledList(t: Kit, operation: OperationInfo): Promise<Record<string, number>> {
  const resources = new Resources(t);
  switch (operation.operationId) {
    case 'listPosts': {
      const page = await resources.page('walk');
      const categories = [await resources.category(page.id), await resources.category(page.id)];
      const publishLater: number[] = [];
      for (let index = 0; index < ITEMS_PER_LIST; index++) {
        const category = index % 3 === 2 ? null : categories[index % 3]!.id;
        // Every other draft was published first and returned to draft: a filter that reads the state from
        // what a publication left behind (first_published_at) rather than the status lists it wrongly.
        const returned = index % 4 === 0;
        // Half the published posts are published at creation, half later (ENTERED_LATER).
        const later = index % 4 === 3;
        const post = await resources.post(page.id, filledCreateBody(t, 'createPost', { status: index % 2 === 0 && !returned ? 'draft' : later ? 'draft' : 'published', category_id: category }) as PostCreate);
        if (returned) {
          const { response } = await t.api.PATCH('/pages/{page_id}/posts/{id}', { params: { path: { page_id: page.id, id: post.id } }, body: { status: 'draft' } });
          if (response.status !== 200) t.notApplicable(`needs a post returned to draft, but updatePost answered ${response.status}`);
        }
        if (later) publishLater.push(post.id);
      }
      for (const id of publishLater.reverse()) {
        await pastStampGap();
        const { response } = await t.api.PATCH('/pages/{page_id}/posts/{id}', { params: { path: { page_id: page.id, id } }, body: { status: 'published' } });
        if (response.status !== 200) t.notApplicable(`needs a post published after it was made, but updatePost answered ${response.status}`);
      }
      return { page_id: page.id };
    }
    case 'listCategories': {
      const page = await resources.page('walk');
      for (let index = 0; index < ITEMS_PER_LIST; index++) await resources.category(page.id, filledCreateBody(t, 'createCategory', {}) as CategoryCreate);
      return { page_id: page.id };
    }
    case 'listEmails': {
      const newsletter = await resources.newsletter('walk');
      await resources.subscriber(newsletter.id);
      const ids: number[] = [];
      for (let index = 0; index < ITEMS_PER_LIST; index++) {
        ids.push((await resources.email(newsletter.id, filledCreateBody(t, 'createEmail', { content_html: '<p>Scheduled by the conformance suite.</p>' }) as EmailCreate)).id);
      }
      // Scheduled (index % 3 === 1) newest first (ENTERED_LATER), at times in neither the creation order nor its
      // reverse (the newest a minute after the oldest, the middle one two): a list by send time shows too.
      const scheduled = ids.filter((_, index) => index % 3 === 1).reverse();
      for (const [rank, id] of scheduled.entries()) {
        await pastStampGap();
        const at = new Date(Math.floor(Date.now() / 1000) * 1000 + (30 * 24 * 60 + ((rank + 1) % 3)) * 60_000).toISOString();
        const sent = await t.api.POST('/newsletters/{newsletter_id}/emails/{id}/send', { params: { path: { newsletter_id: newsletter.id, id } }, body: { scheduled_at: at } });
        if (sent.response.status !== 200) t.notApplicable(`needs a scheduled email, but sendEmail answered ${sent.response.status}`);
      }
      // Two sent at once, the newer first: a send without a time sets scheduled_at too, and a server that
      // tells a scheduled email by its scheduled_at (not its status) lists a sent one under ?status=scheduled.
      await sentNow(t, newsletter.id, SENT_NOW.map((index) => ids[index]!));
      return { newsletter_id: newsletter.id };
    }
    case 'listSubscribers': {
      const newsletter = await resources.newsletter('walk');
      for (let index = 0; index < ITEMS_PER_LIST; index++) await resources.subscriber(newsletter.id);
      return { newsletter_id: newsletter.id };
    }
    default:
      throw new Error(`No way to fill ${operation.operationId} is known`);
  }
}

/** The emails of a filled emails list sent at once, newer first (the others are drafts, or scheduled: index % 3 === 1). */
const SENT_NOW = [5, 3];

/**
 * ENTERED_LATER: items that enter a filtered state by a change after they were made (a post published, an
 * email scheduled or sent) enter it here in the reverse of their creation order: a filtered list must still be newest first by `created_at`
 * (lists.newest-first), and one ordered by when its items entered the state, or by that state's time,
 * shows against the order of the unfiltered list (filters.test.ts).
 *
 * Posts published later are index % 4 === 3; emails scheduled are index % 3 === 1, sent SENT_NOW.
 */

/**
 * Sends the emails at once, in this order, and waits until their delivery is over, so that no walk sees
 * one change status (lists.exact-filters over every state a send moves an email into: scheduled, then sent).
 */
async function sentNow(t: Kit, newsletterId: number, ids: number[]): Promise<void> {
  for (const id of ids) {
    await pastStampGap();
    const sent = await t.api.POST('/newsletters/{newsletter_id}/emails/{id}/send', { params: { path: { newsletter_id: newsletterId, id } }, body: {} });
    if (sent.response.status !== 200) t.notApplicable(`needs a sent email, but sendEmail answered ${sent.response.status}`);
  }
  await Promise.all(
    ids.map(async (id) => {
      const path = { newsletter_id: newsletterId, id };
      const delivered = await t.poll(
        () => t.api.GET('/newsletters/{newsletter_id}/emails/{id}', { params: { path } }),
        (read) => read.data?.status === 'sent' || read.data?.status === 'failed',
        t.options.deliveryTimeoutSeconds * 1000,
        50,
      );
      if (delivered.data?.status !== 'sent') t.notApplicable(`needs a sent email, but it is ${delivered.data?.status ?? 'unreadable'} after ${t.options.deliveryTimeoutSeconds} s`);
    }),
  );
}

/** One more plain item (a draft, a category, a subscriber) in the list of the parent named by `ids`: its id. */
export async function oneMoreItem(t: Kit, operation: OperationInfo, ids: Record<string, number>): Promise<number> {
  const resources = new Resources(t);
  switch (operation.operationId) {
    case 'listPosts':
      return (await resources.post(ids.page_id!)).id;
    case 'listCategories':
      return (await resources.category(ids.page_id!)).id;
    case 'listEmails':
      return (await resources.email(ids.newsletter_id!)).id;
    case 'listSubscribers':
      return (await resources.subscriber(ids.newsletter_id!)).id;
    default:
      throw new Error(`No way to add to ${operation.operationId} is known`);
  }
}

/** Creations sent at once while a list is filled past its largest page: a few, not a burst. */
const FILL_WIDTH = 8;

/**
 * A parent of the test's own whose list holds `count` plain items (drafts, subscribers, categories),
 * made FILL_WIDTH at a time: its path ids and the ids of what it made. Each item is deleted after the
 * operation's tests, as everything the suite makes and may delete.
 */
export async function longList(t: Kit, operation: OperationInfo, count: number): Promise<{ ids: Record<string, number>; made: number[] }> {
  const resources = new Resources(t);
  const each = (make: () => Promise<{ id: number }>) =>
    inBatches(
      Array.from({ length: count }, (_, index) => index),
      FILL_WIDTH,
      async () => (await make()).id,
    );
  switch (operation.operationId) {
    case 'listPosts': {
      const page = await resources.page('long');
      return { ids: { page_id: page.id }, made: await each(() => resources.post(page.id)) };
    }
    case 'listCategories': {
      const page = await resources.page('long');
      return { ids: { page_id: page.id }, made: await each(() => resources.category(page.id)) };
    }
    case 'listEmails': {
      const newsletter = await resources.newsletter('long');
      return { ids: { newsletter_id: newsletter.id }, made: await each(() => resources.email(newsletter.id)) };
    }
    case 'listSubscribers': {
      const newsletter = await resources.newsletter('long');
      return { ids: { newsletter_id: newsletter.id }, made: await each(() => resources.subscriber(newsletter.id)) };
    }
    default:
      throw new Error(`No way to fill ${operation.operationId} is known`);
  }
}

/** The top-level lists the suite can add to (pages and newsletters; authors cannot be created). */
const TOP_LEVEL_MAKERS: Record<string, (resources: Resources) => Promise<unknown>> = {
  listPages: (resources) => resources.page('walk'),
  listNewsletters: (resources) => resources.newsletter('walk'),
};

/** One more item of a shared top-level list the suite can add to (a page, a newsletter): false where it cannot (authors). */
export async function oneMoreTopLevelItem(t: Kit, operation: OperationInfo): Promise<boolean> {
  const make = TOP_LEVEL_MAKERS[operation.operationId];
  if (!make) return false;
  await make(new Resources(t));
  return true;
}

/**
 * Makes a shared top-level list hold at least `items`, so that a walk at a small size has a second page
 * to show: a run that selects only this list's operation may find it nearly empty. What it makes stays
 * (pages and newsletters cannot be deleted), so a target that already holds enough gets nothing.
 */
export async function topUpSharedList(t: Kit, operation: OperationInfo, items: number): Promise<void> {
  const make = TOP_LEVEL_MAKERS[operation.operationId];
  if (!make) return;
  const { status, json } = await t.call(operation, { ids: {}, query: { size: 1 } });
  const total = status === 200 ? (json as Envelope | undefined)?.total : undefined;
  if (typeof total !== 'number') return;
  const resources = new Resources(t);
  for (let made = total; made < items; made++) await make(resources);
}
