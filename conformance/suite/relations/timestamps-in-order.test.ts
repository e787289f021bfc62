/**
 * responses.timestamps-in-order: timestamps that record events are ordered as the events. A write sent
 * after another write's answer was received happens after it, so the time it records for itself
 * (`created_at` of a create, `updated_at` of an update that changes something) is not earlier than the
 * time the earlier answer recorded for its own write. Equal times are right (a clock of any precision
 * may stamp both alike); only a time going backwards is wrong.
 *
 * timestamps_not_ahead compares a stamp with the answer's `Date`, whose resolution is a second, so a
 * stamp ahead by less (an update rounded up to the next second) passes it; a write right after, stamped
 * by the clock itself, shows it as an earlier time.
 *
 * Over every update operation of the resources the suite makes (update-subjects.ts): a resource made and
 * updated, then another made and updated, each write sent after the previous one's answer: the four
 * stamps, in the order of the writes, never go backwards.
 */
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { Resources } from '../resources.ts';
import { verifyStampsInOrder, type WriteStamp } from './stamps-in-order.ts';
import { readResource, updateResource, UPDATES, type UpdateSubject } from './update-subjects.ts';

const RULES = ['responses.timestamps-in-order'];

/** A new value for each field the tests update, so the update changes something and stamps it. */
function changes(t: Kit, subject: UpdateSubject): Record<string, unknown> {
  return Object.fromEntries(subject.fields.map((field) => [field, field === 'color' ? `#${t.random.int(0, 0xffffff).toString(16).padStart(6, '0').toUpperCase()}` : t.names.name(`${field}-ordered`)]));
}

for (const [operationId, subject] of Object.entries(UPDATES)) {
  forOperation(operationId, (test) => {
    test('records its writes in the order they were made: an update stamps no earlier than the write answered before it, and the next write no earlier than the update', { check: 'timestamps_in_order', rules: RULES, needs: ['state'] }, async (t: Kit) => {
      const resources = new Resources(t);
      const stamps: WriteStamp[] = [];
      for (const which of ['a first resource', 'a second resource']) {
        const ids = await subject.make(resources, t);
        // The create's own answer is not at hand (subject.make answers ids): the read shows what it stamped.
        const created = await readResource(t, subject.readerId, ids);
        stamps.push({ write: `the create of ${which} (${ids.id})`, field: 'created_at', at: String(created.created_at) });
        const updated = await updateResource(t, operationId, ids, changes(t, subject));
        stamps.push({ write: `${operationId} of ${which} (${ids.id})`, field: 'updated_at', at: String(updated.updated_at) });
      }
      verifyStampsInOrder(t, stamps);
    });
  });
}
