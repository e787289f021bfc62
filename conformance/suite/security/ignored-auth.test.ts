/**
 * ignored_auth: every operation refuses a request that does not carry a valid bearer token, with 401 and
 * `WWW-Authenticate: Bearer` (checked on the response by response_headers_conformance). The requests are
 * otherwise well formed and name resources that do not exist, so a server that skips the check changes
 * nothing and still answers something other than 401.
 */
import type { Need } from '../../checks/profile.ts';
import { forOperation } from '../harness.ts';
import { suiteContext } from '../context.ts';
import { missingIds, wellFormedRequest } from '../requests.ts';

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
  }, { concurrent: true });
}
