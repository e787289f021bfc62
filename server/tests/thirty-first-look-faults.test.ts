/**
 * The faults of server/faults/thirty-first-look.ts really break what they name: each case runs the same
 * requests against the server with the fault and without it, and requires the broken answer from the
 * first and the one the contract requires from the second.
 */
import { expect } from 'vitest';
import { contrastFaults, type FaultContrast } from './fault-contrast.ts';
import { anotherAuthor, problemType } from './contrast-fixtures.ts';
import type { Api } from './harness.ts';

const cases: FaultContrast<any>[] = [];
const add = <T>(c: FaultContrast<T>) => cases.push(c);

const fields = (body: { errors?: { field: string }[] }) => (body.errors ?? []).map((e) => e.field).sort();
const newPage = async (api: Api, name: string) => (await api('POST', '/pages', { body: { name } })).body.id as number;
const newPost = async (api: Api, page: number, body: Record<string, unknown>) => (await api('POST', `/pages/${page}/posts`, { body })).body;
const paragraphs = (html: string) => (html.match(/<p>/g) ?? []).length;

add({
  fault: 'post-create-markdown-entities-escaped',
  what: "createPost must render the entity and numeric character references of Markdown as their characters",
  observe: async ({ api }) => {
    const page = await newPage(api, 'Blog');
    const plain = await newPost(api, page, { title: 'Plain', content_md: 'Fish & chips, **fresh**' });
    const entities = await newPost(api, page, { title: 'Entities', content_md: 'Caf&eacute; &copy; 2026 &#169;' });
    const read = (await api('GET', `/pages/${page}/posts/${entities.id}`)).body.content_html;
    return { plain: plain.content_html, entities: entities.content_html, read };
  },
  broken: (seen) =>
    expect(seen).toEqual({
      plain: '<p>Fish &amp; chips, <strong>fresh</strong></p>\n',
      entities: '<p>Caf&amp;eacute; &amp;copy; 2026 &amp;#169;</p>\n',
      read: '<p>Caf&amp;eacute; &amp;copy; 2026 &amp;#169;</p>\n',
    }),
  correct: (seen) =>
    expect(seen).toEqual({
      plain: '<p>Fish &amp; chips, <strong>fresh</strong></p>\n',
      entities: '<p>Café © 2026 ©</p>\n',
      read: '<p>Café © 2026 ©</p>\n',
    }),
});

add({
  fault: 'post-update-markdown-crlf-paragraphs',
  what: 'updatePost must render a paragraph written with CR LF line ends as one paragraph',
  observe: async ({ api }) => {
    const page = await newPage(api, 'Blog');
    const post = await newPost(api, page, { title: 'Lines', content_md: 'First line\r\nsecond line' });
    const patch = async (content_md: string) => {
      const answer = await api('PATCH', `/pages/${page}/posts/${post.id}`, { body: { content_md } });
      const read = (await api('GET', `/pages/${page}/posts/${post.id}`)).body.content_html;
      return [answer.status, paragraphs(answer.body.content_html), paragraphs(read)];
    };
    return { created: paragraphs(post.content_html), lf: await patch('One line\nanother line'), crlf: await patch('One line\r\nanother line\r\nand a third') };
  },
  broken: (seen) => expect(seen).toEqual({ created: 1, lf: [200, 1, 1], crlf: [200, 3, 3] }),
  correct: (seen) => expect(seen).toEqual({ created: 1, lf: [200, 1, 1], crlf: [200, 1, 1] }),
});

add({
  fault: 'author-update-by-address-every-workspace',
  what: "updateAuthor must not change the author of another workspace that has the same sign-in address",
  observe: async (s) => {
    const { api, otherToken, authorId } = s;
    const ada = anotherAuthor(s);
    const otherId = (await api('GET', '/authors', { token: otherToken })).body.result.find((a: { email: string }) => a.email === 'ada@example.com').id as number;
    const otherAda = async () => {
      const author = (await api('GET', `/authors/${otherId}`, { token: otherToken })).body;
      return [author.position, author.active, author.updated_at === author.created_at];
    };
    const before = await otherAda();
    const grace = await api('PATCH', `/authors/${authorId}`, { body: { position: 'Admiral' } });
    const own = await api('PATCH', `/authors/${ada}`, { body: { position: 'Editor', active: false } });
    const read = (await api('GET', `/authors/${ada}`)).body;
    return { before, grace: [grace.status, grace.body.position], own: [own.status, own.body.position, read.position, read.active], other: await otherAda() };
  },
  broken: (seen) =>
    expect(seen).toEqual({ before: [null, true, true], grace: [200, 'Admiral'], own: [200, 'Editor', 'Editor', false], other: ['Editor', false, false] }),
  correct: (seen) =>
    expect(seen).toEqual({ before: [null, true, true], grace: [200, 'Admiral'], own: [200, 'Editor', 'Editor', false], other: [null, true, true] }),
});

add({
  fault: 'author-update-charset-value-case-415',
  what: 'updateAuthor must take a JSON body whose charset is written UTF-8 in capitals',
  observe: async ({ api, authorId }) => {
    const patch = async (type: string, position: string) => {
      const answer = await api('PATCH', `/authors/${authorId}`, { body: { position }, headers: { 'Content-Type': type } });
      return answer.status === 200 ? [200, answer.body.position] : [answer.status, answer.body.type];
    };
    return [
      await patch('application/json', 'One'),
      await patch('application/json; charset=utf-8', 'Two'),
      await patch('application/json; charset="utf-8"', 'Three'),
      await patch('application/json; charset=UTF-8', 'Four'),
      await patch('Application/JSON; Charset="UTF-8"', 'Five'),
      await patch('application/json; charset=latin1', 'Six'),
    ];
  },
  broken: (seen) =>
    expect(seen).toEqual([
      [200, 'One'],
      [200, 'Two'],
      [200, 'Three'],
      [415, problemType('unsupported-media-type')],
      [415, problemType('unsupported-media-type')],
      [415, problemType('unsupported-media-type')],
    ]),
  correct: (seen) =>
    expect(seen).toEqual([[200, 'One'], [200, 'Two'], [200, 'Three'], [200, 'Four'], [200, 'Five'], [415, problemType('unsupported-media-type')]]),
});

add({
  fault: 'post-slug-keeps-underscores',
  what: "createPost must turn a title's underscore into a hyphen of its slug",
  observe: async ({ api }) => {
    const page = await newPage(api, 'Blog');
    const plain = await newPost(api, page, { title: 'Hello World' });
    const snake = await newPost(api, page, { title: 'snake_case tips' });
    const read = (await api('GET', `/pages/${page}/posts/${snake.id}`)).body.slug;
    return [plain.slug, snake.slug, read];
  },
  broken: (seen) => expect(seen).toEqual(['hello-world', 'snake_case-tips', 'snake_case-tips']),
  correct: (seen) => expect(seen).toEqual(['hello-world', 'snake-case-tips', 'snake-case-tips']),
});

add({
  fault: 'author-get-largest-id-422',
  what: 'getAuthor must answer the largest id the contract allows 404 when no author has it',
  observe: async ({ api, authorId }) => {
    const get = async (method: string, id: string) => {
      const answer = await api(method, `/authors/${id}`);
      return method === 'HEAD' ? answer.status : [answer.status, answer.status === 422 ? fields(answer.body) : answer.body.type ?? answer.body.id];
    };
    return [
      await get('GET', String(authorId)),
      await get('GET', '9007199254740990'),
      await get('GET', '9007199254740991'),
      await get('HEAD', '9007199254740991'),
      await get('GET', '9007199254740992'),
    ];
  },
  broken: (seen) =>
    expect(seen).toEqual([[200, expect.any(Number)], [404, problemType('not-found')], [422, ['path.id']], 422, [422, ['path.id']]]),
  correct: (seen) =>
    expect(seen).toEqual([[200, expect.any(Number)], [404, problemType('not-found')], [404, problemType('not-found')], 404, [422, ['path.id']]]),
});

add({
  fault: 'page-domain-cut-keeps-hyphen',
  what: "createPage must make a domain for a name whose slug has a hyphen where the domain's cut falls",
  observe: async ({ api }) => {
    const create = async (name: string) => {
      const answer = await api('POST', '/pages', { body: { name } });
      return answer.status === 201 ? [201, answer.body.domain.split('.')[0].length, /--/.test(answer.body.domain)] : [answer.status, answer.body.type];
    };
    const short = await create('Engineering Blog');
    const cutOnLetter = await create(`${'a'.repeat(56)} blog`);
    const cutOnHyphen = await create(`${'b'.repeat(55)} blog`);
    return { short, cutOnLetter, cutOnHyphen, total: (await api('GET', '/pages')).body.total };
  },
  broken: (seen) =>
    expect(seen).toEqual({ short: [201, 23, false], cutOnLetter: [201, 63, false], cutOnHyphen: [500, problemType('internal-error')], total: 2 }),
  correct: (seen) => expect(seen).toEqual({ short: [201, 23, false], cutOnLetter: [201, 63, false], cutOnHyphen: [201, 62, false], total: 3 }),
});

add({
  fault: 'category-update-name-length-in-bytes',
  what: 'updateCategory must take a name of 255 characters or fewer that is not all ASCII',
  observe: async ({ api }) => {
    const page = await newPage(api, 'Blog');
    const category = (await api('POST', `/pages/${page}/categories`, { body: { name: 'News' } })).body.id;
    const rename = async (name: string) => {
      const answer = await api('PATCH', `/pages/${page}/categories/${category}`, { body: { name } });
      return answer.status === 200 ? [200, answer.body.name.length] : [answer.status, fields(answer.body)];
    };
    return [await rename('a'.repeat(255)), await rename('a'.repeat(256)), await rename('é'.repeat(200)), await rename('新'.repeat(255))];
  },
  broken: (seen) => expect(seen).toEqual([[200, 255], [422, ['name']], [422, ['name']], [422, ['name']]]),
  correct: (seen) => expect(seen).toEqual([[200, 255], [422, ['name']], [200, 200], [200, 255]]),
});

add({
  fault: 'page-rename-c1-control-refused',
  what: 'updatePage must take a name holding a C1 control character, which the contract allows',
  observe: async ({ api }) => {
    const page = await newPage(api, 'Blog');
    const rename = async (name: string) => {
      const answer = await api('PATCH', `/pages/${page}`, { body: { name } });
      return answer.status === 200 ? [200, answer.body.name === name] : [answer.status, fields(answer.body)];
    };
    const created = await api('POST', '/pages', { body: { name: 'Release\u0085Notes' } });
    return { created: created.status, plain: await rename('Engineering'), nel: await rename('Engineering\u0085Notes'), c1: await rename('Ops\u0080\u009FLog') };
  },
  broken: (seen) => expect(seen).toEqual({ created: 201, plain: [200, true], nel: [422, ['name']], c1: [422, ['name']] }),
  correct: (seen) => expect(seen).toEqual({ created: 201, plain: [200, true], nel: [200, true], c1: [200, true] }),
});

add({
  fault: 'posts-list-cached-by-paging',
  what: 'listPosts must answer each filter with its own items and total, read after another list',
  observe: async ({ api }) => {
    const page = await newPage(api, 'Blog');
    await newPost(api, page, { title: 'Draft one' });
    await newPost(api, page, { title: 'Published one', status: 'published' });
    await newPost(api, page, { title: 'Draft two' });
    const count = async (query: string) => {
      const body = (await api('GET', `/pages/${page}/posts${query}`)).body;
      return [body.total, body.result.length];
    };
    const before = [await count(''), await count('?status=published'), await count('?status=draft')];
    await newPost(api, page, { title: 'Draft three' });
    const after = [await count('?status=published'), await count(''), await count('?size=2&status=draft'), await count('?size=2')];
    return { before, after };
  },
  broken: (seen) =>
    expect(seen).toEqual({
      before: [[3, 3], [3, 3], [3, 3]],
      after: [[1, 1], [1, 1], [3, 2], [3, 2]],
    }),
  correct: (seen) =>
    expect(seen).toEqual({
      before: [[3, 3], [1, 1], [2, 2]],
      after: [[1, 1], [4, 4], [3, 2], [4, 2]],
    }),
});

add({
  fault: 'category-explicit-slug-checked-against-explicit',
  what: 'createCategory must answer 409 slug-taken for an explicit slug that a derived slug of the page holds',
  observe: async ({ api }) => {
    const page = await newPage(api, 'Blog');
    const create = async (body: Record<string, unknown>) => {
      const answer = await api('POST', `/pages/${page}/categories`, { body });
      return answer.status === 201 ? [201, answer.body.slug] : [answer.status, answer.body.type];
    };
    const results = [
      await create({ name: 'News' }),
      await create({ name: 'Tech', slug: 'tech' }),
      await create({ name: 'Other tech', slug: 'Tech' }),
      await create({ name: 'Latest', slug: 'News' }),
    ];
    return { results, total: (await api('GET', `/pages/${page}/categories`)).body.total };
  },
  broken: (seen) =>
    expect(seen).toEqual({
      results: [[201, 'news'], [201, 'tech'], [409, problemType('slug-taken')], [500, problemType('internal-error')]],
      total: 2,
    }),
  correct: (seen) =>
    expect(seen).toEqual({
      results: [[201, 'news'], [201, 'tech'], [409, problemType('slug-taken')], [409, problemType('slug-taken')]],
      total: 2,
    }),
});

add({
  fault: 'post-update-image-url-scheme-lowercase',
  what: 'updatePost must take image URLs whose scheme is written in capitals',
  observe: async ({ api }) => {
    const page = await newPage(api, 'Blog');
    const post = (await newPost(api, page, { title: 'Cover', cover_image_url: 'HTTPS://CDN.EXAMPLE/A.PNG' })).id;
    const patch = async (body: Record<string, unknown>) => {
      const answer = await api('PATCH', `/pages/${page}/posts/${post}`, { body });
      return answer.status === 200 ? [200, answer.body.cover_image_url, answer.body.og_image_url] : [answer.status, fields(answer.body)];
    };
    return [
      await patch({ cover_image_url: 'https://cdn.example/a.png' }),
      await patch({ cover_image_url: 'HTTPS://CDN.EXAMPLE/B.PNG', og_image_url: 'Http://cdn.example/c.png' }),
      await patch({ cover_image_url: null }),
    ];
  },
  broken: (seen) =>
    expect(seen).toEqual([[200, 'https://cdn.example/a.png', null], [422, ['cover_image_url', 'og_image_url']], [200, null, null]]),
  correct: (seen) =>
    expect(seen).toEqual([
      [200, 'https://cdn.example/a.png', null],
      [200, 'HTTPS://CDN.EXAMPLE/B.PNG', 'Http://cdn.example/c.png'],
      [200, null, 'Http://cdn.example/c.png'],
    ]),
});

contrastFaults('faults of the thirty-first look', cases);
