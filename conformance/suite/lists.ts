/**
 * What every list of the contract shares: the `{page, size, total, result}` envelope, its arithmetic on a
 * single page, and the order (newest first: created_at descending, then id descending), whose judgement
 * lives with the response-level checks (contract/list-order.ts).
 */

export interface Envelope<T> {
  page: number;
  size: number;
  total: number;
  result: T[];
}

/** Why one page of a list does not add up, or undefined when it does. */
export function envelopeArithmeticProblem(envelope: Envelope<unknown>): string | undefined {
  const { page, size, total, result } = envelope;
  if (result.length > size) return `result has ${result.length} items but size is ${size}`;
  const before = (page - 1) * size;
  if (result.length > 0 && total < before + result.length) {
    return `page ${page} of size ${size} holds ${result.length} items, so total must be at least ${before + result.length}, but it is ${total}`;
  }
  if (result.length === 0 && total > before) return `page ${page} of size ${size} is empty, yet total ${total} says it should hold items`;
  if (result.length < size && result.length > 0 && total !== before + result.length) {
    return `page ${page} holds ${result.length} of at most ${size} items, so it is the last page and total must be ${before + result.length}, but it is ${total}`;
  }
  return undefined;
}
