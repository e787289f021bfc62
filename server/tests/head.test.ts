/**
 * HEAD wherever GET (RFC 9110): on every path of the contract that has GET, HEAD answers the status
 * and header fields GET answers, and no body; success or error alike.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const contract: any = JSON.parse(readFileSync(new URL('../../generated/openapi.json', import.meta.url), 'utf8'));

let t: TestServer;
let ids: Record<string, number>;
beforeAll(async () => {
  t = await startTestServer();
  const page = (await t.api('POST', '/pages', { body: { name: 'Heads' } })).body.id;
  const newsletter = (await t.api('POST', '/newsletters', { body: { name: 'Heads' } })).body.id;
  ids = {
    page_id: page,
    newsletter_id: newsletter,
    '/pages/{id}': page,
    '/newsletters/{id}': newsletter,
    '/pages/{page_id}/posts/{id}': (await t.api('POST', `/pages/${page}/posts`, { body: { title: 'P' } })).body.id,
    '/pages/{page_id}/categories/{id}': (await t.api('POST', `/pages/${page}/categories`, { body: { name: 'C' } })).body.id,
    '/newsletters/{newsletter_id}/emails/{id}': (await t.api('POST', `/newsletters/${newsletter}/emails`, { body: { subject: 'E' } })).body.id,
    '/newsletters/{newsletter_id}/subscribers/{id}': (await t.api('POST', `/newsletters/${newsletter}/subscribers`, { body: { email: 'h@example.org' } })).body.id,
    '/authors/{id}': t.authorId,
  };
});
afterAll(() => t.close());

const getPaths = Object.keys(contract.paths).filter((path) => contract.paths[path].get);
const urlOf = (template: string) => template.replace(/\{([^}]+)\}/g, (_, name: string) => String(ids[name] ?? ids[template]));

/** Header fields that must match; Date and the connection's own fields may differ between two answers. */
const comparable = (headers: Headers) =>
  Object.fromEntries([...headers].filter(([name]) => !['date', 'connection', 'keep-alive'].includes(name) && !name.startsWith('ratelimit')));

async function both(path: string, token?: string | null) {
  const options = token === undefined ? {} : { token };
  return { get: await t.api('GET', path, options), head: await t.api('HEAD', path, options) };
}

describe('HEAD', () => {
  it('has a GET path to try for every kind of resource', () => {
    expect(getPaths.length).toBeGreaterThanOrEqual(12);
  });

  it.each(getPaths)('HEAD %s answers as GET does, without a body', async (template) => {
    const { get, head } = await both(urlOf(template));
    expect(get.status).toBe(200);
    expect(head.status).toBe(200);
    expect(comparable(head.headers)).toEqual(comparable(get.headers));
    expect(head.body).toBe('');
  });

  it.each([
    ['a missing token (401)', '/newsletters', null],
    ['no such resource (404)', '/newsletters/999999', undefined],
    ['an invalid query (422)', '/newsletters?size=101', undefined],
  ] as const)('answers %s as GET does, without a body', async (_, path, token) => {
    const { get, head } = await both(path, token);
    expect(head.status).toBe(get.status);
    expect(get.status).toBeGreaterThanOrEqual(400);
    expect(comparable(head.headers)).toEqual(comparable(get.headers));
    expect(head.body).toBe('');
  });

  it.each(['/images/no-such-image.png', '/no/such/path'])('answers a HEAD of %s, outside the API, as GET does: its 404 and its length', async (path) => {
    // The served images' handler lets a HEAD of a missing file through as HEAD: its 404 is GET's.
    const origin = t.baseUrl.replace(/\/api\/v1$/, '');
    const [get, head] = [await fetch(`${origin}${path}`), await fetch(`${origin}${path}`, { method: 'HEAD' })];
    expect(get.status).toBe(404);
    expect(head.status).toBe(404);
    expect(head.headers.get('content-length')).toBe(String(Buffer.byteLength(await get.text())));
    expect(await head.text()).toBe('');
  });

  it('is not allowed where GET is not: 405 listing the methods', async () => {
    const { status, headers } = await t.api('HEAD', '/images/upload');
    expect(status).toBe(405);
    expect(headers.get('allow')).toBe('POST');
  });

  it('lists HEAD among the methods of a path with GET', async () => {
    expect((await t.api('PUT', '/pages')).headers.get('allow')).toBe('GET, HEAD, POST');
  });
});

// The router answers a path in any letter case as the path itself (`/PAGES/3` as `/pages/3`): what
// the server answers with GET there, it answers with HEAD too, and its checks of the path's
// parameters apply to it as to the path as the contract spells it.
describe('a path in other letter case', () => {
  it('answers HEAD as GET, and refuses an unknown query parameter with 422', async () => {
    const path = `/PAGES/${ids.page_id}`;
    const { get, head } = await both(path);
    expect([get.status, head.status]).toEqual([200, 200]);
    expect(comparable(head.headers)).toEqual(comparable(get.headers));
    expect((await t.api('GET', `${path}?bogus=1`)).status).toBe(422);
  });
});
