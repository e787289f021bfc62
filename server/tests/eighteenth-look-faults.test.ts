/**
 * The faults of server/faults/eighteenth-look.ts really break what they name: each case runs the same
 * requests against the server with the fault and without it, and requires the broken answer from the
 * first and the one the contract requires from the second. Each case also makes the first request a
 * test would make and shows it right on both servers, so the fault is one only a second look finds.
 */
import { expect } from 'vitest';
import { contrastFaults, type FaultContrast } from './fault-contrast.ts';
import { hoursFromNow, newsletterWithReader, problemType } from './contrast-fixtures.ts';
import { OLDER_AUTHORS, type Api } from './harness.ts';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

const cases: FaultContrast<any>[] = [];
const add = <T>(c: FaultContrast<T>) => cases.push(c);

const newPage = async (api: Api, name: string) => (await api('POST', '/pages', { body: { name } })).body.id as number;

add({
  fault: 'authors-explicit-active-true-lists-all',
  what: 'the default list hides an inactive author; ?active=true written out must hide it too',
  observe: async ({ api, authorId }) => {
    await api('PATCH', `/authors/${authorId}`, { body: { active: false } });
    const totals = async (query: string) => (await api('GET', `/authors${query}`)).body.total;
    return { default: await totals(''), inactive: await totals('?active=false'), active: await totals('?active=true') };
  },
  // The workspace's older authors (harness.ts) stay active.
  broken: (seen) => expect(seen).toEqual({ default: OLDER_AUTHORS.length, inactive: 1, active: OLDER_AUTHORS.length + 1 }),
  correct: (seen) => expect(seen).toEqual({ default: OLDER_AUTHORS.length, inactive: 1, active: OLDER_AUTHORS.length }),
});

add({
  fault: 'author-update-name-joined-with-empty-last',
  what: 'a new last name is shown; a cleared one must leave formatted_name without it, as getAuthor shows',
  observe: async ({ api, authorId }) => {
    const path = `/authors/${authorId}`;
    const named = await api('PATCH', path, { body: { first_name: 'Ada', last_name: 'Lovelace' } });
    const cleared = (await api('PATCH', path, { body: { last_name: null } })).body.formatted_name;
    return { named: named.body.formatted_name, cleared, read: (await api('GET', path)).body.formatted_name };
  },
  broken: (seen) => expect(seen).toEqual({ named: 'Ada Lovelace', cleared: 'Ada ', read: 'Ada' }),
  correct: (seen) => expect(seen).toEqual({ named: 'Ada Lovelace', cleared: 'Ada', read: 'Ada' }),
});

add({
  fault: 'upload-extra-file-parts-dropped',
  what: 'one file part is stored and none is 422; two file parts must be 422 too',
  observe: async ({ api }) => {
    const upload = async (count: number) => {
      const data = new FormData();
      for (let i = 0; i < count; i++) data.append('file', new Blob([PNG], { type: 'image/png' }), `photo-${i}.png`);
      return (await api('POST', '/images/upload', { raw: data })).status;
    };
    return { one: await upload(1), none: await upload(0), two: await upload(2) };
  },
  broken: (seen) => expect(seen).toEqual({ one: 201, none: 422, two: 201 }),
  correct: (seen) => expect(seen).toEqual({ one: 201, none: 422, two: 422 }),
});

add({
  fault: 'upsert-looks-in-first-list-page',
  what: 'an address among the ten newest is returned; one with ten newer above it must be returned as well',
  observe: async ({ api }) => {
    const newsletter = (await api('POST', '/newsletters', { body: { name: 'Weekly' } })).body.id;
    const path = `/newsletters/${newsletter}/subscribers`;
    const subscribe = async (email: string) => api('POST', path, { body: { email } });
    const first = (await subscribe('first@example.com')).body.id;
    const recent = (await subscribe('FIRST@example.com')).body.id === first;
    for (let i = 0; i < 10; i++) await subscribe(`reader${i}@example.com`);
    const again = await subscribe(' First@Example.com ');
    return { recent, again: [again.status, again.body.id === first], total: (await api('GET', path)).body.total };
  },
  broken: (seen) => expect(seen).toEqual({ recent: true, again: [500, false], total: 11 }),
  correct: (seen) => expect(seen).toEqual({ recent: true, again: [200, true], total: 11 }),
});

add({
  fault: 'newsletter-rename-taken-by-page-name',
  what: "a rename to another newsletter's name is 409; a rename to a page's name must be accepted",
  observe: async ({ api }) => {
    await newPage(api, 'Field Notes');
    const weekly = (await api('POST', '/newsletters', { body: { name: 'Weekly' } })).body.id;
    await api('POST', '/newsletters', { body: { name: 'Daily' } });
    const rename = async (name: string) => {
      const answer = await api('PATCH', `/newsletters/${weekly}`, { body: { name } });
      return [answer.status, answer.status === 200 ? answer.body.name_slug : answer.body.type];
    };
    return { taken: await rename('daily'), page: await rename('Field Notes') };
  },
  broken: (seen) => expect(seen).toEqual({ taken: [409, problemType('name-taken')], page: [409, problemType('name-taken')] }),
  correct: (seen) => expect(seen).toEqual({ taken: [409, problemType('name-taken')], page: [200, 'field-notes'] }),
});

add({
  fault: 'email-fallback-slug-replaced-by-subject',
  what: "a subject change keeps the slug; the first subject of a draft created without one must keep the slug email too",
  observe: async ({ api }) => {
    const newsletter = (await api('POST', '/newsletters', { body: { name: 'Weekly' } })).body.id;
    const emails = `/newsletters/${newsletter}/emails`;
    const slugAfter = async (subject: string) => {
      const created = (await api('POST', emails, { body: { subject } })).body;
      const answered = (await api('PATCH', `${emails}/${created.id}`, { body: { subject: 'Spring news' } })).body.slug;
      return [created.slug, answered, (await api('GET', `${emails}/${created.id}`)).body.slug];
    };
    return { titled: await slugAfter('Hello'), untitled: await slugAfter('') };
  },
  broken: (seen) => expect(seen).toEqual({ titled: ['hello', 'hello', 'hello'], untitled: ['email', 'spring-news', 'spring-news'] }),
  correct: (seen) => expect(seen).toEqual({ titled: ['hello', 'hello', 'hello'], untitled: ['email', 'email', 'email'] }),
});

add({
  fault: 'email-update-scheduled-rewrite-accepted',
  what: 'a change to a scheduled email is 409; a PATCH repeating its subject must be 409 too',
  observe: async ({ api }) => {
    const newsletter = await newsletterWithReader(api, 'Weekly');
    const path = `/newsletters/${newsletter}/emails/${(await api('POST', `/newsletters/${newsletter}/emails`, { body: { subject: 'Hello', content_html: '<p>Hi</p>' } })).body.id}`;
    await api('POST', `${path}/send`, { body: { scheduled_at: hoursFromNow(24) } });
    const status = async (subject: string) => (await api('PATCH', path, { body: { subject } })).status;
    return { changed: await status('Bye'), repeated: await status('Hello') };
  },
  broken: (seen) => expect(seen).toEqual({ changed: 409, repeated: 200 }),
  correct: (seen) => expect(seen).toEqual({ changed: 409, repeated: 409 }),
});

add({
  fault: 'page-id-over-int32-422',
  what: 'an id of no page is 404; one above 2^31 - 1 must be 404 too, not invalid',
  observe: async ({ api }) => {
    const page = await newPage(api, 'Blog');
    const read = async (id: number) => {
      const answer = await api('GET', `/pages/${id}`);
      return [answer.status, answer.body.type];
    };
    return { own: (await read(page))[0], none: await read(999_999), large: await read(2_147_483_648) };
  },
  broken: (seen) => expect(seen).toEqual({ own: 200, none: [404, problemType('not-found')], large: [422, problemType('validation-failed')] }),
  correct: (seen) => expect(seen).toEqual({ own: 200, none: [404, problemType('not-found')], large: [404, problemType('not-found')] }),
});

add({
  fault: 'category-slug-counts-post-slugs',
  what: "a category's name taken by a category gets -1; one only a post of the page has must get no suffix",
  observe: async ({ api }) => {
    const page = await newPage(api, 'Blog');
    const slugOf = async (name: string) => (await api('POST', `/pages/${page}/categories`, { body: { name } })).body.slug;
    await api('POST', `/pages/${page}/posts`, { body: { title: 'Travel' } });
    return { news: [await slugOf('News'), await slugOf('News!')], travel: await slugOf('Travel') };
  },
  broken: (seen) => expect(seen).toEqual({ news: ['news', 'news-1'], travel: 'travel-1' }),
  correct: (seen) => expect(seen).toEqual({ news: ['news', 'news-1'], travel: 'travel' }),
});

add({
  fault: 'category-update-stamped-next-second',
  what: 'an update moves updated_at past created_at; it must never lie ahead of the answer',
  observe: async ({ api }) => {
    const page = await newPage(api, 'Blog');
    const created = (await api('POST', `/pages/${page}/categories`, { body: { name: 'News' } })).body;
    const stamps: { moved: boolean; ahead: boolean; whole: boolean }[] = [];
    for (const color of ['#111111', '#222222', '#333333']) {
      const updated = (await api('PATCH', `/pages/${page}/categories/${created.id}`, { body: { color } })).body.updated_at as string;
      const received = Date.now();
      stamps.push({ moved: updated > created.created_at, ahead: Date.parse(updated) > received, whole: updated.endsWith('.000Z') });
    }
    return { moved: stamps.every((s) => s.moved), ahead: stamps.some((s) => s.ahead), whole: stamps.every((s) => s.whole) };
  },
  broken: (seen) => expect(seen).toEqual({ moved: true, ahead: true, whole: true }),
  correct: (seen) => expect(seen).toEqual({ moved: true, ahead: false, whole: false }),
});

add({
  fault: 'post-category-null-kept',
  what: 'a post moved to another category shows it; category_id null must clear it',
  observe: async ({ api }) => {
    const page = await newPage(api, 'Blog');
    const category = async (name: string) => (await api('POST', `/pages/${page}/categories`, { body: { name } })).body.id as number;
    const news = await category('News');
    const travel = await category('Travel');
    const path = `/pages/${page}/posts/${(await api('POST', `/pages/${page}/posts`, { body: { title: 'Hello', category_id: news } })).body.id}`;
    const moved = (await api('PATCH', path, { body: { category_id: travel } })).body.category_id === travel;
    const cleared = (await api('PATCH', path, { body: { category_id: null } })).body.category_id;
    return { moved, cleared, read: (await api('GET', path)).body.category_id === null };
  },
  broken: (seen) => expect(seen).toEqual({ moved: true, cleared: expect.any(Number), read: false }),
  correct: (seen) => expect(seen).toEqual({ moved: true, cleared: null, read: true }),
});

add({
  fault: 'newsletter-read-latin1',
  what: 'an ASCII name reads back; a name with é must read back the same in UTF-8',
  observe: async ({ api }) => {
    const read = async (name: string) => {
      const id = (await api('POST', '/newsletters', { body: { name } })).body.id;
      const answer = await api('GET', `/newsletters/${id}`);
      return [answer.body.name, answer.headers.get('content-type')];
    };
    return { ascii: (await read('Weekly'))[0], accented: await read('Café Weekly') };
  },
  broken: (seen) => expect(seen).toEqual({ ascii: 'Weekly', accented: ['Caf\uFFFD Weekly', 'application/json; charset=iso-8859-1'] }),
  correct: (seen) => expect(seen).toEqual({ ascii: 'Weekly', accented: ['Café Weekly', 'application/json; charset=utf-8'] }),
});

contrastFaults('faults of the eighteenth look', cases);
