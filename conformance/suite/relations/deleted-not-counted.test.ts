/**
 * resources.gone-after-delete and lists.envelope-arithmetic together: after a delete, the parent's list
 * neither shows the resource nor counts it. For every delete of a child resource (a post, a category, an
 * email, a subscriber), three children under a parent of the test's own, one deleted: the list then holds
 * the other two and says `total` 2, at the largest page size and at size 1 (where the total is all that
 * tells of the items not on the page). A server that filters deleted rows from the page but counts them
 * (a soft delete the count query forgot) shows only where a list it reads once held a deleted item,
 * which a shared list does only by chance.
 */
import type { OperationInfo } from '../../contract/document.ts';
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

/** The list's filters of few values (an enum or a boolean query parameter), each with its values. */
function filterValues(list: OperationInfo): [string, string[]][] {
  return list.parameters
    .filter((parameter) => parameter.in === 'query' && !['page', 'size'].includes(parameter.name))
    .map((parameter): [string, string[]] => {
      const schema = contract.resolve(parameter.schema, '').node;
      return [parameter.name, Array.isArray(schema.enum) ? schema.enum.filter((value: unknown) => value !== null).map(String) : schema.type === 'boolean' ? ['true', 'false'] : []];
    })
    .filter(([, values]) => values.length > 0);
}

/**
 * The same under each value of each filter (lists.exact-filters, lists.filters-add-up): the deleted item
 * is in none, each lists only kept items and counts what it lists, and a filter's totals add up to the
 * kept items. A soft delete that only the list without a filter leaves out shows here alone.
 */
async function verifyEveryFilterValue(t: Kit, list: OperationInfo, parent: Record<string, number>, gone: number, kept: number[]): Promise<void> {
  const size = maximumSize(t, list);
  for (const [name, values] of filterValues(list)) {
    const answers = await Promise.all(values.map((value) => t.raw({ method: 'GET', path: fillPath(list.path, parent), query: { page: 1, size, [name]: value } })));
    let sum = 0;
    answers.forEach(({ status, json, exchange }, index) => {
      const where = `${list.operationId} ?${name}=${values[index]}`;
      const envelope = json as Envelope | undefined;
      if (!t.verify(status === 200 && Array.isArray(envelope?.result), `${where} answered ${status ?? 'nothing'}; expected 200 with a list`, { evidence: exchange })) return;
      const listed = envelope!.result.map((item) => item.id);
      sum += envelope!.total;
      t.verify(!listed.includes(gone), `${where} still lists ${gone}, deleted (the list without the filter does not)`, { evidence: exchange, rules: ['resources.gone-after-delete'] });
      t.verify(listed.every((id) => kept.includes(id)) && envelope!.total === listed.length, `${where} lists ${listed.join(', ') || 'nothing'} with total ${envelope!.total}; the parent holds only ${kept.join(', ')} after ${gone} was deleted`, { evidence: exchange, rules: ['lists.exact-filters', 'resources.gone-after-delete'] });
    });
    t.verify(sum === kept.length, `the totals of ${list.operationId} under each value of ${name} (${values.join(', ')}) add up to ${sum}; the parent holds ${kept.length} items after ${gone} was deleted`, { rules: ['lists.filters-add-up'] });
  }
}

for (const remove of contract.operations.filter((operation) => operation.method === 'DELETE' && CHILDREN[operation.operationId])) {
  const list = contract.operations.find((operation) => operation.method === 'GET' && `${operation.path}/{id}` === remove.path);
  if (!list) continue;
  forOperation(remove.operationId, (test) => {
    test(`leaves a deleted item out of ${list.operationId}: neither listed nor counted in total, at every page size and under every filter value`, { check: 'pagination_arithmetic', rules: ['resources.gone-after-delete', 'lists.envelope-arithmetic', 'lists.exact-filters', 'lists.filters-add-up'], needs: ['state'] }, async (t: Kit) => {
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
      await verifyEveryFilterValue(t, list, parent, gone, kept);
    });
  });
}
