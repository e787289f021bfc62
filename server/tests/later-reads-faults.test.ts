/**
 * The faults of server/faults/later-reads.ts really break what they name: each case runs the same
 * requests against the server with the fault and without it, and requires the broken answer from the
 * first and the one the contract requires from the second.
 */
import { expect } from 'vitest';
import { eventually, type TestServer } from './harness.ts';
import { contrastFaults, type FaultContrast } from './fault-contrast.ts';

const future = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ids = (list: { result: { id: number }[] }) => list.result.map((item) => item.id);

const cases: FaultContrast<any>[] = [];
const add = <T>(c: FaultContrast<T>) => cases.push(c);

add({
  fault: 'author-reactivation-not-stored',
  what: 'a reactivation is answered, the author reads inactive after it',
  observe: async ({ api, authorId }) => {
    expect((await api('PATCH', `/authors/${authorId}`, { body: { active: false } })).body.active).toBe(false);
    const answered = (await api('PATCH', `/authors/${authorId}`, { body: { active: true } })).body.active;
    const read = (await api('GET', `/authors/${authorId}`)).body.active;
    return { answered, read };
  },
  broken: (seen) => expect(seen).toEqual({ answered: true, read: false }),
  correct: (seen) => expect(seen).toEqual({ answered: true, read: true }),
});

add({
  fault: 'posts-last-page-filled',
  what: 'page 2 of three posts at size 2 repeats the newest but one',
  observe: async ({ api }) => {
    const page = (await api('POST', '/pages', { body: { name: 'Blog' } })).body.id;
    const made: number[] = [];
    for (const title of ['One', 'Two', 'Three']) made.push((await api('POST', `/pages/${page}/posts`, { body: { title } })).body.id);
    const second = (await api('GET', `/pages/${page}/posts?size=2&page=2`)).body;
    return { oldest: made[0], listed: ids(second), total: second.total, newestButOne: made[1] };
  },
  broken: (seen) => expect({ listed: seen.listed, total: seen.total }).toEqual({ listed: [seen.newestButOne, seen.oldest], total: 3 }),
  correct: (seen) => expect({ listed: seen.listed, total: seen.total }).toEqual({ listed: [seen.oldest], total: 3 }),
});

add({
  fault: 'post-slug-cut-keeps-hyphen',
  what: 'a title whose cut lands after a word keeps the hyphen; one whose cut lands in a word does not change',
  observe: async ({ api }) => {
    const page = (await api('POST', '/pages', { body: { name: 'Blog' } })).body.id;
    const atBreak = (await api('POST', `/pages/${page}/posts`, { body: { title: `${'a'.repeat(89)} bbbb` } })).body.slug;
    const inWord = (await api('POST', `/pages/${page}/posts`, { body: { title: `${'c'.repeat(95)} d` } })).body.slug;
    return { atBreak, inWord };
  },
  broken: (seen) => expect(seen).toEqual({ atBreak: `${'a'.repeat(89)}-`, inWord: 'c'.repeat(90) }),
  correct: (seen) => expect(seen).toEqual({ atBreak: 'a'.repeat(89), inWord: 'c'.repeat(90) }),
});

add({
  fault: 'post-slug-unique-per-workspace',
  what: 'a title used only on another page gets -1',
  observe: async ({ api }) => {
    const first = (await api('POST', '/pages', { body: { name: 'First' } })).body.id;
    const second = (await api('POST', '/pages', { body: { name: 'Second' } })).body.id;
    const a = (await api('POST', `/pages/${first}/posts`, { body: { title: 'Hello' } })).body.slug;
    const b = (await api('POST', `/pages/${second}/posts`, { body: { title: 'Hello' } })).body.slug;
    const c = (await api('POST', `/pages/${second}/posts`, { body: { title: 'Hello' } })).body.slug;
    return [a, b, c];
  },
  broken: (seen) => expect(seen).toEqual(['hello', 'hello-1', 'hello-2']),
  correct: (seen) => expect(seen).toEqual(['hello', 'hello', 'hello-1']),
});

add({
  fault: 'head-newsletter-without-rate-limit',
  what: 'HEAD of a newsletter lacks the rate-limit fields GET has; HEAD of the list keeps them',
  observe: async ({ api }) => {
    const id = (await api('POST', '/newsletters', { body: { name: 'Weekly' } })).body.id;
    const fields = (headers: Headers) => [headers.get('ratelimit') !== null, headers.get('ratelimit-policy') !== null];
    const get = await api('GET', `/newsletters/${id}`);
    const head = await api('HEAD', `/newsletters/${id}`);
    const headList = await api('HEAD', '/newsletters');
    return { get: fields(get.headers), head: [head.status, ...fields(head.headers)], headList: fields(headList.headers) };
  },
  broken: (seen) => expect(seen).toEqual({ get: [true, true], head: [200, false, false], headList: [true, true] }),
  correct: (seen) => expect(seen).toEqual({ get: [true, true], head: [200, true, true], headList: [true, true] }),
});

add({
  fault: 'preflight-subscribers-unanswered',
  what: "a preflight to the subscribers' path is a 401 without CORS fields; one to the emails' path is answered",
  observe: async ({ api }) => {
    const preflight = { Origin: 'https://app.example', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization,content-type' };
    const subscribers = await api('OPTIONS', '/newsletters/1/subscribers', { token: null, headers: preflight });
    const emails = await api('OPTIONS', '/newsletters/1/emails', { token: null, headers: preflight });
    const allowed = (r: { status: number; headers: Headers }) => [r.status, r.headers.get('access-control-allow-origin')];
    return { subscribers: allowed(subscribers), emails: allowed(emails) };
  },
  broken: (seen) => expect(seen).toEqual({ subscribers: [401, null], emails: [204, '*'] }),
  correct: (seen) => expect(seen).toEqual({ subscribers: [204, '*'], emails: [204, '*'] }),
});

add({
  fault: 'post-delete-any-page',
  what: 'a post is deleted through another page of the workspace',
  observe: async ({ api }) => {
    const own = (await api('POST', '/pages', { body: { name: 'Own' } })).body.id;
    const other = (await api('POST', '/pages', { body: { name: 'Other' } })).body.id;
    const post = (await api('POST', `/pages/${own}/posts`, { body: { title: 'Kept' } })).body.id;
    const getThroughOther = (await api('GET', `/pages/${other}/posts/${post}`)).status;
    const deleteThroughOther = (await api('DELETE', `/pages/${other}/posts/${post}`)).status;
    const after = (await api('GET', `/pages/${own}/posts/${post}`)).status;
    return { getThroughOther, deleteThroughOther, after };
  },
  broken: (seen) => expect(seen).toEqual({ getThroughOther: 404, deleteThroughOther: 204, after: 404 }),
  correct: (seen) => expect(seen).toEqual({ getThroughOther: 404, deleteThroughOther: 404, after: 200 }),
});

add({
  fault: 'category-update-404-before-422',
  what: 'an invalid update of a missing category is a 404; of an existing one still a 422',
  observe: async ({ api }) => {
    const page = (await api('POST', '/pages', { body: { name: 'Blog' } })).body.id;
    const category = (await api('POST', `/pages/${page}/categories`, { body: { name: 'News' } })).body.id;
    const missing = (await api('PATCH', `/pages/${page}/categories/999999`, { body: { color: 'red' } })).status;
    const existing = (await api('PATCH', `/pages/${page}/categories/${category}`, { body: { color: 'red' } })).status;
    const getMissing = (await api('GET', `/pages/${page}/categories/999999?unknown=1`)).status;
    return { missing, existing, getMissing };
  },
  broken: (seen) => expect(seen).toEqual({ missing: 404, existing: 422, getMissing: 422 }),
  correct: (seen) => expect(seen).toEqual({ missing: 422, existing: 422, getMissing: 422 }),
});

add({
  fault: 'category-slug-taken-as-name-taken',
  what: "a taken category slug is a 409 of type name-taken",
  observe: async ({ api }) => {
    const page = (await api('POST', '/pages', { body: { name: 'Blog' } })).body.id;
    await api('POST', `/pages/${page}/categories`, { body: { name: 'News', slug: 'news' } });
    const taken = await api('POST', `/pages/${page}/categories`, { body: { name: 'Other', slug: 'news' } });
    return [taken.status, taken.body.type];
  },
  broken: (seen) => expect(seen).toEqual([409, 'https://publishing.example/problems/name-taken']),
  correct: (seen) => expect(seen).toEqual([409, 'https://publishing.example/problems/slug-taken']),
});

add({
  fault: 'page-404-as-json',
  what: "getPage's 404 is application/json; getNewsletter's is still a problem document",
  observe: async ({ api }) => {
    const page = await api('GET', '/pages/999999');
    const newsletter = await api('GET', '/newsletters/999999');
    const type = (r: { status: number; headers: Headers }) => [r.status, (r.headers.get('content-type') ?? '').split(';')[0]];
    return { page: type(page), newsletter: type(newsletter) };
  },
  broken: (seen) => expect(seen).toEqual({ page: [404, 'application/json'], newsletter: [404, 'application/problem+json'] }),
  correct: (seen) => expect(seen).toEqual({ page: [404, 'application/problem+json'], newsletter: [404, 'application/problem+json'] }),
});

add({
  fault: 'send-later-delivers-now',
  what: 'an email scheduled an hour ahead is answered scheduled and reads sent soon after',
  observe: async ({ api }, faulty) => {
    const newsletter = (await api('POST', '/newsletters', { body: { name: 'Weekly' } })).body.id;
    await api('POST', `/newsletters/${newsletter}/subscribers`, { body: { email: 'reader@example.org' } });
    const email = (await api('POST', `/newsletters/${newsletter}/emails`, { body: { subject: 'Issue', content_html: '<p>Hi</p>' } })).body.id;
    const answered = (await api('POST', `/newsletters/${newsletter}/emails/${email}/send`, { body: { scheduled_at: future(60) } })).body.status;
    const read = async () => (await api('GET', `/newsletters/${newsletter}/emails/${email}`)).body.status as string;
    // With the fault, delivery comes within a few polls; without it, nothing moves in the same time.
    const later = faulty ? await eventually(async () => ((await read()) === 'sent' ? 'sent' : undefined)) : (await pause(1000), await read());
    return { answered, later };
  },
  broken: (seen) => expect(seen).toEqual({ answered: 'scheduled', later: 'sent' }),
  correct: (seen) => expect(seen).toEqual({ answered: 'scheduled', later: 'scheduled' }),
});

add({
  fault: 'author-get-other-workspace',
  what: "another workspace's author is read by its id; updating it is still a 404",
  observe: async ({ api, server: s, otherToken }) => {
    const other = s.stores.tokens.workspaceFor(otherToken)!;
    const theirs = s.services.authors.create(other, { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' }).id;
    const get = await api('GET', `/authors/${theirs}`);
    const update = (await api('PATCH', `/authors/${theirs}`, { body: { position: 'Mine now' } })).status;
    return { get: [get.status, get.body.first_name ?? null], update };
  },
  broken: (seen) => expect(seen).toEqual({ get: [200, 'Ada'], update: 404 }),
  correct: (seen) => expect(seen).toEqual({ get: [404, null], update: 404 }),
});

contrastFaults('faults a later read, another page or another sibling shows, each in one operation', cases);
