/**
 * The faults of server/faults/fourteenth-look.ts really break what they name: each case runs the same
 * requests against the server with the fault and without it, and requires the broken answer from the
 * first and the one the contract requires from the second. Each case also makes the first request a
 * test would make and shows it right on both servers, so the fault is one only a second look finds.
 */
import { expect } from 'vitest';
import { contrastFaults, type FaultContrast } from './fault-contrast.ts';
import { anotherAuthor, ids, newsletterWithReader, olderAuthorIds, pause } from './contrast-fixtures.ts';

/** A 1×1 GIF89a, and the same image with a comment extension, so the two files differ. */
const GIF = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
const OTHER_GIF = Buffer.concat([GIF.subarray(0, GIF.length - 1), Buffer.from([0x21, 0xfe, 0x02, 0x68, 0x69, 0x00, 0x3b])]);

const cases: FaultContrast<any>[] = [];
const add = <T>(c: FaultContrast<T>) => cases.push(c);

add({
  fault: 'authors-page-windows-reversed',
  what: 'the default page of three authors is newest first; at size 2 the walk must be newest first too',
  observe: async (s) => {
    const second = anotherAuthor(s);
    await pause(5);
    const third = anotherAuthor(s);
    const list = async (query: string) => ids((await s.api('GET', `/authors${query}`)).body);
    const whole = await list('');
    // Behind them, the workspace's older authors (harness.ts): three pages at size 2.
    const walked = [...(await list('?page=1&size=2')), ...(await list('?page=2&size=2')), ...(await list('?page=3&size=2'))];
    return { whole: whole.join(), expected: [third, second, s.authorId, ...olderAuthorIds(s)].join(), walked: walked.join() };
  },
  broken: (seen) => {
    expect(seen.whole).toBe(seen.expected);
    expect(seen.walked).not.toBe(seen.expected);
  },
  correct: (seen) => {
    expect(seen.whole).toBe(seen.expected);
    expect(seen.walked).toBe(seen.expected);
  },
});

add({
  fault: 'author-deactivation-clears-position',
  what: 'active false makes the author inactive; the position it did not name must stay',
  observe: async ({ api, authorId }) => {
    await api('PATCH', `/authors/${authorId}`, { body: { position: 'Editor' } });
    const answer = (await api('PATCH', `/authors/${authorId}`, { body: { active: false } })).body;
    const read = (await api('GET', `/authors/${authorId}`)).body;
    return { answered: [answer.active, answer.position], read: [read.active, read.position] };
  },
  broken: (seen) => expect(seen).toEqual({ answered: [false, null], read: [false, null] }),
  correct: (seen) => expect(seen).toEqual({ answered: [false, 'Editor'], read: [false, 'Editor'] }),
});

add({
  fault: 'subscriber-trim-ascii-space-only',
  what: 'spaces around an address are trimmed; a no-break space around it must be too, and match the same subscriber',
  observe: async ({ api }) => {
    const newsletter = (await api('POST', '/newsletters', { body: { name: 'Weekly' } })).body.id;
    const subscribe = async (email: string) => {
      const answer = await api('POST', `/newsletters/${newsletter}/subscribers`, { body: { email } });
      return [answer.status, answer.body.email];
    };
    const spaced = await subscribe('  ada@example.com\t');
    const wrapped = await subscribe('\u00a0bob@example.com\u00a0');
    const plain = await subscribe('bob@example.com');
    const total = (await api('GET', `/newsletters/${newsletter}/subscribers`)).body.total;
    return { spaced, wrapped, plain, total };
  },
  broken: (seen) =>
    expect(seen).toEqual({ spaced: [200, 'ada@example.com'], wrapped: [200, '\u00a0bob@example.com\u00a0'], plain: [200, 'bob@example.com'], total: 3 }),
  correct: (seen) =>
    expect(seen).toEqual({ spaced: [200, 'ada@example.com'], wrapped: [200, 'bob@example.com'], plain: [200, 'bob@example.com'], total: 2 }),
});

add({
  fault: 'subscribers-other-workspace-listed-empty',
  what: 'an id of no newsletter is a 404; another workspace\'s newsletter must be a 404 too',
  observe: async ({ api, otherToken }) => {
    const theirs = (await api('POST', '/newsletters', { body: { name: 'Theirs' } })).body.id;
    const status = async (path: string) => (await api('GET', path, { token: otherToken })).status;
    return {
      missing: await status('/newsletters/999999/subscribers'),
      theirs: await status(`/newsletters/${theirs}/subscribers`),
      emails: await status(`/newsletters/${theirs}/emails`),
    };
  },
  broken: (seen) => expect(seen).toEqual({ missing: 404, theirs: 200, emails: 404 }),
  correct: (seen) => expect(seen).toEqual({ missing: 404, theirs: 404, emails: 404 }),
});

add({
  fault: 'post-publish-stamped-with-created-at',
  what: 'publishing a draft sets first_published_at; it must be the moment of publishing, not of creation',
  observe: async ({ api }) => {
    const page = (await api('POST', '/pages', { body: { name: 'Blog' } })).body.id;
    const draft = (await api('POST', `/pages/${page}/posts`, { body: { title: 'Hello' } })).body;
    await pause(30);
    const before = Date.now();
    const published = (await api('PATCH', `/pages/${page}/posts/${draft.id}`, { body: { status: 'published' } })).body;
    const stamped = published.first_published_at as string | null;
    return { set: stamped !== null, atCreation: stamped === draft.created_at, notBeforeRequest: stamped !== null && Date.parse(stamped) >= before - 1 };
  },
  broken: (seen) => expect(seen).toEqual({ set: true, atCreation: true, notBeforeRequest: false }),
  correct: (seen) => expect(seen).toEqual({ set: true, atCreation: false, notBeforeRequest: true }),
});

add({
  fault: 'post-slug-suffix-counts-prefix-matches',
  what: 'a title used twice gets -1; Hello after Hello World must get hello, which is free',
  observe: async ({ api }) => {
    const page = (await api('POST', '/pages', { body: { name: 'Blog' } })).body.id;
    const slug = async (title: string) => (await api('POST', `/pages/${page}/posts`, { body: { title } })).body.slug;
    return { first: await slug('News'), again: await slug('News'), longer: await slug('Hello World'), shorter: await slug('Hello') };
  },
  broken: (seen) => expect(seen).toEqual({ first: 'news', again: 'news-1', longer: 'hello-world', shorter: 'hello-1' }),
  correct: (seen) => expect(seen).toEqual({ first: 'news', again: 'news-1', longer: 'hello-world', shorter: 'hello' }),
});

add({
  fault: 'newsletter-rename-same-slug-suffixed',
  what: 'a rename to a new slug moves name_slug; a rename to a name of the same slug must keep it unsuffixed',
  observe: async ({ api }) => {
    const id = (await api('POST', '/newsletters', { body: { name: 'Weekly' } })).body.id;
    const rename = async (name: string) => (await api('PATCH', `/newsletters/${id}`, { body: { name } })).body.name_slug;
    const moved = await rename('Monthly');
    const same = await rename('Monthly!');
    const read = (await api('GET', `/newsletters/${id}`)).body.name_slug;
    return { moved, same, read };
  },
  broken: (seen) => expect(seen).toEqual({ moved: 'monthly', same: 'monthly-1', read: 'monthly-1' }),
  correct: (seen) => expect(seen).toEqual({ moved: 'monthly', same: 'monthly', read: 'monthly' }),
});

add({
  fault: 'head-send-path-404',
  what: 'GET of the send path is a 405 naming POST; HEAD of it must be the same 405',
  observe: async ({ api }) => {
    const newsletter = await newsletterWithReader(api, 'Weekly');
    const email = (await api('POST', `/newsletters/${newsletter}/emails`, { body: { subject: 'Hi', content_html: '<p>Hi</p>' } })).body.id;
    const path = `/newsletters/${newsletter}/emails/${email}/send`;
    const get = await api('GET', path);
    const head = await api('HEAD', path);
    return { get: [get.status, get.headers.get('allow')], head: [head.status, head.headers.get('allow')] };
  },
  broken: (seen) => expect(seen).toEqual({ get: [405, 'POST'], head: [404, null] }),
  correct: (seen) => expect(seen).toEqual({ get: [405, 'POST'], head: [405, 'POST'] }),
});

add({
  fault: 'email-update-422-unknown-field-unnamed',
  what: 'an unknown field alone is named; sent with an invalid subject it must be named too',
  observe: async ({ api }) => {
    const newsletter = (await api('POST', '/newsletters', { body: { name: 'Weekly' } })).body.id;
    const email = (await api('POST', `/newsletters/${newsletter}/emails`, { body: { subject: 'Hi' } })).body.id;
    const fields = async (body: object) => {
      const answer = await api('PATCH', `/newsletters/${newsletter}/emails/${email}`, { body });
      return [answer.status, (answer.body.errors as { field: string }[]).map((error) => error.field).sort()];
    };
    return { alone: await fields({ footer: 'x' }), both: await fields({ subject: 5, footer: 'x' }) };
  },
  broken: (seen) => expect(seen).toEqual({ alone: [422, ['footer']], both: [422, ['subject']] }),
  correct: (seen) => expect(seen).toEqual({ alone: [422, ['footer']], both: [422, ['footer', 'subject']] }),
});

add({
  fault: 'category-location-memoized-per-page',
  what: "the first category's Location reads it back; the second's must read the second back",
  observe: async ({ api, baseUrl, token }) => {
    const page = (await api('POST', '/pages', { body: { name: 'Blog' } })).body.id;
    const create = async (name: string) => {
      const answer = await api('POST', `/pages/${page}/categories`, { body: { name } });
      const location = answer.headers.get('location')!;
      const read = await fetch(new URL(location, baseUrl), { headers: { authorization: `Bearer ${token}` } });
      return [answer.body.id === ((await read.json()) as { id: number }).id, location.endsWith(`/pages/${page}/categories/${answer.body.id}`)];
    };
    return { first: await create('News'), second: await create('Sales') };
  },
  broken: (seen) => expect(seen).toEqual({ first: [true, true], second: [false, false] }),
  correct: (seen) => expect(seen).toEqual({ first: [true, true], second: [true, true] }),
});

add({
  fault: 'upload-named-after-file',
  what: 'a first photo.gif is served at its URL; after another photo.gif, the first URL must still serve the first bytes',
  observe: async ({ api }) => {
    const upload = async (bytes: Buffer) => {
      const data = new FormData();
      data.append('file', new Blob([bytes], { type: 'image/gif' }), 'photo.gif');
      return (await api('POST', '/images/upload', { raw: data })).body.url as string;
    };
    const bytesAt = async (url: string) => Buffer.from(await (await fetch(url)).arrayBuffer());
    const first = await upload(GIF);
    const firstServed = (await bytesAt(first)).equals(GIF);
    const second = await upload(OTHER_GIF);
    return { firstServed, sameUrl: first === second, firstAfter: (await bytesAt(first)).equals(GIF), secondServed: (await bytesAt(second)).equals(OTHER_GIF) };
  },
  broken: (seen) => expect(seen).toEqual({ firstServed: true, sameUrl: true, firstAfter: false, secondServed: true }),
  correct: (seen) => expect(seen).toEqual({ firstServed: true, sameUrl: false, firstAfter: true, secondServed: true }),
});

add({
  fault: 'page-get-cached-after-first-read',
  what: 'a page renamed before its first read reads the new name; one read before its rename must too',
  observe: async ({ api }) => {
    const fresh = (await api('POST', '/pages', { body: { name: 'Shop' } })).body.id;
    await api('PATCH', `/pages/${fresh}`, { body: { name: 'Store' } });
    const read = (await api('GET', '/pages/' + fresh)).body.name;
    const page = (await api('POST', '/pages', { body: { name: 'Blog' } })).body.id;
    await api('GET', `/pages/${page}`);
    const renamed = (await api('PATCH', `/pages/${page}`, { body: { name: 'Journal' } })).body.name;
    const after = (await api('GET', `/pages/${page}`)).body;
    return { read, renamed, after: [after.name, after.name_slug] };
  },
  broken: (seen) => expect(seen).toEqual({ read: 'Store', renamed: 'Journal', after: ['Blog', 'blog'] }),
  correct: (seen) => expect(seen).toEqual({ read: 'Store', renamed: 'Journal', after: ['Journal', 'journal'] }),
});

contrastFaults('faults of the fourteenth look', cases);
