/**
 * The faults of server/faults/second-looks.ts really break what they name: each case runs the same
 * requests against the server with the fault and without it, and requires the broken answer from the
 * first and the one the contract requires from the second. Each case also makes the first request a
 * test would make and shows it right on both servers, so the fault is one only a second look finds.
 */
import { expect } from 'vitest';
import { eventually } from './harness.ts';
import { contrastFaults, type FaultContrast } from './fault-contrast.ts';

const past = () => new Date(Date.now() - 60_000).toISOString();
const ids = (list: { result: { id: number }[] }) => list.result.map((item) => item.id);

const cases: FaultContrast<any>[] = [];
const add = <T>(c: FaultContrast<T>) => cases.push(c);

add({
  fault: 'post-list-stale-title',
  what: 'a retitled post reads the new title by get and the old one in the list',
  observe: async ({ api }) => {
    const page = (await api('POST', '/pages', { body: { name: 'Blog' } })).body.id;
    const post = (await api('POST', `/pages/${page}/posts`, { body: { title: 'First title' } })).body.id;
    const listedBefore = (await api('GET', `/pages/${page}/posts`)).body.result[0].title;
    const answered = (await api('PATCH', `/pages/${page}/posts/${post}`, { body: { title: 'Second title' } })).body.title;
    const got = (await api('GET', `/pages/${page}/posts/${post}`)).body.title;
    const listed = (await api('GET', `/pages/${page}/posts`)).body.result[0].title;
    return { listedBefore, answered, got, listed };
  },
  broken: (seen) => expect(seen).toEqual({ listedBefore: 'First title', answered: 'Second title', got: 'Second title', listed: 'First title' }),
  correct: (seen) => expect(seen).toEqual({ listedBefore: 'First title', answered: 'Second title', got: 'Second title', listed: 'Second title' }),
});

add({
  fault: 'page-own-slug-taken',
  what: "a new slug is accepted once; writing the same slug again is a 409; another page's slug stays a 409",
  observe: async ({ api }) => {
    const page = (await api('POST', '/pages', { body: { name: 'Blog' } })).body.id;
    await api('POST', '/pages', { body: { name: 'Other', slug: 'taken' } });
    const first = await api('PATCH', `/pages/${page}`, { body: { slug: 'news' } });
    const again = await api('PATCH', `/pages/${page}`, { body: { slug: 'News' } });
    const othersSlug = (await api('PATCH', `/pages/${page}`, { body: { slug: 'taken' } })).status;
    const read = (await api('GET', `/pages/${page}`)).body.slug;
    return { first: [first.status, first.body.slug], again: [again.status, again.body.slug ?? again.body.type], othersSlug, read };
  },
  broken: (seen) =>
    expect(seen).toEqual({ first: [200, 'news'], again: [409, 'https://publishing.example/problems/slug-taken'], othersSlug: 409, read: 'news' }),
  correct: (seen) => expect(seen).toEqual({ first: [200, 'news'], again: [200, 'news'], othersSlug: 409, read: 'news' }),
});

add({
  fault: 'subscribers-size-capped-at-50',
  what: 'size 100 over 60 subscribers answers 50 items; size 10 is whole',
  observe: async ({ api }) => {
    const newsletter = (await api('POST', '/newsletters', { body: { name: 'Weekly' } })).body.id;
    for (let i = 0; i < 60; i++) await api('POST', `/newsletters/${newsletter}/subscribers`, { body: { email: `reader${i}@example.org` } });
    const small = (await api('GET', `/newsletters/${newsletter}/subscribers?size=10`)).body;
    const large = (await api('GET', `/newsletters/${newsletter}/subscribers?size=100`)).body;
    return { small: [small.size, small.total, small.result.length], large: [large.size, large.total, large.result.length] };
  },
  broken: (seen) => expect(seen).toEqual({ small: [10, 60, 10], large: [100, 60, 50] }),
  correct: (seen) => expect(seen).toEqual({ small: [10, 60, 10], large: [100, 60, 60] }),
});

add({
  fault: 'categories-total-counts-remaining',
  what: 'five categories at size 2: page 1 says 5, pages 2 and 3 say less',
  observe: async ({ api }) => {
    const page = (await api('POST', '/pages', { body: { name: 'Blog' } })).body.id;
    for (const name of ['A', 'B', 'C', 'D', 'E']) await api('POST', `/pages/${page}/categories`, { body: { name } });
    const totals: number[] = [];
    const walked: number[] = [];
    for (const n of [1, 2, 3]) {
      const list = (await api('GET', `/pages/${page}/categories?size=2&page=${n}`)).body;
      totals.push(list.total);
      walked.push(...ids(list));
    }
    return { totals, visited: new Set(walked).size };
  },
  broken: (seen) => expect(seen).toEqual({ totals: [5, 3, 1], visited: 5 }),
  correct: (seen) => expect(seen).toEqual({ totals: [5, 5, 5], visited: 5 }),
});

add({
  fault: 'newsletter-name-unnormalised',
  what: 'Café with a combining accent and a full-width Weekly are new newsletters; WEEKLY and café stay taken',
  observe: async ({ api }) => {
    const create = async (name: string) => (await api('POST', '/newsletters', { body: { name } })).status;
    const made = [await create('Caf\u00e9'), await create('Weekly')];
    const sameCase = [await create('CAF\u00c9'), await create('WEEKLY')];
    const unnormalised = [await create('Cafe\u0301'), await create('\uff37\uff45\uff45\uff4b\uff4c\uff59')];
    const page = (await api('POST', '/pages', { body: { name: 'Caf\u00e9' } })).status;
    const pageDecomposed = (await api('POST', '/pages', { body: { name: 'Cafe\u0301' } })).status;
    return { made, sameCase, unnormalised, pages: [page, pageDecomposed] };
  },
  broken: (seen) => expect(seen).toEqual({ made: [201, 201], sameCase: [409, 409], unnormalised: [201, 201], pages: [201, 409] }),
  correct: (seen) => expect(seen).toEqual({ made: [201, 201], sameCase: [409, 409], unnormalised: [409, 409], pages: [201, 409] }),
});

add({
  fault: 'page-rename-name-slug-ascii-only',
  what: 'Café Crème gives cafe-creme when a page is created; a page renamed Été Crème gets t-crme',
  observe: async ({ api }) => {
    const created = (await api('POST', '/pages', { body: { name: 'Caf\u00e9 Cr\u00e8me' } })).body.name_slug;
    const page = (await api('POST', '/pages', { body: { name: 'Plain' } })).body.id;
    const renamedAscii = (await api('PATCH', `/pages/${page}`, { body: { name: 'Still plain' } })).body.name_slug;
    const renamed = (await api('PATCH', `/pages/${page}`, { body: { name: '\u00c9t\u00e9 Cr\u00e8me' } })).body.name_slug;
    const read = (await api('GET', `/pages/${page}`)).body.name_slug;
    return { created, renamedAscii, renamed, read };
  },
  broken: (seen) => expect(seen).toEqual({ created: 'cafe-creme', renamedAscii: 'still-plain', renamed: 't-crme', read: 't-crme' }),
  correct: (seen) => expect(seen).toEqual({ created: 'cafe-creme', renamedAscii: 'still-plain', renamed: 'ete-creme', read: 'ete-creme' }),
});

add({
  fault: 'head-subscribers-empty-as-404',
  what: 'HEAD of an empty subscriber list is a 404 where GET is a 200; with a subscriber both are 200',
  observe: async ({ api }) => {
    const empty = (await api('POST', '/newsletters', { body: { name: 'Empty' } })).body.id;
    const full = (await api('POST', '/newsletters', { body: { name: 'Full' } })).body.id;
    await api('POST', `/newsletters/${full}/subscribers`, { body: { email: 'reader@example.org' } });
    const status = async (method: string, path: string) => (await api(method, path)).status;
    return {
      empty: [await status('GET', `/newsletters/${empty}/subscribers`), await status('HEAD', `/newsletters/${empty}/subscribers`)],
      full: [await status('GET', `/newsletters/${full}/subscribers`), await status('HEAD', `/newsletters/${full}/subscribers`)],
      emails: [await status('GET', `/newsletters/${empty}/emails`), await status('HEAD', `/newsletters/${empty}/emails`)],
    };
  },
  broken: (seen) => expect(seen).toEqual({ empty: [200, 404], full: [200, 200], emails: [200, 200] }),
  correct: (seen) => expect(seen).toEqual({ empty: [200, 200], full: [200, 200], emails: [200, 200] }),
});

add({
  fault: 'post-update-any-page',
  what: 'a post is retitled through another page of the workspace, though getting it there is a 404',
  observe: async ({ api }) => {
    const own = (await api('POST', '/pages', { body: { name: 'Own' } })).body.id;
    const other = (await api('POST', '/pages', { body: { name: 'Other' } })).body.id;
    const post = (await api('POST', `/pages/${own}/posts`, { body: { title: 'Kept' } })).body.id;
    const throughOwn = (await api('PATCH', `/pages/${own}/posts/${post}`, { body: { description: 'Fine' } })).status;
    const getThroughOther = (await api('GET', `/pages/${other}/posts/${post}`)).status;
    const updateThroughOther = (await api('PATCH', `/pages/${other}/posts/${post}`, { body: { title: 'Taken over' } })).status;
    const title = (await api('GET', `/pages/${own}/posts/${post}`)).body.title;
    return { throughOwn, getThroughOther, updateThroughOther, title };
  },
  broken: (seen) => expect(seen).toEqual({ throughOwn: 200, getThroughOther: 404, updateThroughOther: 200, title: 'Taken over' }),
  correct: (seen) => expect(seen).toEqual({ throughOwn: 200, getThroughOther: 404, updateThroughOther: 404, title: 'Kept' }),
});

add({
  fault: 'post-reference-422-body-400',
  what: "an unknown category_id is a 422 whose body says 400; a schema 422 still says 422",
  observe: async ({ api }) => {
    const page = (await api('POST', '/pages', { body: { name: 'Blog' } })).body.id;
    const schema = await api('POST', `/pages/${page}/posts`, { body: { title: '' } });
    const reference = await api('POST', `/pages/${page}/posts`, { body: { title: 'Hi', category_id: 999999 } });
    const answered = (r: { status: number; body: { status: number; type: string } }) => [r.status, r.body.status, r.body.type];
    return { schema: answered(schema), reference: answered(reference) };
  },
  broken: (seen) =>
    expect(seen).toEqual({
      schema: [422, 422, 'https://publishing.example/problems/validation-failed'],
      reference: [422, 400, 'https://publishing.example/problems/validation-failed'],
    }),
  correct: (seen) =>
    expect(seen).toEqual({
      schema: [422, 422, 'https://publishing.example/problems/validation-failed'],
      reference: [422, 422, 'https://publishing.example/problems/validation-failed'],
    }),
});

add({
  fault: 'page-slug-suffix-global',
  what: "a name only another workspace's page has gets slug -1 (name_slug stays bare); a slug taken in the workspace still gets -1",
  observe: async ({ api, otherToken }) => {
    await api('POST', '/pages', { body: { name: 'Travel' } });
    const theirs = (await api('POST', '/pages', { body: { name: 'Travel' }, token: otherToken })).body;
    await api('POST', '/pages', { body: { name: 'Food', slug: 'food-notes' } });
    const ownSecond = (await api('POST', '/pages', { body: { name: 'Food notes' } })).body;
    return { theirs: [theirs.slug, theirs.name_slug], ownSecond: [ownSecond.slug, ownSecond.name_slug] };
  },
  broken: (seen) => expect(seen).toEqual({ theirs: ['travel-1', 'travel'], ownSecond: ['food-notes-1', 'food-notes'] }),
  correct: (seen) => expect(seen).toEqual({ theirs: ['travel', 'travel'], ownSecond: ['food-notes-1', 'food-notes'] }),
});

add({
  fault: 'send-409-before-past-time',
  what: 'a past time is a 422 for a draft; for the same email once sent it is a 409',
  observe: async ({ api }) => {
    const newsletter = (await api('POST', '/newsletters', { body: { name: 'Weekly' } })).body.id;
    await api('POST', `/newsletters/${newsletter}/subscribers`, { body: { email: 'reader@example.org' } });
    const email = (await api('POST', `/newsletters/${newsletter}/emails`, { body: { subject: 'Issue', content_html: '<p>Hi</p>' } })).body.id;
    const send = (body?: unknown) => api('POST', `/newsletters/${newsletter}/emails/${email}/send`, body === undefined ? {} : { body });
    const draftPast = (await send({ scheduled_at: past() })).status;
    const now = (await send()).status;
    await eventually(async () => ((await api('GET', `/newsletters/${newsletter}/emails/${email}`)).body.status === 'sent' ? true : undefined));
    const sentPast = await send({ scheduled_at: past() });
    const sentNow = (await send()).status;
    return { draftPast, now, sentPast: [sentPast.status, sentPast.body.type], sentNow };
  },
  broken: (seen) => expect(seen).toEqual({ draftPast: 422, now: 200, sentPast: [409, 'https://publishing.example/problems/email-already-sent'], sentNow: 409 }),
  correct: (seen) => expect(seen).toEqual({ draftPast: 422, now: 200, sentPast: [422, 'https://publishing.example/problems/validation-failed'], sentNow: 409 }),
});

add({
  fault: 'upsert-matches-other-newsletter',
  what: "an address already on another newsletter answers that newsletter's subscriber and is not listed here",
  observe: async ({ api }) => {
    const first = (await api('POST', '/newsletters', { body: { name: 'First' } })).body.id;
    const second = (await api('POST', '/newsletters', { body: { name: 'Second' } })).body.id;
    const original = (await api('POST', `/newsletters/${first}/subscribers`, { body: { email: 'ada@example.org' } })).body;
    const again = (await api('POST', `/newsletters/${second}/subscribers`, { body: { email: ' Ada@Example.org ' } })).body;
    const listed = (await api('GET', `/newsletters/${second}/subscribers`)).body;
    return {
      firstOnItsOwn: original.newsletter_id === first,
      sameId: again.id === original.id,
      answeredNewsletter: again.newsletter_id === second ? 'second' : again.newsletter_id === first ? 'first' : 'other',
      listed: listed.total,
    };
  },
  broken: (seen) => expect(seen).toEqual({ firstOnItsOwn: true, sameId: true, answeredNewsletter: 'first', listed: 0 }),
  correct: (seen) => expect(seen).toEqual({ firstOnItsOwn: true, sameId: false, answeredNewsletter: 'second', listed: 1 }),
});

contrastFaults('faults a second look shows: a second write, a later page, another input or another sibling, each in one operation', cases);
