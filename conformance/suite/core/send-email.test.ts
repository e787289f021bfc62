/**
 * sendEmail (core): the send state table.
 *
 * | current status            | body                      | answer                                          |
 * | draft, scheduled, failed  | no scheduled_at           | 200 scheduled (or sent), then sent with sent_at |
 * | draft, scheduled, failed  | scheduled_at in future    | 200 scheduled at that instant in UTC            |
 * | any                       | scheduled_at now or past  | 422                                             |
 * | sent                      | any                       | 409                                             |
 *
 * plus 422 for an email that is not ready (no content, no active verified subscriber). The table is played
 * twice over too: an email already scheduled is sent again with a later time, an earlier one still in
 * the future, a past one and none, each answered by its row and read back with the new state and time.
 */
import type { Email } from '../../../generated/openapi.d.ts';
import { dateTimeWithOffset } from '../../generate/values.ts';
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { MISSING_ID } from '../requests.ts';
import { Resources } from '../resources.ts';
import { verifyConflictType } from '../conflicts.ts';
import { allowedIn, codePoint, EMPTY_LOOKING_NOT_WHITE_SPACE, UNICODE_WHITE_SPACE } from '../white-space.ts';

/** What can keep an email from being sent, as email-not-sendable names it in `errors`. */
const NOT_SENDABLE_CAUSES = ['subject', 'content_html', 'path.newsletter_id'] as const;

/** Every non-empty combination of the causes: each alone, each pair, all three. */
const NOT_SENDABLE_COMBINATIONS: (typeof NOT_SENDABLE_CAUSES)[number][][] = Array.from({ length: 2 ** NOT_SENDABLE_CAUSES.length - 1 }, (_, index) =>
  NOT_SENDABLE_CAUSES.filter((_, bit) => ((index + 1) >> bit) & 1),
);

/** Filled texts without a letter of the Latin script, by what they are made of. */
const TEXTS_WITHOUT_LATIN_LETTERS = {
  emoji: '🎉🎉',
  CJK: '東京の便り',
  Arabic: 'نشرة أسبوعية',
  digits: '2026',
  punctuation: '!?…',
};

/**
 * Content without a letter of text, markup alone: content all the same, since the contract counts as no
 * content only "no `content_html` (or only white space)" (sendEmail; email.not-sendable-fields). Each
 * reaches the email by one of the routes content takes: `content_html` on create, Markdown rendered on
 * create, `content_html` or Markdown on update. A server that judges content by its text, tags stripped, refuses them.
 */
const MARKUP_ONLY_CONTENT: readonly { what: string; create: { content_html?: string | null; content_md?: string }; update?: { content_html?: string; content_md?: string } }[] = [
  { what: 'an image alone, as content_html', create: { content_html: '<img src="https://example.com/banner.png" alt="">' } },
  { what: 'a horizontal rule, as content_html', create: { content_html: '<hr>' } },
  { what: 'a table of empty cells holding a link without text, as content_html', create: { content_html: '<table><tr><td><a href="https://example.com/"></a></td><td></td></tr></table>' } },
  { what: 'an image without alt text, from content_md', create: { content_md: '![](https://example.com/banner.png)' } },
  { what: 'a thematic break, from content_md', create: { content_md: '***' } },
  { what: 'a line break alone, set by an update of content_html', create: { content_html: null }, update: { content_html: '<br>' } },
  { what: 'an image with only an emoji as alt text, set by an update of content_md', create: { content_html: null }, update: { content_md: '![🎉](https://example.com/banner.png)' } },
];

/** What the contract counts as no content, by each route: no HTML, the empty text, white space, Markdown of white space (rendered to nothing). */
const NO_CONTENT: readonly { what: string; create: { content_html?: string | null; content_md?: string } }[] = [
  { what: 'content_html ""', create: { content_html: '' } },
  { what: 'content_html of white space', create: { content_html: ' \n\t \r\n' } },
  { what: 'content_md of white space', create: { content_md: ' \n\n  ' } },
];

/** The server's clock and the suite's may differ a little; "now" means within this much. */
const CLOCK_TOLERANCE_MS = 120_000;

async function send(t: Kit, email: Email, body?: { scheduled_at?: string | null }) {
  return t.api.POST('/newsletters/{newsletter_id}/emails/{id}/send', { params: { path: { newsletter_id: email.newsletter_id, id: email.id } }, body });
}

async function read(t: Kit, email: Email) {
  return t.api.GET('/newsletters/{newsletter_id}/emails/{id}', { params: { path: { newsletter_id: email.newsletter_id, id: email.id } } });
}

/** Reads the email until it is no longer queued; the answer of the last read. */
async function waitForDelivery(t: Kit, email: Email) {
  return t.poll(
    () => read(t, email),
    ({ data }) => data?.status === 'sent' || data?.status === 'failed',
    t.options.deliveryTimeoutSeconds * 1000,
  );
}

function within(instant: string | null | undefined, from: number, to: number): boolean {
  if (!instant) return false;
  const time = Date.parse(instant);
  return time >= from - CLOCK_TOLERANCE_MS && time <= to + CLOCK_TOLERANCE_MS;
}

forOperation('sendEmail', (test) => {
  test('answers 200 with status scheduled or sent for an email sent without a time, scheduled_at left out or null', { check: 'email_send_state_table', rules: ['email.send-now', 'requests.null-as-absent'] }, async (t: Kit) => {
    // "When omitted or `null`, the email is sent immediately": a null time is no time (requests.null-as-absent).
    const resources = new Resources(t);
    const [omitted, nulled] = await Promise.all([resources.sendableEmail(), resources.sendableEmail()]);
    for (const { data, response } of await Promise.all([send(t, omitted, {}), send(t, nulled, { scheduled_at: null })])) {
      t.ensure(data !== undefined, `answered ${response.status}; expected 200`, { evidence: response });
      t.verify(data.status === 'scheduled' || data.status === 'sent', `status is ${data.status}; expected scheduled or sent`, { evidence: response });
    }
  });

  // Its own test, for a target that keeps state: a mock answers an example's scheduled_at, whatever was sent.
  test('schedules an email sent with scheduled_at null for the moment it was accepted, as one sent without a time', { check: 'null_as_absent', rules: ['requests.null-as-absent'], needs: ['state'] }, async (t: Kit) => {
    const email = await new Resources(t).sendableEmail();
    const before = Date.now();
    const { data, response } = await send(t, email, { scheduled_at: null });
    const after = Date.now();
    const sentNow = data !== undefined && (data.status === 'scheduled' || data.status === 'sent') && within(data.scheduled_at, before, after);
    t.verify(
      sentNow,
      `with scheduled_at null, answered ${response.status}, status ${JSON.stringify(data?.status ?? null)}, scheduled_at ${JSON.stringify(data?.scheduled_at ?? null)}; null is as omitted: 200, scheduled (or sent) for the moment it was accepted`,
      { evidence: response },
    );
  });

  test('queues an email sent without a time at once, and it then reads sent with sent_at', { check: 'email_send_state_table', rules: ['email.send-now'], needs: ['state'], timeoutMs: 60_000 }, async (t: Kit) => {
    const email = await new Resources(t).sendableEmail();
    const before = Date.now();
    const { data, response } = await send(t, email);
    const after = Date.now();
    t.ensure(data !== undefined, `answered ${response.status}; expected 200`, { evidence: response });
    t.verify(within(data.scheduled_at, before, after), `scheduled_at is ${data.scheduled_at}; a send without a time is scheduled for the moment it was accepted`, { evidence: response });
    const delivered = await waitForDelivery(t, email);
    t.ensure(delivered.data !== undefined, `getEmail answered ${delivered.response.status}`, { evidence: delivered.response });
    t.verify(delivered.data.status === 'sent', `after ${t.options.deliveryTimeoutSeconds} s the email is ${delivered.data.status}, not sent`, { evidence: delivered.response });
    t.verify(within(delivered.data.sent_at, before, Date.now()), `sent_at is ${delivered.data.sent_at}; a sent email carries when it was sent`, { evidence: delivered.response });
  });

  test('schedules an email for a future time given with an offset, answering that instant in UTC', { check: 'email_send_state_table', rules: ['email.send-later'], needs: ['input_reflection', 'state'] }, async (t: Kit) => {
    const email = await new Resources(t).sendableEmail();
    const instant = new Date(Math.floor(Date.now() / 1000) * 1000 + 2 * 86_400_000);
    const { data, response } = await send(t, email, { scheduled_at: dateTimeWithOffset(instant, 330) });
    t.ensure(data !== undefined, `answered ${response.status}; expected 200`, { evidence: response });
    t.verify(data.status === 'scheduled', `status is ${data.status}; expected scheduled`, { evidence: response });
    t.verify(data.scheduled_at === instant.toISOString(), `scheduled_at is ${data.scheduled_at}; expected ${instant.toISOString()} (the instant sent, in UTC)`, { evidence: response });
    // Nothing is delivered before that instant: sent_at is set when delivery completes, not when it is planned.
    t.verify(data.sent_at === null, `sent_at is ${data.sent_at} for an email scheduled two days ahead; expected null until its delivery completes`, { evidence: response });
    const readBack = await read(t, email);
    t.verify(readBack.data?.scheduled_at === instant.toISOString(), `getEmail shows scheduled_at ${readBack.data?.scheduled_at}`, { evidence: readBack.response });
    t.verify(readBack.data?.sent_at === null, `getEmail shows sent_at ${readBack.data?.sent_at} for an email scheduled two days ahead; expected null until its delivery completes`, { evidence: readBack.response });
  });

  test('replaces the time of an email scheduled again, as getEmail then shows', { check: 'email_send_state_table', rules: ['email.send-later'], needs: ['input_reflection', 'state'] }, async (t: Kit) => {
    const email = await new Resources(t).sendableEmail();
    const first = new Date(Math.floor(Date.now() / 1000) * 1000 + 2 * 86_400_000);
    const second = new Date(first.getTime() + 86_400_000);
    const scheduled = await send(t, email, { scheduled_at: first.toISOString() });
    t.ensure(scheduled.data?.status === 'scheduled', `scheduling the email answered ${scheduled.response.status} ${scheduled.data?.status ?? ''}; expected 200 scheduled`, { evidence: scheduled.response });
    const { data, response } = await send(t, email, { scheduled_at: second.toISOString() });
    t.ensure(data !== undefined, `sending a scheduled email again answered ${response.status}; expected 200`, { evidence: response });
    t.verify(data.scheduled_at === second.toISOString(), `scheduled_at is ${data.scheduled_at}; expected the new time ${second.toISOString()}`, { evidence: response });
    // The answer alone can echo the request: the stored time is what delivery goes by.
    const readBack = await read(t, email);
    t.verify(
      readBack.data?.scheduled_at === second.toISOString() && readBack.data.status === 'scheduled',
      `getEmail shows ${readBack.data?.status} at ${readBack.data?.scheduled_at} after the second send; expected scheduled at the new time ${second.toISOString()} (the first was ${first.toISOString()})`,
      { evidence: readBack.response },
    );
  });

  test('plays the send table again on a scheduled email: a later time, an earlier one still ahead, a past one, then none', { check: 'email_send_state_table', rules: ['email.send-later', 'email.send-past-time', 'email.send-now', 'email.send-already-sent', 'resources.refused-write-changes-nothing'], needs: ['input_reflection', 'state'], timeoutMs: 60_000 }, async (t: Kit) => {
    const email = await new Resources(t).sendableEmail();
    const day = 86_400_000;
    const start = Math.floor(Date.now() / 1000) * 1000;
    // Row two of the table, for a draft and then twice for a scheduled email: any future time is taken,
    // before or after the one the email has ("sending a scheduled email again replaces its time").
    const times = [
      { what: 'a first time, in two days', at: new Date(start + 2 * day).toISOString() },
      { what: 'a later time, in three days', at: new Date(start + 3 * day).toISOString() },
      { what: 'an earlier time still ahead, in one day', at: new Date(start + day).toISOString() },
    ];
    for (const { what, at } of times) {
      const { data, response } = await send(t, email, { scheduled_at: at });
      t.ensure(data !== undefined, `sending the email with ${what} (${at}) answered ${response.status}; expected 200 scheduled at that time`, { evidence: response, rules: ['email.send-later'] });
      t.verify(data.status === 'scheduled' && data.scheduled_at === at, `sending the email with ${what} answered ${data.status} at ${data.scheduled_at}; expected scheduled at ${at}`, { evidence: response, rules: ['email.send-later'] });
      const readBack = await read(t, email);
      t.verify(readBack.data?.status === 'scheduled' && readBack.data.scheduled_at === at, `after sending it with ${what}, getEmail shows ${readBack.data?.status} at ${readBack.data?.scheduled_at}; expected scheduled at ${at}`, { evidence: readBack.response, rules: ['email.send-later'] });
      t.verify(data.sent_at === null && readBack.data?.sent_at === null, `after sending it with ${what}, sent_at is ${data.sent_at} in the answer and ${readBack.data?.sent_at} on getEmail; expected null until its delivery completes`, { evidence: readBack.response, rules: ['email.send-later'] });
    }
    const kept = times.at(-1)!.at;
    // Row three, on a scheduled email: a past time is refused, and the email keeps its time.
    const past = new Date(Date.now() - 3_600_000).toISOString();
    const late = await send(t, email, { scheduled_at: past });
    t.verify(late.response.status === 422, `sending the scheduled email with the past time ${past} answered ${late.response.status}; expected 422`, { evidence: late.response, rules: ['email.send-past-time'] });
    const afterLate = await read(t, email);
    t.verify(afterLate.data?.status === 'scheduled' && afterLate.data.scheduled_at === kept, `after the refused send, getEmail shows ${afterLate.data?.status} at ${afterLate.data?.scheduled_at}; expected it still scheduled at ${kept}`, { evidence: afterLate.response, rules: ['email.send-past-time', 'resources.refused-write-changes-nothing'] });
    // Row one, on a scheduled email: without a time it is moved to the moment of the request and delivered.
    const before = Date.now();
    const now = await send(t, email);
    const after = Date.now();
    t.ensure(now.data !== undefined, `sending the scheduled email without a time answered ${now.response.status}; expected 200`, { evidence: now.response, rules: ['email.send-now'] });
    t.verify(
      (now.data.status === 'scheduled' || now.data.status === 'sent') && within(now.data.scheduled_at, before, after),
      `sending the email scheduled at ${kept} without a time answered ${now.data.status} at ${now.data.scheduled_at}; expected scheduled (or sent) at the moment of the request`,
      { evidence: now.response, rules: ['email.send-now', 'email.send-later'] },
    );
    const delivered = await waitForDelivery(t, email);
    t.verify(delivered.data?.status === 'sent', `after ${t.options.deliveryTimeoutSeconds} s the email, scheduled for ${kept} and then sent without a time, is ${delivered.data?.status}, not sent`, { evidence: delivered.response, rules: ['email.send-now'] });
    // Row four: once sent, a send with a future time is a 409.
    if (delivered.data?.status !== 'sent') return;
    const again = await send(t, email, { scheduled_at: new Date(start + 4 * day).toISOString() });
    t.verify(again.response.status === 409, `scheduling the email again once sent answered ${again.response.status}; expected 409`, { evidence: again.response, rules: ['email.send-already-sent'] });
  });

  test('refuses a time in the past with 422 and leaves the email a draft', { check: 'email_send_state_table', rules: ['email.send-past-time', 'resources.refused-write-changes-nothing'], needs: ['input_reflection', 'state'] }, async (t: Kit) => {
    const email = await new Resources(t).sendableEmail();
    const past = dateTimeWithOffset(new Date(Date.now() - 3_600_000), -300);
    const { response } = await send(t, email, { scheduled_at: past });
    t.verify(response.status === 422, `scheduled_at ${past} answered ${response.status}; expected 422`, { evidence: response });
    const readBack = await read(t, email);
    t.verify(readBack.data?.status === 'draft', `after the refused send the email is ${readBack.data?.status}, not draft`, {
      check: 'failed_write_leaves_nothing',
      evidence: readBack.response,
    });
  });

  test('refuses to send an email already sent with 409', { check: 'email_send_state_table', rules: ['email.send-already-sent'], needs: ['state'], timeoutMs: 60_000 }, async (t: Kit) => {
    const email = await new Resources(t).sendableEmail();
    await send(t, email);
    const delivered = await waitForDelivery(t, email);
    if (delivered.data?.status !== 'sent') return t.notApplicable(`needs a sent email, but it is ${delivered.data?.status ?? 'unreadable'} after ${t.options.deliveryTimeoutSeconds} s`);
    const again = await send(t, email);
    t.verify(again.response.status === 409, `sending a sent email answered ${again.response.status}; expected 409`, { evidence: again.response });
    verifyConflictType(t, again.response, 'email-already-sent', 'sending a sent email');
    const later = await send(t, email, { scheduled_at: new Date(Date.now() + 86_400_000).toISOString() });
    t.verify(later.response.status === 409, `scheduling a sent email answered ${later.response.status}; expected 409`, { evidence: later.response });
    verifyConflictType(t, later.response, 'email-already-sent', 'scheduling a sent email');
  });

  test('answers a past time on an email already sent with 422, and a send of it with 409 even once it is no longer ready', { check: 'email_send_state_table', rules: ['errors.precedence'], needs: ['state'], timeoutMs: 60_000 }, async (t: Kit) => {
    // A newsletter of the test's own: its only subscriber is deleted below.
    const resources = new Resources(t);
    const newsletter = await resources.newsletter('sent-then-empty');
    const subscriber = await resources.subscriber(newsletter.id);
    const email = await resources.email(newsletter.id, { content_html: '<p>Sent by the conformance suite to a reserved example.com address.</p>' });
    await send(t, email);
    const delivered = await waitForDelivery(t, email);
    if (delivered.data?.status !== 'sent') return t.notApplicable(`needs a sent email, but it is ${delivered.data?.status ?? 'unreadable'} after ${t.options.deliveryTimeoutSeconds} s`);
    const past = new Date(Date.now() - 3_600_000).toISOString();
    const late = await send(t, email, { scheduled_at: past });
    t.verify(late.response.status === 422, `scheduled_at ${past} for a sent email answered ${late.response.status}; expected 422 (the request is invalid on its own, before the email's state is looked at)`, { evidence: late.response });
    await t.api.DELETE('/newsletters/{newsletter_id}/subscribers/{id}', { params: { path: { newsletter_id: newsletter.id, id: subscriber.id } } });
    const again = await send(t, email);
    t.verify(again.response.status === 409, `sending a sent email whose newsletter has no subscriber left answered ${again.response.status}; expected 409 (the state before readiness)`, { evidence: again.response });
    verifyConflictType(t, again.response, 'email-already-sent', 'sending a sent email whose newsletter has no subscriber left');
  });

  test('answers an invalid body for an email that does not exist with 422, not 404', { check: 'negative_data_rejection', rules: ['errors.precedence'] }, async (t: Kit) => {
    const { response } = await t.api.POST('/newsletters/{newsletter_id}/emails/{id}/send', {
      params: { path: { newsletter_id: new Resources(t).sharedNewsletterId(), id: MISSING_ID } },
      body: { scheduled_at: 'next tuesday' },
    });
    t.verify(response.status === 422, `scheduled_at "next tuesday" for email ${MISSING_ID} answered ${response.status}; expected 422 (the request is invalid on its own, before the email is looked up)`, { evidence: response });
  });

  test('answers a past time for an email that does not exist with 422, not 404', { check: 'negative_data_rejection', rules: ['errors.precedence'], needs: ['state'] }, async (t: Kit) => {
    const past = new Date(Date.now() - 3_600_000).toISOString();
    const { response } = await t.api.POST('/newsletters/{newsletter_id}/emails/{id}/send', {
      params: { path: { newsletter_id: new Resources(t).sharedNewsletterId(), id: MISSING_ID } },
      body: { scheduled_at: past },
    });
    t.verify(response.status === 422, `scheduled_at ${past} for email ${MISSING_ID} answered ${response.status}; expected 422`, { evidence: response });
  });

  test('answers an invalid body without a token with 401, not 422', { check: 'ignored_auth', rules: ['errors.precedence', 'auth.bearer-required'] }, async (t: Kit) => {
    const newsletterId = new Resources(t).sharedNewsletterId();
    const { status, exchange } = await t.raw({
      method: 'POST',
      path: `/newsletters/${newsletterId}/emails/${MISSING_ID}/send`,
      body: '{"scheduled_at":"next tuesday","unknown":1}',
      contentType: 'application/json',
      authorization: null,
    });
    t.verify(status === 401, `answered ${status ?? 'nothing'}; expected 401 (authentication comes before the body)`, { evidence: exchange });
  });

  test('names in errors each thing missing and only those: subject, content_html, path.newsletter_id, alone and together, with a time or without, and changes nothing', { check: 'email_send_state_table', rules: ['email.not-sendable-fields', 'errors.only-present-causes', 'resources.refused-write-changes-nothing'], needs: ['state'] }, async (t: Kit) => {
    const resources = new Resources(t);
    // Two newsletters serve every combination: one with an active, verified subscriber, one without.
    const withAudience = await resources.newsletter('audience');
    await resources.subscriber(withAudience.id);
    const withoutAudience = await resources.newsletter('nobody');
    const later = new Date(Math.floor(Date.now() / 1000) * 1000 + 2 * 86_400_000).toISOString();
    // Every cause alone, every pair and all three: a cause counted wrongly when another is absent (the
    // audience left uncounted for an email without content) shows only where that cause is alone. Each
    // is sent now and for later: a refused send for later must not leave its time on the draft either.
    for (const missing of NOT_SENDABLE_COMBINATIONS) {
      const email = await resources.email(missing.includes('path.newsletter_id') ? withoutAudience.id : withAudience.id, {
        subject: missing.includes('subject') ? '   ' : t.names.name('ready'),
        content_html: missing.includes('content_html') ? null : '<p>Ready to send.</p>',
      });
      for (const body of [undefined, { scheduled_at: later }]) {
        const before = await read(t, email);
        const { error, response } = await send(t, email, body);
        const errorBody = error as { type?: string; errors?: Array<{ field?: string }> } | undefined;
        const expected = [...missing].sort();
        const what = `an email missing ${expected.join(' and ')}${body ? ', sent for later,' : ''}`;
        if (!t.verify(response.status === 422, `${what} answered ${response.status}; expected 422 (email-not-sendable)`, { evidence: response })) continue;
        t.verify(errorBody?.type?.endsWith('/email-not-sendable') === true, `${what}: type is ${errorBody?.type}; expected …/email-not-sendable`, { evidence: response });
        const fields = (errorBody?.errors ?? []).map((entry) => entry.field).sort();
        t.verify(JSON.stringify(fields) === JSON.stringify(expected), `${what}: errors name ${JSON.stringify(fields)}; expected exactly ${JSON.stringify(expected)}`, { evidence: response });
        const after = await read(t, email);
        t.verify(JSON.stringify(after.data) === JSON.stringify(before.data), `${what} was refused, yet getEmail shows it changed: before ${JSON.stringify(before.data)}, after ${JSON.stringify(after.data)}`, {
          check: 'failed_write_leaves_nothing',
          evidence: after.response,
          rules: ['resources.refused-write-changes-nothing'],
        });
      }
    }
  });

  // A text is blank only when it is empty or white space: one of emoji, CJK, Arabic, digits or
  // punctuation alone is filled, though no slug or word can be made of it. A server that judges
  // blankness by letters of the Latin script (or by a slug) refuses these.
  test('sends an email whose subject and content hold no Latin letter (emoji, CJK, Arabic, digits, punctuation), and a 422 names no filled field', { check: 'email_send_state_table', rules: ['email.not-sendable-fields', 'errors.only-present-causes'], needs: ['state'] }, async (t: Kit) => {
    const resources = new Resources(t);
    const newsletterId = (await resources.sendableEmail()).newsletter_id;
    const later = new Date(Math.floor(Date.now() / 1000) * 1000 + 2 * 86_400_000).toISOString();
    for (const [script, text] of Object.entries(TEXTS_WITHOUT_LATIN_LETTERS)) {
      const filled = await resources.email(newsletterId, { subject: text, content_html: text });
      const { data, error, response } = await send(t, filled, { scheduled_at: later });
      const named = ((error as { errors?: Array<{ field?: string }> } | undefined)?.errors ?? []).map((entry) => entry.field);
      t.verify(data?.status === 'scheduled', `an email whose subject and content_html are both ${JSON.stringify(text)} (${script}), sent for later, answered ${response.status}${named.length > 0 ? ` naming ${JSON.stringify(named)}` : ''}; expected 200 scheduled: a text is blank only when empty or white space`, { evidence: response });
    }
    // One field filled with such a text, the other missing: the 422 names the missing one alone.
    for (const [script, text] of Object.entries(TEXTS_WITHOUT_LATIN_LETTERS).slice(0, 2)) {
      for (const [missing, body] of [['content_html', { subject: text, content_html: null }], ['subject', { subject: '   ', content_html: text }]] as const) {
        const email = await resources.email(newsletterId, body);
        const { error, response } = await send(t, email, { scheduled_at: later });
        const fields = ((error as { errors?: Array<{ field?: string }> } | undefined)?.errors ?? []).map((entry) => entry.field);
        const what = `an email missing only ${missing}, its other field ${JSON.stringify(text)} (${script})`;
        if (!t.verify(response.status === 422, `${what} answered ${response.status}; expected 422 (email-not-sendable)`, { evidence: response })) continue;
        t.verify(JSON.stringify(fields) === JSON.stringify([missing]), `${what}: errors name ${JSON.stringify(fields)}; expected exactly ${JSON.stringify([missing])}`, { evidence: response });
      }
    }
  });

  test('sends an email whose content is markup alone (an image, a rule, a table, a link without text), from content_html or content_md, on create or update, or a character that is not white space (U+200B, U+FEFF), and refuses one of empty or white-space content (each Unicode white space alone) naming content_html; its subject likewise each white space alone (named subject) or an empty-looking character that is not white space', { check: 'email_send_state_table', rules: ['email.send-later', 'email.send-not-ready', 'email.not-sendable-fields', 'errors.only-present-causes'], needs: ['state'] }, async (t: Kit) => {
    const resources = new Resources(t);
    const newsletterId = (await resources.sendableEmail()).newsletter_id;
    const later = new Date(Math.floor(Date.now() / 1000) * 1000 + 2 * 86_400_000).toISOString();
    // Made at once, then sent at once: each email is its own, so nothing depends on the order.
    // "Only white space" is Unicode's White_Space: each such character the content_html takes, alone
    // beyond ASCII (ASCII's are together in NO_CONTENT), is no content; a character that shows nothing
    // but is not white space (U+200B) is content (white-space.ts).
    const beyondAscii = (characters: readonly string[]) => allowedIn(t, 'createEmail', 'content_html', characters).filter((character) => character > '\u007F');
    const whiteSpace = beyondAscii(UNICODE_WHITE_SPACE).map((character) => ({ what: `content_html of ${codePoint(character)} alone, white space`, create: { content_html: character }, update: undefined, sendable: false }));
    const notWhiteSpace = beyondAscii(EMPTY_LOOKING_NOT_WHITE_SPACE).map((character) => ({ what: `${codePoint(character)} alone, as content_html: not white space`, create: { content_html: character }, update: undefined, sendable: true }));
    const contents = [
      ...MARKUP_ONLY_CONTENT.map((item) => ({ ...item, sendable: true })),
      ...notWhiteSpace,
      ...NO_CONTENT.map((item) => ({ ...item, update: undefined, sendable: false })),
      ...whiteSpace,
    ];
    // The subject's blank rule the same way, on the same emails (no request of its own): "a blank subject
    // cannot be sent" (Email's subject; EmailCreate's: "it must not be blank to send"), named `subject`
    // (email.not-sendable-fields). Blank is Unicode's White_Space as for the content: each such character
    // the subject's pattern allows, alone, is blank; each that shows nothing but is not white space is a
    // subject. Set by the create, or by the update where the case has one (EmailUpdate's subject).
    // The subjects that are not blank first, on the contents that are sendable: a 422 for them is theirs alone.
    const subjects = [
      ...allowedIn(t, 'createEmail', 'subject', EMPTY_LOOKING_NOT_WHITE_SPACE).map((character) => ({ subject: character, blank: false })),
      ...allowedIn(t, 'createEmail', 'subject', UNICODE_WHITE_SPACE).map((character) => ({ subject: character, blank: true })),
    ];
    const cases = contents.map((item, index) => {
      const subject = subjects[index];
      if (!subject) return { ...item, blankSubject: false };
      const what = `${item.what}, its subject ${codePoint(subject.subject)} alone${item.update ? ' set by the update' : ''} (${subject.blank ? 'white space' : 'not white space'})`;
      return item.update
        ? { ...item, what, update: { ...item.update, subject: subject.subject }, blankSubject: subject.blank }
        : { ...item, what, create: { ...item.create, subject: subject.subject }, blankSubject: subject.blank };
    });
    // Every subject is judged: the contents are more than the subjects.
    t.ensure(subjects.length <= contents.length, `${subjects.length} subjects to judge on ${contents.length} emails`);
    const emails = await Promise.all(
      cases.map(async (item) => {
        const email = await resources.email(newsletterId, item.create);
        if (!item.update) return email;
        const changed = await t.api.PATCH('/newsletters/{newsletter_id}/emails/{id}', { params: { path: { newsletter_id: newsletterId, id: email.id } }, body: item.update });
        t.ensure(changed.data !== undefined, `updateEmail of ${JSON.stringify(item.update)} answered ${changed.response.status}; expected 200`, { evidence: changed.response });
        return changed.data;
      }),
    );
    const sends = await Promise.all(emails.map((email) => send(t, email, { scheduled_at: later })));
    sends.forEach(({ data, error, response }, index) => {
      const item = cases[index]!;
      const named = ((error as { errors?: Array<{ field?: string }> } | undefined)?.errors ?? []).map((entry) => entry.field);
      const content = JSON.stringify(emails[index]!.content_html);
      const missing = [...(item.sendable ? [] : ['content_html']), ...(item.blankSubject ? ['subject'] : [])];
      if (item.blankSubject) {
        const sorted = [...named].sort();
        t.verify(response.status === 422 && JSON.stringify(sorted) === JSON.stringify(missing), `an email of ${item.what} (content_html ${content}), sent for later, answered ${response.status}${named.length > 0 ? ` naming ${JSON.stringify(named)}` : ''}; expected 422 email-not-sendable naming exactly ${JSON.stringify(missing)}: a subject of white space alone is blank`, { evidence: response, rules: ['email.send-not-ready', 'email.not-sendable-fields'] });
      } else if (item.sendable) {
        t.verify(data?.status === 'scheduled', `an email whose content is ${item.what} (content_html ${content}), sent for later, answered ${response.status}${named.length > 0 ? ` naming ${JSON.stringify(named)}` : ''}; expected 200 scheduled: only no content_html or white space is no content`, { evidence: response, rules: ['email.send-later', 'email.not-sendable-fields'] });
      } else {
        t.verify(response.status === 422 && JSON.stringify(named) === JSON.stringify(['content_html']), `an email of ${item.what} (content_html ${content}), sent for later, answered ${response.status}${named.length > 0 ? ` naming ${JSON.stringify(named)}` : ''}; expected 422 email-not-sendable naming content_html alone: it has no content`, { evidence: response, rules: ['email.send-not-ready', 'email.not-sendable-fields'] });
      }
    });
  });

  test('refuses an email whose newsletter has no active, verified subscriber with 422', { check: 'email_send_state_table', rules: ['email.send-not-ready'], needs: ['state'] }, async (t: Kit) => {
    const resources = new Resources(t);
    const newsletter = await resources.newsletter('no-subscribers');
    const email = await resources.email(newsletter.id, { content_html: '<p>Nobody will read this.</p>' });
    const { response } = await send(t, email);
    t.verify(response.status === 422, `answered ${response.status}; expected 422 (email-not-sendable)`, { evidence: response });
  });

  // The audience is counted as it is when the email is sent: a subscriber deleted since is no longer
  // one. A server that counts every subscriber the newsletter ever had passes the test above. And it is
  // judged whatever state the send starts from (the table's rows hold for `draft`, `scheduled` and
  // `failed` alike, and "the email must be ready" for each): an email scheduled while the newsletter had
  // its subscriber, sent again for a new time and without one once the subscriber is gone, is a 422 as a
  // draft is, and keeps its time. A server that judges readiness only when an email leaves draft ("it
  // was checked when it was scheduled") moves it instead. (A failed email, reached only through
  // --fixtures, is sent again before its audience is taken: service-states.test.ts.)
  test('refuses an email whose newsletter had a subscriber, since deleted, with 422 naming path.newsletter_id: a draft, and an email scheduled before, sent again for a new time and without one, which stays scheduled at its time', { check: 'email_send_state_table', rules: ['email.send-not-ready', 'email.not-sendable-fields', 'resources.refused-write-changes-nothing'], needs: ['state'] }, async (t: Kit) => {
    const resources = new Resources(t);
    const newsletter = await resources.newsletter('audience-deleted');
    const subscriber = await resources.subscriber(newsletter.id);
    const [draft, scheduled] = await Promise.all([
      resources.email(newsletter.id, { content_html: '<p>Nobody is left to read this.</p>' }),
      resources.email(newsletter.id, { content_html: '<p>Scheduled while someone could read this.</p>' }),
    ]);
    const day = 86_400_000;
    const start = Math.floor(Date.now() / 1000) * 1000;
    const kept = new Date(start + 2 * day).toISOString();
    const queued = await send(t, scheduled, { scheduled_at: kept });
    t.ensure(queued.data?.status === 'scheduled', `scheduling an email of a newsletter with a subscriber answered ${queued.response.status} ${queued.data?.status ?? ''}; expected 200 scheduled`, { evidence: queued.response, rules: ['email.send-later'] });
    const removed = await t.api.DELETE('/newsletters/{newsletter_id}/subscribers/{id}', { params: { path: { newsletter_id: newsletter.id, id: subscriber.id } } });
    t.ensure(removed.response.status === 204, `deleteSubscriber answered ${removed.response.status}; expected 204`, { evidence: removed.response });
    const sends = [
      { email: draft, what: 'a draft', body: undefined },
      // A new time first: a server that wrongly takes it only moves the email, and the send without a time is still judged.
      { email: scheduled, what: `an email scheduled for ${kept} before, sent again for a new time`, body: { scheduled_at: new Date(start + 3 * day).toISOString() } },
      { email: scheduled, what: `an email scheduled for ${kept} before, sent again without a time`, body: undefined },
    ];
    for (const { email, what, body } of sends) {
      const { error, response } = await send(t, email, body);
      if (!t.verify(response.status === 422, `${what} of a newsletter whose only subscriber was deleted answered ${response.status}; expected 422 (email-not-sendable: no active, verified subscriber, whatever state the email is in)`, { evidence: response, rules: ['email.send-not-ready'] })) continue;
      const fields = ((error as { errors?: Array<{ field?: string }> } | undefined)?.errors ?? []).map((entry) => entry.field);
      t.verify(JSON.stringify(fields) === JSON.stringify(['path.newsletter_id']), `${what}: errors name ${JSON.stringify(fields)}; expected exactly ["path.newsletter_id"]`, { evidence: response, rules: ['email.not-sendable-fields'] });
    }
    const after = await read(t, scheduled);
    t.verify(after.data?.status === 'scheduled' && after.data.scheduled_at === kept, `after its sends were refused, the email scheduled for ${kept} reads ${after.data?.status ?? `unreadable (${after.response.status})`} at ${after.data?.scheduled_at}; expected still scheduled at ${kept}`, { evidence: after.response, rules: ['resources.refused-write-changes-nothing'] });
  });

  test('refuses an email without content with 422', { check: 'email_send_state_table', rules: ['email.send-not-ready'], needs: ['state'] }, async (t: Kit) => {
    const resources = new Resources(t);
    const sendable = await resources.sendableEmail();
    const empty = await resources.email(sendable.newsletter_id, { content_html: null });
    const { response } = await send(t, empty);
    t.verify(response.status === 422, `answered ${response.status}; expected 422 (email-not-sendable)`, { evidence: response });
  });
});
