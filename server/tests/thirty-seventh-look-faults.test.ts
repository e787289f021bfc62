/**
 * The faults of server/faults/thirty-seventh-look.ts really break what they name: each case runs the
 * same requests against the server with the fault and without it, and requires the broken answer from
 * the first and the one the contract requires from the second.
 */
import { expect } from 'vitest';
import { contrastFaults, type FaultContrast } from './fault-contrast.ts';
import { pause, problemType } from './contrast-fixtures.ts';
import type { Api, ApiResponse } from './harness.ts';

const cases: FaultContrast<any>[] = [];
const add = <T>(c: FaultContrast<T>) => cases.push(c);

const newPage = async (api: Api, name: string, token?: string) =>
  (await api('POST', '/pages', { body: { name }, ...(token === undefined ? {} : { token }) })).body.id as number;
const fields = (answer: ApiResponse) => (answer.body.errors ?? []).map((error: { field: string }) => error.field);
const outcome = (answer: ApiResponse) => (answer.status < 300 ? [answer.status] : [answer.status, answer.body.type, fields(answer)]);

add({
  fault: 'author-get-list-query-accepted',
  what: "getAuthor must answer listAuthors' query parameters 422, as unknown ones",
  observe: async ({ api, authorId }) => {
    const seen = [];
    for (const query of ['', '?page=2', '?active=false', '?size=5', '?foo=1']) seen.push(outcome(await api('GET', `/authors/${authorId}${query}`)));
    return seen;
  },
  broken: (seen) => expect(seen).toEqual([[200], [200], [200], [200], [422, problemType('validation-failed'), ['query.foo']]]),
  correct: (seen) =>
    expect(seen).toEqual([
      [200],
      [422, problemType('validation-failed'), ['query.page']],
      [422, problemType('validation-failed'), ['query.active']],
      [422, problemType('validation-failed'), ['query.size']],
      [422, problemType('validation-failed'), ['query.foo']],
    ]),
});

add({
  fault: 'author-update-names-nfc-composed',
  what: 'updateAuthor must keep a name as sent, a combining accent included',
  observe: async ({ api, authorId }) => {
    const composed = (await api('PATCH', `/authors/${authorId}`, { body: { first_name: 'Ren\u00e9' } })).body.first_name;
    const answer = (await api('PATCH', `/authors/${authorId}`, { body: { first_name: 'Rene\u0301', last_name: 'Zo\u0308llner' } })).body;
    const read = (await api('GET', `/authors/${authorId}`)).body;
    const spell = (text: string) => [...text].map((c) => c.codePointAt(0)!.toString(16)).join(' ');
    return { composed: spell(composed), answered: spell(answer.formatted_name), read: spell(read.formatted_name) };
  },
  broken: (seen) =>
    expect(seen).toEqual({ composed: '52 65 6e e9', answered: '52 65 6e e9 20 5a f6 6c 6c 6e 65 72', read: '52 65 6e e9 20 5a f6 6c 6c 6e 65 72' }),
  correct: (seen) =>
    expect(seen).toEqual({
      composed: '52 65 6e e9',
      answered: '52 65 6e 65 301 20 5a 6f 308 6c 6c 6e 65 72',
      read: '52 65 6e 65 301 20 5a 6f 308 6c 6c 6e 65 72',
    }),
});

add({
  fault: 'category-create-text-plain-read',
  what: 'createCategory must answer a body sent as text/plain 415 and create nothing',
  observe: async ({ api }) => {
    const page = await newPage(api, 'Blog');
    const send = (type: string, name: string) => api('POST', `/pages/${page}/categories`, { raw: JSON.stringify({ name }), headers: { 'Content-Type': type } });
    const json = outcome(await send('application/json', 'News'));
    const plain = outcome(await send('text/plain', 'Plain'));
    const form = outcome(await send('application/x-www-form-urlencoded', 'Form'));
    const listed = (await api('GET', `/pages/${page}/categories`)).body.result.map((category: { name: string }) => category.name);
    return { json, plain, form, listed };
  },
  broken: (seen) =>
    expect(seen).toEqual({ json: [201], plain: [201], form: [415, problemType('unsupported-media-type'), []], listed: ['Plain', 'News'] }),
  correct: (seen) =>
    expect(seen).toEqual({
      json: [201],
      plain: [415, problemType('unsupported-media-type'), []],
      form: [415, problemType('unsupported-media-type'), []],
      listed: ['News'],
    }),
});

add({
  fault: 'category-rename-touches-posts',
  what: "renaming a category must leave its posts' updated_at as it was",
  observe: async ({ api }) => {
    const page = await newPage(api, 'Blog');
    const category = (await api('POST', `/pages/${page}/categories`, { body: { name: 'News' } })).body.id;
    const post = (await api('POST', `/pages/${page}/posts`, { body: { title: 'Hello', category_id: category } })).body;
    await pause(20);
    const recoloured = (await api('PATCH', `/pages/${page}/categories/${category}`, { body: { color: '#123456' } })).status;
    const afterColour = (await api('GET', `/pages/${page}/posts/${post.id}`)).body.updated_at === post.updated_at;
    await pause(20);
    const renamed = (await api('PATCH', `/pages/${page}/categories/${category}`, { body: { name: 'Updates' } })).status;
    const read = (await api('GET', `/pages/${page}/posts/${post.id}`)).body;
    const listed = (await api('GET', `/pages/${page}/posts`)).body.result[0];
    return { recoloured, afterColour, renamed, read: read.updated_at === post.updated_at, listed: listed.updated_at === post.updated_at, later: read.updated_at > post.updated_at };
  },
  broken: (seen) => expect(seen).toEqual({ recoloured: 200, afterColour: true, renamed: 200, read: false, listed: false, later: true }),
  correct: (seen) => expect(seen).toEqual({ recoloured: 200, afterColour: true, renamed: 200, read: true, listed: true, later: false }),
});

add({
  fault: 'post-update-code-double-escaped',
  what: "updatePost must escape the text of the Markdown's code once",
  observe: async ({ api }) => {
    const page = await newPage(api, 'Blog');
    const post = (await api('POST', `/pages/${page}/posts`, { body: { title: 'Hello', content_md: 'Use `a < b && c` here' } })).body;
    const plain = (await api('PATCH', `/pages/${page}/posts/${post.id}`, { body: { content_md: 'Plain *text*' } })).body.content_html;
    const code = (await api('PATCH', `/pages/${page}/posts/${post.id}`, { body: { content_md: 'Use `a < b && c` here\n\n```\nx > 1\n```' } })).body.content_html;
    const read = (await api('GET', `/pages/${page}/posts/${post.id}`)).body.content_html;
    return { created: post.content_html, plain, code, read };
  },
  broken: (seen) =>
    expect(seen).toEqual({
      created: '<p>Use <code>a &lt; b &amp;&amp; c</code> here</p>\n',
      plain: '<p>Plain <em>text</em></p>\n',
      code: '<p>Use <code>a &amp;lt; b &amp;amp;&amp;amp; c</code> here</p>\n<pre><code>x &amp;gt; 1\n</code></pre>\n',
      read: '<p>Use <code>a &amp;lt; b &amp;amp;&amp;amp; c</code> here</p>\n<pre><code>x &amp;gt; 1\n</code></pre>\n',
    }),
  correct: (seen) =>
    expect(seen).toEqual({
      created: '<p>Use <code>a &lt; b &amp;&amp; c</code> here</p>\n',
      plain: '<p>Plain <em>text</em></p>\n',
      code: '<p>Use <code>a &lt; b &amp;&amp; c</code> here</p>\n<pre><code>x &gt; 1\n</code></pre>\n',
      read: '<p>Use <code>a &lt; b &amp;&amp; c</code> here</p>\n<pre><code>x &gt; 1\n</code></pre>\n',
    }),
});

add({
  fault: 'page-rename-name-slug-against-slugs',
  what: "a renamed page's name_slug must be judged against the name_slugs of the workspace, not its slugs",
  observe: async ({ api }) => {
    const holder = (await api('POST', '/pages', { body: { name: 'Blog', slug: 'journal' } })).body;
    const diary = await newPage(api, 'Diary');
    const notes = await newPage(api, 'Notes');
    const plain = (await api('PATCH', `/pages/${notes}`, { body: { name: 'Letters' } })).body.name_slug;
    const renamed = (await api('PATCH', `/pages/${diary}`, { body: { name: 'Journal' } })).body;
    const read = (await api('GET', `/pages/${diary}`)).body;
    return { holder: [holder.slug, holder.name_slug], plain, renamed: [renamed.slug, renamed.name_slug], read: read.name_slug };
  },
  broken: (seen) => expect(seen).toEqual({ holder: ['journal', 'blog'], plain: 'letters', renamed: ['diary', 'journal-1'], read: 'journal-1' }),
  correct: (seen) => expect(seen).toEqual({ holder: ['journal', 'blog'], plain: 'letters', renamed: ['diary', 'journal'], read: 'journal' }),
});

add({
  fault: 'page-get-any-subpath',
  what: 'a path one segment below a page that no operation has must be a 404 not-found problem',
  observe: async ({ api }) => {
    const page = await newPage(api, 'Blog');
    const get = await api('GET', `/pages/${page}`);
    const archive = await api('GET', `/pages/${page}/archive`);
    const head = await api('HEAD', `/pages/${page}/comments`);
    const posts = await api('GET', `/pages/${page}/posts`);
    return {
      get: get.status,
      archive: [archive.status, archive.status === 200 ? archive.body.name : archive.body.type],
      head: [head.status, head.headers.get('content-type')],
      posts: posts.status,
    };
  },
  broken: (seen) =>
    expect(seen).toEqual({ get: 200, archive: [200, 'Blog'], head: [200, expect.stringContaining('application/json')], posts: 200 }),
  correct: (seen) =>
    expect(seen).toEqual({
      get: 200,
      archive: [404, problemType('not-found')],
      head: [404, expect.stringContaining('application/problem+json')],
      posts: 200,
    }),
});

add({
  fault: 'post-get-id-zero-404',
  what: 'getPost must answer the id 0, below the minimum of 1, 422 naming the parameter',
  observe: async ({ api }) => {
    const page = await newPage(api, 'Blog');
    const post = (await api('POST', `/pages/${page}/posts`, { body: { title: 'Hello' } })).body.id;
    return {
      found: outcome(await api('GET', `/pages/${page}/posts/${post}`)),
      missing: outcome(await api('GET', `/pages/${page}/posts/999999`)),
      zero: outcome(await api('GET', `/pages/${page}/posts/0`)),
      zeroPage: outcome(await api('GET', `/pages/0/posts/${post}`)),
    };
  },
  broken: (seen) =>
    expect(seen).toEqual({
      found: [200],
      missing: [404, problemType('not-found'), []],
      zero: [404, problemType('not-found'), []],
      zeroPage: [404, problemType('not-found'), []],
    }),
  correct: (seen) =>
    expect(seen).toEqual({
      found: [200],
      missing: [404, problemType('not-found'), []],
      zero: [422, problemType('validation-failed'), ['path.id']],
      zeroPage: [422, problemType('validation-failed'), ['path.page_id']],
    }),
});

add({
  fault: 'post-update-null-description-emptied',
  what: 'updatePost with description null must clear it to null',
  observe: async ({ api }) => {
    const page = await newPage(api, 'Blog');
    const post = (await api('POST', `/pages/${page}/posts`, { body: { title: 'Hello', description: 'Short', seo_title: 'Search' } })).body.id;
    const changed = (await api('PATCH', `/pages/${page}/posts/${post}`, { body: { description: 'Longer' } })).body.description;
    const cleared = (await api('PATCH', `/pages/${page}/posts/${post}`, { body: { description: null, seo_title: null } })).body;
    const read = (await api('GET', `/pages/${page}/posts/${post}`)).body;
    return { changed, cleared: [cleared.description, cleared.seo_title], read: read.description };
  },
  broken: (seen) => expect(seen).toEqual({ changed: 'Longer', cleared: ['', null], read: '' }),
  correct: (seen) => expect(seen).toEqual({ changed: 'Longer', cleared: [null, null], read: null }),
});

add({
  fault: 'post-create-html-limit-500k',
  what: 'createPost must take Markdown that renders to between 500,000 and 1,000,000 characters',
  observe: async ({ api }) => {
    const page = await newPage(api, 'Blog');
    const small = (await api('POST', `/pages/${page}/posts`, { body: { title: 'Small', content_md: 'aaaaaaaa' } })).body.content_html;
    const answer = await api('POST', `/pages/${page}/posts`, { body: { title: 'Large', content_md: 'aaaaaaaa\n\n'.repeat(40_000) } });
    const total = (await api('GET', `/pages/${page}/posts`)).body.total;
    return { small, large: answer.status === 201 ? [201, answer.body.content_html.length] : outcome(answer), total };
  },
  broken: (seen) => expect(seen).toEqual({ small: '<p>aaaaaaaa</p>\n', large: [422, problemType('validation-failed'), ['content_md']], total: 1 }),
  correct: (seen) => expect(seen).toEqual({ small: '<p>aaaaaaaa</p>\n', large: [201, 640_000], total: 2 }),
});

add({
  fault: 'post-create-other-workspace-stored-then-404',
  what: "createPost on another workspace's page must answer 404 and store nothing",
  observe: async ({ api, otherToken }) => {
    const own = await newPage(api, 'Blog');
    const theirs = await newPage(api, 'Their Blog', otherToken);
    const mine = (await api('POST', `/pages/${own}/posts`, { body: { title: 'Mine' } })).status;
    const intrusion = outcome(await api('POST', `/pages/${theirs}/posts`, { body: { title: 'Intruder' } }));
    const nowhere = outcome(await api('POST', '/pages/999999/posts', { body: { title: 'Nowhere' } }));
    const listed = (await api('GET', `/pages/${theirs}/posts`, { token: otherToken })).body;
    return { mine, intrusion, nowhere, listed: [listed.total, listed.result.map((post: { title: string }) => post.title)] };
  },
  broken: (seen) =>
    expect(seen).toEqual({
      mine: 201,
      intrusion: [404, problemType('not-found'), []],
      nowhere: [404, problemType('not-found'), []],
      listed: [1, ['Intruder']],
    }),
  correct: (seen) =>
    expect(seen).toEqual({
      mine: 201,
      intrusion: [404, problemType('not-found'), []],
      nowhere: [404, problemType('not-found'), []],
      listed: [0, []],
    }),
});

add({
  fault: 'posts-category-filter-includes-uncategorised',
  what: 'listPosts?category_id must list and count only the posts of that category',
  observe: async ({ api }) => {
    const page = await newPage(api, 'Blog');
    const news = (await api('POST', `/pages/${page}/categories`, { body: { name: 'News' } })).body.id;
    const tips = (await api('POST', `/pages/${page}/categories`, { body: { name: 'Tips' } })).body.id;
    await api('POST', `/pages/${page}/posts`, { body: { title: 'In news', category_id: news } });
    await api('POST', `/pages/${page}/posts`, { body: { title: 'In tips', category_id: tips } });
    await api('POST', `/pages/${page}/posts`, { body: { title: 'Loose' } });
    const titles = async (query: string) => {
      const list = (await api('GET', `/pages/${page}/posts${query}`)).body;
      return [list.total, list.result.map((post: { title: string }) => post.title)];
    };
    return { all: await titles(''), news: await titles(`?category_id=${news}`), tips: await titles(`?category_id=${tips}&size=1`) };
  },
  broken: (seen) =>
    expect(seen).toEqual({ all: [3, ['Loose', 'In tips', 'In news']], news: [2, ['Loose', 'In news']], tips: [2, ['Loose']] }),
  correct: (seen) => expect(seen).toEqual({ all: [3, ['Loose', 'In tips', 'In news']], news: [1, ['In news']], tips: [1, ['In tips']] }),
});

contrastFaults('the thirty-seventh look: faults written from the contract alone', cases);
