/**
 * A corpus of bad requests, each answered with the right 4xx problem and no change to stored data,
 * and odd-but-valid input (unicode, SQL-looking text) stored exactly as sent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { storedFingerprint as storedIn } from './stored.ts';

let t: TestServer;
let pageId: number;
let newsletterId: number;
let emailId: number;
beforeAll(async () => {
  t = await startTestServer();
  pageId = (await t.api('POST', '/pages', { body: { name: 'Blog' } })).body.id;
  newsletterId = (await t.api('POST', '/newsletters', { body: { name: 'Letters' } })).body.id;
  await t.api('POST', `/newsletters/${newsletterId}/subscribers`, { body: { email: 'reader@example.org' } });
  emailId = (await t.api('POST', `/newsletters/${newsletterId}/emails`, { body: { subject: 'Draft', content_html: '<p>x</p>' } })).body.id;
});
afterAll(() => t.close());

const fingerprint = () => storedIn(t.server.db);

interface BadRequest {
  name: string;
  method: string;
  path: () => string;
  body?: unknown;
  raw?: string;
  contentType?: string;
  status: number;
  field?: string;
}

const json = 'application/json';
const corpus: BadRequest[] = [
  { name: 'no body at all where one is required', method: 'POST', path: () => '/pages', status: 422, field: 'body' },
  { name: 'malformed JSON', method: 'POST', path: () => '/pages', raw: '{"name": "x"', contentType: json, status: 400 },
  { name: 'JSON with a trailing comma', method: 'POST', path: () => `/newsletters/${newsletterId}/subscribers`, raw: '{"email":"a@b.co",}', contentType: json, status: 400 },
  { name: 'an array instead of an object', method: 'POST', path: () => '/newsletters', body: [{ name: 'x' }], status: 422, field: 'body' },
  { name: 'a bare string', method: 'POST', path: () => '/newsletters', body: 'x', status: 422, field: 'body' },
  { name: 'null body', method: 'POST', path: () => '/newsletters', raw: 'null', contentType: json, status: 422 },
  { name: 'a number for a string', method: 'POST', path: () => '/pages', body: { name: 42 }, status: 422, field: 'name' },
  { name: 'a string for an id', method: 'POST', path: () => `/pages/${pageId}/posts`, body: { title: 'x', category_id: '1' }, status: 422, field: 'category_id' },
  { name: 'a huge number for an id', method: 'POST', path: () => `/pages/${pageId}/posts`, body: { title: 'x', author_id: 1e308 }, status: 422, field: 'author_id' },
  { name: 'a fractional id', method: 'POST', path: () => `/pages/${pageId}/posts`, body: { title: 'x', category_id: 1.5 }, status: 422, field: 'category_id' },
  { name: 'a negative id', method: 'POST', path: () => `/pages/${pageId}/posts`, body: { title: 'x', author_id: -1 }, status: 422, field: 'author_id' },
  { name: 'a path id of 2^53+1', method: 'GET', path: () => '/pages/9007199254740993', status: 422, field: 'path.id' },
  { name: 'a path id of 0', method: 'GET', path: () => '/newsletters/0', status: 422, field: 'path.id' },
  { name: 'a path id that is not a number', method: 'POST', path: () => '/pages/abc/categories', body: { name: 'x' }, status: 422, field: 'path.page_id' },
  { name: 'a negative size', method: 'GET', path: () => `/newsletters/${newsletterId}/emails?size=-5`, status: 422, field: 'query.size' },
  { name: 'a huge page', method: 'GET', path: () => `/newsletters/${newsletterId}/emails?page=99999999999999999999`, status: 422, field: 'query.page' },
  { name: 'a __proto__ key', method: 'POST', path: () => `/newsletters/${newsletterId}/subscribers`, raw: '{"email":"p@example.org","__proto__":{"admin":true}}', contentType: json, status: 422, field: '__proto__' },
  { name: 'a constructor key', method: 'POST', path: () => '/newsletters', body: { name: 'x', constructor: { prototype: {} } }, status: 422, field: 'constructor' },
  { name: 'an unknown field', method: 'POST', path: () => `/pages/${pageId}/posts`, body: { titel: 'typo' }, status: 422 },
  { name: 'a title over 255 characters', method: 'POST', path: () => `/pages/${pageId}/posts`, body: { title: 'é'.repeat(256) }, status: 422, field: 'title' },
  { name: 'an email over 254 characters', method: 'POST', path: () => `/newsletters/${newsletterId}/subscribers`, body: { email: `${'a'.repeat(250)}@example.org` }, status: 422, field: 'email' },
  { name: 'an invalid URL', method: 'POST', path: () => `/pages/${pageId}/posts`, body: { title: 'x', cover_image_url: 'not a url' }, status: 422, field: 'cover_image_url' },
  { name: 'a nested object for a string', method: 'PATCH', path: () => `/newsletters/${newsletterId}`, body: { name: { $ne: null } }, status: 422, field: 'name' },
  { name: 'a body over 1 MiB', method: 'POST', path: () => `/pages/${pageId}/posts`, body: { title: 'x', content_html: 'x'.repeat(1024 * 1024 + 1) }, status: 413 },
  { name: 'a form-encoded body', method: 'POST', path: () => '/newsletters', raw: 'name=x', contentType: 'application/x-www-form-urlencoded', status: 415 },
  { name: 'a text body', method: 'POST', path: () => '/newsletters', raw: '{"name":"x"}', contentType: 'text/plain', status: 415 },
  { name: 'JSON in another charset', method: 'POST', path: () => '/newsletters', raw: '{"name":"x"}', contentType: 'application/json; charset=iso-8859-1', status: 415 },
  { name: 'a send time in the past', method: 'POST', path: () => `/newsletters/${newsletterId}/emails/${emailId}/send`, body: { scheduled_at: '2001-01-01T00:00:00Z' }, status: 422, field: 'scheduled_at' },
  { name: 'a send time with a leap second', method: 'POST', path: () => `/newsletters/${newsletterId}/emails/${emailId}/send`, body: { scheduled_at: '2016-12-31T23:59:60Z' }, status: 422, field: 'scheduled_at' },
  { name: 'a repeated query parameter', method: 'GET', path: () => `/newsletters/${newsletterId}/emails?size=5&size=6`, status: 422, field: 'query.size' },
];

describe('bad input', () => {
  it.each(corpus.map((c) => [c.name, c]))('answers %s with a problem and stores nothing', async (_, c) => {
    const before = fingerprint();
    const response = await t.api(c.method, c.path(), {
      ...(c.body !== undefined ? { body: c.body } : {}),
      ...(c.raw !== undefined ? { raw: c.raw } : {}),
      ...(c.contentType ? { headers: { 'Content-Type': c.contentType } } : {}),
    });
    expect(response.status).toBe(c.status);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(response.body).toMatchObject({ status: c.status, type: expect.stringMatching(/^https:\/\//), title: expect.any(String) });
    if (c.field) expect(response.body.errors.map((e: { field: string }) => e.field)).toContain(c.field);
    expect(JSON.stringify(response.body)).not.toMatch(/at .+\.(ts|js):\d+|SQLITE|node_modules|\/work\//);
    expect(fingerprint()).toBe(before);
  });
});

describe('odd but valid input', () => {
  it('stores SQL-looking text verbatim', async () => {
    const name = "Robert'); DROP TABLE newsletters;--";
    const { status, body } = await t.api('POST', '/newsletters', { body: { name } });
    expect(status).toBe(201);
    expect((await t.api('GET', `/newsletters/${body.id}`)).body.name).toBe(name);
    expect((await t.api('GET', '/newsletters')).body.total).toBeGreaterThan(1);
  });

  it('round-trips unicode: combining marks, right-to-left text, emoji and astral characters', async () => {
    const title = 'Café ‏שלום‏ 👩🏽‍💻 𝔘𝔫𝔦𝔠𝔬𝔡𝔢 e\u0301';
    const { status, body } = await t.api('POST', `/pages/${pageId}/posts`, { body: { title } });
    expect(status).toBe(201);
    expect(body.title).toBe(title);
    expect(body.slug).toMatch(/^cafe/);
  });

  it('accepts a title of exactly 255 characters', async () => {
    expect((await t.api('POST', `/pages/${pageId}/posts`, { body: { title: 'x'.repeat(255) } })).status).toBe(201);
  });
});
