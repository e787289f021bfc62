/** Emails: drafts (create, update, delete only as drafts) and the whole send state table. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../domain/clock.ts';
import { eventually, startTestServer, type TestServer } from './harness.ts';

/** A clock the tests move by hand, so "later" needs no waiting. */
class ManualClock implements Clock {
  private offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
  advance(ms: number): void {
    this.offsetMs += ms;
  }
}

const clock = new ManualClock();
let t: TestServer;
let newsletterId: number;
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await startTestServer({ clock });
  newsletterId = (await t.api('POST', '/newsletters', { body: { name: 'Updates' } })).body.id;
  for (const email of ['a@example.org', 'b@example.org', 'c@example.org']) {
    await t.api('POST', `/newsletters/${newsletterId}/subscribers`, { body: { email } });
  }
});
afterAll(() => t.close());

const emails = (newsletter = newsletterId) => `/newsletters/${newsletter}/emails`;
const createEmail = async (body: Record<string, unknown> = {}, newsletter = newsletterId) =>
  (await t.api('POST', emails(newsletter), { body: { subject: 'Monthly update', content_html: '<p>News</p>', ...body } })).body;
const send = (id: number, body?: unknown, newsletter = newsletterId) =>
  t.api('POST', `${emails(newsletter)}/${id}/send`, body === undefined ? {} : { body });
const read = async (id: number) => (await t.api('GET', `${emails()}/${id}`)).body;
const untilSent = (id: number) =>
  eventually(async () => {
    const email = await read(id);
    return email.status === 'sent' ? email : undefined;
  });
const outboxOf = (id: number) => t.server.stores.deliveries.outbox(id);

describe('POST /newsletters/{newsletter_id}/emails', () => {
  it('creates a draft with a slug from the subject and Markdown rendered', async () => {
    const { status, body } = await t.api('POST', emails(), { body: { subject: 'Hello, World', content_md: '**Hi**', author_id: t.authorId } });
    expect(status).toBe(201);
    expect(body).toMatchObject({
      subject: 'Hello, World',
      slug: 'hello-world',
      status: 'draft',
      content_html: '<p><strong>Hi</strong></p>\n',
      content_json: null,
      author_id: t.authorId,
      scheduled_at: null,
      sent_at: null,
    });
    expect(body).not.toHaveProperty('content_md');
  });

  it('suffixes slugs within the newsletter and falls back to "email" for an empty subject', async () => {
    await createEmail({ subject: 'Repeat' });
    expect((await createEmail({ subject: 'Repeat' })).slug).toBe('repeat-1');
    expect((await createEmail({ subject: '' })).slug).toMatch(/^email(-\d+)?$/);
  });

  it('refuses an author of another workspace with 422', async () => {
    const { status, body } = await t.api('POST', emails(), { body: { subject: 'x', author_id: t.authorId + 1000 } });
    expect(status).toBe(422);
    expect(body.errors).toEqual([{ field: 'author_id', message: 'must be an author of your workspace' }]);
  });
});

describe('draft-only changes', () => {
  it('updates and deletes a draft', async () => {
    const draft = await createEmail();
    const updated = await t.api('PATCH', `${emails()}/${draft.id}`, { body: { preview: 'Read me', content_md: '# New' } });
    expect(updated.body).toMatchObject({ preview: 'Read me', content_html: '<h1>New</h1>\n', slug: draft.slug });
    expect((await t.api('DELETE', `${emails()}/${draft.id}`)).status).toBe(204);
    expect((await t.api('GET', `${emails()}/${draft.id}`)).status).toBe(404);
  });

  it('refuses to change or delete an email that is not a draft with 409', async () => {
    const email = await createEmail();
    await send(email.id, { scheduled_at: new Date(clock.now().getTime() + 10 * HOUR).toISOString() });
    const patch = await t.api('PATCH', `${emails()}/${email.id}`, { body: { subject: 'Too late' } });
    expect(patch.status).toBe(409);
    expect(patch.body.type).toMatch(/email-not-draft$/);
    expect((await t.api('DELETE', `${emails()}/${email.id}`)).status).toBe(409);
    expect((await read(email.id)).subject).toBe('Monthly update');
  });
});

describe('POST /newsletters/{newsletter_id}/emails/{id}/send', () => {
  it('sends a draft now: 200 scheduled (or already sent), then sent with sent_at, once to each subscriber', async () => {
    const email = await createEmail({ subject: 'Now' });
    const before = clock.now().toISOString();
    const { status, body } = await send(email.id);
    expect(status).toBe(200);
    expect(['scheduled', 'sent']).toContain(body.status);
    expect(body.scheduled_at >= before).toBe(true);
    const sent = await untilSent(email.id);
    expect(sent.sent_at >= sent.scheduled_at).toBe(true);
    expect(outboxOf(email.id).map((m) => m.to_address).sort()).toEqual(['a@example.org', 'b@example.org', 'c@example.org']);
    expect(outboxOf(email.id)[0]).toMatchObject({ subject: 'Now', html: '<p>News</p>', from_address: '"Updates" <newsletters@localhost>' });
  });

  it('accepts an empty JSON object as "now" too', async () => {
    const email = await createEmail({ subject: 'Empty body' });
    expect((await send(email.id, {})).status).toBe(200);
    await untilSent(email.id);
  });

  it('schedules for a future time given with an offset, answered in UTC, and delivers only when due', async () => {
    const email = await createEmail({ subject: 'Later' });
    const { status, body } = await send(email.id, { scheduled_at: '2099-12-01T08:00:00+01:00' });
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: 'scheduled', scheduled_at: '2099-12-01T07:00:00.000Z', sent_at: null });
    t.server.worker.wake();
    await t.server.worker.idle();
    expect((await read(email.id)).status).toBe('scheduled');
    expect(outboxOf(email.id)).toHaveLength(0);
  });

  it('takes a leap second (RFC 3339, section 5.7) as the instant that follows it', async () => {
    const email = await createEmail({ subject: 'Leap' });
    const { status, body } = await send(email.id, { scheduled_at: '2098-12-31T18:59:60-05:00' });
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: 'scheduled', scheduled_at: '2099-01-01T00:00:00.000Z' });
  });

  it('takes a leap second written with t and z in lower case, which RFC 3339 allows (section 5.6)', async () => {
    const email = await createEmail({ subject: 'Leap in lower case' });
    const { status, body } = await send(email.id, { scheduled_at: '2098-12-31t23:59:60.5z' });
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: 'scheduled', scheduled_at: '2099-01-01T00:00:00.500Z' });
  });

  it('delivers a scheduled email once its time has come', async () => {
    const email = await createEmail({ subject: 'In an hour' });
    await send(email.id, { scheduled_at: new Date(clock.now().getTime() + HOUR).toISOString() });
    clock.advance(HOUR + 1000);
    t.server.worker.wake();
    const sent = await untilSent(email.id);
    expect(outboxOf(email.id)).toHaveLength(3);
    expect(sent.sent_at >= sent.scheduled_at).toBe(true);
  });

  it('reschedules a scheduled email with a new time', async () => {
    const email = await createEmail({ subject: 'Moved' });
    await send(email.id, { scheduled_at: '2099-01-01T00:00:00Z' });
    const { status, body } = await send(email.id, { scheduled_at: '2099-02-01T00:00:00Z' });
    expect(status).toBe(200);
    expect(body.scheduled_at).toBe('2099-02-01T00:00:00.000Z');
  });

  it.each([
    ['in the past', () => new Date(clock.now().getTime() - 60_000).toISOString()],
    ['now', () => clock.now().toISOString()],
    ['without an offset', () => '2099-01-01T00:00:00'],
    ['not a date', () => 'next tuesday'],
  ])('refuses a time %s with 422 and leaves the email a draft', async (_, at) => {
    const email = await createEmail({ subject: 'Bad time' });
    const { status, body } = await send(email.id, { scheduled_at: at() });
    expect(status).toBe(422);
    expect(body.errors[0].field).toBe('scheduled_at');
    expect((await read(email.id)).status).toBe('draft');
  });

  it('refuses to send a sent email again with 409, and sends nothing more', async () => {
    const email = await createEmail({ subject: 'Once' });
    await send(email.id);
    await untilSent(email.id);
    const again = await send(email.id);
    expect(again.status).toBe(409);
    expect(again.body.type).toMatch(/email-already-sent$/);
    expect((await send(email.id, { scheduled_at: '2099-01-01T00:00:00Z' })).status).toBe(409);
    await t.server.worker.idle();
    expect(outboxOf(email.id)).toHaveLength(3);
  });

  it('answers in the contract order of errors: a past time is 422 even for a sent or missing email, a sent email 409 even when not ready', async () => {
    const email = await createEmail({ subject: 'Order' });
    await send(email.id);
    await untilSent(email.id);
    const past = new Date(clock.now().getTime() - 60_000).toISOString();
    const onSent = await send(email.id, { scheduled_at: past });
    expect(onSent.status).toBe(422);
    expect(onSent.body.errors[0].field).toBe('scheduled_at');
    expect((await send(9_999_999, { scheduled_at: past })).status).toBe(422);
    expect((await send(9_999_999, { scheduled_at: '2099-01-01T00:00:00Z' })).status).toBe(404);
    // No longer ready (no content), yet the state comes first.
    t.server.db.prepare('UPDATE emails SET content_html = NULL WHERE id = ?').run(email.id);
    expect((await send(email.id)).status).toBe(409);
  });

  it('refuses an email without subject or content with 422 email-not-sendable, naming what is missing', async () => {
    const email = await createEmail({ subject: '  ', content_html: null });
    const { status, body } = await send(email.id);
    expect(status).toBe(422);
    expect(body.type).toMatch(/email-not-sendable$/);
    expect(body.errors.map((e: { field: string }) => e.field)).toEqual(['subject', 'content_html']);
  });

  it('judges blank by Unicode white space: NEXT LINE (U+0085) and an ideographic space are no content, a zero-width no-break space (U+FEFF) is content', async () => {
    // JavaScript's trim takes U+FEFF for white space and leaves U+0085; Unicode's White_Space is the other way round.
    const [nextLine, ideographic, zeroWidth] = await Promise.all(['\u0085', '\u3000', '\uFEFF'].map((content_html) => createEmail({ content_html })));
    for (const email of [nextLine!, ideographic!]) {
      const { status, body } = await send(email.id, { scheduled_at: new Date(clock.now().getTime() + 24 * HOUR).toISOString() });
      expect(status).toBe(422);
      expect(body.errors.map((e: { field: string }) => e.field)).toEqual(['content_html']);
    }
    const sent = await send(zeroWidth!.id, { scheduled_at: new Date(clock.now().getTime() + 24 * HOUR).toISOString() });
    expect(sent.status).toBe(200);
  });

  it('refuses a newsletter without an active, verified subscriber with 422', async () => {
    const lonely = (await t.api('POST', '/newsletters', { body: { name: 'Nobody reads this' } })).body.id;
    const email = await createEmail({}, lonely);
    const { status, body } = await send(email.id, undefined, lonely);
    expect(status).toBe(422);
    expect(body.errors).toEqual([{ field: 'path.newsletter_id', message: `newsletter ${lonely} has no active, verified subscriber` }]);
  });

  it('sends only to subscribers active and verified when delivery starts', async () => {
    const newsletter = (await t.api('POST', '/newsletters', { body: { name: 'Mixed audience' } })).body.id;
    const ids: number[] = [];
    for (const email of ['in@example.org', 'suppressed@example.org', 'unverified@example.org']) {
      ids.push((await t.api('POST', `/newsletters/${newsletter}/subscribers`, { body: { email } })).body.id);
    }
    t.server.db.prepare("UPDATE subscribers SET status = 'suppressed', active = 0 WHERE id = ?").run(ids[1]);
    t.server.db.prepare("UPDATE subscribers SET status = 'pending', verified = 0 WHERE id = ?").run(ids[2]);
    const email = await createEmail({}, newsletter);
    await send(email.id, undefined, newsletter);
    await eventually(async () => ((await t.api('GET', `${emails(newsletter)}/${email.id}`)).body.status === 'sent' ? true : undefined));
    expect(outboxOf(email.id).map((m) => m.to_address)).toEqual(['in@example.org']);
  });

  it('answers 404 for an email of another newsletter or workspace', async () => {
    const email = await createEmail();
    const other = (await t.api('POST', '/newsletters', { body: { name: 'Elsewhere' } })).body.id;
    expect((await send(email.id, undefined, other)).status).toBe(404);
    expect((await t.api('POST', `${emails()}/${email.id}/send`, { token: t.otherToken })).status).toBe(404);
    expect((await read(email.id)).status).toBe('draft');
  });
});

describe('GET /newsletters/{newsletter_id}/emails', () => {
  it('refuses ?status= with an empty value with 422 naming query.status', async () => {
    const { status, body } = await t.api('GET', `${emails()}?status=`);
    expect(status).toBe(422);
    expect(body.errors.map((e: { field: string }) => e.field)).toEqual(['query.status']);
  });

  it('pages with defaults 1 and 10, the true total, and an empty page past the end', async () => {
    const newsletter = (await t.api('POST', '/newsletters', { body: { name: 'Paged' } })).body.id;
    const created: number[] = [];
    for (let i = 0; i < 25; i++) created.push((await createEmail({ subject: `Issue ${i}` }, newsletter)).id);
    const first = await t.api('GET', emails(newsletter));
    expect(first.body).toMatchObject({ page: 1, size: 10, total: 25 });
    expect(first.body.result).toHaveLength(10);
    const pages = [];
    for (let page = 1; page <= 3; page++) pages.push(...(await t.api('GET', `${emails(newsletter)}?page=${page}`)).body.result);
    expect(pages.map((e: { id: number }) => e.id)).toEqual([...created].reverse());
    const past = await t.api('GET', `${emails(newsletter)}?page=4`);
    expect(past.body).toEqual({ page: 4, size: 10, total: 25, result: [] });
    expect((await t.api('GET', `${emails(newsletter)}?size=100`)).body.result).toHaveLength(25);
  });

  it('filters by status with the right total', async () => {
    const newsletter = (await t.api('POST', '/newsletters', { body: { name: 'Status filter' } })).body.id;
    await t.api('POST', `/newsletters/${newsletter}/subscribers`, { body: { email: 'x@example.org' } });
    const a = await createEmail({ subject: 'A' }, newsletter);
    await createEmail({ subject: 'B' }, newsletter);
    await send(a.id, { scheduled_at: '2099-01-01T00:00:00Z' }, newsletter);
    const scheduled = await t.api('GET', `${emails(newsletter)}?status=scheduled`);
    expect(scheduled.body.total).toBe(1);
    expect(scheduled.body.result.map((e: { id: number }) => e.id)).toEqual([a.id]);
    expect((await t.api('GET', `${emails(newsletter)}?status=draft`)).body.total).toBe(1);
    expect((await t.api('GET', `${emails(newsletter)}?status=sent`)).body).toMatchObject({ total: 0, result: [] });
  });

  it.each(['size=0', 'size=101', 'size=ten', 'page=0', 'page=-1', 'page=1.5', 'status=archived', 'sort=id'])(
    'refuses ?%s with 422 naming the query parameter',
    async (query) => {
      const { status, body } = await t.api('GET', `${emails()}?${query}`);
      expect(status).toBe(422);
      expect(body.errors[0].field).toBe(`query.${query.split('=')[0]}`);
    },
  );
});
