/**
 * headers.rate-limit-values, `r` counting the request it answers, on requests sent one after another:
 * for every operation a few requests that change nothing, each sent once the answer before it came
 * back. The comparison itself is the one `header_values` makes across every answer of a worker
 * (remaining-requests.ts); other tests' requests, sent at the same time, can hide a request that was
 * not counted in each pair they fall into, so each operation gets a sequence of its own here, where
 * most pairs have nothing in between:
 *
 * - an operation with GET: GET and HEAD of a resource of the test's own, in turn (a HEAD answered
 *   from a GET that has not been counted yet shows only beside one);
 * - any other: the operation on ids that name nothing and with a query parameter it does not have,
 *   answered 404 or 422 and writing nothing (a 4xx counts against the token as a success does).
 *
 * Not applicable to a target that sends no `RateLimit` with `r` and `t` (the mock).
 */
import { suiteContext } from '../context.ts';
import { forOperation } from '../harness.ts';
import type { Kit, RawRequest } from '../kit.ts';
import { fillPath, missingIds, pathIdsFor } from '../requests.ts';
import { rateLimitMember } from '../../contract/header-values.ts';

const { contract } = suiteContext();

/** Requests in one sequence: five pairs one after another. */
const REQUESTS = 6;
/** A query parameter no operation has. */
const UNKNOWN_PARAMETER = { conformance_not_a_parameter: '1' };

for (const operation of contract.operations) {
  const reads = operation.method === 'GET';
  const what = reads ? `GET and HEAD in turn, ${REQUESTS} requests` : `${REQUESTS} requests that change nothing`;
  forOperation(operation.operationId, (test) => {
    test(`reports fewer requests remaining on each of ${what} sent one after another`, { check: 'header_values', rules: ['headers.rate-limit-values'], needs: ['rate_limiting'] }, async (t: Kit) => {
      const request: RawRequest = reads
        ? { method: 'GET', path: fillPath(operation.path, await pathIdsFor(t, operation)) }
        : { method: operation.method, path: fillPath(operation.path, missingIds(operation)), query: UNKNOWN_PARAMETER };
      let counted = 0;
      for (let index = 0; index < REQUESTS; index++) {
        const method = reads && index % 2 === 1 ? 'HEAD' : request.method;
        const { exchange } = await t.raw({ ...request, method });
        const field = exchange.response?.headers.find(([name]) => name.toLowerCase() === 'ratelimit')?.[1];
        if (field !== undefined && rateLimitMember(field)) counted++;
      }
      // Each answer was compared with those before it as it came back; a failure is recorded there.
      if (counted < 2) t.notApplicable(`needs answers that carry RateLimit with r and t, but ${counted} of ${REQUESTS} did`);
    });
  });
}
