/**
 * A list longer than the largest page (lists.size-range, lists.envelope-arithmetic,
 * lists.same-items-any-size): every other walk of the suite reads lists of a few items, so a server that
 * answers fewer items than the size asked for once a list is long (a LIMIT capped below the contract's
 * maximum) passes them all. Here a list under a parent of the test's own is filled with one item more
 * than the `size` parameter's maximum (read from the contract), then read at that size: page 1 holds
 * exactly the maximum, page 2 the one item left, both say the same total, and the two pages hold every
 * item the test made, each once; a walk at a third of the maximum visits the same items in the same order,
 * and page 2 and 3 at sizes spread over the whole range hold the items at their positions (later-pages.ts).
 * Then one item more is made, and pages 1 and 2 of the largest size, read again, hold every item once: a
 * later page reached from a position remembered across the write starts one item late.
 *
 * Only the lists whose parent the test makes (posts, categories, emails, subscribers): the top-level
 * lists (pages, newsletters) are shared by every test of the run, which look for a page or newsletter
 * they just made on the first page of 100, and a hundred more made meanwhile would push it off; what
 * the suite makes there also stays, since pages and newsletters cannot be deleted.
 *
 * Cost, per list: one parent, maximum + 1 creations (eight at a time), three reads at the largest size
 * and four at the smaller one, about a dozen later pages, one creation and two reads after it, and as many
 * deletions after the operation's tests.
 */
import type { OperationInfo } from '../../contract/document.ts';
import { suiteContext } from '../context.ts';
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { readLaterPages, readPage, spreadSizes } from './later-pages.ts';
import { hasOwnParent, isList, longList, oneMoreItem, type ListedItem } from './populated.ts';
import { maximumSize, walkList } from './walk.ts';

const { contract } = suiteContext();

/** Where two sequences of items first part (ids compared), or undefined when they are the same. */
function firstDifference(expected: ListedItem[], got: ListedItem[]): string | undefined {
  const index = expected.findIndex((item, position) => got[position]?.id !== item.id);
  if (index === -1 && expected.length === got.length) return undefined;
  if (index === -1) return `holds ${got.length} items, ${got.length - expected.length} more than the ${expected.length} read at the largest size`;
  return `holds ${got.length} items and item ${index + 1} is ${got[index]?.id ?? 'missing'}; at the largest size it is ${expected[index]!.id} (of ${expected.length} items read)`;
}

for (const operation of contract.operations.filter((candidate) => isList(contract, candidate) && hasOwnParent(candidate))) {
  forOperation(operation.operationId, (test) => {
    test(
      'fills pages of the largest size when the list is longer, and walks every item once, as at a smaller size',
      { check: 'pagination_arithmetic', rules: ['lists.size-range', 'lists.envelope-arithmetic', 'lists.same-items-any-size'], needs: ['state'], timeoutMs: 120_000 },
      async (t: Kit) => {
        const largest = maximumSize(t, operation);
        const count = largest + 1;
        const { ids, made } = await longList(t, operation, count);

        const first = await readPage(t, operation, ids, 1, largest);
        const second = await readPage(t, operation, ids, 2, largest);
        for (const [page, read] of [[1, first], [2, second]] as const) {
          t.ensure(read.envelope !== undefined, `page ${page} of size ${largest} answered ${read.status ?? 'nothing'}; expected 200 with a list`, { evidence: read.exchange });
          const { envelope } = read;
          t.verify(envelope.page === page && envelope.size === largest, `asked for page ${page} of size ${largest}, the envelope says page ${envelope.page} of size ${envelope.size}`, { evidence: read.exchange, rules: ['lists.envelope-arithmetic'] });
          t.verify(envelope.total === count, `page ${page} of size ${largest} says total ${envelope.total}; the test made ${count} items under a parent of its own`, { evidence: read.exchange, rules: ['lists.envelope-arithmetic'] });
        }
        const firstItems = first.envelope!.result;
        const secondItems = second.envelope!.result;
        t.verify(firstItems.length === largest, `page 1 of size ${largest} holds ${firstItems.length} items; the list holds ${count}, so a page of the largest size must be full`, {
          check: 'pagination_limits',
          evidence: first.exchange,
          rules: ['lists.size-range', 'lists.envelope-arithmetic'],
        });
        t.verify(secondItems.length === count - largest, `page 2 of size ${largest} holds ${secondItems.length} items; after a full page 1 the list has ${count - largest} left`, {
          evidence: second.exchange,
          rules: ['lists.envelope-arithmetic'],
        });

        const walked = [...firstItems, ...secondItems];
        const seen = new Set(walked.map((item) => item.id));
        const repeated = walked.length - seen.size;
        const missing = made.filter((id) => !seen.has(id));
        const wrong = [
          ...(repeated > 0 ? [`show ${repeated} items twice`] : []),
          ...(missing.length > 0 ? [`miss ${missing.length} of the ${count} items the test made (${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ', ...' : ''})`] : []),
        ];
        t.verify(wrong.length === 0, `pages 1 and 2 of size ${largest} ${wrong.join(' and ')}`, {
          evidence: second.exchange,
          rules: ['lists.envelope-arithmetic'],
        });

        const smaller = Math.ceil(largest / 3);
        const walk = await walkList(t, operation, ids, { size: smaller });
        t.verify(walk.problem === undefined, walk.problem ?? '', { evidence: walk.exchange, rules: ['lists.envelope-arithmetic'] });
        const difference = firstDifference(walked, walk.items);
        t.verify(difference === undefined, `walked at size ${smaller}, the list ${difference}`, { evidence: walk.exchange, rules: ['lists.same-items-any-size'] });

        // Page 2 and 3 at sizes over the whole range, each with the items of the two largest pages at its positions.
        for (const verdict of await readLaterPages(t, operation, ids, { items: walked, total: count }, spreadSizes(t, largest))) {
          if (!t.verify(verdict.difference === undefined, verdict.difference ?? '', { evidence: verdict.exchange, rules: ['lists.same-items-any-size'] })) return;
        }

        // A write between two walks: one item more, then pages 1 and 2 of the largest size at once, every
        // item once (lists.envelope-arithmetic): a server that reaches a later page from a position it
        // remembered without the list's changes starts it one item late, and the walk misses one.
        const added = await oneMoreItem(t, operation, ids);
        const again = await Promise.all([readPage(t, operation, ids, 1, largest), readPage(t, operation, ids, 2, largest)]);
        for (const [index, read] of again.entries()) t.ensure(read.envelope !== undefined, `after one item more, page ${index + 1} of size ${largest} answered ${read.status ?? 'nothing'}; expected 200 with a list`, { evidence: read.exchange });
        const rewalked = again.flatMap((read) => read.envelope!.result.map((item) => item.id));
        const rewalkedOnce = new Set(rewalked);
        const left = [...made, added].filter((id) => !rewalkedOnce.has(id));
        t.verify(left.length === 0 && rewalked.length === rewalkedOnce.size, `after ${added} was added to the ${count} items, pages 1 and 2 of size ${largest} hold ${rewalked.length} items, ${rewalked.length - rewalkedOnce.size} of them twice, and miss ${left.length} (${left.slice(0, 5).join(', ')}): walking the pages visits every item once`, {
          evidence: again[1]!.exchange,
          rules: ['lists.envelope-arithmetic'],
        });
      },
    );
  });
}
