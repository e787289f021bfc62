/**
 * A full page of maximal items is answered, by the server process as `npm start` runs it (its heap
 * capped at 128 MB): 100 posts and 100 emails whose content_html is 500,000 CJK characters each
 * (1.5 MB of UTF-8, 150 MB a page), every other field at its limit. Built whole, such a page needs
 * several times the heap cap; written item by item it needs about one item.
 *
 * One post is made through the API (gzip, as a client would send a large body), and copied in the
 * SQLite file to fill the page: a hundred megabyte-sized requests would only slow the test.
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { apiFor, startTestServer, type TestServer } from './harness.ts';
import { DEV_TOKEN, startServerProcess, stopAllProcesses, type ServerProcess } from './processes.ts';
import { writeDatabase } from './sqlite-file.ts';
import { makeTempDir, removeTempDirs } from './temp-dirs.ts';

afterEach(async () => {
  await stopAllProcesses();
  removeTempDirs();
});

const startScript: string = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).scripts.start;
const heapFlags = (startScript.match(/--max-[a-z-]+-size=\d+/g) ?? []).join(' ');

/** `length` characters of CJK text (three bytes each in UTF-8), varied so no compression is special. */
const cjk = (length: number, seed = 0) => Array.from({ length }, (_, i) => String.fromCharCode(0x4e00 + ((i * 7 + seed) % 20000))).join('');
const CONTENT_CHARS = 500_000;
const PAGE = 100;

/** Fetches a URL and returns its status and the parsed JSON body, with the body's size. */
async function getJson(url: string): Promise<{ status: number; bytes: number; body: any }> {
  const response = await fetch(url, { headers: { Authorization: `Bearer ${DEV_TOKEN}` } });
  const bytes = Buffer.from(await response.arrayBuffer());
  return { status: response.status, bytes: bytes.length, body: JSON.parse(bytes.toString('utf8')) };
}

async function serverWithHeapCap(): Promise<ServerProcess> {
  expect(heapFlags).toContain('--max-old-space-size=128');
  return startServerProcess(makeTempDir('large-lists'), { NODE_OPTIONS: heapFlags });
}

describe('a maximal page of maximal items under the heap cap of npm start', () => {
  it('lists 100 posts of 500,000 CJK characters each, and stays up', { timeout: 240_000 }, async () => {
    const server = await serverWithHeapCap();
    const api = apiFor(server.baseUrl, DEV_TOKEN);
    const page = await api('POST', '/pages', { body: { name: cjk(255, 1) } });
    expect(page.status).toBe(201);
    const body = JSON.stringify({
      title: cjk(255, 2),
      description: cjk(1000, 3),
      // As much as one request may carry (1 MiB decoded); the file then takes it to 500,000.
      content_html: cjk(340_000, 4),
      seo_title: cjk(255, 5),
      seo_description: cjk(1000, 6),
      og_title: cjk(255, 7),
      og_description: cjk(1000, 8),
      status: 'published',
    });
    const created = await fetch(`${server.baseUrl}/pages/${page.body.id}/posts`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${DEV_TOKEN}`, 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' },
      body: gzipSync(body),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    writeDatabase(server.databasePath, (db) => {
      db.prepare('UPDATE posts SET content_html = ?').run(cjk(CONTENT_CHARS, 9));
      db.prepare(
        `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${PAGE - 1})
         INSERT INTO posts (page_id, title, slug, status, description, content_html, content_md, seo_title, seo_description, og_title,
           og_description, cover_image_url, og_image_url, category_id, author_id, scheduled_at, first_published_at, created_at, updated_at)
         SELECT page_id, title, slug || '-' || i, status, description, content_html, content_md, seo_title, seo_description, og_title,
           og_description, cover_image_url, og_image_url, category_id, author_id, scheduled_at, first_published_at, created_at, updated_at
         FROM posts, n`,
      ).run();
    });

    const list = await getJson(`${server.baseUrl}/pages/${page.body.id}/posts?size=${PAGE}`);
    expect(list.status).toBe(200);
    expect(list.bytes).toBeGreaterThan(PAGE * CONTENT_CHARS * 3);
    expect(list.body).toMatchObject({ page: 1, size: PAGE, total: PAGE });
    expect(list.body.result).toHaveLength(PAGE);
    for (const post of list.body.result) expect(post.content_html).toHaveLength(CONTENT_CHARS);
    // Twice in a row, and the process is still there to answer.
    expect((await getJson(`${server.baseUrl}/pages/${page.body.id}/posts?size=${PAGE}`)).body.result).toHaveLength(PAGE);
    expect((await fetch(`${server.origin}/healthz`)).status).toBe(200);
    expect(server.child.exitCode).toBeNull();
  });

  it('lists 100 emails of 500,000 CJK characters each, and stays up', { timeout: 240_000 }, async () => {
    const server = await serverWithHeapCap();
    const api = apiFor(server.baseUrl, DEV_TOKEN);
    const newsletter = await api('POST', '/newsletters', { body: { name: cjk(255, 1) } });
    expect(newsletter.status).toBe(201);
    const email = await api('POST', `/newsletters/${newsletter.body.id}/emails`, {
      body: { subject: cjk(255, 2), preview: cjk(255, 3), content_html: cjk(1000, 4) },
    });
    expect(email.status).toBe(201);
    writeDatabase(server.databasePath, (db) => {
      db.prepare('UPDATE emails SET content_html = ?').run(cjk(CONTENT_CHARS, 9));
      db.prepare(
        `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${PAGE - 1})
         INSERT INTO emails (newsletter_id, subject, preview, slug, status, content_html, content_md, author_id, created_at, updated_at)
         SELECT newsletter_id, subject, preview, slug || '-' || i, status, content_html, content_md, author_id, created_at, updated_at FROM emails, n`,
      ).run();
    });

    const list = await getJson(`${server.baseUrl}/newsletters/${newsletter.body.id}/emails?size=${PAGE}`);
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ page: 1, size: PAGE, total: PAGE });
    expect(list.body.result).toHaveLength(PAGE);
    for (const item of list.body.result) expect(item.content_html).toHaveLength(CONTENT_CHARS);
    expect((await fetch(`${server.origin}/healthz`)).status).toBe(200);
    expect(server.child.exitCode).toBeNull();
  });
});

describe('a list item that breaks the contract', () => {
  let t: TestServer | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  async function pageWithTwoPosts(firstContent: string) {
    t = await startTestServer();
    const page = await t.api('POST', '/pages', { body: { name: 'Broken answers' } });
    const older = await t.api('POST', `/pages/${page.body.id}/posts`, { body: { title: 'Older' } });
    const newer = await t.api('POST', `/pages/${page.body.id}/posts`, { body: { title: 'Newer', content_html: firstContent } });
    expect([older.status, newer.status]).toEqual([201, 201]);
    // A slug longer than the contract's 100 characters, as only a server bug could store.
    t.server.db.prepare('UPDATE posts SET slug = ? WHERE id = ?').run('s'.repeat(101), older.body.id);
    return `${t.baseUrl}/pages/${page.body.id}/posts`;
  }

  it('before anything was sent: the answer is a 500 problem', async () => {
    const url = await pageWithTwoPosts('<p>short</p>');
    const response = await fetch(url, { headers: { Authorization: `Bearer ${t!.token}` } });
    expect(response.status).toBe(500);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
    expect(((await response.json()) as { type: string }).type).toMatch(/internal-error$/);
  });

  it('after the first items were sent: the connection is cut, and the client sees no complete answer', async () => {
    // The first item is long enough to go out before the second is read.
    const url = await pageWithTwoPosts(`<p>${'x'.repeat(200_000)}</p>`);
    const response = await fetch(url, { headers: { Authorization: `Bearer ${t!.token}` } });
    expect(response.status).toBe(200);
    await expect(response.text()).rejects.toThrow();
  });
});
