/**
 * resources.update-kept ("create, get, list and update agree with each other") and
 * resources.answer-as-stored in every state a resource can reach, on the gets' own tests: every get whose
 * resource has states the suite can bring it into (resource-states.ts: the shared author active and
 * inactive, a post draft and published, an email scheduled and sent) reads a resource in each state
 * every field as stored. A read that answers a field otherwise in one state ("an inactive author's
 * profile is no longer public", "a sent email's schedule is over") is right for the state most tests
 * read, and wrong only there.
 *
 * In each state:
 * - where the update accepts the state (it declares no 409), the resource is updated in it, each field
 *   the update stores as sent given a value it does not have (update-subjects.ts; the author's names,
 *   position and short description), and the get reads it as the update answered, every field;
 * - the get and the list agree: the list (under the filter value that shows the resource, `active=false`
 *   for an inactive author) shows it as the get reads it, every field both answer: for a state the
 *   update refuses (an email scheduled or sent), what the send stored (`scheduled_at`, `sent_at`,
 *   `status`) is judged so.
 *
 * The shared author is changed under its lock (as the state holds it) and its fields set back after.
 *
 * Cost: per state, what reaching it takes, an update and a read before it where the update accepts the
 * state (the author: one more, to set it back), a get and a list read.
 */
import type { OperationInfo } from '../../contract/document.ts';
import { suiteContext } from '../context.ts';
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { Resources } from '../resources.ts';
import { changedValue } from './changed-values.ts';
import { DELIVERY_TEST_TIMEOUT_MS } from './child-states.ts';
import { statesOf } from './resource-states.ts';
import { AUTHOR_FIELDS, differences, listedItem, listOf, readResource, updateResource, UPDATES, type Json } from './update-subjects.ts';

const { contract } = suiteContext();

const RULES = ['resources.update-kept', 'resources.answer-as-stored'];

/** The update of what each get reads, and the fields it stores as sent. */
const UPDATE_OF: Record<string, { updateId: string; fields: string[] }> = {
  ...Object.fromEntries(Object.entries(UPDATES).map(([updateId, subject]) => [subject.readerId, { updateId, fields: subject.fields }])),
  getAuthor: { updateId: 'updateAuthor', fields: AUTHOR_FIELDS },
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

/** The update, where it accepts every state (it declares no 409) and the contract has it. */
function updateInEveryState(readerId: string): { updateId: string; fields: string[] } | undefined {
  const update = UPDATE_OF[readerId];
  if (!update || !contract.operations.some((operation) => operation.operationId === update.updateId)) return undefined;
  return contract.operation(update.updateId).responses.some((response) => response.status === '409') ? undefined : update;
}

for (const reader of contract.operations.filter((operation) => operation.method === 'GET')) {
  const states = statesOf(reader);
  if (states.length === 0) continue;
  const readerId = reader.operationId;
  const update = updateInEveryState(readerId);
  const list = listOf(contract, readerId);
  forOperation(readerId, (test) => {
    for (const state of states) {
      const what = [update ? `as ${update.updateId} in that state answered it` : undefined, list ? `as ${list.operation.operationId} shows it` : undefined].filter(Boolean).join(' and ');
      test(`reads a resource with ${state.name} ${what}, every field`, { check: 'crud_agreement', rules: readerId === 'getAuthor' ? [...RULES, 'author.update-kept'] : RULES, needs: ['state'], timeoutMs: state.waitsForDelivery ? DELIVERY_TEST_TIMEOUT_MS : undefined }, async (t: Kit) => {
        await state.within(t, async (ids) => {
          const original = update ? await readResource(t, readerId, ids) : undefined;
          try {
            let answer: Json | undefined;
            if (update && original) {
              const body: Json = {};
              for (const field of update.fields) body[field] = await changedValue(t, new Resources(t), update.updateId, field, original, ids);
              answer = await updateResource(t, update.updateId, ids, body);
            }
            const read = await readResource(t, readerId, ids);
            if (answer) {
              const disagree = differences(answer, read, new Set([...Object.keys(answer), ...Object.keys(read)]));
              t.verify(disagree.length === 0, `${readerId} of a resource with ${state.name}, updated in that state, shows otherwise than ${update!.updateId} answered: ${disagree.join('; ')}`);
            }
            if (!list) return;
            const { id, ...parentIds } = ids;
            const query = queryShowing(list.operation, read);
            const listed = (await listedItem(t, list.operation, parentIds, id!, query)) ?? (await listedItem(t, list.operation, parentIds, id!, query));
            if (!t.verify(listed !== undefined, `${list.operation.operationId} does not list ${id} (with ${state.name}), which ${readerId} reads`)) return;
            const disagree = differences(read, listed!, list.fields);
            t.verify(disagree.length === 0, `${readerId} reads ${id}, with ${state.name}, otherwise than ${list.operation.operationId} shows it: ${disagree.join('; ')}`);
          } finally {
            // The shared author is set back; a resource of the test's own needs nothing.
            if (readerId === 'getAuthor' && update && original) {
              await t.api.PATCH('/authors/{id}', { params: { path: { id: ids.id! } }, body: Object.fromEntries(update.fields.map((field) => [field, original[field]])) as never });
            }
          }
        });
      });
    }
  });
}
