/**
 * resources.update-kept ("create, get, list and update agree with each other") and
 * resources.answer-as-stored, on the reads' own tests: every get, and every list whose items a get
 * reads, is asked for a resource updated once since it was made (a few milliseconds later, so that its
 * `updated_at` is no longer its `created_at`), and answers it as the update answered it, every field.
 * A read that takes a field from what the resource was made with (`updated_at` read as `created_at`, a
 * summary written at creation) is right for a resource never changed, which is what most tests read;
 * the updates' own tests compare the reads only in a run that includes the update.
 *
 * The resources are the ones update-subjects.ts makes (a page, newsletter, category, post and email of
 * the test's own, every optional field filled), and the shared author, under its lock and set back
 * afterwards, where the suite may change it (--fixtures names it, or --disposable-target).
 *
 * Cost: per test, the resource made, read, updated and read once more (the author: no resource made).
 */
import type { OperationInfo } from '../../contract/document.ts';
import { suiteContext } from '../context.ts';
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { Resources } from '../resources.ts';
import { AUTHOR_NOT_WRITABLE, holdingAuthor } from '../shared-author.ts';
import { changedValue } from './changed-values.ts';
import { AUTHOR_FIELDS, changedFields, differences, listOf, pastStampGap, readResource, updateResource, UPDATES, verifyStamped, walkList, type Json } from './update-subjects.ts';

const { contract } = suiteContext();

const RULES = ['resources.update-kept', 'resources.answer-as-stored', 'resources.update-stamped'];
/** What a read that shows the resource otherwise than the update answered breaks (the stamp is judged apart). */
const AGREEMENT = { rules: ['resources.update-kept', 'resources.answer-as-stored'] };

/** A resource updated once since it was made: its path ids, and what the update answered. */
interface Updated {
  ids: Record<string, number>;
  answer: Json;
}

/**
 * Runs `judge` on a resource updated once since it was made, while nothing else changes it. With
 * `newerSibling`, another resource of its kind is made under the same parent between the make and the
 * update, so the list's newest-first order (created_at, never updated_at) puts it ahead of the updated
 * one; its id is given to `judge`.
 */
type WithUpdated = (t: Kit, judge: (updated: Updated & { newer?: number }) => Promise<void>, newerSibling?: boolean) => Promise<void>;

/**
 * Reads the resource, then, a few milliseconds later, updates every field of `fields` to a value it
 * does not have: the update changes stored values, so it records its own time (verifyStamped).
 */
async function updateOnce(t: Kit, resources: Resources, operationId: string, readerId: string, fields: string[], ids: Record<string, number>): Promise<Updated> {
  const before = await readResource(t, readerId, ids);
  const body: Json = {};
  for (const field of fields) body[field] = await changedValue(t, resources, operationId, field, before, ids);
  await pastStampGap();
  const answer = await updateResource(t, operationId, ids, body);
  verifyStamped(t, `an update of ${fields.join(', ')} sent after the resource was made`, before, changedFields(before, body), [[answer, 'answered']]);
  return { ids, answer };
}

/** What each get reads, updated once: a resource of the test's own by its update (update-subjects.ts). */
const UPDATED: Record<string, { updateId: string; within: WithUpdated }> = Object.fromEntries(
  Object.entries(UPDATES).map(([operationId, subject]) => [
    subject.readerId,
    {
      updateId: operationId,
      within: async (t: Kit, judge: (updated: Updated & { newer?: number }) => Promise<void>, newerSibling = false) => {
        const resources = new Resources(t);
        const ids = await subject.make(resources, t);
        const newer = newerSibling ? (await (subject.makeBare ?? subject.make)(resources, t)).id : undefined;
        await judge({ ...(await updateOnce(t, resources, operationId, subject.readerId, subject.fields, ids)), ...(newer === undefined ? {} : { newer }) });
      },
    },
  ]),
);

// The shared author, under its lock from the update to the last read; its fields are set back after.
UPDATED.getAuthor = {
  updateId: 'updateAuthor',
  within: async (t, judge) => {
    const resources = new Resources(t);
    const id = resources.sharedAuthorId();
    if (!t.fixtures.authorWritable) t.notApplicable(AUTHOR_NOT_WRITABLE);
    await holdingAuthor(t, id, async () => {
      const original = await readResource(t, 'getAuthor', { id });
      try {
        await judge(await updateOnce(t, resources, 'updateAuthor', 'getAuthor', AUTHOR_FIELDS, { id }));
      } finally {
        await t.api.PATCH('/authors/{id}', { params: { path: { id } }, body: Object.fromEntries(AUTHOR_FIELDS.map((field) => [field, original[field]])) as never });
      }
    });
  },
};

/**
 * The query that lists the item where the list has a filter with a default (an author list shows only
 * active authors unless asked): that filter set to the item's own value of the field of its name.
 */
function queryShowing(list: OperationInfo, item: Json): Record<string, string> {
  const query: Record<string, string> = {};
  for (const parameter of list.parameters.filter((candidate) => candidate.in === 'query')) {
    const schema = contract.resolve(parameter.schema, '').node;
    if (schema?.default !== undefined && item[parameter.name] !== undefined) query[parameter.name] = String(item[parameter.name]);
  }
  return query;
}

for (const [readerId, { updateId, within }] of Object.entries(UPDATED)) {
  if (!contract.operations.some((operation) => operation.operationId === readerId) || !contract.operations.some((operation) => operation.operationId === updateId)) continue;
  forOperation(readerId, (test) => {
    test(`reads a resource updated since it was made as ${updateId} answered it, every field`, { check: 'crud_agreement', rules: RULES, needs: ['state'] }, async (t: Kit) => {
      await within(t, async ({ ids, answer }) => {
        const read = await readResource(t, readerId, ids);
        const disagree = differences(answer, read, new Set([...Object.keys(answer), ...Object.keys(read)]));
        t.verify(disagree.length === 0, `${readerId} of a resource updated since it was made shows otherwise than ${updateId} answered: ${disagree.join('; ')}`, AGREEMENT);
      });
    });
  });

  const list = listOf(contract, readerId);
  if (!list) continue;
  forOperation(list.operation.operationId, (test) => {
    test(`lists a resource updated since it was made as ${updateId} answered it, every field both answer, behind one made after it`, { check: 'crud_agreement', rules: [...RULES, 'lists.newest-first'], needs: ['state'] }, async (t: Kit) => {
      await within(
        t,
        async ({ ids, answer, newer }) => {
          const { id, ...parentIds } = ids;
          const seen: number[] = [];
          let listed: Json | undefined;
          const visit = (item: Json) => {
            if (item.id === id || item.id === newer) seen.push(item.id as number);
            if (item.id === id) listed = item;
            return listed !== undefined;
          };
          await walkList(t, list.operation, parentIds, visit, queryShowing(list.operation, answer));
          if (!t.verify(listed !== undefined, `${list.operation.operationId} does not list ${id}, which ${updateId} answered`, AGREEMENT)) return;
          const disagree = differences(answer, listed!, list.fields);
          t.verify(disagree.length === 0, `${list.operation.operationId} shows ${id}, updated since it was made, otherwise than ${updateId} answered: ${disagree.join('; ')}`, AGREEMENT);
          // lists.newest-first over updates: the order is created_at's, so an update moves nothing.
          if (newer === undefined || seen[0] === newer) return;
          // Ahead of the newer one: right only if both were made in one instant and the newer has the lower id.
          const other = await readResource(t, readerId, { ...parentIds, id: newer });
          const tie = other.created_at === answer.created_at && newer < id!;
          t.verify(tie, `${list.operation.operationId} lists ${id} (created_at ${String(answer.created_at)}), updated after ${newer} (created_at ${String(other.created_at)}) was made, ahead of ${newer}: items are listed newest first by created_at, and an update does not move one`, { rules: ['lists.newest-first'] });
        },
        true,
      );
    });
  });
}
