/**
 * resources.gone-after-delete and lists.envelope-arithmetic together: after a delete, the parent's list
 * neither shows the resource nor counts it. For every delete of a child resource (a post, a category, an
 * email, a subscriber), three children under a parent of the test's own, one deleted: the list then holds
 * the other two and says `total` 2, at the largest page size and at size 1 (where the total is all that
 * tells of the items not on the page). A server that filters deleted rows from the page but counts them
 * (a soft delete the count query forgot) shows only where a list it reads once held a deleted item,
 * which a shared list does only by chance.
 */
import { suiteContext } from '../context.ts';
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { fillPath } from '../requests.ts';
import { Resources } from '../resources.ts';
import type { Envelope } from './populated.ts';
import { maximumSize } from './walk.ts';

const { contract } = suiteContext();

/** A parent of the test's own and a child of it: how to make each, by delete operation. */
const CHILDREN: Record<string, (resources: Resources) => Promise<{ parent: Record<string, number>; make: () => Promise<number> }>> = {
  deletePost: async (resources) => {
    const page = await resources.page('deleted-not-counted');
    return { parent: { page_id: page.id }, make: async () => (await resources.post(page.id)).id };
  },
  deleteCategory: async (resources) => {
    const page = await resources.page('deleted-not-counted');
    return { parent: { page_id: page.id }, make: async () => (await resources.category(page.id)).id };
  },
  deleteEmail: async (resources) => {
    const newsletter = await resources.newsletter('deleted-not-counted');
    return { parent: { newsletter_id: newsletter.id }, make: async () => (await resources.email(newsletter.id)).id };
  },
  deleteSubscriber: async (resources) => {
    const newsletter = await resources.newsletter('deleted-not-counted');
    return { parent: { newsletter_id: newsletter.id }, make: async () => (await resources.subscriber(newsletter.id)).id };
  },
};

for (const remove of contract.operations.filter((operation) => operation.method === 'DELETE' && CHILDREN[operation.operationId])) {
  const list = contract.operations.find((operation) => operation.method === 'GET' && `${operation.path}/{id}` === remove.path);
  if (!list) continue;
  forOperation(remove.operationId, (test) => {
    test(`leaves a deleted item out of ${list.operationId}: neither listed nor counted in total, at every page size`, { check: 'pagination_arithmetic', rules: ['resources.gone-after-delete', 'lists.envelope-arithmetic'], needs: ['state'] }, async (t: Kit) => {
      const { parent, make } = await CHILDREN[remove.operationId]!(new Resources(t));
      const ids = [await make(), await make(), await make()];
      const gone = ids[1]!;
      const deleted = await t.call(remove, { ids: { ...parent, id: gone } });
      t.ensure(deleted.status === 204, `${remove.operationId} of ${gone} answered ${deleted.status ?? 'nothing'}; expected 204`, { evidence: deleted.exchange });
      const kept = ids.filter((id) => id !== gone);
      for (const size of [maximumSize(t, list), 1]) {
        const { status, json, exchange } = await t.raw({ method: 'GET', path: fillPath(list.path, parent), query: { page: 1, size } });
        const envelope = json as Envelope | undefined;
        if (!t.verify(status === 200 && Array.isArray(envelope?.result), `${list.operationId} at size ${size} answered ${status ?? 'nothing'}; expected 200 with a list`, { evidence: exchange })) continue;
        const listed = envelope!.result.map((item) => item.id);
        t.verify(!listed.includes(gone), `${list.operationId} at size ${size} still lists ${gone}, deleted`, { evidence: exchange, rules: ['resources.gone-after-delete'] });
        t.verify(envelope!.total === kept.length, `${list.operationId} at size ${size} says total ${envelope!.total}; the parent holds ${kept.length} items (${kept.join(', ')}) after ${gone} was deleted`, { evidence: exchange, rules: ['lists.envelope-arithmetic'] });
      }
    });
  });
}
