/**
 * The faults of server/faults/sixteenth-look.ts really break what they name: each case runs the same
 * requests against the server with the fault and without it, and requires the broken answer from the
 * first and the one the contract requires from the second. Each case also makes the first request a
 * test would make and shows it right on both servers, so the fault is one only a second look finds.
 */
import { expect } from 'vitest';
import { contrastFaults, type FaultContrast } from './fault-contrast.ts';
import { newsletterWithReader } from './contrast-fixtures.ts';
import { eventually, type Api } from './harness.ts';

const GIF = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

const cases: FaultContrast<any>[] = [];
const add = <T>(c: FaultContrast<T>) => cases.push(c);

const newPage = async (api: Api, name: string) => (await api('POST', '/pages', { body: { name } })).body.id as number;

add({
  fault: 'upload-type-of-first-upload',
  what: 'a first GIF is served as image/gif; a PNG uploaded after it must be served as image/png',
  observe: async ({ api }) => {
    const upload = async (bytes: Buffer, type: string, name: string) => {
      const data = new FormData();
      data.append('file', new Blob([bytes], { type }), name);
      const url = (await api('POST', '/images/upload', { raw: data })).body.url as string;
      const served = await fetch(url);
      return [url.split('.').pop(), served.status, served.headers.get('content-type'), Buffer.from(await served.arrayBuffer()).equals(bytes)];
    };
    return { gif: await upload(GIF, 'image/gif', 'a.gif'), png: await upload(PNG, 'image/png', 'b.png') };
  },
  broken: (seen) => expect(seen).toEqual({ gif: ['gif', 200, 'image/gif', true], png: ['gif', 200, 'image/gif', true] }),
  correct: (seen) => expect(seen).toEqual({ gif: ['gif', 200, 'image/gif', true], png: ['png', 200, 'image/png', true] }),
});

add({
  fault: 'email-slug-library-word-replacements',
  what: "a plain subject's slug is right; & and ♥ must be one hyphen each, not the words and and love",
  observe: async ({ api }) => {
    const newsletter = (await api('POST', '/newsletters', { body: { name: 'Weekly' } })).body.id;
    const slugOf = async (subject: string) => (await api('POST', `/newsletters/${newsletter}/emails`, { body: { subject } })).body.slug;
    return { plain: await slugOf('Issue 1: Spring'), ampersand: await slugOf('Tips & Tricks'), heart: await slugOf('I ♥ Mondays') };
  },
  broken: (seen) => expect(seen).toEqual({ plain: 'issue-1-spring', ampersand: 'tips-and-tricks', heart: 'i-love-mondays' }),
  correct: (seen) => expect(seen).toEqual({ plain: 'issue-1-spring', ampersand: 'tips-tricks', heart: 'i-mondays' }),
});

add({
  fault: 'post-update-category-other-page-once-set',
  what: "a first category of another page is refused; once the post has a category, so must be another page's",
  observe: async ({ api }) => {
    const blog = await newPage(api, 'Blog');
    const shop = await newPage(api, 'Shop');
    const news = (await api('POST', `/pages/${blog}/categories`, { body: { name: 'News' } })).body.id;
    const offers = (await api('POST', `/pages/${shop}/categories`, { body: { name: 'Offers' } })).body.id;
    const post = (await api('POST', `/pages/${blog}/posts`, { body: { title: 'Hello' } })).body.id;
    const path = `/pages/${blog}/posts/${post}`;
    const setCategory = async (category_id: number) => {
      const answer = await api('PATCH', path, { body: { category_id } });
      return [answer.status, answer.status === 200 ? answer.body.category_id : answer.body.errors.map((e: { field: string }) => e.field)];
    };
    const firstOther = await setCategory(offers);
    const own = await setCategory(news);
    const moved = await setCategory(offers);
    const read = (await api('GET', path)).body.category_id;
    return { firstOther, own: own[0], moved, readOwn: read === news };
  },
  broken: (seen) => expect(seen).toEqual({ firstOther: [422, ['category_id']], own: 200, moved: [200, expect.any(Number)], readOwn: false }),
  correct: (seen) => expect(seen).toEqual({ firstOther: [422, ['category_id']], own: 200, moved: [422, ['category_id']], readOwn: true }),
});

add({
  fault: 'post-draft-edit-stamps-first-published',
  what: 'publishing a draft stamps it; a draft edited with status draft named must keep first_published_at null',
  observe: async ({ api }) => {
    const page = await newPage(api, 'Blog');
    const stamped = async (title: string, body: object) => {
      const post = (await api('POST', `/pages/${page}/posts`, { body: { title } })).body.id;
      const answer = (await api('PATCH', `/pages/${page}/posts/${post}`, { body })).body;
      const read = (await api('GET', `/pages/${page}/posts/${post}`)).body;
      return [answer.status, answer.first_published_at !== null, read.first_published_at !== null];
    };
    return {
      published: await stamped('One', { status: 'published' }),
      retitled: await stamped('Two', { title: 'Two, again' }),
      keptDraft: await stamped('Three', { title: 'Three, again', status: 'draft' }),
    };
  },
  broken: (seen) =>
    expect(seen).toEqual({ published: ['published', true, true], retitled: ['draft', false, false], keptDraft: ['draft', true, true] }),
  correct: (seen) =>
    expect(seen).toEqual({ published: ['published', true, true], retitled: ['draft', false, false], keptDraft: ['draft', false, false] }),
});

add({
  fault: 'post-get-long-content-null',
  what: 'a short content reads back; a content over 4,096 bytes must read back whole too, as the list shows it',
  observe: async ({ api }) => {
    const page = await newPage(api, 'Blog');
    const long = `<p>${'Lorem ipsum dolor sit amet. '.repeat(200)}</p>`;
    const readBack = async (title: string, content_html: string) => {
      const post = (await api('POST', `/pages/${page}/posts`, { body: { title, content_html } })).body.id;
      return (await api('GET', `/pages/${page}/posts/${post}`)).body.content_html === content_html;
    };
    const short = await readBack('Short', '<p>Hi</p>');
    const longRead = await readBack('Long', long);
    const listed = (await api('GET', `/pages/${page}/posts`)).body.result.find((p: { title: string }) => p.title === 'Long').content_html === long;
    return { short, long: longRead, listed };
  },
  broken: (seen) => expect(seen).toEqual({ short: true, long: false, listed: true }),
  correct: (seen) => expect(seen).toEqual({ short: true, long: true, listed: true }),
});

add({
  fault: 'newsletters-list-cached-by-page-number',
  what: 'a walk at size 10 is right; page 2 at size 3 afterwards must hold the 4th to 6th newest',
  observe: async ({ api }) => {
    const made: number[] = [];
    for (let n = 1; n <= 12; n++) made.push((await api('POST', '/newsletters', { body: { name: `Letter ${n}` } })).body.id);
    const newest = [...made].reverse();
    const idsOf = async (query: string) => (await api('GET', `/newsletters?${query}`)).body.result.map((n: { id: number }) => n.id);
    const tenTwo = await idsOf('page=2&size=10');
    const threeTwo = await idsOf('page=2&size=3');
    return { tenTwo: tenTwo.join() === newest.slice(10, 20).join(), threeTwo: threeTwo.length, rightItems: threeTwo.join() === newest.slice(3, 6).join() };
  },
  broken: (seen) => expect(seen).toEqual({ tenTwo: true, threeTwo: 2, rightItems: false }),
  correct: (seen) => expect(seen).toEqual({ tenTwo: true, threeTwo: 3, rightItems: true }),
});

add({
  fault: 'author-position-null-refused',
  what: 'a new position is kept; position null must clear it',
  observe: async ({ api, authorId }) => {
    const set = (await api('PATCH', `/authors/${authorId}`, { body: { position: 'Editor' } })).body.position;
    const cleared = await api('PATCH', `/authors/${authorId}`, { body: { position: null } });
    const read = (await api('GET', `/authors/${authorId}`)).body.position;
    return { set, cleared: [cleared.status, cleared.status === 200 ? cleared.body.position : cleared.body.errors[0].field], read };
  },
  broken: (seen) => expect(seen).toEqual({ set: 'Editor', cleared: [422, 'position'], read: 'Editor' }),
  correct: (seen) => expect(seen).toEqual({ set: 'Editor', cleared: [200, null], read: null }),
});

add({
  fault: 'send-audience-counts-deleted',
  what: 'a newsletter that never had a subscriber is not sendable; one whose only subscriber was deleted must not be either',
  observe: async ({ api }) => {
    const trySend = async (newsletter: number) => {
      const email = (await api('POST', `/newsletters/${newsletter}/emails`, { body: { subject: 'Hello', content_html: '<p>Hi</p>' } })).body.id;
      const answer = await api('POST', `/newsletters/${newsletter}/emails/${email}/send`, { body: {} });
      return [answer.status, answer.status === 422 ? answer.body.errors.map((e: { field: string }) => e.field) : answer.body.status];
    };
    const never = (await api('POST', '/newsletters', { body: { name: 'Empty' } })).body.id;
    const emptied = await newsletterWithReader(api, 'Emptied');
    const reader = (await api('GET', `/newsletters/${emptied}/subscribers`)).body.result[0].id;
    const removed = (await api('DELETE', `/newsletters/${emptied}/subscribers/${reader}`)).status;
    return { never: await trySend(never), removed, emptied: await trySend(emptied) };
  },
  broken: (seen) => expect(seen).toEqual({ never: [422, ['path.newsletter_id']], removed: 204, emptied: [200, 'scheduled'] }),
  correct: (seen) => expect(seen).toEqual({ never: [422, ['path.newsletter_id']], removed: 204, emptied: [422, ['path.newsletter_id']] }),
});

add({
  fault: 'category-update-422-errors-accumulate',
  what: 'a first invalid PATCH names its field; a second one must name only its own',
  observe: async ({ api }) => {
    const page = await newPage(api, 'Blog');
    const category = (await api('POST', `/pages/${page}/categories`, { body: { name: 'News' } })).body.id;
    const fields = async (body: object) => {
      const answer = await api('PATCH', `/pages/${page}/categories/${category}`, { body });
      return [answer.status, (answer.body.errors ?? []).map((e: { field: string }) => e.field)];
    };
    return { color: await fields({ color: 'red' }), name: await fields({ name: 'x'.repeat(256) }) };
  },
  broken: (seen) => expect(seen).toEqual({ color: [422, ['color']], name: [422, ['color', 'name']] }),
  correct: (seen) => expect(seen).toEqual({ color: [422, ['color']], name: [422, ['name']] }),
});

add({
  fault: 'subscriber-upsert-existing-201',
  what: 'a new address is 200; the same address again must be 200 with the same subscriber',
  observe: async ({ api }) => {
    const newsletter = (await api('POST', '/newsletters', { body: { name: 'Weekly' } })).body.id;
    const subscribe = async (email: string) => {
      const answer = await api('POST', `/newsletters/${newsletter}/subscribers`, { body: { email } });
      return [answer.status, answer.body.id];
    };
    const first = await subscribe('ada@example.com');
    const again = await subscribe(' ADA@example.com ');
    return { first: first[0], again: again[0], sameId: first[1] === again[1] };
  },
  broken: (seen) => expect(seen).toEqual({ first: 200, again: 201, sameId: true }),
  correct: (seen) => expect(seen).toEqual({ first: 200, again: 200, sameId: true }),
});

add({
  fault: 'page-location-by-explicit-slug',
  what: "a page made from its name has a Location that reads it back; so must one made with an explicit slug",
  observe: async ({ api, baseUrl }) => {
    const readBack = async (body: object) => {
      const created = await api('POST', '/pages', { body });
      const location = new URL(created.headers.get('location')!, `${baseUrl}/pages`);
      const read = await api('GET', location.pathname.replace(/^\/api\/v1/, ''));
      return [read.status, read.status === 200 && read.body.id === created.body.id];
    };
    return { derived: await readBack({ name: 'Blog' }), explicit: await readBack({ name: 'Shop', slug: 'store' }) };
  },
  broken: (seen) => expect(seen).toEqual({ derived: [200, true], explicit: [422, false] }),
  correct: (seen) => expect(seen).toEqual({ derived: [200, true], explicit: [200, true] }),
});

add({
  fault: 'head-email-sent-404',
  what: 'HEAD of a draft matches GET; HEAD of the same email once sent must be 200 as GET is',
  observe: async ({ api }) => {
    const newsletter = await newsletterWithReader(api, 'Weekly');
    const email = (await api('POST', `/newsletters/${newsletter}/emails`, { body: { subject: 'Hello', content_html: '<p>Hi</p>' } })).body.id;
    const path = `/newsletters/${newsletter}/emails/${email}`;
    const both = async () => [(await api('GET', path)).status, (await api('HEAD', path)).status];
    const draft = await both();
    await api('POST', `${path}/send`, { body: {} });
    await eventually(async () => ((await api('GET', path)).body.status === 'sent' ? true : undefined), 10_000);
    const sent = await both();
    const missing = (await api('HEAD', `/newsletters/${newsletter}/emails/999999`)).status;
    return { draft, sent, missing };
  },
  broken: (seen) => expect(seen).toEqual({ draft: [200, 200], sent: [200, 404], missing: 404 }),
  correct: (seen) => expect(seen).toEqual({ draft: [200, 200], sent: [200, 200], missing: 404 }),
});

contrastFaults('faults a sixteenth look shows: a second upload, a word in a slug, a second category, a draft named draft, a long content, a list at another size, a cleared field, a deleted audience, a second 422, an upsert again, a slugged Location, a HEAD once sent', cases);
