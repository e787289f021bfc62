/**
 * The faults of server/faults/twenty-first-look.ts really break what they name: each case runs the
 * same requests against the server with the fault and without it, and requires the broken answer from
 * the first and the one the contract requires from the second.
 */
import { expect } from 'vitest';
import { contrastFaults, type FaultContrast } from './fault-contrast.ts';
import { ids, newsletterWithReader, problemType } from './contrast-fixtures.ts';
import type { Api } from './harness.ts';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

const cases: FaultContrast<any>[] = [];
const add = <T>(c: FaultContrast<T>) => cases.push(c);

const newPage = async (api: Api, name: string) => (await api('POST', '/pages', { body: { name } })).body.id as number;
const newEmail = async (api: Api, newsletter: number, subject: string) =>
  (await api('POST', `/newsletters/${newsletter}/emails`, { body: { subject, content_html: '<p>Hello</p>' } })).body.id as number;
const upload = async (api: Api, bytes: Buffer) => {
  const data = new FormData();
  data.append('file', new Blob([bytes], { type: 'image/png' }), 'photo.png');
  return (await api('POST', '/images/upload', { raw: data })).body.url as string;
};
const mediaType = (headers: Headers) => headers.get('content-type')?.split(';')[0];
/** An instant `hours` ahead, on a whole second and then 250 milliseconds. */
const aheadWithMillis = (hours: number) => new Date(Math.floor((Date.now() + hours * 3_600_000) / 1000) * 1000 + 250).toISOString();

add({
  fault: 'author-position-html-escaped',
  what: 'a plain position is kept; one with an ampersand must be kept as sent too',
  observe: async ({ api, authorId }) => {
    const path = `/authors/${authorId}`;
    await api('PATCH', path, { body: { position: 'Editor' } });
    const plain = (await api('GET', path)).body.position;
    const answered = (await api('PATCH', path, { body: { position: 'R&D lead' } })).body.position;
    return { plain, answered, read: (await api('GET', path)).body.position };
  },
  broken: (seen) => expect(seen).toEqual({ plain: 'Editor', answered: 'R&amp;D lead', read: 'R&amp;D lead' }),
  correct: (seen) => expect(seen).toEqual({ plain: 'Editor', answered: 'R&D lead', read: 'R&D lead' }),
});

add({
  fault: 'category-short-colour-expanded-on-update',
  what: 'a created #abc is kept; a recolour to #f80 must be kept as given too',
  observe: async ({ api }) => {
    const page = await newPage(api, 'Blog');
    const created = (await api('POST', `/pages/${page}/categories`, { body: { name: 'News', color: '#abc' } })).body;
    const path = `/pages/${page}/categories/${created.id}`;
    await api('PATCH', path, { body: { color: '#f80' } });
    return { created: created.color, updated: (await api('GET', path)).body.color };
  },
  broken: (seen) => expect(seen).toEqual({ created: '#abc', updated: '#ff8800' }),
  correct: (seen) => expect(seen).toEqual({ created: '#abc', updated: '#f80' }),
});

add({
  fault: 'newsletter-rename-409-before-404',
  what: 'a missing newsletter renamed to a free name is 404; renamed to a used name it must be 404 too',
  observe: async ({ api }) => {
    await api('POST', '/newsletters', { body: { name: 'Weekly' } });
    const free = await api('PATCH', '/newsletters/999999', { body: { name: 'Fresh' } });
    const used = await api('PATCH', '/newsletters/999999', { body: { name: 'Weekly' } });
    return { free: free.status, used: used.status, type: used.body.type };
  },
  broken: (seen) => expect(seen).toEqual({ free: 404, used: 409, type: problemType('name-taken') }),
  correct: (seen) => expect(seen).toEqual({ free: 404, used: 404, type: problemType('not-found') }),
});

add({
  fault: 'pages-offset-size-capped-at-50',
  what: 'at size 51, page 2 of 52 pages must hold the one page that page 1 does not',
  observe: async ({ api }) => {
    for (let n = 1; n <= 52; n++) await newPage(api, `Blog ${n}`);
    const first = ids((await api('GET', '/pages?size=51&page=1')).body);
    const second = ids((await api('GET', '/pages?size=51&page=2')).body);
    return { first: first.length, second: second.length, repeated: second.filter((id) => first.includes(id)).length };
  },
  broken: (seen) => expect(seen).toEqual({ first: 51, second: 2, repeated: 1 }),
  correct: (seen) => expect(seen).toEqual({ first: 51, second: 1, repeated: 0 }),
});

add({
  fault: 'upsert-existing-as-problem-json',
  what: "a new address is answered as JSON; an address already there must be answered as JSON too",
  observe: async ({ api }) => {
    const newsletter = (await api('POST', '/newsletters', { body: { name: 'Weekly' } })).body.id;
    const created = await api('POST', `/newsletters/${newsletter}/subscribers`, { body: { email: 'ada@example.com' } });
    const again = await api('POST', `/newsletters/${newsletter}/subscribers`, { body: { email: 'ada@example.com' } });
    return { created: [created.status, mediaType(created.headers)], again: [again.status, mediaType(again.headers)] };
  },
  broken: (seen) => expect(seen).toEqual({ created: [200, 'application/json'], again: [200, 'application/problem+json'] }),
  correct: (seen) => expect(seen).toEqual({ created: [200, 'application/json'], again: [200, 'application/json'] }),
});

add({
  fault: 'image-head-untyped',
  what: "GET of an uploaded image answers its type; HEAD must answer the same",
  observe: async ({ api }) => {
    const url = await upload(api, PNG);
    const get = await fetch(url);
    await get.arrayBuffer();
    const head = await fetch(url, { method: 'HEAD' });
    return { get: [get.status, mediaType(get.headers)], head: [head.status, mediaType(head.headers)] };
  },
  broken: (seen) => expect(seen).toEqual({ get: [200, 'image/png'], head: [200, 'application/octet-stream'] }),
  correct: (seen) => expect(seen).toEqual({ get: [200, 'image/png'], head: [200, 'image/png'] }),
});

add({
  fault: 'send-other-newsletter-unready-422',
  what: 'an email sent through another newsletter with readers is 404; through one without readers it must be 404 too',
  observe: async ({ api }) => {
    const own = await newsletterWithReader(api, 'Own');
    const withReaders = await newsletterWithReader(api, 'Readers');
    const empty = (await api('POST', '/newsletters', { body: { name: 'Empty' } })).body.id;
    const email = await newEmail(api, own, 'Hello');
    const throughReaders = await api('POST', `/newsletters/${withReaders}/emails/${email}/send`, { body: {} });
    const throughEmpty = await api('POST', `/newsletters/${empty}/emails/${email}/send`, { body: {} });
    const status = (await api('GET', `/newsletters/${own}/emails/${email}`)).body.status;
    return { throughReaders: throughReaders.status, throughEmpty: throughEmpty.status, type: throughEmpty.body.type, status };
  },
  broken: (seen) => expect(seen).toEqual({ throughReaders: 404, throughEmpty: 422, type: problemType('email-not-sendable'), status: 'draft' }),
  correct: (seen) => expect(seen).toEqual({ throughReaders: 404, throughEmpty: 404, type: problemType('not-found'), status: 'draft' }),
});

add({
  fault: 'not-sendable-emoji-subject-blank',
  what: 'an email with a subject of words is sent; one with a subject of emoji must be sent too',
  observe: async ({ api }) => {
    const newsletter = await newsletterWithReader(api, 'Weekly');
    const words = await api('POST', `/newsletters/${newsletter}/emails/${await newEmail(api, newsletter, 'Party time')}/send`, { body: {} });
    const emoji = await api('POST', `/newsletters/${newsletter}/emails/${await newEmail(api, newsletter, '🎉🎉')}/send`, { body: {} });
    return { words: words.status, emoji: emoji.status, fields: emoji.body.errors?.map((e: { field: string }) => e.field) ?? null };
  },
  broken: (seen) => expect(seen).toEqual({ words: 200, emoji: 422, fields: ['subject'] }),
  correct: (seen) => expect(seen).toEqual({ words: 200, emoji: 200, fields: null }),
});

add({
  fault: 'reschedule-drops-milliseconds',
  what: "a first send later keeps the time's milliseconds; a reschedule must keep them too",
  observe: async ({ api }) => {
    const newsletter = await newsletterWithReader(api, 'Weekly');
    const email = await newEmail(api, newsletter, 'Hello');
    const send = `/newsletters/${newsletter}/emails/${email}/send`;
    const first = aheadWithMillis(1);
    const second = aheadWithMillis(2);
    const firstAnswer = (await api('POST', send, { body: { scheduled_at: first } })).body.scheduled_at;
    const secondAnswer = (await api('POST', send, { body: { scheduled_at: second } })).body.scheduled_at;
    const read = (await api('GET', `/newsletters/${newsletter}/emails/${email}`)).body.scheduled_at;
    return { first: firstAnswer === first, second: secondAnswer === second, read: read === second, readMillis: read.slice(-5) };
  },
  broken: (seen) => expect(seen).toEqual({ first: true, second: false, read: false, readMillis: '.000Z' }),
  correct: (seen) => expect(seen).toEqual({ first: true, second: true, read: true, readMillis: '.250Z' }),
});

add({
  fault: 'upload-png-trailing-bytes-dropped',
  what: 'a plain PNG is served as uploaded; a PNG with bytes after its last chunk must be served whole too',
  observe: async ({ api }) => {
    const served = async (bytes: Buffer) => Buffer.from(await (await fetch(await upload(api, bytes))).arrayBuffer());
    const trailed = Buffer.concat([PNG, Buffer.from('appended by an editor')]);
    return { plain: (await served(PNG)).equals(PNG), trailedWhole: (await served(trailed)).equals(trailed) };
  },
  broken: (seen) => expect(seen).toEqual({ plain: true, trailedWhole: false }),
  correct: (seen) => expect(seen).toEqual({ plain: true, trailedWhole: true }),
});

add({
  fault: 'posts-list-without-images',
  what: "getPost shows a post's cover image; listPosts must show it too",
  observe: async ({ api }) => {
    const page = await newPage(api, 'Blog');
    const cover = 'https://cdn.example.com/cover.png';
    const post = (await api('POST', `/pages/${page}/posts`, { body: { title: 'Hello', cover_image_url: cover, og_image_url: cover } })).body;
    const got = (await api('GET', `/pages/${page}/posts/${post.id}`)).body;
    const listed = (await api('GET', `/pages/${page}/posts`)).body.result[0];
    return { got: [got.cover_image_url, got.og_image_url], listed: [listed.cover_image_url, listed.og_image_url] };
  },
  broken: (seen) => expect(seen).toEqual({ got: ['https://cdn.example.com/cover.png', 'https://cdn.example.com/cover.png'], listed: [null, null] }),
  correct: (seen) =>
    expect(seen).toEqual({ got: ['https://cdn.example.com/cover.png', 'https://cdn.example.com/cover.png'], listed: ['https://cdn.example.com/cover.png', 'https://cdn.example.com/cover.png'] }),
});

add({
  fault: 'post-update-reference-before-404',
  what: "a missing post patched with a title is 404; patched with another page's category it must be 404 too",
  observe: async ({ api }) => {
    const page = await newPage(api, 'Blog');
    const other = await newPage(api, 'Other');
    const foreign = (await api('POST', `/pages/${other}/categories`, { body: { name: 'News' } })).body.id;
    const post = (await api('POST', `/pages/${page}/posts`, { body: { title: 'Hello' } })).body.id;
    const title = await api('PATCH', `/pages/${page}/posts/999999`, { body: { title: 'Hi' } });
    const missing = await api('PATCH', `/pages/${page}/posts/999999`, { body: { category_id: foreign } });
    const existing = await api('PATCH', `/pages/${page}/posts/${post}`, { body: { category_id: foreign } });
    return { title: title.status, missing: missing.status, existing: existing.status };
  },
  broken: (seen) => expect(seen).toEqual({ title: 404, missing: 422, existing: 422 }),
  correct: (seen) => expect(seen).toEqual({ title: 404, missing: 404, existing: 422 }),
});

contrastFaults('faults of the twenty-first look', cases);
