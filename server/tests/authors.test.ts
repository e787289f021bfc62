/** Authors: listed active by default, read, updated; formatted_name follows the names. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OLDER_AUTHORS, startTestServer, type TestServer } from './harness.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

describe('authors', () => {
  it('lists active authors by default, inactive ones on request', async () => {
    const { body: author } = await t.api('GET', `/authors/${t.authorId}`);
    expect(author).toMatchObject({ first_name: 'Grace', last_name: 'Hopper', formatted_name: 'Grace Hopper', slug: 'grace-hopper', active: true });
    // Grace is the newest of the workspace's three (harness.ts).
    const listed = (await t.api('GET', '/authors')).body.result;
    expect(listed[0]).toEqual(author);
    expect(listed.map((a: { first_name: string }) => a.first_name)).toEqual(['Grace', ...OLDER_AUTHORS.map((a) => a.first_name).reverse()]);
    const deactivated = await t.api('PATCH', `/authors/${t.authorId}`, { body: { active: false } });
    expect(deactivated.body.active).toBe(false);
    expect((await t.api('GET', '/authors')).body.total).toBe(OLDER_AUTHORS.length);
    expect((await t.api('GET', '/authors?active=false')).body.result.map((a: { id: number }) => a.id)).toEqual([t.authorId]);
    await t.api('PATCH', `/authors/${t.authorId}`, { body: { active: true } });
  });

  it('updates names and descriptions; formatted_name follows, null clears', async () => {
    const { status, body } = await t.api('PATCH', `/authors/${t.authorId}`, {
      body: { first_name: 'Rear Admiral Grace', last_name: null, position: 'Editor', short_description: 'Writes compilers.' },
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ formatted_name: 'Rear Admiral Grace', last_name: null, position: 'Editor', short_description: 'Writes compilers.', slug: 'grace-hopper' });
  });

  it('keeps authors to their workspace', async () => {
    expect((await t.api('GET', `/authors/${t.authorId}`, { token: t.otherToken })).status).toBe(404);
    // The second workspace lists its own two authors only (harness.ts).
    const theirs = (await t.api('GET', '/authors', { token: t.otherToken })).body;
    expect(theirs.result.map((author: { id: number }) => author.id)).not.toContain(t.authorId);
    expect(theirs.total).toBe(2);
    expect((await t.api('PATCH', `/authors/${t.authorId}`, { body: { position: 'Spy' }, token: t.otherToken })).status).toBe(404);
  });

  it('refuses fields authors do not have with 422', async () => {
    const { status, body } = await t.api('PATCH', `/authors/${t.authorId}`, { body: { email: 'new@example.com' } });
    expect(status).toBe(422);
    expect(body.errors).toEqual([{ field: 'email', message: 'is not a field of this request body' }]);
  });
});
