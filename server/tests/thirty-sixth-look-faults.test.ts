/**
 * The faults of server/faults/thirty-sixth-look.ts really break what they name: each case runs the
 * same requests against the server with the fault and without it, and requires the broken answer from
 * the first and the one the contract requires from the second.
 */
import { expect } from 'vitest';
import { contrastFaults, type FaultContrast } from './fault-contrast.ts';
import { ids, newsletterWithReader, PNG, problemType } from './contrast-fixtures.ts';
import type { Api, TestServer } from './harness.ts';

const cases: FaultContrast<any>[] = [];
const add = <T>(c: FaultContrast<T>) => cases.push(c);

const fields = (body: { errors?: { field: string }[] }) => (body.errors ?? []).map((e) => e.field).sort();
const newNewsletter = async (api: Api, name: string) => (await api('POST', '/newsletters', { body: { name } })).body.id as number;
const newEmail = async (api: Api, newsletter: number, body: Record<string, unknown>) => (await api('POST', `/newsletters/${newsletter}/emails`, { body })).body.id as number;
const subscribe = async (api: Api, newsletter: number, email: string) => (await api('POST', `/newsletters/${newsletter}/subscribers`, { body: { email } })).body.id as number;
const suppress = (s: TestServer, id: number) => s.server.db.prepare("UPDATE subscribers SET status = 'suppressed', active = 0 WHERE id = ?").run(id);
const mediaType = (headers: Headers) => (headers.get('content-type') ?? '').split(';')[0];

/** Uploads `bytes` as the file part `file`; the answer's status, url and problem type and errors. */
const upload = async (api: Api, bytes: Buffer, name = 'pixel.png') => {
  const data = new FormData();
  data.append('file', new Blob([bytes], { type: 'image/png' }), name);
  const answer = await api('POST', '/images/upload', { raw: data });
  return { status: answer.status, url: answer.body.url as string, type: answer.body.type as string | undefined, fields: fields(answer.body) };
};

add({
  fault: 'subscriber-suppressed-reactivated',
  what: 'createSubscriber must answer a suppressed subscriber unchanged, still suppressed',
  observe: async (s) => {
    const { api } = s;
    const newsletter = await newNewsletter(api, 'Weekly');
    const id = await subscribe(api, newsletter, 'gone@example.org');
    suppress(s, id);
    const again = await api('POST', `/newsletters/${newsletter}/subscribers`, { body: { email: ' Gone@Example.org ' } });
    const fresh = await api('POST', `/newsletters/${newsletter}/subscribers`, { body: { email: 'new@example.org' } });
    const listed = (await api('GET', `/newsletters/${newsletter}/subscribers?status=suppressed`)).body.total;
    return { again: [again.status, again.body.id === id, again.body.status, again.body.active], fresh: [fresh.status, fresh.body.status], suppressedListed: listed };
  },
  broken: (seen) => expect(seen).toEqual({ again: [200, true, 'active', true], fresh: [200, 'active'], suppressedListed: 0 }),
  correct: (seen) => expect(seen).toEqual({ again: [200, true, 'suppressed', false], fresh: [200, 'active'], suppressedListed: 1 }),
});

add({
  fault: 'subscriber-address-common-regex',
  what: "createSubscriber must accept every address the HTML standard calls valid (o'neil@example.com, ada@localhost)",
  observe: async ({ api }) => {
    const newsletter = await newNewsletter(api, 'Weekly');
    const answer = async (email: string) => {
      const a = await api('POST', `/newsletters/${newsletter}/subscribers`, { body: { email } });
      return a.status === 200 ? [200, a.body.email] : [a.status, fields(a.body)];
    };
    return {
      plain: await answer('Ada.Lovelace+news@Example.com'),
      apostrophe: await answer("o'neil@example.com"),
      braces: await answer('x{y}@example.com'),
      dotless: await answer('ada@localhost'),
    };
  },
  broken: (seen) =>
    expect(seen).toEqual({ plain: [200, 'ada.lovelace+news@example.com'], apostrophe: [422, ['email']], braces: [422, ['email']], dotless: [422, ['email']] }),
  correct: (seen) =>
    expect(seen).toEqual({
      plain: [200, 'ada.lovelace+news@example.com'],
      apostrophe: [200, "o'neil@example.com"],
      braces: [200, 'x{y}@example.com'],
      dotless: [200, 'ada@localhost'],
    }),
});

add({
  fault: 'subscribers-status-or-verified',
  what: 'listSubscribers with ?status and ?verified must list and count the subscribers that match both',
  observe: async (s) => {
    const { api } = s;
    const newsletter = await newNewsletter(api, 'Weekly');
    const active = await subscribe(api, newsletter, 'active@example.org');
    const pending = await subscribe(api, newsletter, 'pending@example.org');
    const suppressed = await subscribe(api, newsletter, 'suppressed@example.org');
    s.server.db.prepare("UPDATE subscribers SET status = 'pending', verified = 0, active = 0, verified_at = NULL WHERE id = ?").run(pending);
    suppress(s, suppressed);
    const names = new Map([[active, 'active'], [pending, 'pending'], [suppressed, 'suppressed']]);
    const list = async (query: string) => {
      const body = (await api('GET', `/newsletters/${newsletter}/subscribers?${query}`)).body;
      return [body.total, ids(body).map((id) => names.get(id))];
    };
    return {
      status: await list('status=active'),
      verified: await list('verified=false'),
      both: await list('status=active&verified=true'),
      none: await list('status=pending&verified=true'),
    };
  },
  broken: (seen) =>
    expect(seen).toEqual({
      status: [1, ['active']],
      verified: [1, ['pending']],
      both: [2, ['suppressed', 'active']],
      none: [3, ['suppressed', 'pending', 'active']],
    }),
  correct: (seen) => expect(seen).toEqual({ status: [1, ['active']], verified: [1, ['pending']], both: [1, ['active']], none: [0, []] }),
});

add({
  fault: 'subscriber-delete-suppressed-404',
  what: 'deleteSubscriber must delete a suppressed subscriber as any other',
  observe: async (s) => {
    const { api } = s;
    const newsletter = await newNewsletter(api, 'Weekly');
    const active = await subscribe(api, newsletter, 'active@example.org');
    const suppressed = await subscribe(api, newsletter, 'suppressed@example.org');
    suppress(s, suppressed);
    const first = await api('DELETE', `/newsletters/${newsletter}/subscribers/${active}`);
    const second = await api('DELETE', `/newsletters/${newsletter}/subscribers/${suppressed}`);
    const left = (await api('GET', `/newsletters/${newsletter}/subscribers`)).body.total;
    return { active: first.status, suppressed: second.status, left };
  },
  broken: (seen) => expect(seen).toEqual({ active: 204, suppressed: 404, left: 1 }),
  correct: (seen) => expect(seen).toEqual({ active: 204, suppressed: 204, left: 0 }),
});

add({
  fault: 'email-update-failed-accepted',
  what: 'updateEmail must answer a failed email 409 email-not-draft and leave it as it was',
  observe: async (s) => {
    const { api } = s;
    const newsletter = await newNewsletter(api, 'Weekly');
    const draft = await newEmail(api, newsletter, { subject: 'Draft' });
    const failed = await newEmail(api, newsletter, { subject: 'Failed' });
    s.server.stores.emails.update(failed, { status: 'failed' });
    const toDraft = await api('PATCH', `/newsletters/${newsletter}/emails/${draft}`, { body: { subject: 'Draft 2' } });
    const toFailed = await api('PATCH', `/newsletters/${newsletter}/emails/${failed}`, { body: { subject: 'Failed 2', content_md: '*Hi*' } });
    const read = (await api('GET', `/newsletters/${newsletter}/emails/${failed}`)).body;
    return { draft: [toDraft.status, toDraft.body.subject], failed: toFailed.status === 200 ? 200 : [toFailed.status, toFailed.body.type], read: [read.status, read.subject, read.content_html] };
  },
  broken: (seen) => expect(seen).toEqual({ draft: [200, 'Draft 2'], failed: 200, read: ['failed', 'Failed 2', '<p><em>Hi</em></p>\n'] }),
  correct: (seen) => expect(seen).toEqual({ draft: [200, 'Draft 2'], failed: [409, problemType('email-not-draft')], read: ['failed', 'Failed', null] }),
});

add({
  fault: 'send-later-offset-beyond-14-refused',
  what: 'sendEmail must take a scheduled_at with any offset RFC 3339 allows (+15:00, -13:30) and answer it in UTC',
  observe: async ({ api }) => {
    const newsletter = await newsletterWithReader(api, 'Weekly');
    const sendAt = async (scheduled_at: string) => {
      const email = await newEmail(api, newsletter, { subject: 'Hello', content_html: '<p>Hi</p>' });
      const answer = await api('POST', `/newsletters/${newsletter}/emails/${email}/send`, { body: { scheduled_at } });
      return answer.status === 200 ? [200, answer.body.status, answer.body.scheduled_at] : [answer.status, fields(answer.body)];
    };
    return {
      kiribati: await sendAt('2036-12-01T08:00:00+14:00'),
      baker: await sendAt('2036-12-01T08:00:00-12:00'),
      east: await sendAt('2036-12-01T08:00:00+15:00'),
      west: await sendAt('2036-12-01T08:00:00-13:30'),
    };
  },
  broken: (seen) =>
    expect(seen).toEqual({
      kiribati: [200, 'scheduled', '2036-11-30T18:00:00.000Z'],
      baker: [200, 'scheduled', '2036-12-01T20:00:00.000Z'],
      east: [422, ['scheduled_at']],
      west: [422, ['scheduled_at']],
    }),
  correct: (seen) =>
    expect(seen).toEqual({
      kiribati: [200, 'scheduled', '2036-11-30T18:00:00.000Z'],
      baker: [200, 'scheduled', '2036-12-01T20:00:00.000Z'],
      east: [200, 'scheduled', '2036-11-30T17:00:00.000Z'],
      west: [200, 'scheduled', '2036-12-01T21:30:00.000Z'],
    }),
});

add({
  fault: 'email-create-address-autolinks-missing',
  what: "createEmail must render an e-mail address in Markdown as a mailto: link, as GitHub's autolinks and updateEmail do",
  observe: async ({ api }) => {
    const newsletter = await newNewsletter(api, 'Weekly');
    const md = 'Write to ada@example.com or see https://example.com/news.';
    const created = await api('POST', `/newsletters/${newsletter}/emails`, { body: { subject: 'Created', content_md: md } });
    const other = await newEmail(api, newsletter, { subject: 'Updated' });
    const updated = await api('PATCH', `/newsletters/${newsletter}/emails/${other}`, { body: { content_md: md } });
    const read = (await api('GET', `/newsletters/${newsletter}/emails/${created.body.id}`)).body.content_html as string;
    const mailto = (html: string) => html.includes('<a href="mailto:ada@example.com">ada@example.com</a>');
    const url = (html: string) => html.includes('<a href="https://example.com/news">https://example.com/news</a>');
    return { created: [mailto(created.body.content_html), url(created.body.content_html)], read: mailto(read), updated: [mailto(updated.body.content_html), url(updated.body.content_html)] };
  },
  broken: (seen) => expect(seen).toEqual({ created: [false, true], read: false, updated: [true, true] }),
  correct: (seen) => expect(seen).toEqual({ created: [true, true], read: true, updated: [true, true] }),
});

add({
  fault: 'newsletter-get-cached-by-id',
  what: "getNewsletter must answer another workspace's newsletter 404, also after its own workspace has read it",
  observe: async ({ api, otherToken }) => {
    const newsletter = await newNewsletter(api, 'Weekly');
    const before = await api('GET', `/newsletters/${newsletter}`, { token: otherToken });
    const own = await api('GET', `/newsletters/${newsletter}`);
    const after = await api('GET', `/newsletters/${newsletter}`, { token: otherToken });
    return { before: before.status, own: [own.status, own.body.name], after: after.status === 200 ? [200, after.body.name] : [after.status, after.body.type] };
  },
  broken: (seen) => expect(seen).toEqual({ before: 404, own: [200, 'Weekly'], after: [200, 'Weekly'] }),
  correct: (seen) => expect(seen).toEqual({ before: 404, own: [200, 'Weekly'], after: [404, problemType('not-found')] }),
});

add({
  fault: 'newsletter-name-taken-trimmed',
  what: 'createNewsletter must take a name that differs from one in use by spaces at its ends (names are compared by case folding after NFKC alone)',
  observe: async ({ api }) => {
    const answer = async (name: string) => {
      const a = await api('POST', '/newsletters', { body: { name } });
      return a.status === 201 ? [201, a.body.name] : [a.status, a.body.type];
    };
    return { first: await answer('Weekly'), upper: await answer('WEEKLY'), trailing: await answer('Weekly '), leading: await answer(' Weekly') };
  },
  broken: (seen) =>
    expect(seen).toEqual({
      first: [201, 'Weekly'],
      upper: [409, problemType('name-taken')],
      trailing: [409, problemType('name-taken')],
      leading: [409, problemType('name-taken')],
    }),
  correct: (seen) =>
    expect(seen).toEqual({ first: [201, 'Weekly'], upper: [409, problemType('name-taken')], trailing: [201, 'Weekly '], leading: [201, ' Weekly'] }),
});

add({
  fault: 'image-missing-404-plain-text',
  what: 'a GET of an image URL with no file behind it must be a 404 problem document',
  observe: async ({ api }) => {
    const uploaded = await upload(api, PNG);
    const served = await fetch(uploaded.url);
    const missingUrl = uploaded.url.replace(/[0-9a-f]{32}/, '0'.repeat(32));
    const missing = await fetch(missingUrl);
    const text = await missing.text();
    return { served: [served.status, mediaType(served.headers)], missing: [missing.status, mediaType(missing.headers)], problem: /not-found/.test(text) };
  },
  broken: (seen) => expect(seen).toEqual({ served: [200, 'image/png'], missing: [404, 'text/plain'], problem: false }),
  correct: (seen) => expect(seen).toEqual({ served: [200, 'image/png'], missing: [404, 'application/problem+json'], problem: true }),
});

add({
  fault: 'upload-limit-one-byte-over-accepted',
  what: 'uploadImage must accept a file of exactly 10 MiB and refuse one byte more with 413',
  observe: async ({ api }) => {
    const sized = (bytes: number) => Buffer.concat([PNG, Buffer.alloc(bytes - PNG.length)]);
    const exact = await upload(api, sized(10 * 1024 * 1024), 'exact.png');
    const oneOver = await upload(api, sized(10 * 1024 * 1024 + 1), 'one-over.png');
    const twoOver = await upload(api, sized(10 * 1024 * 1024 + 2), 'two-over.png');
    return { exact: exact.status, oneOver: oneOver.status === 413 ? [413, oneOver.type] : oneOver.status, twoOver: [twoOver.status, twoOver.type] };
  },
  broken: (seen) => expect(seen).toEqual({ exact: 201, oneOver: 201, twoOver: [413, problemType('payload-too-large')] }),
  correct: (seen) => expect(seen).toEqual({ exact: 201, oneOver: [413, problemType('payload-too-large')], twoOver: [413, problemType('payload-too-large')] }),
});

add({
  fault: 'upload-empty-file-422',
  what: 'uploadImage must answer an empty file 415, as a file that is not a supported image',
  observe: async ({ api }) => {
    const image = await upload(api, PNG);
    const text = await upload(api, Buffer.from('hello, world'), 'note.png');
    const empty = await upload(api, Buffer.alloc(0), 'empty.png');
    return { image: image.status, text: [text.status, text.type], empty: [empty.status, empty.type, empty.fields] };
  },
  broken: (seen) =>
    expect(seen).toEqual({ image: 201, text: [415, problemType('unsupported-media-type')], empty: [422, problemType('validation-failed'), ['file']] }),
  correct: (seen) =>
    expect(seen).toEqual({ image: 201, text: [415, problemType('unsupported-media-type')], empty: [415, problemType('unsupported-media-type'), []] }),
});

contrastFaults('the thirty-sixth look', cases);
