/**
 * The faults of server/faults/forty-second-look.ts really break what they name: each case runs the
 * same requests against the server with the fault and without it, and requires the broken answer from
 * the first and the one the contract requires from the second.
 */
import { crc32 } from 'node:zlib';
import { expect } from 'vitest';
import { contrastFaults, type FaultContrast } from './fault-contrast.ts';
import { newsletterWithReader, PNG, problemType } from './contrast-fixtures.ts';
import type { Api } from './harness.ts';

const cases: FaultContrast<any>[] = [];
const add = <T>(c: FaultContrast<T>) => cases.push(c);

const fields = (body: { errors?: { field: string }[] }) => (body.errors ?? []).map((e) => e.field).sort();
const newNewsletter = async (api: Api, name: string) => (await api('POST', '/newsletters', { body: { name } })).body.id as number;
const newEmail = async (api: Api, newsletter: number, body: Record<string, unknown>) => (await api('POST', `/newsletters/${newsletter}/emails`, { body })).body;
const subscribe = async (api: Api, newsletter: number, email: string) => (await api('POST', `/newsletters/${newsletter}/subscribers`, { body: { email } })).body.id as number;
const mediaType = (headers: Headers) => (headers.get('content-type') ?? '').split(';')[0];
/** A refusal as its status, problem type and the fields it names; a success as its status. */
const outcome = (answer: { status: number; body: any }) => (answer.status < 300 ? answer.status : [answer.status, answer.body.type, fields(answer.body)]);

/** An upload of `bytes` as the file part `file`, sent as a multipart body of its own making. */
const rawUpload = (api: Api, bytes: Buffer, contentType: (boundary: string) => string, headers: Record<string, string> = {}) => {
  const boundary = 'forty-second-look-boundary';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="pixel.png"\r\nContent-Type: image/png\r\n\r\n`, 'latin1'),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`, 'latin1'),
  ]);
  return api('POST', '/images/upload', { raw: body, headers: { 'Content-Type': contentType(boundary), ...headers } });
};
/** Where an upload is served: its status, type, and whether the bytes are those uploaded; or the refusal. */
const served = async (answer: { status: number; body: any }, bytes: Buffer) => {
  if (answer.status !== 201) return outcome(answer);
  const image = await fetch(answer.body.url as string);
  return [201, image.status, mediaType(image.headers), Buffer.from(await image.arrayBuffer()).equals(bytes)];
};

/** A PNG chunk of `type` holding `data`, with its CRC. */
const chunk = (type: string, data: Buffer) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed) >>> 0);
  return Buffer.concat([length, typed, crc]);
};
const IHDR = Buffer.from([0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00]);
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** A one-pixel PNG with a text chunk (a comment, as image editors write) between its IHDR and its end. */
const PNG_WITH_TEXT = Buffer.concat([
  PNG_SIGNATURE,
  chunk('IHDR', IHDR),
  chunk('tEXt', Buffer.from('Comment\0Made for the forty-second look', 'latin1')),
  chunk('IEND', Buffer.alloc(0)),
]);
const PNG_PLAIN = Buffer.concat([PNG_SIGNATURE, chunk('IHDR', IHDR), chunk('IEND', Buffer.alloc(0))]);

add({
  fault: 'newsletter-rename-name-trimmed',
  what: 'updateNewsletter must keep a new name as sent, white space at its ends included',
  observe: async ({ api }) => {
    const newsletter = await newNewsletter(api, 'Weekly');
    const created = (await api('POST', '/newsletters', { body: { name: ' Monthly ' } })).body.name;
    const plain = (await api('PATCH', `/newsletters/${newsletter}`, { body: { name: 'Daily' } })).body.name;
    const spaced = (await api('PATCH', `/newsletters/${newsletter}`, { body: { name: ' Evening Digest ' } })).body.name;
    const read = (await api('GET', `/newsletters/${newsletter}`)).body.name;
    return { created, plain, spaced, read };
  },
  broken: (seen) => expect(seen).toEqual({ created: ' Monthly ', plain: 'Daily', spaced: 'Evening Digest', read: 'Evening Digest' }),
  correct: (seen) => expect(seen).toEqual({ created: ' Monthly ', plain: 'Daily', spaced: ' Evening Digest ', read: ' Evening Digest ' }),
});

add({
  fault: 'newsletter-get-id-past-largest-404',
  what: 'getNewsletter must answer an id past 9007199254740991 422 naming path.id',
  observe: async ({ api }) => {
    const newsletter = await newNewsletter(api, 'Weekly');
    const get = async (id: string) => outcome(await api('GET', `/newsletters/${id}`));
    const head = (await api('HEAD', '/newsletters/9007199254740992')).status;
    return { own: await get(String(newsletter)), largest: await get('9007199254740991'), onePast: await get('9007199254740992'), twoPast: await get('9007199254740993'), head };
  },
  broken: (seen) =>
    expect(seen).toEqual({
      own: 200,
      largest: [404, problemType('not-found'), []],
      onePast: [404, problemType('not-found'), []],
      twoPast: [404, problemType('not-found'), []],
      head: 404,
    }),
  correct: (seen) =>
    expect(seen).toEqual({
      own: 200,
      largest: [404, problemType('not-found'), []],
      onePast: [422, problemType('validation-failed'), ['path.id']],
      twoPast: [422, problemType('validation-failed'), ['path.id']],
      head: 422,
    }),
});

add({
  fault: 'newsletter-name-slug-slash-as-hyphen',
  what: "createNewsletter must remove a / of the name from its name_slug, not make it a hyphen",
  observe: async ({ api }) => {
    const slug = async (name: string) => (await api('POST', '/newsletters', { body: { name } })).body.name_slug;
    return { plain: await slug('Weekly News'), slashed: await slug('News/Views'), band: await slug('AC/DC Fans') };
  },
  broken: (seen) => expect(seen).toEqual({ plain: 'weekly-news', slashed: 'news-views', band: 'ac-dc-fans' }),
  correct: (seen) => expect(seen).toEqual({ plain: 'weekly-news', slashed: 'newsviews', band: 'acdc-fans' }),
});

add({
  fault: 'email-digit-subject-fallback-slug',
  what: 'createEmail must derive the slug of a subject of digits from its digits, not give it the fallback email',
  observe: async ({ api }) => {
    const newsletter = await newNewsletter(api, 'Weekly');
    const slug = async (subject: string) => (await newEmail(api, newsletter, { subject })).slug;
    return { words: await slug('Hello'), empty: await slug(''), year: await slug('2024'), time: await slug('10:30') };
  },
  broken: (seen) => expect(seen).toEqual({ words: 'hello', empty: 'email', year: 'email-1', time: 'email-2' }),
  correct: (seen) => expect(seen).toEqual({ words: 'hello', empty: 'email', year: '2024', time: '10-30' }),
});

add({
  fault: 'email-update-code-info-class-dropped',
  what: "updateEmail must render a fenced code block's info string as class=\"language-...\", as createEmail does",
  observe: async ({ api }) => {
    const newsletter = await newNewsletter(api, 'Weekly');
    const md = '```js\nlet a = 1;\n```\n';
    const created = await newEmail(api, newsletter, { subject: 'Code', content_md: md });
    const plain = (await api('PATCH', `/newsletters/${newsletter}/emails/${created.id}`, { body: { content_md: 'Just *text*.' } })).body.content_html;
    const updated = (await api('PATCH', `/newsletters/${newsletter}/emails/${created.id}`, { body: { content_md: md } })).body.content_html;
    const read = (await api('GET', `/newsletters/${newsletter}/emails/${created.id}`)).body.content_html;
    return { created: created.content_html, plain, updated, read };
  },
  broken: (seen) =>
    expect(seen).toEqual({
      created: '<pre><code class="language-js">let a = 1;\n</code></pre>\n',
      plain: '<p>Just <em>text</em>.</p>\n',
      updated: '<pre><code>let a = 1;\n</code></pre>\n',
      read: '<pre><code>let a = 1;\n</code></pre>\n',
    }),
  correct: (seen) =>
    expect(seen).toEqual({
      created: '<pre><code class="language-js">let a = 1;\n</code></pre>\n',
      plain: '<p>Just <em>text</em>.</p>\n',
      updated: '<pre><code class="language-js">let a = 1;\n</code></pre>\n',
      read: '<pre><code class="language-js">let a = 1;\n</code></pre>\n',
    }),
});

add({
  fault: 'send-later-offset-day-not-carried',
  what: 'sendEmail must schedule a scheduled_at whose UTC instant is on another date than its local one at that instant',
  observe: async ({ api }) => {
    const newsletter = await newsletterWithReader(api, 'Weekly');
    const send = async (at: string) => {
      const email = (await newEmail(api, newsletter, { subject: 'Hello', content_html: '<p>Hi</p>' })).id;
      const answer = await api('POST', `/newsletters/${newsletter}/emails/${email}/send`, { body: { scheduled_at: at } });
      return answer.status === 200 ? answer.body.scheduled_at : outcome(answer);
    };
    return {
      sameDay: await send('2036-12-01T08:00:00+01:00'),
      east: await send('2036-12-01T02:00:00+05:00'),
      west: await send('2036-12-01T22:00:00-05:00'),
    };
  },
  broken: (seen) => expect(seen).toEqual({ sameDay: '2036-12-01T07:00:00.000Z', east: '2036-12-01T21:00:00.000Z', west: '2036-12-01T03:00:00.000Z' }),
  correct: (seen) => expect(seen).toEqual({ sameDay: '2036-12-01T07:00:00.000Z', east: '2036-11-30T21:00:00.000Z', west: '2036-12-02T03:00:00.000Z' }),
});

add({
  fault: 'send-later-long-fraction-refused',
  what: 'sendEmail must schedule a scheduled_at with ten or more fraction digits',
  observe: async ({ api }) => {
    const newsletter = await newsletterWithReader(api, 'Weekly');
    const send = async (at: string) => {
      const email = (await newEmail(api, newsletter, { subject: 'Hello', content_html: '<p>Hi</p>' })).id;
      const answer = await api('POST', `/newsletters/${newsletter}/emails/${email}/send`, { body: { scheduled_at: at } });
      return answer.status === 200 ? answer.body.scheduled_at : outcome(answer);
    };
    return { nine: await send('2036-12-01T08:00:00.123456789Z'), twelve: await send('2036-12-01T08:00:00.123456789012+01:00') };
  },
  broken: (seen) => expect(seen).toEqual({ nine: '2036-12-01T08:00:00.123Z', twelve: [422, problemType('validation-failed'), ['scheduled_at']] }),
  correct: (seen) => expect(seen).toEqual({ nine: '2036-12-01T08:00:00.123Z', twelve: '2036-12-01T07:00:00.123Z' }),
});

add({
  fault: 'subscriber-delete-204-without-rate-limit',
  what: "deleteSubscriber's 204 must carry RateLimit and RateLimit-Policy",
  observe: async ({ api }) => {
    const newsletter = await newNewsletter(api, 'Weekly');
    const subscriber = await subscribe(api, newsletter, 'ada@example.com');
    const fieldsOf = (answer: { status: number; headers: Headers }) => [answer.status, answer.headers.has('ratelimit'), answer.headers.has('ratelimit-policy'), answer.headers.has('access-control-allow-origin')];
    const deleted = await api('DELETE', `/newsletters/${newsletter}/subscribers/${subscriber}`);
    const again = await api('DELETE', `/newsletters/${newsletter}/subscribers/${subscriber}`);
    return { deleted: fieldsOf(deleted), again: fieldsOf(again) };
  },
  broken: (seen) => expect(seen).toEqual({ deleted: [204, false, false, true], again: [404, true, true, true] }),
  correct: (seen) => expect(seen).toEqual({ deleted: [204, true, true, true], again: [404, true, true, true] }),
});

add({
  fault: 'subscriber-address-length-after-trim',
  what: 'createSubscriber must answer an address longer than 254 characters with the white space around it 422 naming email',
  observe: async ({ api }) => {
    const newsletter = await newNewsletter(api, 'Weekly');
    // 64 + 1 + 189 = 254 characters, the longest address allowed.
    const longest = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(61)}`;
    const answer = async (email: string) => {
      const a = await api('POST', `/newsletters/${newsletter}/subscribers`, { body: { email } });
      return a.status === 200 ? [200, a.body.email.length] : outcome(a);
    };
    return {
      longest: await answer(longest),
      spaced: await answer(` ${longest} `),
      short: await answer(' ada@example.com '),
      over: await answer(`a${longest}`),
    };
  },
  broken: (seen) =>
    expect(seen).toEqual({ longest: [200, 254], spaced: [200, 254], short: [200, 15], over: [422, problemType('validation-failed'), ['email']] }),
  correct: (seen) =>
    expect(seen).toEqual({
      longest: [200, 254],
      spaced: [422, problemType('validation-failed'), ['email']],
      short: [200, 15],
      over: [422, problemType('validation-failed'), ['email']],
    }),
});

add({
  fault: 'upload-identity-encoding-refused',
  what: 'uploadImage must take Content-Encoding: identity as no Content-Encoding and store the image',
  observe: async ({ api }) => {
    const multipart = (boundary: string) => `multipart/form-data; boundary=${boundary}`;
    return {
      none: await served(await rawUpload(api, PNG, multipart), PNG),
      identity: await served(await rawUpload(api, PNG, multipart, { 'Content-Encoding': 'identity' }), PNG),
      gzip: outcome(await rawUpload(api, PNG, multipart, { 'Content-Encoding': 'gzip' })),
    };
  },
  broken: (seen) =>
    expect(seen).toEqual({
      none: [201, 200, 'image/png', true],
      identity: [415, problemType('unsupported-media-type'), []],
      gzip: [415, problemType('unsupported-media-type'), []],
    }),
  correct: (seen) =>
    expect(seen).toEqual({
      none: [201, 200, 'image/png', true],
      identity: [201, 200, 'image/png', true],
      gzip: [415, problemType('unsupported-media-type'), []],
    }),
});

add({
  fault: 'upload-boundary-not-first-parameter-400',
  what: 'uploadImage must read the boundary wherever it stands among the Content-Type parameters',
  observe: async ({ api }) => ({
    first: await served(await rawUpload(api, PNG, (b) => `multipart/form-data; boundary=${b}`), PNG),
    afterCharset: await served(await rawUpload(api, PNG, (b) => `multipart/form-data; charset=utf-8; boundary=${b}`), PNG),
  }),
  broken: (seen) => expect(seen).toEqual({ first: [201, 200, 'image/png', true], afterCharset: [400, problemType('malformed-request'), []] }),
  correct: (seen) => expect(seen).toEqual({ first: [201, 200, 'image/png', true], afterCharset: [201, 200, 'image/png', true] }),
});

add({
  fault: 'upload-png-text-chunks-stripped',
  what: 'uploadImage must serve a PNG with text chunks byte for byte',
  observe: async ({ api }) => {
    const multipart = (boundary: string) => `multipart/form-data; boundary=${boundary}`;
    return {
      plain: await served(await rawUpload(api, PNG_PLAIN, multipart), PNG_PLAIN),
      withText: await served(await rawUpload(api, PNG_WITH_TEXT, multipart), PNG_WITH_TEXT),
    };
  },
  broken: (seen) => expect(seen).toEqual({ plain: [201, 200, 'image/png', true], withText: [201, 200, 'image/png', false] }),
  correct: (seen) => expect(seen).toEqual({ plain: [201, 200, 'image/png', true], withText: [201, 200, 'image/png', true] }),
});

contrastFaults('the forty-second look', cases);
