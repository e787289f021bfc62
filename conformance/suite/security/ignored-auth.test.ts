/**
 * ignored_auth: every operation refuses a request that does not carry a valid bearer token, with 401 and
 * `WWW-Authenticate: Bearer` (checked on the response by response_headers_conformance). The requests are
 * otherwise well formed and name resources that do not exist, so a server that skips the check changes
 * nothing and still answers something other than 401.
 *
 * errors.precedence puts the 401 before every other error, so each operation is also sent, at once, one
 * request of each kind of flaw it can have (flawed-requests.ts: a declared body over the limit, another
 * media type, a body that is not JSON, an unknown or invalid query parameter, an id that is not a
 * number, `HEAD`), each without a valid token, the credentials taken in turn (none, another scheme, a
 * token no workspace has): a 401 each. Not on the mock, which checks only that a token is present.
 */
import type { Need } from '../../checks/profile.ts';
import { forOperation } from '../harness.ts';
import { suiteContext } from '../context.ts';
import { missingIds, wellFormedRequest } from '../requests.ts';
import { sendStalled } from '../../http/stalled-body.ts';
import { flawedRequests } from './flawed-requests.ts';

const { contract, options } = suiteContext();

const CREDENTIALS: { title: string; authorization: (token: string) => string | null; needs: Need[] }[] = [
  { title: 'without an Authorization header', authorization: () => null, needs: [] },
  { title: 'to another scheme (Basic)', authorization: () => 'Basic Y29uZm9ybWFuY2U6c3VpdGU=', needs: [] },
  { title: 'to the Bearer scheme without a token', authorization: () => 'Bearer', needs: [] },
  { title: 'to a token without the Bearer scheme', authorization: (token) => token, needs: [] },
  { title: 'to a token no workspace has', authorization: () => `Bearer conformance-${options.runId}-not-a-token`, needs: ['token_validation'] },
];

for (const operation of contract.operations.filter((candidate) => candidate.secured)) {
  forOperation(operation.operationId, (test) => {
    for (const credentials of CREDENTIALS) {
      test(`answers 401 ${credentials.title}`, { check: 'ignored_auth', rules: ['auth.bearer-required'], needs: credentials.needs }, async (t) => {
        const request = wellFormedRequest(t, operation, missingIds(operation));
        const { status } = await t.raw({ ...request, authorization: credentials.authorization(options.token) });
        t.verify(status === 401, `answered ${status ?? 'nothing'} instead of 401`);
      });
    }
    test('answers 401 without a valid token whatever else is wrong with the request', { check: 'ignored_auth', rules: ['errors.precedence', 'auth.bearer-required'], needs: ['token_validation'] }, async (t) => {
      const credentials = [null, 'Basic Y29uZm9ybWFuY2U6c3VpdGU=', `Bearer conformance-${options.runId}-not-a-token`];
      const answers = await Promise.all(
        flawedRequests(t, operation).map(async ({ flaw, send }, index) => {
          // Each operation starts the turn at another credential, so that every kind meets every credential over the contract.
          const request = send(credentials[(index + contract.operations.indexOf(operation)) % credentials.length]!);
          if ('raw' in request) return { flaw, exchange: (await t.raw(request.raw)).exchange };
          // A stalled body goes through node:http, past the kit's clients: its answer still counts for status coverage.
          const exchange = await sendStalled(request.stalled);
          t.observe(exchange);
          return { flaw, exchange };
        }),
      );
      for (const { flaw, exchange } of answers) {
        const status = exchange.response?.status;
        t.verify(status === 401, `answered ${status ?? `nothing (${exchange.error})`} to ${flaw} without a valid token; expected 401 (errors.precedence: 401 comes first)`, { evidence: exchange });
      }
    });
  }, { concurrent: true });
}
