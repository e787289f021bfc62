/**
 * The faults of server/faults/seventeenth-look.ts really break what they name: each case runs the same
 * requests against the server with the fault and without it, and requires the broken answer from the
 * first and the one the contract requires from the second. Each case also makes the first request a
 * test would make and shows it right on both servers, so the fault is one only a second look finds.
 */
import { expect } from 'vitest';
import { contrastFaults, type FaultContrast } from './fault-contrast.ts';
import { hoursFromNow, ids, newsletterWithReader, pause, problemType } from './contrast-fixtures.ts';
import type { Api } from './harness.ts';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

const cases: FaultContrast<any>[] = [];
const add = <T>(c: FaultContrast<T>) => cases.push(c);

const newPage = async (api: Api, name: string, slug?: string) => (await api('POST', '/pages', { body: slug ? { name, slug } : { name } })).body.id as number;

add({
  fault: 'category-recolour-letter-case-not-stored',
  what: 'a new colour is kept; the same colour in other letter case must be kept as given too',
  observe: async ({ api }) => {
    const page = await newPage(api, 'Blog');
    const category = (await api('POST', `/pages/${page}/categories`, { body: { name: 'News', color: '#1A2B3C' } })).body.id;
    const path = `/pages/${page}/categories/${category}`;
    const recolour = async (color: string) => [(await api('PATCH', path, { body: { color } })).body.color, (await api('GET', path)).body.color];
    return { other: await recolour('#445566'), back: await recolour('#445566'.toUpperCase()), lower: await recolour('#aabbcc'), upper: await recolour('#AABBCC') };
  },
  broken: (seen) => expect(seen).toEqual({ other: ['#445566', '#445566'], back: ['#445566', '#445566'], lower: ['#aabbcc', '#aabbcc'], upper: ['#aabbcc', '#aabbcc'] }),
  correct: (seen) => expect(seen).toEqual({ other: ['#445566', '#445566'], back: ['#445566', '#445566'], lower: ['#aabbcc', '#aabbcc'], upper: ['#AABBCC', '#AABBCC'] }),
});

add({
  fault: 'post-updated-at-set-once',
  what: "a first update stamps updated_at; a second update must move it again",
  observe: async ({ api }) => {
    const page = await newPage(api, 'Blog');
    const path = `/pages/${page}/posts/${(await api('POST', `/pages/${page}/posts`, { body: { title: 'Hello' } })).body.id}`;
    const first = (await api('PATCH', path, { body: { title: 'Hello again' } })).body.updated_at as string | null;
    await pause(20);
    const second = (await api('PATCH', path, { body: { title: 'Hello, third time' } })).body.updated_at as string;
    const read = (await api('GET', path)).body;
    return { first: first !== null, moved: second > first!, readMoved: read.updated_at > first!, title: read.title };
  },
  broken: (seen) => expect(seen).toEqual({ first: true, moved: false, readMoved: false, title: 'Hello, third time' }),
  correct: (seen) => expect(seen).toEqual({ first: true, moved: true, readMoved: true, title: 'Hello, third time' }),
});

add({
  fault: 'post-deleted-category-dropped',
  what: 'an existing category is taken; a category deleted from the page must be refused 422 and create nothing',
  observe: async ({ api }) => {
    const page = await newPage(api, 'Blog');
    const news = (await api('POST', `/pages/${page}/categories`, { body: { name: 'News' } })).body.id;
    const old = (await api('POST', `/pages/${page}/categories`, { body: { name: 'Old' } })).body.id;
    const withNews = (await api('POST', `/pages/${page}/posts`, { body: { title: 'One', category_id: news } })).body.category_id === news;
    await api('DELETE', `/pages/${page}/categories/${old}`);
    const answer = await api('POST', `/pages/${page}/posts`, { body: { title: 'Two', category_id: old } });
    const posts = (await api('GET', `/pages/${page}/posts`)).body.total;
    return { withNews, deleted: [answer.status, answer.status === 422 ? answer.body.errors.map((e: { field: string }) => e.field) : answer.body.category_id], posts };
  },
  broken: (seen) => expect(seen).toEqual({ withNews: true, deleted: [201, null], posts: 2 }),
  correct: (seen) => expect(seen).toEqual({ withNews: true, deleted: [422, ['category_id']], posts: 1 }),
});

add({
  fault: 'author-descriptions-trimmed',
  what: 'a one-line biography is kept; one with a leading indent and a last line break must be kept as sent',
  observe: async ({ api, authorId }) => {
    const path = `/authors/${authorId}`;
    const plain = (await api('PATCH', path, { body: { short_description: 'Writes about tea.' } })).body.short_description;
    const long = '  Writes about tea.\n\nAnd about coffee.\n';
    const answered = (await api('PATCH', path, { body: { long_description: long } })).body.long_description;
    const read = (await api('GET', path)).body.long_description;
    return { plain, answered: answered === long, read: read === long };
  },
  broken: (seen) => expect(seen).toEqual({ plain: 'Writes about tea.', answered: false, read: false }),
  correct: (seen) => expect(seen).toEqual({ plain: 'Writes about tea.', answered: true, read: true }),
});

add({
  fault: 'email-slug-non-latin-fallback',
  what: 'a Latin subject gives its slug; a Cyrillic or Greek one must give its transliteration',
  observe: async ({ api }) => {
    const newsletter = (await api('POST', '/newsletters', { body: { name: 'Weekly' } })).body.id;
    const slugOf = async (subject: string) => {
      const created = (await api('POST', `/newsletters/${newsletter}/emails`, { body: { subject } })).body;
      return [created.slug, (await api('GET', `/newsletters/${newsletter}/emails/${created.id}`)).body.slug];
    };
    return { latin: await slugOf('Café news'), cyrillic: await slugOf('Привет мир'), greek: await slugOf('Καλημέρα') };
  },
  broken: (seen) => expect(seen).toEqual({ latin: ['cafe-news', 'cafe-news'], cyrillic: ['email', 'email'], greek: ['email-1', 'email-1'] }),
  correct: (seen) => expect(seen).toEqual({ latin: ['cafe-news', 'cafe-news'], cyrillic: ['privet-mir', 'privet-mir'], greek: ['kalimera', 'kalimera'] }),
});

add({
  fault: 'page-former-slug-held',
  what: 'a slug in use is 409; a slug another page gave up by an update must be free again',
  observe: async ({ api }) => {
    const blog = await newPage(api, 'Blog', 'my-blog');
    const taken = (await api('POST', '/pages', { body: { name: 'Other', slug: 'my-blog' } })).status;
    const changed = (await api('PATCH', `/pages/${blog}`, { body: { slug: 'journal' } })).body.slug;
    const again = await api('POST', '/pages', { body: { name: 'New blog', slug: 'My Blog' } });
    return { taken, changed, again: [again.status, again.status === 201 ? again.body.slug : again.body.type] };
  },
  broken: (seen) => expect(seen).toEqual({ taken: 409, changed: 'journal', again: [409, problemType('slug-taken')] }),
  correct: (seen) => expect(seen).toEqual({ taken: 409, changed: 'journal', again: [201, 'my-blog'] }),
});

add({
  fault: 'emails-scheduled-by-send-time',
  what: 'one scheduled email lists alone; an email written later for a later time must list first, newest first',
  observe: async ({ api }) => {
    const newsletter = await newsletterWithReader(api, 'Weekly');
    const schedule = async (subject: string, hours: number) => {
      const id = (await api('POST', `/newsletters/${newsletter}/emails`, { body: { subject, content_html: '<p>Hi</p>' } })).body.id as number;
      await api('POST', `/newsletters/${newsletter}/emails/${id}/send`, { body: { scheduled_at: hoursFromNow(hours) } });
      return id;
    };
    const listed = async () => ids((await api('GET', `/newsletters/${newsletter}/emails?status=scheduled`)).body);
    const sooner = await schedule('Sooner', 24);
    const alone = (await listed()).join() === String(sooner);
    const later = await schedule('Later', 48);
    const scheduled = await listed();
    const all = ids((await api('GET', `/newsletters/${newsletter}/emails`)).body);
    return { alone, scheduledNewestFirst: scheduled.join() === [later, sooner].join(), allNewestFirst: all.join() === [later, sooner].join() };
  },
  broken: (seen) => expect(seen).toEqual({ alone: true, scheduledNewestFirst: false, allNewestFirst: true }),
  correct: (seen) => expect(seen).toEqual({ alone: true, scheduledNewestFirst: true, allNewestFirst: true }),
});

add({
  fault: 'subscriber-id-reused-after-delete',
  what: 'a deleted subscriber is 404 to a second delete; it must stay 404 after a new address subscribes',
  observe: async ({ api }) => {
    const newsletter = (await api('POST', '/newsletters', { body: { name: 'Weekly' } })).body.id;
    const path = `/newsletters/${newsletter}/subscribers`;
    const subscribe = async (email: string) => (await api('POST', path, { body: { email } })).body.id as number;
    await subscribe('ada@example.com');
    const grace = await subscribe('grace@example.com');
    await api('DELETE', `${path}/${grace}`);
    const againAtOnce = (await api('DELETE', `${path}/${grace}`)).status;
    const alan = await subscribe('alan@example.com');
    const againLater = (await api('DELETE', `${path}/${grace}`)).status;
    const listed = (await api('GET', path)).body.result.map((s: { email: string }) => s.email);
    return { againAtOnce, newId: alan !== grace, againLater, listed };
  },
  broken: (seen) => expect(seen).toEqual({ againAtOnce: 404, newId: false, againLater: 204, listed: ['ada@example.com'] }),
  correct: (seen) => expect(seen).toEqual({ againAtOnce: 404, newId: true, againLater: 404, listed: ['alan@example.com', 'ada@example.com'] }),
});

add({
  fault: 'newsletter-other-workspace-403',
  what: "an own newsletter is 200 and an id of none 404; another workspace's newsletter must be 404 too",
  observe: async ({ api, otherToken }) => {
    const own = (await api('POST', '/newsletters', { body: { name: 'Weekly' } })).body.id;
    const theirs = (await api('POST', '/newsletters', { body: { name: 'Theirs' }, token: otherToken })).body.id;
    const status = async (id: number) => (await api('GET', `/newsletters/${id}`)).status;
    return { own: await status(own), none: await status(theirs + 1000), theirs: await status(theirs) };
  },
  broken: (seen) => expect(seen).toEqual({ own: 200, none: 404, theirs: 403 }),
  correct: (seen) => expect(seen).toEqual({ own: 200, none: 404, theirs: 404 }),
});

add({
  fault: 'upload-name-without-extension-refused',
  what: 'photo.png is stored; a PNG whose file name has no extension must be stored and served as image/png',
  observe: async ({ api }) => {
    const upload = async (name: string) => {
      const data = new FormData();
      data.append('file', new Blob([PNG], { type: 'application/octet-stream' }), name);
      const answer = await api('POST', '/images/upload', { raw: data });
      if (answer.status !== 201) return [answer.status];
      const served = await fetch(answer.body.url);
      return [answer.status, served.headers.get('content-type')];
    };
    return { named: await upload('photo.png'), bare: await upload('scan') };
  },
  broken: (seen) => expect(seen).toEqual({ named: [201, 'image/png'], bare: [415] }),
  correct: (seen) => expect(seen).toEqual({ named: [201, 'image/png'], bare: [201, 'image/png'] }),
});

add({
  fault: 'category-path-422-before-415',
  what: 'a bad page id with JSON is 422 and a text body 415; both together must be 415, the body form first',
  observe: async ({ api }) => {
    const page = await newPage(api, 'Blog');
    const text = { raw: 'name=News', headers: { 'Content-Type': 'text/plain' } };
    const status = async (path: string, options: Parameters<Api>[2]) => (await api('POST', path, options)).status;
    return {
      badIdJson: await status('/pages/abc/categories', { body: { name: 'News' } }),
      goodIdText: await status(`/pages/${page}/categories`, text),
      badIdText: await status('/pages/abc/categories', text),
    };
  },
  broken: (seen) => expect(seen).toEqual({ badIdJson: 422, goodIdText: 415, badIdText: 422 }),
  correct: (seen) => expect(seen).toEqual({ badIdJson: 422, goodIdText: 415, badIdText: 415 }),
});

add({
  fault: 'post-cors-origin-memoized',
  what: "a first caller's origin is allowed; a second origin, and a request without one, must not get the first's",
  observe: async ({ api }) => {
    const page = await newPage(api, 'Blog');
    const path = `/pages/${page}/posts/${(await api('POST', `/pages/${page}/posts`, { body: { title: 'Hello' } })).body.id}`;
    const allowed = async (origin?: string) => {
      const answer = await api('GET', path, origin ? { headers: { Origin: origin } } : {});
      return answer.headers.get('access-control-allow-origin');
    };
    const first = await allowed('https://one.example');
    return { first: first === '*' || first === 'https://one.example', second: await allowed('https://two.example'), none: await allowed() };
  },
  broken: (seen) => expect(seen).toEqual({ first: true, second: 'https://one.example', none: 'https://one.example' }),
  correct: (seen) => expect(seen).toEqual({ first: true, second: '*', none: '*' }),
});

contrastFaults('faults of the seventeenth look', cases);
