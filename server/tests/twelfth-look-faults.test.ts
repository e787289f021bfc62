/**
 * The faults of server/faults/twelfth-look.ts really break what they name: each case runs the same
 * requests against the server with the fault and without it, and requires the broken answer from the
 * first and the one the contract requires from the second. Each case also makes the first request a
 * test would make and shows it right on both servers, so the fault is one only a second look finds.
 */
import { expect } from 'vitest';
import { contrastFaults, type FaultContrast } from './fault-contrast.ts';
import { anotherAuthor, ids, problemType } from './contrast-fixtures.ts';
import { OLDER_AUTHORS } from './harness.ts';

/** A 1×1 GIF89a, and the same image under the older GIF87a signature. */
const GIF89A = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
const GIF87A = Buffer.concat([Buffer.from('GIF87a', 'latin1'), GIF89A.subarray(6)]);

const cases: FaultContrast<any>[] = [];
const add = <T>(c: FaultContrast<T>) => cases.push(c);

add({
  fault: 'page-explicit-slug-taken-by-name-slug',
  what: "an explicit slug another page has is a 409 and a fresh one a 201; one that only another page's name_slug holds is a 409",
  observe: async ({ api }) => {
    const create = async (body: object) => {
      const answer = await api('POST', '/pages', { body });
      return [answer.status, answer.status === 201 ? answer.body.slug : answer.body.type];
    };
    const first = await create({ name: 'Blog', slug: 'home' });
    const taken = await create({ name: 'Other', slug: 'home' });
    const fresh = await create({ name: 'Third', slug: 'journal' });
    const nameSlugOnly = await create({ name: 'Fourth', slug: 'blog' });
    return { first, taken, fresh, nameSlugOnly };
  },
  broken: (seen) =>
    expect(seen).toEqual({ first: [201, 'home'], taken: [409, problemType('slug-taken')], fresh: [201, 'journal'], nameSlugOnly: [409, problemType('slug-taken')] }),
  correct: (seen) => expect(seen).toEqual({ first: [201, 'home'], taken: [409, problemType('slug-taken')], fresh: [201, 'journal'], nameSlugOnly: [201, 'blog'] }),
});

add({
  fault: 'page-rename-name-nfc-only',
  what: "a rename to another page's name in capitals is a 409; to its full-width form it is accepted",
  observe: async ({ api }) => {
    await api('POST', '/pages', { body: { name: 'Blog' } });
    const page = (await api('POST', '/pages', { body: { name: 'Notes' } })).body.id;
    const rename = async (name: string) => {
      const answer = await api('PATCH', `/pages/${page}`, { body: { name } });
      return [answer.status, answer.status === 200 ? answer.body.name : answer.body.type];
    };
    const capitals = await rename('BLOG');
    const fullWidth = await rename('Ｂｌｏｇ');
    const read = (await api('GET', `/pages/${page}`)).body.name;
    return { capitals, fullWidth, read };
  },
  broken: (seen) => expect(seen).toEqual({ capitals: [409, problemType('name-taken')], fullWidth: [200, 'Ｂｌｏｇ'], read: 'Ｂｌｏｇ' }),
  correct: (seen) => expect(seen).toEqual({ capitals: [409, problemType('name-taken')], fullWidth: [409, problemType('name-taken')], read: 'Notes' }),
});

add({
  fault: 'subscriber-delete-other-newsletter-deletes-then-404',
  what: 'a delete through its own newsletter is a 204; through another it is a 404, and the subscriber is gone all the same',
  observe: async ({ api }) => {
    const own = (await api('POST', '/newsletters', { body: { name: 'Own' } })).body.id;
    const other = (await api('POST', '/newsletters', { body: { name: 'Other' } })).body.id;
    const subscribe = async (email: string) => (await api('POST', `/newsletters/${own}/subscribers`, { body: { email } })).body.id;
    const first = await subscribe('ada@example.com');
    const second = await subscribe('grace@example.com');
    const throughOwn = (await api('DELETE', `/newsletters/${own}/subscribers/${first}`)).status;
    const throughOther = (await api('DELETE', `/newsletters/${other}/subscribers/${second}`)).status;
    const listed = (await api('GET', `/newsletters/${own}/subscribers`)).body;
    return { throughOwn, throughOther, listed: [listed.total, ids(listed).includes(second)] };
  },
  broken: (seen) => expect(seen).toEqual({ throughOwn: 204, throughOther: 404, listed: [0, false] }),
  correct: (seen) => expect(seen).toEqual({ throughOwn: 204, throughOther: 404, listed: [1, true] }),
});

add({
  fault: 'authors-envelope-page-behind',
  what: "page 1 says page 1; pages 2 and 3 of the authors at size 1 say 1 and 2",
  observe: async (s) => {
    anotherAuthor(s);
    s.server.services.authors.create(s.server.stores.tokens.workspaceFor(s.token)!, { first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.com' });
    const page = async (n: number) => {
      const body = (await s.api('GET', `/authors?page=${n}&size=1`)).body;
      return [body.page, body.size, body.total, body.result.length];
    };
    return { first: (await s.api('GET', '/authors')).body.page, one: await page(1), two: await page(2), three: await page(3) };
  },
  // Three authors made here and the workspace's older ones (harness.ts).
  broken: (seen) => expect(seen).toEqual({ first: 1, one: [1, 1, 3 + OLDER_AUTHORS.length, 1], two: [1, 1, 3 + OLDER_AUTHORS.length, 1], three: [2, 1, 3 + OLDER_AUTHORS.length, 1] }),
  correct: (seen) => expect(seen).toEqual({ first: 1, one: [1, 1, 3 + OLDER_AUTHORS.length, 1], two: [2, 1, 3 + OLDER_AUTHORS.length, 1], three: [3, 1, 3 + OLDER_AUTHORS.length, 1] }),
});

add({
  fault: 'newsletter-rename-answers-old-updated-at',
  what: 'a rename answers the new name and name_slug; its updated_at is the former one, while the read shows the new one',
  observe: async ({ api }) => {
    const created = (await api('POST', '/newsletters', { body: { name: 'Weekly' } })).body;
    await new Promise((resolve) => setTimeout(resolve, 5));
    const renamed = (await api('PATCH', `/newsletters/${created.id}`, { body: { name: 'Monthly' } })).body;
    const read = (await api('GET', `/newsletters/${created.id}`)).body;
    return {
      renamed: [renamed.name, renamed.name_slug],
      answerIsOld: renamed.updated_at === created.updated_at,
      readMoved: read.updated_at !== created.updated_at,
      agree: renamed.updated_at === read.updated_at,
    };
  },
  broken: (seen) => expect(seen).toEqual({ renamed: ['Monthly', 'monthly'], answerIsOld: true, readMoved: true, agree: false }),
  correct: (seen) => expect(seen).toEqual({ renamed: ['Monthly', 'monthly'], answerIsOld: false, readMoved: true, agree: true }),
});

add({
  fault: 'head-newsletter-404-as-json',
  what: "HEAD of a newsletter that exists is right, and GET's 404 is a problem document; HEAD's 404 is typed application/json",
  observe: async ({ api }) => {
    const newsletter = (await api('POST', '/newsletters', { body: { name: 'Weekly' } })).body.id;
    const typeOf = async (method: string, id: number) => {
      const answer = await api(method, `/newsletters/${id}`);
      return [answer.status, answer.headers.get('content-type')?.split(';')[0]];
    };
    return { headFound: await typeOf('HEAD', newsletter), getMissing: await typeOf('GET', 999_999), headMissing: await typeOf('HEAD', 999_999) };
  },
  broken: (seen) =>
    expect(seen).toEqual({ headFound: [200, 'application/json'], getMissing: [404, 'application/problem+json'], headMissing: [404, 'application/json'] }),
  correct: (seen) =>
    expect(seen).toEqual({ headFound: [200, 'application/json'], getMissing: [404, 'application/problem+json'], headMissing: [404, 'application/problem+json'] }),
});

add({
  fault: 'email-404-reports-address-policy',
  what: "getEmail's 200 names the token policy; its 404 names the address policy",
  observe: async ({ api }) => {
    const newsletter = (await api('POST', '/newsletters', { body: { name: 'Weekly' } })).body.id;
    const email = (await api('POST', `/newsletters/${newsletter}/emails`, { body: { subject: 'Issue' } })).body.id;
    const policyOf = async (id: number) => {
      const answer = await api('GET', `/newsletters/${newsletter}/emails/${id}`);
      return [answer.status, answer.headers.get('ratelimit')?.split(';')[0], answer.headers.get('ratelimit-policy')?.split(';')[0]];
    };
    return { found: await policyOf(email), missing: await policyOf(999_999) };
  },
  broken: (seen) => expect(seen).toEqual({ found: [200, '"token"', '"token"'], missing: [404, '"address"', '"address"'] }),
  correct: (seen) => expect(seen).toEqual({ found: [200, '"token"', '"token"'], missing: [404, '"token"', '"token"'] }),
});

add({
  fault: 'subscriber-create-422-drops-path-error',
  what: 'a bad newsletter id alone, and a bad address alone, are named; both together name only the address',
  observe: async ({ api }) => {
    const newsletter = (await api('POST', '/newsletters', { body: { name: 'Weekly' } })).body.id;
    const fields = async (id: number, email: string) => {
      const answer = await api('POST', `/newsletters/${id}/subscribers`, { body: { email } });
      return [answer.status, ...(answer.body.errors ?? []).map((error: { field: string }) => error.field).sort()];
    };
    return {
      badPath: await fields(0, 'ada@example.com'),
      badBody: await fields(newsletter, 'not an address'),
      both: await fields(0, 'not an address'),
    };
  },
  broken: (seen) => expect(seen).toEqual({ badPath: [422, 'path.newsletter_id'], badBody: [422, 'email'], both: [422, 'email'] }),
  correct: (seen) => expect(seen).toEqual({ badPath: [422, 'path.newsletter_id'], badBody: [422, 'email'], both: [422, 'email', 'path.newsletter_id'] }),
});

add({
  fault: 'category-slug-suffixed-while-base-free',
  what: 'two categories of one name get news and news-1; with news deleted, a third News gets news-2 instead of news',
  observe: async ({ api }) => {
    const page = (await api('POST', '/pages', { body: { name: 'Blog' } })).body.id;
    const create = async () => (await api('POST', `/pages/${page}/categories`, { body: { name: 'News' } })).body;
    const first = await create();
    const second = await create();
    await api('DELETE', `/pages/${page}/categories/${first.id}`);
    const third = await create();
    const read = (await api('GET', `/pages/${page}/categories/${third.id}`)).body.slug;
    return { slugs: [first.slug, second.slug, third.slug], read };
  },
  broken: (seen) => expect(seen).toEqual({ slugs: ['news', 'news-1', 'news-2'], read: 'news-2' }),
  correct: (seen) => expect(seen).toEqual({ slugs: ['news', 'news-1', 'news'], read: 'news' }),
});

add({
  fault: 'post-retitle-fills-seo-title',
  what: 'a retitled post with its own seo_title keeps it; one without gets the new title as seo_title',
  observe: async ({ api }) => {
    const page = (await api('POST', '/pages', { body: { name: 'Blog' } })).body.id;
    const post = async (body: object) => (await api('POST', `/pages/${page}/posts`, { body: { title: 'Draft', ...body } })).body.id;
    const withSeo = await post({ seo_title: 'Search title' });
    const withoutSeo = await post({});
    const retitle = async (id: number) => {
      const answer = (await api('PATCH', `/pages/${page}/posts/${id}`, { body: { title: 'Final title' } })).body;
      const read = (await api('GET', `/pages/${page}/posts/${id}`)).body;
      return [answer.title, answer.seo_title, read.seo_title];
    };
    return { withSeo: await retitle(withSeo), withoutSeo: await retitle(withoutSeo) };
  },
  broken: (seen) =>
    expect(seen).toEqual({ withSeo: ['Final title', 'Search title', 'Search title'], withoutSeo: ['Final title', 'Final title', 'Final title'] }),
  correct: (seen) => expect(seen).toEqual({ withSeo: ['Final title', 'Search title', 'Search title'], withoutSeo: ['Final title', null, null] }),
});

add({
  fault: 'author-empty-position-nulled',
  what: 'a position is kept; an empty position reads null',
  observe: async ({ api, authorId }) => {
    const path = `/authors/${authorId}`;
    const editor = (await api('PATCH', path, { body: { position: 'Editor' } })).body.position;
    const empty = (await api('PATCH', path, { body: { position: '' } })).body.position;
    const read = (await api('GET', path)).body.position;
    return { editor, empty, read };
  },
  broken: (seen) => expect(seen).toEqual({ editor: 'Editor', empty: null, read: null }),
  correct: (seen) => expect(seen).toEqual({ editor: 'Editor', empty: '', read: '' }),
});

add({
  fault: 'upload-gif87a-refused',
  what: 'a GIF89a is uploaded and served; a GIF87a is a 415',
  observe: async ({ api }) => {
    const upload = async (bytes: Buffer) => {
      const data = new FormData();
      data.append('file', new Blob([bytes], { type: 'image/gif' }), 'pixel.gif');
      const answer = await api('POST', '/images/upload', { raw: data });
      if (answer.status !== 201) return [answer.status, answer.body.type];
      const served = await fetch(answer.body.url);
      return [answer.status, served.headers.get('content-type'), Buffer.from(await served.arrayBuffer()).equals(bytes)];
    };
    return { gif89a: await upload(GIF89A), gif87a: await upload(GIF87A) };
  },
  broken: (seen) => expect(seen).toEqual({ gif89a: [201, 'image/gif', true], gif87a: [415, problemType('unsupported-media-type')] }),
  correct: (seen) => expect(seen).toEqual({ gif89a: [201, 'image/gif', true], gif87a: [201, 'image/gif', true] }),
});

contrastFaults(
  'faults a twelfth look shows: a slug held by another field, a full-width name, a refused delete that deletes, a later page, an answer older than the store, a HEAD or a 404 with the wrong fields, a 422 of two causes, a freed slug, a default filled in, an empty value, an older image format',
  cases,
);
