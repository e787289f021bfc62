/**
 * The faults of server/faults/twenty-seventh-look.ts really break what they name: each case runs the
 * same requests against the server with the fault and without it, and requires the broken answer from
 * the first and the one the contract requires from the second.
 */
import { expect } from 'vitest';
import { contrastFaults, type FaultContrast } from './fault-contrast.ts';
import { pause, problemType } from './contrast-fixtures.ts';
import { OLDER_AUTHORS, type Api, type TestServer } from './harness.ts';
import { rawRequest } from './raw-http.ts';

const cases: FaultContrast<any>[] = [];
const add = <T>(c: FaultContrast<T>) => cases.push(c);

const fields = (body: { errors?: { field: string }[] }) => (body.errors ?? []).map((e) => e.field).sort();
const newPage = async (api: Api, name: string, token?: string) => (await api('POST', '/pages', { body: { name }, ...(token ? { token } : {}) })).body.id as number;
const newPost = async (api: Api, page: number, body: Record<string, unknown>) => (await api('POST', `/pages/${page}/posts`, { body })).body.id as number;
const newCategory = async (api: Api, page: number, body: Record<string, unknown>) => (await api('POST', `/pages/${page}/categories`, { body })).body.id as number;
const names = (list: { result: { name: string }[] }) => list.result.map((item) => item.name);
/** A page's domain without its random part and the pages domain: the label made from its name_slug. */
const domainLabel = (domain: string) => domain.replace(/-[a-z0-9]{6}\..*$/, '');

/** An author of the test's workspace, made on the platform (authors are not created through the API). */
const authorNamed = (s: TestServer, first_name: string, last_name: string) => {
  const workspace = s.server.stores.tokens.workspaceFor(s.token)!;
  return s.server.services.authors.create(workspace, { first_name, last_name, email: `${first_name.toLowerCase()}@example.com` }).id;
};

add({
  fault: 'page-slug-apostrophe-dropped',
  what: "createPage must make an apostrophe of the name a hyphen in the slug, the name_slug and the domain",
  observe: async ({ api }) => {
    const shown = (page: { slug: string; name_slug: string; domain: string }) => [page.slug, page.name_slug, domainLabel(page.domain)];
    const plain = (await api('POST', '/pages', { body: { name: 'Engineering Blog' } })).body;
    const created = (await api('POST', '/pages', { body: { name: "Ada's Blog" } })).body;
    const read = (await api('GET', `/pages/${created.id}`)).body;
    return { plain: shown(plain), created: shown(created), read: shown(read) };
  },
  broken: (seen) =>
    expect(seen).toEqual({
      plain: ['engineering-blog', 'engineering-blog', 'engineering-blog'],
      created: ['adas-blog', 'adas-blog', 'adas-blog'],
      read: ['adas-blog', 'adas-blog', 'adas-blog'],
    }),
  correct: (seen) =>
    expect(seen).toEqual({
      plain: ['engineering-blog', 'engineering-blog', 'engineering-blog'],
      created: ['ada-s-blog', 'ada-s-blog', 'ada-s-blog'],
      read: ['ada-s-blog', 'ada-s-blog', 'ada-s-blog'],
    }),
});

add({
  fault: 'pages-later-pages-every-workspace',
  what: "listPages must list the caller's own pages alone on every page, past the end included",
  observe: async ({ api, otherToken }) => {
    await newPage(api, 'Elsewhere', otherToken);
    await newPage(api, 'First');
    await newPage(api, 'Second');
    const pageOf = async (page: number) => {
      const list = (await api('GET', `/pages?size=1&page=${page}`)).body;
      return [list.total, names(list)];
    };
    return { first: await pageOf(1), second: await pageOf(2), pastTheEnd: await pageOf(3) };
  },
  broken: (seen) => expect(seen).toEqual({ first: [2, ['Second']], second: [2, ['First']], pastTheEnd: [2, ['Elsewhere']] }),
  correct: (seen) => expect(seen).toEqual({ first: [2, ['Second']], second: [2, ['First']], pastTheEnd: [2, []] }),
});

add({
  fault: 'page-update-quoted-charset-415',
  what: 'updatePage must take a JSON body whose charset parameter is quoted',
  observe: async ({ api }) => {
    const page = await newPage(api, 'Blog');
    const patchAs = async (type: string, name: string) => {
      const answer = await api('PATCH', `/pages/${page}`, { raw: JSON.stringify({ name }), headers: { 'Content-Type': type } });
      return [answer.status, answer.status === 200 ? answer.body.name : answer.body.type];
    };
    const unquoted = await patchAs('application/json; charset=UTF-8', 'Unquoted');
    const quoted = await patchAs('application/json; charset="utf-8"', 'Quoted');
    const created = await api('POST', '/pages', { raw: JSON.stringify({ name: 'Other' }), headers: { 'Content-Type': 'Application/JSON; Charset="UTF-8"' } });
    return { unquoted, quoted, created: created.status };
  },
  broken: (seen) => expect(seen).toEqual({ unquoted: [200, 'Unquoted'], quoted: [415, problemType('unsupported-media-type')], created: 201 }),
  correct: (seen) => expect(seen).toEqual({ unquoted: [200, 'Unquoted'], quoted: [200, 'Quoted'], created: 201 }),
});

add({
  fault: 'post-create-413-before-401',
  what: 'createPost must answer a request without a valid token 401, whatever size of body it declares',
  observe: async ({ api, baseUrl, token }) => {
    const page = await newPage(api, 'Blog');
    const origin = new URL(baseUrl).origin;
    const post = (authorization: string, declared: number) =>
      rawRequest(
        origin,
        `POST /api/v1/pages/${page}/posts HTTP/1.1\r\nHost: 127.0.0.1\r\n${authorization}Content-Type: application/json\r\nContent-Length: ${declared}\r\n\r\n{"title":"`,
      ).then((answer) => answer.status);
    return {
      noToken: await post('', 2_000_000),
      unknownToken: await post('Authorization: Bearer not-a-token\r\n', 2_000_000),
      withToken: await post(`Authorization: Bearer ${token}\r\n`, 2_000_000),
      noTokenSmall: await post('', 100),
    };
  },
  broken: (seen) => expect(seen).toEqual({ noToken: 413, unknownToken: 413, withToken: 413, noTokenSmall: 401 }),
  correct: (seen) => expect(seen).toEqual({ noToken: 401, unknownToken: 401, withToken: 413, noTokenSmall: 401 }),
});

add({
  fault: 'post-update-www-autolinks-missing',
  what: "updatePost must make a www. address of its Markdown a link, as createPost does",
  observe: async ({ api }) => {
    const page = await newPage(api, 'Blog');
    const created = (await api('POST', `/pages/${page}/posts`, { body: { title: 'Links', content_md: 'See www.example.com' } })).body;
    const updated = (await api('PATCH', `/pages/${page}/posts/${created.id}`, { body: { content_md: 'Read www.example.org or https://example.net' } })).body.content_html;
    const read = (await api('GET', `/pages/${page}/posts/${created.id}`)).body.content_html;
    return { created: created.content_html, updated, read };
  },
  broken: (seen) =>
    expect(seen).toEqual({
      created: '<p>See <a href="http://www.example.com">www.example.com</a></p>\n',
      updated: '<p>Read www.example.org or <a href="https://example.net">https://example.net</a></p>\n',
      read: '<p>Read www.example.org or <a href="https://example.net">https://example.net</a></p>\n',
    }),
  correct: (seen) =>
    expect(seen).toEqual({
      created: '<p>See <a href="http://www.example.com">www.example.com</a></p>\n',
      updated: '<p>Read <a href="http://www.example.org">www.example.org</a> or <a href="https://example.net">https://example.net</a></p>\n',
      read: '<p>Read <a href="http://www.example.org">www.example.org</a> or <a href="https://example.net">https://example.net</a></p>\n',
    }),
});

add({
  fault: 'head-post-length-in-characters',
  what: "HEAD of getPost must answer GET's Content-Length, in bytes, for a post that is not all ASCII",
  observe: async ({ api, baseUrl, token }) => {
    const page = await newPage(api, 'Blog');
    const lengths = async (post: number) => {
      const url = `${baseUrl}/pages/${page}/posts/${post}`;
      const [get, head] = await Promise.all(['GET', 'HEAD'].map((method) => fetch(url, { method, headers: { Authorization: `Bearer ${token}` } })));
      const bytes = (await get!.arrayBuffer()).byteLength;
      return { status: [get!.status, head!.status], getOverHead: Number(get!.headers.get('content-length')) - Number(head!.headers.get('content-length')), bytes: bytes === Number(get!.headers.get('content-length')) };
    };
    return {
      ascii: await lengths(await newPost(api, page, { title: 'Plain text' })),
      accented: await lengths(await newPost(api, page, { title: 'Café ☕ crème' })),
    };
  },
  broken: (seen) =>
    expect(seen).toEqual({ ascii: { status: [200, 200], getOverHead: 0, bytes: true }, accented: { status: [200, 200], getOverHead: 4, bytes: true } }),
  correct: (seen) =>
    expect(seen).toEqual({ ascii: { status: [200, 200], getOverHead: 0, bytes: true }, accented: { status: [200, 200], getOverHead: 0, bytes: true } }),
});

add({
  fault: 'post-delete-touches-page',
  what: "deletePost must leave the post's page as it was, updated_at included",
  observe: async ({ api }) => {
    const page = await newPage(api, 'Blog');
    const post = await newPost(api, page, { title: 'Going' });
    const kept = await newPost(api, page, { title: 'Staying' });
    const before = (await api('GET', `/pages/${page}`)).body;
    await pause(5);
    const deleted = (await api('DELETE', `/pages/${page}/posts/${post}`)).status;
    const after = (await api('GET', `/pages/${page}`)).body;
    return {
      deleted,
      gone: (await api('GET', `/pages/${page}/posts/${post}`)).status,
      kept: (await api('GET', `/pages/${page}/posts/${kept}`)).status,
      pageUnchanged: JSON.stringify(after) === JSON.stringify(before),
      updatedAtMoved: after.updated_at > before.updated_at,
    };
  },
  broken: (seen) => expect(seen).toEqual({ deleted: 204, gone: 404, kept: 200, pageUnchanged: false, updatedAtMoved: true }),
  correct: (seen) => expect(seen).toEqual({ deleted: 204, gone: 404, kept: 200, pageUnchanged: true, updatedAtMoved: false }),
});

add({
  fault: 'categories-query-names-any-case',
  what: 'listCategories must answer a query parameter name in other letter case 422 as unknown',
  observe: async ({ api }) => {
    const page = await newPage(api, 'Blog');
    for (const name of ['One', 'Two', 'Three']) await newCategory(api, page, { name });
    const listed = async (query: string) => {
      const answer = await api('GET', `/pages/${page}/categories?${query}`);
      return answer.status === 200 ? [200, answer.body.size, names(answer.body)] : [answer.status, fields(answer.body)];
    };
    return { lower: await listed('size=1&page=2'), capitals: await listed('Size=1&page=2'), unknown: await listed('sort=name') };
  },
  broken: (seen) => expect(seen).toEqual({ lower: [200, 1, ['Two']], capitals: [200, 1, ['Two']], unknown: [422, ['query.sort']] }),
  correct: (seen) => expect(seen).toEqual({ lower: [200, 1, ['Two']], capitals: [422, ['query.Size']], unknown: [422, ['query.sort']] }),
});

add({
  fault: 'category-get-id-wraps-32-bits',
  what: 'getCategory must answer 404 for an id 2^32 above the id of a category',
  observe: async ({ api }) => {
    const page = await newPage(api, 'Blog');
    const category = await newCategory(api, page, { name: 'News' });
    const read = async (id: number) => {
      const answer = await api('GET', `/pages/${page}/categories/${id}`);
      return [answer.status, answer.status === 200 ? answer.body.id : answer.body.type];
    };
    return { own: await read(category), wrapped: await read(category + 2 ** 32), largest: await read(Number.MAX_SAFE_INTEGER) };
  },
  broken: (seen) => expect(seen).toEqual({ own: [200, 1], wrapped: [200, 1], largest: [404, problemType('not-found')] }),
  correct: (seen) => expect(seen).toEqual({ own: [200, 1], wrapped: [404, problemType('not-found')], largest: [404, problemType('not-found')] }),
});

add({
  fault: 'category-update-description-cr-refused',
  what: 'updateCategory must take a description with a carriage return, as createCategory does',
  observe: async ({ api }) => {
    const page = await newPage(api, 'Blog');
    const created = await api('POST', `/pages/${page}/categories`, { body: { name: 'Windows', description: 'made\r\non Windows' } });
    const category = await newCategory(api, page, { name: 'News' });
    const patch = async (description: string) => {
      const answer = await api('PATCH', `/pages/${page}/categories/${category}`, { body: { description } });
      return answer.status === 200 ? [200, answer.body.description] : [answer.status, fields(answer.body)];
    };
    const lineFeeds = await patch('one\ntwo\tthree');
    const crlf = await patch('line one\r\nline two');
    const read = (await api('GET', `/pages/${page}/categories/${category}`)).body.description;
    return { created: [created.status, created.body.description], lineFeeds, crlf, read };
  },
  broken: (seen) =>
    expect(seen).toEqual({ created: [201, 'made\r\non Windows'], lineFeeds: [200, 'one\ntwo\tthree'], crlf: [422, ['description']], read: 'one\ntwo\tthree' }),
  correct: (seen) =>
    expect(seen).toEqual({ created: [201, 'made\r\non Windows'], lineFeeds: [200, 'one\ntwo\tthree'], crlf: [200, 'line one\r\nline two'], read: 'line one\r\nline two' }),
});

add({
  fault: 'author-published-posts-deactivation-refused',
  what: 'updateAuthor must make the author of a published post inactive',
  observe: async (s) => {
    const { api, authorId } = s;
    const drafter = authorNamed(s, 'Ada', 'Lovelace');
    const page = await newPage(api, 'Blog');
    await newPost(api, page, { title: 'Draft', author_id: drafter });
    await newPost(api, page, { title: 'Published', status: 'published', author_id: authorId });
    const deactivate = async (id: number) => {
      const answer = await api('PATCH', `/authors/${id}`, { body: { active: false } });
      return answer.status === 200 ? [200, answer.body.active] : [answer.status, fields(answer.body)];
    };
    const ofDrafts = await deactivate(drafter);
    const ofPublished = await deactivate(authorId);
    const read = (await api('GET', `/authors/${authorId}`)).body.active;
    return { ofDrafts, ofPublished, read };
  },
  broken: (seen) => expect(seen).toEqual({ ofDrafts: [200, false], ofPublished: [422, ['active']], read: true }),
  correct: (seen) => expect(seen).toEqual({ ofDrafts: [200, false], ofPublished: [200, false], read: false }),
});

add({
  fault: 'authors-inactive-by-deactivation',
  what: 'listAuthors?active=false must list the inactive authors newest first, whatever order they were deactivated in',
  observe: async (s) => {
    const { api, authorId } = s;
    const ada = authorNamed(s, 'Ada', 'Lovelace');
    const linus = authorNamed(s, 'Linus', 'Torvalds');
    for (const id of [linus, ada, authorId]) {
      await api('PATCH', `/authors/${id}`, { body: { active: false } });
      await pause(5);
    }
    const list = (await api('GET', '/authors?active=false')).body;
    const active = (await api('GET', '/authors')).body.total;
    return { total: list.total, order: list.result.map((author: { first_name: string }) => author.first_name), active };
  },
  // The workspace's older authors (harness.ts) stay active.
  broken: (seen) => expect(seen).toEqual({ total: 3, order: ['Grace', 'Ada', 'Linus'], active: OLDER_AUTHORS.length }),
  correct: (seen) => expect(seen).toEqual({ total: 3, order: ['Linus', 'Ada', 'Grace'], active: OLDER_AUTHORS.length }),
});

contrastFaults('faults of the twenty-seventh look', cases);
