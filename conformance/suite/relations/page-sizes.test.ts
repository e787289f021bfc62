/**
 * lists.same-items-any-size: walking a list page by page visits the same items in the same order at every
 * page size from 1 to the maximum. A list under a parent of the test's own is filled and walked whole; a
 * top-level list (shared with every other test of the run) is walked over its first items, and a walk is
 * judged only when two reads of those items at the largest size, before and after it, agree.
 */
import type { OperationInfo } from '../../contract/document.ts';
import { suiteContext } from '../context.ts';
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { filledList, hasOwnParent, isList, ITEMS_PER_LIST } from './populated.ts';
import { inBatches, maximumSize, sequenceDifference, walkList, type Walk } from './walk.ts';

const { contract } = suiteContext();

/** Items of a shared list compared at each size: enough for several pages at the small sizes. */
const SHARED_ITEMS = 12;
const ATTEMPTS = 4;

async function walkEverySize(t: Kit, operation: OperationInfo, ids: Record<string, number>, limit: number | undefined, reference: Walk) {
  const sizes = Array.from({ length: maximumSize(t, operation) }, (_, index) => index + 1);
  return inBatches(sizes, 6, async (size) => ({ size, walk: await walkList(t, operation, ids, { size, limit }), reference }));
}

for (const operation of contract.operations.filter((candidate) => isList(contract, candidate))) {
  forOperation(operation.operationId, (test) => {
    test('visits the same items in the same order at every page size', { check: 'pagination_arithmetic', rules: ['lists.same-items-any-size', 'lists.envelope-arithmetic'], needs: ['state'], timeoutMs: 120_000 }, async (t: Kit) => {
      const own = hasOwnParent(operation);
      const ids = own ? await filledList(t, operation) : {};
      const limit = own ? undefined : SHARED_ITEMS;
      for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
        const before = await walkList(t, operation, ids, { size: maximumSize(t, operation), limit });
        t.ensure(before.problem === undefined, before.problem ?? '', { evidence: before.exchange });
        if (own) t.ensure(before.items.length === ITEMS_PER_LIST, `the list holds ${before.items.length} items; the test made ${ITEMS_PER_LIST}`, { evidence: before.exchange });
        const walks = await walkEverySize(t, operation, ids, limit, before);
        const after = await walkList(t, operation, ids, { size: maximumSize(t, operation), limit });
        // Another test changed the shared list meanwhile: the walks cannot be compared; try again.
        if (!own && (sequenceDifference(before.items, after.items) !== undefined || before.total !== after.total)) continue;
        for (const { size, walk } of walks) {
          if (!t.verify(walk.problem === undefined, walk.problem ?? '', { evidence: walk.exchange })) return;
          const difference = sequenceDifference(before.items, walk.items);
          if (!t.verify(difference === undefined, `walked at size ${size}, the list ${difference}`, { evidence: walk.exchange })) return;
          if (!t.verify(walk.total === before.total, `at size ${size} total is ${walk.total}; at size ${maximumSize(t, operation)} it is ${before.total}`, { evidence: walk.exchange })) return;
        }
        return;
      }
      t.notApplicable(`the list changed between the reads before and after the walks in ${ATTEMPTS} attempts (other tests were writing to it)`);
    });
  });
}
