/**
 * method_not_allowed: a method a path does not have is answered 405 with an `Allow` header listing the
 * methods it has (RFC 9110 section 15.5.6), exactly those the contract gives the path with HEAD wherever
 * GET is (http.head), and a problem document of type method-not-allowed. One test per path, under the
 * path's first operation.
 *
 * The 405 comes first (errors.precedence: "`404` for no such path or `405`" before the body's form, a
 * `422` and a `404` for a resource the path names): every method the path lacks is also sent, at once,
 * with each id in turn naming no resource (the resource itself, and its page or newsletter) and with
 * every id not a number, and each is the same 405 with the same Allow. A server that loads the resource
 * a path names before it judges the method answers 404 there, and 422 for an id that is not a number;
 * the one request of the first test, to a resource that exists, shows neither.
 */
import { forOperation } from '../harness.ts';
import { suiteContext } from '../context.ts';
import type { Kit } from '../kit.ts';
import { fillPath, MISSING_ID, pathIdsFor } from '../requests.ts';

const { contract } = suiteContext();
const CANDIDATES = ['PUT', 'PATCH', 'DELETE', 'POST', 'GET'];

/** Exactly the methods the path has, or what is wrong with the `Allow` header. */
function allowProblem(allowHeader: string | null, allowed: string[]): string | undefined {
  const allow = (allowHeader ?? '')
    .split(',')
    .map((item) => item.trim().toUpperCase())
    .filter(Boolean);
  const missing = allowed.filter((item) => !allow.includes(item));
  const extra = allow.filter((item) => !allowed.includes(item));
  const wrong = [missing.length ? `lacks ${missing.join(', ')}` : '', extra.length ? `lists ${extra.join(', ')}, which the path does not have` : ''].filter(Boolean).join(' and ');
  return allowHeader !== null && !wrong ? undefined : `Allow is ${JSON.stringify(allowHeader)}${wrong ? `: it ${wrong}` : ''}; expected exactly the path's methods ${allowed.join(', ')}`;
}

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
    const lacking = CANDIDATES.filter((candidate) => !declared.includes(candidate));
    const names = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
    const forms = names.length === 0 ? ['as it is'] : [...names.map((name) => `${name} naming no resource`), `every id not a number`];
    // Without ids, the first test's method was already sent to the same URL.
    const sent = lacking.flatMap((each) => forms.map((form) => ({ method: each, form }))).filter((request) => names.length > 0 || request.method !== method);
    if (sent.length > 0) {
      test(`answers ${lacking.join(', ')} ${path} with 405 and Allow before anything else, ${forms.join(', ')}`, { check: 'method_not_allowed', rules: ['http.method-not-allowed', 'errors.precedence'], needs: ['method_allow'] }, async (t: Kit) => {
        const ids = names.length > 0 ? await pathIdsFor(t, first) : {};
        const idsOf = (form: string): Record<string, string | number> => {
          if (form === 'every id not a number') return Object.fromEntries(names.map((name) => [name, 'abc']));
          const missing = names.find((name) => form === `${name} naming no resource`);
          return missing ? { ...ids, [missing]: MISSING_ID } : ids;
        };
        const answers = await Promise.all(
          sent.map(async (request) => ({
            ...request,
            answer: await t.raw({ method: request.method, path: fillPath(path, idsOf(request.form)), body: request.method === 'GET' ? undefined : '{}', contentType: request.method === 'GET' ? undefined : 'application/json' }),
          })),
        );
        for (const { method: each, form, answer } of answers) {
          const what = `${each} ${path}${names.length > 0 ? `, ${form}` : ''}`;
          if (!t.verify(answer.status === 405, `${what}: answered ${answer.status ?? 'nothing'}; expected 405, which comes before the resource is looked up or the ids judged`, { evidence: answer.exchange })) continue;
          const problem = allowProblem(new Headers(answer.exchange.response?.headers ?? []).get('allow'), allowed);
          t.verify(problem === undefined, `${what}: ${problem}`, { evidence: answer.exchange });
        }
      });
    }
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
