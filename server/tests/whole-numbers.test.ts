/**
 * Integers in paths and queries are whole decimal numbers as written, or a 422 naming the parameter,
 * on every operation of the contract that has one, and nothing is stored. The spellings are those
 * JavaScript reads as a number: each would otherwise reach an existing resource (or fail as a 500).
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { storedFingerprint } from './stored.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Node = any;
const contract: Node = JSON.parse(readFileSync(new URL('../../generated/openapi.json', import.meta.url), 'utf8'));
const resolve = (node: Node): Node => (node?.$ref ? resolve(node.$ref.slice(2).split('/').reduce((n: Node, k: string) => n[k], contract)) : node);

let t: TestServer;
/** An existing id for each path parameter, by path template and name. */
let ids: Record<string, Record<string, number>>;

beforeAll(async () => {
  t = await startTestServer();
  const page = (await t.api('POST', '/pages', { body: { name: 'Numbers' } })).body.id;
  const category = (await t.api('POST', `/pages/${page}/categories`, { body: { name: 'Cat' } })).body.id;
  const post = (await t.api('POST', `/pages/${page}/posts`, { body: { title: 'Post', category_id: category } })).body.id;
  const newsletter = (await t.api('POST', '/newsletters', { body: { name: 'Numbers' } })).body.id;
  const subscriber = (await t.api('POST', `/newsletters/${newsletter}/subscribers`, { body: { email: 'n@example.org' } })).body.id;
  const email = (await t.api('POST', `/newsletters/${newsletter}/emails`, { body: { subject: 'Hi', content_html: '<p>Hi</p>' } })).body.id;
  ids = {
    '/pages/{id}': { id: page },
    '/pages/{page_id}/posts': { page_id: page },
    '/pages/{page_id}/posts/{id}': { page_id: page, id: post },
    '/pages/{page_id}/categories': { page_id: page },
    '/pages/{page_id}/categories/{id}': { page_id: page, id: category },
    '/newsletters/{id}': { id: newsletter },
    '/newsletters/{newsletter_id}/emails': { newsletter_id: newsletter },
    '/newsletters/{newsletter_id}/emails/{id}': { newsletter_id: newsletter, id: email },
    '/newsletters/{newsletter_id}/emails/{id}/send': { newsletter_id: newsletter, id: email },
    '/newsletters/{newsletter_id}/subscribers': { newsletter_id: newsletter },
    '/newsletters/{newsletter_id}/subscribers/{id}': { newsletter_id: newsletter, id: subscriber },
    '/authors/{id}': { id: t.authorId },
  };
});
afterAll(() => t.close());

/** A body that is valid for the operation, so only the number is wrong. */
const validBodies: Record<string, unknown> = {
  createPost: { title: 'Reached' },
  createCategory: { name: 'Reached' },
  createEmail: { subject: 'Reached' },
  createSubscriber: { email: 'reached@example.org' },
  updatePage: { name: 'Reached' },
  updatePost: { title: 'Reached' },
  updateCategory: { name: 'Reached' },
  updateNewsletter: { name: 'Reached' },
  updateEmail: { subject: 'Reached' },
  updateAuthor: { position: 'Reached' },
};

/** Spellings of the whole number `n` (or of none) that are not whole decimal numbers, already URL-encoded. */
const spellings = (n: number, where: 'path' | 'query') => [
  'Infinity',
  '-Infinity',
  '1e400',
  'NaN',
  `${n}e0`,
  `0x${n.toString(16)}`,
  `${n}.0`,
  `0${n}`,
  where === 'path' ? `+${n}` : `%2B${n}`,
  `-${n}`,
  `%20${n}`,
  `${n}%0A`,
  `${n}%09`,
];

interface Case {
  name: string;
  method: string;
  url: () => string;
  field: string;
  body?: unknown;
}

const cases: Case[] = [];
for (const [template, item] of Object.entries<Node>(contract.paths)) {
  for (const [method, operation] of Object.entries<Node>(resolve(item))) {
    if (!operation?.operationId) continue;
    const parameters = (operation.parameters ?? []).map(resolve);
    const body = validBodies[operation.operationId];
    const pathWith = (name?: string, spelled?: string) =>
      template.replace(/\{([^}]+)\}/g, (_, param: string) => (param === name ? spelled! : String(ids[template]![param])));
    for (const parameter of parameters) {
      if (resolve(parameter.schema).type !== 'integer') continue;
      const valid = parameter.in === 'path' ? 1 : 2;
      for (const spelled of spellings(valid, parameter.in)) {
        cases.push({
          name: `${operation.operationId} ${parameter.in}.${parameter.name}=${spelled}`,
          method: method.toUpperCase(),
          field: `${parameter.in}.${parameter.name}`,
          ...(body ? { body } : {}),
          url: () => {
            if (parameter.in === 'path') {
              // The id of the resource the spelling would reach, written oddly.
              const id = ids[template]![parameter.name]!;
              return pathWith(parameter.name, spellings(id, 'path')[spellings(valid, 'path').indexOf(spelled)]);
            }
            return `${pathWith()}?${parameter.name}=${spelled}`;
          },
        });
      }
    }
  }
}

describe('whole numbers in paths and queries', () => {
  it('covers every operation with an integer parameter', () => {
    const operations = new Set(cases.map((c) => c.name.split(' ')[0]));
    expect([...operations].sort()).toEqual(
      expect.arrayContaining(['getPage', 'listPosts', 'createPost', 'deletePost', 'listEmails', 'sendEmail', 'deleteSubscriber', 'getAuthor', 'updateAuthor']),
    );
    expect(operations.size).toBeGreaterThanOrEqual(25);
  });

  it.each(cases.map((c) => [c.name, c] as const))('%s is a 422 naming the parameter, and nothing is stored', async (_, c) => {
    const before = storedFingerprint(t.server.db);
    const response = await t.api(c.method, c.url(), c.body === undefined ? {} : { body: c.body });
    expect(response.status).toBe(422);
    expect(response.body.errors.map((e: { field: string }) => e.field)).toContain(c.field);
    expect(storedFingerprint(t.server.db)).toBe(before);
  });

  it('names every invalid input beside one: a spelled-out id with an invalid body, query or both', async () => {
    const page = ids['/pages/{id}']!.id;
    const before = storedFingerprint(t.server.db);
    const fields = async (method: string, url: string, body?: unknown) => {
      const response = await t.api(method, url, body === undefined ? {} : { body });
      expect(response.status).toBe(422);
      return response.body.errors.map((e: { field: string; message: string }) => `${e.field}: ${e.message}`);
    };
    const whole = 'must be a whole number in decimal digits, without sign, leading zeros, decimal point, exponent or spaces';
    // Each parameter once, with this stage's message, and the body's error beside it.
    expect(await fields('PATCH', '/pages/1e2', { name: 7 })).toEqual([`path.id: ${whole}`, expect.stringMatching(/^name: /)]);
    expect(await fields('POST', '/newsletters/abc/subscribers', { email: 'not an address' })).toEqual([`path.newsletter_id: ${whole}`, expect.stringMatching(/^email: /)]);
    expect(await fields('GET', `/pages/${page}/posts?page=0x2&size=0`)).toEqual([`query.page: ${whole}`, expect.stringMatching(/^query\.size: /)]);
    // A spelling the validator reads as a valid number is still refused, alone, before any handler.
    expect(await fields('PATCH', `/pages/${page}.0`, { name: 'Numbers renamed' })).toEqual([`path.id: ${whole}`]);
    expect(storedFingerprint(t.server.db)).toBe(before);
  });

  it('still takes whole numbers, 0 as a number out of range', async () => {
    const page = ids['/pages/{id}']!.id;
    expect((await t.api('GET', `/pages/${page}`)).status).toBe(200);
    expect((await t.api('GET', `/pages/${page}/posts?page=1&size=100`)).status).toBe(200);
    const zero = await t.api('GET', `/pages/${page}/posts?size=0`);
    expect(zero.status).toBe(422);
    expect(zero.body.errors[0].field).toBe('query.size');
  });
});
