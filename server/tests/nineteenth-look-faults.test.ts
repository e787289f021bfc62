/**
 * The faults of server/faults/nineteenth-look.ts really break what they name: each case runs the same
 * requests against the server with the fault and without it, and requires the broken answer from the
 * first and the one the contract requires from the second. Each case also makes the first request a
 * test would make and shows it right on both servers, so the fault is one only a second look finds.
 */
import { expect } from 'vitest';
import { contrastFaults, type FaultContrast } from './fault-contrast.ts';
import { hoursFromNow, newsletterWithReader, problemType } from './contrast-fixtures.ts';
import type { Api } from './harness.ts';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

const cases: FaultContrast<any>[] = [];
const add = <T>(c: FaultContrast<T>) => cases.push(c);

const newPage = async (api: Api, name: string) => (await api('POST', '/pages', { body: { name } })).body.id as number;
const upload = async (api: Api, bytes: Buffer) => {
  const data = new FormData();
  data.append('file', new Blob([bytes], { type: 'image/png' }), 'photo.png');
  const answer = await api('POST', '/images/upload', { raw: data });
  return { status: answer.status, url: answer.body.url as string };
};

add({
  fault: 'upload-same-bytes-same-url',
  what: 'an upload gets a URL; a second upload of the same bytes must get a new random one',
  observe: async ({ api }) => {
    const first = await upload(api, PNG);
    const second = await upload(api, PNG);
    return { statuses: [first.status, second.status], same: first.url === second.url };
  },
  broken: (seen) => expect(seen).toEqual({ statuses: [201, 201], same: true }),
  correct: (seen) => expect(seen).toEqual({ statuses: [201, 201], same: false }),
});

add({
  fault: 'author-inactive-update-not-stored',
  what: "an active author's change is kept; an inactive author's change must be kept too",
  observe: async ({ api, authorId }) => {
    const path = `/authors/${authorId}`;
    await api('PATCH', path, { body: { position: 'Editor' } });
    const active = (await api('GET', path)).body.position;
    await api('PATCH', path, { body: { active: false } });
    const answered = (await api('PATCH', path, { body: { position: 'Former editor' } })).body.position;
    return { active, answered, read: (await api('GET', path)).body.position };
  },
  broken: (seen) => expect(seen).toEqual({ active: 'Editor', answered: 'Former editor', read: 'Editor' }),
  correct: (seen) => expect(seen).toEqual({ active: 'Editor', answered: 'Former editor', read: 'Former editor' }),
});

add({
  fault: 'newsletter-rename-409-touches-updated-at',
  what: 'a rename to a taken name is 409; the refused rename must leave updated_at as it was',
  observe: async ({ api }) => {
    await api('POST', '/newsletters', { body: { name: 'Weekly' } });
    const id = (await api('POST', '/newsletters', { body: { name: 'Daily' } })).body.id;
    const before = (await api('GET', `/newsletters/${id}`)).body.updated_at;
    await new Promise((resolve) => setTimeout(resolve, 20));
    const refused = await api('PATCH', `/newsletters/${id}`, { body: { name: 'weekly' } });
    // The next request on the same connection is served after the refused one has finished.
    await api('GET', '/newsletters');
    const after = (await api('GET', `/newsletters/${id}`)).body.updated_at;
    return { refused: [refused.status, refused.body.type], unchanged: after === before };
  },
  broken: (seen) => expect(seen).toEqual({ refused: [409, problemType('name-taken')], unchanged: false }),
  correct: (seen) => expect(seen).toEqual({ refused: [409, problemType('name-taken')], unchanged: true }),
});

add({
  fault: 'posts-large-size-every-page',
  what: "the default size lists the page's own posts; size 100 must list only them too",
  observe: async ({ api }) => {
    const mine = await newPage(api, 'Mine');
    const other = await newPage(api, 'Other');
    await api('POST', `/pages/${mine}/posts`, { body: { title: 'Mine' } });
    await api('POST', `/pages/${other}/posts`, { body: { title: 'Other' } });
    const totals = async (query: string) => (await api('GET', `/pages/${mine}/posts${query}`)).body.total;
    return { default: await totals(''), size50: await totals('?size=50'), size100: await totals('?size=100') };
  },
  broken: (seen) => expect(seen).toEqual({ default: 1, size50: 1, size100: 2 }),
  correct: (seen) => expect(seen).toEqual({ default: 1, size50: 1, size100: 1 }),
});

add({
  fault: 'post-unpublish-not-stored',
  what: 'publishing a draft is kept; returning a published post to draft must be kept too',
  observe: async ({ api }) => {
    const page = await newPage(api, 'Blog');
    const post = (await api('POST', `/pages/${page}/posts`, { body: { title: 'Hello' } })).body.id;
    const path = `/pages/${page}/posts/${post}`;
    await api('PATCH', path, { body: { status: 'published' } });
    const published = (await api('GET', path)).body.status;
    const answered = (await api('PATCH', path, { body: { status: 'draft' } })).body.status;
    return { published, answered, read: (await api('GET', path)).body.status };
  },
  broken: (seen) => expect(seen).toEqual({ published: 'published', answered: 'draft', read: 'published' }),
  correct: (seen) => expect(seen).toEqual({ published: 'published', answered: 'draft', read: 'draft' }),
});

add({
  fault: 'category-update-color-capitals-only',
  what: 'createCategory takes #1e90ff and updateCategory takes #1E90FF; updateCategory must take #1e90ff too',
  observe: async ({ api }) => {
    const page = await newPage(api, 'Blog');
    const created = await api('POST', `/pages/${page}/categories`, { body: { name: 'News', color: '#1e90ff' } });
    const path = `/pages/${page}/categories/${created.body.id}`;
    const capitals = await api('PATCH', path, { body: { color: '#FF0000' } });
    const lower = await api('PATCH', path, { body: { color: '#00ff00' } });
    return { created: created.status, capitals: capitals.status, lower: [lower.status, lower.body.errors?.[0]?.field ?? lower.body.color] };
  },
  broken: (seen) => expect(seen).toEqual({ created: 201, capitals: 200, lower: [422, 'color'] }),
  correct: (seen) => expect(seen).toEqual({ created: 201, capitals: 200, lower: [200, '#00ff00'] }),
});

add({
  fault: 'category-update-answer-over-first-read',
  what: 'a first update answers the category as stored; a second update of another field must too',
  observe: async ({ api }) => {
    const page = await newPage(api, 'Blog');
    const id = (await api('POST', `/pages/${page}/categories`, { body: { name: 'News' } })).body.id;
    const path = `/pages/${page}/categories/${id}`;
    const first = (await api('PATCH', path, { body: { name: 'Updates' } })).body.name;
    const second = (await api('PATCH', path, { body: { description: 'What changed' } })).body;
    return { first, second: [second.name, second.description], read: (await api('GET', path)).body.name };
  },
  broken: (seen) => expect(seen).toEqual({ first: 'Updates', second: ['News', 'What changed'], read: 'Updates' }),
  correct: (seen) => expect(seen).toEqual({ first: 'Updates', second: ['Updates', 'What changed'], read: 'Updates' }),
});

add({
  fault: 'send-later-skips-readiness',
  what: 'sending an email without content now is 422; scheduling it for later must be 422 too',
  observe: async ({ api }) => {
    const newsletter = await newsletterWithReader(api, 'Weekly');
    const id = (await api('POST', `/newsletters/${newsletter}/emails`, { body: { subject: 'Soon' } })).body.id;
    const path = `/newsletters/${newsletter}/emails/${id}`;
    const now = await api('POST', `${path}/send`);
    const later = await api('POST', `${path}/send`, { body: { scheduled_at: hoursFromNow(3) } });
    return { now: [now.status, now.body.type], later: [later.status, later.body.type ?? later.body.status], read: (await api('GET', path)).body.status };
  },
  broken: (seen) => expect(seen).toEqual({ now: [422, problemType('email-not-sendable')], later: [200, 'scheduled'], read: 'scheduled' }),
  correct: (seen) =>
    expect(seen).toEqual({ now: [422, problemType('email-not-sendable')], later: [422, problemType('email-not-sendable')], read: 'draft' }),
});

add({
  fault: 'subscriber-unknown-field-names-email',
  what: 'an invalid address is named; a valid one beside an unknown field must not be',
  observe: async ({ api }) => {
    const newsletter = (await api('POST', '/newsletters', { body: { name: 'Weekly' } })).body.id;
    const path = `/newsletters/${newsletter}/subscribers`;
    const fields = async (body: unknown) => {
      const answer = await api('POST', path, { body });
      return [answer.status, (answer.body.errors as { field: string }[]).map((e) => e.field).sort()];
    };
    return { invalid: await fields({ email: 'not an address' }), unknown: await fields({ email: 'ada@example.com', name: 'Ada' }) };
  },
  broken: (seen) => expect(seen).toEqual({ invalid: [422, ['email']], unknown: [422, ['email', 'name']] }),
  correct: (seen) => expect(seen).toEqual({ invalid: [422, ['email']], unknown: [422, ['name']] }),
});

add({
  fault: 'upsert-existing-without-cors',
  what: "a new subscriber's answer carries the CORS fields; the answer for an address already there must too",
  observe: async ({ api }) => {
    const newsletter = (await api('POST', '/newsletters', { body: { name: 'Weekly' } })).body.id;
    const subscribe = async () => {
      const answer = await api('POST', `/newsletters/${newsletter}/subscribers`, { body: { email: 'ada@example.com' }, headers: { Origin: 'https://app.example' } });
      return [answer.status, answer.headers.get('access-control-allow-origin'), answer.headers.has('access-control-expose-headers')];
    };
    return { created: await subscribe(), again: await subscribe() };
  },
  broken: (seen) => expect(seen).toEqual({ created: [200, '*', true], again: [200, null, false] }),
  correct: (seen) => expect(seen).toEqual({ created: [200, '*', true], again: [200, '*', true] }),
});

add({
  fault: 'send-later-answers-sub-millisecond',
  what: 'a time with milliseconds is answered in UTC; one with microseconds must be answered with milliseconds',
  observe: async ({ api }) => {
    const newsletter = await newsletterWithReader(api, 'Weekly');
    const send = async (at: string) => {
      const id = (await api('POST', `/newsletters/${newsletter}/emails`, { body: { subject: 'Soon', content_html: '<p>Hi</p>' } })).body.id;
      return (await api('POST', `/newsletters/${newsletter}/emails/${id}/send`, { body: { scheduled_at: at } })).body.scheduled_at;
    };
    return { millis: await send('2099-01-01T12:00:00.123+02:00'), micros: await send('2099-01-01T12:00:00.123456+02:00') };
  },
  broken: (seen) => expect(seen).toEqual({ millis: '2099-01-01T10:00:00.123Z', micros: '2099-01-01T10:00:00.123456Z' }),
  correct: (seen) => expect(seen).toEqual({ millis: '2099-01-01T10:00:00.123Z', micros: '2099-01-01T10:00:00.123Z' }),
});

add({
  fault: 'head-page-content-length-zero',
  what: "HEAD of a page answers 200 as GET does; its Content-Length must be GET's",
  observe: async ({ api }) => {
    const id = await newPage(api, 'Blog');
    const get = await api('GET', `/pages/${id}`);
    const head = await api('HEAD', `/pages/${id}`);
    const length = Number(get.headers.get('content-length') ?? Buffer.byteLength(JSON.stringify(get.body)));
    return { status: head.status, matches: head.headers.get('content-length') === String(length), positive: length > 0 };
  },
  broken: (seen) => expect(seen).toEqual({ status: 200, matches: false, positive: true }),
  correct: (seen) => expect(seen).toEqual({ status: 200, matches: true, positive: true }),
});

contrastFaults('faults of the nineteenth look', cases);
