/**
 * A list leaves a long `content_html` in the database until its item is written
 * (store/deferred-content.ts). Long is told by the stored size in bytes, which SQLite reads without
 * the text: every text over the bound is deferred, and every item is still answered whole.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { INLINE_CONTENT, isDeferred } from '../store/deferred-content.ts';
import { startTestServer, type TestServer } from './harness.ts';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const cjk = (length: number) => Array.from({ length }, (_, i) => String.fromCharCode(0x4e00 + ((i * 7) % 20000))).join('');

describe('the content a list leaves in the database', () => {
  it('is every content_html over the bound in bytes, and each item is answered whole', async () => {
    server = await startTestServer();
    const { api } = server;
    const page = await api('POST', '/pages', { body: { name: 'Deferred' } });
    expect(page.status).toBe(201);
    const contents = {
      // At the bound in bytes: kept inline.
      'ASCII at the bound': 'a'.repeat(INLINE_CONTENT),
      'ASCII one byte over': 'a'.repeat(INLINE_CONTENT + 1),
      // Fewer characters than the bound, three times as many bytes: deferred.
      'CJK under the bound in characters': cjk(Math.floor(INLINE_CONTENT / 2)),
      'CJK of 200,000 characters': cjk(200_000),
    };
    const created = new Map<number, string>();
    for (const [title, content_html] of Object.entries(contents)) {
      const post = await api('POST', `/pages/${page.body.id}/posts`, { body: { title, content_html } });
      expect(post.status, title).toBe(201);
      created.set(post.body.id, title);
    }

    const listed = server.server.stores.posts.list(page.body.id, {}, { page: 1, size: 10 });
    const deferred = Object.fromEntries(listed.items.map((post) => [created.get(post.id)!, isDeferred(post)]));
    expect(deferred).toEqual({
      'ASCII at the bound': false,
      'ASCII one byte over': true,
      'CJK under the bound in characters': true,
      'CJK of 200,000 characters': true,
    });

    const answer = await api('GET', `/pages/${page.body.id}/posts?size=10`);
    expect(answer.status).toBe(200);
    const answered = Object.fromEntries((answer.body.result as Array<{ id: number; content_html: string }>).map((post) => [created.get(post.id)!, post.content_html]));
    expect(answered).toEqual(contents);
  });
});
