/**
 * The faults of server/faults/thirty-fifth-look.ts really break what they name: each case runs the
 * same requests against the server with the fault and without it, and requires the broken answer from
 * the first and the one the contract requires from the second.
 */
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { expect } from 'vitest';
import { contrastFaults, type FaultContrast } from './fault-contrast.ts';
import { anotherAuthor, problemType } from './contrast-fixtures.ts';
import type { Api } from './harness.ts';

const cases: FaultContrast<any>[] = [];
const add = <T>(c: FaultContrast<T>) => cases.push(c);

const newPage = async (api: Api, name: string) => (await api('POST', '/pages', { body: { name } })).body.id as number;

add({
  fault: 'page-name-like-wildcards',
  what: 'createPage must accept a name with % or _ that no page of the workspace has',
  observe: async ({ api }) => {
    await newPage(api, '50 percent off');
    await newPage(api, 'AxB');
    const created = [];
    for (const name of ['Plain', '50% off', 'a_b', 'AXB']) {
      const answer = await api('POST', '/pages', { body: { name } });
      created.push(answer.status === 201 ? [201, answer.body.name] : [answer.status, answer.body.type]);
    }
    return created;
  },
  broken: (seen) =>
    expect(seen).toEqual([
      [201, 'Plain'],
      [409, problemType('name-taken')],
      [409, problemType('name-taken')],
      [409, problemType('name-taken')],
    ]),
  correct: (seen) =>
    expect(seen).toEqual([
      [201, 'Plain'],
      [201, '50% off'],
      [201, 'a_b'],
      [409, problemType('name-taken')],
    ]),
});

add({
  fault: 'page-rename-name-slug-suffix-carried',
  what: "a renamed page's name_slug must follow the new name, without the old one's suffix",
  observe: async ({ api }) => {
    const first = await newPage(api, 'Blog');
    const second = await newPage(api, 'Blog!');
    const before = (await api('GET', `/pages/${second}`)).body.name_slug;
    const renamed = (await api('PATCH', `/pages/${second}`, { body: { name: 'Journal' } })).body.name_slug;
    const read = (await api('GET', `/pages/${second}`)).body.name_slug;
    const plain = (await api('PATCH', `/pages/${first}`, { body: { name: 'Diary' } })).body.name_slug;
    return { before, renamed, read, plain };
  },
  broken: (seen) => expect(seen).toEqual({ before: 'blog-1', renamed: 'journal-1', read: 'journal-1', plain: 'diary' }),
  correct: (seen) => expect(seen).toEqual({ before: 'blog-1', renamed: 'journal', read: 'journal', plain: 'diary' }),
});

add({
  fault: 'head-pages-without-expose-headers',
  what: 'HEAD of listPages must carry the CORS fields GET carries',
  observe: async ({ api }) => {
    await newPage(api, 'Blog');
    const cors = (answer: { status: number; headers: Headers }) => [
      answer.status,
      answer.headers.get('access-control-allow-origin'),
      answer.headers.get('access-control-expose-headers'),
    ];
    return { get: cors(await api('GET', '/pages')), head: cors(await api('HEAD', '/pages')), pageHead: cors(await api('HEAD', '/pages?size=1')) };
  },
  broken: (seen) => {
    expect(seen.get).toEqual([200, '*', expect.stringContaining('RateLimit')]);
    expect(seen.head).toEqual([200, '*', null]);
    expect(seen.pageHead).toEqual([200, '*', null]);
  },
  correct: (seen) => {
    expect(seen.get).toEqual([200, '*', expect.stringContaining('RateLimit')]);
    expect(seen.head).toEqual(seen.get);
    expect(seen.pageHead).toEqual(seen.get);
  },
});

add({
  fault: 'post-create-brotli-415',
  what: 'createPost must read a body sent with Content-Encoding: br',
  observe: async ({ api }) => {
    const page = await newPage(api, 'Blog');
    const send = async (encoding: string, title: string) => {
      const json = Buffer.from(JSON.stringify({ title }));
      const raw = encoding === 'br' ? brotliCompressSync(json) : gzipSync(json);
      const answer = await api('POST', `/pages/${page}/posts`, { raw, headers: { 'Content-Type': 'application/json', 'Content-Encoding': encoding } });
      return answer.status === 201 ? [201, answer.body.title] : [answer.status, answer.body.type];
    };
    const gzip = await send('gzip', 'Packed with gzip');
    const br = await send('br', 'Packed with br');
    const listed = (await api('GET', `/pages/${page}/posts`)).body.result.map((post: { title: string }) => post.title);
    return { gzip, br, listed };
  },
  broken: (seen) =>
    expect(seen).toEqual({ gzip: [201, 'Packed with gzip'], br: [415, problemType('unsupported-media-type')], listed: ['Packed with gzip'] }),
  correct: (seen) =>
    expect(seen).toEqual({ gzip: [201, 'Packed with gzip'], br: [201, 'Packed with br'], listed: ['Packed with br', 'Packed with gzip'] }),
});

add({
  fault: 'post-slug-digit-separators-dropped',
  what: "createPost must make a hyphen of the point or comma between a title's digits",
  observe: async ({ api }) => {
    const page = await newPage(api, 'Blog');
    const slugs = [];
    for (const title of ['Hello World', 'Version 2.0', 'Version 20', 'Top 1,000 Tips']) {
      const answer = await api('POST', `/pages/${page}/posts`, { body: { title } });
      const read = (await api('GET', `/pages/${page}/posts/${answer.body.id}`)).body.slug;
      slugs.push([answer.status, answer.body.slug, read]);
    }
    return slugs;
  },
  broken: (seen) =>
    expect(seen).toEqual([
      [201, 'hello-world', 'hello-world'],
      [201, 'version-20', 'version-20'],
      [201, 'version-20-1', 'version-20-1'],
      [201, 'top-1000-tips', 'top-1000-tips'],
    ]),
  correct: (seen) =>
    expect(seen).toEqual([
      [201, 'hello-world', 'hello-world'],
      [201, 'version-2-0', 'version-2-0'],
      [201, 'version-20', 'version-20'],
      [201, 'top-1-000-tips', 'top-1-000-tips'],
    ]),
});

add({
  fault: 'post-update-markdown-task-lists',
  what: 'updatePost must render [ ] and [x] list items as CommonMark does, as text',
  observe: async ({ api }) => {
    const page = await newPage(api, 'Blog');
    const content_md = '- [ ] write\n- [x] read\n- plain';
    const created = (await api('POST', `/pages/${page}/posts`, { body: { title: 'Tasks', content_md } })).body;
    const updated = (await api('PATCH', `/pages/${page}/posts/${created.id}`, { body: { content_md } })).body;
    const read = (await api('GET', `/pages/${page}/posts/${created.id}`)).body;
    const plain = (await api('PATCH', `/pages/${page}/posts/${created.id}`, { body: { content_md: '- one\n- two' } })).body;
    return { created: created.content_html, updated: updated.content_html, read: read.content_html, plain: plain.content_html };
  },
  broken: (seen) =>
    expect(seen).toEqual({
      created: '<ul>\n<li>[ ] write</li>\n<li>[x] read</li>\n<li>plain</li>\n</ul>\n',
      updated: '<ul>\n<li><input type="checkbox" disabled> write</li>\n<li><input type="checkbox" disabled checked> read</li>\n<li>plain</li>\n</ul>\n',
      read: '<ul>\n<li><input type="checkbox" disabled> write</li>\n<li><input type="checkbox" disabled checked> read</li>\n<li>plain</li>\n</ul>\n',
      plain: '<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n',
    }),
  correct: (seen) =>
    expect(seen).toEqual({
      created: '<ul>\n<li>[ ] write</li>\n<li>[x] read</li>\n<li>plain</li>\n</ul>\n',
      updated: '<ul>\n<li>[ ] write</li>\n<li>[x] read</li>\n<li>plain</li>\n</ul>\n',
      read: '<ul>\n<li>[ ] write</li>\n<li>[x] read</li>\n<li>plain</li>\n</ul>\n',
      plain: '<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n',
    }),
});

add({
  fault: 'posts-list-og-description-from-seo',
  what: "listPosts must answer each post's og_description as stored",
  observe: async ({ api }) => {
    const page = await newPage(api, 'Blog');
    const bare = (await api('POST', `/pages/${page}/posts`, { body: { title: 'Bare' } })).body.id;
    const cards = (await api('POST', `/pages/${page}/posts`, { body: { title: 'Cards', seo_description: 'For search engines', og_description: 'For social cards' } })).body.id;
    const listed = (await api('GET', `/pages/${page}/posts`)).body.result.map((post: { id: number; og_description: string | null }) => [post.id === cards ? 'cards' : post.id === bare ? 'bare' : post.id, post.og_description]);
    const read = (await api('GET', `/pages/${page}/posts/${cards}`)).body.og_description;
    return { listed, read };
  },
  broken: (seen) => expect(seen).toEqual({ listed: [['cards', 'For search engines'], ['bare', null]], read: 'For social cards' }),
  correct: (seen) => expect(seen).toEqual({ listed: [['cards', 'For social cards'], ['bare', null]], read: 'For social cards' }),
});

add({
  fault: 'category-create-answer-read-by-slug',
  what: "createCategory must answer the category it created, not another page's of the same slug",
  observe: async ({ api }) => {
    const blog = await newPage(api, 'Blog');
    const shop = await newPage(api, 'Shop');
    const first = (await api('POST', `/pages/${blog}/categories`, { body: { name: 'News' } })).body;
    const second = await api('POST', `/pages/${shop}/categories`, { body: { name: 'News', color: '#123456' } });
    const location = await api('GET', new URL(second.headers.get('location')!, 'http://x').pathname.replace(/^\/api\/v1/, ''));
    const listed = (await api('GET', `/pages/${shop}/categories`)).body.result;
    return {
      firstOnBlog: first.page_id === blog,
      answer: [second.status, second.body.page_id === shop ? 'shop' : 'blog', second.body.id === first.id ? 'first' : 'new', second.body.color],
      location: location.status,
      listed: listed.map((c: { id: number; color: string | null }) => [c.id === second.body.id ? 'answered' : 'other', c.color]),
    };
  },
  broken: (seen) => expect(seen).toEqual({ firstOnBlog: true, answer: [201, 'blog', 'first', null], location: 404, listed: [['other', '#123456']] }),
  correct: (seen) => expect(seen).toEqual({ firstOnBlog: true, answer: [201, 'shop', 'new', '#123456'], location: 200, listed: [['answered', '#123456']] }),
});

add({
  fault: 'category-update-former-slug-held',
  what: 'updateCategory must accept a slug that another category of the page gave up',
  observe: async ({ api }) => {
    const page = await newPage(api, 'Blog');
    const x = (await api('POST', `/pages/${page}/categories`, { body: { name: 'X', slug: 'alpha' } })).body.id;
    const y = (await api('POST', `/pages/${page}/categories`, { body: { name: 'Y', slug: 'beta' } })).body.id;
    const moved = (await api('PATCH', `/pages/${page}/categories/${x}`, { body: { slug: 'gamma' } })).body.slug;
    const taken = await api('PATCH', `/pages/${page}/categories/${y}`, { body: { slug: 'alpha' } });
    const read = (await api('GET', `/pages/${page}/categories/${y}`)).body.slug;
    return { moved, taken: taken.status === 200 ? [200, taken.body.slug] : [taken.status, taken.body.type], read };
  },
  broken: (seen) => expect(seen).toEqual({ moved: 'gamma', taken: [409, problemType('slug-taken')], read: 'beta' }),
  correct: (seen) => expect(seen).toEqual({ moved: 'gamma', taken: [200, 'alpha'], read: 'alpha' }),
});

add({
  fault: 'author-get-404-own-title',
  what: "getAuthor's 404 must have the title of every other 404",
  observe: async ({ api }) => {
    const title = async (method: string, path: string, body?: unknown) => {
      const answer = await api(method, path, body === undefined ? {} : { body });
      return [answer.status, answer.body.type, answer.body.title];
    };
    return {
      author: await title('GET', '/authors/999999'),
      update: await title('PATCH', '/authors/999999', {}),
      page: await title('GET', '/pages/999999'),
    };
  },
  broken: (seen) =>
    expect(seen).toEqual({
      author: [404, problemType('not-found'), 'Author not found'],
      update: [404, problemType('not-found'), 'Not found'],
      page: [404, problemType('not-found'), 'Not found'],
    }),
  correct: (seen) =>
    expect(seen).toEqual({
      author: [404, problemType('not-found'), 'Not found'],
      update: [404, problemType('not-found'), 'Not found'],
      page: [404, problemType('not-found'), 'Not found'],
    }),
});

add({
  fault: 'author-update-formatted-name-cut',
  what: "updateAuthor must answer formatted_name whole, up to the schema's 511 characters",
  observe: async ({ api, authorId }) => {
    const short = (await api('PATCH', `/authors/${authorId}`, { body: { first_name: 'Ada' } })).body.formatted_name;
    const answer = (await api('PATCH', `/authors/${authorId}`, { body: { first_name: 'A'.repeat(200), last_name: 'B'.repeat(200) } })).body;
    const read = (await api('GET', `/authors/${authorId}`)).body;
    return { short, answered: answer.formatted_name.length, read: read.formatted_name.length, same: answer.formatted_name === read.formatted_name };
  },
  broken: (seen) => expect(seen).toEqual({ short: 'Ada Hopper', answered: 255, read: 401, same: false }),
  correct: (seen) => expect(seen).toEqual({ short: 'Ada Hopper', answered: 401, read: 401, same: true }),
});

add({
  fault: 'authors-inactive-listed-as-active',
  what: 'listAuthors?active=false must answer its inactive authors with active false',
  observe: async (s) => {
    const ada = anotherAuthor(s);
    await s.api('PATCH', `/authors/${ada}`, { body: { active: false } });
    const inactive = (await s.api('GET', '/authors?active=false')).body.result.map((a: { id: number; active: boolean }) => [a.id === ada ? 'ada' : a.id, a.active]);
    const active = (await s.api('GET', '/authors')).body.result.every((a: { active: boolean }) => a.active);
    const read = (await s.api('GET', `/authors/${ada}`)).body.active;
    return { inactive, active, read };
  },
  broken: (seen) => expect(seen).toEqual({ inactive: [['ada', true]], active: true, read: false }),
  correct: (seen) => expect(seen).toEqual({ inactive: [['ada', false]], active: true, read: false }),
});

contrastFaults('the thirty-fifth look: faults written from the contract alone', cases);
