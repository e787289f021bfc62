/**
 * header_values on a browser's CORS preflight: an `OPTIONS` with `Origin` and
 * `Access-Control-Request-Method`, and no token (a browser sends none with it), to every path template
 * of the contract, with ids of real resources. The contract lets browsers call the API from other
 * origins and puts the CORS fields on every answer of any status (headers.cors-present,
 * headers.cors-exposed): a path whose preflight is left to authentication, routing or a 404 would be
 * closed to every browser script. One test per path, under the path's first operation.
 */
import { headerValueProblems } from '../../contract/header-values.ts';
import { forOperation } from '../harness.ts';
import { suiteContext } from '../context.ts';
import type { Kit } from '../kit.ts';
import { fillPath, pathIdsFor } from '../requests.ts';

const { contract } = suiteContext();
/** The origin a preflight comes from when the run names none (`--header 'Origin: ...'` wins). */
const PREFLIGHT_ORIGIN = 'https://browser.conformance.example';

const byPath = new Map<string, typeof contract.operations>();
for (const operation of contract.operations) byPath.set(operation.path, [...(byPath.get(operation.path) ?? []), operation]);

for (const [path, operations] of byPath) {
  const first = operations[0]!;
  // The method a browser would ask for: a write where the path has one, since that is what needs the preflight.
  const asked = (operations.find((operation) => operation.method.toUpperCase() !== 'GET') ?? first).method.toUpperCase();
  forOperation(first.operationId, (test) => {
    test(`answers a CORS preflight for ${asked} ${path} with the CORS fields`, { check: 'header_values', rules: ['headers.cors-present', 'headers.cors-exposed'] }, async (t: Kit) => {
      const ids = await pathIdsFor(t, first);
      const { exchange, status } = await t.raw({
        method: 'OPTIONS',
        path: fillPath(path, ids),
        authorization: null,
        headers: { Origin: PREFLIGHT_ORIGIN, 'Access-Control-Request-Method': asked, 'Access-Control-Request-Headers': 'authorization, content-type' },
      });
      t.ensure(status !== undefined, `the preflight got no answer: ${exchange.error ?? 'no response'}`);
      const origin = exchange.request.headers.find(([name]) => name.toLowerCase() === 'origin')?.[1] ?? PREFLIGHT_ORIGIN;
      // A preflight carries no token: which limit it counts against is not what this test is about.
      const problems = headerValueProblems(new Headers(exchange.response?.headers ?? []), [t.options.token, t.options.token2].filter((token): token is string => Boolean(token)), status, origin, false);
      const where = `the preflight (OPTIONS ${path}, Access-Control-Request-Method: ${asked}) was answered ${status}`;
      if (problems.length === 0) t.verify(true, where);
      // Each problem breaks a rule of its own: a missing Access-Control-Allow-Origin is not a rate-limit value.
      for (const { rule, problem } of problems) t.verify(false, `${where}: ${problem}`, { evidence: exchange, rules: [rule] });
    });
  });
}
