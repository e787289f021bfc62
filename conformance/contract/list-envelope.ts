/**
 * lists.envelope-arithmetic, judged on every list answer by itself: the page holds every item the
 * envelope leaves for it. Pages are cut at `(page - 1) * size`, so a page that holds fewer than that
 * leaves items no page shows (a walk never visits them), and one that holds more shows items of the
 * next page twice. So a page before the last holds `size` items, the last `total - (page - 1) * size`,
 * and a page past the end none.
 *
 * Every read of a list meets it, so a server that answers a short page only at some size or on some
 * page (a limit cut one short at the largest size) shows it wherever the suite reads there, which a
 * walk of a few items never reaches.
 */

/**
 * For a list answer, why its page does not hold what its envelope leaves for it (`problem` undefined when
 * it does); undefined for any other answer.
 */
export function pageCount(status: number, bodyText: string): { problem: string | undefined } | undefined {
  if (status !== 200 || bodyText === '') return undefined;
  let body: unknown;
  try {
    body = JSON.parse(bodyText);
  } catch {
    return undefined; // Not JSON: response_schema_conformance says so.
  }
  if (typeof body !== 'object' || body === null) return undefined;
  const { page, size, total, result } = body as Record<string, unknown>;
  // An envelope out of its schema (a size of 0, a negative total) is response_schema_conformance's.
  if (!Array.isArray(result) || !isCount(page, 1) || !isCount(size, 1) || !isCount(total, 0)) return undefined;
  const before = (page - 1) * size;
  const expected = Math.min(size, Math.max(0, total - before));
  if (result.length === expected) return { problem: undefined };
  const where = total <= before ? `a page past the end of ${total} items` : expected === size ? `a page before the last (the list holds ${total} items)` : `the last page of ${total} items, after ${before} on the pages before it`;
  return { problem: `page ${page} of size ${size} holds ${result.length} items; as ${where}, it holds ${expected}: pages are cut at (page - 1) * size, so ${result.length < expected ? `${items(expected - result.length)} would be on no page` : `${items(result.length - expected)} would be shown twice`}` };
}

const items = (count: number) => (count === 1 ? 'one item' : `${count} items`);

function isCount(value: unknown, least: number): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= least;
}
