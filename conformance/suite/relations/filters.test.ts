/**
 * lists.exact-filters on every page and lists.filters-add-up: on a list of the test's own, holding items
 * of several filter values, every filter value is walked at every page size that splits the list (and at
 * the largest): each page holds only matching items, the walk visits exactly the matching items of the
 * unfiltered list in its order (newest first, also for items that entered the state later and in the
 * reverse order: populated.ts), and the totals of a filter's values add up to the unfiltered total.
 * A list with several filters is walked with all of them at once, each combination of values, held to
 * the same: every item matches every filter, and the combined total counts the unfiltered list's items
 * matching all of them. The walks themselves are filter-walks.ts, shared with the states newsletter's lists.
 */
import type { OperationInfo } from '../../contract/document.ts';
import { suiteContext } from '../context.ts';
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { filledList, hasOwnParent, isList, ITEMS_PER_LIST } from './populated.ts';
import { filtersOf as filtersOfList } from './list-filters.ts';
import { verifyEachFilter, verifyFiltersTogether } from './filter-walks.ts';
import { maximumSize, walkList } from './walk.ts';

const { contract } = suiteContext();

const filterCount = (operation: OperationInfo): number => filtersOfList(contract, operation).length;

/** The filled list walked whole at the largest size, and the sizes that split it (with the largest). */
async function filledAndWalked(t: Kit, operation: OperationInfo) {
  const ids = await filledList(t, operation);
  const largest = maximumSize(t, operation);
  const all = await walkList(t, operation, ids, { size: largest });
  t.ensure(all.problem === undefined, all.problem ?? '', { evidence: all.exchange });
  const sizes = [...Array.from({ length: ITEMS_PER_LIST + 1 }, (_, index) => index + 1), largest];
  return { ids, all, sizes };
}

for (const operation of contract.operations.filter((candidate) => isList(contract, candidate) && hasOwnParent(candidate) && filterCount(candidate) > 0)) {
  forOperation(operation.operationId, (test) => {
    test('holds every filter on every page, newest first whenever its items entered the state, and the totals of its values add up', { check: 'status_filter', rules: ['lists.exact-filters', 'lists.filters-add-up', 'lists.newest-first'], needs: ['state'], timeoutMs: 120_000 }, async (t: Kit) => {
      const { ids, all, sizes } = await filledAndWalked(t, operation);
      await verifyEachFilter(t, operation, ids, all, sizes);
    });
  });
}

// lists.exact-filters for filters sent together: a server that picks one query per filter, or lets one
// filter win, is right for each filter alone and wrong only for the combination.
for (const operation of contract.operations.filter((candidate) => isList(contract, candidate) && hasOwnParent(candidate) && filterCount(candidate) > 1)) {
  forOperation(operation.operationId, (test) => {
    test('holds every filter at once, on every page, and the totals of each filter\'s values add up under the others', { check: 'status_filter', rules: ['lists.exact-filters', 'lists.filters-add-up'], needs: ['state'], timeoutMs: 120_000 }, async (t: Kit) => {
      const { ids, all, sizes } = await filledAndWalked(t, operation);
      await verifyFiltersTogether(t, operation, ids, all, sizes);
    });
  });
}
