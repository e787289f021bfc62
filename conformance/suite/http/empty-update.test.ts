/**
 * A PATCH of `{}` changes nothing (the contract's introduction, Requests): it answers 200 with the
 * resource exactly as it was, `updated_at` included, and a read afterwards agrees. Checked on a resource
 * of the test's own for each update operation; updateNewsletter and updateAuthor have the same check in
 * their own files (the author one under the shared author's lock).
 */
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { Resources } from '../resources.ts';

/** The path of a fresh resource of the test's own, for each update operation checked here. */
const OWN_RESOURCE: Record<string, (resources: Resources) => Promise<string>> = {
  updatePage: async (resources) => `/pages/${(await resources.page('unchanged')).id}`,
  updatePost: async (resources) => {
    const pageId = resources.sharedPageId();
    return `/pages/${pageId}/posts/${(await resources.post(pageId)).id}`;
  },
  updateCategory: async (resources) => {
    const pageId = resources.sharedPageId();
    return `/pages/${pageId}/categories/${(await resources.category(pageId)).id}`;
  },
  updateEmail: async (resources) => {
    const email = await resources.email(resources.sharedNewsletterId());
    return `/newsletters/${email.newsletter_id}/emails/${email.id}`;
  },
};

for (const [operationId, ownResource] of Object.entries(OWN_RESOURCE)) {
  forOperation(operationId, (test) => {
    test('changes nothing for {}, updated_at included', { check: 'crud_agreement', rules: ['resources.empty-update-unchanged'], needs: ['state'] }, async (t: Kit) => {
      const path = await ownResource(new Resources(t));
      const before = await t.raw({ method: 'GET', path });
      t.ensure(before.status === 200, `reading ${path} answered ${before.status ?? 'nothing'}`, { evidence: before.exchange });
      // A clock of millisecond precision moves between the create and the PATCH.
      await new Promise((resolve) => setTimeout(resolve, 5));
      const patched = await t.raw({ method: 'PATCH', path, body: '{}', contentType: 'application/json' });
      t.ensure(patched.status === 200, `{} answered ${patched.status ?? 'nothing'}; expected 200`, { evidence: patched.exchange });
      t.verify(JSON.stringify(patched.json) === JSON.stringify(before.json), `{} changed the resource: ${JSON.stringify(before.json)} became ${JSON.stringify(patched.json)}`, { evidence: patched.exchange });
      const after = await t.raw({ method: 'GET', path });
      t.verify(JSON.stringify(after.json) === JSON.stringify(before.json), `after {} the resource reads ${JSON.stringify(after.json)}; before it read ${JSON.stringify(before.json)}`, { evidence: after.exchange });
    });
  });
}
