/**
 * What every list of the contract shares: the `{page, size, total, result}` envelope, its arithmetic on a
 * single page, and the order (newest first: created_at descending, then id descending).
 */

export interface Envelope<T> {
  page: number;
  size: number;
  total: number;
  result: T[];
}

export interface Dated {
  id: number;
  created_at: string;
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

/** Why a sequence of items is not newest first, or undefined when it is. */
export function orderingProblem(items: Dated[]): string | undefined {
  for (let index = 1; index < items.length; index++) {
    const previous = items[index - 1]!;
    const current = items[index]!;
    const newer = previous.created_at > current.created_at || (previous.created_at === current.created_at && previous.id > current.id);
    if (!newer) {
      return `item ${previous.id} (${previous.created_at}) comes before item ${current.id} (${current.created_at}): not newest first`;
    }
  }
  return undefined;
}
