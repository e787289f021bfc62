/**
 * A list filter whose value names another resource (a query parameter that is an `_id`, read from the
 * contract's parameters: `category_id` of listPosts) given a resource of another parent: the parameter's
 * description says what it answers ("A category that is not on the page gives an empty list"), so
 * `200` with an empty `result` and `total` 0, never the items of the parent that resource belongs to
 * (resources.child-of-its-parent, lists.exact-filters). Two parents of the test's own are filled alike;
 * each value the second parent's items carry is sent to the first parent's list. A server that filters
 * by the referenced resource alone, forgetting the parent the path names, answers the other parent's
 * items, and a filter test on one parent cannot see it.
 */
import type { OperationInfo } from '../../contract/document.ts';
import { suiteContext } from '../context.ts';
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { filledList, hasOwnParent, isList } from './populated.ts';
import { maximumSize, walkList } from './walk.ts';

const { contract } = suiteContext();

/** The list's filters whose value is the id of another resource: query parameters named `…_id`. */
function referenceFilters(operation: OperationInfo): string[] {
  return operation.parameters.filter((parameter) => parameter.in === 'query' && parameter.name.endsWith('_id')).map((parameter) => parameter.name);
}

/**
 * The filter naming a resource of the list's own parent deleted since (resources.gone-after-delete):
 * the parent's items that had it read it as null (category.delete-keeps-posts), so the filter lists
 * none of them, `200` with an empty `result` and `total` 0. A server that keeps the old reference on
 * the side, or filters on a column the delete did not clear, lists them. One value of the own list's
 * items is deleted through the delete of the kind it names (`deleteCategory` for `category_id`).
 */
async function verifyDeletedValue(t: Kit, operation: OperationInfo, own: Record<string, number>, filter: string, largest: number): Promise<void> {
  const kind = filter.replace(/_id$/, '');
  const remove = contract.operations.find((candidate) => candidate.method === 'DELETE' && candidate.path.startsWith(operation.path.replace(/\/[^/]+$/, '')) && candidate.operationId.toLowerCase() === `delete${kind}`);
  if (!remove) return;
  const ours = await walkList(t, operation, own, { size: largest });
  const value = ours.items.map((item) => item[filter]).find((held) => typeof held === 'number');
  if (!t.verify(value !== undefined, `the list of ${JSON.stringify(own)} holds no item with ${filter}; the test made some`, { evidence: ours.exchange })) return;
  const deleted = await t.call(remove, { ids: { ...own, id: value as number } });
  t.ensure(deleted.status === 204, `${remove.operationId} of ${String(value)} answered ${deleted.status ?? 'nothing'}; expected 204`, { evidence: deleted.exchange });
  const walk = await walkList(t, operation, own, { size: largest, query: { [filter]: String(value) } });
  const where = `${operation.path} of ${JSON.stringify(own)} with ?${filter}=${String(value)}, deleted since`;
  if (!t.verify(walk.problem === undefined, `${where}: ${walk.problem}`, { evidence: walk.exchange })) return;
  t.verify(walk.items.length === 0 && walk.total === 0, `${where} answers ${walk.items.length} items (${walk.items.map((item) => item.id).join(', ')}) and total ${walk.total}; expected an empty list with total 0: the items that were in it are in none now`, { evidence: walk.exchange, rules: ['resources.gone-after-delete', 'lists.exact-filters'] });
}

for (const operation of contract.operations.filter((candidate) => isList(contract, candidate) && hasOwnParent(candidate) && referenceFilters(candidate).length > 0)) {
  forOperation(operation.operationId, (test) => {
    test(`answers an empty list for ${referenceFilters(operation).join(' or ')} naming a resource of another parent (never that parent's items) or one of its own deleted since`, { check: 'status_filter', rules: ['resources.child-of-its-parent', 'lists.exact-filters', 'resources.gone-after-delete'], needs: ['state'], timeoutMs: 120_000 }, async (t: Kit) => {
      const own = await filledList(t, operation);
      const other = await filledList(t, operation);
      const largest = maximumSize(t, operation);
      const theirs = await walkList(t, operation, other, { size: largest });
      t.ensure(theirs.problem === undefined, theirs.problem ?? '', { evidence: theirs.exchange });
      const parent = Object.entries(own).map(([name, id]) => `${name} ${id}`).join(', ');
      const otherParent = Object.entries(other).map(([name, id]) => `${name} ${id}`).join(', ');
      for (const filter of referenceFilters(operation)) {
        const values = [...new Set(theirs.items.map((item) => item[filter]).filter((value) => value !== null && value !== undefined).map(String))];
        t.ensure(values.length > 0, `the list of ${otherParent} holds no item with ${filter}; the test made some`, { evidence: theirs.exchange });
        for (const value of values) {
          const walk = await walkList(t, operation, own, { size: largest, query: { [filter]: value } });
          const where = `${operation.path} of ${parent} with ?${filter}=${value} (of ${otherParent})`;
          if (!t.verify(walk.problem === undefined, `${where}: ${walk.problem}`, { evidence: walk.exchange })) continue;
          const foreign = walk.items.filter((item) => theirs.items.some((their) => their.id === item.id));
          t.verify(foreign.length === 0, `${where} lists ${foreign.map((item) => item.id).join(', ')}, items of ${otherParent}: a list holds only its own parent's items`, { evidence: walk.exchange });
          t.verify(walk.items.length === 0 && walk.total === 0, `${where} answers ${walk.items.length} items and total ${walk.total}; expected an empty list with total 0, as the parameter's description says`, { evidence: walk.exchange });
        }
        await verifyDeletedValue(t, operation, own, filter, largest);
      }
    });
  });
}
