/**
 * A list answer is of one moment (http/list-snapshot.ts): a page whose long contents are read as each
 * item goes out reads them from a snapshot of the moment the page was read. A client that takes the
 * first bytes and pauses keeps the answer going for as long as it likes; what is deleted or changed
 * meanwhile does not show in it: the total counts what `result` holds, a deleted item is there whole,
 * a changed one is there as it was. And the snapshot's reader goes back to the pool however the answer
 * ends.
 *
 * The database is a file (a database in memory cannot have a second connection). Each listed content
 * is 2,000,000 characters (the most an answer's content_html may have), so the page (10 MB) is more
 * than the sockets between server and client hold: the server is still writing the first items when
 * the test writes, and reads the last ones (the oldest, which the test deletes and changes) after.
 */
import http from 'node:http';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SNAPSHOT_READER_LIMITS } from '../db/snapshot-readers.ts';
import { eventually, startTestServer, type TestServer } from './harness.ts';
import { writeDatabase } from './sqlite-file.ts';
import { makeTempDir, removeTempDirs } from './temp-dirs.ts';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
  removeTempDirs();
});

const ITEMS = 5;
const CONTENT_CHARS = 2_000_000;
/** As much as a create request may carry; the database file takes it to CONTENT_CHARS. */
const CREATED_CHARS = 500_000;

async function fileServer(): Promise<TestServer> {
  return startTestServer({ databasePath: path.join(makeTempDir('list-snapshot'), 'publishing.sqlite') });
}

/** The content of item `n`: told apart from every other by its first characters. */
const contentOf = (label: string) => `<p>${label}</p>`.padEnd(CONTENT_CHARS, 'x');

interface PausedList {
  /** Resolves once the first bytes of the answer are in; the client then takes nothing more. */
  started: Promise<void>;
  /** Takes the rest of the answer and parses it. */
  rest(): Promise<{ status: number; body: any }>;
  /** Goes away without reading the rest. */
  abort(): void;
}

/** GET `url` over node:http, reading the first chunk of the answer and then pausing. */
function pausedList(url: string, token: string): PausedList {
  const chunks: Buffer[] = [];
  let response: http.IncomingMessage | undefined;
  let request: http.ClientRequest | undefined;
  const started = new Promise<void>((resolve, reject) => {
    request = http.get(url, { headers: { Authorization: `Bearer ${token}` }, agent: false }, (res) => {
      response = res;
      res.once('data', (chunk: Buffer) => {
        chunks.push(chunk);
        res.pause();
        resolve();
      });
      res.once('error', reject);
    });
    request.once('error', reject);
  });
  return {
    started,
    rest: () =>
      new Promise((resolve, reject) => {
        const res = response!;
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.once('end', () => {
          try {
            resolve({ status: res.statusCode!, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
          } catch (err) {
            reject(err);
          }
        });
        res.once('error', reject);
        res.once('aborted', () => reject(new Error('the answer was cut off')));
        res.resume();
      }),
    abort: () => request?.destroy(),
  };
}

/** A page with ITEMS posts of CONTENT_CHARS each; the first created is listed last. */
async function pageOfLongPosts(test: TestServer): Promise<{ pageId: number; ids: number[]; contents: Map<number, string> }> {
  const page = await test.api('POST', '/pages', { body: { name: `Snapshot ${Math.random()}` } });
  expect(page.status).toBe(201);
  const ids: number[] = [];
  const contents = new Map<number, string>();
  for (let n = 0; n < ITEMS; n++) {
    const content = contentOf(`post ${n}`);
    const post = await test.api('POST', `/pages/${page.body.id}/posts`, { body: { title: `Post ${n}`, content_html: content.slice(0, CREATED_CHARS) } });
    expect(post.status).toBe(201);
    ids.push(post.body.id);
    contents.set(post.body.id, content);
  }
  writeDatabase(test.config.databasePath, (db) => {
    const grow = db.prepare('UPDATE posts SET content_html = ? WHERE id = ?');
    for (const [id, content] of contents) grow.run(content, id);
  });
  return { pageId: page.body.id, ids, contents };
}

/** A newsletter with ITEMS draft emails of CONTENT_CHARS each; the first created is listed last. */
async function newsletterOfLongEmails(test: TestServer): Promise<{ newsletterId: number; ids: number[]; contents: Map<number, string> }> {
  const newsletter = await test.api('POST', '/newsletters', { body: { name: `Snapshot ${Math.random()}` } });
  expect(newsletter.status).toBe(201);
  const ids: number[] = [];
  const contents = new Map<number, string>();
  for (let n = 0; n < ITEMS; n++) {
    const content = contentOf(`email ${n}`);
    const email = await test.api('POST', `/newsletters/${newsletter.body.id}/emails`, { body: { subject: `Email ${n}`, content_html: content.slice(0, CREATED_CHARS) } });
    expect(email.status).toBe(201);
    ids.push(email.body.id);
    contents.set(email.body.id, content);
  }
  writeDatabase(test.config.databasePath, (db) => {
    const grow = db.prepare('UPDATE emails SET content_html = ? WHERE id = ?');
    for (const [id, content] of contents) grow.run(content, id);
  });
  return { newsletterId: newsletter.body.id, ids, contents };
}

/** What the answer says of each item, without the long content (compared on its own). */
const fieldsOf = (item: Record<string, unknown>) => ({ ...item, content_html: undefined });

describe('a list answer with long contents is of the moment its page was read', () => {
  it('listPosts: a post deleted and a post changed while the answer is written show as they were', { timeout: 60_000 }, async () => {
    server = await fileServer();
    const { pageId, ids, contents } = await pageOfLongPosts(server);
    const before = await server.api('GET', `/pages/${pageId}/posts/${ids[1]}`);
    const [deleted, changed] = [ids[0]!, ids[1]!];

    const list = pausedList(`${server.baseUrl}/pages/${pageId}/posts?size=100`, server.token);
    await list.started;
    expect((await server.api('DELETE', `/pages/${pageId}/posts/${deleted}`)).status).toBe(204);
    const update = await server.api('PATCH', `/pages/${pageId}/posts/${changed}`, { body: { title: 'Changed', content_html: '<p>changed</p>' } });
    expect(update.status).toBe(200);

    const { status, body } = await list.rest();
    expect(status).toBe(200);
    expect(body.total).toBe(body.result.length);
    expect(body.result.map((post: { id: number }) => post.id)).toEqual([...ids].reverse());
    for (const post of body.result as Array<{ id: number; content_html: string }>) {
      expect(post.content_html === contents.get(post.id), `post ${post.id} has its content of the moment`).toBe(true);
    }
    const changedAsListed = body.result.find((post: { id: number }) => post.id === changed);
    expect(fieldsOf(changedAsListed)).toEqual(fieldsOf(before.body));

    // A list read now is of now.
    const now = await server.api('GET', `/pages/${pageId}/posts?size=100`);
    expect(now.body.total).toBe(ITEMS - 1);
    expect(now.body.result.find((post: { id: number }) => post.id === changed).content_html).toBe('<p>changed</p>');
    await eventually(async () => (server!.server.readers!.load.held === 0 ? true : undefined));
  });

  it('listEmails: an email deleted and an email changed while the answer is written show as they were', { timeout: 60_000 }, async () => {
    server = await fileServer();
    const { newsletterId, ids, contents } = await newsletterOfLongEmails(server);
    const before = await server.api('GET', `/newsletters/${newsletterId}/emails/${ids[1]}`);
    const [deleted, changed] = [ids[0]!, ids[1]!];

    const list = pausedList(`${server.baseUrl}/newsletters/${newsletterId}/emails?size=100`, server.token);
    await list.started;
    expect((await server.api('DELETE', `/newsletters/${newsletterId}/emails/${deleted}`)).status).toBe(204);
    const update = await server.api('PATCH', `/newsletters/${newsletterId}/emails/${changed}`, { body: { subject: 'Changed', content_html: '<p>changed</p>' } });
    expect(update.status).toBe(200);

    const { status, body } = await list.rest();
    expect(status).toBe(200);
    expect(body.total).toBe(body.result.length);
    expect(body.result.map((email: { id: number }) => email.id)).toEqual([...ids].reverse());
    for (const email of body.result as Array<{ id: number; content_html: string }>) {
      expect(email.content_html === contents.get(email.id), `email ${email.id} has its content of the moment`).toBe(true);
    }
    const changedAsListed = body.result.find((email: { id: number }) => email.id === changed);
    expect(fieldsOf(changedAsListed)).toEqual(fieldsOf(before.body));

    const now = await server.api('GET', `/newsletters/${newsletterId}/emails?size=100`);
    expect(now.body.total).toBe(ITEMS - 1);
    await eventually(async () => (server!.server.readers!.load.held === 0 ? true : undefined));
  });
});

describe('the snapshot readers', () => {
  it('go back to the pool when the client goes away mid-answer: more lists than readers, one after another, each taken and abandoned', { timeout: 90_000 }, async () => {
    server = await fileServer();
    const { pageId } = await pageOfLongPosts(server);
    const readers = server.server.readers!;
    for (let i = 0; i <= SNAPSHOT_READER_LIMITS.running; i++) {
      const list = pausedList(`${server.baseUrl}/pages/${pageId}/posts?size=100`, server.token);
      await list.started;
      expect(readers.load.held).toBe(1);
      list.abort();
      await eventually(async () => (readers.load.held === 0 ? true : undefined));
    }
    expect(readers.load).toEqual({ held: 0, waiting: 0, open: 1 });
    const whole = await server.api('GET', `/pages/${pageId}/posts?size=100`);
    expect(whole.body.result).toHaveLength(ITEMS);
  });

  it('are waited for when a workspace holds its share, and the waiting answer reads its page again, of the moment its snapshot began', { timeout: 90_000 }, async () => {
    server = await fileServer();
    const { pageId, ids, contents } = await pageOfLongPosts(server);
    const readers = server.server.readers!;
    const url = `${server.baseUrl}/pages/${pageId}/posts?size=100`;
    const holders = Array.from({ length: SNAPSHOT_READER_LIMITS.runningPerKey }, () => pausedList(url, server!.token));
    await Promise.all(holders.map((holder) => holder.started));
    expect(readers.load.held).toBe(SNAPSHOT_READER_LIMITS.runningPerKey);

    const waiting = server.api('GET', `/pages/${pageId}/posts?size=100`);
    await eventually(async () => (readers.load.waiting === 1 ? true : undefined));
    const [deleted, changed] = [ids[0]!, ids[1]!];
    expect((await server.api('DELETE', `/pages/${pageId}/posts/${deleted}`)).status).toBe(204);
    expect((await server.api('PATCH', `/pages/${pageId}/posts/${changed}`, { body: { content_html: '<p>changed</p>' } })).status).toBe(200);

    // The first holder finishes: its answer is of the moment before; the waiting one gets its reader.
    const first = await holders[0]!.rest();
    expect(first.body.total).toBe(ITEMS);
    expect(first.body.result).toHaveLength(ITEMS);
    const later = await waiting;
    expect(later.status).toBe(200);
    expect(later.body.total).toBe(ITEMS - 1);
    expect(later.body.result.map((post: { id: number }) => post.id)).toEqual(ids.slice(1).reverse());
    expect(later.body.result.find((post: { id: number }) => post.id === changed).content_html).toBe('<p>changed</p>');
    expect(later.body.result.find((post: { id: number }) => post.id === ids[2]).content_html === contents.get(ids[2]!)).toBe(true);

    for (const holder of holders.slice(1)) {
      const rest = await holder.rest();
      expect(rest.body.total).toBe(rest.body.result.length);
    }
    await eventually(async () => (readers.load.held === 0 ? true : undefined));
  });

  it('go back to the pool when an item breaks the contract, before anything was sent (500) and after (the answer is cut)', { timeout: 60_000 }, async () => {
    server = await fileServer();
    const test = server;
    const page = await test.api('POST', '/pages', { body: { name: 'Broken answers' } });
    const older = await test.api('POST', `/pages/${page.body.id}/posts`, { body: { title: 'Older', content_html: contentOf('older').slice(0, CREATED_CHARS) } });
    const newer = await test.api('POST', `/pages/${page.body.id}/posts`, { body: { title: 'Newer', content_html: contentOf('newer').slice(0, CREATED_CHARS) } });
    expect([older.status, newer.status]).toEqual([201, 201]);
    const url = `${test.baseUrl}/pages/${page.body.id}/posts`;
    const get = () => fetch(url, { headers: { Authorization: `Bearer ${test.token}` } });
    const readers = test.server.readers!;
    // A slug longer than the contract's 100 characters, as only a server bug could store.
    const breakSlug = (id: number, slug: string) => test.server.db.prepare('UPDATE posts SET slug = ? WHERE id = ?').run(slug, id);

    breakSlug(newer.body.id, 's'.repeat(101));
    expect((await get()).status).toBe(500);
    await eventually(async () => (readers.load.held === 0 ? true : undefined));

    breakSlug(newer.body.id, 'newer');
    breakSlug(older.body.id, 's'.repeat(101));
    const cut = await get();
    expect(cut.status).toBe(200);
    await expect(cut.text()).rejects.toThrow();
    await eventually(async () => (readers.load.held === 0 ? true : undefined));
    expect(readers.load.waiting).toBe(0);
  });
});
