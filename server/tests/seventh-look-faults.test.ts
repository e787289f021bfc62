/**
 * The faults of server/faults/seventh-look.ts really break what they name: each case runs the same
 * requests against the server with the fault and without it, and requires the broken answer from the
 * first and the one the contract requires from the second. Each case also makes the first request a
 * test would make and shows it right on both servers, so the fault is one only a second look finds.
 */
import { expect } from 'vitest';
import { contrastFaults, type FaultContrast } from './fault-contrast.ts';
import { newsletterWithReader, anotherAuthor, ids, hoursFromNow, pause } from './contrast-fixtures.ts';

const cases: FaultContrast<any>[] = [];
const add = <T>(c: FaultContrast<T>) => cases.push(c);

add({
  fault: 'post-publish-by-update-unstamped',
  what: 'a post created published has first_published_at; a draft published by a PATCH has none',
  observe: async ({ api }) => {
    const page = (await api('POST', '/pages', { body: { name: 'Blog' } })).body.id;
    const created = (await api('POST', `/pages/${page}/posts`, { body: { title: 'Out now', status: 'published' } })).body;
    const draft = (await api('POST', `/pages/${page}/posts`, { body: { title: 'Later' } })).body.id;
    const published = (await api('PATCH', `/pages/${page}/posts/${draft}`, { body: { status: 'published' } })).body;
    const read = (await api('GET', `/pages/${page}/posts/${draft}`)).body;
    return { created: created.first_published_at !== null, published: [published.status, published.first_published_at !== null], read: read.first_published_at !== null };
  },
  broken: (seen) => expect(seen).toEqual({ created: true, published: ['published', false], read: false }),
  correct: (seen) => expect(seen).toEqual({ created: true, published: ['published', true], read: true }),
});

add({
  fault: 'subscribers-size-over-50-oldest-first',
  what: 'the default size and size 50 list newest first; size 60 lists oldest first',
  observe: async ({ api }) => {
    const newsletter = (await api('POST', '/newsletters', { body: { name: 'Weekly' } })).body.id;
    const made: number[] = [];
    for (const name of ['a', 'b', 'c']) made.push((await api('POST', `/newsletters/${newsletter}/subscribers`, { body: { email: `${name}@example.org` } })).body.id);
    const order = async (query: string) => {
      const listed = ids((await api('GET', `/newsletters/${newsletter}/subscribers${query}`)).body);
      return listed.join() === [...made].reverse().join() ? 'newest' : listed.join() === made.join() ? 'oldest' : listed.join();
    };
    return { byDefault: await order(''), size50: await order('?size=50'), size60: await order('?size=60') };
  },
  broken: (seen) => expect(seen).toEqual({ byDefault: 'newest', size50: 'newest', size60: 'oldest' }),
  correct: (seen) => expect(seen).toEqual({ byDefault: 'newest', size50: 'newest', size60: 'newest' }),
});

add({
  fault: 'page-name-simple-case-folding',
  what: 'Engineering Blog and engineering blog are one name; Straße and STRASSE are two',
  observe: async ({ api }) => {
    const status = async (name: string) => (await api('POST', '/pages', { body: { name } })).status;
    return { ascii: [await status('Engineering Blog'), await status('engineering blog')], sharpS: [await status('Straße'), await status('STRASSE')] };
  },
  broken: (seen) => expect(seen).toEqual({ ascii: [201, 409], sharpS: [201, 201] }),
  correct: (seen) => expect(seen).toEqual({ ascii: [201, 409], sharpS: [201, 409] }),
});

add({
  fault: 'head-email-other-newsletter-200',
  what: 'GET and HEAD agree through the own newsletter and for no email; through another newsletter HEAD is 200, GET 404',
  observe: async ({ api }) => {
    const own = (await api('POST', '/newsletters', { body: { name: 'Own' } })).body.id;
    const other = (await api('POST', '/newsletters', { body: { name: 'Other' } })).body.id;
    const email = (await api('POST', `/newsletters/${own}/emails`, { body: { subject: 'Issue' } })).body.id;
    const both = async (path: string) => [(await api('GET', path)).status, (await api('HEAD', path)).status];
    return { own: await both(`/newsletters/${own}/emails/${email}`), missing: await both(`/newsletters/${own}/emails/999999`), other: await both(`/newsletters/${other}/emails/${email}`) };
  },
  broken: (seen) => expect(seen).toEqual({ own: [200, 200], missing: [404, 404], other: [404, 200] }),
  correct: (seen) => expect(seen).toEqual({ own: [200, 200], missing: [404, 404], other: [404, 404] }),
});

add({
  fault: 'subscriber-delete-twice-204',
  what: 'a first delete is 204 and an unknown id 404; deleting the same subscriber again is 204',
  observe: async ({ api }) => {
    const newsletter = (await api('POST', '/newsletters', { body: { name: 'Weekly' } })).body.id;
    const subscriber = (await api('POST', `/newsletters/${newsletter}/subscribers`, { body: { email: 'a@example.org' } })).body.id;
    const remove = async (id: number) => (await api('DELETE', `/newsletters/${newsletter}/subscribers/${id}`)).status;
    const first = await remove(subscriber);
    const unknown = await remove(999999);
    const again = await remove(subscriber);
    const listed = (await api('GET', `/newsletters/${newsletter}/subscribers`)).body.total;
    return { first, unknown, again, listed };
  },
  broken: (seen) => expect(seen).toEqual({ first: 204, unknown: 404, again: 204, listed: 0 }),
  correct: (seen) => expect(seen).toEqual({ first: 204, unknown: 404, again: 404, listed: 0 }),
});

add({
  fault: 'not-sendable-first-cause-only',
  what: 'an email without content is refused naming content_html; without subscribers as well, both are named only without the fault',
  observe: async ({ api }) => {
    const fields = async (newsletter: number) => {
      const email = (await api('POST', `/newsletters/${newsletter}/emails`, { body: { subject: 'Issue' } })).body.id;
      const answer = await api('POST', `/newsletters/${newsletter}/emails/${email}/send`);
      return [answer.status, ...answer.body.errors.map((error: { field: string }) => error.field).sort()];
    };
    const withReader = await newsletterWithReader(api, 'Read');
    const empty = (await api('POST', '/newsletters', { body: { name: 'Empty' } })).body.id;
    return { oneCause: await fields(withReader), twoCauses: await fields(empty) };
  },
  broken: (seen) => expect(seen).toEqual({ oneCause: [422, 'content_html'], twoCauses: [422, 'content_html'] }),
  correct: (seen) => expect(seen).toEqual({ oneCause: [422, 'content_html'], twoCauses: [422, 'content_html', 'path.newsletter_id'] }),
});

add({
  fault: 'send-later-stamps-sent-at',
  what: 'a send now answers sent_at null; a send in 2 hours answers and reads a sent_at already',
  observe: async ({ api }) => {
    const newsletter = await newsletterWithReader(api, 'Weekly');
    const email = async () => (await api('POST', `/newsletters/${newsletter}/emails`, { body: { subject: 'Issue', content_html: '<p>Hi</p>' } })).body.id;
    const now = (await api('POST', `/newsletters/${newsletter}/emails/${await email()}/send`)).body;
    const later = await email();
    const scheduled = (await api('POST', `/newsletters/${newsletter}/emails/${later}/send`, { body: { scheduled_at: hoursFromNow(2) } })).body;
    const read = (await api('GET', `/newsletters/${newsletter}/emails/${later}`)).body;
    return { now: now.sent_at, scheduled: [scheduled.status, scheduled.sent_at !== null], read: [read.status, read.sent_at !== null] };
  },
  broken: (seen) => expect(seen).toEqual({ now: null, scheduled: ['scheduled', true], read: ['scheduled', true] }),
  correct: (seen) => expect(seen).toEqual({ now: null, scheduled: ['scheduled', false], read: ['scheduled', false] }),
});

add({
  fault: 'pages-ordered-by-update',
  what: 'two new pages list newest first; once the older one is renamed it moves ahead',
  observe: async ({ api }) => {
    const first = (await api('POST', '/pages', { body: { name: 'First' } })).body.id;
    await pause(5);
    const second = (await api('POST', '/pages', { body: { name: 'Second' } })).body.id;
    const order = async () => {
      const listed = ids((await api('GET', '/pages')).body);
      return listed.join() === [second, first].join() ? 'newest first' : listed.join() === [first, second].join() ? 'renamed first' : listed.join();
    };
    const before = await order();
    await pause(5);
    await api('PATCH', `/pages/${first}`, { body: { name: 'First, renamed' } });
    return { before, after: await order() };
  },
  broken: (seen) => expect(seen).toEqual({ before: 'newest first', after: 'renamed first' }),
  correct: (seen) => expect(seen).toEqual({ before: 'newest first', after: 'newest first' }),
});

add({
  fault: 'page-update-slug-slash-as-hyphen',
  what: 'createPage removes the / of an explicit slug; updatePage turns it into a hyphen',
  observe: async ({ api }) => {
    const created = (await api('POST', '/pages', { body: { name: 'Team', slug: 'team/news' } })).body.slug;
    const page = (await api('POST', '/pages', { body: { name: 'Blog' } })).body.id;
    const plain = (await api('PATCH', `/pages/${page}`, { body: { slug: 'Blog Notes' } })).body.slug;
    const updated = (await api('PATCH', `/pages/${page}`, { body: { slug: 'blog/notes' } })).body.slug;
    const read = (await api('GET', `/pages/${page}`)).body.slug;
    return { created, plain, updated, read };
  },
  broken: (seen) => expect(seen).toEqual({ created: 'teamnews', plain: 'blog-notes', updated: 'blog-notes', read: 'blog-notes' }),
  correct: (seen) => expect(seen).toEqual({ created: 'teamnews', plain: 'blog-notes', updated: 'blognotes', read: 'blognotes' }),
});

add({
  fault: 'post-author-inactive-refused',
  what: "an active author's post is created; once the author is inactive, the post is refused naming author_id",
  observe: async (s) => {
    const { api } = s;
    const ada = anotherAuthor(s);
    const page = (await api('POST', '/pages', { body: { name: 'Blog' } })).body.id;
    const create = async (title: string) => {
      const answer = await api('POST', `/pages/${page}/posts`, { body: { title, author_id: ada } });
      return answer.status === 201 ? [201] : [answer.status, ...answer.body.errors.map((error: { field: string }) => error.field)];
    };
    const active = await create('By Ada');
    await api('PATCH', `/authors/${ada}`, { body: { active: false } });
    const inactive = await create('Also by Ada');
    const unknown = (await api('POST', `/pages/${page}/posts`, { body: { title: 'Nobody', author_id: 999999 } })).status;
    return { active, inactive, unknown };
  },
  broken: (seen) => expect(seen).toEqual({ active: [201], inactive: [422, 'author_id'], unknown: 422 }),
  correct: (seen) => expect(seen).toEqual({ active: [201], inactive: [201], unknown: 422 }),
});

add({
  fault: 'post-update-422-exposes-partial',
  what: "updatePost's 200 exposes the rate-limit fields to scripts; its 422 exposes only WWW-Authenticate and Allow",
  observe: async ({ api }) => {
    const page = (await api('POST', '/pages', { body: { name: 'Blog' } })).body.id;
    const post = (await api('POST', `/pages/${page}/posts`, { body: { title: 'Hello' } })).body.id;
    const exposed = async (body: object) => {
      const answer = await api('PATCH', `/pages/${page}/posts/${post}`, { body, headers: { Origin: 'https://editor.example' } });
      const names = (answer.headers.get('access-control-expose-headers') ?? '').toLowerCase();
      return [answer.status, ['ratelimit', 'ratelimit-policy', 'retry-after', 'location'].every((name) => names.split(/\s*,\s*/).includes(name))];
    };
    return { ok: await exposed({ title: 'Hello again' }), invalid: await exposed({ title: 5 }) };
  },
  broken: (seen) => expect(seen).toEqual({ ok: [200, true], invalid: [422, false] }),
  correct: (seen) => expect(seen).toEqual({ ok: [200, true], invalid: [422, true] }),
});

add({
  fault: 'upload-named-by-first-bytes',
  what: 'one GIF is served at its URL; a second GIF of the same size takes its URL and replaces its bytes',
  observe: async ({ api }) => {
    const white = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
    const grey = Buffer.from(white);
    grey[13] = 0x80;
    const upload = async (bytes: Buffer) => {
      const data = new FormData();
      data.append('file', new Blob([bytes], { type: 'image/gif' }), 'pixel.gif');
      return (await api('POST', '/images/upload', { raw: data })).body.url as string;
    };
    const served = async (url: string) => Buffer.from(await (await fetch(url)).arrayBuffer());
    const whiteUrl = await upload(white);
    const alone = (await served(whiteUrl)).equals(white);
    const greyUrl = await upload(grey);
    return { alone, sameUrl: greyUrl === whiteUrl, firstStillWhite: (await served(whiteUrl)).equals(white), secondGrey: (await served(greyUrl)).equals(grey) };
  },
  broken: (seen) => expect(seen).toEqual({ alone: true, sameUrl: true, firstStillWhite: false, secondGrey: true }),
  correct: (seen) => expect(seen).toEqual({ alone: true, sameUrl: false, firstStillWhite: true, secondGrey: true }),
});

contrastFaults('faults a seventh look shows: a publish by update, a large page size, a folded name, a HEAD through another parent, a second delete, two causes, a send for later, a rename, an update slug, an inactive author, one status of one operation, a second upload', cases);
