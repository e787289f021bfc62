/**
 * headers.cors-present across callers: every read of the contract (a GET, which changes nothing) asked
 * in turn from two origins and from none answers each with `Access-Control-Allow-Origin` `*` or the
 * origin of that very request. The suite's other requests carry no `Origin` (or the one `--header`
 * gives every request), so a server that keeps the first caller's origin and answers it to everyone
 * after shows only here. Not sent when the run names its own `Origin`: such a deployment allows a list
 * of origins, and these two are not on it.
 */
import { forOperation } from '../harness.ts';
import { suiteContext } from '../context.ts';
import type { Kit } from '../kit.ts';
import { fillPath, pathIdsFor } from '../requests.ts';

const { contract, options } = suiteContext();
const ORIGINS = ['https://first.conformance.example', 'https://second.conformance.example', null] as const;
const originNamed = Object.keys(options.headers ?? {}).some((name) => name.toLowerCase() === 'origin');

for (const operation of contract.operations.filter((candidate) => candidate.method.toUpperCase() === 'GET')) {
  if (originNamed) continue;
  forOperation(operation.operationId, (test) => {
    test('answers each caller with its own origin or *, asked from two origins in turn and from none', { check: 'header_values', rules: ['headers.cors-present'] }, async (t: Kit) => {
      const path = fillPath(operation.path, await pathIdsFor(t, operation));
      for (const origin of [...ORIGINS, ...ORIGINS]) {
        const { exchange, status } = await t.raw({ method: 'GET', path, ...(origin ? { headers: { Origin: origin } } : {}) });
        t.ensure(status !== undefined, `GET ${path} got no answer: ${exchange.error ?? 'no response'}`, { evidence: exchange, rules: ['headers.cors-present'] });
        const allowed = exchange.response?.headers.find(([name]) => name.toLowerCase() === 'access-control-allow-origin')?.[1];
        const fits = allowed === '*' || (origin !== null && allowed === origin);
        t.verify(fits, `GET ${path} ${origin ? `from ${origin}` : 'without Origin'} answered Access-Control-Allow-Origin ${JSON.stringify(allowed ?? null)}; expected * ${origin ? 'or that origin' : '(a request without Origin names none)'}`, { evidence: exchange, rules: ['headers.cors-present'] });
      }
    });
  });
}
