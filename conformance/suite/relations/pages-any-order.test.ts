/**
 * lists.same-items-any-size and lists.envelope-arithmetic: a page is the same items whenever it is read.
 * page-sizes.test.ts walks every size in order (1, 2, 3...), which a server that serves a page from
 * where the previous read ended (a "next page" cursor mistaken for the page number) also answers right.
 * Here the pages are read out of order: the last first, then backwards to page 1, then page 2 twice
 * more (after page 1 and after the last); each answer must hold the items, field by field, that the
 * walk in order (one read at the largest size) shows at its positions, with the same total.
 *
 * Only lists under a parent of the test's own (populated.ts filledList), which no other test writes to:
 * the list does not change between the reads, so a correct server answers each page alike.
 */
import type { OperationInfo } from '../../contract/document.ts';
import { suiteContext } from '../context.ts';
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { fillPath } from '../requests.ts';
import { filledList, hasOwnParent, isList, ITEMS_PER_LIST, type Envelope } from './populated.ts';
import { maximumSize, sequenceDifference, walkList } from './walk.ts';

const { contract } = suiteContext();

/** Sizes that split the filled list into several pages, the last one short: 3 pages of 3, 4 of 2. */
const SIZES = [3, 2];

/** The pages of a list of `pages` pages, out of order: last to first, then page 2 again after 1 and after the last. */
function pageOrder(pages: number): number[] {
  const backwards = Array.from({ length: pages }, (_, index) => pages - index);
  return [...backwards, 2, pages, 2];
}

/** The first item two reads show otherwise, field by field: `item 4: name "b" (in order: "a")`. */
function fieldDifference(expected: Envelope['result'], got: Envelope['result']): string | undefined {
  for (const [index, item] of got.entries()) {
    const reference = expected[index];
    if (!reference) return undefined;
    const fields = [...new Set([...Object.keys(reference), ...Object.keys(item)])].filter((field) => JSON.stringify(reference[field]) !== JSON.stringify(item[field]));
    if (fields.length > 0) return `item ${item.id} with ${fields.map((field) => `${field} ${JSON.stringify(item[field])} (in order: ${JSON.stringify(reference[field])})`).join('; ')}`;
  }
  return undefined;
}

async function readPage(t: Kit, operation: OperationInfo, ids: Record<string, number>, page: number, size: number) {
  const { status, json, exchange } = await t.raw({ method: 'GET', path: fillPath(operation.path, ids), query: { page, size } });
  return { status, envelope: json as Envelope | undefined, exchange };
}

for (const operation of contract.operations.filter((candidate) => isList(contract, candidate) && hasOwnParent(candidate))) {
  forOperation(operation.operationId, (test) => {
    test('answers each page with the same items whatever order the pages are read in (last first, backwards, one page twice)', { check: 'pagination_arithmetic', rules: ['lists.same-items-any-size', 'lists.envelope-arithmetic'], needs: ['state'], timeoutMs: 120_000 }, async (t: Kit) => {
      const ids = await filledList(t, operation);
      const largest = maximumSize(t, operation);
      const reference = await walkList(t, operation, ids, { size: largest });
      t.ensure(reference.problem === undefined, reference.problem ?? '', { evidence: reference.exchange });
      t.ensure(reference.items.length === ITEMS_PER_LIST, `the list holds ${reference.items.length} items; the test made ${ITEMS_PER_LIST}`, { evidence: reference.exchange });
      for (const size of SIZES) {
        const pages = Math.ceil(reference.items.length / size);
        const read: number[] = [];
        for (const page of pageOrder(pages)) {
          read.push(page);
          const { status, envelope, exchange } = await readPage(t, operation, ids, page, size);
          const order = `read in the order ${read.join(', ')} at size ${size}`;
          if (!t.verify(status === 200 && envelope !== undefined && Array.isArray(envelope.result), `page ${page} (${order}) answered ${status ?? 'nothing'}; expected 200 with a list`, { evidence: exchange })) return;
          const expected = reference.items.slice((page - 1) * size, page * size);
          const difference = sequenceDifference(expected, envelope!.result);
          if (!t.verify(difference === undefined, `page ${page} (${order}) holds [${envelope!.result.map((item) => item.id).join(', ')}]; the walk in order holds [${expected.map((item) => item.id).join(', ')}] there`, { evidence: exchange })) return;
          const changed = fieldDifference(expected, envelope!.result);
          if (!t.verify(changed === undefined, `page ${page} (${order}) shows ${changed}`, { evidence: exchange })) return;
          if (!t.verify(envelope!.total === reference.total && envelope!.page === page && envelope!.size === size, `page ${page} (${order}) says page ${envelope!.page}, size ${envelope!.size}, total ${envelope!.total}; expected page ${page}, size ${size}, total ${reference.total}`, { evidence: exchange })) return;
        }
      }
    });
  });
}
