/**
 * auth.workspace-scope and resources.refused-write-changes-nothing, with --token2: an update or delete
 * sent with the token of another workspace is answered 404, and the resource is not changed, EVERY
 * field. security/workspace-isolation.test.ts reads the shared fixtures right after the 404 and looks
 * for the values sent; a server that hands the write to a queue addressed by the id alone lands it just
 * after the answer, where only a read made later shows it. Here each resource is the test's own (no
 * other test writes to it): it is read whole, the second workspace's write is refused, one more request
 * is answered, and the owner reads it again: every field as before. Nothing the owner did changed it,
 * so a correct server answers the two reads alike.
 */
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { Resources } from '../resources.ts';
import { UPDATES, type Json } from './update-subjects.ts';

const RULES = ['auth.workspace-scope', 'resources.refused-write-changes-nothing'];

interface Subject {
  /** A fresh resource of the test's own: the ids of its path. */
  make: (resources: Resources, t: Kit) => Promise<Record<string, number>>;
  /** The owner's view of it, whole; undefined where it is not found. */
  read: (t: Kit, ids: Record<string, number>) => Promise<Json | undefined>;
  /** What the second workspace sends (an update's new values; none for a delete). */
  body?: (t: Kit) => Json;
}

/** The owner's read by a get operation. */
const byGet = (readerId: string) => async (t: Kit, ids: Record<string, number>) => {
  const { status, json } = await t.call(t.contract.operation(readerId), { ids });
  return status === 200 ? (json as Json) : undefined;
};

/** New values for every field the update tests change. */
const newValues = (fields: string[]) => (t: Kit): Json =>
  Object.fromEntries(fields.map((field) => [field, field === 'color' ? `#${t.random.int(0, 0xffffff).toString(16).padStart(6, '0').toUpperCase()}` : t.names.name(`${field}-foreign`)]));

const SUBJECTS: Record<string, Subject> = {
  ...Object.fromEntries(Object.entries(UPDATES).map(([operationId, update]) => [operationId, { make: update.make, read: byGet(update.readerId), body: newValues(update.fields) }])),
  deletePost: { make: async (resources) => ({ page_id: resources.sharedPageId(), id: (await resources.post(resources.sharedPageId())).id }), read: byGet('getPost') },
  deleteCategory: { make: async (resources) => ({ page_id: resources.sharedPageId(), id: (await resources.category(resources.sharedPageId())).id }), read: byGet('getCategory') },
  deleteEmail: { make: async (resources) => ({ newsletter_id: resources.sharedNewsletterId(), id: (await resources.email(resources.sharedNewsletterId())).id }), read: byGet('getEmail') },
  deleteSubscriber: {
    make: async (resources) => {
      // A newsletter of the test's own: its subscriber list is short and changes only here.
      const newsletter = await resources.newsletter('foreign-delete');
      return { newsletter_id: newsletter.id, id: (await resources.subscriber(newsletter.id)).id };
    },
    read: async (t, ids) => {
      const { status, json } = await t.call(t.contract.operation('listSubscribers'), { ids: { newsletter_id: ids.newsletter_id! }, query: { size: 100 } });
      const items = status === 200 ? ((json as { result?: Json[] }).result ?? []) : [];
      return items.find((item) => item.id === ids.id);
    },
  },
};

for (const [operationId, subject] of Object.entries(SUBJECTS)) {
  forOperation(operationId, (test) => {
    test("changes no field of a resource when another workspace's write of it is refused 404, as read once one more request was answered", { check: 'workspace_isolation', rules: RULES, needs: ['token_validation', 'state'] }, async (t: Kit) => {
      if (!t.options.token2) t.notApplicable('needs --token2, a token of a second workspace');
      const ids = await subject.make(new Resources(t), t);
      const before = await subject.read(t, ids);
      t.ensure(before !== undefined, `the resource the test made (${JSON.stringify(ids)}) cannot be read`);
      const body = subject.body?.(t);
      const refused = await t.call(t.contract.operation(operationId), { ids, ...(body ? { body } : {}), authorization: `Bearer ${t.options.token2}` });
      // Whether the answer is 404 is judged by workspace-isolation.test.ts; here a refusal is what counts.
      if (refused.status !== 404) t.notApplicable(`the second workspace's ${operationId} answered ${refused.status ?? 'nothing'}, not the 404 this test follows`);
      // One more request answered (a read of the resource), so that a write queued behind the 404 has landed.
      await subject.read(t, ids);
      const after = await subject.read(t, ids);
      t.verify(
        JSON.stringify(after) === JSON.stringify(before),
        `after the second workspace's ${operationId}${body ? ` ${JSON.stringify(body)}` : ''} was answered 404, the owner reads ${after === undefined ? 'nothing (the resource is gone)' : JSON.stringify(after)}; before it read ${JSON.stringify(before)}`,
        { evidence: refused.exchange },
      );
    });
  });
}
