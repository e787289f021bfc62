/**
 * resources.parent-unchanged-by-children and resources.update-kept, for every get of a resource that
 * has children (a page: posts and categories; a newsletter: emails and subscribers; read from the
 * contract: the paths under `/<kind>/{<kind>_id}/`): a parent of the test's own is read, then written
 * under, a child of every kind created and then changed (updated, and for emails sent too: every
 * write a child takes), and afterwards its get shows it exactly as before, `updated_at` included, and
 * its entry in its own list shows every field the get does. A server that reads a parent's "last
 * activity" from its children (a `max(updated_at)` joined in), or stamps the parent on a child's
 * write, passes every test of a parent read without children or only through one of the two reads.
 *
 * Cost, per parent kind: the parent, a child of each kind and one more email, their changes (at once),
 * and the parent read three times (its get twice, its list once, the last two at once).
 */
import type { OperationInfo } from '../../contract/document.ts';
import { suiteContext } from '../context.ts';
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { Resources } from '../resources.ts';
import { differences, listedItem, listOf, pastStampGap, readResource, type Json } from './update-subjects.ts';

const { contract } = suiteContext();

/** The writes of every kind of child a parent holds, by the path parameter that names the parent; each ensures its own success. */
const CHILD_WRITES: Record<string, (t: Kit, parentId: number) => Promise<void>> = {
  page_id: async (t, pageId) => {
    const resources = new Resources(t);
    const [category, post] = await Promise.all([resources.category(pageId), resources.post(pageId, { author_id: resources.authorId() })]);
    await pastStampGap();
    await Promise.all([
      ensureOk(t, 'updateCategory', t.api.PATCH('/pages/{page_id}/categories/{id}', { params: { path: { page_id: pageId, id: category.id } }, body: { name: t.names.name('renamed') } })),
      ensureOk(t, 'updatePost', t.api.PATCH('/pages/{page_id}/posts/{id}', { params: { path: { page_id: pageId, id: post.id } }, body: { title: t.names.name('retitled'), status: 'published', category_id: category.id } })),
    ]);
  },
  newsletter_id: async (t, newsletterId) => {
    const resources = new Resources(t);
    const content = { content_html: '<p>Sent by the conformance suite to a reserved example.com address.</p>', author_id: resources.authorId() };
    const [, updated, sent] = await Promise.all([resources.subscriber(newsletterId), resources.email(newsletterId, content), resources.email(newsletterId, content)]);
    await pastStampGap();
    const ids = (id: number) => ({ newsletter_id: newsletterId, id });
    await Promise.all([
      ensureOk(t, 'updateEmail', t.api.PATCH('/newsletters/{newsletter_id}/emails/{id}', { params: { path: ids(updated.id) }, body: { subject: t.names.name('resubjected') } })),
      ensureOk(t, 'sendEmail', t.api.POST('/newsletters/{newsletter_id}/emails/{id}/send', { params: { path: ids(sent.id) }, body: {} })),
    ]);
  },
};

async function ensureOk(t: Kit, operationId: string, sent: Promise<{ response: Response }>): Promise<void> {
  const { response } = await sent;
  t.ensure(response.status === 200, `${operationId} of a child of the test's own answered ${response.status}; expected 200`);
}

/** The gets of a resource with children: `/<kind>/{id}` where the contract has paths under `/<kind>/{<x>_id}/`. */
const PARENT_GETS = contract.operations.flatMap((operation) => {
  const match = /^\/([a-z_]+)\/\{id\}$/.exec(operation.path);
  if (operation.method !== 'GET' || !match) return [];
  const parameter = Object.keys(CHILD_WRITES).find((name) => contract.operations.some((candidate) => candidate.path.startsWith(`/${match[1]}/{${name}}/`)));
  const create = contract.operations.find((candidate) => candidate.method === 'POST' && candidate.path === `/${match[1]}`);
  return parameter && create ? [{ get: operation, create, parameter }] : [];
});

for (const { get, create, parameter } of PARENT_GETS) {
  const list = listOf(contract, get.operationId);
  forOperation(get.operationId, (test) => {
    test(`reads a parent written under (a child of every kind created and changed) exactly as before, updated_at included, and as its list shows it`, { check: 'crud_agreement', rules: ['resources.parent-unchanged-by-children', 'resources.update-kept'], needs: ['state'] }, async (t: Kit) => {
      const parentId = await made(t, create);
      const before = await readResource(t, get.operationId, { id: parentId });
      await pastStampGap();
      await CHILD_WRITES[parameter]!(t, parentId);
      const [after, listed] = await Promise.all([readResource(t, get.operationId, { id: parentId }), list ? listedItem(t, list.operation, {}, parentId) : undefined]);
      const changed = differences(before, after, Object.keys(before));
      t.verify(changed.length === 0, `after a child of every kind was created and changed under ${parentId}, ${get.operationId} shows ${changed.join('; ')}: a child's write changes nothing of its parent`, { rules: ['resources.parent-unchanged-by-children'] });
      if (!list) return;
      if (!t.verify(listed !== undefined, `${list.operation.operationId} does not list ${parentId}, made by the test`, { rules: ['resources.update-kept'] })) return;
      const disagree = differences(after, listed!, list.fields);
      t.verify(disagree.length === 0, `after a child of every kind was created and changed under ${parentId}, ${list.operation.operationId} shows it otherwise than ${get.operationId} reads it: ${disagree.join('; ')}`, { rules: ['resources.update-kept', 'resources.parent-unchanged-by-children'] });
    });
  });
}

/** A parent of the test's own (pages and newsletters stay: they cannot be deleted). */
async function made(t: Kit, create: OperationInfo): Promise<number> {
  const { status, json, exchange } = await t.call(create, { ids: {}, body: { name: t.names.name('parent') } });
  t.ensure(status === 201, `${create.operationId} answered ${status ?? 'nothing'}; expected 201`, { evidence: exchange });
  return (json as Json & { id: number }).id;
}
