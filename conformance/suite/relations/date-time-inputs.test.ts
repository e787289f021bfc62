/**
 * responses.timestamps-utc and resources.answer-as-stored for a date-time the client writes: every
 * request field of `format: date-time` (read from the contract) takes any RFC 3339 form, a fraction of
 * more than three digits and an offset other than `Z` included, and the answer gives the same instant in
 * UTC with milliseconds (`10:00:00.123Z` for `10:00:00.123456Z` and for `12:00:00.123456+02:00`), as a
 * read afterwards does. A server that converts the time as text keeps the digits or the offset it was
 * written with, which a time written as the server itself writes times (`...00.000Z`) cannot show.
 *
 * The forms are those RFC 3339's grammar (section 5.6) gives and the contract's validator takes: a
 * fraction of any count of digits (1, 2, 3, 6, 9, 10, 12 and 20, each in UTC and at an offset:
 * `time-secfrac = "." 1*DIGIT` sets no largest count, so a validator that stops at nine refuses a valid
 * time); offsets from `-05:30` to `+14:00`, the ends of the grammar's range,
 * `+23:59` and `-23:59` (`time-numoffset`: hours to 23, minutes to 59; email.send-later: "given with
 * any offset", not only those of the world's time zones, -12:00 to +14:00), and `-00:00` (section 4.3: the
 * time in UTC, its local offset unknown); `t` and `z` in lower case (the note of section 5.6: ABNF is
 * case-insensitive); and a leap second, `23:59:60` in UTC (section 5.7), also written at an offset
 * (`15:59:60-08:00`, the RFC's own example is of that form). A leap second is the last second of a
 * June or December; a clock of POSIX time has no name for it, so its answer may be the leap second in
 * UTC (`23:59:60.000Z`) or an instant of POSIX time from the second before it to the one after
 * (`23:59:59.000Z` to `00:00:00.000Z` the next day), never a refusal. A space in place of `T`, which
 * the RFC only mentions as something an application may choose, is not sent.
 *
 * The forms span the whole range the contract allows, too: RFC 3339's `date-fullyear` is four digits,
 * and the contract bounds the field no further, so every instant up to 9999-12-31T23:59:59.999Z is a
 * date-time it takes (and, for a future-bound field, a future one: email.send-later,
 * requests.valid-input-accepted). FAR_AHEAD sends the first instant past each limit a server's own
 * representation of a time may have: seconds in a signed and an unsigned 32-bit integer (past
 * 2038-01-19T03:14:07Z and 2106-02-07T06:28:15Z), nanoseconds in a signed 64-bit integer (past
 * 2262-04-11T23:47:16.854Z), and the last instant RFC 3339 writes. A server that keeps a time in one of
 * them wraps it into the past (a 422 for a future-bound field) or into another instant (read back
 * otherwise), where the contract's own example, in 2036, is right.
 *
 * Each operation that takes such a field needs a resource of the test's own it accepts the field for;
 * the contract's only one is sendEmail's `scheduled_at` (a future time: the email is scheduled then).
 *
 * A field that takes a future time is also sent, on the same resource, times on each side of its bound
 * (future-bound.ts): from a few seconds to an hour past the server's now accepted at that instant
 * (email.send-later, requests.valid-input-accepted), now and a minute before refused with `422`
 * (email.send-past-time). A server with a bound of its own, a lead time of some minutes, refuses only
 * times this near.
 */
import { jsonMedia } from '../../cases/json-media.ts';
import type { OperationInfo } from '../../contract/document.ts';
import { constrainedBranch } from '../../generate/values.ts';
import { suiteContext } from '../context.ts';
import { forOperation } from '../harness.ts';
import type { Exchange } from '../../http/exchange.ts';
import type { Kit } from '../kit.ts';
import type { PathIds } from '../requests.ts';
import { Resources } from '../resources.ts';
import { timesAroundNow, takesFutureTime } from './future-bound.ts';
import { operationRuleIds } from './operation-rules.ts';
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

/** The properties of the operation's JSON body, by name. */
function bodyProperties(operation: OperationInfo): Record<string, unknown> {
  const body = jsonMedia(operation);
  return body ? (constrainedBranch(contract, body.schema)?.properties ?? {}) : {};
}

/** The fields of the operation's JSON body declared `format: date-time`. */
function dateTimeFields(operation: OperationInfo): string[] {
  return Object.entries(bodyProperties(operation)).filter(([, schema]) => constrainedBranch(contract, schema)?.format === 'date-time').map(([field]) => field);
}

/** The operation's own rules on a future time (email.send-later) and on a time now or past (email.send-past-time). */
function boundRules(operation: OperationInfo): { accepted: string[]; refused: string[] } {
  return { accepted: operationRuleIds(contract, operation, /\bfuture\b/), refused: operationRuleIds(contract, operation, /\bpast\b/) };
}

/** The times on each side of the field's bound, each answered as its side says: accepted at that instant, or 422. */
async function verifyAroundNow(t: Kit, operation: OperationInfo, ids: PathIds, field: string, last: Exchange | undefined): Promise<void> {
  // Counted again before each request, from the answer before it: the requests before the nearest
  // time must not eat the margin it leaves for the request's own way to the server.
  let previous = last;
  const count = timesAroundNow(previous).times.length;
  for (let index = 0; index < count; index++) {
    const { times, by } = timesAroundNow(previous);
    const { what, at, accepted } = times[index]!;
    const { status, json, exchange } = await t.call(operation, { ids, body: { [field]: at } });
    previous = exchange ?? previous;
    const sent = `${operation.operationId} with ${field} ${at}, ${what} by ${by}`;
    if (!accepted) {
      t.verify(status === 422, `${sent}, answered ${status ?? 'nothing'}; expected 422 (a time now or in the past)`, { evidence: exchange, rules: boundRules(operation).refused });
      continue;
    }
    const answered = (json as Record<string, unknown> | undefined)?.[field];
    t.verify(status === 200 && answered === at, `${sent}, answered ${status ?? 'nothing'}${status === 200 ? ` with ${field} ${JSON.stringify(answered)}` : ''}; expected 200 at that instant: any time after the request is accepted is in the future`, {
      evidence: exchange,
      rules: [...boundRules(operation).accepted, 'requests.valid-input-accepted'],
    });
  }
}

/** `instant` written at `offsetMinutes` from UTC with `fraction` as its fraction digits: `2036-12-01T12:00:00.123456+02:00`. */
function written(instant: number, offsetMinutes: number, fraction: string, { lowerCase = false, negativeZero = false } = {}): string {
  const local = new Date(instant + offsetMinutes * 60_000).toISOString().slice(0, 19);
  const time = `${lowerCase ? local.replace('T', 't') : local}.${fraction}`;
  if (offsetMinutes === 0) return negativeZero ? `${time}-00:00` : `${time}${lowerCase ? 'z' : 'Z'}`;
  return `${time}${offsetText(offsetMinutes)}`;
}

function offsetText(offsetMinutes: number): string {
  const sign = offsetMinutes > 0 ? '+' : '-';
  const hours = String(Math.floor(Math.abs(offsetMinutes) / 60)).padStart(2, '0');
  const minutes = String(Math.abs(offsetMinutes) % 60).padStart(2, '0');
  return `${sign}${hours}:${minutes}`;
}

/** A form sent, and the answers that hold its instant in UTC with milliseconds. */
interface Form {
  text: string;
  answers: (answered: unknown) => boolean;
  expected: string;
}

/** An ordinary time: the one instant it names, six digits cut to three (.123456 is .123). */
function ordinary(text: string): Form {
  const expected = new Date(Date.parse(text.toUpperCase())).toISOString();
  return { text, answers: (answered) => answered === expected, expected };
}

/**
 * The leap second at the end of the first 30 June or 31 December at least `after` ms ahead, written in
 * UTC or at an offset (its local time then 23:59:60 less the offset): the leap second in UTC, or an
 * instant of POSIX time from the second before it to the one after.
 */
function leapSecond(after: number, offsetMinutes: number): Form {
  const year = new Date(after).getUTCFullYear();
  const ends = [`${year}-06-30`, `${year}-12-31`, `${year + 1}-06-30`].map((day) => Date.parse(`${day}T23:59:59Z`));
  const before = ends.find((end) => end > after)!;
  const local = new Date(before + offsetMinutes * 60_000).toISOString().slice(0, 17);
  const text = `${local}60${offsetMinutes === 0 ? 'Z' : offsetText(offsetMinutes)}`;
  const inUtc = `${new Date(before).toISOString().slice(0, 17)}60.000Z`;
  const answers = (answered: unknown) => answered === inUtc || (typeof answered === 'string' && /Z$/.test(answered) && Date.parse(answered) >= before && Date.parse(answered) <= before + 1000);
  return { text, answers, expected: `${inUtc}, or from ${new Date(before).toISOString()} to ${new Date(before + 1000).toISOString()}` };
}

/** The first instant past each limit of a time kept in 32-bit seconds, 64-bit nanoseconds, and RFC 3339's last (see above). */
const FAR_AHEAD = ['2038-01-19T03:14:08.000Z', '2106-02-07T06:28:16.000Z', '2262-04-12T00:17:17.000+00:30', '9999-12-31T23:59:59.999Z'];

/**
 * Fractions of a second of every count of digits from one to many, each sent in UTC and at an offset:
 * RFC 3339's `time-secfrac = "." 1*DIGIT` bounds the count nowhere, so a validator that stops at nine
 * (nanoseconds, as Go's and Java's parsers do) or at any other count refuses a valid time
 * (requests.valid-input-accepted). The fourth digit is below 5, so the millisecond the answer gives is
 * the same whether the server cuts or rounds the rest; twenty digits stay within the field's maxLength
 * (64) at any offset. The offset forms are spread over them: the ends of RFC 3339's offsets, past every
 * zone's (-12:00..+14:00), `-00:00`, `t` and `z` in lower case.
 */
const FRACTION_TEXT = '12345678901234567890';
const FRACTION_FORMS: Array<{ digits: number; offset: number; options?: { lowerCase?: boolean; negativeZero?: boolean } }> = [
  { digits: 1, offset: -330 },
  { digits: 2, offset: 23 * 60 + 59 },
  { digits: 3, offset: 0, options: { negativeZero: true } },
  { digits: 6, offset: 120 },
  { digits: 9, offset: 840 },
  { digits: 10, offset: -(23 * 60 + 59), options: { lowerCase: true } },
  { digits: 12, offset: 120 },
  { digits: 20, offset: -330 },
];

/** Every form of a future time the test sends, each a minute after the last, from `base` on, then the times far ahead. */
function forms(base: number): Form[] {
  const fractions = FRACTION_FORMS.flatMap(({ digits, offset, options }, index) => [
    // In UTC (the 3-digit one with a lower-case z), then at its offset.
    ordinary(written(base + 2 * index * 60_000, 0, FRACTION_TEXT.slice(0, digits), { lowerCase: digits === 3 })),
    ordinary(written(base + (2 * index + 1) * 60_000, offset, FRACTION_TEXT.slice(0, digits), options)),
  ]);
  return [...fractions, leapSecond(base, 0), leapSecond(base, -480), ...FAR_AHEAD.map(ordinary)];
}

for (const operation of contract.operations) {
  const fields = dateTimeFields(operation);
  const subject = SUBJECTS[operation.operationId];
  if (fields.length === 0 || !subject) continue;
  forOperation(operation.operationId, (test) => {
    for (const field of fields) {
      const future = takesFutureTime(contract, bodyProperties(operation)[field]);
      const nearBound = future ? '; and, a future time, from a few seconds to an hour ahead of the server\'s now, now and a minute before refused with 422' : '';
      const rules = ['responses.timestamps-utc', 'resources.answer-as-stored', 'requests.valid-input-accepted', ...(future ? [...boundRules(operation).accepted, ...boundRules(operation).refused] : [])];
      test(`accepts ${field} in any RFC 3339 form (1 to 20 fraction digits in UTC and at an offset, offsets from -23:59 to +23:59 and -00:00, t and z in lower case, a leap second, times far ahead up to 9999-12-31) and answers it in UTC with milliseconds, as a read shows it${nearBound}`, { check: 'crud_agreement', rules, needs: ['input_reflection', 'state'] }, async (t: Kit) => {
        const ids = await subject.make(t);
        // Two days ahead in whole seconds: a future time for a field that plans (scheduled_at).
        const base = Math.floor(Date.now() / 1000) * 1000 + 2 * 86_400_000;
        let last: Exchange | undefined;
        for (const form of forms(base)) {
          const { status, json, exchange } = await t.call(operation, { ids, body: { [field]: form.text } });
          last = exchange;
          if (!t.verify(status === 200, `${operation.operationId} with ${field} ${form.text}, a valid RFC 3339 date-time, answered ${status ?? 'nothing'}; expected 200`, { evidence: exchange })) continue;
          const answered = (json as Record<string, unknown>)[field];
          t.verify(form.answers(answered), `${operation.operationId} with ${field} ${form.text} answered ${JSON.stringify(answered)}; expected ${form.expected}, the same instant in UTC with millisecond precision`, { evidence: exchange });
          const stored = (await readResource(t, subject.readerId, ids))[field];
          t.verify(stored === answered, `after ${operation.operationId} with ${field} ${form.text}, ${subject.readerId} shows ${JSON.stringify(stored)}, the answer ${JSON.stringify(answered)}`, { rules: ['resources.answer-as-stored'] });
        }
        if (future) await verifyAroundNow(t, operation, ids, field, last);
      });
    }
  });
}
