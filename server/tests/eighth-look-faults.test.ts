/**
 * The faults of server/faults/eighth-look.ts really break what they name: each case runs the same
 * requests against the server with the fault and without it, and requires the broken answer from the
 * first and the one the contract requires from the second. Each case also makes the first request a
 * test would make and shows it right on both servers, so the fault is one only a second look finds.
 */
import { expect } from 'vitest';
import type { Api } from './harness.ts';
import { contrastFaults, type FaultContrast } from './fault-contrast.ts';
import { newsletterWithReader, ids, problemType, pause } from './contrast-fixtures.ts';

/** A GIF and a PNG of one pixel each. */
const GIF = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** Polls the email until it is no longer scheduled, or gives up after five seconds. */
async function settled(api: Api, path: string): Promise<string> {
  for (let waited = 0; waited < 5_000; waited += 50) {
    const status = (await api('GET', path)).body.status as string;
    if (status !== 'scheduled') return status;
    await pause(50);
  }
  return 'scheduled';
}

const cases: FaultContrast<any>[] = [];
const add = <T>(c: FaultContrast<T>) => cases.push(c);

add({
  fault: 'page-domain-punycode',
  what: "an ASCII name's domain starts with its name_slug; Café Crème's starts with Punycode instead of cafe-creme",
  observe: async ({ api }) => {
    const label = async (name: string) => {
      const page = (await api('POST', '/pages', { body: { name } })).body;
      const read = (await api('GET', `/pages/${page.id}`)).body;
      expect(read.domain).toBe(page.domain);
      return [page.name_slug, page.domain.split('.')[0].slice(0, -7)];
    };
    return { ascii: await label('Engineering Blog'), accented: await label('Café Crème') };
  },
  broken: (seen) => {
    expect(seen.ascii).toEqual(['engineering-blog', 'engineering-blog']);
    expect(seen.accented[0]).toBe('cafe-creme');
    expect(seen.accented[1]).toMatch(/^xn--/);
  },
  correct: (seen) => expect(seen).toEqual({ ascii: ['engineering-blog', 'engineering-blog'], accented: ['cafe-creme', 'cafe-creme'] }),
});

add({
  fault: 'category-slug-held-after-delete',
  what: 'an explicit slug in use is a 409 and a new one is accepted; the slug of a deleted category stays a 409',
  observe: async ({ api }) => {
    const page = (await api('POST', '/pages', { body: { name: 'Blog' } })).body.id;
    const create = async (name: string, slug: string) => {
      const answer = await api('POST', `/pages/${page}/categories`, { body: { name, slug } });
      return [answer.status, answer.status === 201 ? answer.body.slug : answer.body.type];
    };
    const first = await create('News', 'news');
    const taken = await create('More news', 'news');
    const id = (await api('GET', `/pages/${page}/categories`)).body.result[0].id;
    const deleted = (await api('DELETE', `/pages/${page}/categories/${id}`)).status;
    const again = await create('News again', 'news');
    return { first, taken, deleted, again };
  },
  broken: (seen) =>
    expect(seen).toEqual({ first: [201, 'news'], taken: [409, problemType('slug-taken')], deleted: 204, again: [409, problemType('slug-taken')] }),
  correct: (seen) => expect(seen).toEqual({ first: [201, 'news'], taken: [409, problemType('slug-taken')], deleted: 204, again: [201, 'news'] }),
});

add({
  fault: 'posts-category-filter-other-page',
  what: "a page's own category filters its posts; another page's category lists that page's post",
  observe: async ({ api }) => {
    const blog = (await api('POST', '/pages', { body: { name: 'Blog' } })).body.id;
    const shop = (await api('POST', '/pages', { body: { name: 'Shop' } })).body.id;
    const blogNews = (await api('POST', `/pages/${blog}/categories`, { body: { name: 'News' } })).body.id;
    const shopNews = (await api('POST', `/pages/${shop}/categories`, { body: { name: 'News' } })).body.id;
    const blogPost = (await api('POST', `/pages/${blog}/posts`, { body: { title: 'Hello', category_id: blogNews } })).body.id;
    await api('POST', `/pages/${blog}/posts`, { body: { title: 'Other' } });
    const shopPost = (await api('POST', `/pages/${shop}/posts`, { body: { title: 'Sale', category_id: shopNews } })).body.id;
    const listed = async (category: number) => {
      const answer = await api('GET', `/pages/${blog}/posts?category_id=${category}`);
      return [answer.status, answer.body.total, ids(answer.body).join()];
    };
    return { own: await listed(blogNews), other: await listed(shopNews), expected: { blogPost: String(blogPost), shopPost: String(shopPost) } };
  },
  broken: (seen) => {
    expect(seen.own).toEqual([200, 1, seen.expected.blogPost]);
    expect(seen.other).toEqual([200, 1, seen.expected.shopPost]);
  },
  correct: (seen) => {
    expect(seen.own).toEqual([200, 1, seen.expected.blogPost]);
    expect(seen.other).toEqual([200, 0, '']);
  },
});

add({
  fault: 'newsletter-rename-back-name-slug-suffixed',
  what: 'a first rename moves name_slug; renamed back to its first name, the newsletter gets weekly-1',
  observe: async ({ api }) => {
    const newsletter = (await api('POST', '/newsletters', { body: { name: 'Weekly' } })).body.id;
    const rename = async (name: string) => (await api('PATCH', `/newsletters/${newsletter}`, { body: { name } })).body.name_slug;
    const renamed = await rename('Monthly');
    const back = await rename('Weekly');
    const read = (await api('GET', `/newsletters/${newsletter}`)).body.name_slug;
    return { renamed, back, read };
  },
  broken: (seen) => expect(seen).toEqual({ renamed: 'monthly', back: 'weekly-1', read: 'weekly-1' }),
  correct: (seen) => expect(seen).toEqual({ renamed: 'monthly', back: 'weekly', read: 'weekly' }),
});

add({
  fault: 'email-rerender-cached-by-id',
  what: "a draft's first Markdown update is rendered; a second one with other Markdown keeps the first rendering",
  observe: async ({ api }) => {
    const newsletter = (await api('POST', '/newsletters', { body: { name: 'Weekly' } })).body.id;
    const email = (await api('POST', `/newsletters/${newsletter}/emails`, { body: { subject: 'Issue 1', content_md: '# One' } })).body;
    const path = `/newsletters/${newsletter}/emails/${email.id}`;
    const first = (await api('PATCH', path, { body: { content_md: '# Two' } })).body.content_html;
    const second = (await api('PATCH', path, { body: { content_md: '# Three' } })).body.content_html;
    const read = (await api('GET', path)).body.content_html;
    const heading = (html: string) => /<h1>(\w+)<\/h1>/.exec(html)?.[1];
    return { created: heading(email.content_html), first: heading(first), second: heading(second), read: heading(read) };
  },
  broken: (seen) => expect(seen).toEqual({ created: 'One', first: 'Two', second: 'Two', read: 'Two' }),
  correct: (seen) => expect(seen).toEqual({ created: 'One', first: 'Two', second: 'Three', read: 'Three' }),
});

add({
  fault: 'post-references-first-only',
  what: 'each bad reference alone is named; a bad category_id and a bad author_id together name category_id alone',
  observe: async ({ api }) => {
    const page = (await api('POST', '/pages', { body: { name: 'Blog' } })).body.id;
    const fields = async (body: object) => {
      const answer = await api('POST', `/pages/${page}/posts`, { body: { title: 'Hello', ...body } });
      return [answer.status, (answer.body.errors ?? []).map((error: { field: string }) => error.field).sort().join()];
    };
    return {
      category: await fields({ category_id: 999999 }),
      author: await fields({ author_id: 999999 }),
      both: await fields({ category_id: 999999, author_id: 999999 }),
      listed: (await api('GET', `/pages/${page}/posts`)).body.total,
    };
  },
  broken: (seen) => expect(seen).toEqual({ category: [422, 'category_id'], author: [422, 'author_id'], both: [422, 'category_id'], listed: 0 }),
  correct: (seen) => expect(seen).toEqual({ category: [422, 'category_id'], author: [422, 'author_id'], both: [422, 'author_id,category_id'], listed: 0 }),
});

add({
  fault: 'send-failed-refused-409',
  what: 'a draft is sent; an email whose delivery failed is refused as already sent instead of sent again',
  observe: async (s) => {
    const { api } = s;
    const newsletter = await newsletterWithReader(api, 'Weekly');
    const create = async (subject: string) => (await api('POST', `/newsletters/${newsletter}/emails`, { body: { subject, content_html: '<p>Hi</p>' } })).body.id;
    const draft = await create('Issue 1');
    const sentDraft = (await api('POST', `/newsletters/${newsletter}/emails/${draft}/send`)).status;
    const draftOutcome = await settled(api, `/newsletters/${newsletter}/emails/${draft}`);
    // A failed delivery needs an unreachable recipient; the state is set where delivery would set it.
    const failed = await create('Issue 2');
    s.server.stores.emails.update(failed, { status: 'failed' });
    const path = `/newsletters/${newsletter}/emails/${failed}`;
    const retry = await api('POST', `${path}/send`);
    return { sentDraft, draftOutcome, retry: [retry.status, retry.status === 200 ? 'queued' : retry.body.type], outcome: await settled(api, path) };
  },
  broken: (seen) => expect(seen).toEqual({ sentDraft: 200, draftOutcome: 'sent', retry: [409, problemType('email-already-sent')], outcome: 'failed' }),
  correct: (seen) => expect(seen).toEqual({ sentDraft: 200, draftOutcome: 'sent', retry: [200, 'queued'], outcome: 'sent' }),
});

add({
  fault: 'author-empty-update-text-html',
  what: 'a PATCH that changes an author answers application/json; a PATCH of {} answers the same body as text/html',
  observe: async ({ api, authorId }) => {
    const path = `/authors/${authorId}`;
    const changed = await api('PATCH', path, { body: { position: 'Editor' } });
    const empty = await api('PATCH', path, { body: {} });
    const body = typeof empty.body === 'string' ? JSON.parse(empty.body) : empty.body;
    return {
      changed: [changed.status, changed.headers.get('content-type')?.split(';')[0]],
      empty: [empty.status, empty.headers.get('content-type')?.split(';')[0]],
      sameBody: JSON.stringify(body) === JSON.stringify(changed.body),
    };
  },
  broken: (seen) => expect(seen).toEqual({ changed: [200, 'application/json'], empty: [200, 'text/html'], sameBody: true }),
  correct: (seen) => expect(seen).toEqual({ changed: [200, 'application/json'], empty: [200, 'application/json'], sameBody: true }),
});

add({
  fault: 'head-authors-active-filter-422',
  what: 'GET and HEAD of /authors (with paging) agree; with ?active=false GET is 200 and HEAD 422',
  observe: async ({ api }) => {
    const both = async (query: string) => [(await api('GET', `/authors${query}`)).status, (await api('HEAD', `/authors${query}`)).status];
    return { plain: await both(''), paged: await both('?page=1&size=5'), inactive: await both('?active=false'), invalid: await both('?active=maybe') };
  },
  broken: (seen) => expect(seen).toEqual({ plain: [200, 200], paged: [200, 200], inactive: [200, 422], invalid: [422, 422] }),
  correct: (seen) => expect(seen).toEqual({ plain: [200, 200], paged: [200, 200], inactive: [200, 200], invalid: [422, 422] }),
});

add({
  fault: 'categories-past-the-end-clamped',
  what: 'pages 1 and 2 of three categories at size 2 are right; page 3 answers page 2 again instead of nothing',
  observe: async ({ api }) => {
    const page = (await api('POST', '/pages', { body: { name: 'Blog' } })).body.id;
    for (const name of ['One', 'Two', 'Three']) await api('POST', `/pages/${page}/categories`, { body: { name } });
    const at = async (n: number) => {
      const body = (await api('GET', `/pages/${page}/categories?size=2&page=${n}`)).body;
      return [body.page, body.total, ids(body).length];
    };
    const second = ids((await api('GET', `/pages/${page}/categories?size=2&page=2`)).body);
    const third = ids((await api('GET', `/pages/${page}/categories?size=2&page=3`)).body);
    return { first: await at(1), second: await at(2), third: await at(3), repeats: third.length > 0 && third.join() === second.join() };
  },
  broken: (seen) => expect(seen).toEqual({ first: [1, 3, 2], second: [2, 3, 1], third: [3, 3, 1], repeats: true }),
  correct: (seen) => expect(seen).toEqual({ first: [1, 3, 2], second: [2, 3, 1], third: [3, 3, 0], repeats: false }),
});

add({
  fault: 'subscriber-local-part-case-kept',
  what: 'a lowercase address is stored as sent; Ada@Example.com is stored as Ada@example.com, and found again in capitals',
  observe: async ({ api }) => {
    const newsletter = (await api('POST', '/newsletters', { body: { name: 'Weekly' } })).body.id;
    const subscribe = async (email: string) => (await api('POST', `/newsletters/${newsletter}/subscribers`, { body: { email } })).body;
    const lower = (await subscribe('grace@example.org')).email;
    const mixed = await subscribe('Ada@Example.com');
    const again = await subscribe(' ADA@EXAMPLE.COM ');
    const listed = (await api('GET', `/newsletters/${newsletter}/subscribers`)).body;
    return { lower, mixed: mixed.email, sameId: again.id === mixed.id, total: listed.total };
  },
  broken: (seen) => expect(seen).toEqual({ lower: 'grace@example.org', mixed: 'Ada@example.com', sameId: true, total: 2 }),
  correct: (seen) => expect(seen).toEqual({ lower: 'grace@example.org', mixed: 'ada@example.com', sameId: true, total: 2 }),
});

add({
  fault: 'upload-type-from-filename',
  what: 'a GIF named .gif is served as image/gif; a PNG named photo.jpg gets a .jpg URL and is served as image/jpeg',
  observe: async ({ api }) => {
    const upload = async (bytes: Buffer, name: string, type: string) => {
      const data = new FormData();
      data.append('file', new Blob([bytes], { type }), name);
      const answer = await api('POST', '/images/upload', { raw: data });
      const served = await fetch(answer.body.url);
      const same = Buffer.from(await served.arrayBuffer()).equals(bytes);
      return [answer.status, answer.body.url.split('.').pop(), answer.headers.get('location') === answer.body.url, served.headers.get('content-type'), same];
    };
    return { gif: await upload(GIF, 'pixel.gif', 'image/gif'), png: await upload(PNG, 'photo.jpg', 'image/jpeg') };
  },
  broken: (seen) => expect(seen).toEqual({ gif: [201, 'gif', true, 'image/gif', true], png: [201, 'jpg', true, 'image/jpeg', true] }),
  correct: (seen) => expect(seen).toEqual({ gif: [201, 'gif', true, 'image/gif', true], png: [201, 'png', true, 'image/png', true] }),
});

contrastFaults('faults an eighth look shows: a name not in ASCII, a deleted holder, another page, a former name, a second rendering, two causes, a failed send, an empty update, a filtered HEAD, past the end, a capital, a file name', cases);
