/**
 * lists.same-items-any-size: walking a list page by page visits the same items in the same order at every
 * page size from 1 to the maximum. A list under a parent of the test's own is filled and walked whole,
 * and every item of every page is compared field by field with the walk at the largest size (a later
 * page that answers an item otherwise shows only there); a
 * top-level list (shared with every other test of the run) is walked over its first items (made first,
 * where the suite can make them and the list holds too few), and each size's walk is judged only when
 * two reads of those items at the largest size, just before and just after it, agree. A walk that another test's write overlapped is tried again on its own, so a run
 * that keeps writing to the list still reaches a verdict on every size.
 */
import type { OperationInfo } from '../../contract/document.ts';
import { suiteContext } from '../context.ts';
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { filledList, hasOwnParent, isList, ITEMS_PER_LIST, topUpSharedList } from './populated.ts';
import { inBatches } from './in-batches.ts';
import { contentDifference, maximumSize, sequenceDifference, walkList, type Walk } from './walk.ts';

const { contract } = suiteContext();

/** Items of a shared list compared at each size: enough for several pages at the small sizes. */
const SHARED_ITEMS = 12;
/** Tries of one size's walk on a shared list before the test gives up on a quiet moment. */
const ATTEMPTS_PER_SIZE = 8;

interface SizeWalk {
  size: number;
  /** The list at the largest size just before the walk, and the walk; undefined when no try was quiet. */
  reference?: Walk;
  walk?: Walk;
}

/**
 * One size's walk of a shared list, between two reads that agree (no other test wrote meanwhile). A
 * walk that disagrees with them is tried again: another test may have changed the list and changed it
 * back during the walk (an author made inactive, then active again), which the two reads cannot see. A
 * walk is returned as failing only when it disagrees in every quiet try.
 */
async function quietWalk(t: Kit, operation: OperationInfo, size: number): Promise<SizeWalk> {
  const largest = { size: maximumSize(t, operation), limit: SHARED_ITEMS };
  let disagreeing: SizeWalk | undefined;
  for (let attempt = 1; attempt <= ATTEMPTS_PER_SIZE; attempt++) {
    const before = await walkList(t, operation, {}, largest);
    if (before.problem !== undefined) return { size, reference: before, walk: before };
    const walk = await walkList(t, operation, {}, { size, limit: SHARED_ITEMS });
    const after = await walkList(t, operation, {}, largest);
    const quiet = after.problem === undefined && sequenceDifference(before.items, after.items) === undefined && before.total === after.total;
    if (quiet) {
      if (disagreement(before, walk) === undefined) return { size, reference: before, walk };
      disagreeing = { size, reference: before, walk };
    }
    await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
  }
  return disagreeing ?? { size };
}

/** Why a walk does not visit what the reference read holds, or undefined. */
function disagreement(reference: Walk, walk: Walk): string | undefined {
  return walk.problem ?? sequenceDifference(reference.items, walk.items) ?? (walk.total === reference.total ? undefined : 'another total');
}

for (const operation of contract.operations.filter((candidate) => isList(contract, candidate))) {
  forOperation(operation.operationId, (test) => {
    test('visits the same items in the same order at every page size', { check: 'pagination_arithmetic', rules: ['lists.same-items-any-size', 'lists.envelope-arithmetic'], needs: ['state'], timeoutMs: 180_000 }, async (t: Kit) => {
      const sizes = Array.from({ length: maximumSize(t, operation) }, (_, index) => index + 1);
      let walks: SizeWalk[];
      if (hasOwnParent(operation)) {
        const ids = await filledList(t, operation);
        const reference = await walkList(t, operation, ids, { size: maximumSize(t, operation) });
        t.ensure(reference.problem === undefined, reference.problem ?? '', { evidence: reference.exchange });
        t.ensure(reference.items.length === ITEMS_PER_LIST, `the list holds ${reference.items.length} items; the test made ${ITEMS_PER_LIST}`, { evidence: reference.exchange });
        walks = await inBatches(sizes, 6, async (size) => ({ size, reference, walk: await walkList(t, operation, ids, { size }) }));
      } else {
        await topUpSharedList(t, operation, SHARED_ITEMS);
        walks = await inBatches(sizes, 6, (size) => quietWalk(t, operation, size));
      }
      const unjudged = walks.filter((entry) => entry.walk === undefined).map((entry) => entry.size);
      for (const { size, reference, walk } of walks) {
        if (!walk || !reference) continue;
        if (!t.verify(walk.problem === undefined, walk.problem ?? '', { evidence: walk.exchange })) return;
        const difference = sequenceDifference(reference.items, walk.items);
        if (!t.verify(difference === undefined, `walked at size ${size}, the list ${difference}`, { evidence: walk.exchange })) return;
        if (!t.verify(walk.total === reference.total, `at size ${size} total is ${walk.total}; at size ${maximumSize(t, operation)} it is ${reference.total}`, { evidence: walk.exchange })) return;
        // The same items, field by field, where no other test writes to the list (its parent is the test's own).
        if (hasOwnParent(operation)) {
          const changed = contentDifference(reference.items, walk.items, size);
          if (!t.verify(changed === undefined, `walked at size ${size}, ${changed}`, { evidence: walk.exchange })) return;
        }
      }
      if (unjudged.length > 0) {
        t.notApplicable(`the list changed during every one of ${ATTEMPTS_PER_SIZE} walks at size ${unjudged.join(', ')} (other tests were writing to it); the other sizes agreed`);
      }
    });
  });
}
