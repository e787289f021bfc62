/**
 * Walking a list page by page: the items it visits at one page size, and what a walk's envelopes must
 * say on each page (the page asked for, the size asked for, one total throughout).
 */
import type { OperationInfo } from '../../contract/document.ts';
import type { Exchange } from '../../http/exchange.ts';
import type { Kit } from '../kit.ts';
import { fillPath } from '../requests.ts';
import type { Envelope, ListedItem } from './populated.ts';
import { largestPageSize } from '../../contract/page-size.ts';

export interface Walk {
  items: ListedItem[];
  /** The total of the first page. */
  total: number;
  /** Why the walk's envelopes do not agree with what was asked, or undefined. */
  problem?: string;
  exchange?: Exchange;
}

export interface WalkOptions {
  size: number;
  query?: Record<string, string | number | boolean>;
  /** Stop once this many items were visited (walks of a shared list stop at the items compared). */
  limit?: number;
  authorization?: string;
}

/** The largest `size` the operation takes (the contract's ListSize maximum). */
export function maximumSize(t: Kit, operation: OperationInfo): number {
  return largestPageSize(t.contract, operation) ?? 100;
}

export async function walkList(t: Kit, operation: OperationInfo, ids: Record<string, number>, options: WalkOptions): Promise<Walk> {
  const items: ListedItem[] = [];
  let total: number | undefined;
  const limit = options.limit ?? Number.POSITIVE_INFINITY;
  for (let page = 1; page <= 10_000; page++) {
    const { status, json, exchange } = await t.raw({
      method: 'GET',
      path: fillPath(operation.path, ids),
      query: { ...options.query, page, size: options.size },
      ...(options.authorization ? { authorization: options.authorization } : {}),
    });
    const envelope = json as Envelope | undefined;
    if (status !== 200 || !envelope || !Array.isArray(envelope.result)) {
      return { items, total: total ?? -1, problem: `page ${page} of size ${options.size} answered ${status ?? 'nothing'}; expected 200 with a list`, exchange };
    }
    total ??= envelope.total;
    if (envelope.page !== page || envelope.size !== options.size) {
      return { items, total, problem: `asked for page ${page} of size ${options.size}, the envelope says page ${envelope.page} of size ${envelope.size}`, exchange };
    }
    if (envelope.result.length > options.size) {
      return { items, total, problem: `page ${page} of size ${options.size} holds ${envelope.result.length} items`, exchange };
    }
    items.push(...envelope.result);
    const last = envelope.result.length < options.size || page * options.size >= envelope.total;
    if (last || items.length >= limit) return { items: items.slice(0, limit), total, exchange };
  }
  return { items, total: total ?? -1, problem: `no end after 10000 pages of size ${options.size}` };
}

/** Why two walks do not visit the same items in the same order (ids compared), or undefined. */
export function sequenceDifference(expected: ListedItem[], got: ListedItem[]): string | undefined {
  const show = (items: ListedItem[]) => items.map((item) => item.id).join(', ');
  if (expected.length !== got.length || expected.some((item, index) => item.id !== got[index]!.id)) {
    return `visits [${show(got)}]; at size 100 the list holds [${show(expected)}]`;
  }
  return undefined;
}

/**
 * Why two walks of the same items show one of them otherwise (every field compared), or undefined: a
 * list whose later pages, or pages of another size, answer an item with other values than the first
 * page at the largest size does. Only for walks of a list no other test writes to.
 */
export function contentDifference(expected: ListedItem[], got: ListedItem[], size: number): string | undefined {
  for (const [index, item] of got.entries()) {
    const reference = expected[index] as Record<string, unknown> | undefined;
    if (!reference) return undefined;
    const shown = item as Record<string, unknown>;
    const fields = [...new Set([...Object.keys(reference), ...Object.keys(shown)])].filter((field) => JSON.stringify(reference[field]) !== JSON.stringify(shown[field]));
    if (fields.length > 0) {
      const page = Math.floor(index / size) + 1;
      const values = fields.map((field) => `${field} ${JSON.stringify(shown[field])} (at size 100: ${JSON.stringify(reference[field])})`).join('; ');
      return `item ${String(item.id)} on page ${page} of size ${size} shows ${values}`;
    }
  }
  return undefined;
}
