/**
 * The faults of server/faults/eleventh-look.ts really break what they name: each case runs the same
 * requests against the server with the fault and without it, and requires the broken answer from the
 * first and the one the contract requires from the second. Each case also makes the first request a
 * test would make and shows it right on both servers, so the fault is one only a second look finds.
 */
import { expect } from 'vitest';
import { contrastFaults, type FaultContrast } from './fault-contrast.ts';
import { eventually } from './harness.ts';
import { newsletterWithReader, anotherAuthor, ids, problemType, pause, olderAuthorIds } from './contrast-fixtures.ts';

const cases: FaultContrast<any>[] = [];
const add = <T>(c: FaultContrast<T>) => cases.push(c);

/** A 1×1 PNG, and the same with bytes after its end, so it is larger than one 64 KiB read. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const LARGE_PNG = Buffer.concat([PNG, Buffer.alloc(100 * 1024, 7)]);

add({
  fault: 'newsletters-size-100-gives-99',
  what: 'size 10 walks every newsletter; size 100 answers 99 items on a full page, and its walk misses one',
  observe: async ({ api }) => {
    for (let n = 1; n <= 101; n++) await api('POST', '/newsletters', { body: { name: `Letter ${n}` } });
    const walk = async (size: number) => {
      const seen: number[] = [];
      for (let page = 1; ; page++) {
        const answer = (await api('GET', `/newsletters?page=${page}&size=${size}`)).body;
        if (answer.result.length === 0) return { total: answer.total, size: answer.size, seen: new Set(seen).size };
        seen.push(...ids(answer));
      }
    };
    const first = (await api('GET', '/newsletters?size=100')).body;
    return { default: (await api('GET', '/newsletters')).body.result.length, bySize10: await walk(10), firstOf100: [first.size, first.result.length], bySize100: await walk(100) };
  },
  broken: (seen) =>
    expect(seen).toEqual({ default: 10, bySize10: { total: 101, size: 10, seen: 101 }, firstOf100: [100, 99], bySize100: { total: 101, size: 100, seen: 100 } }),
  correct: (seen) =>
    expect(seen).toEqual({ default: 10, bySize10: { total: 101, size: 10, seen: 101 }, firstOf100: [100, 100], bySize100: { total: 101, size: 100, seen: 101 } }),
});

add({
  fault: 'category-update-slug-ascii-only',
  what: "an explicit slug with accents is transliterated on creation; on update the accented letters become hyphens",
  observe: async ({ api }) => {
    const page = (await api('POST', '/pages', { body: { name: 'Kitchen' } })).body.id;
    const created = (await api('POST', `/pages/${page}/categories`, { body: { name: 'Desserts', slug: 'Crème Brûlée' } })).body;
    const ascii = (await api('PATCH', `/pages/${page}/categories/${created.id}`, { body: { slug: 'Sweet Things' } })).body.slug;
    const accented = (await api('PATCH', `/pages/${page}/categories/${created.id}`, { body: { slug: 'Tarte Tatin à la crème' } })).body.slug;
    const read = (await api('GET', `/pages/${page}/categories/${created.id}`)).body.slug;
    return { created: created.slug, ascii, accented, read };
  },
  broken: (seen) => expect(seen).toEqual({ created: 'creme-brulee', ascii: 'sweet-things', accented: 'tarte-tatin-la-cr-me', read: 'tarte-tatin-la-cr-me' }),
  correct: (seen) => expect(seen).toEqual({ created: 'creme-brulee', ascii: 'sweet-things', accented: 'tarte-tatin-a-la-creme', read: 'tarte-tatin-a-la-creme' }),
});

add({
  fault: 'email-get-sent-any-newsletter',
  what: 'a draft read through another newsletter is 404; once sent, it is 200 there',
  observe: async ({ api }) => {
    const own = await newsletterWithReader(api, 'Own');
    const other = (await api('POST', '/newsletters', { body: { name: 'Other' } })).body.id;
    const email = (await api('POST', `/newsletters/${own}/emails`, { body: { subject: 'Issue 1', content_html: '<p>Hello</p>' } })).body.id;
    const draftThroughOther = (await api('GET', `/newsletters/${other}/emails/${email}`)).status;
    await api('POST', `/newsletters/${own}/emails/${email}/send`, { body: {} });
    await eventually(async () => ((await api('GET', `/newsletters/${own}/emails/${email}`)).body.status === 'sent' ? true : undefined));
    const sentThroughOwn = (await api('GET', `/newsletters/${own}/emails/${email}`)).status;
    const sentThroughOther = await api('GET', `/newsletters/${other}/emails/${email}`);
    const shown = sentThroughOther.body.id === email ? [sentThroughOther.body.newsletter_id === own, sentThroughOther.body.status] : sentThroughOther.body.type;
    return { draftThroughOther, sentThroughOwn, sentThroughOther: [sentThroughOther.status, shown] };
  },
  broken: (seen) => expect(seen).toEqual({ draftThroughOther: 404, sentThroughOwn: 200, sentThroughOther: [200, [true, 'sent']] }),
  correct: (seen) => expect(seen).toEqual({ draftThroughOther: 404, sentThroughOwn: 200, sentThroughOther: [404, problemType('not-found')] }),
});

add({
  fault: 'head-categories-invalid-page-id-404',
  what: 'HEAD agrees with GET for a page and for an id of no page; for an id that is not a whole number GET is 422, HEAD 404',
  observe: async ({ api }) => {
    const page = (await api('POST', '/pages', { body: { name: 'Blog' } })).body.id;
    const both = async (path: string) => [(await api('GET', path)).status, (await api('HEAD', path)).status];
    return { page: await both(`/pages/${page}/categories`), missing: await both('/pages/999999/categories'), invalid: await both('/pages/abc/categories') };
  },
  broken: (seen) => expect(seen).toEqual({ page: [200, 200], missing: [404, 404], invalid: [422, 404] }),
  correct: (seen) => expect(seen).toEqual({ page: [200, 200], missing: [404, 404], invalid: [422, 422] }),
});

add({
  fault: 'subscribers-422-names-valid-status',
  what: "an invalid ?verified alone is named alone; with a valid ?status beside it, status is named too",
  observe: async ({ api }) => {
    const newsletter = await newsletterWithReader(api, 'Weekly');
    const fields = async (query: string) => {
      const answer = await api('GET', `/newsletters/${newsletter}/subscribers?${query}`);
      return [answer.status, (answer.body.errors ?? []).map((error: { field: string }) => error.field).sort()];
    };
    return { valid: await fields('status=active&verified=true'), verifiedAlone: await fields('verified=yes'), both: await fields('status=active&verified=yes') };
  },
  broken: (seen) => expect(seen).toEqual({ valid: [200, []], verifiedAlone: [422, ['query.verified']], both: [422, ['query.status', 'query.verified']] }),
  correct: (seen) => expect(seen).toEqual({ valid: [200, []], verifiedAlone: [422, ['query.verified']], both: [422, ['query.verified']] }),
});

add({
  fault: 'page-401-reports-token-policy',
  what: "a 401 of listPages is counted against the address; getPage's 401 says the token's policy",
  observe: async ({ api }) => {
    const page = (await api('POST', '/pages', { body: { name: 'Blog' } })).body.id;
    const policyOf = async (path: string, token?: string | null) => {
      const answer = await api('GET', path, token === undefined ? {} : { token });
      return [answer.status, /^"(\w+)"/.exec(answer.headers.get('ratelimit-policy') ?? '')?.[1], /^"(\w+)"/.exec(answer.headers.get('ratelimit') ?? '')?.[1]];
    };
    return {
      authorised: await policyOf(`/pages/${page}`),
      listUnknownToken: await policyOf('/pages', 'not-a-token'),
      getUnknownToken: await policyOf(`/pages/${page}`, 'not-a-token'),
      getNoToken: await policyOf(`/pages/${page}`, null),
    };
  },
  broken: (seen) =>
    expect(seen).toEqual({
      authorised: [200, 'token', 'token'],
      listUnknownToken: [401, 'address', 'address'],
      getUnknownToken: [401, 'token', 'token'],
      getNoToken: [401, 'token', 'token'],
    }),
  correct: (seen) =>
    expect(seen).toEqual({
      authorised: [200, 'token', 'token'],
      listUnknownToken: [401, 'address', 'address'],
      getUnknownToken: [401, 'address', 'address'],
      getNoToken: [401, 'address', 'address'],
    }),
});

add({
  fault: 'upload-kept-first-64k',
  what: 'a small PNG is served byte for byte; one of 100 KiB is answered 201 and served cut at 64 KiB',
  observe: async ({ api }) => {
    const servedLength = async (bytes: Buffer) => {
      const data = new FormData();
      data.append('file', new Blob([bytes], { type: 'image/png' }), 'image.png');
      const answer = await api('POST', '/images/upload', { raw: data });
      const served = Buffer.from(await (await fetch(answer.body.url)).arrayBuffer());
      return [answer.status, served.length, served.equals(bytes)];
    };
    return { small: await servedLength(PNG), large: await servedLength(LARGE_PNG) };
  },
  broken: (seen) => expect(seen).toEqual({ small: [201, PNG.length, true], large: [201, 64 * 1024, false] }),
  correct: (seen) => expect(seen).toEqual({ small: [201, PNG.length, true], large: [201, LARGE_PNG.length, true] }),
});

add({
  fault: 'email-slug-held-by-deleted-draft',
  what: 'a repeated subject gets -1; the subject of a deleted draft, alone in the newsletter, gets -1 too',
  observe: async ({ api }) => {
    const newsletter = (await api('POST', '/newsletters', { body: { name: 'Weekly' } })).body.id;
    const create = async (subject: string) => (await api('POST', `/newsletters/${newsletter}/emails`, { body: { subject } })).body;
    const first = await create('Spring issue');
    const repeated = (await create('Spring issue')).slug;
    const draft = await create('Summer issue');
    await api('DELETE', `/newsletters/${newsletter}/emails/${draft.id}`);
    const again = await create('Summer issue');
    const read = (await api('GET', `/newsletters/${newsletter}/emails/${again.id}`)).body.slug;
    return { first: first.slug, repeated, deleted: draft.slug, again: again.slug, read };
  },
  broken: (seen) => expect(seen).toEqual({ first: 'spring-issue', repeated: 'spring-issue-1', deleted: 'summer-issue', again: 'summer-issue-1', read: 'summer-issue-1' }),
  correct: (seen) => expect(seen).toEqual({ first: 'spring-issue', repeated: 'spring-issue-1', deleted: 'summer-issue', again: 'summer-issue', read: 'summer-issue' }),
});

add({
  fault: 'resubscribe-keeps-old-verified-at',
  what: 'a repeated address is returned unchanged; an address subscribed again after its deletion is new, but verified before it was created',
  observe: async ({ api }) => {
    const newsletter = (await api('POST', '/newsletters', { body: { name: 'Weekly' } })).body.id;
    const subscribe = async () => (await api('POST', `/newsletters/${newsletter}/subscribers`, { body: { email: 'ada@example.com' } })).body;
    const first = await subscribe();
    const repeated = await subscribe();
    await pause(20);
    await api('DELETE', `/newsletters/${newsletter}/subscribers/${first.id}`);
    const again = await subscribe();
    const listed = (await api('GET', `/newsletters/${newsletter}/subscribers`)).body.result[0];
    return {
      repeatedSame: repeated.id === first.id && repeated.verified_at === first.verified_at,
      firstVerifiedAtCreation: first.verified_at === first.created_at,
      againNewId: again.id !== first.id,
      againVerifiedAtCreation: again.verified_at === again.created_at,
      againVerifiedAsFirst: again.verified_at === first.verified_at,
      listedVerifiedAsFirst: listed.verified_at === first.verified_at,
    };
  },
  broken: (seen) =>
    expect(seen).toEqual({
      repeatedSame: true,
      firstVerifiedAtCreation: true,
      againNewId: true,
      againVerifiedAtCreation: false,
      againVerifiedAsFirst: true,
      listedVerifiedAsFirst: true,
    }),
  correct: (seen) =>
    expect(seen).toEqual({
      repeatedSame: true,
      firstVerifiedAtCreation: true,
      againNewId: true,
      againVerifiedAtCreation: true,
      againVerifiedAsFirst: false,
      listedVerifiedAsFirst: false,
    }),
});

add({
  fault: 'authors-active-list-memoized',
  what: 'the first active list is right; after one author is made inactive, the active list still shows that author',
  observe: async (s) => {
    const { api, authorId } = s;
    const ada = anotherAuthor(s);
    const summary = (list: any) => [list.total, list.result.map((author: { id: number; active: boolean }) => [author.id, author.active])];
    const before = summary((await api('GET', '/authors')).body);
    await api('PATCH', `/authors/${ada}`, { body: { active: false } });
    return {
      before,
      active: summary((await api('GET', '/authors')).body),
      inactive: summary((await api('GET', '/authors?active=false')).body),
      ada: (await api('GET', `/authors/${ada}`)).body.active,
      ids: { authorId, ada, older: olderAuthorIds(s).map((id) => [id, true]) },
    };
  },
  broken: ({ ids: { authorId, ada, older }, ...seen }) =>
    expect(seen).toEqual({
      before: [2 + older.length, [[ada, true], [authorId, true], ...older]],
      active: [2 + older.length, [[ada, false], [authorId, true], ...older]],
      inactive: [1, [[ada, false]]],
      ada: false,
    }),
  correct: ({ ids: { authorId, ada, older }, ...seen }) =>
    expect(seen).toEqual({
      before: [2 + older.length, [[ada, true], [authorId, true], ...older]],
      active: [1 + older.length, [[authorId, true], ...older]],
      inactive: [1, [[ada, false]]],
      ada: false,
    }),
});

add({
  fault: 'posts-published-filter-by-first-published',
  what: 'published and draft posts filter right; a post published and returned to draft is listed as published too',
  observe: async ({ api }) => {
    const page = (await api('POST', '/pages', { body: { name: 'Blog' } })).body.id;
    const post = async (title: string, status: string) => (await api('POST', `/pages/${page}/posts`, { body: { title, content_html: '<p>x</p>', status } })).body.id;
    const published = await post('Live', 'published');
    const draft = await post('Idea', 'draft');
    const filtered = async () => {
      const only = async (status: string) => {
        const list = (await api('GET', `/pages/${page}/posts?status=${status}`)).body;
        return [list.total, ids(list)];
      };
      return { published: await only('published'), draft: await only('draft') };
    };
    const before = await filtered();
    const withdrawn = await post('Withdrawn', 'published');
    await api('PATCH', `/pages/${page}/posts/${withdrawn}`, { body: { status: 'draft' } });
    return { before, after: await filtered(), ids: { published, draft, withdrawn } };
  },
  broken: ({ ids: { published, draft, withdrawn }, ...seen }) =>
    expect(seen).toEqual({
      before: { published: [1, [published]], draft: [1, [draft]] },
      after: { published: [2, [withdrawn, published]], draft: [2, [withdrawn, draft]] },
    }),
  correct: ({ ids: { published, draft, withdrawn }, ...seen }) =>
    expect(seen).toEqual({
      before: { published: [1, [published]], draft: [1, [draft]] },
      after: { published: [1, [published]], draft: [2, [withdrawn, draft]] },
    }),
});

add({
  fault: 'post-get-keeps-deleted-category',
  what: "a post's category reads back; after the category is deleted, the list shows null and getPost the old id",
  observe: async ({ api }) => {
    const page = (await api('POST', '/pages', { body: { name: 'Blog' } })).body.id;
    const category = (await api('POST', `/pages/${page}/categories`, { body: { name: 'News' } })).body.id;
    const post = (await api('POST', `/pages/${page}/posts`, { body: { title: 'Hello', content_html: '<p>x</p>', category_id: category } })).body.id;
    const before = (await api('GET', `/pages/${page}/posts/${post}`)).body.category_id === category;
    await api('DELETE', `/pages/${page}/categories/${category}`);
    const listed = (await api('GET', `/pages/${page}/posts`)).body.result[0].category_id;
    const read = (await api('GET', `/pages/${page}/posts/${post}`)).body.category_id;
    return { before, listed, readIsOld: read === category, read: read === null ? null : 'old' };
  },
  broken: (seen) => expect(seen).toEqual({ before: true, listed: null, readIsOld: true, read: 'old' }),
  correct: (seen) => expect(seen).toEqual({ before: true, listed: null, readIsOld: false, read: null }),
});

contrastFaults(
  'faults an eleventh look shows: a full page of 100, a slug with accents on update, a sibling after a send, a HEAD of an invalid id, a valid filter named, a 401 policy, a large upload, a deleted slug, a deleted category, a subscriber again, a remembered list, a withdrawn post',
  cases,
);
