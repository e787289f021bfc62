/**
 * http.head after each kind of write a list shows: for every list under a parent the test can own
 * (posts, categories, emails, subscribers), a `HEAD` of the list, then a create under the parent, then
 * a delete of what was made, each followed by a GET, a HEAD and a GET of the same URL: the HEAD's
 * Content-Length is the length of the GETs' body (RFC 9110 section 8.6). The HEAD tests read each URL
 * once; a server that answers HEAD from what it kept of an earlier answer to the same URL (a length, a
 * page) is right until a write changes the list, and shows only here.
 *
 * Cost, per list: a parent and one item made, the item deleted, and three GETs and three HEADs.
 */
import { headContentLengthProblem } from '../../contract/head-content-length.ts';
import { suiteContext } from '../context.ts';
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { fillPath } from '../requests.ts';
import { Resources } from '../resources.ts';
import { hasOwnParent, isList, oneMoreItem } from './populated.ts';

const { contract } = suiteContext();

/** A parent of the test's own for the list's path: its path ids. */
async function ownParent(t: Kit, path: string): Promise<Record<string, number>> {
  const resources = new Resources(t);
  if (path.includes('{page_id}')) return { page_id: (await resources.page('head-after-write')).id };
  return { newsletter_id: (await resources.newsletter('head-after-write')).id };
}

for (const operation of contract.operations.filter((candidate) => isList(contract, candidate) && hasOwnParent(candidate))) {
  const remove = contract.operations.find((candidate) => candidate.method === 'DELETE' && candidate.path === `${operation.path}/{id}`);
  forOperation(operation.operationId, (test) => {
    test(`answers HEAD as GET after a create and a delete under the parent, not as the list was before`, { check: 'head_as_get', rules: ['http.head'], needs: ['head', 'state'] }, async (t: Kit) => {
      const ids = await ownParent(t, operation.path);
      const request = { method: 'GET', path: fillPath(operation.path, ids) } as const;
      const before = await t.raw({ ...request, method: 'HEAD' });
      t.ensure(before.status === 200, `HEAD ${request.path} answered ${before.status ?? 'nothing'}; expected 200`, { evidence: before.exchange });
      const judge = async (after: string) => {
        const get = await t.raw(request);
        const head = await t.raw({ ...request, method: 'HEAD' });
        const getAgain = await t.raw(request);
        const problem = headContentLengthProblem(get.exchange, head.exchange, getAgain.exchange);
        t.verify(problem === undefined, `after ${after}: ${problem}`, { evidence: head.exchange });
      };
      const made = await oneMoreItem(t, operation, ids);
      await judge(`an item made under the parent (${made})`);
      if (!remove) return;
      const deleted = await t.call(remove, { ids: { ...ids, id: made } });
      t.ensure(deleted.status === 204, `${remove.operationId} of ${made} answered ${deleted.status ?? 'nothing'}; expected 204`, { evidence: deleted.exchange });
      await judge(`${made} deleted`);
    });
  });
}
