/**
 * The faults of server/faults/twenty-fifth-look.ts really break what they name: each case runs the
 * same requests against the server with the fault and without it, and requires the broken answer from
 * the first and the one the contract requires from the second.
 */
import { expect } from 'vitest';
import { contrastFaults, type FaultContrast } from './fault-contrast.ts';
import { ids, pause, problemType } from './contrast-fixtures.ts';
import { OLDER_AUTHORS, type Api } from './harness.ts';

const cases: FaultContrast<any>[] = [];
const add = <T>(c: FaultContrast<T>) => cases.push(c);

const newPage = async (api: Api, name: string) => (await api('POST', '/pages', { body: { name } })).body.id as number;
const fields = (body: { errors?: { field: string }[] }) => (body.errors ?? []).map((e) => e.field).sort();

add({
  fault: 'pages-offset-int32-overflow',
  what: 'listPages at page 2147483647 must answer an empty result with the true total',
  observe: async ({ api }) => {
    for (const name of ['Alpha', 'Beta', 'Gamma']) await newPage(api, name);
    const read = async (query: string) => {
      const answer = await api('GET', `/pages?${query}`);
      return [answer.status, answer.body.page, answer.body.total, answer.body.result.length];
    };
    return { past: await read('page=2'), last: await read('page=2147483647'), lastAt100: await read('page=2147483647&size=100') };
  },
  broken: (seen) => expect(seen).toEqual({ past: [200, 2, 3, 0], last: [200, 2147483647, 3, 3], lastAt100: [200, 2147483647, 3, 3] }),
  correct: (seen) => expect(seen).toEqual({ past: [200, 2, 3, 0], last: [200, 2147483647, 3, 0], lastAt100: [200, 2147483647, 3, 0] }),
});

add({
  fault: 'page-name-key-trimmed',
  what: "createPage must accept a name that differs from another page's only by a trailing space",
  observe: async ({ api }) => {
    await api('POST', '/pages', { body: { name: 'Blog' } });
    const spaced = await api('POST', '/pages', { body: { name: 'Blog ' } });
    const recased = await api('POST', '/pages', { body: { name: 'BLOG' } });
    return { spaced: [spaced.status, spaced.body.name ?? spaced.body.type], recased: [recased.status, recased.body.type] };
  },
  broken: (seen) => expect(seen).toEqual({ spaced: [409, problemType('name-taken')], recased: [409, problemType('name-taken')] }),
  correct: (seen) => expect(seen).toEqual({ spaced: [201, 'Blog '], recased: [409, problemType('name-taken')] }),
});

add({
  fault: 'page-get-name-nfkc',
  what: "getPage must answer a name with compatibility characters as it was written",
  observe: async ({ api }) => {
    const plain = (await api('POST', '/pages', { body: { name: 'Plain Blog' } })).body;
    const created = (await api('POST', '/pages', { body: { name: '\uFB01ne Print' } })).body;
    const read = await api('GET', `/pages/${created.id}`);
    const head = await api('HEAD', `/pages/${created.id}`);
    const listed = (await api('GET', '/pages')).body.result.find((page: { id: number }) => page.id === created.id);
    return {
      plain: (await api('GET', `/pages/${plain.id}`)).body.name,
      created: created.name,
      read: read.body.name,
      listed: listed.name,
      headAsGet: head.headers.get('content-length') === read.headers.get('content-length'),
    };
  },
  broken: (seen) => expect(seen).toEqual({ plain: 'Plain Blog', created: '\uFB01ne Print', read: 'fine Print', listed: '\uFB01ne Print', headAsGet: true }),
  correct: (seen) => expect(seen).toEqual({ plain: 'Plain Blog', created: '\uFB01ne Print', read: '\uFB01ne Print', listed: '\uFB01ne Print', headAsGet: true }),
});

add({
  fault: 'posts-page-start-remembered',
  what: 'walking listPosts after a new post must visit every post once',
  observe: async ({ api }) => {
    const page = await newPage(api, 'Blog');
    const made: number[] = [];
    const post = async (title: string) => made.push((await api('POST', `/pages/${page}/posts`, { body: { title } })).body.id);
    for (const title of ['One', 'Two', 'Three', 'Four', 'Five']) await post(title);
    const read = async (n: number) => ids((await api('GET', `/pages/${page}/posts?size=2&page=${n}`)).body).map((id) => made.indexOf(id) + 1);
    const before = await read(2);
    await post('Six');
    return { before, after: [await read(1), await read(2), await read(3)] };
  },
  broken: (seen) => expect(seen).toEqual({ before: [3, 2], after: [[6, 5], [3, 2], [2, 1]] }),
  correct: (seen) => expect(seen).toEqual({ before: [3, 2], after: [[6, 5], [4, 3], [2, 1]] }),
});

add({
  fault: 'post-null-html-blocks-markdown',
  what: 'createPost with content_html null must render content_md',
  observe: async ({ api }) => {
    const page = await newPage(api, 'Blog');
    const alone = (await api('POST', `/pages/${page}/posts`, { body: { title: 'Alone', content_md: '**hi**' } })).body.content_html;
    const html = (await api('POST', `/pages/${page}/posts`, { body: { title: 'Html', content_html: '<p>kept</p>', content_md: '**hi**' } })).body.content_html;
    const nulled = (await api('POST', `/pages/${page}/posts`, { body: { title: 'Nulled', content_html: null, content_md: '**hi**' } })).body;
    const read = (await api('GET', `/pages/${page}/posts/${nulled.id}`)).body.content_html;
    return { alone, html, nulled: nulled.content_html, read };
  },
  broken: (seen) => expect(seen).toEqual({ alone: '<p><strong>hi</strong></p>\n', html: '<p>kept</p>', nulled: null, read: null }),
  correct: (seen) =>
    expect(seen).toEqual({ alone: '<p><strong>hi</strong></p>\n', html: '<p>kept</p>', nulled: '<p><strong>hi</strong></p>\n', read: '<p><strong>hi</strong></p>\n' }),
});

add({
  fault: 'post-get-updated-at-from-created-at',
  what: "getPost must answer the updated_at of the post's last update",
  observe: async ({ api }) => {
    const page = await newPage(api, 'Blog');
    const created = (await api('POST', `/pages/${page}/posts`, { body: { title: 'Hello' } })).body;
    const fresh = (await api('GET', `/pages/${page}/posts/${created.id}`)).body;
    await pause(20);
    const updated = (await api('PATCH', `/pages/${page}/posts/${created.id}`, { body: { title: 'Hello again' } })).body;
    const read = (await api('GET', `/pages/${page}/posts/${created.id}`)).body;
    const listed = (await api('GET', `/pages/${page}/posts`)).body.result[0];
    return {
      freshAsCreated: fresh.updated_at === created.updated_at,
      moved: updated.updated_at > created.updated_at,
      listedAsUpdated: listed.updated_at === updated.updated_at,
      readAsUpdated: read.updated_at === updated.updated_at,
      title: read.title,
    };
  },
  broken: (seen) => expect(seen).toEqual({ freshAsCreated: true, moved: true, listedAsUpdated: true, readAsUpdated: false, title: 'Hello again' }),
  correct: (seen) => expect(seen).toEqual({ freshAsCreated: true, moved: true, listedAsUpdated: true, readAsUpdated: true, title: 'Hello again' }),
});

add({
  fault: 'post-update-markdown-html-escaped',
  what: 'updatePost must pass the raw HTML in Markdown through, as createPost does',
  observe: async ({ api }) => {
    const page = await newPage(api, 'Blog');
    const created = (await api('POST', `/pages/${page}/posts`, { body: { title: 'Hello', content_md: 'Hello <b>bold</b>' } })).body;
    const path = `/pages/${page}/posts/${created.id}`;
    const plain = (await api('PATCH', path, { body: { content_md: '*plain*' } })).body.content_html;
    const raw = (await api('PATCH', path, { body: { content_md: 'Bye <b>bold</b>' } })).body.content_html;
    const read = (await api('GET', path)).body.content_html;
    return { created: created.content_html, plain, raw, read };
  },
  broken: (seen) =>
    expect(seen).toEqual({
      created: '<p>Hello <b>bold</b></p>\n',
      plain: '<p><em>plain</em></p>\n',
      raw: '<p>Bye &lt;b&gt;bold&lt;/b&gt;</p>\n',
      read: '<p>Bye &lt;b&gt;bold&lt;/b&gt;</p>\n',
    }),
  correct: (seen) =>
    expect(seen).toEqual({ created: '<p>Hello <b>bold</b></p>\n', plain: '<p><em>plain</em></p>\n', raw: '<p>Bye <b>bold</b></p>\n', read: '<p>Bye <b>bold</b></p>\n' }),
});

add({
  fault: 'category-slug-suffix-text-order',
  what: 'the twelfth category of one name must get the slug news-11',
  observe: async ({ api }) => {
    const page = await newPage(api, 'Blog');
    const slugs: string[] = [];
    for (let i = 0; i < 11; i++) slugs.push((await api('POST', `/pages/${page}/categories`, { body: { name: 'News' } })).body.slug);
    const twelfth = await api('POST', `/pages/${page}/categories`, { body: { name: 'News' } });
    const total = (await api('GET', `/pages/${page}/categories`)).body.total;
    return { slugs, twelfth: [twelfth.status, twelfth.body.slug ?? twelfth.body.type], total };
  },
  broken: (seen) =>
    expect(seen).toEqual({
      slugs: ['news', ...Array.from({ length: 10 }, (_, i) => `news-${i + 1}`)],
      twelfth: [500, problemType('internal-error')],
      total: 11,
    }),
  correct: (seen) =>
    expect(seen).toEqual({ slugs: ['news', ...Array.from({ length: 10 }, (_, i) => `news-${i + 1}`)], twelfth: [201, 'news-11'], total: 12 }),
});

add({
  fault: 'category-update-explicit-slug-uncut',
  what: 'updateCategory must cut an explicit slug longer than 90 characters after its 90th',
  observe: async ({ api }) => {
    const page = await newPage(api, 'Blog');
    const category = (await api('POST', `/pages/${page}/categories`, { body: { name: 'News' } })).body.id;
    const path = `/pages/${page}/categories/${category}`;
    const short = (await api('PATCH', path, { body: { slug: 'Daily News' } })).body.slug;
    const long = await api('PATCH', path, { body: { slug: 'b'.repeat(95) } });
    const read = (await api('GET', path)).body.slug;
    const created = (await api('POST', `/pages/${page}/categories`, { body: { name: 'Other', slug: 'c'.repeat(95) } })).body.slug;
    return { short, long: [long.status, long.body.slug.length], read: read.length, created: created.length };
  },
  broken: (seen) => expect(seen).toEqual({ short: 'daily-news', long: [200, 95], read: 95, created: 90 }),
  correct: (seen) => expect(seen).toEqual({ short: 'daily-news', long: [200, 90], read: 90, created: 90 }),
});

add({
  fault: 'category-delete-clears-page-posts',
  what: 'deleteCategory must leave the posts of other categories in their category',
  observe: async ({ api }) => {
    const page = await newPage(api, 'Blog');
    const category = async (name: string) => (await api('POST', `/pages/${page}/categories`, { body: { name } })).body.id as number;
    const gone = await category('Gone');
    const kept = await category('Kept');
    const inGone = (await api('POST', `/pages/${page}/posts`, { body: { title: 'In gone', category_id: gone } })).body.id;
    const inKept = (await api('POST', `/pages/${page}/posts`, { body: { title: 'In kept', category_id: kept } })).body.id;
    const deleted = (await api('DELETE', `/pages/${page}/categories/${gone}`)).status;
    const categoryOf = async (post: number) => (await api('GET', `/pages/${page}/posts/${post}`)).body.category_id;
    const listed = (await api('GET', `/pages/${page}/posts?category_id=${kept}`)).body.total;
    return { deleted, inGone: await categoryOf(inGone), inKeptStays: (await categoryOf(inKept)) === kept, listed };
  },
  broken: (seen) => expect(seen).toEqual({ deleted: 204, inGone: null, inKeptStays: false, listed: 0 }),
  correct: (seen) => expect(seen).toEqual({ deleted: 204, inGone: null, inKeptStays: true, listed: 1 }),
});

add({
  fault: 'authors-inactive-every-workspace',
  what: "listAuthors?active=false must list only the workspace's own inactive authors",
  observe: async ({ api, otherToken, authorId }) => {
    const inactive = async () => {
      const list = (await api('GET', '/authors?active=false')).body;
      return [list.total, ids(list).map((id) => (id === authorId ? 'own' : 'theirs'))];
    };
    const none = await inactive();
    const theirs = ids((await api('GET', '/authors', { token: otherToken })).body)[0];
    await api('PATCH', `/authors/${theirs}`, { body: { active: false }, token: otherToken });
    const afterTheirs = await inactive();
    await api('PATCH', `/authors/${authorId}`, { body: { active: false } });
    const afterOwn = await inactive();
    const active = (await api('GET', '/authors')).body.total;
    return { none, afterTheirs, afterOwn, active };
  },
  // The workspace's older authors (harness.ts) stay active.
  broken: (seen) => expect(seen).toEqual({ none: [0, []], afterTheirs: [1, ['theirs']], afterOwn: [2, ['theirs', 'own']], active: OLDER_AUTHORS.length }),
  correct: (seen) => expect(seen).toEqual({ none: [0, []], afterTheirs: [0, []], afterOwn: [1, ['own']], active: OLDER_AUTHORS.length }),
});

add({
  fault: 'author-update-read-only-fields-dropped',
  what: "updateAuthor must refuse the author's read-only fields in its body with a 422",
  observe: async ({ api, authorId }) => {
    const path = `/authors/${authorId}`;
    const named = async (body: Record<string, unknown>) => {
      const answer = await api('PATCH', path, { body });
      return [answer.status, answer.status === 422 ? fields(answer.body) : answer.body.first_name];
    };
    const misspelt = await named({ frist_name: 'Ann' });
    const readOnly = await named({ first_name: 'Ann', slug: 'ann' });
    const roundTrip = await named({ ...(await api('GET', path)).body, first_name: 'Beth' });
    const read = (await api('GET', path)).body;
    return { misspelt, readOnly, roundTrip, read: [read.first_name, read.slug] };
  },
  broken: (seen) =>
    expect(seen).toEqual({ misspelt: [422, ['frist_name']], readOnly: [200, 'Ann'], roundTrip: [200, 'Beth'], read: ['Beth', 'grace-hopper'] }),
  correct: (seen) =>
    expect(seen).toEqual({
      misspelt: [422, ['frist_name']],
      readOnly: [422, ['slug']],
      roundTrip: [422, ['avatar', 'created_at', 'email', 'formatted_name', 'id', 'slug', 'updated_at']],
      read: ['Grace', 'grace-hopper'],
    }),
});

contrastFaults('faults of the twenty-fifth look', cases);
