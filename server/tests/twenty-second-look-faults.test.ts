/**
 * The faults of server/faults/twenty-second-look.ts really break what they name: each case runs the
 * same requests against the server with the fault and without it, and requires the broken answer from
 * the first and the one the contract requires from the second.
 */
import { expect } from 'vitest';
import { contrastFaults, type FaultContrast } from './fault-contrast.ts';
import { problemType } from './contrast-fixtures.ts';
import type { Api } from './harness.ts';

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]), Buffer.alloc(64)]);

const cases: FaultContrast<any>[] = [];
const add = <T>(c: FaultContrast<T>) => cases.push(c);

const newPage = async (api: Api, name: string) => (await api('POST', '/pages', { body: { name } })).body.id as number;

add({
  fault: 'category-delete-posts-to-oldest-category',
  what: "a deleted category's post must be left with category_id null when another category remains",
  observe: async ({ api }) => {
    const page = await newPage(api, 'Blog');
    const first = (await api('POST', `/pages/${page}/categories`, { body: { name: 'General' } })).body.id;
    const second = (await api('POST', `/pages/${page}/categories`, { body: { name: 'News' } })).body.id;
    const post = (await api('POST', `/pages/${page}/posts`, { body: { title: 'Hello', category_id: second } })).body.id;
    await api('DELETE', `/pages/${page}/categories/${second}`);
    const category = (await api('GET', `/pages/${page}/posts/${post}`)).body.category_id;
    return { kept: first > 0, category: category === first ? 'first' : category };
  },
  broken: (seen) => expect(seen).toEqual({ kept: true, category: 'first' }),
  correct: (seen) => expect(seen).toEqual({ kept: true, category: null }),
});

add({
  fault: 'category-delete-other-page-204-kept',
  what: 'a category deleted through another page of the workspace must be 404 and stay',
  observe: async ({ api }) => {
    const page = await newPage(api, 'Blog');
    const other = await newPage(api, 'Other');
    const category = (await api('POST', `/pages/${page}/categories`, { body: { name: 'News' } })).body.id;
    const missing = (await api('DELETE', `/pages/${other}/categories/999999`)).status;
    const through = (await api('DELETE', `/pages/${other}/categories/${category}`)).status;
    return { missing, through, after: (await api('GET', `/pages/${page}/categories/${category}`)).status };
  },
  broken: (seen) => expect(seen).toEqual({ missing: 404, through: 204, after: 200 }),
  correct: (seen) => expect(seen).toEqual({ missing: 404, through: 404, after: 200 }),
});

add({
  fault: 'post-draft-retitle-moves-slug',
  what: "a draft's slug must stay when its title changes",
  observe: async ({ api }) => {
    const page = await newPage(api, 'Blog');
    const post = (await api('POST', `/pages/${page}/posts`, { body: { title: 'First title' } })).body;
    const answered = (await api('PATCH', `/pages/${page}/posts/${post.id}`, { body: { title: 'Second title' } })).body.slug;
    return { created: post.slug, answered, read: (await api('GET', `/pages/${page}/posts/${post.id}`)).body.slug };
  },
  broken: (seen) => expect(seen).toEqual({ created: 'first-title', answered: 'second-title', read: 'second-title' }),
  correct: (seen) => expect(seen).toEqual({ created: 'first-title', answered: 'first-title', read: 'first-title' }),
});

add({
  fault: 'author-short-description-fills-long',
  what: 'a PATCH of short_description alone must leave an empty long_description empty',
  observe: async ({ api, authorId }) => {
    const path = `/authors/${authorId}`;
    await api('PATCH', path, { body: { short_description: 'Writes about tea.' } });
    return { long: (await api('GET', path)).body.long_description };
  },
  broken: (seen) => expect(seen).toEqual({ long: 'Writes about tea.' }),
  correct: (seen) => expect(seen).toEqual({ long: null }),
});

add({
  fault: 'subscriber-pending-after-unsubscribe-elsewhere',
  what: 'an address deleted from one newsletter must be active and verified when it subscribes to another',
  observe: async ({ api }) => {
    const one = (await api('POST', '/newsletters', { body: { name: 'One' } })).body.id;
    const two = (await api('POST', '/newsletters', { body: { name: 'Two' } })).body.id;
    const first = (await api('POST', `/newsletters/${one}/subscribers`, { body: { email: 'ada@example.com' } })).body;
    await api('DELETE', `/newsletters/${one}/subscribers/${first.id}`);
    const second = (await api('POST', `/newsletters/${two}/subscribers`, { body: { email: 'ada@example.com' } })).body;
    return { first: [first.status, first.verified], second: [second.status, second.verified] };
  },
  broken: (seen) => expect(seen).toEqual({ first: ['active', true], second: ['pending', false] }),
  correct: (seen) => expect(seen).toEqual({ first: ['active', true], second: ['active', true] }),
});

add({
  fault: 'upload-jpeg-url-extension-jpeg',
  what: "a JPEG must be served at the URL its upload answers",
  observe: async ({ api }) => {
    const data = new FormData();
    data.append('file', new Blob([JPEG], { type: 'image/jpeg' }), 'photo.jpg');
    const uploaded = await api('POST', '/images/upload', { raw: data });
    const served = await fetch(uploaded.body.url);
    await served.arrayBuffer();
    return { uploaded: uploaded.status, served: served.status };
  },
  broken: (seen) => expect(seen).toEqual({ uploaded: 201, served: 404 }),
  correct: (seen) => expect(seen).toEqual({ uploaded: 201, served: 200 }),
});

add({
  fault: 'page-letterless-name-slug-taken',
  what: 'a second page named without letters must get a suffixed slug',
  observe: async ({ api }) => {
    const first = await api('POST', '/pages', { body: { name: '🎉' } });
    const second = await api('POST', '/pages', { body: { name: '🎉🎉' } });
    return { first: [first.status, first.body.slug], second: second.status === 201 ? [201, second.body.slug] : [second.status, second.body.type] };
  },
  broken: (seen) => expect(seen).toEqual({ first: [201, 'page'], second: [409, problemType('slug-taken')] }),
  correct: (seen) => expect(seen).toEqual({ first: [201, 'page'], second: [201, 'page-1'] }),
});

add({
  fault: 'author-401-wrong-token-unchallenged',
  what: 'a 401 for an unknown token must carry WWW-Authenticate as one without a token does',
  observe: async ({ api, authorId }) => {
    const none = await api('GET', `/authors/${authorId}`, { token: null });
    const wrong = await api('GET', `/authors/${authorId}`, { token: 'not-a-token' });
    return { none: [none.status, none.headers.has('www-authenticate')], wrong: [wrong.status, wrong.headers.has('www-authenticate')] };
  },
  broken: (seen) => expect(seen).toEqual({ none: [401, true], wrong: [401, false] }),
  correct: (seen) => expect(seen).toEqual({ none: [401, true], wrong: [401, true] }),
});

add({
  fault: 'newsletter-recase-keeps-updated-at',
  what: 'a rename in letter case alone must move updated_at',
  observe: async ({ api }) => {
    const created = (await api('POST', '/newsletters', { body: { name: 'Weekly' } })).body;
    await new Promise((resolve) => setTimeout(resolve, 20));
    const renamed = (await api('PATCH', `/newsletters/${created.id}`, { body: { name: 'WEEKLY' } })).body;
    return { name: renamed.name, moved: renamed.updated_at > created.updated_at };
  },
  broken: (seen) => expect(seen).toEqual({ name: 'WEEKLY', moved: false }),
  correct: (seen) => expect(seen).toEqual({ name: 'WEEKLY', moved: true }),
});

add({
  fault: 'category-create-422-path-only',
  what: 'an invalid page id and an invalid colour must both be named',
  observe: async ({ api }) => {
    const answer = await api('POST', '/pages/abc/categories', { body: { name: 'News', color: 'red' } });
    return { status: answer.status, fields: (answer.body.errors as { field: string }[]).map((e) => e.field).sort() };
  },
  broken: (seen) => expect(seen).toEqual({ status: 422, fields: ['path.page_id'] }),
  correct: (seen) => expect(seen).toEqual({ status: 422, fields: ['color', 'path.page_id'] }),
});

add({
  fault: 'emails-past-the-end-422',
  what: 'a page of emails past the end must be 200 with an empty result and the true total',
  observe: async ({ api }) => {
    const newsletter = (await api('POST', '/newsletters', { body: { name: 'Weekly' } })).body.id;
    await api('POST', `/newsletters/${newsletter}/emails`, { body: { subject: 'Hello' } });
    const past = await api('GET', `/newsletters/${newsletter}/emails?page=3`);
    return past.status === 200 ? [200, past.body.total, past.body.result.length] : [past.status, past.body.errors?.[0]?.field];
  },
  broken: (seen) => expect(seen).toEqual([422, 'query.page']),
  correct: (seen) => expect(seen).toEqual([200, 1, 0]),
});

contrastFaults('faults of the twenty-second look', cases);
