/**
 * http.head ("`HEAD` is answered wherever `GET` is, with the status and headers `GET` would have") for
 * every query a list takes, in every order relative to GETs of the path's other queries: the HEAD tests
 * (head.test.ts) send each URL's GET, HEAD and GET back to back, so a server that answers HEAD from what
 * it kept of the last GET of the path (a length, a page, keyed by the path without its query) answers
 * each of them right. Here every query of the list (none; each value of each filter with a closed set
 * of values; `size` 1 and the largest; page 2 at size 1) is read with GET, all at once, then with HEAD,
 * all at once, then with GET again: each HEAD follows GETs of the other queries, and of its own.
 *
 * Each HEAD must answer its own URL's GET: the same status and media type, and a Content-Length, where
 * HEAD sends one, that is the length of that GET's body (RFC 9110 section 8.6), judged where the GETs
 * before and after agree. Sizes 1, 10 (the default) and 100 make bodies of different lengths even in an
 * empty list, so a length taken from another query shows on any target.
 *
 * On the list the run shares (pathIdsFor), which other tests may change between the waves: a length
 * that disagrees is judged only when it does in every try.
 *
 * Cost, per list: three waves of one request per query (7 to 10 queries), a try more only where a
 * length disagreed.
 */
import type { OperationInfo } from '../../contract/document.ts';
import { headContentLengthProblem } from '../../contract/head-content-length.ts';
import { mediaTypeOf } from '../../contract/validator.ts';
import type { Exchange } from '../../http/exchange.ts';
import { suiteContext } from '../context.ts';
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { fillPath, pathIdsFor } from '../requests.ts';
import { filtersOf } from './list-filters.ts';
import { isList } from './populated.ts';
import { maximumSize } from './walk.ts';

const { contract } = suiteContext();

type Query = Record<string, string | number>;

/** Tries of the three waves before a Content-Length that disagrees with its GET's body counts. */
const ATTEMPTS = 3;

/** Every query of the list: none, each value of each filter with few values, the sizes and a later page. */
function queriesOf(t: Kit, operation: OperationInfo): Query[] {
  const filtered = filtersOf(contract, operation).flatMap((filter) => (filter.values ?? []).map((value) => ({ [filter.name]: value })));
  return [{}, ...filtered, { size: 1 }, { size: maximumSize(t, operation) }, { page: 2, size: 1 }];
}

const header = (exchange: Exchange, name: string) => exchange.response?.headers.find(([key]) => key.toLowerCase() === name)?.[1];

const shown = (query: Query) => {
  const text = new URLSearchParams(Object.entries(query).map(([name, value]): [string, string] => [name, String(value)])).toString();
  return text ? `?${text}` : 'without a query';
};

for (const operation of contract.operations.filter((candidate) => isList(contract, candidate))) {
  forOperation(operation.operationId, (test) => {
    test('answers HEAD of every query as GET of that URL, after GETs of the other queries of the path', { check: 'head_as_get', rules: ['http.head'], needs: ['head'] }, async (t: Kit) => {
      const path = fillPath(operation.path, await pathIdsFor(t, operation));
      const queries = queriesOf(t, operation);
      const wave = (method: string) => Promise.all(queries.map((query) => t.raw({ method, path, query })));
      let pending = queries.map((_, index) => index);
      for (let attempt = 1; attempt <= ATTEMPTS && pending.length > 0; attempt++) {
        if (attempt > 1) await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
        const gets = await wave('GET');
        const heads = await wave('HEAD');
        const getsAgain = await wave('GET');
        const disagreeing: number[] = [];
        for (const index of pending) {
          const [get, head, getAgain] = [gets[index]!, heads[index]!, getsAgain[index]!];
          const where = `HEAD ${shown(queries[index]!)}, after GETs of ${queries.length - 1} other queries of ${path}`;
          const evidence = { evidence: head.exchange };
          if (get.status === getAgain.status && !t.verify(head.status === get.status, `${where} answered ${head.status ?? `nothing (${head.exchange.error})`} where GET of the same URL answered ${get.status}`, evidence)) return;
          const [getType, headType] = [mediaTypeOf(header(get.exchange, 'content-type') ?? null), mediaTypeOf(header(head.exchange, 'content-type') ?? null)];
          if (!t.verify(getType === headType, `${where}: its Content-Type is ${headType ?? 'absent'}, GET's of the same URL is ${getType ?? 'absent'}`, evidence)) return;
          const problem = headContentLengthProblem(get.exchange, head.exchange, getAgain.exchange);
          if (problem === undefined) continue;
          if (attempt === ATTEMPTS) {
            t.verify(false, `${where}: ${problem} (in each of ${ATTEMPTS} tries)`, evidence);
            return;
          }
          disagreeing.push(index);
        }
        pending = disagreeing;
      }
    });
  }, { concurrent: true });
}
