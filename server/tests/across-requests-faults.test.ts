/**
 * The faults of server/faults/across-requests.ts really break what they name: each case runs the same
 * requests against the server with the fault and without it, and requires the broken answer from the
 * first and the one the contract requires from the second.
 */
import { expect } from 'vitest';
import type { TestServer } from './harness.ts';
import { contrastFaults, type FaultContrast } from './fault-contrast.ts';

const future = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ids = (list: { result: { id: number }[] }) => list.result.map((item) => item.id);

const cases: FaultContrast<any>[] = [];
const add = <T>(c: FaultContrast<T>) => cases.push(c);

add({
  fault: 'category-recolor-not-stored',
  what: 'a second colour is answered, the first one stays stored',
  observe: async ({ api }) => {
    const page = (await api('POST', '/pages', { body: { name: 'Blog' } })).body.id;
    const category = (await api('POST', `/pages/${page}/categories`, { body: { name: 'News', color: '#112233' } })).body.id;
    const answered = (await api('PATCH', `/pages/${page}/categories/${category}`, { body: { color: '#445566' } })).body.color;
    const stored = (await api('GET', `/pages/${page}/categories/${category}`)).body.color;
    return { answered, stored };
  },
  broken: (seen) => expect(seen).toEqual({ answered: '#445566', stored: '#112233' }),
  correct: (seen) => expect(seen).toEqual({ answered: '#445566', stored: '#445566' }),
});

add({
  fault: 'newsletter-rename-keeps-name-key',
  what: 'after a rename the old name stays taken and the new one is not',
  observe: async ({ api }) => {
    const id = (await api('POST', '/newsletters', { body: { name: 'Alpha' } })).body.id;
    expect((await api('PATCH', `/newsletters/${id}`, { body: { name: 'Beta' } })).status).toBe(200);
    const oldName = (await api('POST', '/newsletters', { body: { name: 'Alpha' } })).status;
    const newName = (await api('POST', '/newsletters', { body: { name: 'BETA' } })).status;
    return { oldName, newName };
  },
  broken: (seen) => {
    expect(seen.oldName).toBe(409);
    expect(seen.newName).not.toBe(409);
  },
  correct: (seen) => expect(seen).toEqual({ oldName: 201, newName: 409 }),
});

add({
  fault: 'emails-status-filtered-after-paging',
  what: 'page 1 of the drafts is empty while the newest emails are scheduled, the total says 2',
  observe: async ({ api }) => {
    const newsletter = (await api('POST', '/newsletters', { body: { name: 'Weekly' } })).body.id;
    await api('POST', `/newsletters/${newsletter}/subscribers`, { body: { email: 'reader@example.org' } });
    const email = async () => (await api('POST', `/newsletters/${newsletter}/emails`, { body: { subject: 'Issue', content_html: '<p>Hi</p>' } })).body.id as number;
    const drafts = [await email(), await email()];
    for (const scheduled of [await email(), await email()]) {
      expect((await api('POST', `/newsletters/${newsletter}/emails/${scheduled}/send`, { body: { scheduled_at: future(60) } })).status).toBe(200);
    }
    const page1 = (await api('GET', `/newsletters/${newsletter}/emails?status=draft&size=2`)).body;
    return { drafts: [...drafts].reverse(), listed: ids(page1), total: page1.total };
  },
  broken: (seen) => expect({ listed: seen.listed, total: seen.total }).toEqual({ listed: [], total: 2 }),
  correct: (seen) => expect({ listed: seen.listed, total: seen.total }).toEqual({ listed: seen.drafts, total: 2 }),
});

add({
  fault: 'email-slug-cut-before-transliteration',
  what: 'a subject of 100 é gets 45 letters of slug; 100 a still get 90',
  observe: async ({ api }) => {
    const newsletter = (await api('POST', '/newsletters', { body: { name: 'Weekly' } })).body.id;
    const accented = (await api('POST', `/newsletters/${newsletter}/emails`, { body: { subject: 'é'.repeat(100) } })).body.slug;
    const ascii = (await api('POST', `/newsletters/${newsletter}/emails`, { body: { subject: 'a'.repeat(100) } })).body.slug;
    return { accented, ascii };
  },
  broken: (seen) => expect(seen).toEqual({ accented: 'e'.repeat(45), ascii: 'a'.repeat(90) }),
  correct: (seen) => expect(seen).toEqual({ accented: 'e'.repeat(90), ascii: 'a'.repeat(90) }),
});

add({
  fault: 'page-rename-name-taken-global',
  what: "a rename to a name only another workspace uses is a 409; creating it is still accepted",
  observe: async ({ api, otherToken }) => {
    for (const name of ['Shared Name', 'Also Shared']) expect((await api('POST', '/pages', { body: { name }, token: otherToken })).status).toBe(201);
    const create = (await api('POST', '/pages', { body: { name: 'Also Shared' } })).status;
    const page = (await api('POST', '/pages', { body: { name: 'Mine' } })).body.id;
    const rename = (await api('PATCH', `/pages/${page}`, { body: { name: 'shared name' } })).status;
    return { rename, create };
  },
  broken: (seen) => expect(seen).toEqual({ rename: 409, create: 201 }),
  correct: (seen) => expect(seen).toEqual({ rename: 200, create: 201 }),
});

add({
  fault: 'head-422-as-200',
  what: 'HEAD of listSubscribers?size=0 answers 200, GET 422',
  observe: async ({ api }) => {
    const newsletter = (await api('POST', '/newsletters', { body: { name: 'Weekly' } })).body.id;
    const head = (await api('HEAD', `/newsletters/${newsletter}/subscribers?size=0`)).status;
    const get = (await api('GET', `/newsletters/${newsletter}/subscribers?size=0`)).status;
    const headValid = (await api('HEAD', `/newsletters/${newsletter}/subscribers?size=5`)).status;
    return { head, get, headValid };
  },
  broken: (seen) => expect(seen).toEqual({ head: 200, get: 422, headValid: 200 }),
  correct: (seen) => expect(seen).toEqual({ head: 422, get: 422, headValid: 200 }),
});

add({
  fault: 'email-send-any-newsletter',
  what: 'an email is sent through another newsletter of the workspace; getEmail there is still a 404',
  observe: async ({ api }) => {
    const [a, b] = [(await api('POST', '/newsletters', { body: { name: 'A' } })).body.id, (await api('POST', '/newsletters', { body: { name: 'B' } })).body.id];
    await api('POST', `/newsletters/${a}/subscribers`, { body: { email: 'reader@example.org' } });
    const email = (await api('POST', `/newsletters/${a}/emails`, { body: { subject: 'Hi', content_html: '<p>Hi</p>' } })).body.id;
    const get = (await api('GET', `/newsletters/${b}/emails/${email}`)).status;
    const send = (await api('POST', `/newsletters/${b}/emails/${email}/send`, { body: { scheduled_at: future(60) } })).status;
    const status = (await api('GET', `/newsletters/${a}/emails/${email}`)).body.status;
    return { get, send, status };
  },
  broken: (seen) => expect(seen).toEqual({ get: 404, send: 200, status: 'scheduled' }),
  correct: (seen) => expect(seen).toEqual({ get: 404, send: 404, status: 'draft' }),
});

add({
  fault: 'not-sendable-lists-audience',
  what: 'an email without content on a newsletter with a subscriber is refused naming path.newsletter_id too',
  observe: async ({ api }) => {
    const newsletter = (await api('POST', '/newsletters', { body: { name: 'Weekly' } })).body.id;
    await api('POST', `/newsletters/${newsletter}/subscribers`, { body: { email: 'reader@example.org' } });
    const email = (await api('POST', `/newsletters/${newsletter}/emails`, { body: { subject: 'Hi' } })).body.id;
    const refused = await api('POST', `/newsletters/${newsletter}/emails/${email}/send`);
    return { status: refused.status, fields: (refused.body.errors as { field: string }[]).map((e) => e.field) };
  },
  broken: (seen) => expect(seen).toEqual({ status: 422, fields: ['content_html', 'path.newsletter_id'] }),
  correct: (seen) => expect(seen).toEqual({ status: 422, fields: ['content_html'] }),
});

add({
  fault: 'post-location-ids-swapped',
  what: "the first post of page 2 is at /pages/1/posts/2, where nothing is",
  observe: async ({ api, baseUrl, token }) => {
    await api('POST', '/pages', { body: { name: 'First' } });
    const page = (await api('POST', '/pages', { body: { name: 'Second' } })).body.id;
    const created = await api('POST', `/pages/${page}/posts`, { body: { title: 'Hello' } });
    const location = created.headers.get('location')!;
    const read = await fetch(new URL(location, `${baseUrl}/pages/${page}/posts`), { headers: { Authorization: `Bearer ${token}` } });
    return { location, expected: `/api/v1/pages/${page}/posts/${created.body.id}`, swapped: `/api/v1/pages/${created.body.id}/posts/${page}`, read: read.status, differ: page !== created.body.id };
  },
  broken: (seen) => {
    expect(seen.differ).toBe(true);
    expect(seen.location).toBe(seen.swapped);
    expect(seen.read).toBe(404);
  },
  correct: (seen) => {
    expect(seen.location).toBe(seen.expected);
    expect(seen.read).toBe(200);
  },
});

add({
  fault: 'newsletter-409-without-cors',
  what: "createNewsletter's 409 has no CORS fields; its 201 has them",
  observe: async ({ api }) => {
    const created = await api('POST', '/newsletters', { body: { name: 'Weekly' } });
    const taken = await api('POST', '/newsletters', { body: { name: 'weekly' } });
    const cors = (answer: typeof created) => [answer.headers.get('access-control-allow-origin'), answer.headers.get('access-control-expose-headers')];
    return { created: [created.status, ...cors(created)], taken: [taken.status, ...cors(taken)] };
  },
  broken: (seen) => {
    expect(seen.created).toEqual([201, '*', expect.stringContaining('Retry-After')]);
    expect(seen.taken).toEqual([409, null, null]);
  },
  correct: (seen) => {
    expect(seen.created).toEqual([201, '*', expect.stringContaining('Retry-After')]);
    expect(seen.taken).toEqual([409, '*', expect.stringContaining('Retry-After')]);
  },
});

add({
  fault: 'page-update-moves-created-at',
  what: "a rename moves the page's created_at",
  observe: async ({ api }) => {
    const created = (await api('POST', '/pages', { body: { name: 'Before' } })).body;
    await pause(5);
    const answered = (await api('PATCH', `/pages/${created.id}`, { body: { name: 'After' } })).body;
    const read = (await api('GET', `/pages/${created.id}`)).body;
    return { created: created.created_at, answered: answered.created_at, read: read.created_at };
  },
  broken: (seen) => {
    expect(seen.read).not.toBe(seen.created);
    expect(seen.answered).toBe(seen.read);
  },
  correct: (seen) => expect(seen).toEqual({ created: seen.created, answered: seen.created, read: seen.created }),
});

add({
  fault: 'category-update-other-workspace',
  what: "another workspace's category is changed through its ids; getCategory still answers 404",
  observe: async ({ api, otherToken }) => {
    const page = (await api('POST', '/pages', { body: { name: 'Theirs' }, token: otherToken })).body.id;
    const category = (await api('POST', `/pages/${page}/categories`, { body: { name: 'Theirs' }, token: otherToken })).body.id;
    const get = (await api('GET', `/pages/${page}/categories/${category}`)).status;
    const update = (await api('PATCH', `/pages/${page}/categories/${category}`, { body: { name: 'Mine now' } })).status;
    const name = (await api('GET', `/pages/${page}/categories/${category}`, { token: otherToken })).body.name;
    return { get, update, name };
  },
  broken: (seen) => expect(seen).toEqual({ get: 404, update: 200, name: 'Mine now' }),
  correct: (seen) => expect(seen).toEqual({ get: 404, update: 404, name: 'Theirs' }),
});

contrastFaults('faults that show across requests, each in one operation', cases);
