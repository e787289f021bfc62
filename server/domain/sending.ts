/**
 * The email send state table (contract: sendEmail), as pure rules: which emails may be sent, when,
 * and what makes an email ready to go out.
 *
 * | current status            | scheduled_at       | result                                  |
 * |---------------------------|--------------------|-----------------------------------------|
 * | draft, scheduled, failed  | omitted            | scheduled, scheduled_at = now           |
 * | draft, scheduled, failed  | in the future      | scheduled, scheduled_at = that instant  |
 * | any                       | now or in the past | 422                                     |
 * | sent (or being delivered) | any                | 409                                     |
 */
import type { FieldError } from '../http/problem.ts';
import { problems } from '../http/problem.ts';
import { instantOf } from './instants.ts';
import type { EmailState } from '../store/emails.ts';

/**
 * The instant the request asks for, in the contract's UTC form: now when it gives none. A time now or
 * in the past is a 422 whatever the email, so it is judged before the email is looked up (the
 * contract's order of errors: the request on its own, then the resource, then its state).
 */
export function requestedSendTime(requested: string | null | undefined, now: Date): string {
  if (requested == null) return now.toISOString();
  const at = instantOf(requested);
  if (at === undefined) {
    throw problems.invalidField('scheduled_at', 'must be an RFC 3339 date-time with a time-zone offset');
  }
  if (at.getTime() <= now.getTime()) throw problems.invalidField('scheduled_at', 'must be in the future');
  return at.toISOString();
}

/** Throws the table's 409 for an email that is sent or being delivered. */
export function ensureNotSent(email: EmailState): void {
  if (email.status === 'sent') {
    throw problems.emailAlreadySent(`Email ${email.id} was sent at ${email.sent_at} and cannot be sent again.`);
  }
  if (email.status === 'scheduled' && email.delivery_started_at !== null) {
    throw problems.emailAlreadySent(`Email ${email.id} is being delivered now and cannot be sent again.`);
  }
}

/**
 * Blank: only white space, as Unicode's White_Space property has it (the send table: "no
 * `content_html` (or only white space)"). Not JavaScript's `trim`, which leaves U+0085 (NEXT LINE, white
 * space) and strips U+FEFF (a zero-width no-break space, which is not).
 */
const BLANK = /^\p{White_Space}*$/u;

/** What keeps an email from being sent, as field errors; empty when it is ready. */
export function missingForSend(email: EmailState, audience: number): FieldError[] {
  const missing: FieldError[] = [];
  if (BLANK.test(email.subject)) missing.push({ field: 'subject', message: 'must not be blank to send' });
  if (email.content_html === null || BLANK.test(email.content_html)) {
    missing.push({ field: 'content_html', message: 'the email has no content' });
  }
  if (audience === 0) {
    missing.push({ field: 'path.newsletter_id', message: `newsletter ${email.newsletter_id} has no active, verified subscriber` });
  }
  return missing;
}
