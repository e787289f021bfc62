/**
 * The faults of server/faults/thirty-third-look.ts really break what they name: each case runs the
 * same requests against the server with the fault and without it, and requires the broken answer from
 * the first and the one the contract requires from the second.
 */
import { deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { expect } from 'vitest';
import { contrastFaults, type FaultContrast } from './fault-contrast.ts';
import { anotherAuthor, ids, olderAuthorIds, pause, problemType } from './contrast-fixtures.ts';
import type { Api, TestServer } from './harness.ts';

const cases: FaultContrast<any>[] = [];
const add = <T>(c: FaultContrast<T>) => cases.push(c);

const fields = (body: { errors?: { field: string }[] }) => (body.errors ?? []).map((e) => e.field).sort();
const newPage = async (api: Api, name: string) => (await api('POST', '/pages', { body: { name } })).body.id as number;
const newPost = async (api: Api, page: number, body: Record<string, unknown>) => (await api('POST', `/pages/${page}/posts`, { body })).body;
const newCategory = async (api: Api, page: number, body: Record<string, unknown>) => (await api('POST', `/pages/${page}/categories`, { body })).body;

/** Markdown whose block quotes nest `depth` levels deep. */
const quotes = (depth: number) => `${'>'.repeat(depth)} deep`;

/** A raw request to the test server, with the first workspace's token. */
const send = async (s: TestServer, method: string, path: string, body: RequestInit['body'] | undefined, headers: Record<string, string>) => {
  const answer = await fetch(`${s.baseUrl}${path}`, { method, headers: { Authorization: `Bearer ${s.token}`, ...headers }, ...(body === undefined ? {} : { body }) });
  const text = await answer.text();
  return { status: answer.status, body: /json/.test(answer.headers.get('content-type') ?? '') && text ? JSON.parse(text) : text };
};

add({
  fault: 'page-domain-from-explicit-slug',
  what: "createPage must make the domain of a page given an explicit slug from its name's slug",
  observe: async ({ api }) => {
    const plain = (await api('POST', '/pages', { body: { name: 'Design Notes' } })).body;
    const explicit = (await api('POST', '/pages', { body: { name: 'Engineering Blog', slug: 'eng' } })).body;
    const read = (await api('GET', `/pages/${explicit.id}`)).body;
    const label = (domain: string) => domain.split('.')[0]!.slice(0, -7);
    return { plain: label(plain.domain), explicit: [explicit.slug, explicit.name_slug, label(explicit.domain)], read: read.domain === explicit.domain };
  },
  broken: (seen) => expect(seen).toEqual({ plain: 'design-notes', explicit: ['eng', 'engineering-blog', 'eng'], read: true }),
  correct: (seen) => expect(seen).toEqual({ plain: 'design-notes', explicit: ['eng', 'engineering-blog', 'engineering-blog'], read: true }),
});

add({
  fault: 'post-create-markdown-trailing-spaces-trimmed',
  what: 'createPost must render two trailing spaces at the end of a line as a hard line break',
  observe: async ({ api }) => {
    const page = await newPage(api, 'Blog');
    const html = async (title: string, content_md: string) => (await newPost(api, page, { title, content_md })).content_html;
    const updated = await newPost(api, page, { title: 'Updated' });
    const patched = await api('PATCH', `/pages/${page}/posts/${updated.id}`, { body: { content_md: 'one  \ntwo' } });
    return {
      spaces: await html('Spaces', 'line one  \nline two'),
      backslash: await html('Backslash', 'line one\\\nline two'),
      plain: await html('Plain', 'line one\nline two'),
      update: patched.body.content_html,
    };
  },
  broken: (seen) =>
    expect(seen).toEqual({
      spaces: '<p>line one\nline two</p>\n',
      backslash: '<p>line one<br>\nline two</p>\n',
      plain: '<p>line one\nline two</p>\n',
      update: '<p>one<br>\ntwo</p>\n',
    }),
  correct: (seen) =>
    expect(seen).toEqual({
      spaces: '<p>line one<br>\nline two</p>\n',
      backslash: '<p>line one<br>\nline two</p>\n',
      plain: '<p>line one\nline two</p>\n',
      update: '<p>one<br>\ntwo</p>\n',
    }),
});

add({
  fault: 'post-create-markdown-depth-off-by-one',
  what: 'createPost must accept Markdown nested exactly 50 levels deep, and refuse 51',
  observe: async ({ api }) => {
    const page = await newPage(api, 'Blog');
    const create = async (depth: number) => {
      const answer = await api('POST', `/pages/${page}/posts`, { body: { title: `Depth ${depth}`, content_md: quotes(depth) } });
      return answer.status === 201 ? [201, (answer.body.content_html as string).split('<blockquote>').length - 1] : [answer.status, fields(answer.body)];
    };
    const listed = (await api('GET', `/pages/${page}/posts`)).body.total;
    return { d49: await create(49), d50: await create(50), d51: await create(51), listedBefore: listed, listed: (await api('GET', `/pages/${page}/posts`)).body.total };
  },
  broken: (seen) => expect(seen).toEqual({ d49: [201, 49], d50: [422, ['content_md']], d51: [422, ['content_md']], listedBefore: 0, listed: 1 }),
  correct: (seen) => expect(seen).toEqual({ d49: [201, 49], d50: [201, 50], d51: [422, ['content_md']], listedBefore: 0, listed: 2 }),
});

add({
  fault: 'post-update-html-limit-in-bytes',
  what: 'updatePost must accept Markdown that renders to under 1,000,000 characters of HTML, however many bytes',
  observe: async ({ api }) => {
    const page = await newPage(api, 'Blog');
    const post = await newPost(api, page, { title: 'Long' });
    // 150,000 times "é&": the HTML is <p>, 150,000 times "é&amp;" (6 characters, 7 bytes), </p>: 900,008 characters, 1,050,008 bytes.
    const content_md = 'é&'.repeat(150_000);
    const created = await api('POST', `/pages/${page}/posts`, { body: { title: 'Created', content_md } });
    const updated = await api('PATCH', `/pages/${page}/posts/${post.id}`, { body: { content_md } });
    const read = (await api('GET', `/pages/${page}/posts/${post.id}`)).body;
    return {
      created: [created.status, created.body.content_html?.length],
      updated: updated.status === 200 ? [200, updated.body.content_html.length] : [updated.status, fields(updated.body)],
      stored: read.content_html?.length ?? null,
    };
  },
  broken: (seen) => expect(seen).toEqual({ created: [201, 900_008], updated: [422, ['content_md']], stored: null }),
  correct: (seen) => expect(seen).toEqual({ created: [201, 900_008], updated: [200, 900_008], stored: 900_008 }),
});

add({
  fault: 'post-publish-touches-page',
  what: "updatePost publishing a draft must leave its page's updated_at as it was",
  observe: async ({ api }) => {
    const page = (await api('POST', '/pages', { body: { name: 'Blog' } })).body;
    const post = await newPost(api, page.id, { title: 'Draft' });
    await pause(5);
    const retitled = await api('PATCH', `/pages/${page.id}/posts/${post.id}`, { body: { title: 'Draft, retitled' } });
    const afterRetitle = (await api('GET', `/pages/${page.id}`)).body.updated_at;
    await pause(5);
    const published = await api('PATCH', `/pages/${page.id}/posts/${post.id}`, { body: { status: 'published' } });
    const got = (await api('GET', `/pages/${page.id}`)).body.updated_at;
    const listed = (await api('GET', '/pages')).body.result.find((p: { id: number }) => p.id === page.id).updated_at;
    return {
      statuses: [retitled.status, published.status],
      afterRetitle: afterRetitle === page.updated_at,
      got: got === page.updated_at ? 'unchanged' : got === published.body.updated_at ? 'publication' : got,
      listed: listed === page.updated_at ? 'unchanged' : listed === published.body.updated_at ? 'publication' : listed,
    };
  },
  broken: (seen) => expect(seen).toEqual({ statuses: [200, 200], afterRetitle: true, got: 'publication', listed: 'publication' }),
  correct: (seen) => expect(seen).toEqual({ statuses: [200, 200], afterRetitle: true, got: 'unchanged', listed: 'unchanged' }),
});

add({
  fault: 'authors-ordered-by-name',
  what: 'listAuthors must list newest first, whatever the names',
  observe: async (s) => {
    const workspace = s.server.stores.tokens.workspaceFor(s.token)!;
    // The workspace's older authors (harness.ts), Barbara newest of them, are listed after Grace.
    const names = new Map<number, string>([[s.authorId, 'Grace'], ...olderAuthorIds(s).map((id) => [id, s.server.services.authors.get(s.server.stores.tokens.workspaceFor(s.token)!, id).first_name] as [number, string])]);
    await pause(3);
    names.set(anotherAuthor(s), 'Ada');
    await pause(3);
    names.set(s.server.services.authors.create(workspace, { first_name: 'Zoe', last_name: 'Zhang', email: 'zoe@example.com' }).id, 'Zoe');
    const list = async (query: string) => ids((await s.api('GET', `/authors${query}`)).body).map((id) => names.get(id));
    return { all: await list(''), paged: [await list('?size=2'), await list('?size=2&page=2')] };
  },
  broken: (seen) => expect(seen).toEqual({ all: ['Ada', 'Barbara', 'Grace', 'Margaret', 'Zoe'], paged: [['Ada', 'Barbara'], ['Grace', 'Margaret']] }),
  correct: (seen) => expect(seen).toEqual({ all: ['Zoe', 'Ada', 'Grace', 'Barbara', 'Margaret'], paged: [['Zoe', 'Ada'], ['Grace', 'Barbara']] }),
});

add({
  fault: 'category-color-defaults-to-last-used',
  what: 'createCategory without a colour must answer and store color null, whatever the categories before it',
  observe: async ({ api }) => {
    const page = await newPage(api, 'Blog');
    const first = await newCategory(api, page, { name: 'First' });
    const coloured = await newCategory(api, page, { name: 'Coloured', color: '#1E90FF' });
    const absent = await newCategory(api, page, { name: 'Absent' });
    const nulled = await newCategory(api, page, { name: 'Nulled', color: null });
    const read = (await api('GET', `/pages/${page}/categories/${absent.id}`)).body;
    return { first: first.color, coloured: coloured.color, absent: absent.color, nulled: nulled.color, read: read.color };
  },
  broken: (seen) => expect(seen).toEqual({ first: null, coloured: '#1E90FF', absent: '#1E90FF', nulled: '#1E90FF', read: '#1E90FF' }),
  correct: (seen) => expect(seen).toEqual({ first: null, coloured: '#1E90FF', absent: null, nulled: null, read: null }),
});

add({
  fault: 'post-update-numeric-string-ids-read',
  what: 'updatePost must answer 422 naming category_id for an id sent as a string, and change nothing',
  observe: async ({ api }) => {
    const page = await newPage(api, 'Blog');
    const category = await newCategory(api, page, { name: 'News' });
    const post = await newPost(api, page, { title: 'Hello' });
    const asNumber = await api('PATCH', `/pages/${page}/posts/${post.id}`, { body: { category_id: null } });
    const asString = await api('PATCH', `/pages/${page}/posts/${post.id}`, { body: { category_id: String(category.id) } });
    const read = (await api('GET', `/pages/${page}/posts/${post.id}`)).body;
    return {
      asNumber: asNumber.status,
      asString: asString.status === 200 ? [200, asString.body.category_id === category.id] : [asString.status, fields(asString.body)],
      stored: read.category_id === category.id ? 'category' : read.category_id,
    };
  },
  broken: (seen) => expect(seen).toEqual({ asNumber: 200, asString: [200, true], stored: 'category' }),
  correct: (seen) => expect(seen).toEqual({ asNumber: 200, asString: [422, ['category_id']], stored: null }),
});

add({
  fault: 'post-location-trailing-slash-doubled',
  what: "createPost's Location must name the post, a request path with a trailing slash too",
  observe: async (s) => {
    const { api } = s;
    const page = await newPage(api, 'Blog');
    const at = async (path: string, title: string) => {
      const created = await api('POST', path, { body: { title } });
      const location = created.headers.get('location')!;
      const read = await fetch(new URL(location, `${s.baseUrl}${path}`), { headers: { Authorization: `Bearer ${s.token}` } });
      const body = read.status === 200 ? ((await read.json()) as { id: number }) : undefined;
      return [created.status, location.endsWith(`/pages/${page}/posts/${created.body.id}`), read.status, body?.id === created.body.id];
    };
    return { plain: await at(`/pages/${page}/posts`, 'Plain'), slash: await at(`/pages/${page}/posts/`, 'Slash') };
  },
  broken: (seen) => expect(seen).toEqual({ plain: [201, true, 200, true], slash: [201, false, 404, false] }),
  correct: (seen) => expect(seen).toEqual({ plain: [201, true, 200, true], slash: [201, true, 200, true] }),
});

add({
  fault: 'post-delete-body-content-type-415',
  what: 'deletePost must ignore a body, whatever its content type',
  observe: async (s) => {
    const page = await newPage(s.api, 'Blog');
    const del = async (title: string, body: string | undefined, type: string | undefined) => {
      const post = await newPost(s.api, page, { title });
      const answer = await send(s, 'DELETE', `/pages/${page}/posts/${post.id}`, body, type ? { 'Content-Type': type } : {});
      const read = await s.api('GET', `/pages/${page}/posts/${post.id}`);
      return [answer.status, answer.status === 204 ? null : answer.body.type, read.status];
    };
    return {
      none: await del('None', undefined, undefined),
      json: await del('Json', '{"confirm":true}', 'application/json'),
      text: await del('Text', 'please delete', 'text/plain'),
    };
  },
  broken: (seen) => expect(seen).toEqual({ none: [204, null, 404], json: [204, null, 404], text: [415, problemType('unsupported-media-type'), 200] }),
  correct: (seen) => expect(seen).toEqual({ none: [204, null, 404], json: [204, null, 404], text: [204, null, 404] }),
});

add({
  fault: 'author-update-active-strings-read',
  what: 'updateAuthor must answer 422 naming active for "false" or 0, and change nothing',
  observe: async ({ api, authorId }) => {
    const patch = async (active: unknown) => {
      const answer = await api('PATCH', `/authors/${authorId}`, { body: { active } });
      return answer.status === 200 ? [200, answer.body.active] : [answer.status, fields(answer.body)];
    };
    const results = { asString: await patch('false'), asNumber: await patch(0) };
    const read = (await api('GET', `/authors/${authorId}`)).body.active;
    const json = await patch(true);
    return { ...results, read, json };
  },
  broken: (seen) => expect(seen).toEqual({ asString: [200, false], asNumber: [200, false], read: false, json: [200, true] }),
  correct: (seen) => expect(seen).toEqual({ asString: [422, ['active']], asNumber: [422, ['active']], read: true, json: [200, true] }),
});

add({
  fault: 'category-update-deflate-read-raw',
  what: "updateCategory must read a body in HTTP's deflate (the zlib format), and refuse a raw DEFLATE stream with 400",
  observe: async (s) => {
    const page = await newPage(s.api, 'Blog');
    const category = await newCategory(s.api, page, { name: 'News' });
    const patch = async (body: Buffer, encoding: string) => {
      const answer = await send(s, 'PATCH', `/pages/${page}/categories/${category.id}`, body, { 'Content-Type': 'application/json', 'Content-Encoding': encoding });
      return answer.status === 200 ? [200, answer.body.name] : [answer.status, answer.body.type];
    };
    const json = (name: string) => Buffer.from(JSON.stringify({ name }));
    return {
      gzip: await patch(gzipSync(json('Gzipped')), 'gzip'),
      zlib: await patch(deflateSync(json('Deflated')), 'deflate'),
      raw: await patch(deflateRawSync(json('Raw')), 'deflate'),
      name: (await s.api('GET', `/pages/${page}/categories/${category.id}`)).body.name,
    };
  },
  broken: (seen) =>
    expect(seen).toEqual({ gzip: [200, 'Gzipped'], zlib: [400, problemType('malformed-request')], raw: [200, 'Raw'], name: 'Raw' }),
  correct: (seen) =>
    expect(seen).toEqual({ gzip: [200, 'Gzipped'], zlib: [200, 'Deflated'], raw: [400, problemType('malformed-request')], name: 'Deflated' }),
});

contrastFaults('the thirty-third look', cases);
