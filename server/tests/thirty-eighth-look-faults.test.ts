/**
 * The faults of server/faults/thirty-eighth-look.ts really break what they name: each case runs the
 * same requests against the server with the fault and without it, and requires the broken answer from
 * the first and the one the contract requires from the second.
 */
import { expect } from 'vitest';
import { contrastFaults, type FaultContrast } from './fault-contrast.ts';
import { newsletterWithReader, pause, PNG, problemType } from './contrast-fixtures.ts';
import type { Api } from './harness.ts';

const cases: FaultContrast<any>[] = [];
const add = <T>(c: FaultContrast<T>) => cases.push(c);

const fields = (body: { errors?: { field: string }[] }) => (body.errors ?? []).map((e) => e.field).sort();
const newNewsletter = async (api: Api, name: string) => (await api('POST', '/newsletters', { body: { name } })).body.id as number;
const newEmail = async (api: Api, newsletter: number, body: Record<string, unknown>) => (await api('POST', `/newsletters/${newsletter}/emails`, { body })).body.id as number;
const subscribe = async (api: Api, newsletter: number, email: string) => (await api('POST', `/newsletters/${newsletter}/subscribers`, { body: { email } })).body.id as number;
const mediaType = (headers: Headers) => (headers.get('content-type') ?? '').split(';')[0];
/** A refusal as its status, problem type and the fields it names; a success as its status. */
const outcome = (answer: { status: number; body: any }) => (answer.status < 300 ? answer.status : [answer.status, answer.body.type, fields(answer.body)]);

/** Uploads `bytes` as the file part `file`, with `more` parts after it; the answer. */
const upload = async (api: Api, bytes: Buffer, options: { name?: string; type?: string; more?: (data: FormData) => void; headers?: Record<string, string> } = {}) => {
  const data = new FormData();
  data.append('file', new Blob([bytes], { type: options.type ?? 'image/png' }), options.name ?? 'pixel.png');
  options.more?.(data);
  return api('POST', '/images/upload', { raw: data, ...(options.headers ? { headers: options.headers } : {}) });
};

/** A JPEG whose first segment is `segment` (APP0 JFIF, APP1 Exif), then a few bytes and the end of image. */
const jpeg = (segment: number[]) => Buffer.from([0xff, 0xd8, ...segment, ...new Array(64).fill(0), 0xff, 0xd9]);
const JFIF = jpeg([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]);
const EXIF = jpeg([0xff, 0xe1, 0x00, 0x10, 0x45, 0x78, 0x69, 0x66, 0x00, 0x00, 0x4d, 0x4d, 0x00, 0x2a, 0x00, 0x00, 0x00, 0x08]);

add({
  fault: 'send-audience-across-newsletters',
  what: "sendEmail must answer 422 email-not-sendable for an email of a newsletter without subscribers, whatever the workspace's other newsletters have",
  observe: async ({ api }) => {
    const read = await newsletterWithReader(api, 'Weekly');
    const unread = await newNewsletter(api, 'Monthly');
    const a = await newEmail(api, read, { subject: 'Hello', content_html: '<p>Hi</p>' });
    const b = await newEmail(api, unread, { subject: 'Hello', content_html: '<p>Hi</p>' });
    return {
      withReader: outcome(await api('POST', `/newsletters/${read}/emails/${a}/send`)),
      withoutReader: outcome(await api('POST', `/newsletters/${unread}/emails/${b}/send`)),
    };
  },
  broken: (seen) => expect(seen).toEqual({ withReader: 200, withoutReader: 200 }),
  correct: (seen) => expect(seen).toEqual({ withReader: 200, withoutReader: [422, problemType('email-not-sendable'), ['path.newsletter_id']] }),
});

add({
  fault: 'send-sent-email-judged-unready',
  what: 'sendEmail must answer 409 email-already-sent for a sent email, also when its newsletter has no subscriber left',
  observe: async (s) => {
    const { api } = s;
    const newsletter = await newNewsletter(api, 'Weekly');
    const reader = await subscribe(api, newsletter, 'reader@example.org');
    const email = await newEmail(api, newsletter, { subject: 'Hello', content_html: '<p>Hi</p>' });
    // Sent, as delivery leaves it.
    s.server.stores.emails.update(email, { status: 'sent', scheduled_at: '2026-01-01T00:00:00.000Z', sent_at: '2026-01-01T00:00:01.000Z' });
    const withReader = outcome(await api('POST', `/newsletters/${newsletter}/emails/${email}/send`));
    const removed = (await api('DELETE', `/newsletters/${newsletter}/subscribers/${reader}`)).status;
    const withoutReader = outcome(await api('POST', `/newsletters/${newsletter}/emails/${email}/send`));
    const draft = await newEmail(api, newsletter, { subject: 'Draft', content_html: '<p>Hi</p>' });
    return { withReader, removed, withoutReader, draft: outcome(await api('POST', `/newsletters/${newsletter}/emails/${draft}/send`)) };
  },
  broken: (seen) =>
    expect(seen).toEqual({
      withReader: [409, problemType('email-already-sent'), []],
      removed: 204,
      withoutReader: [422, problemType('email-not-sendable'), ['path.newsletter_id']],
      draft: [422, problemType('email-not-sendable'), ['path.newsletter_id']],
    }),
  correct: (seen) =>
    expect(seen).toEqual({
      withReader: [409, problemType('email-already-sent'), []],
      removed: 204,
      withoutReader: [409, problemType('email-already-sent'), []],
      draft: [422, problemType('email-not-sendable'), ['path.newsletter_id']],
    }),
});

add({
  fault: 'not-sendable-several-causes-validation-failed',
  what: 'sendEmail must type every unready answer email-not-sendable, one cause or several',
  observe: async ({ api }) => {
    const read = await newsletterWithReader(api, 'Weekly');
    const unread = await newNewsletter(api, 'Monthly');
    const one = await newEmail(api, read, { subject: 'Hello' });
    const two = await newEmail(api, unread, { subject: 'Hello' });
    const three = await newEmail(api, unread, { subject: ' ' });
    return {
      one: outcome(await api('POST', `/newsletters/${read}/emails/${one}/send`)),
      two: outcome(await api('POST', `/newsletters/${unread}/emails/${two}/send`)),
      three: outcome(await api('POST', `/newsletters/${unread}/emails/${three}/send`)),
    };
  },
  broken: (seen) =>
    expect(seen).toEqual({
      one: [422, problemType('email-not-sendable'), ['content_html']],
      two: [422, problemType('validation-failed'), ['content_html', 'path.newsletter_id']],
      three: [422, problemType('validation-failed'), ['content_html', 'path.newsletter_id', 'subject']],
    }),
  correct: (seen) =>
    expect(seen).toEqual({
      one: [422, problemType('email-not-sendable'), ['content_html']],
      two: [422, problemType('email-not-sendable'), ['content_html', 'path.newsletter_id']],
      three: [422, problemType('email-not-sendable'), ['content_html', 'path.newsletter_id', 'subject']],
    }),
});

add({
  fault: 'email-update-null-author-refused',
  what: 'updateEmail must clear the author for author_id: null',
  observe: async ({ api, authorId }) => {
    const newsletter = await newNewsletter(api, 'Weekly');
    const email = await newEmail(api, newsletter, { subject: 'Hello', author_id: authorId });
    const renamed = await api('PATCH', `/newsletters/${newsletter}/emails/${email}`, { body: { subject: 'Hello again' } });
    const cleared = await api('PATCH', `/newsletters/${newsletter}/emails/${email}`, { body: { author_id: null } });
    const read = (await api('GET', `/newsletters/${newsletter}/emails/${email}`)).body;
    return {
      renamed: [renamed.status, renamed.body.author_id === authorId],
      cleared: cleared.status === 200 ? [200, cleared.body.author_id] : outcome(cleared),
      read: read.author_id === authorId ? 'author' : read.author_id,
    };
  },
  broken: (seen) => expect(seen).toEqual({ renamed: [200, true], cleared: [422, problemType('validation-failed'), ['author_id']], read: 'author' }),
  correct: (seen) => expect(seen).toEqual({ renamed: [200, true], cleared: [200, null], read: null }),
});

add({
  fault: 'email-create-bare-domains-linked',
  what: "createEmail's Markdown must leave a bare domain name as text, as GitHub's autolinks (and updateEmail) do",
  observe: async ({ api }) => {
    const newsletter = await newNewsletter(api, 'Weekly');
    const md = 'Read example.com/news, www.example.org or https://example.net/ today.';
    const created = (await api('POST', `/newsletters/${newsletter}/emails`, { body: { subject: 'Created', content_md: md } })).body;
    const other = await newEmail(api, newsletter, { subject: 'Updated' });
    const updated = (await api('PATCH', `/newsletters/${newsletter}/emails/${other}`, { body: { content_md: md } })).body;
    const read = (await api('GET', `/newsletters/${newsletter}/emails/${created.id}`)).body.content_html as string;
    const links = (html: string) => [html.includes('<a href="http://example.com/news">'), html.includes('<a href="http://www.example.org">'), html.includes('<a href="https://example.net/">')];
    return { created: links(created.content_html), read: links(read), updated: links(updated.content_html) };
  },
  broken: (seen) => expect(seen).toEqual({ created: [true, true, true], read: [true, true, true], updated: [false, true, true] }),
  correct: (seen) => expect(seen).toEqual({ created: [false, true, true], read: [false, true, true], updated: [false, true, true] }),
});

add({
  fault: 'email-create-stamped-whole-second',
  what: "createEmail must record a created_at no earlier than that of the write answered before it (its newsletter's)",
  observe: async ({ api }) => {
    let seen = { sameSecond: false, notBefore: false };
    for (let attempt = 0; attempt < 5; attempt++) {
      // Early in a second, so that the newsletter's time has milliseconds and the email follows within the second.
      while (Date.now() % 1000 < 50 || Date.now() % 1000 > 400) await pause(10);
      const newsletter = (await api('POST', '/newsletters', { body: { name: `Weekly ${attempt}` } })).body;
      const email = (await api('POST', `/newsletters/${newsletter.id}/emails`, { body: { subject: 'Hello' } })).body;
      seen = { sameSecond: newsletter.created_at.slice(0, 19) === email.created_at.slice(0, 19), notBefore: email.created_at >= newsletter.created_at };
      if (seen.sameSecond) break;
    }
    return seen;
  },
  broken: (seen) => expect(seen).toEqual({ sameSecond: true, notBefore: false }),
  correct: (seen) => expect(seen).toEqual({ sameSecond: true, notBefore: true }),
});

add({
  fault: 'subscriber-domain-label-63-refused',
  what: 'createSubscriber must take an address whose domain has a label of 63 characters',
  observe: async ({ api }) => {
    const newsletter = await newNewsletter(api, 'Weekly');
    const answer = async (email: string) => {
      const a = await api('POST', `/newsletters/${newsletter}/subscribers`, { body: { email } });
      return a.status === 200 ? [200, a.body.email === email.toLowerCase()] : outcome(a);
    };
    return {
      short: await answer('ada@example.org'),
      long62: await answer(`ada@${'a'.repeat(62)}.example`),
      long63: await answer(`ada@${'B'.repeat(63)}.example`),
      last63: await answer(`grace@mail.${'c'.repeat(63)}`),
    };
  },
  broken: (seen) =>
    expect(seen).toEqual({
      short: [200, true],
      long62: [200, true],
      long63: [422, problemType('validation-failed'), ['email']],
      last63: [422, problemType('validation-failed'), ['email']],
    }),
  correct: (seen) => expect(seen).toEqual({ short: [200, true], long62: [200, true], long63: [200, true], last63: [200, true] }),
});

add({
  fault: 'upload-exif-jpeg-refused',
  what: 'uploadImage must take a JPEG whatever its first segment (an Exif JPEG as well as a JFIF one)',
  observe: async ({ api }) => {
    const served = async (bytes: Buffer, name: string) => {
      const answer = await upload(api, bytes, { name, type: 'image/jpeg' });
      if (answer.status !== 201) return outcome(answer);
      const image = await fetch(answer.body.url as string);
      return [201, image.status, mediaType(image.headers), Buffer.from(await image.arrayBuffer()).equals(bytes)];
    };
    return { png: await served(PNG, 'pixel.png'), jfif: await served(JFIF, 'scan.jpg'), exif: await served(EXIF, 'camera.jpg') };
  },
  broken: (seen) =>
    expect(seen).toEqual({
      png: [201, 200, 'image/png', true],
      jfif: [201, 200, 'image/jpeg', true],
      exif: [415, problemType('unsupported-media-type'), []],
    }),
  correct: (seen) =>
    expect(seen).toEqual({ png: [201, 200, 'image/png', true], jfif: [201, 200, 'image/jpeg', true], exif: [201, 200, 'image/jpeg', true] }),
});

add({
  fault: 'upload-content-encoding-unchecked',
  what: 'uploadImage must answer an upload sent with a Content-Encoding 415',
  observe: async ({ api }) => ({
    plain: outcome(await upload(api, PNG)),
    identity: outcome(await upload(api, PNG, { headers: { 'Content-Encoding': 'identity' } })),
    gzip: outcome(await upload(api, PNG, { headers: { 'Content-Encoding': 'gzip' } })),
    br: outcome(await upload(api, PNG, { headers: { 'Content-Encoding': 'br' } })),
  }),
  broken: (seen) => expect(seen).toEqual({ plain: 201, identity: 201, gzip: 201, br: 201 }),
  correct: (seen) =>
    expect(seen).toEqual({
      plain: 201,
      identity: 201,
      gzip: [415, problemType('unsupported-media-type'), []],
      br: [415, problemType('unsupported-media-type'), []],
    }),
});

add({
  fault: 'upload-text-part-dropped',
  what: 'uploadImage must answer 422 for a body with a part beside the file part, a text part too',
  observe: async ({ api }) => ({
    single: outcome(await upload(api, PNG)),
    twoFiles: outcome(await upload(api, PNG, { more: (data) => data.append('file', new Blob([PNG], { type: 'image/png' }), 'again.png') })),
    caption: outcome(await upload(api, PNG, { more: (data) => data.append('caption', 'A pixel') })),
  }),
  broken: (seen) => expect(seen).toEqual({ single: 201, twoFiles: [422, problemType('validation-failed'), ['file']], caption: 201 }),
  correct: (seen) =>
    expect(seen).toEqual({ single: 201, twoFiles: [422, problemType('validation-failed'), ['file']], caption: [422, problemType('validation-failed'), ['file']] }),
});

add({
  fault: 'image-served-at-any-extension',
  what: "an image URL with another extension, none or a trailing slash must be a 404 problem, only the upload's URL serving the image",
  observe: async ({ api }) => {
    const url = (await upload(api, PNG)).body.url as string;
    const get = async (target: string) => {
      const answer = await fetch(target);
      return [answer.status, mediaType(answer.headers)];
    };
    return {
      own: await get(url),
      jpg: await get(url.replace(/\.png$/, '.jpg')),
      none: await get(url.replace(/\.png$/, '')),
      slash: await get(`${url}/`),
      other: await get(url.replace(/[0-9a-f]{32}/, '0'.repeat(32))),
    };
  },
  broken: (seen) =>
    expect(seen).toEqual({
      own: [200, 'image/png'],
      jpg: [200, 'image/png'],
      none: [200, 'image/png'],
      slash: [200, 'image/png'],
      other: [404, 'application/problem+json'],
    }),
  correct: (seen) =>
    expect(seen).toEqual({
      own: [200, 'image/png'],
      jpg: [404, 'application/problem+json'],
      none: [404, 'application/problem+json'],
      slash: [404, 'application/problem+json'],
      other: [404, 'application/problem+json'],
    }),
});

add({
  fault: 'emails-status-filter-any-case',
  what: 'listEmails must answer a ?status not spelled as the contract spells it 422 naming query.status',
  observe: async ({ api }) => {
    const newsletter = await newNewsletter(api, 'Weekly');
    await newEmail(api, newsletter, { subject: 'Draft' });
    const list = async (query: string) => {
      const answer = await api('GET', `/newsletters/${newsletter}/emails?${query}`);
      return answer.status === 200 ? [200, answer.body.total] : outcome(answer);
    };
    return { exact: await list('status=draft'), upper: await list('status=DRAFT'), title: await list('status=Sent'), unknown: await list('status=drafts') };
  },
  broken: (seen) =>
    expect(seen).toEqual({ exact: [200, 1], upper: [200, 1], title: [200, 0], unknown: [422, problemType('validation-failed'), ['query.status']] }),
  correct: (seen) =>
    expect(seen).toEqual({
      exact: [200, 1],
      upper: [422, problemType('validation-failed'), ['query.status']],
      title: [422, problemType('validation-failed'), ['query.status']],
      unknown: [422, problemType('validation-failed'), ['query.status']],
    }),
});

contrastFaults('the thirty-eighth look', cases);
