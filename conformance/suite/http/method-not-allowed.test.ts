/**
 * method_not_allowed: a method a path does not have is answered 405 with an `Allow` header listing the
 * methods it has (RFC 9110 section 15.5.6), exactly those the contract gives the path with HEAD wherever
 * GET is (http.head), and a problem document of type method-not-allowed. One test per path, under the
 * path's first operation.
 */
import { forOperation } from '../harness.ts';
import { suiteContext } from '../context.ts';
import type { Kit } from '../kit.ts';
import { fillPath, pathIdsFor } from '../requests.ts';

const { contract } = suiteContext();
const CANDIDATES = ['PUT', 'PATCH', 'DELETE', 'POST', 'GET'];

const byPath = new Map<string, typeof contract.operations>();
for (const operation of contract.operations) byPath.set(operation.path, [...(byPath.get(operation.path) ?? []), operation]);

for (const [path, operations] of byPath) {
  const declared = operations.map((operation) => operation.method.toUpperCase());
  const allowed = declared.includes('GET') ? [...declared, 'HEAD'] : declared;
  const method = CANDIDATES.find((candidate) => !declared.includes(candidate));
  if (!method) continue;
  const first = operations[0]!;
  forOperation(first.operationId, (test) => {
    test(`answers ${method} ${path} with 405 and Allow: ${allowed.join(', ')}`, { check: 'method_not_allowed', rules: ['http.method-not-allowed'], needs: ['method_allow'] }, async (t: Kit) => {
      const ids = await pathIdsFor(t, first);
      const { exchange, status, json } = await t.raw({ method, path: fillPath(path, ids), body: method === 'GET' ? undefined : '{}', contentType: method === 'GET' ? undefined : 'application/json' });
      t.ensure(status === 405, `answered ${status ?? 'nothing'}; expected 405`);
      const headers = new Headers(exchange.response?.headers ?? []);
      const allow = (headers.get('allow') ?? '')
        .split(',')
        .map((item) => item.trim().toUpperCase())
        .filter(Boolean);
      const missing = allowed.filter((item) => !allow.includes(item));
      const extra = allow.filter((item) => !allowed.includes(item));
      const wrong = [missing.length ? `lacks ${missing.join(', ')}` : '', extra.length ? `lists ${extra.join(', ')}, which the path does not have` : ''].filter(Boolean).join(' and ');
      t.verify(headers.has('allow') && !wrong, `Allow is ${JSON.stringify(headers.get('allow'))}${wrong ? `: it ${wrong}` : ''}; expected exactly the path's methods ${allowed.join(', ')}`);
      const contentType = headers.get('content-type') ?? '';
      const problem = json as { type?: unknown; status?: unknown } | undefined;
      t.verify(contentType.startsWith('application/problem+json') && problem?.status === 405 && typeof problem.type === 'string', `the 405 is not a problem document with status 405 (Content-Type ${contentType})`);
    });
    if (declared.includes('GET')) return;
    // HEAD answers what GET would (http.head): on a path without GET, GET's 405 and its Allow.
    test(`answers HEAD ${path}, which has no GET, as GET: 405 and Allow: ${allowed.join(', ')}`, { check: 'method_not_allowed', rules: ['http.method-not-allowed', 'http.head'], needs: ['method_allow', 'head'] }, async (t: Kit) => {
      const ids = await pathIdsFor(t, first);
      const { exchange, status } = await t.raw({ method: 'HEAD', path: fillPath(path, ids) });
      t.verify(status === 405, `HEAD answered ${status ?? 'nothing'}; GET of a path without GET is a 405, and HEAD answers what GET would`);
      const allow = new Headers(exchange.response?.headers ?? []).get('allow');
      const listed = (allow ?? '').split(',').map((item) => item.trim().toUpperCase()).filter(Boolean);
      t.verify(status !== 405 || (listed.length === allowed.length && allowed.every((item) => listed.includes(item))), `HEAD's Allow is ${JSON.stringify(allow)}; expected exactly ${allowed.join(', ')}`);
    });
  });
}
