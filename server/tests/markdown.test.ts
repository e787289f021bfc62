/**
 * Markdown: CommonMark with GitHub's tables, strikethrough and autolinks; raw HTML passed through;
 * nesting and output bounded with a 422 naming content_md on every operation that takes Markdown;
 * and the most expensive Markdown known, up to the 500,000-character limit, never holds up another
 * client: rendering runs off the event loop.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARKDOWN_MAX_DEPTH } from '../domain/markdown.ts';
import { MarkdownPool } from '../domain/markdown-pool.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { storedFingerprint } from './stored.ts';

let t: TestServer;
let pageId: number;
let newsletterId: number;
let postId: number;
let emailId: number;
beforeAll(async () => {
  t = await startTestServer();
  pageId = (await t.api('POST', '/pages', { body: { name: 'Markdown' } })).body.id;
  newsletterId = (await t.api('POST', '/newsletters', { body: { name: 'Markdown' } })).body.id;
  postId = (await t.api('POST', `/pages/${pageId}/posts`, { body: { title: 'Kept', content_html: '<p>kept</p>' } })).body.id;
  emailId = (await t.api('POST', `/newsletters/${newsletterId}/emails`, { body: { subject: 'Kept', content_html: '<p>kept</p>' } })).body.id;
});
afterAll(() => t.close());

const nestedList = (depth: number) => Array.from({ length: depth }, (_, i) => `${'  '.repeat(i)}- level ${i + 1}\n`).join('');

/** The four operations that render Markdown, each with the rest of a valid body. */
const operations = [
  { name: 'createPost', method: 'POST', path: () => `/pages/${pageId}/posts`, body: { title: 'Markdown' } },
  { name: 'updatePost', method: 'PATCH', path: () => `/pages/${pageId}/posts/${postId}`, body: {} },
  { name: 'createEmail', method: 'POST', path: () => `/newsletters/${newsletterId}/emails`, body: { subject: 'Markdown' } },
  { name: 'updateEmail', method: 'PATCH', path: () => `/newsletters/${newsletterId}/emails/${emailId}`, body: {} },
];

describe('rendering', () => {
  it('renders CommonMark with tables, strikethrough and autolinks, and passes raw HTML through', async () => {
    const markdown = '# Notes\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n~~old~~ see https://example.com\n\n<aside class="note">raw</aside>\n\nA <kbd>key</kbd> & 1 < 2';
    const { status, body } = await t.api('POST', `/pages/${pageId}/posts`, { body: { title: 'Rendered', content_md: markdown } });
    expect(status).toBe(201);
    expect(body.content_html).toContain('<h1>Notes</h1>');
    expect(body.content_html).toContain('<td>1</td>');
    expect(body.content_html).toContain('<s>old</s>');
    expect(body.content_html).toContain('<a href="https://example.com">https://example.com</a>');
    expect(body.content_html).toContain('<aside class="note">raw</aside>');
    expect(body.content_html).toContain('A <kbd>key</kbd> &amp; 1 &lt; 2');
  });

  it("links GitHub's www autolinks as http, and leaves a domain without www as text", async () => {
    const markdown = 'Visit www.commonmark.org/help, or https://example.com; example.com and notes.md stay text.';
    const { status, body } = await t.api('POST', `/pages/${pageId}/posts`, { body: { title: 'Autolinks', content_md: markdown } });
    expect(status).toBe(201);
    expect(body.content_html).toBe(
      '<p>Visit <a href="http://www.commonmark.org/help">www.commonmark.org/help</a>, or <a href="https://example.com">https://example.com</a>; example.com and notes.md stay text.</p>\n',
    );
  });

  it("ends GitHub's autolinks where the GFM specification does: a ) inside kept, an entity-like ending left out, an address's domain without +", async () => {
    // Examples 625, 626 and 630 of the specification's section "Autolinks (extension)", where linkify-it
    // differed: it stopped at the `)`, linked `&hl` and took `mail+xyz.example` for a domain.
    const markdown = "www.google.com/search?q=(business))+ok\n\nwww.google.com/search?q=commonmark&hl;\n\nhello@mail+xyz.example isn't valid, but hello+xyz@mail.example is.";
    const { status, body } = await t.api('POST', `/pages/${pageId}/posts`, { body: { title: 'Autolink ends', content_md: markdown } });
    expect(status).toBe(201);
    expect(body.content_html).toBe(
      '<p><a href="http://www.google.com/search?q=(business))+ok">www.google.com/search?q=(business))+ok</a></p>\n' +
        '<p><a href="http://www.google.com/search?q=commonmark">www.google.com/search?q=commonmark</a>&amp;hl;</p>\n' +
        '<p>hello@mail+xyz.example isn\'t valid, but <a href="mailto:hello+xyz@mail.example">hello+xyz@mail.example</a> is.</p>\n',
    );
  });

  it('renders no control character but tab, line feed and carriage return, even one a character reference names', async () => {
    // markdown-it decodes `&#12;` (form feed) to the character, in text and in a link's title.
    const markdown = 'Form &#12; feed\tand tab\r\n\n[link](https://example.com "a&#12;b")\n\n```\ncode\tblock\n```\n';
    const { status, body } = await t.api('POST', `/pages/${pageId}/posts`, { body: { title: 'Controls', content_md: markdown } });
    expect(status).toBe(201);
    expect(body.content_html).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/);
    expect(body.content_html).toContain('Form \uFFFD feed\tand tab');
    expect(body.content_html).toContain('title="a\uFFFDb"');
    expect(body.content_html).toContain('code\tblock');
  });

  it(`renders lists nested ${MARKDOWN_MAX_DEPTH} levels deep, all of them`, async () => {
    const { status, body } = await t.api('POST', `/pages/${pageId}/posts`, { body: { title: 'Deep', content_md: nestedList(MARKDOWN_MAX_DEPTH) } });
    expect(status).toBe(201);
    expect(body.content_html).toContain(`level ${MARKDOWN_MAX_DEPTH}`);
  });
});

describe.each(operations)('$name refuses Markdown it cannot store whole', (operation) => {
  const refused = [
    ['a list nested 700 levels (490 KB)', nestedList(700), 'nest'],
    [`lists nested ${MARKDOWN_MAX_DEPTH + 1} levels`, nestedList(MARKDOWN_MAX_DEPTH + 1), 'nest'],
    [`block quotes nested ${MARKDOWN_MAX_DEPTH + 1} levels`, `${'> '.repeat(MARKDOWN_MAX_DEPTH + 1)}deep`, 'nest'],
    ['a reference link used 90,000 times', `[x]: /${'u'.repeat(200_000)}\n\n${'[x]'.repeat(90_000)}`, 'characters of HTML'],
  ] as const;
  it.each(refused)('%s: 422 naming content_md, nothing stored', async (_, markdown, reason) => {
    const before = storedFingerprint(t.server.db);
    const response = await t.api(operation.method, operation.path(), { body: { ...operation.body, content_md: markdown } });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual([{ field: 'content_md', message: expect.stringContaining(reason) }]);
    expect(storedFingerprint(t.server.db)).toBe(before);
  });
});

/** The most expensive Markdown known, each at or near the 500,000 characters content_md allows. */
const LIMIT = 500_000;
const fill = (unit: string) => unit.repeat(Math.floor(LIMIT / unit.length));
const expensive: Array<[string, string]> = [
  ['a list nested 700 levels', nestedList(700)],
  ['`*a` x 100,000', '*a'.repeat(100_000)],
  ['`>` x 100,000', '>'.repeat(100_000)],
  ['`[` to the limit', fill('[')],
  ['`![` to the limit', fill('![')],
  ['nested strong emphasis', `${'*a **a '.repeat(35_000)}b${' a** a*'.repeat(35_000)}`],
  ['unclosed links `[a](<b`', fill('[a](<b')],
  ['`<` to the limit', fill('<')],
  ['`www.a.com ` links to the limit', fill('www.a.com ')],
  ['`a@b.co ` addresses to the limit', fill('a@b.co ')],
  ['one link closing `)` to the limit', `http://a.b/(${fill(')').slice(12)}`],
  ['one link of `&a` to the limit, then `;`', `www.a.b/${fill('&a').slice(10)};`],
];

// A rendering may take a while on a busy machine (it is bounded at 20 s); the other client may not.
describe('expensive Markdown does not hold up other clients', { timeout: 60_000 }, () => {
  it.each(expensive)('%s: answered without a 5xx while another client is answered within 1 s', async (_, markdown) => {
    // What the machine itself costs the light client right now, measured alone: the bound judges the
    // server, not the load of a shared machine.
    const quiet = await lightLatencies(5);
    let done = false;
    const heavy = t.api('POST', `/pages/${pageId}/posts`, { body: { title: 'Heavy', content_md: markdown } }).finally(() => {
      done = true;
    });
    // Another client, in another workspace, keeps asking for a light page while the heavy one renders.
    const latencies: number[] = [];
    while (!done) {
      const started = performance.now();
      const light = await t.api('GET', '/newsletters', { token: t.otherToken });
      latencies.push(performance.now() - started);
      expect(light.status).toBe(200);
    }
    const { status } = await heavy;
    expect([201, 422]).toContain(status);
    const alone = Math.max(...quiet, ...(await lightLatencies(5)));
    expect(Math.max(...latencies), `light client: ${latencies.map(Math.round).join(', ')} ms; alone: up to ${Math.round(alone)} ms`).toBeLessThan(1000 + 2 * alone);
  });
});

/** Latencies of a light request in the other workspace, sent one after another. */
async function lightLatencies(count: number): Promise<number[]> {
  const latencies: number[] = [];
  while (latencies.length < count) {
    const started = performance.now();
    expect((await t.api('GET', '/newsletters', { token: t.otherToken })).status).toBe(200);
    latencies.push(performance.now() - started);
  }
  return latencies;
}

describe('the rendering threads', () => {
  it('refuse a rendering that runs past the time bound, end its thread, and render the next on a new one', async () => {
    const pool = new MarkdownPool({ threads: 1, timeoutMs: 250 });
    try {
      // Four times the Markdown a request may send: seconds of work on any machine.
      expect(await pool.render('!['.repeat(1_000_000))).toEqual({ refused: 'takes longer than 0.25 s to render' });
      expect(await pool.render('*fine*')).toEqual({ html: '<p><em>fine</em></p>\n' });
    } finally {
      await pool.close();
    }
  });

  it('refuse a rendering that needs more memory than a thread may have', async () => {
    // 32 MB: above what a thread needs to start on every Node.js (Node 24 needs more than 8), far below what this input takes.
    const pool = new MarkdownPool({ threads: 1, heapMb: 32 });
    try {
      expect(await pool.render(fill('*a '))).toEqual({ refused: 'needs too much memory to render' });
      expect(await pool.render('ok')).toEqual({ html: '<p>ok</p>\n' });
    } finally {
      await pool.close();
    }
  });
});
