/**
 * The list relations the suite holds the lists of the test's own to, held also on the lists of the
 * fixtures' states newsletter (service-states.ts): only they hold items in the states no run can make,
 * a `failed` email and a `suppressed` subscriber, so a server that counts, filters or pages those
 * otherwise (a total that leaves out failed emails, a `?verified=true` that leaves out a suppressed
 * subscriber, verified all the same) is right on every list a run makes and wrong only here.
 *
 * For every list under a newsletter (listEmails, listSubscribers), walked whole at the largest size:
 * - lists.envelope-arithmetic ("`total` counts every match across pages") and lists.same-items-any-size:
 *   `total` is the number of items walked, and every size from 1 to the list's length visits the same
 *   items, field by field, with the same total; lists.newest-first, and lists.past-the-end for the page
 *   just past the last at size 1;
 * - lists.exact-filters on every page and lists.filters-add-up: every value of every filter, alone and
 *   with the others at once, walked at the same sizes (filter-walks.ts).
 *
 * Registered by service-states.test.ts before its tests that change the fixtures (tests of one file run
 * in order), so no walk meets the failed email being sent again. Cost: the states newsletter holds a
 * few items, so a few dozen reads, sent five at a time; nothing without the fixtures.
 */
import type { OperationInfo } from '../../contract/document.ts';
import { suiteContext } from '../context.ts';
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { STATES_NOT_GIVEN } from '../service-states.ts';
import { fillPath } from '../requests.ts';
import { orderingProblem } from '../../contract/list-order.ts';
import { verifyEachFilter, verifyFiltersTogether } from './filter-walks.ts';
import { inBatches } from './in-batches.ts';
import { filtersOf } from './list-filters.ts';
import { isList, ITEMS_PER_LIST } from './populated.ts';
import { contentDifference, maximumSize, sequenceDifference, walkList } from './walk.ts';

const { contract } = suiteContext();

/** The fixture each list must hold, by the kind of item it lists: the item in a state no run can make. */
function stateItemOf(t: Kit, operation: OperationInfo): { id: number; what: string } | undefined {
  if (operation.path.endsWith('/emails')) return t.fixtures.failedEmail && { id: t.fixtures.failedEmail.id, what: 'failed email' };
  if (operation.path.endsWith('/subscribers')) return t.fixtures.suppressedSubscriber && { id: t.fixtures.suppressedSubscriber.id, what: 'suppressed subscriber' };
  return undefined;
}

/** The states newsletter's list walked whole at the largest size, and the sizes to walk it at. */
async function statesListWalked(t: Kit, operation: OperationInfo) {
  const newsletterId = t.fixtures.suppressedSubscriber?.newsletterId ?? t.fixtures.failedEmail?.newsletterId;
  if (newsletterId === undefined) t.notApplicable(t.fixtures.missing.states ?? t.fixtures.missing.suppressedSubscriber ?? t.fixtures.missing.failedEmail ?? STATES_NOT_GIVEN);
  const ids = { newsletter_id: newsletterId };
  const largest = maximumSize(t, operation);
  const all = await walkList(t, operation, ids, { size: largest });
  t.ensure(all.problem === undefined, all.problem ?? '', { evidence: all.exchange });
  const stateItem = stateItemOf(t, operation);
  if (stateItem) {
    t.verify(all.items.some((item) => item.id === stateItem.id), `${operation.operationId} of states newsletter ${newsletterId} without a filter does not list ${stateItem.what} ${stateItem.id}`, { evidence: all.exchange });
  }
  // Every size that splits the list (a longer one than a run's own lists is walked as far as theirs), and the largest.
  const splitting = Math.min(all.items.length, ITEMS_PER_LIST + 1);
  const sizes = [...Array.from({ length: splitting }, (_, index) => index + 1), largest];
  return { ids, all, sizes };
}

export function registerStateListTests(): void {
  for (const operation of contract.operations.filter((candidate) => isList(contract, candidate) && candidate.path.includes('{newsletter_id}'))) {
    forOperation(operation.operationId, (test) => {
      test('walks the list of the states newsletter (a failed email, a suppressed subscriber) at every page size and just past the end: the same items newest first, and total counts them', { check: 'pagination_arithmetic', rules: ['lists.envelope-arithmetic', 'lists.same-items-any-size', 'lists.past-the-end', 'lists.newest-first'], needs: ['state'] }, async (t: Kit) => {
        const { ids, all, sizes } = await statesListWalked(t, operation);
        t.verify(all.total === all.items.length, `${operation.operationId} of the states newsletter says total ${all.total} but lists ${all.items.length} items (${all.items.map((item) => `${item.id} ${String(item.status)}`).join(', ')}): total counts every item across pages`, { evidence: all.exchange, rules: ['lists.envelope-arithmetic'] });
        const ordering = orderingProblem(all.items);
        t.verify(ordering === undefined, `the states newsletter's list: ${ordering}`, { evidence: all.exchange, check: 'list_ordering', rules: ['lists.newest-first'] });
        // The page just past the end at size 1, sent with the walks: no items, and the true total.
        const pastPage = all.items.length + 1;
        const [past, walks] = await Promise.all([
          t.raw({ method: 'GET', path: fillPath(operation.path, ids), query: { page: pastPage, size: 1 } }),
          inBatches(sizes.slice(0, -1), 5, async (size) => ({ size, walk: await walkList(t, operation, ids, { size }) })),
        ]);
        const pastEnvelope = past.json as { total?: number; result?: unknown[] } | undefined;
        t.verify(past.status === 200 && pastEnvelope?.result?.length === 0 && pastEnvelope.total === all.items.length, `page ${pastPage} of size 1, just past the end of the states newsletter's ${all.items.length} items, answered ${past.status ?? 'nothing'} with ${pastEnvelope?.result?.length ?? 'no'} items and total ${pastEnvelope?.total}; expected 200, no items and total ${all.items.length}`, { evidence: past.exchange, rules: ['lists.past-the-end'] });
        for (const { size, walk } of walks) {
          if (!t.verify(walk.problem === undefined, walk.problem ?? '', { evidence: walk.exchange })) return;
          const difference = sequenceDifference(all.items, walk.items) ?? contentDifference(all.items, walk.items, size);
          if (!t.verify(difference === undefined, `walked at size ${size}, the states newsletter's list ${difference}`, { evidence: walk.exchange, rules: ['lists.same-items-any-size'] })) return;
          t.verify(walk.total === all.total, `at size ${size} total is ${walk.total}; at size ${maximumSize(t, operation)} it is ${all.total}`, { evidence: walk.exchange });
        }
      });

      const filters = filtersOf(contract, operation);
      if (filters.length === 0) return;
      test('holds every filter, alone and together, on every page of the states newsletter\'s list, and the totals of its values add up', { check: 'status_filter', rules: ['lists.exact-filters', 'lists.filters-add-up'], needs: ['state'] }, async (t: Kit) => {
        const { ids, all, sizes } = await statesListWalked(t, operation);
        await verifyEachFilter(t, operation, ids, all, sizes);
        if (filters.length > 1) await verifyFiltersTogether(t, operation, ids, all, sizes);
      });
    });
  }
}
