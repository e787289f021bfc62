/**
 * lists.envelope-arithmetic, judged on every list answer by itself: the envelope says the page and size
 * the request asked for (its query's, else the parameters' defaults), and the page holds every item the
 * envelope leaves for it. Pages are cut at `(page - 1) * size`, so a page that holds fewer than that
 * leaves items no page shows (a walk never visits them), and one that holds more shows items of the
 * next page twice. So a page before the last holds `size` items, the last `total - (page - 1) * size`,
 * and a page past the end none.
 *
 * Every read of a list meets it, so a server that answers a short page only at some size or on some
 * page (a limit cut one short at the largest size) shows it wherever the suite reads there, which a
 * walk of a few items never reaches.
 */
import { listBody } from './list-body.ts';

/** The page or size a list request asked for, and whether its query said so or the parameter's default did. */
export interface Asked {
  value: number;
  byDefault: boolean;
}

/** What `url` asks for, with the defaults the contract gives `page` and `size`; undefined where not known. */
export function askedPage(url: string, defaults: { page?: number; size?: number }): { page?: Asked; size?: Asked } {
  const query = new URL(url).searchParams;
  const read = (name: 'page' | 'size'): Asked | undefined => {
    const given = query.getAll(name);
    if (given.length === 0) return defaults[name] === undefined ? undefined : { value: defaults[name], byDefault: true };
    // One value, a whole number: anything else the answer's status judges (a 200 for it is another check's).
    return given.length === 1 && /^[1-9]\d{0,8}$/.test(given[0]!) ? { value: Number(given[0]), byDefault: false } : undefined;
  };
  return { page: read('page'), size: read('size') };
}

/**
 * For a list answer, why its page is not the one asked for or does not hold what its envelope leaves for
 * it (`problem` undefined when all is right); undefined for any other answer.
 */
export function pageCount(status: number, bodyText: string, asked: { page?: Asked; size?: Asked } = {}): { problem: string | undefined } | undefined {
  const body = listBody(status, bodyText);
  if (body === undefined) return undefined;
  const { page, size, total, result } = body;
  // An envelope out of its schema (a size of 0, a negative total) is response_schema_conformance's.
  if (!Array.isArray(result) || !isCount(page, 1) || !isCount(size, 1) || !isCount(total, 0)) return undefined;
  for (const [name, said] of [['page', page], ['size', size]] as const) {
    const wanted = asked[name];
    if (wanted !== undefined && said !== wanted.value) {
      return { problem: `the envelope says ${name} ${said}; the request asked for ${wanted.byDefault ? `no ${name}, whose default is ${wanted.value}` : `${name} ${wanted.value}`}` };
    }
  }
  const before = (page - 1) * size;
  const expected = Math.min(size, Math.max(0, total - before));
  if (result.length === expected) return { problem: undefined };
  const where = total <= before ? `a page past the end of ${total} items` : expected === size ? `a page before the last (the list holds ${total} items)` : `the last page of ${total} items, after ${before} on the pages before it`;
  return {
    problem: `page ${page} of size ${size} holds ${result.length} items; as ${where}, it holds ${expected}: pages are cut at (page - 1) * size, so ${result.length < expected ? `${items(expected - result.length)} would be on no page` : `${items(result.length - expected)} would be shown twice`}`,
  };
}

const items = (count: number) => (count === 1 ? 'one item' : `${count} items`);

function isCount(value: unknown, least: number): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= least;
}
