/**
 * resources.refused-write-changes-nothing for an update refused for one of the fields it names: a
 * `PATCH` of a new name (or description) together with a slug another resource of the parent holds is a
 * `409`, and neither field is written; the resource reads as before, in its get and its list. A server
 * that writes the fields it checked before the one it refuses keeps the rename, which a `409` of a body
 * naming the slug alone cannot show.
 */
import type { Page } from '../../../generated/openapi.d.ts';
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { Resources } from '../resources.ts';
import { readResource, updateResource, type Json } from './update-subjects.ts';

/** Two resources of one parent, and the fields an update of the first sends beside the second's slug. */
const SUBJECTS: Record<string, { readerId: string; make: (t: Kit) => Promise<{ ids: Record<string, number>; takenSlug: string; beside: Json }> }> = {
  updatePage: {
    readerId: 'getPage',
    make: async (t) => {
      const resources = new Resources(t);
      const [first, second]: Page[] = [await resources.page('refused-whole'), await resources.page('refused-whole')];
      return { ids: { id: first!.id }, takenSlug: second!.slug, beside: { name: t.names.name('refused-whole renamed') } };
    },
  },
  updateCategory: {
    readerId: 'getCategory',
    make: async (t) => {
      const resources = new Resources(t);
      const pageId = resources.sharedPageId();
      const [first, second] = [await resources.category(pageId), await resources.category(pageId)];
      return { ids: { page_id: pageId, id: first.id }, takenSlug: second.slug, beside: { name: t.names.name('refused-whole renamed'), description: t.names.name('refused-whole described') } };
    },
  },
};

for (const [operationId, subject] of Object.entries(SUBJECTS)) {
  forOperation(operationId, (test) => {
    test('writes nothing of an update refused with 409 for a taken slug, not even the other fields it names', { check: 'failed_write_leaves_nothing', rules: ['resources.refused-write-changes-nothing'], needs: ['state'] }, async (t: Kit) => {
      const { ids, takenSlug, beside } = await subject.make(t);
      const before = await readResource(t, subject.readerId, ids);
      const { status, exchange } = await t.call(t.contract.operation(operationId), { ids, body: { ...beside, slug: takenSlug } });
      t.ensure(status === 409, `${operationId} of ${Object.keys(beside).join(', ')} with slug ${takenSlug}, which another resource holds, answered ${status ?? 'nothing'}; expected 409`, { evidence: exchange, check: 'conflict_detection' });
      const after = await readResource(t, subject.readerId, ids);
      const changed = Object.keys(before).filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]));
      t.verify(changed.length === 0, `the refused ${operationId} changed ${changed.map((field) => `${field} (${JSON.stringify(before[field])} before, ${JSON.stringify(after[field])} after)`).join(', ')}; a 409 writes nothing`, { evidence: exchange });
      // Afterwards the same fields without the slug are accepted: the refusal was the slug's alone.
      await updateResource(t, operationId, ids, beside);
    });
  });
}
