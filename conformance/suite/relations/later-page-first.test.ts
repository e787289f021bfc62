/**
 * lists.envelope-arithmetic ("`total` counts every match across pages") on the later pages of the
 * shared top-level lists (pages, newsletters), read after a create and before page 1 is read again. Every
 * other walk of these lists starts at page 1, so a server that counts its total on page 1 only and
 * answers the later pages the count it kept (a count over a large table spared on every later page) is
 * right in all of them; it shows only when a later page is read first after the list changed.
 *
 * Pages and newsletters cannot be deleted, so what these lists count never goes down: a read of page 1
 * gives a floor, and after one item more, every later page read before page 1 must count at least that
 * floor plus one, and no more than page 1 counts after them (other tests add to these lists meanwhile).
 * The lists under a parent of the test's own are judged the same way, exactly, by pages-any-order.test.ts.
 *
 * Cost, per list: one item made (it stays, as every page and newsletter the suite makes), a read of page
 * 1 before and after, and three later pages at once.
 */
import type { OperationInfo } from '../../contract/document.ts';
import { suiteContext } from '../context.ts';
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { readPage } from './later-pages.ts';
import { hasOwnParent, isList, oneMoreTopLevelItem } from './populated.ts';

const { contract } = suiteContext();

/** The top-level lists the suite can add to: those a POST of the same path makes items of. */
const growable = (operation: OperationInfo) => contract.operations.some((candidate) => candidate.method === 'POST' && candidate.path === operation.path);

for (const operation of contract.operations.filter((candidate) => isList(contract, candidate) && !hasOwnParent(candidate) && growable(candidate))) {
  forOperation(operation.operationId, (test) => {
    test('counts, on a later page read first after a create, every item page 1 would', { check: 'pagination_arithmetic', rules: ['lists.envelope-arithmetic', 'resources.readable-after-create'], needs: ['state'] }, async (t: Kit) => {
      const before = await readPage(t, operation, {}, 1, 1);
      t.ensure(before.envelope !== undefined, `page 1 of size 1 answered ${before.status ?? 'nothing'}; expected 200 with a list`, { evidence: before.exchange });
      const floor = before.envelope.total + 1;
      if (!(await oneMoreTopLevelItem(t, operation))) t.notApplicable(`the suite cannot add to ${operation.operationId}`);
      // Later pages only, at once: page 2 at sizes 1 and 2, and the page of size 1 that holds the oldest item.
      const later = [
        [2, 1],
        [2, 2],
        [floor, 1],
      ] as const;
      const reads = await Promise.all(later.map(([page, size]) => readPage(t, operation, {}, page, size)));
      const after = await readPage(t, operation, {}, 1, 1);
      t.ensure(after.envelope !== undefined, `page 1 of size 1 answered ${after.status ?? 'nothing'}; expected 200 with a list`, { evidence: after.exchange });
      const ceiling = after.envelope.total;
      for (const [index, [page, size]] of later.entries()) {
        const read = reads[index]!;
        if (!t.verify(read.envelope !== undefined, `page ${page} of size ${size} answered ${read.status ?? 'nothing'}; expected 200 with a list`, { evidence: read.exchange })) return;
        const { total } = read.envelope!;
        const fresh = total >= floor && total <= ceiling;
        const counted = floor === ceiling ? `${floor}` : `from ${floor} to ${ceiling}`;
        if (!t.verify(fresh, `page ${page} of size ${size}, read after one item more and before page 1, says total ${total}; page 1 said ${floor - 1} before the create and ${ceiling} after this read, so the list held ${counted} items (nothing in it can be deleted)`, { evidence: read.exchange })) return;
      }
    });
  });
}
