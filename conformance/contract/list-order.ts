/**
 * lists.newest-first, judged on every list answer by itself: its items come `created_at` descending,
 * then `id` descending. Every read of a list meets it, so an order that only shows once items were made
 * in an order their other fields do not share (a list sorted by name or address), or once an older item
 * was changed (a list sorted by `updated_at`), shows wherever the suite reads such a list, not only in
 * the one test that reads for the order.
 */
import { listBody } from './list-body.ts';

export interface Dated {
  id: number;
  created_at: string;
}

/** Why a sequence of items is not newest first, or undefined when it is. */
export function orderingProblem(items: Dated[]): string | undefined {
  for (let index = 1; index < items.length; index++) {
    const previous = items[index - 1]!;
    const current = items[index]!;
    const [previousAt, currentAt] = [Date.parse(previous.created_at), Date.parse(current.created_at)];
    // Times that do not parse are response_schema_conformance's to judge; their text is compared then.
    const later = Number.isNaN(previousAt) || Number.isNaN(currentAt) ? previous.created_at > current.created_at : previousAt > currentAt;
    const same = Number.isNaN(previousAt) || Number.isNaN(currentAt) ? previous.created_at === current.created_at : previousAt === currentAt;
    if (!later && !(same && previous.id > current.id)) {
      return `item ${previous.id} (${previous.created_at}) comes before item ${current.id} (${current.created_at}): not newest first`;
    }
  }
  return undefined;
}

/** For a list answer, why its items are not newest first (`problem` undefined when they are); undefined for any other answer. */
export function listOrder(status: number, bodyText: string): { problem: string | undefined } | undefined {
  const result = listBody(status, bodyText)?.result;
  if (!Array.isArray(result)) return undefined;
  // Items out of their schema (no id, no created_at) are response_schema_conformance's.
  const dated = result.every((item) => typeof item === 'object' && item !== null && typeof item.id === 'number' && typeof item.created_at === 'string');
  if (!dated || result.length < 2) return undefined;
  return { problem: orderingProblem(result as Dated[]) };
}
