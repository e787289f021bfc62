/** Subscribers: the upsert by address (any case, trimmed, concurrent), filters, deletion. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

let t: TestServer;
let newsletterId: number;
beforeAll(async () => {
  t = await startTestServer();
  newsletterId = (await t.api('POST', '/newsletters', { body: { name: 'Updates' } })).body.id;
});
afterAll(() => t.close());

const subscribe = (email: unknown, newsletter = newsletterId) =>
  t.api('POST', `/newsletters/${newsletter}/subscribers`, { body: { email } });

describe('POST /newsletters/{newsletter_id}/subscribers', () => {
  it('creates a new address verified and active at once, stored in lowercase, with 200', async () => {
    const { status, body } = await subscribe('  Ada.Lovelace@Example.COM ');
    expect(status).toBe(200);
    expect(body).toMatchObject({ email: 'ada.lovelace@example.com', verified: true, active: true, status: 'active', newsletter_id: newsletterId });
    expect(body.verified_at).toBe(body.created_at);
  });

  it('returns the existing subscriber for the same address in other case, with 200 and the same id', async () => {
    const first = await subscribe('grace@example.org');
    const second = await subscribe('GRACE@EXAMPLE.ORG');
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
  });

  it('leaves a suppressed subscriber suppressed', async () => {
    const { body } = await subscribe('gone@example.org');
    t.server.db.prepare("UPDATE subscribers SET status = 'suppressed', active = 0 WHERE id = ?").run(body.id);
    const again = await subscribe('Gone@Example.org');
    expect(again.body).toMatchObject({ id: body.id, status: 'suppressed', active: false });
  });

  it('creates exactly one subscriber from 50 concurrent upserts of one address in mixed case', async () => {
    const variants = Array.from({ length: 50 }, (_, i) => (i % 3 === 0 ? 'Race@Example.net' : i % 3 === 1 ? 'race@example.net' : ' RACE@EXAMPLE.NET'));
    const responses = await Promise.all(variants.map((email) => subscribe(email)));
    expect(new Set(responses.map((r) => r.status))).toEqual(new Set([200]));
    expect(new Set(responses.map((r) => r.body.id)).size).toBe(1);
    const count = t.server.db.prepare("SELECT count(*) FROM subscribers WHERE email = 'race@example.net'").pluck().get();
    expect(count).toBe(1);
  });

  it('keeps addresses of different newsletters apart', async () => {
    const other = (await t.api('POST', '/newsletters', { body: { name: 'Other' } })).body.id;
    const a = await subscribe('both@example.org');
    const b = await subscribe('both@example.org', other);
    expect(b.body.id).not.toBe(a.body.id);
    expect(b.body.newsletter_id).toBe(other);
  });

  it.each(['not-an-address', 'a@', '@example.com', 'two@@example.com', 'spaces in@example.com', '', 5, null])(
    'refuses %j with 422 on email',
    async (email) => {
      const { status, body } = await subscribe(email);
      expect(status).toBe(422);
      expect(body.errors[0].field).toBe('email');
    },
  );

  it('answers 404 for a newsletter of another workspace', async () => {
    const theirs = (await t.api('POST', '/newsletters', { body: { name: 'Theirs' }, token: t.otherToken })).body.id;
    expect((await subscribe('spy@example.org', theirs)).status).toBe(404);
  });
});

describe('GET and DELETE subscribers', () => {
  it('filters by status and verified, and deletes', async () => {
    const newsletter = (await t.api('POST', '/newsletters', { body: { name: 'Filters' } })).body.id;
    const active = (await subscribe('on@example.org', newsletter)).body;
    const pending = (await subscribe('pending@example.org', newsletter)).body;
    t.server.db.prepare("UPDATE subscribers SET status = 'pending', verified = 0, verified_at = NULL WHERE id = ?").run(pending.id);
    const list = (query: string) => t.api('GET', `/newsletters/${newsletter}/subscribers${query}`);
    expect((await list('?status=active')).body.result.map((s: { id: number }) => s.id)).toEqual([active.id]);
    expect((await list('?verified=false')).body.result.map((s: { id: number }) => s.id)).toEqual([pending.id]);
    expect((await list('?verified=true&status=pending')).body.total).toBe(0);
    expect((await list('?verified=maybe')).status).toBe(422);
    expect((await t.api('DELETE', `/newsletters/${newsletter}/subscribers/${active.id}`)).status).toBe(204);
    expect((await list('')).body.total).toBe(1);
    expect((await t.api('DELETE', `/newsletters/${newsletter}/subscribers/${active.id}`)).status).toBe(404);
  });
});

describe('identifiers', () => {
  it('never gives a deleted id to a new resource', async () => {
    const newsletter = (await t.api('POST', '/newsletters', { body: { name: 'Ids' } })).body.id;
    const first = (await subscribe('first@example.org', newsletter)).body;
    await t.api('DELETE', `/newsletters/${newsletter}/subscribers/${first.id}`);
    const second = (await subscribe('second@example.org', newsletter)).body;
    expect(second.id).toBeGreaterThan(first.id);
    expect((await t.api('DELETE', `/newsletters/${newsletter}/subscribers/${first.id}`)).status).toBe(404);
  });
});
