/**
 * requests.body-ignored-without-operation-body: "A body sent to an operation that takes none (GET,
 * DELETE) is ignored, whatever it holds: the answer is the one the request gets without it." Every
 * operation of the contract that takes no body is sent one of each kind (stray-bodies.ts: JSON, JSON
 * that does not parse, text, a form, bytes with and without a Content-Type, a Content-Encoding known
 * and unknown), all at once beside the same request without one, and must answer as that request did.
 *
 * A GET (each body) and a HEAD (one body, drawn from the seed) go through node:http, since fetch
 * refuses a body on them; they read the resources the operation's tests read. A DELETE deletes a
 * resource of its own with one body (drawn from the seed: 204, as without it), then sends every body
 * again to the deleted resource beside a bare DELETE (404 all): a server that refuses a body before it
 * looks the resource up shows on either, one that refuses it only once found on the first.
 */
import { sendGetWithBody } from '../../http/body-on-get.ts';
import type { Exchange } from '../../http/exchange.ts';
import type { OperationInfo } from '../../contract/document.ts';
import { forOperation } from '../harness.ts';
import { suiteContext } from '../context.ts';
import type { Kit } from '../kit.ts';
import { fillPath, pathIdsFor } from '../requests.ts';
import { STRAY_BODIES, type StrayBody } from '../stray-bodies.ts';

const { contract } = suiteContext();

const RULE = 'requests.body-ignored-without-operation-body';

/** A GET or HEAD of `path` carrying `stray`, through node:http. */
function readWithBody(t: Kit, method: 'GET' | 'HEAD', path: string, stray: StrayBody): Promise<Exchange> {
  const headers: Record<string, string> = { ...t.options.headers, Authorization: `Bearer ${t.options.token}`, ...stray.headers };
  return sendGetWithBody({ method, url: `${t.options.baseUrl}${path}`, headers, body: stray.body, timeoutMs: t.options.requestTimeoutSeconds * 1000 });
}

/** A DELETE of `path` carrying `stray`. */
const deleteWithBody = (t: Kit, path: string, stray: StrayBody) => t.raw({ method: 'DELETE', path, body: stray.body, headers: stray.headers });

async function readsIgnoringBodies(t: Kit, operation: OperationInfo): Promise<void> {
  const path = fillPath(operation.path, await pathIdsFor(t, operation));
  const onHead = t.random.pick(STRAY_BODIES);
  const [plain, heads, ...gets] = await Promise.all([
    t.raw({ method: 'GET', path }),
    readWithBody(t, 'HEAD', path, onHead),
    ...STRAY_BODIES.map((stray) => readWithBody(t, 'GET', path, stray)),
  ]);
  t.ensure(plain.status === 200, `GET ${path} without a body answered ${plain.status ?? 'nothing'}`, { evidence: plain.exchange });
  for (const [stray, exchange] of [...STRAY_BODIES.map((stray, index) => [stray, gets[index]!] as const), [onHead, heads] as const]) {
    t.observe(exchange);
    const { method } = exchange.request;
    const status = exchange.response?.status;
    t.verify(status === 200, `${method} ${path} with a body (${stray.name}) answered ${status ?? `nothing (${exchange.error})`}; without the body GET answers 200: a body the operation does not take is ignored`, { evidence: exchange });
  }
}

async function deletesIgnoringBodies(t: Kit, operation: OperationInfo): Promise<void> {
  const path = fillPath(operation.path, await pathIdsFor(t, operation));
  const first = t.random.pick(STRAY_BODIES);
  const deleted = await deleteWithBody(t, path, first);
  t.verify(deleted.status === 204, `DELETE ${path} of an existing resource with a body (${first.name}) answered ${deleted.status ?? 'nothing'}; without the body it answers 204: a DELETE's body is ignored`, { evidence: deleted.exchange });
  const [plain, ...again] = await Promise.all([t.raw({ method: 'DELETE', path }), ...STRAY_BODIES.map((stray) => deleteWithBody(t, path, stray))]);
  if (deleted.status !== 204) return;
  t.ensure(plain.status === 404, `DELETE ${path} again, without a body, answered ${plain.status ?? 'nothing'}`, { evidence: plain.exchange });
  STRAY_BODIES.forEach((stray, index) => {
    const { status, exchange } = again[index]!;
    t.verify(status === 404, `DELETE ${path} of the deleted resource with a body (${stray.name}) answered ${status ?? 'nothing'}; without the body it answers 404: a DELETE's body is ignored`, { evidence: exchange });
  });
}

for (const operation of contract.operations) {
  if (operation.requestBody || (operation.method !== 'GET' && operation.method !== 'DELETE')) continue;
  forOperation(operation.operationId, (test) => {
    if (operation.method === 'GET') {
      test('ignores a body of every kind sent with GET or HEAD: answers as without it', { check: 'positive_data_acceptance', rules: [RULE], needs: ['body_ignored', 'head'] }, (t: Kit) => readsIgnoringBodies(t, operation));
    } else {
      test('ignores a body of every kind sent with DELETE: deletes with 204, then answers 404, as without it', { check: 'positive_data_acceptance', rules: [RULE], needs: ['state', 'body_ignored'] }, (t: Kit) => deletesIgnoringBodies(t, operation));
    }
  });
}
