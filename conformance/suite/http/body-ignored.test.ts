/**
 * requests.body-ignored-without-operation-body: an operation that takes no body ignores one that is
 * sent anyway, whatever it holds. A GET with a body (sent through node:http, since fetch refuses) and a
 * DELETE with one each get the answer they would get without it; a server that reads such a body and
 * answers 400 or 415 breaks clients and proxies that attach one.
 */
import { sendGetWithBody } from '../../http/body-on-get.ts';
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { Resources } from '../resources.ts';

/** Neither JSON nor declared as what it is: a server that reads it can only refuse it. */
const STRAY_BODY = '{"this is": not JSON';

forOperation('listPages', (test) => {
  test('ignores a body sent with GET: the list answers 200 as without it', { check: 'positive_data_acceptance', rules: ['requests.body-ignored-without-operation-body'], needs: ['body_ignored'] }, async (t: Kit) => {
    const plain = await t.raw({ method: 'GET', path: '/pages', query: { size: 1 } });
    t.ensure(plain.status === 200, `listPages without a body answered ${plain.status ?? 'nothing'}`, { evidence: plain.exchange });
    const headers: Record<string, string> = { ...t.options.headers, Authorization: `Bearer ${t.options.token}`, 'Content-Type': 'application/json' };
    const exchange = await sendGetWithBody({ url: `${t.options.baseUrl}/pages?size=1`, headers, body: STRAY_BODY, timeoutMs: t.options.requestTimeoutSeconds * 1000 });
    t.observe(exchange);
    const status = exchange.response?.status;
    t.verify(status === 200, `GET /pages with a body that is not JSON answered ${status ?? `nothing (${exchange.error})`}; without the body it answers 200: a GET's body is ignored`, { evidence: exchange });
  });
});

forOperation('deleteCategory', (test) => {
  test('ignores a body sent with DELETE: the category is deleted with 204', { check: 'positive_data_acceptance', rules: ['requests.body-ignored-without-operation-body'], needs: ['state'] }, async (t: Kit) => {
    const resources = new Resources(t);
    const pageId = resources.sharedPageId();
    const category = await resources.category(pageId);
    const path = `/pages/${pageId}/categories/${category.id}`;
    const { status, exchange } = await t.raw({ method: 'DELETE', path, body: STRAY_BODY, contentType: 'application/json' });
    t.verify(status === 204, `DELETE ${path} with a body that is not JSON answered ${status ?? 'nothing'}; without the body it answers 204: a DELETE's body is ignored`, { evidence: exchange });
  });
});
