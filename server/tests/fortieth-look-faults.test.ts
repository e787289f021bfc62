/**
 * The faults of server/faults/fortieth-look.ts really break what they name: each case runs the same
 * requests against the server with the fault and without it, and requires the broken answer from the
 * first and the one the contract requires from the second.
 */
import { expect } from 'vitest';
import { contrastFaults, type FaultContrast } from './fault-contrast.ts';
import { hoursFromNow, newsletterWithReader, PNG, problemType } from './contrast-fixtures.ts';
import type { Api, TestServer } from './harness.ts';

const cases: FaultContrast<any>[] = [];
const add = <T>(c: FaultContrast<T>) => cases.push(c);

const fields = (body: { errors?: { field: string }[] }) => (body.errors ?? []).map((e) => e.field).sort();
const newNewsletter = async (api: Api, name: string) => (await api('POST', '/newsletters', { body: { name } })).body.id as number;
const newEmail = async (api: Api, newsletter: number, body: Record<string, unknown>) => (await api('POST', `/newsletters/${newsletter}/emails`, { body })).body.id as number;
const subscribe = async (api: Api, newsletter: number, email: string) => (await api('POST', `/newsletters/${newsletter}/subscribers`, { body: { email } })).body.id as number;
const mediaType = (headers: Headers) => (headers.get('content-type') ?? '').split(';')[0];
/** A refusal as its status, problem type and the fields it names; a success as its status. */
const outcome = (answer: { status: number; body: any }) => (answer.status < 300 ? answer.status : [answer.status, answer.body.type, fields(answer.body)]);
/** A subscriber suppressed, as an unsubscribe or a bounce leaves it (no request makes one). */
const suppress = (s: TestServer, subscriber: number) => s.server.db.prepare("UPDATE subscribers SET status = 'suppressed', active = 0 WHERE id = ?").run(subscriber);

/** Uploads `bytes` as the file part `file`; the answer. */
const upload = async (api: Api, bytes: Buffer, name = 'pixel.png', type = 'image/png') => {
  const data = new FormData();
  data.append('file', new Blob([bytes], { type }), name);
  return api('POST', '/images/upload', { raw: data });
};
/** Where an upload is served: its status, type, and whether the bytes are those uploaded; or the refusal. */
const served = async (api: Api, bytes: Buffer, name: string, type: string) => {
  const answer = await upload(api, bytes, name, type);
  if (answer.status !== 201) return outcome(answer);
  const image = await fetch(answer.body.url as string);
  return [201, image.status, mediaType(image.headers), Buffer.from(await image.arrayBuffer()).equals(bytes)];
};

const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n);
  return b;
};
/** A WebP whose first chunk is `chunk` (VP8 , VP8L, VP8X), with 16 bytes of data. */
const webp = (chunk: string) => {
  const body = Buffer.concat([Buffer.from('WEBP', 'latin1'), Buffer.from(chunk, 'latin1'), u32(16), Buffer.alloc(16)]);
  return Buffer.concat([Buffer.from('RIFF', 'latin1'), u32(body.length), body]);
};

add({
  fault: 'send-later-minus-zero-offset-refused',
  what: 'sendEmail must schedule an email at a scheduled_at written with the offset -00:00, as at any other offset',
  observe: async ({ api }) => {
    const newsletter = await newsletterWithReader(api, 'Weekly');
    const send = async (at: string) => {
      const email = await newEmail(api, newsletter, { subject: 'Hello', content_html: '<p>Hi</p>' });
      const answer = await api('POST', `/newsletters/${newsletter}/emails/${email}/send`, { body: { scheduled_at: at } });
      return answer.status === 200 ? [200, answer.body.status, answer.body.scheduled_at] : outcome(answer);
    };
    return { z: await send('2036-12-01T08:00:00Z'), plusZero: await send('2036-12-01T08:00:00+00:00'), minusZero: await send('2036-12-01T08:00:00-00:00') };
  },
  broken: (seen) =>
    expect(seen).toEqual({
      z: [200, 'scheduled', '2036-12-01T08:00:00.000Z'],
      plusZero: [200, 'scheduled', '2036-12-01T08:00:00.000Z'],
      minusZero: [422, problemType('validation-failed'), ['scheduled_at']],
    }),
  correct: (seen) =>
    expect(seen).toEqual({
      z: [200, 'scheduled', '2036-12-01T08:00:00.000Z'],
      plusZero: [200, 'scheduled', '2036-12-01T08:00:00.000Z'],
      minusZero: [200, 'scheduled', '2036-12-01T08:00:00.000Z'],
    }),
});

add({
  fault: 'send-audience-counts-suppressed',
  what: 'sendEmail must answer 422 email-not-sendable for an email of a newsletter whose only subscriber is suppressed',
  observe: async (s) => {
    const { api } = s;
    const read = await newsletterWithReader(api, 'Weekly');
    const lost = await newNewsletter(api, 'Monthly');
    suppress(s, await subscribe(api, lost, 'gone@example.org'));
    const a = await newEmail(api, read, { subject: 'Hello', content_html: '<p>Hi</p>' });
    const b = await newEmail(api, lost, { subject: 'Hello', content_html: '<p>Hi</p>' });
    return {
      withReader: outcome(await api('POST', `/newsletters/${read}/emails/${a}/send`, { body: { scheduled_at: hoursFromNow(2) } })),
      suppressedOnly: outcome(await api('POST', `/newsletters/${lost}/emails/${b}/send`, { body: { scheduled_at: hoursFromNow(2) } })),
    };
  },
  broken: (seen) => expect(seen).toEqual({ withReader: 200, suppressedOnly: 200 }),
  correct: (seen) => expect(seen).toEqual({ withReader: 200, suppressedOnly: [422, problemType('email-not-sendable'), ['path.newsletter_id']] }),
});

add({
  fault: 'send-later-stamps-updated-at-ahead',
  what: "sendEmail with a future scheduled_at must record the email's updated_at no later than its answer",
  observe: async ({ api }) => {
    const newsletter = await newsletterWithReader(api, 'Weekly');
    const email = await newEmail(api, newsletter, { subject: 'Hello', content_html: '<p>Hi</p>' });
    const at = hoursFromNow(2);
    const answer = (await api('POST', `/newsletters/${newsletter}/emails/${email}/send`, { body: { scheduled_at: at } })).body;
    const answered = Date.now();
    const read = (await api('GET', `/newsletters/${newsletter}/emails/${email}`)).body;
    return {
      status: answer.status,
      scheduledAt: answer.scheduled_at === at,
      answerAhead: Date.parse(answer.updated_at) > answered,
      readAhead: Date.parse(read.updated_at) > Date.now(),
      updatedIsScheduled: answer.updated_at === answer.scheduled_at,
    };
  },
  broken: (seen) => expect(seen).toEqual({ status: 'scheduled', scheduledAt: true, answerAhead: true, readAhead: true, updatedIsScheduled: true }),
  correct: (seen) => expect(seen).toEqual({ status: 'scheduled', scheduledAt: true, answerAhead: false, readAhead: false, updatedIsScheduled: false }),
});

add({
  fault: 'newsletter-update-null-name-ignored',
  what: 'updateNewsletter must answer name: null 422 naming name',
  observe: async ({ api }) => {
    const newsletter = await newNewsletter(api, 'Weekly');
    const answer = async (body: unknown) => {
      const a = await api('PATCH', `/newsletters/${newsletter}`, { body });
      return a.status === 200 ? [200, a.body.name] : outcome(a);
    };
    return { empty: await answer({}), wrongType: await answer({ name: 5 }), nulled: await answer({ name: null }), renamed: await answer({ name: 'Daily' }) };
  },
  broken: (seen) =>
    expect(seen).toEqual({ empty: [200, 'Weekly'], wrongType: [422, problemType('validation-failed'), ['name']], nulled: [200, 'Weekly'], renamed: [200, 'Daily'] }),
  correct: (seen) =>
    expect(seen).toEqual({
      empty: [200, 'Weekly'],
      wrongType: [422, problemType('validation-failed'), ['name']],
      nulled: [422, problemType('validation-failed'), ['name']],
      renamed: [200, 'Daily'],
    }),
});

add({
  fault: 'email-create-link-percent-double-encoded',
  what: "createEmail must render a Markdown link's percent-encoded target as CommonMark does (as updateEmail does), not encode it again",
  observe: async ({ api }) => {
    const newsletter = await newNewsletter(api, 'Weekly');
    const md = 'See [menu](https://example.com/caf%C3%A9), [café](https://example.com/café), [space](<https://example.com/a b>) and [news](https://example.com/news).';
    const hrefs = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]);
    const created = (await api('POST', `/newsletters/${newsletter}/emails`, { body: { subject: 'Created', content_md: md } })).body;
    const other = await newEmail(api, newsletter, { subject: 'Updated' });
    const updated = (await api('PATCH', `/newsletters/${newsletter}/emails/${other}`, { body: { content_md: md } })).body;
    const read = (await api('GET', `/newsletters/${newsletter}/emails/${created.id}`)).body;
    return { created: hrefs(created.content_html), read: hrefs(read.content_html), updated: hrefs(updated.content_html) };
  },
  broken: (seen) => {
    const twice = ['https://example.com/caf%25C3%25A9', 'https://example.com/caf%25C3%25A9', 'https://example.com/a%2520b', 'https://example.com/news'];
    const once = ['https://example.com/caf%C3%A9', 'https://example.com/caf%C3%A9', 'https://example.com/a%20b', 'https://example.com/news'];
    expect(seen).toEqual({ created: twice, read: twice, updated: once });
  },
  correct: (seen) => {
    const once = ['https://example.com/caf%C3%A9', 'https://example.com/caf%C3%A9', 'https://example.com/a%20b', 'https://example.com/news'];
    expect(seen).toEqual({ created: once, read: once, updated: once });
  },
});

add({
  fault: 'email-update-empty-html-nulled',
  what: 'updateEmail must store a content_html sent as the empty text as sent',
  observe: async ({ api }) => {
    const newsletter = await newNewsletter(api, 'Weekly');
    const created = (await api('POST', `/newsletters/${newsletter}/emails`, { body: { subject: 'Empty', content_html: '' } })).body;
    const email = await newEmail(api, newsletter, { subject: 'Hello', content_html: '<p>Hi</p>' });
    const changed = (await api('PATCH', `/newsletters/${newsletter}/emails/${email}`, { body: { content_html: '<p>Hello</p>' } })).body;
    const emptied = (await api('PATCH', `/newsletters/${newsletter}/emails/${email}`, { body: { content_html: '' } })).body;
    const read = (await api('GET', `/newsletters/${newsletter}/emails/${email}`)).body;
    return { created: created.content_html, changed: changed.content_html, emptied: emptied.content_html, read: read.content_html };
  },
  broken: (seen) => expect(seen).toEqual({ created: '', changed: '<p>Hello</p>', emptied: null, read: null }),
  correct: (seen) => expect(seen).toEqual({ created: '', changed: '<p>Hello</p>', emptied: '', read: '' }),
});

add({
  fault: 'subscriber-dot-atom-enforced',
  what: 'createSubscriber must take an address with dots anywhere in its local part, as the HTML standard allows',
  observe: async ({ api }) => {
    const newsletter = await newNewsletter(api, 'Weekly');
    const answer = async (email: string) => {
      const a = await api('POST', `/newsletters/${newsletter}/subscribers`, { body: { email } });
      return a.status === 200 ? [200, a.body.email === email.toLowerCase()] : outcome(a);
    };
    return {
      inner: await answer('Ada.Lovelace@example.com'),
      doubled: await answer('a..b@example.com'),
      leading: await answer('.ada@example.com'),
      trailing: await answer('ada.@example.com'),
    };
  },
  broken: (seen) => {
    const refused = [422, problemType('validation-failed'), ['email']];
    expect(seen).toEqual({ inner: [200, true], doubled: refused, leading: refused, trailing: refused });
  },
  correct: (seen) => expect(seen).toEqual({ inner: [200, true], doubled: [200, true], leading: [200, true], trailing: [200, true] }),
});

add({
  fault: 'upload-webp-lossless-refused',
  what: 'uploadImage must take a WebP whatever its first chunk (lossless VP8L and extended VP8X as well as lossy VP8)',
  observe: async ({ api }) => ({
    png: await served(api, PNG, 'pixel.png', 'image/png'),
    lossy: await served(api, webp('VP8 '), 'photo.webp', 'image/webp'),
    lossless: await served(api, webp('VP8L'), 'logo.webp', 'image/webp'),
    extended: await served(api, webp('VP8X'), 'alpha.webp', 'image/webp'),
  }),
  broken: (seen) =>
    expect(seen).toEqual({
      png: [201, 200, 'image/png', true],
      lossy: [201, 200, 'image/webp', true],
      lossless: [415, problemType('unsupported-media-type'), []],
      extended: [415, problemType('unsupported-media-type'), []],
    }),
  correct: (seen) =>
    expect(seen).toEqual({
      png: [201, 200, 'image/png', true],
      lossy: [201, 200, 'image/webp', true],
      lossless: [201, 200, 'image/webp', true],
      extended: [201, 200, 'image/webp', true],
    }),
});

add({
  fault: 'image-url-any-case',
  what: "an image URL written with capitals must be a 404 problem, only the upload's URL serving the image",
  observe: async ({ api }) => {
    let url = '';
    // A name with letters among its hex digits (all but certain), so that capitals change it.
    while (!/\/[0-9a-f]*[a-f][0-9a-f]*\.png$/.test(url)) url = (await upload(api, PNG)).body.url as string;
    const get = async (target: string) => {
      const answer = await fetch(target);
      return [answer.status, mediaType(answer.headers)];
    };
    return {
      own: await get(url),
      hexUpper: await get(url.replace(/[0-9a-f]{32}/, (hex) => hex.toUpperCase())),
      extensionUpper: await get(url.replace(/\.png$/, '.PNG')),
      other: await get(url.replace(/[0-9a-f]{32}/, 'A'.repeat(32))),
    };
  },
  broken: (seen) =>
    expect(seen).toEqual({ own: [200, 'image/png'], hexUpper: [200, 'image/png'], extensionUpper: [200, 'image/png'], other: [404, 'application/problem+json'] }),
  correct: (seen) =>
    expect(seen).toEqual({
      own: [200, 'image/png'],
      hexUpper: [404, 'application/problem+json'],
      extensionUpper: [404, 'application/problem+json'],
      other: [404, 'application/problem+json'],
    }),
});

add({
  fault: 'upload-preamble-400',
  what: 'uploadImage must take a multipart body with a preamble before its first boundary, as RFC 2046 allows',
  observe: async ({ api }) => {
    const boundary = 'fortieth-look-boundary';
    const part = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="pixel.png"\r\nContent-Type: image/png\r\n\r\n`, 'latin1'),
      PNG,
      Buffer.from(`\r\n--${boundary}--\r\n`, 'latin1'),
    ]);
    const send = async (body: Buffer) => {
      const answer = await api('POST', '/images/upload', { raw: body, headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` } });
      if (answer.status !== 201) return outcome(answer);
      const image = await fetch(answer.body.url as string);
      return [201, image.status, Buffer.from(await image.arrayBuffer()).equals(PNG)];
    };
    return { plain: await send(part), preamble: await send(Buffer.concat([Buffer.from('This is the preamble of a MIME message.\r\n', 'latin1'), part])) };
  },
  broken: (seen) => expect(seen).toEqual({ plain: [201, 200, true], preamble: [400, problemType('malformed-request'), []] }),
  correct: (seen) => expect(seen).toEqual({ plain: [201, 200, true], preamble: [201, 200, true] }),
});

add({
  fault: 'emails-total-without-failed',
  what: "listEmails' total without a filter must count every email of the newsletter, a failed one too",
  observe: async (s) => {
    const { api } = s;
    const newsletter = await newNewsletter(api, 'Weekly');
    await newEmail(api, newsletter, { subject: 'Draft' });
    const failed = await newEmail(api, newsletter, { subject: 'Failed', content_html: '<p>Hi</p>' });
    // As the delivery worker leaves an email whose delivery failed.
    s.server.db.prepare("UPDATE emails SET status = 'failed', scheduled_at = created_at WHERE id = ?").run(failed);
    const list = async (query: string) => {
      const body = (await api('GET', `/newsletters/${newsletter}/emails${query}`)).body;
      return [body.total, body.result.length];
    };
    return { all: await list(''), failed: await list('?status=failed'), draft: await list('?status=draft') };
  },
  broken: (seen) => expect(seen).toEqual({ all: [1, 2], failed: [1, 1], draft: [1, 1] }),
  correct: (seen) => expect(seen).toEqual({ all: [2, 2], failed: [1, 1], draft: [1, 1] }),
});

add({
  fault: 'subscribers-verified-filter-excludes-suppressed',
  what: 'listSubscribers?verified=true must list and count every verified subscriber, a suppressed one too',
  observe: async (s) => {
    const { api } = s;
    const newsletter = await newNewsletter(api, 'Weekly');
    await subscribe(api, newsletter, 'reader@example.org');
    suppress(s, await subscribe(api, newsletter, 'gone@example.org'));
    const list = async (query: string) => {
      const body = (await api('GET', `/newsletters/${newsletter}/subscribers${query}`)).body;
      return [body.total, body.result.map((subscriber: { email: string }) => subscriber.email)];
    };
    return { all: await list(''), verified: await list('?verified=true'), unverified: await list('?verified=false'), suppressed: await list('?status=suppressed') };
  },
  broken: (seen) =>
    expect(seen).toEqual({
      all: [2, ['gone@example.org', 'reader@example.org']],
      verified: [1, ['reader@example.org']],
      unverified: [0, []],
      suppressed: [1, ['gone@example.org']],
    }),
  correct: (seen) =>
    expect(seen).toEqual({
      all: [2, ['gone@example.org', 'reader@example.org']],
      verified: [2, ['gone@example.org', 'reader@example.org']],
      unverified: [0, []],
      suppressed: [1, ['gone@example.org']],
    }),
});

contrastFaults('the fortieth look', cases);
