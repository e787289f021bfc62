/**
 * Authentication on every operation of the contract, and isolation between workspaces: another
 * workspace's ids are 404 on every operation that takes one, and nothing of theirs changes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract } from '../http/validator.ts';
import { newToken } from '../store/tokens.ts';
import { startTestServer, type TestServer } from './harness.ts';

let t: TestServer;
const ids: Record<string, number> = {};
beforeAll(async () => {
  t = await startTestServer();
  // Resources of the first workspace, which the second must not reach.
  ids.page_id = (await t.api('POST', '/pages', { body: { name: 'Private' } })).body.id;
  ids.category = (await t.api('POST', `/pages/${ids.page_id}/categories`, { body: { name: 'Secret' } })).body.id;
  ids.post = (await t.api('POST', `/pages/${ids.page_id}/posts`, { body: { title: 'Hidden' } })).body.id;
  ids.newsletter_id = (await t.api('POST', '/newsletters', { body: { name: 'Internal' } })).body.id;
  ids.subscriber = (await t.api('POST', `/newsletters/${ids.newsletter_id}/subscribers`, { body: { email: 'insider@example.org' } })).body.id;
  ids.email = (await t.api('POST', `/newsletters/${ids.newsletter_id}/emails`, { body: { subject: 'Memo', content_html: '<p>x</p>' } })).body.id;
  ids.author = t.authorId;
});
afterAll(() => t.close());

/** Every operation of the contract with a valid request for the first workspace's resources. */
function allOperations(): Array<{ operationId: string; method: string; path: string; body?: unknown; takesId: boolean }> {
  const contract = loadContract() as { paths: Record<string, Record<string, { operationId: string }>> };
  const idFor: Record<string, (template: string) => number> = {
    '{page_id}': () => ids.page_id!,
    '{newsletter_id}': () => ids.newsletter_id!,
    '{id}': (template) =>
      template.startsWith('/pages/{page_id}/categories') ? ids.category!
      : template.startsWith('/pages/{page_id}/posts') ? ids.post!
      : template.startsWith('/pages') ? ids.page_id!
      : template.includes('/subscribers') ? ids.subscriber!
      : template.includes('/emails') ? ids.email!
      : template.startsWith('/newsletters') ? ids.newsletter_id!
      : ids.author!,
  };
  const bodies: Record<string, unknown> = {
    createPage: { name: 'Intruder page' }, updatePage: { name: 'Renamed' }, createPost: { title: 't' }, updatePost: { title: 't' },
    createCategory: { name: 'c' }, updateCategory: { name: 'c' }, createNewsletter: { name: 'n' }, updateNewsletter: { name: 'n' },
    createSubscriber: { email: 'x@example.org' }, createEmail: { subject: 's' }, updateEmail: { subject: 's' }, sendEmail: {},
    updateAuthor: { position: 'p' },
  };
  return Object.entries(contract.paths).flatMap(([template, item]) =>
    Object.entries(item).map(([method, operation]) => ({
      operationId: operation.operationId,
      method: method.toUpperCase(),
      path: template.replace(/\{[a-z_]+\}/g, (name) => String(idFor[name]!(template))),
      takesId: template.includes('{'),
      ...(bodies[operation.operationId] ? { body: bodies[operation.operationId] } : {}),
    })),
  );
}

describe('authentication', () => {
  const credentials: Array<[string, Record<string, string>]> = [
    ['no Authorization header', {}],
    ['another scheme', { Authorization: 'Basic dXNlcjpwYXNz' }],
    ['a malformed bearer header', { Authorization: 'Bearer' }],
    ['an unknown token', { Authorization: `Bearer ${newToken()}` }],
  ];

  it.each(credentials)('answers %s with 401 and WWW-Authenticate on every operation', async (_, headers) => {
    for (const operation of allOperations()) {
      const response = await t.api(operation.method, operation.path, {
        token: null,
        headers,
        ...(operation.body ? { body: operation.body } : {}),
      });
      expect(response.status, operation.operationId).toBe(401);
      expect(response.headers.get('www-authenticate'), operation.operationId).toMatch(/^Bearer/);
      expect(response.body.type).toMatch(/unauthorized$/);
    }
  });

  it('refuses a revoked token', async () => {
    const token = newToken();
    const tokenId = t.server.stores.tokens.addToken(1, token, 'short-lived', new Date().toISOString());
    expect((await t.api('GET', '/pages', { token })).status).toBe(200);
    t.server.stores.tokens.revokeToken(tokenId, new Date().toISOString());
    expect((await t.api('GET', '/pages', { token })).status).toBe(401);
  });

  it('accepts the scheme in any letter case', async () => {
    expect((await t.api('GET', '/pages', { token: null, headers: { Authorization: `bearer ${t.token}` } })).status).toBe(200);
  });
});

describe('workspace isolation', () => {
  it('answers 404 to another workspace on every operation that takes an id, and changes nothing', async () => {
    const before = JSON.stringify(t.server.db.prepare('SELECT * FROM pages, newsletters').all());
    for (const operation of allOperations().filter((o) => o.takesId)) {
      const response = await t.api(operation.method, operation.path, {
        token: t.otherToken,
        ...(operation.body ? { body: operation.body } : {}),
      });
      expect(response.status, `${operation.operationId} ${operation.path}`).toBe(404);
    }
    expect(JSON.stringify(t.server.db.prepare('SELECT * FROM pages, newsletters').all())).toBe(before);
  });

  it('lists none of the first workspace\'s resources to the second', async () => {
    for (const path of ['/pages', '/newsletters']) {
      expect((await t.api('GET', path, { token: t.otherToken })).body.total, path).toBe(0);
    }
    // The second workspace's two authors of its own (harness.ts: Ada, and a Grace of the first's Grace's
    // address), and none of the first's.
    const authors = (await t.api('GET', '/authors', { token: t.otherToken })).body;
    expect(authors.result.map((author: { first_name: string }) => author.first_name)).toEqual(['Ada', 'Grace']);
    expect(authors.result.map((author: { id: number }) => author.id)).not.toContain(t.authorId);
    expect(authors.total).toBe(2);
  });
});
