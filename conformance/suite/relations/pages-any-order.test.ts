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
 *
 * Then the test writes to the list itself, once its later pages have been read: a new item (listed
 * first), then a delete of an item near the top (every later item moves one place up). After each
 * write, the list walked at each size of the reads above (3 and 2) is exactly the list as it is then:
 * the new item first, the deleted one gone, every other item once, in order, and the total counting
 * them (lists.envelope-arithmetic: "walking the pages visits every item once"). A server that serves a
 * later page from where it began when first read (a remembered start, a cached page) is right until
 * the list changes, and then misses an item and repeats another. Before those walks, after each write,
 * the last page at each size is read first, before any page 1: its items and its total are the list's
 * as it is then (a total counted on page 1 only and kept for the later pages is right in every walk
 * that starts at page 1).
 */
import type { OperationInfo } from '../../contract/document.ts';
import { suiteContext } from '../context.ts';
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { fillPath } from '../requests.ts';
import { filledList, hasOwnParent, isList, ITEMS_PER_LIST, oneMoreItem, type Envelope } from './populated.ts';
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

/**
 * After `after`, the list walked at each of SIZES (several pages each) holds exactly `expected` (ids,
 * newest first), with that total: false, having failed the test, where it does not.
 */
async function walksAsItIs(t: Kit, operation: OperationInfo, ids: Record<string, number>, expected: number[], after: string): Promise<boolean> {
  if (!(await lastPagesFirst(t, operation, ids, expected, after))) return false;
  const walks = await Promise.all(SIZES.map(async (size) => ({ size, walk: await walkList(t, operation, ids, { size }) })));
  for (const { size, walk } of walks) {
    const where = `${after}, the list walked at size ${size}`;
    if (!t.verify(walk.problem === undefined, `${where}: ${walk.problem}`, { evidence: walk.exchange })) return false;
    const shown = walk.items.map((item) => item.id);
    const exact = shown.length === expected.length && shown.every((id, index) => id === expected[index]);
    if (!t.verify(exact, `${where} visits [${shown.join(', ')}]; it holds [${expected.join(', ')}], newest first, each once`, { evidence: walk.exchange })) return false;
    if (!t.verify(walk.total === expected.length, `${where} says total ${walk.total}; it holds ${expected.length} items`, { evidence: walk.exchange })) return false;
  }
  return true;
}

/**
 * After `after`, the last page at each of SIZES read before any page 1 (lists.envelope-arithmetic: "`total`
 * counts every match across pages"): it holds the last items of `expected` and says the total of the
 * list as it is. A server that counts the total on page 1 only and answers later pages the count it
 * kept is right in every walk, which starts at page 1; it shows only on a later page read first after a
 * write. False, having failed the test, where a page is wrong.
 */
async function lastPagesFirst(t: Kit, operation: OperationInfo, ids: Record<string, number>, expected: number[], after: string): Promise<boolean> {
  const lastPages = SIZES.map((size) => ({ size, page: Math.max(1, Math.ceil(expected.length / size)) })).filter(({ page }) => page > 1);
  const reads = await Promise.all(lastPages.map(({ page, size }) => readPage(t, operation, ids, page, size)));
  for (const [index, { page, size }] of lastPages.entries()) {
    const { status, envelope, exchange } = reads[index]!;
    const where = `${after}, page ${page} of size ${size} read before page 1`;
    if (!t.verify(status === 200 && envelope !== undefined && Array.isArray(envelope.result), `${where} answered ${status ?? 'nothing'}; expected 200 with a list`, { evidence: exchange })) return false;
    const shown = envelope!.result.map((item) => item.id);
    const held = expected.slice((page - 1) * size, page * size);
    if (!t.verify(shown.join() === held.join(), `${where} holds [${shown.join(', ')}]; the list holds [${held.join(', ')}] there`, { evidence: exchange })) return false;
    if (!t.verify(envelope!.total === expected.length && envelope!.page === page && envelope!.size === size, `${where} says page ${envelope!.page}, size ${envelope!.size}, total ${envelope!.total}; the list holds ${expected.length} items`, { evidence: exchange })) return false;
  }
  return true;
}

/**
 * Deletes the first item of `candidates` its state lets the delete take (an email: a draft; a `409`,
 * where the delete declares one, moves on to the next): its id, or undefined when none could be deleted.
 */
async function deleteOne(t: Kit, remove: OperationInfo, ids: Record<string, number>, candidates: number[]): Promise<number | undefined> {
  const refusesState = remove.responses.some((response) => response.status === '409');
  for (const id of candidates) {
    const { status, exchange } = await t.call(remove, { ids: { ...ids, id } });
    if (status === 409 && refusesState) continue;
    t.ensure(status === 204, `${remove.operationId} of ${id}, made by the test, answered ${status ?? 'nothing'}; expected 204`, { evidence: exchange });
    return id;
  }
  return undefined;
}

async function readPage(t: Kit, operation: OperationInfo, ids: Record<string, number>, page: number, size: number) {
  const { status, json, exchange } = await t.raw({ method: 'GET', path: fillPath(operation.path, ids), query: { page, size } });
  return { status, envelope: json as Envelope | undefined, exchange };
}

for (const operation of contract.operations.filter((candidate) => isList(contract, candidate) && hasOwnParent(candidate))) {
  forOperation(operation.operationId, (test) => {
    test('answers each page with the same items whatever order the pages are read in (last first, backwards, one page twice), and the list as it is after a create and a delete', { check: 'pagination_arithmetic', rules: ['lists.same-items-any-size', 'lists.envelope-arithmetic'], needs: ['state'], timeoutMs: 120_000 }, async (t: Kit) => {
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
      // The list changes under pages already read: a new item, then a delete near the top.
      const added = await oneMoreItem(t, operation, ids);
      let expected = [added, ...reference.items.map((item) => item.id)];
      if (!(await walksAsItIs(t, operation, ids, expected, `after ${added} was made`))) return;
      const remove = contract.operations.find((candidate) => candidate.method === 'DELETE' && candidate.path === `${operation.path}/{id}`);
      if (!remove) return;
      const deleted = await deleteOne(t, remove, ids, expected.slice(1));
      t.ensure(deleted !== undefined, `${remove.operationId} took none of the items the test made`);
      expected = expected.filter((id) => id !== deleted);
      await walksAsItIs(t, operation, ids, expected, `after ${deleted} was deleted`);
    });
  });
}
