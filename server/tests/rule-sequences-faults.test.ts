/**
 * The faults of server/faults/rule-sequences.ts really break what they name: each case runs the same
 * requests against the server with the fault and without it, and requires the broken answer from the
 * first and the one the contract requires from the second.
 */
import { expect } from 'vitest';
import { contrastFaults, type FaultContrast } from './fault-contrast.ts';
import { ids, newsletterWithReader, pause } from './contrast-fixtures.ts';
import type { Api } from './harness.ts';

const cases: FaultContrast<any>[] = [];
const add = <T>(c: FaultContrast<T>) => cases.push(c);

const newEmail = async (api: Api, newsletter: number, subject: string) => (await api('POST', `/newsletters/${newsletter}/emails`, { body: { subject, content_html: '<p>Hello</p>' } })).body.id as number;
const envelope = (list: { total: number; result: { id: number }[] }) => ({ total: list.total, ids: ids(list) });

/** Sends the email now and waits until it reads sent. */
async function sentNow(api: Api, newsletter: number, email: number) {
  const answer = await api('POST', `/newsletters/${newsletter}/emails/${email}/send`);
  for (let tries = 0; tries < 100; tries++) {
    if ((await api('GET', `/newsletters/${newsletter}/emails/${email}`)).body.status === 'sent') return answer;
    await pause(50);
  }
  throw new Error(`email ${email} was never sent`);
}

add({
  fault: 'emails-scheduled-filter-by-scheduled-at',
  what: 'listEmails?status=scheduled must leave out a sent email',
  observe: async ({ api }) => {
    const newsletter = await newsletterWithReader(api, 'Weekly');
    const sent = await newEmail(api, newsletter, 'Sent');
    await sentNow(api, newsletter, sent);
    return envelope((await api('GET', `/newsletters/${newsletter}/emails?status=scheduled`)).body);
  },
  broken: (seen) => expect(seen).toEqual({ total: 1, ids: [expect.any(Number)] }),
  correct: (seen) => expect(seen).toEqual({ total: 0, ids: [] }),
});

add({
  fault: 'categories-ordered-by-update',
  what: 'listCategories must keep an older category behind a newer one after the older is renamed',
  observe: async ({ api }) => {
    const page = (await api('POST', '/pages', { body: { name: 'Garden' } })).body.id as number;
    const older = (await api('POST', `/pages/${page}/categories`, { body: { name: 'Roses' } })).body.id as number;
    const newer = (await api('POST', `/pages/${page}/categories`, { body: { name: 'Tulips' } })).body.id as number;
    await pause(5);
    await api('PATCH', `/pages/${page}/categories/${older}`, { body: { name: 'Climbing roses' } });
    return { inOrder: ids((await api('GET', `/pages/${page}/categories`)).body), newestFirst: [newer, older] };
  },
  broken: (seen) => expect(seen.inOrder).toEqual([...seen.newestFirst].reverse()),
  correct: (seen) => expect(seen.inOrder).toEqual(seen.newestFirst),
});

add({
  fault: 'posts-deleted-category-filter-lists',
  what: 'listPosts?category_id of a deleted category must be empty',
  observe: async ({ api }) => {
    const page = (await api('POST', '/pages', { body: { name: 'Garden' } })).body.id as number;
    const category = (await api('POST', `/pages/${page}/categories`, { body: { name: 'Roses' } })).body.id as number;
    const post = (await api('POST', `/pages/${page}/posts`, { body: { title: 'Pruning', category_id: category } })).body;
    await api('DELETE', `/pages/${page}/categories/${category}`);
    const read = (await api('GET', `/pages/${page}/posts/${post.id}`)).body.category_id;
    return { read, filtered: envelope((await api('GET', `/pages/${page}/posts?category_id=${category}`)).body) };
  },
  broken: (seen) => expect(seen).toEqual({ read: null, filtered: { total: 1, ids: [expect.any(Number)] } }),
  correct: (seen) => expect(seen).toEqual({ read: null, filtered: { total: 0, ids: [] } }),
});

add({
  fault: 'subscribers-filtered-lists-deleted',
  what: 'listSubscribers under a filter must leave out a deleted subscriber',
  observe: async ({ api }) => {
    const newsletter = (await api('POST', '/newsletters', { body: { name: 'Weekly' } })).body.id as number;
    const kept = (await api('POST', `/newsletters/${newsletter}/subscribers`, { body: { email: 'kept@example.com' } })).body.id as number;
    const gone = (await api('POST', `/newsletters/${newsletter}/subscribers`, { body: { email: 'gone@example.com' } })).body.id as number;
    await api('DELETE', `/newsletters/${newsletter}/subscribers/${gone}`);
    const read = async (query: string) => envelope((await api('GET', `/newsletters/${newsletter}/subscribers${query}`)).body);
    return { kept, whole: await read(''), active: await read('?status=active'), verified: await read('?verified=true') };
  },
  broken: (seen) => {
    expect(seen.whole).toEqual({ total: 1, ids: [seen.kept] });
    expect(seen.active.total).toBe(2);
    expect(seen.verified.total).toBe(2);
  },
  correct: (seen) => expect([seen.whole, seen.active, seen.verified]).toEqual(Array(3).fill({ total: 1, ids: [seen.kept] })),
});

add({
  fault: 'head-categories-length-cached',
  what: "HEAD of listCategories must announce the length of GET's body after a write, not the first HEAD's",
  observe: async ({ api, baseUrl, token }) => {
    const page = (await api('POST', '/pages', { body: { name: 'Garden' } })).body.id as number;
    const url = `${baseUrl}/pages/${page}/categories`;
    const headLength = async () => (await fetch(url, { method: 'HEAD', headers: { Authorization: `Bearer ${token}` } })).headers.get('content-length');
    const getLength = async () => String((await (await fetch(url, { headers: { Authorization: `Bearer ${token}` } })).arrayBuffer()).byteLength);
    const first = [await headLength(), await getLength()];
    await api('POST', `/pages/${page}/categories`, { body: { name: 'Roses' } });
    return { first, after: [await headLength(), await getLength()] };
  },
  broken: (seen) => {
    expect(seen.first[0]).toBe(seen.first[1]);
    expect(seen.after[0]).toBe(seen.first[0]);
    expect(seen.after[1]).not.toBe(seen.first[1]);
  },
  correct: (seen) => {
    expect(seen.first[0]).toBe(seen.first[1]);
    expect(seen.after[0]).toBe(seen.after[1]);
  },
});

contrastFaults('faults of the rule-by-rule pass over state and sequences', cases);
