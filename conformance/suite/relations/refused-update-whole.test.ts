/**
 * resources.refused-write-changes-nothing for an update refused with `409` for a value another
 * resource of the parent holds (every update whose contract declares such a `409`): a `PATCH` of a new
 * name (or description) together with a slug another resource holds, and a rename to a name another
 * holds, are refused, and nothing is written; the resource reads as before, every field, `updated_at`
 * included. A server that writes the fields it checked before the one it refuses keeps the rename, which
 * a `409` of a body naming the slug alone cannot show; one that stamps `updated_at` on its own, just
 * after the answer ("last touched"), shows only in a read made once one more request has been answered.
 */
import type { Newsletter, Page } from '../../../generated/openapi.d.ts';
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { Resources } from '../resources.ts';
import { readResource, updateResource, type Json } from './update-subjects.ts';

/** An update the contract refuses with 409, and the same update without what it refuses (accepted). */
interface Refusal {
  /** In words: `name with a taken slug`. */
  what: string;
  refused: Json;
  accepted: Json;
}

/** Two resources of one parent: the ids of the first, and the updates of it that the second's values make a 409. */
const SUBJECTS: Record<string, { readerId: string; make: (t: Kit) => Promise<{ ids: Record<string, number>; refusals: Refusal[] }> }> = {
  updatePage: {
    readerId: 'getPage',
    make: async (t) => {
      const resources = new Resources(t);
      const [first, second]: Page[] = [await resources.page('refused-whole'), await resources.page('refused-whole')];
      const beside = { name: t.names.name('refused-whole renamed') };
      return {
        ids: { id: first!.id },
        refusals: [
          { what: 'a new name with a taken slug', refused: { ...beside, slug: second!.slug }, accepted: beside },
          { what: 'a taken name', refused: { name: second!.name }, accepted: { name: t.names.name('refused-whole renamed') } },
        ],
      };
    },
  },
  updateCategory: {
    readerId: 'getCategory',
    make: async (t) => {
      const resources = new Resources(t);
      const pageId = resources.sharedPageId();
      const [first, second] = [await resources.category(pageId), await resources.category(pageId)];
      const beside = { name: t.names.name('refused-whole renamed'), description: t.names.name('refused-whole described') };
      return { ids: { page_id: pageId, id: first.id }, refusals: [{ what: 'a new name and description with a taken slug', refused: { ...beside, slug: second.slug }, accepted: beside }] };
    },
  },
  updateNewsletter: {
    readerId: 'getNewsletter',
    make: async (t) => {
      const resources = new Resources(t);
      const [first, second]: Newsletter[] = [await resources.newsletter('refused-whole'), await resources.newsletter('refused-whole')];
      return { ids: { id: first!.id }, refusals: [{ what: 'a taken name', refused: { name: second!.name }, accepted: { name: t.names.name('refused-whole renamed') } }] };
    },
  },
};

for (const [operationId, subject] of Object.entries(SUBJECTS)) {
  forOperation(operationId, (test) => {
    test('writes nothing of an update refused with 409 for a taken value, not even updated_at or the other fields it names', { check: 'failed_write_leaves_nothing', rules: ['resources.refused-write-changes-nothing'], needs: ['state'] }, async (t: Kit) => {
      const { ids, refusals } = await subject.make(t);
      for (const { what, refused, accepted } of refusals) {
        const before = await readResource(t, subject.readerId, ids);
        // A clock of millisecond precision moves before the refusal, so an updated_at stamped by it shows.
        await new Promise((resolve) => setTimeout(resolve, 5));
        const { status, exchange } = await t.call(t.contract.operation(operationId), { ids, body: refused });
        t.ensure(status === 409, `${operationId} of ${what} (${JSON.stringify(refused)}), held by another resource, answered ${status ?? 'nothing'}; expected 409`, { evidence: exchange, check: 'conflict_detection' });
        // Read once one more request has been answered, so a write the server makes just after the refusal shows.
        await readResource(t, subject.readerId, ids);
        const after = await readResource(t, subject.readerId, ids);
        const changed = Object.keys(before).filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]));
        t.verify(changed.length === 0, `the refused ${operationId} of ${what} changed ${changed.map((field) => `${field} (${JSON.stringify(before[field])} before, ${JSON.stringify(after[field])} after)`).join(', ')}; a 409 writes nothing`, { evidence: exchange });
        // Afterwards the update without what was refused is accepted: the refusal was that value's alone.
        await updateResource(t, operationId, ids, accepted);
      }
    });
  });
}
