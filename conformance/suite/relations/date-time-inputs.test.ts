/**
 * responses.timestamps-utc and resources.answer-as-stored for a date-time the client writes: every
 * request field of `format: date-time` (read from the contract) takes any RFC 3339 form, a fraction of
 * more than three digits and an offset other than `Z` included, and the answer gives the same instant in
 * UTC with milliseconds (`10:00:00.123Z` for `10:00:00.123456Z` and for `12:00:00.123456+02:00`), as a
 * read afterwards does. A server that converts the time as text keeps the digits or the offset it was
 * written with, which a time written as the server itself writes times (`...00.000Z`) cannot show.
 *
 * Each operation that takes such a field needs a resource of the test's own it accepts the field for;
 * the contract's only one is sendEmail's `scheduled_at` (a future time: the email is scheduled then).
 */
import { jsonMedia } from '../../cases/json-media.ts';
import type { OperationInfo } from '../../contract/document.ts';
import { constrainedBranch } from '../../generate/values.ts';
import { suiteContext } from '../context.ts';
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import type { PathIds } from '../requests.ts';
import { Resources } from '../resources.ts';
import { readResource } from './update-subjects.ts';

const { contract } = suiteContext();

/** How to get a resource the operation accepts a date-time for, and the read that shows it. */
const SUBJECTS: Record<string, { readerId: string; make: (t: Kit) => Promise<PathIds> }> = {
  sendEmail: {
    readerId: 'getEmail',
    make: async (t) => {
      const email = await new Resources(t).sendableEmail();
      return { newsletter_id: email.newsletter_id, id: email.id };
    },
  },
};

/** The fields of the operation's JSON body declared `format: date-time`. */
function dateTimeFields(operation: OperationInfo): string[] {
  const body = jsonMedia(operation);
  if (!body) return [];
  const properties = constrainedBranch(contract, body.schema)?.properties ?? {};
  return Object.entries(properties).filter(([, schema]) => constrainedBranch(contract, schema)?.format === 'date-time').map(([field]) => field);
}

/** `instant` written at `offsetMinutes` from UTC with `fraction` as its fraction digits: `2036-12-01T12:00:00.123456+02:00`. */
function written(instant: number, offsetMinutes: number, fraction: string): string {
  const local = new Date(instant + offsetMinutes * 60_000).toISOString().slice(0, 19);
  if (offsetMinutes === 0) return `${local}.${fraction}Z`;
  const sign = offsetMinutes > 0 ? '+' : '-';
  const hours = String(Math.floor(Math.abs(offsetMinutes) / 60)).padStart(2, '0');
  const minutes = String(Math.abs(offsetMinutes) % 60).padStart(2, '0');
  return `${local}.${fraction}${sign}${hours}:${minutes}`;
}

for (const operation of contract.operations) {
  const fields = dateTimeFields(operation);
  const subject = SUBJECTS[operation.operationId];
  if (fields.length === 0 || !subject) continue;
  forOperation(operation.operationId, (test) => {
    for (const field of fields) {
      test(`accepts ${field} in any RFC 3339 form (six fraction digits, an offset other than Z) and answers it in UTC with milliseconds, as a read shows it`, { check: 'crud_agreement', rules: ['responses.timestamps-utc', 'resources.answer-as-stored'], needs: ['input_reflection', 'state'] }, async (t: Kit) => {
        const ids = await subject.make(t);
        // Two days ahead in whole seconds: a future time for a field that plans (scheduled_at), later each round.
        const base = Math.floor(Date.now() / 1000) * 1000 + 2 * 86_400_000;
        const forms = [written(base, 0, '123456'), written(base + 60_000, 120, '123456'), written(base + 120_000, -330, '5')];
        for (const form of forms) {
          // The instant the form names, in UTC with milliseconds: six digits are cut to three (.123456 is .123).
          const expected = new Date(Date.parse(form)).toISOString();
          const { status, json, exchange } = await t.call(operation, { ids, body: { [field]: form } });
          if (!t.verify(status === 200, `${operation.operationId} with ${field} ${form}, a valid RFC 3339 date-time, answered ${status ?? 'nothing'}; expected 200`, { evidence: exchange })) return;
          const answered = (json as Record<string, unknown>)[field];
          t.verify(answered === expected, `${operation.operationId} with ${field} ${form} answered ${JSON.stringify(answered)}; expected ${expected}, the same instant in UTC with millisecond precision`, { evidence: exchange });
          const stored = (await readResource(t, subject.readerId, ids))[field];
          t.verify(stored === answered, `after ${operation.operationId} with ${field} ${form}, ${subject.readerId} shows ${JSON.stringify(stored)}, the answer ${JSON.stringify(answered)}`, { rules: ['resources.answer-as-stored'] });
        }
      });
    }
  });
}
