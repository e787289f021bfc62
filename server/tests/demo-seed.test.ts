/**
 * The demo content, as a front end meets it: the stateful mock started with it, and every resource
 * read back through the API, each answer held to the contract by the conformance suite's own
 * response validator (status, content type, body schema, headers). Also: something in every state
 * the contract declares, lists longer than a page, scheduled emails due minutes after the start, the
 * same ids and content at every start (page domains and image URLs included), and the content itself
 * valid by the request schemas.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract } from '../../conformance/contract/document.ts';
import { ContractValidator } from '../../conformance/contract/validator.ts';
import { DEMO_WORKSPACES } from '../demo/content.ts';
import { startMock, type RunningMock } from '../mock/start.ts';

const contract = loadContract();
const validator = new ContractValidator(contract);

interface Answer {
  status: number;
  body: any;
}

/** A GET through the API, its answer checked against the contract; a violation fails the test. */
async function read(mock: RunningMock, token: string, path: string): Promise<Answer> {
  const response = await fetch(`${mock.baseUrl}${path}`, { headers: { Authorization: `Bearer ${token}` } });
  const bodyText = await response.text();
  const operation = contract.match('GET', path.split('?')[0]!);
  if (!operation) throw new Error(`no operation for GET ${path}`);
  const broken = validator.checkResponse(operation, { status: response.status, headers: response.headers, bodyText }).filter((result) => !result.passed);
  expect(broken, `GET ${path}`).toEqual([]);
  expect(response.status, `GET ${path}: ${bodyText.slice(0, 300)}`).toBe(200);
  return { status: response.status, body: JSON.parse(bodyText) };
}

/** Every item of a list, page by page at the default size, as a front end pages through it. */
async function readAll(mock: RunningMock, token: string, path: string): Promise<{ items: any[]; pages: number }> {
  const items: any[] = [];
  for (let page = 1; page <= 50; page += 1) {
    const { body } = await read(mock, token, `${path}${path.includes('?') ? '&' : '?'}page=${page}`);
    items.push(...body.result);
    if (items.length >= body.total) return { items, pages: page };
  }
  throw new Error(`${path} has more than 50 pages`);
}

interface Snapshot {
  resources: Array<{ path: string; body: any }>;
  /** Every list as a front end pages through it: its items, in order. */
  lists: Record<string, any[]>;
  listPages: Record<string, number>;
}

/** Everything both workspaces hold, read through the API: every list, every page of it, every item. */
async function walk(mock: RunningMock): Promise<Snapshot> {
  const resources: Snapshot['resources'] = [];
  const lists: Snapshot['lists'] = {};
  const listPages: Record<string, number> = {};
  const list = async (token: string, path: string) => {
    const { items, pages } = await readAll(mock, token, path);
    lists[`${token} ${path}`] = items;
    listPages[path] = pages;
    return items;
  };
  for (const { token } of mock.workspaces) {
    for (const active of ['true', 'false']) {
      for (const author of await list(token, `/authors?active=${active}`)) resources.push({ path: `/authors/${author.id}`, body: (await read(mock, token, `/authors/${author.id}`)).body });
    }
    for (const page of await list(token, '/pages')) {
      resources.push({ path: `/pages/${page.id}`, body: (await read(mock, token, `/pages/${page.id}`)).body });
      for (const category of await list(token, `/pages/${page.id}/categories`)) {
        resources.push({ path: `/pages/${page.id}/categories/${category.id}`, body: (await read(mock, token, `/pages/${page.id}/categories/${category.id}`)).body });
      }
      for (const post of await list(token, `/pages/${page.id}/posts`)) {
        resources.push({ path: `/pages/${page.id}/posts/${post.id}`, body: (await read(mock, token, `/pages/${page.id}/posts/${post.id}`)).body });
      }
    }
    for (const newsletter of await list(token, '/newsletters')) {
      resources.push({ path: `/newsletters/${newsletter.id}`, body: (await read(mock, token, `/newsletters/${newsletter.id}`)).body });
      for (const email of await list(token, `/newsletters/${newsletter.id}/emails`)) {
        resources.push({ path: `/newsletters/${newsletter.id}/emails/${email.id}`, body: (await read(mock, token, `/newsletters/${newsletter.id}/emails/${email.id}`)).body });
      }
      // Subscribers have no single read: the list is the resource.
      for (const subscriber of await list(token, `/newsletters/${newsletter.id}/subscribers`)) resources.push({ path: `/newsletters/${newsletter.id}/subscribers#${subscriber.id}`, body: subscriber });
    }
  }
  return { resources, lists, listPages };
}

const of = (snapshot: Snapshot, kind: RegExp) => snapshot.resources.filter((r) => kind.test(r.path)).map((r) => r.body);

describe('the demo content', () => {
  let mock: RunningMock;
  let start: number;
  let snapshot: Snapshot;

  beforeAll(async () => {
    start = Date.now();
    mock = await startMock({ PORT: '0', LOG_LEVEL: 'silent' });
    snapshot = await walk(mock);
  }, 120_000);
  afterAll(async () => {
    await mock?.close();
  });

  it('reads back, every resource of both workspaces, as the contract says', () => {
    expect(mock.workspaces.map((w) => w.name)).toEqual(['Northwind Journal', 'Tidewater Software']);
    // The walk itself failed on any answer that broke the contract; here, that it found everything.
    const count = (each: (w: (typeof DEMO_WORKSPACES)[number]) => number) => DEMO_WORKSPACES.reduce((sum, w) => sum + each(w), 0);
    expect(of(snapshot, /^\/pages\/\d+$/)).toHaveLength(count((w) => w.pages.length));
    expect(of(snapshot, /\/categories\/\d+$/)).toHaveLength(count((w) => w.pages.reduce((n, p) => n + p.categories.length, 0)));
    expect(of(snapshot, /\/posts\/\d+$/)).toHaveLength(count((w) => w.pages.reduce((n, p) => n + p.posts.length, 0)));
    expect(of(snapshot, /^\/newsletters\/\d+$/)).toHaveLength(count((w) => w.newsletters.length));
    expect(of(snapshot, /\/subscribers#/)).toHaveLength(count((w) => w.newsletters.reduce((n, l) => n + l.subscribers.length, 0)));
    expect(of(snapshot, /\/emails\/\d+$/)).toHaveLength(count((w) => w.newsletters.reduce((n, l) => n + l.emails.length, 0)));
    expect(of(snapshot, /^\/authors\/\d+$/)).toHaveLength(count((w) => w.authors.length));
    expect(of(snapshot, /\/posts\/\d+$/).length).toBeGreaterThan(30);
  });

  it('has something in every state the contract declares', () => {
    const states = (kind: RegExp) => new Set(of(snapshot, kind).map((body) => body.status));
    const declared = (schema: string) => new Set(contract.document.components.schemas[schema].enum);
    expect(states(/\/posts\/\d+$/)).toEqual(declared('PostStatus'));
    expect(states(/\/emails\/\d+$/)).toEqual(declared('EmailStatus'));
    expect(states(/\/subscribers#/)).toEqual(declared('SubscriberStatus'));
    expect(new Set(of(snapshot, /^\/authors\/\d+$/).map((author) => author.active))).toEqual(new Set([true, false]));
  });

  it('fills more than one list page of posts, subscribers and emails', () => {
    const longer = Object.entries(snapshot.listPages).filter(([, pages]) => pages > 1).map(([path]) => path.replace(/\d+/g, 'N'));
    expect(new Set(longer)).toEqual(new Set(['/pages/N/posts', '/newsletters/N/subscribers', '/newsletters/N/emails']));
  });

  it('shows Markdown rendered, pictures that load, and categories', async () => {
    const posts = of(snapshot, /\/posts\/\d+$/);
    const withCover = posts.filter((post) => post.cover_image_url !== null);
    expect(withCover.length).toBeGreaterThanOrEqual(10);
    expect(posts.some((post) => /<h2>.*<\/h2>/.test(post.content_html) && /<table>/.test(post.content_html) && /<img src="http/.test(post.content_html))).toBe(true);
    expect(posts.filter((post) => post.category_id !== null).length).toBeGreaterThan(posts.length / 2);
    const image = await fetch(withCover[0].cover_image_url);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
  });

  it('schedules emails due minutes after the start, and sent ones with their time', () => {
    const emails = of(snapshot, /\/emails\/\d+$/);
    const due = emails.filter((email) => email.status === 'scheduled').map((email) => Date.parse(email.scheduled_at) - start);
    expect(due.length).toBeGreaterThanOrEqual(3);
    for (const ms of due) expect(ms).toBeGreaterThan(60_000), expect(ms).toBeLessThan(15 * 60_000);
    for (const sent of emails.filter((email) => email.status === 'sent')) expect(Date.parse(sent.sent_at)).toBeLessThan(start);
  });

  it('has the same ids and content at every start: only the times move with the start (and the port, when PORT differs)', async () => {
    const again = await startMock({ PORT: '0', LOG_LEVEL: 'silent' });
    try {
      const second = await walk(again);
      expect(again.origin).not.toBe(mock.origin);
      // What README documents as differing between starts, written the same for both: the origin
      // in image URLs (PORT=0 takes another port each time) and every time, as an offset from the
      // start. Everything else (ids, domains, image names, Markdown, states, list order) must match.
      const comparable = (s: Snapshot, of: RunningMock) =>
        JSON.stringify({ resources: s.resources, lists: s.lists })
          .replaceAll(of.origin, '<origin>')
          .replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z/g, (time) => `<start ${Date.parse(time) - of.demoStart.getTime()} ms>`);
      const [first, then] = [comparable(snapshot, mock), comparable(second, again)];
      expect(then).toContain('<origin>/images/');
      expect(then).toMatch(/\.pages\.localhost"/);
      expect(JSON.parse(then)).toEqual(JSON.parse(first));
    } finally {
      await again.close();
    }
  }, 120_000);

  it('keeps its database in a file in its temporary directory (so its lists can hold a snapshot), gone on close', async () => {
    const again = await startMock({ PORT: '0', LOG_LEVEL: 'silent' });
    const file = again.config.databasePath;
    try {
      expect(path.dirname(file)).toBe(again.dataDir);
      expect(existsSync(file)).toBe(true);
    } finally {
      await again.close();
    }
    expect(existsSync(again.dataDir)).toBe(false);
  }, 120_000);
});

describe('the demo content as data', () => {
  const schema = (name: string, value: unknown) => validator.schemaErrors(`/components/schemas/${name}`, value);

  it('is valid by the request schemas of the operations that load it', () => {
    const errors: string[] = [];
    const expectValid = (name: string, value: unknown, what: string) => {
      const found = schema(name, value);
      if (found) errors.push(`${what}: ${found}`);
    };
    for (const workspace of DEMO_WORKSPACES) {
      for (const { first_name, last_name, position, short_description } of workspace.authors) {
        expectValid('AuthorUpdate', { first_name, last_name, position, short_description }, `author ${first_name}`);
      }
      for (const page of workspace.pages) {
        expectValid('PageCreate', { name: page.name, ...(page.slug ? { slug: page.slug } : {}) }, `page ${page.name}`);
        for (const { key: _key, ...category } of page.categories) expectValid('CategoryCreate', category, `category ${category.name}`);
        for (const post of page.posts) expectValid('PostCreate', { title: post.title, description: post.description, content_md: post.markdown }, `post ${post.title}`);
      }
      for (const newsletter of workspace.newsletters) {
        expectValid('NewsletterCreate', { name: newsletter.name }, `newsletter ${newsletter.name}`);
        for (const subscriber of newsletter.subscribers) expectValid('SubscriberCreate', { email: subscriber.email }, subscriber.email);
        for (const email of newsletter.emails) expectValid('EmailCreate', { subject: email.subject, preview: email.preview, content_md: email.markdown }, email.subject);
      }
    }
    expect(errors).toEqual([]);
  });
});
