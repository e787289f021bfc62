/**
 * The faults of server/faults/forty-third-look.ts really break what they name: each case runs the same
 * requests against the server with the fault and without it, and requires the broken answer from the
 * first and the one the contract requires from the second.
 */
import { expect } from 'vitest';
import { contrastFaults, type FaultContrast } from './fault-contrast.ts';
import { ids, pause, problemType } from './contrast-fixtures.ts';
import type { Api, ApiResponse } from './harness.ts';

const cases: FaultContrast<any>[] = [];
const add = <T>(c: FaultContrast<T>) => cases.push(c);

const newPage = async (api: Api, name: string, slug?: string) =>
  (await api('POST', '/pages', { body: slug === undefined ? { name } : { name, slug } })).body.id as number;
const newCategory = async (api: Api, page: number, name: string) => (await api('POST', `/pages/${page}/categories`, { body: { name } })).body.id as number;
const newPost = async (api: Api, page: number, body: Record<string, unknown>) => (await api('POST', `/pages/${page}/posts`, { body })).body.id as number;
const fields = (answer: ApiResponse) => (answer.body.errors ?? []).map((error: { field: string }) => error.field).sort();
/** A success as its status; a refusal as its status, problem type and the fields it names. */
const outcome = (answer: ApiResponse) => (answer.status < 300 ? [answer.status] : [answer.status, answer.body.type, fields(answer)]);

add({
  fault: 'page-slug-409-reserves-name',
  what: 'a createPage refused 409 for its slug must leave its name free',
  observe: async ({ api }) => {
    const first = outcome(await api('POST', '/pages', { body: { name: 'Blog', slug: 'home' } }));
    const clash = outcome(await api('POST', '/pages', { body: { name: 'Journal', slug: 'home' } }));
    const again = outcome(await api('POST', '/pages', { body: { name: 'Journal' } }));
    return { first, clash, again, total: (await api('GET', '/pages')).body.total };
  },
  broken: (seen) =>
    expect(seen).toEqual({ first: [201], clash: [409, problemType('slug-taken'), []], again: [409, problemType('name-taken'), []], total: 1 }),
  correct: (seen) => expect(seen).toEqual({ first: [201], clash: [409, problemType('slug-taken'), []], again: [201], total: 2 }),
});

add({
  fault: 'posts-category-filter-after-paging',
  what: 'listPosts?category_id must list every post of the category, however old',
  observe: async ({ api }) => {
    const page = await newPage(api, 'Blog');
    const category = await newCategory(api, page, 'News');
    const filed = [await newPost(api, page, { title: 'Old one', category_id: category }), await newPost(api, page, { title: 'Old two', category_id: category })];
    for (let n = 0; n < 3; n++) await newPost(api, page, { title: `Loose ${n}` });
    const small = (await api('GET', `/pages/${page}/posts?category_id=${category}&size=2`)).body;
    const all = (await api('GET', `/pages/${page}/posts?category_id=${category}`)).body;
    return { small: [small.total, ids(small)], all: [all.total, ids(all)], filed: [...filed].reverse() };
  },
  broken: (seen) => expect(seen).toEqual({ small: [2, []], all: [2, seen.filed], filed: seen.filed }),
  correct: (seen) => expect(seen).toEqual({ small: [2, seen.filed], all: [2, seen.filed], filed: seen.filed }),
});

add({
  fault: 'post-get-touches-updated-at',
  what: "getPost must not move a post's updated_at: a read is not a write",
  observe: async ({ api }) => {
    const page = await newPage(api, 'Blog');
    const created = (await api('POST', `/pages/${page}/posts`, { body: { title: 'Hello' } })).body;
    await pause(5);
    const read = (await api('GET', `/pages/${page}/posts/${created.id}`)).body.updated_at;
    await pause(5);
    const again = (await api('GET', `/pages/${page}/posts/${created.id}`)).body.updated_at;
    const listed = (await api('GET', `/pages/${page}/posts`)).body.result[0].updated_at;
    return { created: created.updated_at, read, again, listed };
  },
  broken: (seen) => {
    expect(seen.read > seen.created).toBe(true);
    expect(seen.again > seen.read).toBe(true);
    expect(seen.listed).toBe(seen.again);
  },
  correct: (seen) => expect(seen).toEqual({ created: seen.created, read: seen.created, again: seen.created, listed: seen.created }),
});

add({
  fault: 'post-update-same-markdown-not-rendered',
  what: 'updatePost must render content_md sent without content_html, even when it repeats the stored Markdown',
  observe: async ({ api }) => {
    const page = await newPage(api, 'Blog');
    const post = await newPost(api, page, { title: 'Hello', content_md: '# Hi', content_html: '<p>custom</p>' });
    const created = (await api('GET', `/pages/${page}/posts/${post}`)).body.content_html;
    const same = (await api('PATCH', `/pages/${page}/posts/${post}`, { body: { content_md: '# Hi' } })).body.content_html;
    const read = (await api('GET', `/pages/${page}/posts/${post}`)).body.content_html;
    const changed = (await api('PATCH', `/pages/${page}/posts/${post}`, { body: { content_md: '# Bye' } })).body.content_html;
    return { created, same, read, changed };
  },
  broken: (seen) => expect(seen).toEqual({ created: '<p>custom</p>', same: '<p>custom</p>', read: '<p>custom</p>', changed: '<h1>Bye</h1>\n' }),
  correct: (seen) => expect(seen).toEqual({ created: '<p>custom</p>', same: '<h1>Hi</h1>\n', read: '<h1>Hi</h1>\n', changed: '<h1>Bye</h1>\n' }),
});

add({
  fault: 'post-delete-removes-emptied-category',
  what: 'deletePost must leave the category of the post, even when no post is left in it',
  observe: async ({ api }) => {
    const page = await newPage(api, 'Blog');
    const category = await newCategory(api, page, 'News');
    const one = await newPost(api, page, { title: 'One', category_id: category });
    const two = await newPost(api, page, { title: 'Two', category_id: category });
    const first = (await api('DELETE', `/pages/${page}/posts/${one}`)).status;
    const kept = (await api('GET', `/pages/${page}/categories/${category}`)).status;
    const second = (await api('DELETE', `/pages/${page}/posts/${two}`)).status;
    const after = (await api('GET', `/pages/${page}/categories/${category}`)).status;
    return { first, kept, second, after, listed: (await api('GET', `/pages/${page}/categories`)).body.total };
  },
  broken: (seen) => expect(seen).toEqual({ first: 204, kept: 200, second: 204, after: 404, listed: 0 }),
  correct: (seen) => expect(seen).toEqual({ first: 204, kept: 200, second: 204, after: 200, listed: 1 }),
});

add({
  fault: 'post-create-repeat-answers-first',
  what: 'createPost must create a second post for a second create of the same body',
  observe: async ({ api }) => {
    const page = await newPage(api, 'Blog');
    const first = (await api('POST', `/pages/${page}/posts`, { body: { title: 'Hello' } })).body;
    const second = await api('POST', `/pages/${page}/posts`, { body: { title: 'Hello' } });
    const list = (await api('GET', `/pages/${page}/posts`)).body;
    return { status: second.status, same: second.body.id === first.id, slugs: [first.slug, second.body.slug], total: list.total };
  },
  broken: (seen) => expect(seen).toEqual({ status: 201, same: true, slugs: ['hello', 'hello'], total: 1 }),
  correct: (seen) => expect(seen).toEqual({ status: 201, same: false, slugs: ['hello', 'hello-1'], total: 2 }),
});

add({
  fault: 'categories-missing-page-empty',
  what: "listCategories must answer 404 for another workspace's page and for an id of no page",
  observe: async ({ api, otherToken }) => {
    const own = await newPage(api, 'Blog');
    await newCategory(api, own, 'News');
    const theirs = (await api('POST', '/pages', { body: { name: 'Theirs' }, token: otherToken })).body.id;
    await api('POST', `/pages/${theirs}/categories`, { body: { name: 'Secret' }, token: otherToken });
    const list = async (page: number) => {
      const answer = await api('GET', `/pages/${page}/categories`);
      return answer.status === 200 ? [200, answer.body.total] : outcome(answer);
    };
    return { own: await list(own), theirs: await list(theirs), none: await list(999999) };
  },
  broken: (seen) => expect(seen).toEqual({ own: [200, 1], theirs: [200, 0], none: [200, 0] }),
  correct: (seen) => {
    const missing = [404, problemType('not-found'), []];
    expect(seen).toEqual({ own: [200, 1], theirs: missing, none: missing });
  },
});

add({
  fault: 'category-get-by-numeric-slug',
  what: 'getCategory must answer 404 for an id that names no category, whatever slugs the page has',
  observe: async ({ api }) => {
    const page = await newPage(api, 'Blog');
    const year = await newCategory(api, page, '2024');
    const own = (await api('GET', `/pages/${page}/categories/${year}`)).body.slug;
    const bySlug = await api('GET', `/pages/${page}/categories/2024`);
    const head = (await api('HEAD', `/pages/${page}/categories/2024`)).status;
    return { own, bySlug: bySlug.status === 200 ? [200, bySlug.body.id === year] : outcome(bySlug), head };
  },
  broken: (seen) => expect(seen).toEqual({ own: '2024', bySlug: [200, true], head: 200 }),
  correct: (seen) => expect(seen).toEqual({ own: '2024', bySlug: [404, problemType('not-found'), []], head: 404 }),
});

add({
  fault: 'category-update-color-error-named-colour',
  what: "updateCategory's 422 for an invalid color must name color",
  observe: async ({ api }) => {
    const page = await newPage(api, 'Blog');
    const category = await newCategory(api, page, 'News');
    const valid = outcome(await api('PATCH', `/pages/${page}/categories/${category}`, { body: { color: '#abc' } }));
    const invalid = outcome(await api('PATCH', `/pages/${page}/categories/${category}`, { body: { color: 'red', name: 'Updates' } }));
    const created = outcome(await api('POST', `/pages/${page}/categories`, { body: { name: 'Other', color: 'red' } }));
    return { valid, invalid, created, read: (await api('GET', `/pages/${page}/categories/${category}`)).body.color };
  },
  broken: (seen) =>
    expect(seen).toEqual({
      valid: [200],
      invalid: [422, problemType('validation-failed'), ['colour']],
      created: [422, problemType('validation-failed'), ['color']],
      read: '#abc',
    }),
  correct: (seen) =>
    expect(seen).toEqual({
      valid: [200],
      invalid: [422, problemType('validation-failed'), ['color']],
      created: [422, problemType('validation-failed'), ['color']],
      read: '#abc',
    }),
});

add({
  fault: 'category-delete-again-204',
  what: 'deleteCategory must answer a second DELETE of the same category 404',
  observe: async ({ api }) => {
    const page = await newPage(api, 'Blog');
    const category = await newCategory(api, page, 'News');
    const first = outcome(await api('DELETE', `/pages/${page}/categories/${category}`));
    const second = outcome(await api('DELETE', `/pages/${page}/categories/${category}`));
    const never = outcome(await api('DELETE', `/pages/${page}/categories/999999`));
    return { first, second, never, read: (await api('GET', `/pages/${page}/categories/${category}`)).status };
  },
  broken: (seen) => expect(seen).toEqual({ first: [204], second: [204], never: [404, problemType('not-found'), []], read: 404 }),
  correct: (seen) => {
    const missing = [404, problemType('not-found'), []];
    expect(seen).toEqual({ first: [204], second: missing, never: missing, read: 404 });
  },
});

add({
  fault: 'author-get-default-avatar',
  what: "getAuthor must answer an author's avatar as stored, null as null, as listAuthors does",
  observe: async ({ api, authorId }) => {
    const read = (await api('GET', `/authors/${authorId}`)).body.avatar;
    const listed = (await api('GET', '/authors')).body.result.find((author: { id: number }) => author.id === authorId).avatar;
    const updated = (await api('PATCH', `/authors/${authorId}`, { body: { position: 'Editor' } })).body.avatar;
    return { read, listed, updated };
  },
  broken: (seen) => {
    expect(seen.read).toMatch(/^https:\/\/www\.gravatar\.com\/avatar\/[0-9a-f]{32}\?d=identicon$/);
    expect([seen.listed, seen.updated]).toEqual([null, null]);
  },
  correct: (seen) => expect(seen).toEqual({ read: null, listed: null, updated: null }),
});

add({
  fault: 'author-update-missing-body-as-empty',
  what: 'updateAuthor must answer a PATCH without a body 422 naming body',
  observe: async ({ api, authorId }) => {
    const empty = outcome(await api('PATCH', `/authors/${authorId}`, { body: {} }));
    const none = outcome(await api('PATCH', `/authors/${authorId}`));
    const text = outcome(await api('PATCH', `/authors/${authorId}`, { raw: '{}', headers: { 'Content-Type': 'text/plain' } }));
    return { empty, none, text };
  },
  broken: (seen) => expect(seen).toEqual({ empty: [200], none: [200], text: [415, problemType('unsupported-media-type'), []] }),
  correct: (seen) =>
    expect(seen).toEqual({ empty: [200], none: [422, problemType('validation-failed'), ['body']], text: [415, problemType('unsupported-media-type'), []] }),
});

contrastFaults('the forty-third look: faults written from the contract alone', cases);
