/**
 * resources.update-kept, resources.answer-as-stored and resources.patch-named-fields-only, over every
 * update operation of a resource the suite can make:
 *
 * - a second update of the same fields, with other values, is kept: its answer and a read afterwards
 *   show the second values (a server that stores only a first value, or only into an empty field,
 *   passes a single update);
 * - after each of those updates, the parent's list shows the resource as its get does, every field the
 *   contract's list item has (a list that keeps a summary written at creation shows the old values);
 * - an update changes only what it names: every other field, `created_at` and `id` included, reads as
 *   before in the answer and afterwards; `updated_at` and what the contract derives from a named field
 *   (a page's and a newsletter's `name_slug`, which follow the name) aside. Each field the tests update
 *   is sent alone, then all together, to a resource made with every optional field filled, so a field
 *   an update clears or writes along with a named one shows.
 *
 * The operations, and how to make a resource of each, are in update-subjects.ts.
 */
import { suiteContext } from '../context.ts';
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { Resources } from '../resources.ts';
import { differences, listedItem, listOf, readResource, UPDATES, type Json, type UpdateSubject } from './update-subjects.ts';

const { contract } = suiteContext();

/** A value for `field` in update `round`, different in every round and every test. */
function valueFor(t: Kit, field: string, round: number): string {
  if (field === 'color') {
    const rgb = t.random.int(0, 0xffffff);
    return `#${(round === 1 ? rgb : rgb ^ 0x808080).toString(16).padStart(6, '0').toUpperCase()}`;
  }
  return t.names.name(`${field}-${round}`);
}

const read = (t: Kit, subject: UpdateSubject, ids: Record<string, number>): Promise<Json> => readResource(t, subject.readerId, ids);

async function update(t: Kit, operationId: string, ids: Record<string, number>, body: Json): Promise<Json> {
  const { status, json, exchange } = await t.call(contract.operation(operationId), { ids, body });
  t.ensure(status === 200, `${operationId} ${JSON.stringify(body)} answered ${status ?? 'nothing'}; expected 200`, { evidence: exchange });
  return json as Json;
}

/**
 * The parent's list shows the resource as its get does, field by field (the fields both schemas give).
 * A list walked while other tests delete from it can move an item past the page being read, so an item
 * not met is looked for once more before it counts as missing.
 */
async function verifyListedAsRead(t: Kit, subject: UpdateSubject, ids: Record<string, number>, stored: Json, when: string): Promise<void> {
  const list = listOf(contract, subject.readerId);
  if (!list) return;
  const { id, ...parentIds } = ids;
  const listed = (await listedItem(t, list.operation, parentIds, id!)) ?? (await listedItem(t, list.operation, parentIds, id!));
  t.verify(listed !== undefined, `${when}, ${list.operation.operationId} does not list ${id}, which ${subject.readerId} reads`, { rules: ['resources.update-kept'] });
  if (!listed) return;
  const disagree = differences(stored, listed, list.fields);
  t.verify(disagree.length === 0, `${when}, ${list.operation.operationId} shows ${id} otherwise than ${subject.readerId}: ${disagree.join('; ')}`, { rules: ['resources.update-kept'] });
}

for (const [operationId, subject] of Object.entries(UPDATES)) {
  forOperation(operationId, (test) => {
    test('keeps a second update of the same fields: the answer and a read show the second values', { check: 'crud_agreement', rules: ['resources.update-kept', 'resources.answer-as-stored'], needs: ['input_reflection', 'state'] }, async (t: Kit) => {
      const ids = await subject.make(new Resources(t), t);
      for (const round of [1, 2]) {
        const body = Object.fromEntries(subject.fields.map((field) => [field, valueFor(t, field, round)]));
        const answer = await update(t, operationId, ids, body);
        const wrongAnswer = differences(body, answer, subject.fields);
        t.verify(wrongAnswer.length === 0, `update ${round} answered other values than it was sent: ${wrongAnswer.join('; ')}`);
        const stored = await read(t, subject, ids);
        const notKept = differences(body, stored, subject.fields);
        t.verify(notKept.length === 0, `after update ${round}, ${subject.readerId} does not show its values: ${notKept.join('; ')}`);
        await verifyListedAsRead(t, subject, ids, stored, `after update ${round}`);
      }
    });

    test('changes only the fields it names: a PATCH of each field alone leaves every other one as before, in the answer and afterwards', { check: 'crud_agreement', rules: ['resources.patch-named-fields-only'], needs: ['input_reflection', 'state'] }, async (t: Kit) => {
      // Made with every optional field filled (update-subjects.ts), so a field an update clears shows.
      const ids = await subject.make(new Resources(t), t);
      // Each field alone, then all of them: a server that writes fields together (a subject with its
      // preview) loses the one left out only when the other is named alone.
      for (const named of [...subject.fields.map((field) => [field]), ...(subject.fields.length > 1 ? [subject.fields] : [])]) {
        const before = await read(t, subject, ids);
        // A clock of millisecond precision moves between the create and the update, so a field stamped
        // with the update's time shows a new value.
        await new Promise((resolve) => setTimeout(resolve, 5));
        const body = Object.fromEntries(named.map((field) => [field, valueFor(t, field, 1)]));
        const answer = await update(t, operationId, ids, body);
        const left = new Set(Object.keys(before).filter((field) => !named.includes(field) && !subject.derived.includes(field) && field !== 'updated_at'));
        const movedInAnswer = differences(before, answer, left);
        t.verify(movedInAnswer.length === 0, `an update of ${named.join(', ')} answered other values for fields it does not name: ${movedInAnswer.join('; ')}`);
        const movedInRead = differences(before, await read(t, subject, ids), left);
        t.verify(movedInRead.length === 0, `after an update of ${named.join(', ')}, ${subject.readerId} shows other values for fields it does not name: ${movedInRead.join('; ')}`);
      }
    });
  });
}
