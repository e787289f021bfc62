/**
 * The faults of server/faults/forty-fourth-look.ts really break what they name: each case runs the
 * same requests against the server with the fault and without it, and requires the broken answer from
 * the first and the one the contract requires from the second.
 */
import { expect } from 'vitest';
import { contrastFaults, type FaultContrast } from './fault-contrast.ts';
import { hoursFromNow, ids, newsletterWithReader, pause, PNG, problemType } from './contrast-fixtures.ts';
import type { Api, TestServer } from './harness.ts';

const cases: FaultContrast<any>[] = [];
const add = <T>(c: FaultContrast<T>) => cases.push(c);

const fields = (body: { errors?: { field: string }[] }) => (body.errors ?? []).map((e) => e.field).sort();
const newNewsletter = async (api: Api, name: string) => (await api('POST', '/newsletters', { body: { name } })).body.id as number;
const newEmail = async (api: Api, newsletter: number, body: Record<string, unknown>) => (await api('POST', `/newsletters/${newsletter}/emails`, { body })).body;
const subscribe = async (api: Api, newsletter: number, email: string) => (await api('POST', `/newsletters/${newsletter}/subscribers`, { body: { email } })).body.id as number;
const mediaType = (headers: Headers) => (headers.get('content-type') ?? '').split(';')[0];
/** A refusal as its status, problem type and the fields it names; a success as its status. */
const outcome = (answer: { status: number; body: any }) => (answer.status < 300 ? answer.status : [answer.status, answer.body.type, fields(answer.body)]);
/** The service's origin (image URLs and the paths beside the API live there). */
const originOf = (s: TestServer) => s.config.publicUrl;

/** An upload of `bytes` as the file part `file`, as a browser's form sends it. */
const upload = async (api: Api, bytes: Buffer, name = 'pixel.png') => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), name);
  return api('POST', '/images/upload', { raw: form });
};
/** A PNG of its own: the shared one-pixel PNG with `mark` as its last byte. */
const pngMarked = (mark: number) => {
  const bytes = Buffer.from(PNG);
  bytes[bytes.length - 1] = mark;
  return bytes;
};

add({
  fault: 'email-update-autosave-stamp-coalesced',
  what: 'updateEmail must stamp a second update with a later updated_at than the first, however soon it follows',
  observe: async ({ api }) => {
    const newsletter = await newNewsletter(api, 'Weekly');
    const created = await newEmail(api, newsletter, { subject: 'Draft' });
    await pause(5);
    const first = (await api('PATCH', `/newsletters/${newsletter}/emails/${created.id}`, { body: { subject: 'First edit' } })).body;
    await pause(5);
    const second = (await api('PATCH', `/newsletters/${newsletter}/emails/${created.id}`, { body: { subject: 'Second edit' } })).body;
    const read = (await api('GET', `/newsletters/${newsletter}/emails/${created.id}`)).body;
    return {
      firstMoved: first.updated_at > created.updated_at,
      secondMoved: second.updated_at > first.updated_at,
      readAsAnswered: read.updated_at === second.updated_at,
      subject: read.subject,
    };
  },
  broken: (seen) => expect(seen).toEqual({ firstMoved: true, secondMoved: false, readAsAnswered: true, subject: 'Second edit' }),
  correct: (seen) => expect(seen).toEqual({ firstMoved: true, secondMoved: true, readAsAnswered: true, subject: 'Second edit' }),
});

add({
  fault: 'email-reschedule-audience-unchecked',
  what: 'sendEmail must answer 422 email-not-sendable for a scheduled email sent again once its newsletter has no reader',
  observe: async ({ api }) => {
    const newsletter = await newsletterWithReader(api, 'Weekly');
    const email = (await newEmail(api, newsletter, { subject: 'Hello', content_html: '<p>Hi</p>' })).id;
    const first = await api('POST', `/newsletters/${newsletter}/emails/${email}/send`, { body: { scheduled_at: hoursFromNow(2) } });
    const reader = (await api('GET', `/newsletters/${newsletter}/subscribers`)).body.result[0].id;
    await api('DELETE', `/newsletters/${newsletter}/subscribers/${reader}`);
    const later = hoursFromNow(3);
    const again = await api('POST', `/newsletters/${newsletter}/emails/${email}/send`, { body: { scheduled_at: later } });
    const read = (await api('GET', `/newsletters/${newsletter}/emails/${email}`)).body;
    return {
      first: [first.status, first.body.status],
      again: outcome(again),
      keptFirstTime: read.scheduled_at === first.body.scheduled_at,
    };
  },
  broken: (seen) => expect(seen).toEqual({ first: [200, 'scheduled'], again: 200, keptFirstTime: false }),
  correct: (seen) => expect(seen).toEqual({ first: [200, 'scheduled'], again: [422, problemType('email-not-sendable'), ['path.newsletter_id']], keptFirstTime: true }),
});

add({
  fault: 'subscribers-envelope-paging-as-strings',
  what: "listSubscribers must answer page and size as integers, also when the query gives them",
  observe: async ({ api }) => {
    const newsletter = await newNewsletter(api, 'Weekly');
    for (const address of ['ada@example.com', 'grace@example.com', 'alan@example.com']) await subscribe(api, newsletter, address);
    const plain = (await api('GET', `/newsletters/${newsletter}/subscribers`)).body;
    const paged = (await api('GET', `/newsletters/${newsletter}/subscribers?page=2&size=2`)).body;
    return { plain: [plain.page, plain.size, plain.total, plain.result.length], paged: [paged.page, paged.size, paged.total, paged.result.length] };
  },
  broken: (seen) => expect(seen).toEqual({ plain: [1, 10, 3, 3], paged: ['2', '2', 3, 1] }),
  correct: (seen) => expect(seen).toEqual({ plain: [1, 10, 3, 3], paged: [2, 2, 3, 1] }),
});

add({
  fault: 'subscriber-unknown-field-upserted-first',
  what: 'createSubscriber refused for an unknown field must create no subscriber',
  observe: async ({ api }) => {
    const newsletter = await newNewsletter(api, 'Weekly');
    const refused = outcome(await api('POST', `/newsletters/${newsletter}/subscribers`, { body: { email: 'ada@example.com', name: 'Ada' } }));
    const listed = (await api('GET', `/newsletters/${newsletter}/subscribers`)).body;
    const valid = outcome(await api('POST', `/newsletters/${newsletter}/subscribers`, { body: { email: 'grace@example.com' } }));
    const after = (await api('GET', `/newsletters/${newsletter}/subscribers`)).body;
    return { refused, listed: listed.result.map((s: { email: string }) => s.email), valid, total: after.total };
  },
  broken: (seen) =>
    expect(seen).toEqual({ refused: [422, problemType('validation-failed'), ['name']], listed: ['ada@example.com'], valid: 200, total: 2 }),
  correct: (seen) => expect(seen).toEqual({ refused: [422, problemType('validation-failed'), ['name']], listed: [], valid: 200, total: 1 }),
});

add({
  fault: 'subscriber-delete-last-unschedules-emails',
  what: "deleteSubscriber must leave the newsletter's scheduled emails scheduled, even when it removes the last reader",
  observe: async ({ api }) => {
    const newsletter = await newsletterWithReader(api, 'Weekly');
    const email = (await newEmail(api, newsletter, { subject: 'Hello', content_html: '<p>Hi</p>' })).id;
    const scheduled = (await api('POST', `/newsletters/${newsletter}/emails/${email}/send`, { body: { scheduled_at: hoursFromNow(2) } })).body;
    const reader = (await api('GET', `/newsletters/${newsletter}/subscribers`)).body.result[0].id;
    const deleted = (await api('DELETE', `/newsletters/${newsletter}/subscribers/${reader}`)).status;
    const read = (await api('GET', `/newsletters/${newsletter}/emails/${email}`)).body;
    return { deleted, status: read.status, sameTime: read.scheduled_at === scheduled.scheduled_at, sameStamp: read.updated_at === scheduled.updated_at };
  },
  broken: (seen) => expect(seen).toEqual({ deleted: 204, status: 'draft', sameTime: false, sameStamp: false }),
  correct: (seen) => expect(seen).toEqual({ deleted: 204, status: 'scheduled', sameTime: true, sameStamp: true }),
});

add({
  fault: 'image-upload-names-seeded-by-second',
  what: 'uploadImage must answer every upload a URL of its own, also for uploads within one second',
  observe: async ({ api }) => {
    // Three uploads in well under a second: at least two of them fall in the same second.
    const images = [pngMarked(1), pngMarked(2), pngMarked(3)];
    const started = Date.now();
    const urls: string[] = [];
    for (const bytes of images) urls.push((await upload(api, bytes)).body.url as string);
    expect(Date.now() - started).toBeLessThan(1000);
    const served = await Promise.all(urls.map(async (url, i) => Buffer.from(await (await fetch(url)).arrayBuffer()).equals(images[i]!)));
    return { distinct: new Set(urls).size === urls.length, everyOneServed: served.every(Boolean) };
  },
  broken: (seen) => expect(seen).toEqual({ distinct: false, everyOneServed: false }),
  correct: (seen) => expect(seen).toEqual({ distinct: true, everyOneServed: true }),
});

add({
  fault: 'images-directory-listed',
  what: 'a GET of /images/ must answer 404 with a problem document, not list the uploaded images',
  observe: async (s) => {
    const url = (await upload(s.api, PNG)).body.url as string;
    const name = url.slice(url.lastIndexOf('/') + 1);
    const image = (await fetch(url)).status;
    const listing = await fetch(`${originOf(s)}/images/`);
    const text = await listing.text();
    return { image, listing: [listing.status, mediaType(listing.headers), text.includes(name)] };
  },
  broken: (seen) => expect(seen).toEqual({ image: 200, listing: [200, 'text/html', true] }),
  correct: (seen) => expect(seen).toEqual({ image: 200, listing: [404, 'application/problem+json', false] }),
});

add({
  fault: 'emails-size-one-latest-shortcut',
  what: 'listEmails at size=1 must answer the email of the page asked for, and nothing past the end',
  observe: async ({ api }) => {
    const newsletter = await newNewsletter(api, 'Weekly');
    const made: number[] = [];
    for (const subject of ['One', 'Two', 'Three']) made.push((await newEmail(api, newsletter, { subject })).id);
    const page = async (n: number, size: number) => {
      const list = (await api('GET', `/newsletters/${newsletter}/emails?page=${n}&size=${size}`)).body;
      return [list.page, list.total, ids(list).map((id) => made.indexOf(id) + 1)];
    };
    return { sizeTwo: [await page(1, 2), await page(2, 2)], sizeOne: [await page(1, 1), await page(2, 1), await page(3, 1), await page(4, 1)] };
  },
  broken: (seen) =>
    expect(seen).toEqual({
      sizeTwo: [[1, 3, [3, 2]], [2, 3, [1]]],
      sizeOne: [[1, 3, [3]], [2, 3, [3]], [3, 3, [3]], [4, 3, [3]]],
    }),
  correct: (seen) =>
    expect(seen).toEqual({
      sizeTwo: [[1, 3, [3, 2]], [2, 3, [1]]],
      sizeOne: [[1, 3, [3]], [2, 3, [2]], [3, 3, [1]], [4, 3, []]],
    }),
});

add({
  fault: 'email-update-same-markdown-not-rendered',
  what: 'updateEmail must render content_md and replace content_html with it, also when it is the Markdown already stored',
  observe: async ({ api }) => {
    const newsletter = await newNewsletter(api, 'Weekly');
    const created = await newEmail(api, newsletter, { subject: 'Md', content_md: '*One*' });
    const path = `/newsletters/${newsletter}/emails/${created.id}`;
    const other = (await api('PATCH', path, { body: { content_md: '*Two*' } })).body.content_html;
    const handEdit = (await api('PATCH', path, { body: { content_html: '<p>Hand edit</p>' } })).body.content_html;
    const again = (await api('PATCH', path, { body: { content_md: '*Two*' } })).body.content_html;
    const read = (await api('GET', path)).body.content_html;
    return { created: created.content_html, other, handEdit, again, read };
  },
  broken: (seen) =>
    expect(seen).toEqual({
      created: '<p><em>One</em></p>\n',
      other: '<p><em>Two</em></p>\n',
      handEdit: '<p>Hand edit</p>',
      again: '<p>Hand edit</p>',
      read: '<p>Hand edit</p>',
    }),
  correct: (seen) =>
    expect(seen).toEqual({
      created: '<p><em>One</em></p>\n',
      other: '<p><em>Two</em></p>\n',
      handEdit: '<p>Hand edit</p>',
      again: '<p><em>Two</em></p>\n',
      read: '<p><em>Two</em></p>\n',
    }),
});

add({
  fault: 'email-delete-slug-suffixes-renumbered',
  what: "deleteEmail must leave the slugs of the newsletter's other emails as they were",
  observe: async ({ api }) => {
    const newsletter = await newNewsletter(api, 'Weekly');
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await newEmail(api, newsletter, { subject: 'Hello' }));
    const deleted = (await api('DELETE', `/newsletters/${newsletter}/emails/${made[0].id}`)).status;
    const slugs = [];
    for (const email of made.slice(1)) slugs.push((await api('GET', `/newsletters/${newsletter}/emails/${email.id}`)).body.slug);
    return { created: made.map((email) => email.slug), deleted, slugs };
  },
  broken: (seen) => expect(seen).toEqual({ created: ['hello', 'hello-1', 'hello-2'], deleted: 204, slugs: ['hello', 'hello-1'] }),
  correct: (seen) => expect(seen).toEqual({ created: ['hello', 'hello-1', 'hello-2'], deleted: 204, slugs: ['hello-1', 'hello-2'] }),
});

add({
  fault: 'newsletter-location-by-name-slug',
  what: "createNewsletter's Location must be the URL of the new newsletter, which a GET reads back",
  observe: async (s) => {
    const created = await s.api('POST', '/newsletters', { body: { name: 'Weekly Digest' } });
    const location = created.headers.get('location') ?? '';
    const read = await fetch(new URL(location, `${s.baseUrl}/newsletters`), { headers: { Authorization: `Bearer ${s.token}` } });
    const body = read.status === 200 ? await read.json() : undefined;
    return { byId: location.endsWith(`/newsletters/${created.body.id}`), read: read.status, same: JSON.stringify(body) === JSON.stringify(created.body) };
  },
  broken: (seen) => expect(seen).toEqual({ byId: false, read: 422, same: false }),
  correct: (seen) => expect(seen).toEqual({ byId: true, read: 200, same: true }),
});

add({
  fault: 'email-get-links-made-absolute',
  what: "getEmail must answer content_html as stored, relative URLs included",
  observe: async ({ api }) => {
    const newsletter = await newNewsletter(api, 'Weekly');
    const html = '<p><a href="/offers">Offers</a> <img src="images/logo.png" alt=""> <a href="https://example.com/x">x</a> <a href="#top">top</a></p>';
    const created = await newEmail(api, newsletter, { subject: 'Links', content_html: html });
    const read = (await api('GET', `/newsletters/${newsletter}/emails/${created.id}`)).body.content_html;
    const listed = (await api('GET', `/newsletters/${newsletter}/emails`)).body.result[0].content_html;
    return { created: created.content_html === html, listed: listed === html, read: read === html, readHasRelative: read.includes('href="/offers"') };
  },
  broken: (seen) => expect(seen).toEqual({ created: true, listed: true, read: false, readHasRelative: false }),
  correct: (seen) => expect(seen).toEqual({ created: true, listed: true, read: true, readHasRelative: true }),
});

contrastFaults('the forty-fourth look', cases);
