/**
 * The faults of server/faults/thirteenth-look.ts really break what they name: each case runs the same
 * requests against the server with the fault and without it, and requires the broken answer from the
 * first and the one the contract requires from the second. Each case also makes the first request a
 * test would make and shows it right on both servers, so the fault is one only a second look finds.
 */
import { expect } from 'vitest';
import { contrastFaults, type FaultContrast } from './fault-contrast.ts';
import { anotherAuthor, hoursFromNow, newsletterWithReader, pause, problemType } from './contrast-fixtures.ts';

/** A 1×1 GIF89a. */
const GIF = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');

const cases: FaultContrast<any>[] = [];
const add = <T>(c: FaultContrast<T>) => cases.push(c);

add({
  fault: 'author-deactivation-toggles',
  what: 'active false makes an author inactive; sent again, the author must stay inactive',
  observe: async (s) => {
    const ada = anotherAuthor(s);
    const deactivate = async () => (await s.api('PATCH', `/authors/${ada}`, { body: { active: false } })).body.active;
    const first = await deactivate();
    const second = await deactivate();
    const read = (await s.api('GET', `/authors/${ada}`)).body.active;
    return { first, second, read };
  },
  broken: (seen) => expect(seen).toEqual({ first: false, second: true, read: true }),
  correct: (seen) => expect(seen).toEqual({ first: false, second: false, read: false }),
});

add({
  fault: 'pages-total-counted-to-page-end',
  what: 'the default page counts three pages; at size 1 every page must count three too',
  observe: async ({ api }) => {
    for (const name of ['Alpha', 'Beta', 'Gamma']) await api('POST', '/pages', { body: { name } });
    const total = async (query: string) => (await api('GET', `/pages${query}`)).body.total;
    return { all: await total(''), page1: await total('?page=1&size=1'), page2: await total('?page=2&size=1'), past: await total('?page=9&size=1') };
  },
  broken: (seen) => expect(seen).toEqual({ all: 3, page1: 1, page2: 2, past: 3 }),
  correct: (seen) => expect(seen).toEqual({ all: 3, page1: 3, page2: 3, past: 3 }),
});

add({
  fault: 'post-slug-checked-by-title',
  what: 'a second Cafe gets cafe-1; Café after them must get cafe-2, not a 500',
  observe: async ({ api }) => {
    const page = (await api('POST', '/pages', { body: { name: 'Blog' } })).body.id;
    const post = async (title: string) => {
      const answer = await api('POST', `/pages/${page}/posts`, { body: { title } });
      return [answer.status, answer.status === 201 ? answer.body.slug : answer.body.type];
    };
    const first = await post('Cafe');
    const again = await post('Cafe');
    const accented = await post('Café');
    const listed = (await api('GET', `/pages/${page}/posts`)).body.total;
    return { first, again, accented, listed };
  },
  broken: (seen) =>
    expect(seen).toEqual({ first: [201, 'cafe'], again: [201, 'cafe-1'], accented: [500, problemType('internal-error')], listed: 2 }),
  correct: (seen) => expect(seen).toEqual({ first: [201, 'cafe'], again: [201, 'cafe-1'], accented: [201, 'cafe-2'], listed: 3 }),
});

add({
  fault: 'image-head-404',
  what: "GET of an uploaded image's URL is a 200; HEAD must be too, with the same type",
  observe: async ({ api }) => {
    const data = new FormData();
    data.append('file', new Blob([GIF], { type: 'image/gif' }), 'pixel.gif');
    const url = (await api('POST', '/images/upload', { raw: data })).body.url;
    const get = await fetch(url);
    const head = await fetch(url, { method: 'HEAD' });
    return { get: [get.status, get.headers.get('content-type')], head: [head.status, head.headers.get('content-type')?.startsWith('image/gif') ? 'image/gif' : 'other'] };
  },
  broken: (seen) => expect(seen).toEqual({ get: [200, 'image/gif'], head: [404, 'other'] }),
  correct: (seen) => expect(seen).toEqual({ get: [200, 'image/gif'], head: [200, 'image/gif'] }),
});

add({
  fault: 'category-recolour-any-page',
  what: 'a rename through another page is a 404; a recolour through it must be one too, and change nothing',
  observe: async ({ api }) => {
    const blog = (await api('POST', '/pages', { body: { name: 'Blog' } })).body.id;
    const shop = (await api('POST', '/pages', { body: { name: 'Shop' } })).body.id;
    const category = (await api('POST', `/pages/${blog}/categories`, { body: { name: 'News', color: '#112233' } })).body.id;
    const own = (await api('PATCH', `/pages/${blog}/categories/${category}`, { body: { color: '#445566' } })).status;
    const renamed = (await api('PATCH', `/pages/${shop}/categories/${category}`, { body: { name: 'Sales' } })).status;
    const recoloured = (await api('PATCH', `/pages/${shop}/categories/${category}`, { body: { color: '#778899' } })).status;
    const read = (await api('GET', `/pages/${blog}/categories/${category}`)).body;
    return { own, renamed, recoloured, read: [read.name, read.color] };
  },
  broken: (seen) => expect(seen).toEqual({ own: 200, renamed: 404, recoloured: 200, read: ['News', '#778899'] }),
  correct: (seen) => expect(seen).toEqual({ own: 200, renamed: 404, recoloured: 404, read: ['News', '#445566'] }),
});

add({
  fault: 'post-update-errors-merged-by-message',
  what: 'two fields wrong in different ways are both named; two wrong the same way must both be named too',
  observe: async ({ api }) => {
    const page = (await api('POST', '/pages', { body: { name: 'Blog' } })).body.id;
    const post = (await api('POST', `/pages/${page}/posts`, { body: { title: 'Hello' } })).body.id;
    const fields = async (body: object) => {
      const answer = await api('PATCH', `/pages/${page}/posts/${post}`, { body });
      return [answer.status, (answer.body.errors as { field: string }[]).map((error) => error.field).sort()];
    };
    // title's and seo_title's causes differ in message (seo_title may be null); seo_title's and og_title's are alike.
    return { unlike: await fields({ title: 5, seo_title: 6 }), alike: await fields({ seo_title: 5, og_title: 6 }) };
  },
  broken: (seen) => expect(seen).toEqual({ unlike: [422, ['seo_title', 'title']], alike: [422, ['seo_title']] }),
  correct: (seen) => expect(seen).toEqual({ unlike: [422, ['seo_title', 'title']], alike: [422, ['og_title', 'seo_title']] }),
});

add({
  fault: 'authors-405-allow-lists-post',
  what: "a 405 on /authors/{id} lists the path's methods; on /authors it must list GET and HEAD only",
  observe: async ({ api, authorId }) => {
    const allow = async (method: string, path: string) => {
      const answer = await api(method, path);
      return [answer.status, answer.headers.get('allow')];
    };
    return { one: await allow('PUT', `/authors/${authorId}`), collection: await allow('PUT', '/authors'), post: (await api('POST', '/authors', { body: {} })).status };
  },
  broken: (seen) => expect(seen).toEqual({ one: [405, 'GET, HEAD, PATCH'], collection: [405, 'GET, HEAD, POST'], post: 405 }),
  correct: (seen) => expect(seen).toEqual({ one: [405, 'GET, HEAD, PATCH'], collection: [405, 'GET, HEAD'], post: 405 }),
});

add({
  fault: 'newsletter-recased-name-returns-existing',
  what: 'the same name twice is a 409; the name in capitals must be a 409 too, not the first newsletter again',
  observe: async ({ api }) => {
    const create = async (name: string) => {
      const answer = await api('POST', '/newsletters', { body: { name } });
      return answer.status === 201 ? [201, answer.body.id, answer.body.name] : [answer.status, answer.body.type];
    };
    const first = await create('Weekly');
    const same = await create('Weekly');
    const capitals = await create('WEEKLY');
    const total = (await api('GET', '/newsletters')).body.total;
    return { first, same, capitals, total };
  },
  broken: (seen) => {
    expect(seen.same).toEqual([409, problemType('name-taken')]);
    expect(seen.capitals).toEqual(seen.first);
    expect(seen.total).toBe(1);
  },
  correct: (seen) => {
    expect(seen.same).toEqual([409, problemType('name-taken')]);
    expect(seen.capitals).toEqual([409, problemType('name-taken')]);
    expect(seen.total).toBe(1);
  },
});

add({
  fault: 'subscriber-plus-alias-merged',
  what: 'an address in capitals is the existing subscriber; an address with a +tag must be a new one',
  observe: async ({ api }) => {
    const newsletter = (await api('POST', '/newsletters', { body: { name: 'Weekly' } })).body.id;
    const subscribe = async (email: string) => (await api('POST', `/newsletters/${newsletter}/subscribers`, { body: { email } })).body;
    const ada = await subscribe('ada@example.com');
    const capitals = await subscribe('ADA@Example.com');
    const tagged = await subscribe('ada+news@example.com');
    const listed = (await api('GET', `/newsletters/${newsletter}/subscribers`)).body.total;
    return { capitalsSame: capitals.id === ada.id, taggedSame: tagged.id === ada.id, taggedEmail: tagged.email, listed };
  },
  broken: (seen) => expect(seen).toEqual({ capitalsSame: true, taggedSame: true, taggedEmail: 'ada@example.com', listed: 1 }),
  correct: (seen) => expect(seen).toEqual({ capitalsSame: true, taggedSame: false, taggedEmail: 'ada+news@example.com', listed: 2 }),
});

add({
  fault: 'page-update-409-keeps-rename',
  what: 'a taken slug alone is a 409 that changes nothing; with a new name beside it the name must not be kept either',
  observe: async ({ api }) => {
    await api('POST', '/pages', { body: { name: 'Home', slug: 'home' } });
    const blog = (await api('POST', '/pages', { body: { name: 'Blog' } })).body.id;
    const patch = async (body: object) => (await api('PATCH', `/pages/${blog}`, { body })).status;
    const slugAlone = await patch({ slug: 'home' });
    const withName = await patch({ name: 'Journal', slug: 'home' });
    const read = (await api('GET', `/pages/${blog}`)).body;
    return { slugAlone, withName, read: [read.name, read.name_slug, read.slug] };
  },
  broken: (seen) => expect(seen).toEqual({ slugAlone: 409, withName: 409, read: ['Journal', 'journal', 'blog'] }),
  correct: (seen) => expect(seen).toEqual({ slugAlone: 409, withName: 409, read: ['Blog', 'blog', 'blog'] }),
});

add({
  fault: 'reschedule-past-time-unschedules',
  what: 'a past time for a draft is a 422 that keeps the draft; for a scheduled email it must keep the schedule',
  observe: async ({ api }) => {
    const newsletter = await newsletterWithReader(api, 'Weekly');
    const email = (await api('POST', `/newsletters/${newsletter}/emails`, { body: { subject: 'Issue 1', content_md: 'Hello' } })).body.id;
    const path = `/newsletters/${newsletter}/emails/${email}`;
    const past = hoursFromNow(-1);
    const draftRefused = (await api('POST', `${path}/send`, { body: { scheduled_at: past } })).status;
    const draft = (await api('GET', path)).body.status;
    const later = hoursFromNow(2);
    const scheduled = (await api('POST', `${path}/send`, { body: { scheduled_at: later } })).body;
    const refused = (await api('POST', `${path}/send`, { body: { scheduled_at: past } })).status;
    const read = (await api('GET', path)).body;
    return {
      draftRefused,
      draft,
      scheduled: [scheduled.status, scheduled.scheduled_at === later],
      refused,
      read: [read.status, read.scheduled_at === later ? 'kept' : read.scheduled_at],
    };
  },
  broken: (seen) => expect(seen).toEqual({ draftRefused: 422, draft: 'draft', scheduled: ['scheduled', true], refused: 422, read: ['draft', null] }),
  correct: (seen) => expect(seen).toEqual({ draftRefused: 422, draft: 'draft', scheduled: ['scheduled', true], refused: 422, read: ['scheduled', 'kept'] }),
});

add({
  fault: 'email-content-update-keeps-updated-at',
  what: 'a PATCH of the subject moves updated_at; a later PATCH of the content must move it again',
  observe: async ({ api }) => {
    const newsletter = (await api('POST', '/newsletters', { body: { name: 'Weekly' } })).body.id;
    const created = (await api('POST', `/newsletters/${newsletter}/emails`, { body: { subject: 'Issue 1', content_md: 'Hello' } })).body;
    const path = `/newsletters/${newsletter}/emails/${created.id}`;
    await pause(5);
    const retitled = (await api('PATCH', path, { body: { subject: 'Issue 1, corrected' } })).body;
    await pause(5);
    const rewritten = (await api('PATCH', path, { body: { content_md: 'Hello again' } })).body;
    const read = (await api('GET', path)).body;
    return {
      retitledMoved: retitled.updated_at > created.updated_at,
      rewrittenMoved: rewritten.updated_at > retitled.updated_at,
      readAgrees: read.updated_at === rewritten.updated_at,
      rendered: read.content_html.includes('Hello again'),
    };
  },
  broken: (seen) => expect(seen).toEqual({ retitledMoved: true, rewrittenMoved: false, readAgrees: true, rendered: true }),
  correct: (seen) => expect(seen).toEqual({ retitledMoved: true, rewrittenMoved: true, readAgrees: true, rendered: true }),
});

contrastFaults(
  'faults a thirteenth look shows: a second deactivation, a total at size 1, a slug in another spelling, a HEAD of an image, a recolour through another page, two causes of one message, an Allow of a collection, a name in capitals, a tagged address, a refused PATCH that renames, a refused reschedule, a content-only update',
  cases,
);
