/**
 * The faults of server/faults/twenty-ninth-look.ts really break what they name: each case runs the
 * same requests against the server with the fault and without it, and requires the broken answer from
 * the first and the one the contract requires from the second.
 */
import { expect } from 'vitest';
import { contrastFaults, type FaultContrast } from './fault-contrast.ts';
import { ids, pause, problemType } from './contrast-fixtures.ts';
import { OLDER_AUTHORS, type Api } from './harness.ts';

/** The first workspace's authors, every one active: the run's author and the older ones seeded before it. */
const ACTIVE_AUTHORS = OLDER_AUTHORS.length + 1;

const cases: FaultContrast<any>[] = [];
const add = <T>(c: FaultContrast<T>) => cases.push(c);

const fields = (body: { errors?: { field: string }[] }) => (body.errors ?? []).map((e) => e.field).sort();
const newPage = async (api: Api, body: Record<string, unknown>) => (await api('POST', '/pages', { body })).body;
const newPost = async (api: Api, page: number, body: Record<string, unknown>) => (await api('POST', `/pages/${page}/posts`, { body })).body;
const newCategory = async (api: Api, page: number, body: Record<string, unknown>) => (await api('POST', `/pages/${page}/categories`, { body })).body;

add({
  fault: 'page-derived-slug-from-name-slug',
  what: "a new page's derived slug must be made unique among the workspace's slugs, whatever the name_slugs",
  observe: async ({ api }) => {
    const first = await newPage(api, { name: 'Blog' });
    const second = await newPage(api, { name: 'Blog!' });
    // A page whose slug is not its name_slug: created with an explicit slug.
    await newPage(api, { name: 'Weekly', slug: 'news' });
    const news = await api('POST', '/pages', { body: { name: 'News' } });
    // A page renamed: its name_slug moves, its slug stays.
    const renamed = await newPage(api, { name: 'Journal' });
    await api('PATCH', `/pages/${renamed.id}`, { body: { name: 'Diary' } });
    const journal = await api('POST', '/pages', { body: { name: 'Journal' } });
    // A name_slug suffixed where the slug is free.
    await newPage(api, { name: 'Notes', slug: 'jottings' });
    const notes = await api('POST', '/pages', { body: { name: 'Notes!' } });
    const listed = (await api('GET', '/pages?size=100')).body.total;
    const shown = (answer: { status: number; body: any }) => (answer.status === 201 ? [201, answer.body.slug, answer.body.name_slug] : [answer.status, answer.body.type]);
    return { first: [first.slug, first.name_slug], second: [second.slug, second.name_slug], news: shown(news), journal: shown(journal), notes: shown(notes), listed };
  },
  broken: (seen) =>
    expect(seen).toEqual({
      first: ['blog', 'blog'],
      second: ['blog-1', 'blog-1'],
      news: [500, problemType('internal-error')],
      journal: [500, problemType('internal-error')],
      notes: [201, 'notes-1', 'notes-1'],
      listed: 6,
    }),
  correct: (seen) =>
    expect(seen).toEqual({
      first: ['blog', 'blog'],
      second: ['blog-1', 'blog-1'],
      news: [201, 'news-1', 'news'],
      journal: [201, 'journal-1', 'journal'],
      notes: [201, 'notes', 'notes-1'],
      listed: 8,
    }),
});

add({
  fault: 'page-update-own-slug-respelled-409',
  what: "updatePage must accept the page's own slug sent in another spelling",
  observe: async ({ api }) => {
    const page = await newPage(api, { name: 'Engineering', slug: 'my-blog' });
    await newPage(api, { name: 'Other', slug: 'taken' });
    const patch = async (slug: string) => {
      const answer = await api('PATCH', `/pages/${page.id}`, { body: { slug } });
      return answer.status === 200 ? [200, answer.body.slug] : [answer.status, answer.body.type];
    };
    return {
      same: await patch('my-blog'),
      respelled: await patch('My Blog'),
      capitals: await patch('MY-BLOG'),
      taken: await patch('Taken'),
      read: (await api('GET', `/pages/${page.id}`)).body.slug,
    };
  },
  broken: (seen) =>
    expect(seen).toEqual({
      same: [200, 'my-blog'],
      respelled: [409, problemType('slug-taken')],
      capitals: [409, problemType('slug-taken')],
      taken: [409, problemType('slug-taken')],
      read: 'my-blog',
    }),
  correct: (seen) =>
    expect(seen).toEqual({ same: [200, 'my-blog'], respelled: [200, 'my-blog'], capitals: [200, 'my-blog'], taken: [409, problemType('slug-taken')], read: 'my-blog' }),
});

add({
  fault: 'pages-total-kept-from-first-page',
  what: "listPages' later pages must count the pages created since page 1 was read",
  observe: async ({ api }) => {
    for (let i = 1; i <= 12; i++) await newPage(api, { name: `Page ${i}` });
    const first = (await api('GET', '/pages')).body.total;
    const second = (await api('GET', '/pages?page=2')).body.total;
    await newPage(api, { name: 'Page 13' });
    const later = (await api('GET', '/pages?page=2')).body;
    const pastTheEnd = (await api('GET', '/pages?page=9')).body.total;
    const again = (await api('GET', '/pages')).body.total;
    return { first, second, later: [later.total, later.result.length], pastTheEnd, again };
  },
  broken: (seen) => expect(seen).toEqual({ first: 12, second: 12, later: [12, 3], pastTheEnd: 12, again: 13 }),
  correct: (seen) => expect(seen).toEqual({ first: 12, second: 12, later: [13, 3], pastTheEnd: 13, again: 13 }),
});

add({
  fault: 'post-create-open-graph-from-seo',
  what: 'createPost must leave og_title and og_description null when they are not sent',
  observe: async ({ api }) => {
    const page = (await newPage(api, { name: 'Blog' })).id;
    const plain = await newPost(api, page, { title: 'Plain' });
    const own = await newPost(api, page, { title: 'Own', seo_title: 'SEO', og_title: 'OG' });
    const seo = await newPost(api, page, { title: 'SEO only', seo_title: 'Search title', seo_description: 'Search text' });
    const read = (await api('GET', `/pages/${page}/posts/${seo.id}`)).body;
    const og = (post: any) => [post.og_title, post.og_description];
    return { plain: og(plain), own: og(own), seo: og(seo), read: og(read) };
  },
  broken: (seen) =>
    expect(seen).toEqual({ plain: [null, null], own: ['OG', null], seo: ['Search title', 'Search text'], read: ['Search title', 'Search text'] }),
  correct: (seen) => expect(seen).toEqual({ plain: [null, null], own: ['OG', null], seo: [null, null], read: [null, null] }),
});

add({
  fault: 'post-create-markdown-typographer',
  what: "createPost must render Markdown as CommonMark, quotes and dashes as written, as updatePost does",
  observe: async ({ api }) => {
    const page = (await newPage(api, { name: 'Blog' })).id;
    const simple = (await newPost(api, page, { title: 'Simple', content_md: 'Hello **there**' })).content_html;
    const markdown = 'She said "hi" -- and left... (c) 2026';
    const created = await newPost(api, page, { title: 'Quotes', content_md: markdown });
    const read = (await api('GET', `/pages/${page}/posts/${created.id}`)).body.content_html;
    const other = (await newPost(api, page, { title: 'Other' })).id;
    const updated = (await api('PATCH', `/pages/${page}/posts/${other}`, { body: { content_md: markdown } })).body.content_html;
    return { simple, created: created.content_html, read, updated };
  },
  broken: (seen) =>
    expect(seen).toEqual({
      simple: '<p>Hello <strong>there</strong></p>\n',
      created: '<p>She said “hi” – and left… © 2026</p>\n',
      read: '<p>She said “hi” – and left… © 2026</p>\n',
      updated: '<p>She said &quot;hi&quot; -- and left... (c) 2026</p>\n',
    }),
  correct: (seen) =>
    expect(seen).toEqual({
      simple: '<p>Hello <strong>there</strong></p>\n',
      created: '<p>She said &quot;hi&quot; -- and left... (c) 2026</p>\n',
      read: '<p>She said &quot;hi&quot; -- and left... (c) 2026</p>\n',
      updated: '<p>She said &quot;hi&quot; -- and left... (c) 2026</p>\n',
    }),
});

add({
  fault: 'post-update-null-markdown-clears-content',
  what: 'updatePost with content_md null must keep content_html',
  observe: async ({ api }) => {
    const page = (await newPage(api, { name: 'Blog' })).id;
    const post = (await newPost(api, page, { title: 'Hello', content_md: 'Hello *world*' })).id;
    const patch = async (body: Record<string, unknown>) => (await api('PATCH', `/pages/${page}/posts/${post}`, { body })).body.content_html;
    const titled = await patch({ title: 'Hello again' });
    const nulled = await patch({ content_md: null });
    const read = (await api('GET', `/pages/${page}/posts/${post}`)).body.content_html;
    return { titled, nulled, read };
  },
  broken: (seen) => expect(seen).toEqual({ titled: '<p>Hello <em>world</em></p>\n', nulled: null, read: null }),
  correct: (seen) => expect(seen).toEqual({ titled: '<p>Hello <em>world</em></p>\n', nulled: '<p>Hello <em>world</em></p>\n', read: '<p>Hello <em>world</em></p>\n' }),
});

add({
  fault: 'post-update-category-touches-category',
  what: "updatePost moving a post into a category must leave the category's updated_at as it was",
  observe: async ({ api }) => {
    const page = (await newPage(api, { name: 'Blog' })).id;
    const category = await newCategory(api, page, { name: 'News' });
    await newPost(api, page, { title: 'Created in it', category_id: category.id });
    const post = (await newPost(api, page, { title: 'Moved' })).id;
    await pause(5);
    const afterCreate = (await api('GET', `/pages/${page}/categories/${category.id}`)).body.updated_at === category.updated_at;
    const moved = await api('PATCH', `/pages/${page}/posts/${post}`, { body: { category_id: category.id } });
    const read = (await api('GET', `/pages/${page}/categories/${category.id}`)).body.updated_at === category.updated_at;
    const listed = (await api('GET', `/pages/${page}/categories`)).body.result[0].updated_at === category.updated_at;
    return { afterCreate, moved: [moved.status, moved.body.category_id === category.id], read, listed };
  },
  broken: (seen) => expect(seen).toEqual({ afterCreate: true, moved: [200, true], read: false, listed: false }),
  correct: (seen) => expect(seen).toEqual({ afterCreate: true, moved: [200, true], read: true, listed: true }),
});

add({
  fault: 'post-delete-by-slug-in-workspace',
  what: "deletePost must delete only the post it names, not another page's post of the same slug",
  observe: async ({ api }) => {
    const first = (await newPage(api, { name: 'First' })).id;
    const second = (await newPage(api, { name: 'Second' })).id;
    const hello = (await newPost(api, first, { title: 'Hello' })).id;
    const other = (await newPost(api, first, { title: 'Other' })).id;
    const twin = (await newPost(api, second, { title: 'Hello' })).id;
    const deleted = (await api('DELETE', `/pages/${first}/posts/${hello}`)).status;
    const status = async (page: number, post: number) => (await api('GET', `/pages/${page}/posts/${post}`)).status;
    return {
      deleted,
      gone: await status(first, hello),
      other: await status(first, other),
      twin: await status(second, twin),
      secondListed: ids((await api('GET', `/pages/${second}/posts`)).body).length,
    };
  },
  broken: (seen) => expect(seen).toEqual({ deleted: 204, gone: 404, other: 200, twin: 404, secondListed: 0 }),
  correct: (seen) => expect(seen).toEqual({ deleted: 204, gone: 404, other: 200, twin: 200, secondListed: 1 }),
});

add({
  fault: 'categories-ties-oldest-id-first',
  what: 'listCategories must list categories created in the same millisecond newest id first',
  observe: async ({ api, server }) => {
    const page = (await newPage(api, { name: 'Blog' })).id;
    const made: number[] = [];
    for (const name of ['A', 'B', 'C', 'D']) made.push((await newCategory(api, page, { name })).id);
    const apart = ids((await api('GET', `/pages/${page}/categories`)).body);
    // The three newest made in one millisecond, as a batch sent at once can be.
    server.db.prepare(`UPDATE categories SET created_at = '2030-01-01T00:00:00.000Z', updated_at = '2030-01-01T00:00:00.000Z' WHERE id IN (${made.slice(1).join(',')})`).run();
    const tied = ids((await api('GET', `/pages/${page}/categories`)).body);
    const walked: number[] = [];
    for (const n of [1, 2, 3, 4]) walked.push(...ids((await api('GET', `/pages/${page}/categories?size=1&page=${n}`)).body));
    return { apart: apart.join() === [...made].reverse().join(), tied: tied.map((id) => made.indexOf(id)), walked: walked.map((id) => made.indexOf(id)) };
  },
  broken: (seen) => expect(seen).toEqual({ apart: true, tied: [1, 2, 3, 0], walked: [1, 2, 3, 0] }),
  correct: (seen) => expect(seen).toEqual({ apart: true, tied: [3, 2, 1, 0], walked: [3, 2, 1, 0] }),
});

add({
  fault: 'category-slug-unique-before-cut',
  what: 'a second category of the same long name must get the 90-character slug with -1 after it',
  observe: async ({ api }) => {
    const page = (await newPage(api, { name: 'Blog' })).id;
    const create = async (name: string) => {
      const answer = await api('POST', `/pages/${page}/categories`, { body: { name } });
      return answer.status === 201 ? [201, answer.body.slug] : [answer.status, answer.body.type];
    };
    const long = 'A'.repeat(255);
    return {
      short: await create('News'),
      shortAgain: await create('News!'),
      long: await create(long),
      longAgain: await create(long),
      listed: (await api('GET', `/pages/${page}/categories`)).body.total,
    };
  },
  broken: (seen) =>
    expect(seen).toEqual({ short: [201, 'news'], shortAgain: [201, 'news-1'], long: [201, 'a'.repeat(90)], longAgain: [500, problemType('internal-error')], listed: 3 }),
  correct: (seen) =>
    expect(seen).toEqual({ short: [201, 'news'], shortAgain: [201, 'news-1'], long: [201, 'a'.repeat(90)], longAgain: [201, `${'a'.repeat(90)}-1`], listed: 4 }),
});

add({
  fault: 'authors-active-filter-lax-booleans',
  what: 'listAuthors must answer ?active=0 or ?active=yes with a 422 naming query.active',
  observe: async ({ api }) => {
    const list = async (query: string) => {
      const answer = await api('GET', `/authors${query}`);
      return answer.status === 200 ? [200, answer.body.total] : [answer.status, fields(answer.body)];
    };
    return {
      plain: await list(''),
      inactive: await list('?active=false'),
      zero: await list('?active=0'),
      yes: await list('?active=yes'),
      capitals: await list('?active=TRUE'),
      maybe: await list('?active=maybe'),
    };
  },
  broken: (seen) =>
    expect(seen).toEqual({ plain: [200, ACTIVE_AUTHORS], inactive: [200, 0], zero: [200, 0], yes: [200, ACTIVE_AUTHORS], capitals: [200, ACTIVE_AUTHORS], maybe: [422, ['query.active']] }),
  correct: (seen) =>
    expect(seen).toEqual({
      plain: [200, ACTIVE_AUTHORS],
      inactive: [200, 0],
      zero: [422, ['query.active']],
      yes: [422, ['query.active']],
      capitals: [422, ['query.active']],
      maybe: [422, ['query.active']],
    }),
});

add({
  fault: 'author-null-description-clears-both',
  what: 'updateAuthor with short_description null must keep long_description',
  observe: async ({ api, authorId }) => {
    const patch = async (body: Record<string, unknown>) => {
      const answer = (await api('PATCH', `/authors/${authorId}`, { body })).body;
      return [answer.short_description, answer.long_description];
    };
    const set = await patch({ short_description: 'Admiral', long_description: 'Wrote the first compiler.' });
    const position = await patch({ position: 'Editor' });
    const cleared = await patch({ short_description: null });
    const read = (await api('GET', `/authors/${authorId}`)).body;
    return { set, position, cleared, read: [read.short_description, read.long_description] };
  },
  broken: (seen) =>
    expect(seen).toEqual({
      set: ['Admiral', 'Wrote the first compiler.'],
      position: ['Admiral', 'Wrote the first compiler.'],
      cleared: [null, null],
      read: [null, null],
    }),
  correct: (seen) =>
    expect(seen).toEqual({
      set: ['Admiral', 'Wrote the first compiler.'],
      position: ['Admiral', 'Wrote the first compiler.'],
      cleared: [null, 'Wrote the first compiler.'],
      read: [null, 'Wrote the first compiler.'],
    }),
});

contrastFaults('faults of the twenty-ninth look', cases);
