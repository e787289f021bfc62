/**
 * The faults of server/faults/forty-first-look.ts really break what they name: each case runs the same
 * requests against the server with the fault and without it, and requires the broken answer from the
 * first and the one the contract requires from the second.
 */
import { expect } from 'vitest';
import { contrastFaults, type FaultContrast } from './fault-contrast.ts';
import { ids, problemType } from './contrast-fixtures.ts';
import type { Api, ApiResponse } from './harness.ts';

const cases: FaultContrast<any>[] = [];
const add = <T>(c: FaultContrast<T>) => cases.push(c);

const newPage = async (api: Api, name: string, slug?: string) =>
  (await api('POST', '/pages', { body: slug === undefined ? { name } : { name, slug } })).body.id as number;
const newCategory = async (api: Api, page: number, name: string) => (await api('POST', `/pages/${page}/categories`, { body: { name } })).body.id as number;
const fields = (answer: ApiResponse) => (answer.body.errors ?? []).map((error: { field: string }) => error.field).sort();
/** A success as its status; a refusal as its status, problem type and the fields it names. */
const outcome = (answer: ApiResponse) => (answer.status < 300 ? [answer.status] : [answer.status, answer.body.type, fields(answer)]);

add({
  fault: 'page-update-null-slug-rederived',
  what: 'updatePage must answer "slug": null 422 naming slug and keep the slug',
  observe: async ({ api }) => {
    const page = await newPage(api, 'Blog', 'home');
    const renamed = outcome(await api('PATCH', `/pages/${page}`, { body: { slug: 'start' } }));
    const cleared = outcome(await api('PATCH', `/pages/${page}`, { body: { slug: null } }));
    return { renamed, cleared, read: (await api('GET', `/pages/${page}`)).body.slug };
  },
  broken: (seen) => expect(seen).toEqual({ renamed: [200], cleared: [200], read: 'blog' }),
  correct: (seen) => expect(seen).toEqual({ renamed: [200], cleared: [422, problemType('validation-failed'), ['slug']], read: 'start' }),
});

add({
  fault: 'page-slug-last-path-segment',
  what: 'createPage must remove the / of an explicit slug, not keep the last segment',
  observe: async ({ api }) => {
    const plain = (await api('POST', '/pages', { body: { name: 'Plain', slug: 'Team Notes' } })).body.slug;
    const slashed = (await api('POST', '/pages', { body: { name: 'Slashed', slug: 'team/notes' } })).body;
    const read = (await api('GET', `/pages/${slashed.id}`)).body.slug;
    return { plain, answered: slashed.slug, read };
  },
  broken: (seen) => expect(seen).toEqual({ plain: 'team-notes', answered: 'notes', read: 'notes' }),
  correct: (seen) => expect(seen).toEqual({ plain: 'team-notes', answered: 'teamnotes', read: 'teamnotes' }),
});

add({
  fault: 'category-create-slug-normalised-before-validation',
  what: 'createCategory must judge an explicit slug as sent: no ASCII letter or digit, over 100 characters, or a tab is a 422',
  observe: async ({ api }) => {
    const page = await newPage(api, 'Blog');
    const create = async (slug: string) => {
      const answer = await api('POST', `/pages/${page}/categories`, { body: { name: 'Any', slug } });
      return answer.status < 300 ? [answer.status] : [answer.status, answer.body.type, [...new Set(fields(answer))]];
    };
    const valid = await create('My News');
    const accented = await create('é');
    const long = await create(`a${' '.repeat(120)}b`);
    const tab = await create('tab\there');
    const listed = (await api('GET', `/pages/${page}/categories`)).body.result.map((category: { slug: string }) => category.slug);
    return { valid, accented, long, tab, listed };
  },
  broken: (seen) => expect(seen).toEqual({ valid: [201], accented: [201], long: [201], tab: [201], listed: ['tab-here', 'a-b', 'e', 'my-news'] }),
  correct: (seen) => {
    const refused = [422, problemType('validation-failed'), ['slug']];
    expect(seen).toEqual({ valid: [201], accented: refused, long: refused, tab: refused, listed: ['my-news'] });
  },
});

add({
  fault: 'category-rename-name-taken',
  what: 'updateCategory must accept a name another category of the page has',
  observe: async ({ api }) => {
    const page = await newPage(api, 'Blog');
    await newCategory(api, page, 'News');
    const twin = (await api('POST', `/pages/${page}/categories`, { body: { name: 'News' } })).body.slug;
    const other = await newCategory(api, page, 'Events');
    const free = outcome(await api('PATCH', `/pages/${page}/categories/${other}`, { body: { name: 'Happenings' } }));
    const taken = outcome(await api('PATCH', `/pages/${page}/categories/${other}`, { body: { name: 'news' } }));
    return { twin, free, taken, read: (await api('GET', `/pages/${page}/categories/${other}`)).body.name };
  },
  broken: (seen) => expect(seen).toEqual({ twin: 'news-1', free: [200], taken: [409, problemType('name-taken'), []], read: 'Happenings' }),
  correct: (seen) => expect(seen).toEqual({ twin: 'news-1', free: [200], taken: [200], read: 'news' }),
});

add({
  fault: 'category-delete-unknown-query-ignored',
  what: 'deleteCategory must answer an unknown query parameter 422 and delete nothing',
  observe: async ({ api }) => {
    const page = await newPage(api, 'Blog');
    const plain = await newCategory(api, page, 'Plain');
    const forced = await newCategory(api, page, 'Forced');
    const deleted = outcome(await api('DELETE', `/pages/${page}/categories/${plain}`));
    const queried = outcome(await api('DELETE', `/pages/${page}/categories/${forced}?force=true`));
    return { deleted, queried, still: (await api('GET', `/pages/${page}/categories/${forced}`)).status };
  },
  broken: (seen) => expect(seen).toEqual({ deleted: [204], queried: [204], still: 404 }),
  correct: (seen) => expect(seen).toEqual({ deleted: [204], queried: [422, problemType('validation-failed'), ['query.force']], still: 200 }),
});

add({
  fault: 'post-location-without-port',
  what: "createPost's Location, resolved against the request's URL, must name the new post on this server",
  observe: async ({ api, baseUrl }) => {
    const page = await newPage(api, 'Blog');
    const created = await api('POST', `/pages/${page}/posts`, { body: { title: 'Hello' } });
    const location = created.headers.get('location') ?? '';
    const resolved = new URL(location, `${baseUrl}/pages/${page}/posts`).href;
    return { path: /\/api\/v1\/pages\/\d+\/posts\/\d+$/.test(location), resolved, expected: `${baseUrl}/pages/${page}/posts/${created.body.id}` };
  },
  broken: (seen) => {
    expect(seen.path).toBe(true);
    expect(seen.resolved).toBe(seen.expected.replace(/:\d+\//, '/'));
    expect(new URL(seen.resolved).port).toBe('');
  },
  correct: (seen) => expect([seen.path, seen.resolved]).toEqual([true, seen.expected]),
});

add({
  fault: 'post-create-reference-errors-beside-schema-errors',
  what: "createPost's 422 for a body invalid on its own must not name its references",
  observe: async ({ api }) => {
    const page = await newPage(api, 'Blog');
    const other = await newPage(api, 'Other');
    const elsewhere = await newCategory(api, other, 'Elsewhere');
    const create = async (body: Record<string, unknown>) => outcome(await api('POST', `/pages/${page}/posts`, { body }));
    const reference = await create({ title: 'Hello', category_id: elsewhere });
    const invalid = await create({ title: 'x'.repeat(256), category_id: elsewhere, author_id: 999999 });
    const total = (await api('GET', `/pages/${page}/posts`)).body.total;
    return { reference, invalid, total };
  },
  broken: (seen) =>
    expect(seen).toEqual({
      reference: [422, problemType('validation-failed'), ['category_id']],
      invalid: [422, problemType('validation-failed'), ['author_id', 'category_id', 'title']],
      total: 0,
    }),
  correct: (seen) =>
    expect(seen).toEqual({
      reference: [422, problemType('validation-failed'), ['category_id']],
      invalid: [422, problemType('validation-failed'), ['title']],
      total: 0,
    }),
});

add({
  fault: 'post-update-image-url-2048-refused',
  what: 'updatePost must accept an image URL of exactly 2048 characters',
  observe: async ({ api }) => {
    const page = await newPage(api, 'Blog');
    const post = (await api('POST', `/pages/${page}/posts`, { body: { title: 'Hello' } })).body.id;
    const url = (length: number) => `https://cdn.example.com/${'a'.repeat(length - 24)}`;
    const patch = async (length: number) => outcome(await api('PATCH', `/pages/${page}/posts/${post}`, { body: { cover_image_url: url(length), og_image_url: url(length) } }));
    const shorter = await patch(2047);
    const longest = await patch(2048);
    const over = await patch(2049);
    const read = (await api('GET', `/pages/${page}/posts/${post}`)).body.cover_image_url.length;
    return { shorter, longest, over, read };
  },
  broken: (seen) =>
    expect(seen).toEqual({
      shorter: [200],
      longest: [422, problemType('validation-failed'), ['cover_image_url', 'og_image_url']],
      over: [422, problemType('validation-failed'), ['cover_image_url', 'og_image_url']],
      read: 2047,
    }),
  correct: (seen) =>
    expect(seen).toEqual({
      shorter: [200],
      longest: [200],
      over: [422, problemType('validation-failed'), ['cover_image_url', 'og_image_url']],
      read: 2048,
    }),
});

add({
  fault: 'posts-category-filter-past-safe-integer-empty',
  what: 'listPosts must answer ?category_id past 2^53 - 1 with 422 naming query.category_id',
  observe: async ({ api }) => {
    const page = await newPage(api, 'Blog');
    await api('POST', `/pages/${page}/posts`, { body: { title: 'Hello' } });
    const list = async (id: string) => {
      const answer = await api('GET', `/pages/${page}/posts?category_id=${id}`);
      return answer.status === 200 ? [200, answer.body.total] : outcome(answer);
    };
    return { largest: await list('9007199254740991'), past: await list('9007199254740993'), int64: await list('9223372036854775807') };
  },
  broken: (seen) => expect(seen).toEqual({ largest: [200, 0], past: [200, 0], int64: [200, 0] }),
  correct: (seen) => {
    const refused = [422, problemType('validation-failed'), ['query.category_id']];
    expect(seen).toEqual({ largest: [200, 0], past: refused, int64: refused });
  },
});

add({
  fault: 'post-get-empty-texts-nulled',
  what: 'getPost must answer empty texts as stored, as createPost and listPosts do',
  observe: async ({ api }) => {
    const page = await newPage(api, 'Blog');
    const body = { title: 'Hello', description: '', seo_title: '', seo_description: '', og_title: '', og_description: 'Shared' };
    const created = (await api('POST', `/pages/${page}/posts`, { body })).body;
    const pick = (post: Record<string, unknown>) => [post.description, post.seo_title, post.seo_description, post.og_title, post.og_description];
    const read = (await api('GET', `/pages/${page}/posts/${created.id}`)).body;
    const listed = (await api('GET', `/pages/${page}/posts`)).body.result[0];
    return { created: pick(created), read: pick(read), listed: pick(listed) };
  },
  broken: (seen) => expect(seen).toEqual({ created: ['', '', '', '', 'Shared'], read: [null, null, null, null, 'Shared'], listed: ['', '', '', '', 'Shared'] }),
  correct: (seen) => expect(seen).toEqual({ created: ['', '', '', '', 'Shared'], read: ['', '', '', '', 'Shared'], listed: ['', '', '', '', 'Shared'] }),
});

add({
  fault: 'author-update-merge-patch-read',
  what: 'updateAuthor must answer a body sent as application/merge-patch+json 415 and change nothing',
  observe: async ({ api, authorId }) => {
    const json = outcome(await api('PATCH', `/authors/${authorId}`, { body: { position: 'Editor' } }));
    const merge = outcome(
      await api('PATCH', `/authors/${authorId}`, { raw: JSON.stringify({ position: 'Publisher' }), headers: { 'Content-Type': 'application/merge-patch+json' } }),
    );
    return { json, merge, read: (await api('GET', `/authors/${authorId}`)).body.position };
  },
  broken: (seen) => expect(seen).toEqual({ json: [200], merge: [200], read: 'Publisher' }),
  correct: (seen) => expect(seen).toEqual({ json: [200], merge: [415, problemType('unsupported-media-type'), []], read: 'Editor' }),
});

add({
  fault: 'authors-lone-last-item-dropped',
  what: 'listAuthors must answer a last page of one author with that author',
  observe: async ({ api, authorId }) => {
    const first = await api('GET', '/authors');
    const walk = [];
    for (let page = 1; page <= 3; page++) {
      const answer = (await api('GET', `/authors?size=2&page=${page}`)).body;
      walk.push([answer.total, ids(answer).length]);
    }
    await api('PATCH', `/authors/${authorId}`, { body: { active: false } });
    const inactive = (await api('GET', '/authors?active=false')).body;
    return { first: [first.body.total, ids(first.body).length], walk, inactive: [inactive.total, ids(inactive)], authorId };
  },
  broken: (seen) =>
    expect(seen).toEqual({
      first: [3, 3],
      walk: [
        [3, 2],
        [3, 0],
        [3, 0],
      ],
      inactive: [1, []],
      authorId: seen.authorId,
    }),
  correct: (seen) =>
    expect(seen).toEqual({
      first: [3, 3],
      walk: [
        [3, 2],
        [3, 1],
        [3, 0],
      ],
      inactive: [1, [seen.authorId]],
      authorId: seen.authorId,
    }),
});

contrastFaults('the forty-first look: faults written from the contract alone', cases);
