/** Newsletters: unique names, name_slug, and the update rules ({} changes nothing, null is refused). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

describe('POST /newsletters', () => {
  it('creates a newsletter with its name_slug and workspace', async () => {
    const { status, body } = await t.api('POST', '/newsletters', { body: { name: 'Product Updates' } });
    expect(status).toBe(201);
    expect(body).toMatchObject({ name: 'Product Updates', name_slug: 'product-updates' });
    expect(Object.keys(body).sort()).toEqual(['created_at', 'id', 'name', 'name_slug', 'updated_at', 'workspace_id']);
  });

  it('refuses a name already used in the workspace with 409, but not in another workspace', async () => {
    await t.api('POST', '/newsletters', { body: { name: 'Digest' } });
    expect((await t.api('POST', '/newsletters', { body: { name: 'DIGEST' } })).status).toBe(409);
    expect((await t.api('POST', '/newsletters', { body: { name: 'Digest' }, token: t.otherToken })).status).toBe(201);
  });
});

describe('PATCH /newsletters/{id}', () => {
  it('renames; name_slug follows', async () => {
    const { body: newsletter } = await t.api('POST', '/newsletters', { body: { name: 'Weekly' } });
    const { status, body } = await t.api('PATCH', `/newsletters/${newsletter.id}`, { body: { name: 'Weekly Roundup' } });
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: newsletter.id, name: 'Weekly Roundup', name_slug: 'weekly-roundup' });
  });

  it('answers 200 with the newsletter unchanged for {}', async () => {
    const { body: newsletter } = await t.api('POST', '/newsletters', { body: { name: 'Stable' } });
    const { status, body } = await t.api('PATCH', `/newsletters/${newsletter.id}`, { body: {} });
    expect(status).toBe(200);
    expect(body).toEqual(newsletter);
  });

  it('answers 200 unchanged when renamed to its own name', async () => {
    const { body: newsletter } = await t.api('POST', '/newsletters', { body: { name: 'Same' } });
    expect((await t.api('PATCH', `/newsletters/${newsletter.id}`, { body: { name: 'Same' } })).body).toEqual(newsletter);
  });

  it('refuses name null with 422 and keeps the name', async () => {
    const { body: newsletter } = await t.api('POST', '/newsletters', { body: { name: 'Named' } });
    const { status, body } = await t.api('PATCH', `/newsletters/${newsletter.id}`, { body: { name: null } });
    expect(status).toBe(422);
    expect(body.errors).toEqual([{ field: 'name', message: 'must be string' }]);
    expect((await t.api('GET', `/newsletters/${newsletter.id}`)).body.name).toBe('Named');
  });

  it('refuses another newsletter\'s name with 409', async () => {
    const { body: a } = await t.api('POST', '/newsletters', { body: { name: 'First' } });
    await t.api('POST', '/newsletters', { body: { name: 'Second' } });
    const { status, body } = await t.api('PATCH', `/newsletters/${a.id}`, { body: { name: 'second' } });
    expect(status).toBe(409);
    expect(body.type).toMatch(/name-taken$/);
  });

  it('answers 404 for a newsletter of another workspace', async () => {
    const { body: theirs } = await t.api('POST', '/newsletters', { body: { name: 'Theirs' }, token: t.otherToken });
    expect((await t.api('PATCH', `/newsletters/${theirs.id}`, { body: { name: 'Mine now' } })).status).toBe(404);
    expect((await t.api('GET', `/newsletters/${theirs.id}`, { token: t.otherToken })).body.name).toBe('Theirs');
  });
});
