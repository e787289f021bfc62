/**
 * responses.timestamps-in-order over creates: a create sent after another write's answer was received
 * happens after it, so the `created_at` it records is not earlier than the time that write recorded.
 * timestamps-in-order.test.ts judges the updates (and, through them, the creates their subjects make);
 * this judges every create operation in its own tests, subscribers' too, which no update reaches.
 *
 * Two resources of the operation, with another write between them that records a time of its own
 * (`updated_at` of a rename): of their parent, a page or newsletter of the test's own, or for a page or
 * newsletter of the first one made. Each write is sent STAMP_GAP_MS after the previous answer, and the
 * three stamps, in the order of the writes, never go backwards. A server that stamps a create with a
 * time it remembered (a batch's, a parent's first write's) shows it: the second resource is older than
 * the rename made before it. The writes stay in the operation's own family of resources (pages with
 * their posts and categories, newsletters with their emails and subscribers). Equal times are right (a
 * coarse clock may stamp all three alike), so a correct server never fails it.
 */
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { Resources } from '../resources.ts';
import { verifyStampsInOrder, type WriteStamp } from './stamps-in-order.ts';
import { pastStampGap, updateResource } from './update-subjects.ts';

const RULES = ['responses.timestamps-in-order'];

interface Stamped {
  id: number;
  created_at: string;
}

type Top = 'updatePage' | 'updateNewsletter';

/**
 * Each create operation: the top-level resource it is made in, or made as (renamed in between), and how
 * to make one resource in (or as) it.
 */
const CREATES: Record<string, { parent: Top; make: (resources: Resources, parentId?: number) => Promise<Stamped>; own?: true }> = {
  createPage: { parent: 'updatePage', make: (resources) => resources.page('ordered'), own: true },
  createNewsletter: { parent: 'updateNewsletter', make: (resources) => resources.newsletter('ordered'), own: true },
  createCategory: { parent: 'updatePage', make: (resources, pageId) => resources.category(pageId!) },
  createPost: { parent: 'updatePage', make: (resources, pageId) => resources.post(pageId!) },
  createEmail: { parent: 'updateNewsletter', make: (resources, newsletterId) => resources.email(newsletterId!) },
  createSubscriber: { parent: 'updateNewsletter', make: (resources, newsletterId) => resources.subscriber(newsletterId!) },
};

for (const [operationId, { parent, make, own }] of Object.entries(CREATES)) {
  forOperation(operationId, (test) => {
    test('records its creates in the order they were made: a create stamps no earlier than the write answered before it, a rename of its parent or of the first one', { check: 'timestamps_in_order', rules: RULES, needs: ['state'] }, async (t: Kit) => {
      const resources = new Resources(t);
      const stamps: WriteStamp[] = [];
      // A parent of the test's own: a server's memory per parent starts with this test.
      const parentId = own ? undefined : (parent === 'updatePage' ? await resources.page('ordered') : await resources.newsletter('ordered')).id;
      const first = await make(resources, parentId);
      stamps.push({ write: `${operationId} of a first resource (${first.id})`, field: 'created_at', at: first.created_at });
      await pastStampGap();
      const renamedId = parentId ?? first.id;
      const renamed = await updateResource(t, parent, { id: renamedId }, { name: t.names.name('stamped-between') });
      stamps.push({ write: `${parent} of ${parentId ? 'its parent' : 'the first resource'} (${renamedId})`, field: 'updated_at', at: String(renamed.updated_at) });
      await pastStampGap();
      const second = await make(resources, parentId);
      stamps.push({ write: `${operationId} of a second resource (${second.id})`, field: 'created_at', at: second.created_at });
      verifyStampsInOrder(t, stamps);
    });
  });
}
