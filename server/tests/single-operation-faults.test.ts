/**
 * The faults of server/faults/single-operation.ts really break what they name, each in its one
 * operation: every case shows the broken answer where the contract requires another.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { FaultName } from '../faults/catalog.ts';
import { startTestServer, type TestServer } from './harness.ts';

let t: TestServer | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function withFault(fault: FaultName) {
  t = await startTestServer({ faults: [fault] });
  return t;
}

const future = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

describe('faults confined to one operation', () => {
  it('page-update-stale-snapshot: a second PATCH of another field undoes the first', async () => {
    const { api } = await withFault('page-update-stale-snapshot');
    const page = (await api('POST', '/pages', { body: { name: 'Before' } })).body.id;
    expect((await api('PATCH', `/pages/${page}`, { body: { name: 'After' } })).body.name).toBe('After');
    await api('PATCH', `/pages/${page}`, { body: { slug: 'elsewhere' } });
    const read = (await api('GET', `/pages/${page}`)).body;
    expect(read.slug).toBe('elsewhere');
    expect(read.name).toBe('Before');
  });

  it('reschedule-keeps-first-time: the new time is answered, the first one stays stored', async () => {
    const { api } = await withFault('reschedule-keeps-first-time');
    const newsletter = (await api('POST', '/newsletters', { body: { name: 'Weekly' } })).body.id;
    await api('POST', `/newsletters/${newsletter}/subscribers`, { body: { email: 'reader@example.org' } });
    const email = (await api('POST', `/newsletters/${newsletter}/emails`, { body: { subject: 'Hi', content_html: '<p>Hi</p>' } })).body.id;
    const first = (await api('POST', `/newsletters/${newsletter}/emails/${email}/send`, { body: { scheduled_at: future(60) } })).body.scheduled_at;
    const second = await api('POST', `/newsletters/${newsletter}/emails/${email}/send`, { body: { scheduled_at: future(120) } });
    expect(second.status).toBe(200);
    expect(second.body.scheduled_at).not.toBe(first);
    expect((await api('GET', `/newsletters/${newsletter}/emails/${email}`)).body.scheduled_at).toBe(first);
  });

  it('upsert-existing-refreshed: an existing subscriber comes back with new timestamps', async () => {
    const { api } = await withFault('upsert-existing-refreshed');
    const newsletter = (await api('POST', '/newsletters', { body: { name: 'Weekly' } })).body.id;
    const first = (await api('POST', `/newsletters/${newsletter}/subscribers`, { body: { email: 'ada@example.org' } })).body;
    await new Promise((resolve) => setTimeout(resolve, 5));
    const again = (await api('POST', `/newsletters/${newsletter}/subscribers`, { body: { email: 'ADA@example.org' } })).body;
    expect(again.id).toBe(first.id);
    expect(again.verified_at).not.toBe(first.verified_at);
    expect(again.updated_at).not.toBe(first.updated_at);
  });

  it('newsletters-offset-default-size: page 2 of size 5 skips five newsletters', async () => {
    const { api } = await withFault('newsletters-offset-default-size');
    for (let i = 1; i <= 12; i++) await api('POST', '/newsletters', { body: { name: `Letter ${i}` } });
    const all = (await api('GET', '/newsletters?size=100')).body.result.map((n: { id: number }) => n.id);
    const page2 = (await api('GET', '/newsletters?page=2&size=5')).body.result.map((n: { id: number }) => n.id);
    expect(page2).toEqual(all.slice(10, 15));
    expect((await api('GET', '/newsletters?page=2&size=10')).body.result.map((n: { id: number }) => n.id)).toEqual(all.slice(10, 20));
  });

  it('post-slug-undecomposed-letters-dropped: ß and ł are lost, é is kept as e', async () => {
    const { api } = await withFault('post-slug-undecomposed-letters-dropped');
    const page = (await api('POST', '/pages', { body: { name: 'Blog' } })).body.id;
    expect((await api('POST', `/pages/${page}/posts`, { body: { title: 'Straße in Łódź' } })).body.slug).toBe('stra-e-in-odz');
    expect((await api('POST', `/pages/${page}/posts`, { body: { title: 'Café' } })).body.slug).toBe('cafe');
  });

  it("newsletter-name-taken-global: another workspace's name is answered 409", async () => {
    const { api, otherToken } = await withFault('newsletter-name-taken-global');
    expect((await api('POST', '/newsletters', { body: { name: 'Shared Name' } })).status).toBe(201);
    const other = await api('POST', '/newsletters', { body: { name: 'shared name' }, token: otherToken });
    expect(other.status).toBe(409);
  });

  it("category-slug-unique-per-workspace: another page's slug is answered 409", async () => {
    const { api } = await withFault('category-slug-unique-per-workspace');
    const [a, b] = [(await api('POST', '/pages', { body: { name: 'A' } })).body.id, (await api('POST', '/pages', { body: { name: 'B' } })).body.id];
    expect((await api('POST', `/pages/${a}/categories`, { body: { name: 'News', slug: 'news' } })).status).toBe(201);
    expect((await api('POST', `/pages/${b}/categories`, { body: { name: 'News', slug: 'news' } })).status).toBe(409);
  });

  it('category-delete-any-page: a category is deleted through another page; get still answers 404 there', async () => {
    const { api } = await withFault('category-delete-any-page');
    const [a, b] = [(await api('POST', '/pages', { body: { name: 'A' } })).body.id, (await api('POST', '/pages', { body: { name: 'B' } })).body.id];
    const category = (await api('POST', `/pages/${a}/categories`, { body: { name: 'News' } })).body.id;
    expect((await api('GET', `/pages/${b}/categories/${category}`)).status).toBe(404);
    expect((await api('DELETE', `/pages/${b}/categories/${category}`)).status).toBe(204);
    expect((await api('GET', `/pages/${a}/categories/${category}`)).status).toBe(404);
  });

  it("page-errors-first-only: createPage's 422 names one of two invalid fields; createNewsletter's still all", async () => {
    const { api } = await withFault('page-errors-first-only');
    const page = await api('POST', '/pages', { body: { name: 'x'.repeat(256), slug: 'y'.repeat(101) } });
    expect(page.status).toBe(422);
    expect(page.body.errors).toHaveLength(1);
    // An unknown query parameter is judged by its own stage (unknown-query.ts): the fault cuts only
    // what the validator finds in the body, so the 422 names the parameter and one body field.
    const page2 = await api('POST', '/pages?bogus=1', { body: { name: 'x'.repeat(256), slug: 'y'.repeat(101) } });
    const fields = (page2.body.errors as { field: string }[]).map((error) => error.field);
    expect(fields).toHaveLength(2);
    expect(fields[0]).toBe('query.bogus');
    expect(fields[1]).toMatch(/^(name|slug)$/);
  });

  it('head-401-without-challenge: HEAD of listPosts without a token has no WWW-Authenticate; GET has', async () => {
    const { api } = await withFault('head-401-without-challenge');
    const head = await api('HEAD', '/pages/1/posts', { token: null });
    const get = await api('GET', '/pages/1/posts', { token: null });
    expect([head.status, get.status]).toEqual([401, 401]);
    expect(get.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(head.headers.get('www-authenticate')).toBeNull();
  });

  it("email-location-without-base: createEmail's Location answers 404", async () => {
    const { api, baseUrl, token } = await withFault('email-location-without-base');
    const newsletter = (await api('POST', '/newsletters', { body: { name: 'Weekly' } })).body.id;
    const created = await api('POST', `/newsletters/${newsletter}/emails`, { body: { subject: 'Hi' } });
    const location = created.headers.get('location')!;
    expect(location).toBe(`/newsletters/${newsletter}/emails/${created.body.id}`);
    expect((await fetch(new URL(location, `${baseUrl}/newsletters/${newsletter}/emails`), { headers: { Authorization: `Bearer ${token}` } })).status).toBe(404);
  });

  it("rate-limit-reset-as-epoch: listSubscribers's reset is far past the window", async () => {
    const { api } = await withFault('rate-limit-reset-as-epoch');
    const newsletter = (await api('POST', '/newsletters', { body: { name: 'Weekly' } })).body.id;
    const answer = await api('GET', `/newsletters/${newsletter}/subscribers`);
    const reset = Number(/t=(\d+)/.exec(answer.headers.get('ratelimit') ?? '')?.[1]);
    const window = Number(/w=(\d+)/.exec(answer.headers.get('ratelimit-policy') ?? '')?.[1]);
    expect(reset).toBeGreaterThan(window);
  });
});
