/**
 * A write that answers an existing resource as it was leaves it as it was in its list: its place and
 * every field. The contract has two such writes: an upsert of a key already held (createSubscriber of
 * an address already subscribed: subscriber.upsert-same-id, "answers `200` with the existing subscriber
 * unchanged") and a PATCH of `{}` (resources.empty-update-unchanged: it "changes nothing"). Lists are
 * ordered by `created_at`, then `id`, both newest first (lists.newest-first), and neither write moves
 * either. A server that orders a list by when an item was last written, or last submitted (a "recently
 * joined" view fed by every upsert), lists right while each item is written once, and shows only when
 * an older item is written again and the list read after it. Checked for every list the suite can add
 * to, under the list's own operation (a run of that operation alone meets it).
 *
 * Cost, per list: two items made one after another, the write of the older, and one read of the list.
 */
import type { OperationInfo } from '../../contract/document.ts';
import { suiteContext } from '../context.ts';
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { fillPath } from '../requests.ts';
import { Resources } from '../resources.ts';
import { isList } from '../relations/populated.ts';
import { UPSERTS } from '../relations/upserts.ts';

const { contract } = suiteContext();

type Item = Record<string, unknown> & { id: number };

/** How the suite adds an item to each list it can add to: the item's parent ids and the item. */
const MAKERS: Record<string, (resources: Resources) => Promise<{ ids: Record<string, number>; item: Item }>> = {
  listPages: async (resources) => ({ ids: {}, item: await resources.page('rewritten') }),
  listNewsletters: async (resources) => ({ ids: {}, item: await resources.newsletter('rewritten') }),
  listPosts: async (resources) => ({ ids: { page_id: resources.sharedPageId() }, item: await resources.post(resources.sharedPageId()) }),
  listCategories: async (resources) => ({ ids: { page_id: resources.sharedPageId() }, item: await resources.category(resources.sharedPageId()) }),
  listEmails: async (resources) => ({ ids: { newsletter_id: resources.sharedNewsletterId() }, item: await resources.email(resources.sharedNewsletterId()) }),
  listSubscribers: async (resources) => ({ ids: { newsletter_id: resources.sharedNewsletterId() }, item: await resources.subscriber(resources.sharedNewsletterId()) }),
};

/** The write of an item that answers it as it was: the upsert of its key, where the list's create is one, else `{}` to its update. */
function rewriteOf(list: OperationInfo): { what: string; rule: string; send: (t: Kit, ids: Record<string, number>, item: Item) => ReturnType<Kit['raw']> } | undefined {
  const upsert = UPSERTS.find((candidate) => candidate.list === list.operationId);
  if (upsert) {
    const create = contract.operation(upsert.create);
    return {
      what: `${upsert.create} of its ${upsert.key} again`,
      rule: 'subscriber.upsert-same-id',
      send: (t, ids, item) => t.raw({ method: 'POST', path: fillPath(create.path, ids), body: JSON.stringify({ [upsert.key]: item[upsert.key] }), contentType: 'application/json' }),
    };
  }
  const update = contract.operations.find((candidate) => candidate.method === 'PATCH' && candidate.path === `${list.path}/{id}`);
  if (!update) return undefined;
  return {
    what: `${update.operationId} of {}`,
    rule: 'resources.empty-update-unchanged',
    send: (t, ids, item) => t.raw({ method: 'PATCH', path: fillPath(update.path, { ...ids, id: item.id }), body: '{}', contentType: 'application/json' }),
  };
}

for (const operation of contract.operations.filter((candidate) => isList(contract, candidate) && MAKERS[candidate.operationId])) {
  const rewrite = rewriteOf(operation);
  if (!rewrite) continue;
  forOperation(operation.operationId, (test) => {
    test(`keeps an item in its place and as it was after ${rewrite.what}, which answers it unchanged`, { check: 'list_ordering', rules: ['lists.newest-first', rewrite.rule], needs: ['state'] }, async (t: Kit) => {
      const resources = new Resources(t);
      // One after the other: the second is newer by created_at or, made in the same millisecond, by id.
      const older = await MAKERS[operation.operationId]!(resources);
      const newer = await MAKERS[operation.operationId]!(resources);
      const written = await rewrite.send(t, older.ids, older.item);
      t.ensure(written.status === 200, `${rewrite.what} of ${older.item.id} answered ${written.status ?? 'nothing'}; expected 200`, { evidence: written.exchange });
      const read = await t.raw({ method: 'GET', path: fillPath(operation.path, older.ids), query: { size: 100 } });
      const listed = (read.json as { result?: Item[] } | undefined)?.result;
      t.ensure(read.status === 200 && Array.isArray(listed), `${operation.operationId} answered ${read.status ?? 'nothing'}; expected 200 with a list`, { evidence: read.exchange });
      const olderAt = listed!.findIndex((item) => item.id === older.item.id);
      const newerAt = listed!.findIndex((item) => item.id === newer.item.id);
      // Other tests add to shared lists meanwhile: a page of 100 that no longer holds the newer item says nothing.
      if (newerAt === -1) t.notApplicable(`the list's first 100 items no longer hold item ${newer.item.id}, made just before (other tests added to it)`);
      t.verify(olderAt > newerAt, `after ${rewrite.what}, ${operation.operationId} lists ${older.item.id} ${olderAt === -1 ? 'nowhere on the page that holds' : 'ahead of'} ${newer.item.id}, made after it: items are listed newest first by created_at, then id, and a write that answers an item unchanged does not move it`, { evidence: read.exchange, rules: ['lists.newest-first', rewrite.rule] });
      if (olderAt === -1) return;
      const listedOlder = listed![olderAt]!;
      const changed = Object.keys(older.item).filter((field) => field in listedOlder && JSON.stringify(listedOlder[field]) !== JSON.stringify(older.item[field]));
      t.verify(changed.length === 0, `after ${rewrite.what}, ${operation.operationId} lists ${older.item.id} with ${changed.map((field) => `${field} ${JSON.stringify(listedOlder[field])} (made with ${JSON.stringify(older.item[field])})`).join(', ')}: the write answers it unchanged, so it reads as it was`, { evidence: read.exchange, rules: [rewrite.rule] });
    });
  });
}
