/**
 * lists.same-items-any-size past the first page: the later pages of a long list, read at sizes spread
 * over the whole range the `size` parameter takes, must hold the items a read at the largest size shows
 * at the same positions. A walk of a few items reads a second page only at small sizes, so a server that
 * places later pages by a size of its own (an offset computed with the size capped below the maximum,
 * right on page 1 and at every size up to the cap) passes it; here page 2, and page 3 where the list
 * reaches it, are read at sizes in both halves of the range and on either side of its middle.
 */
import type { OperationInfo } from '../../contract/document.ts';
import type { Exchange } from '../../http/exchange.ts';
import type { Kit } from '../kit.ts';
import { fillPath } from '../requests.ts';
import { inBatches } from './in-batches.ts';
import type { Envelope, ListedItem } from './populated.ts';

/** Later pages read at each size: 2 and 3 (page 1 is what every other walk reads). */
const LATER_PAGES = [2, 3];

/** One page of a list at a size, as answered: its envelope when it is a 200 with a list. */
export async function readPage(t: Kit, operation: OperationInfo, ids: Record<string, number>, page: number, size: number): Promise<{ status: number | undefined; envelope?: Envelope; exchange: Exchange }> {
  const { status, json, exchange } = await t.raw({ method: 'GET', path: fillPath(operation.path, ids), query: { page, size } });
  const envelope = json as Envelope | undefined;
  const listed = status === 200 && envelope !== undefined && Array.isArray(envelope.result);
  return { status, ...(listed ? { envelope } : {}), exchange };
}

/**
 * Sizes spread over 1..largest: one either side of the middle and the middle itself, one short of the
 * largest, and a seeded size in each half (at 100: 49, 50, 51, 99 and two of the seed's). Only sizes
 * below the largest: the largest is the reference.
 */
export function spreadSizes(t: Kit, largest: number): number[] {
  const half = Math.floor(largest / 2);
  const seeded = [t.random.int(1, Math.max(1, half - 1)), t.random.int(Math.min(largest - 1, half + 1), Math.max(1, largest - 1))];
  const sizes = [half - 1, half, half + 1, largest - 1, ...seeded].filter((size) => size >= 1 && size < largest);
  return [...new Set(sizes)].sort((a, b) => a - b);
}

/** How many items of the list at the largest size the later pages at `sizes` cover. */
export function reach(sizes: number[]): number {
  return Math.max(0, ...sizes) * Math.max(...LATER_PAGES);
}

export interface LaterPageVerdict {
  size: number;
  page: number;
  /** Why the page does not hold what the reference shows at its positions, or undefined. */
  difference?: string;
  /** The page answered no list, or an envelope other than the one asked for: not a matter of timing. */
  broken?: boolean;
  exchange: Exchange;
}

/**
 * Reads the later pages at each size that `reference` (the list's first items at the largest size, in
 * order, and its total) reaches into, and compares each with the reference's items at its positions
 * (ids, in order) and its total. A few reads at a time.
 */
export async function readLaterPages(
  t: Kit,
  operation: OperationInfo,
  ids: Record<string, number>,
  reference: { items: ListedItem[]; total: number },
  sizes: number[],
): Promise<LaterPageVerdict[]> {
  const reads = sizes.flatMap((size) => LATER_PAGES.filter((page) => (page - 1) * size < reference.items.length).map((page) => ({ size, page })));
  return inBatches(reads, 6, async ({ size, page }): Promise<LaterPageVerdict> => {
    const { status, envelope, exchange } = await readPage(t, operation, ids, page, size);
    if (!envelope) return { size, page, difference: `page ${page} of size ${size} answered ${status ?? 'nothing'}; expected 200 with a list`, broken: true, exchange };
    if (envelope.page !== page || envelope.size !== size) {
      return { size, page, difference: `asked for page ${page} of size ${size}, the envelope says page ${envelope.page} of size ${envelope.size}`, broken: true, exchange };
    }
    const expected = reference.items.slice((page - 1) * size, page * size);
    const show = (items: ListedItem[]) => items.map((item) => item.id).join(', ');
    if (envelope.result.length !== expected.length || expected.some((item, index) => envelope.result[index]!.id !== item.id)) {
      const first = (page - 1) * size + 1;
      return {
        size,
        page,
        difference: `page ${page} of size ${size} holds [${show(envelope.result)}]; read at the largest size, positions ${first} to ${first + expected.length - 1} of the list hold [${show(expected)}]`,
        exchange,
      };
    }
    if (envelope.total !== reference.total) return { size, page, difference: `page ${page} of size ${size} says total ${envelope.total}; at the largest size it is ${reference.total}`, exchange };
    return { size, page, exchange };
  });
}
