/**
 * The faults of server/faults/thirtieth-look.ts really break what they name: each case runs the same
 * requests against the server with the fault and without it, and requires the broken answer from the
 * first and the one the contract requires from the second.
 */
import { expect } from 'vitest';
import { contrastFaults, type FaultContrast } from './fault-contrast.ts';
import { hoursFromNow, newsletterWithReader, PNG, problemType } from './contrast-fixtures.ts';
import type { Api } from './harness.ts';

const cases: FaultContrast<any>[] = [];
const add = <T>(c: FaultContrast<T>) => cases.push(c);

const fields = (body: { errors?: { field: string }[] }) => (body.errors ?? []).map((e) => e.field).sort();
const newNewsletter = async (api: Api, name: string) => (await api('POST', '/newsletters', { body: { name } })).body.id as number;
const newEmail = async (api: Api, newsletter: number, body: Record<string, unknown>) => (await api('POST', `/newsletters/${newsletter}/emails`, { body })).body.id as number;

/** One PNG as `multipart/form-data`, with the Content-Type's boundary parameter written as `parameter`. */
const upload = (api: Api, parameter: string, boundary: string) => {
  const raw = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="pixel.png"\r\nContent-Type: image/png\r\n\r\n`),
    PNG,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return api('POST', '/images/upload', { raw, headers: { 'Content-Type': `multipart/form-data; boundary=${parameter}` } });
};

/** The instant `at` written in local time at an offset of `minutes` east of UTC (negative: west), as RFC 3339 does. */
const withOffset = (at: Date, minutes: number) => {
  const pad = (n: number) => String(n).padStart(2, '0');
  const local = new Date(at.getTime() + minutes * 60_000).toISOString().slice(0, 19);
  return `${local}${minutes < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(minutes) / 60))}:${pad(Math.abs(minutes) % 60)}`;
};

add({
  fault: 'send-null-time-read-as-epoch',
  what: 'sendEmail must send at once for an explicit "scheduled_at": null, as for {}',
  observe: async ({ api }) => {
    const newsletter = await newsletterWithReader(api, 'Weekly');
    const send = async (body: Record<string, unknown>) => {
      const email = await newEmail(api, newsletter, { subject: 'Hello', content_html: '<p>Hello</p>' });
      const answer = await api('POST', `/newsletters/${newsletter}/emails/${email}/send`, { body });
      const read = (await api('GET', `/newsletters/${newsletter}/emails/${email}`)).body;
      return answer.status === 200
        ? [200, ['scheduled', 'sent'].includes(answer.body.status), read.status !== 'draft']
        : [answer.status, fields(answer.body), read.status];
    };
    return { empty: await send({}), later: await send({ scheduled_at: hoursFromNow(2) }), explicitNull: await send({ scheduled_at: null }) };
  },
  broken: (seen) => expect(seen).toEqual({ empty: [200, true, true], later: [200, true, true], explicitNull: [422, ['scheduled_at'], 'draft'] }),
  correct: (seen) => expect(seen).toEqual({ empty: [200, true, true], later: [200, true, true], explicitNull: [200, true, true] }),
});

add({
  fault: 'send-later-negative-offset-minutes-flipped',
  what: 'sendEmail must schedule a time written at -03:30 at that instant in UTC',
  observe: async ({ api }) => {
    const newsletter = await newsletterWithReader(api, 'Weekly');
    const at = new Date(Math.floor((Date.now() + 48 * 3_600_000) / 60_000) * 60_000);
    const scheduleAt = async (minutes: number) => {
      const email = await newEmail(api, newsletter, { subject: `At ${minutes}`, content_html: '<p>Hello</p>' });
      const answer = await api('POST', `/newsletters/${newsletter}/emails/${email}/send`, { body: { scheduled_at: withOffset(at, minutes) } });
      const read = (await api('GET', `/newsletters/${newsletter}/emails/${email}`)).body;
      // Minutes from the instant asked for to the one answered and to the one stored.
      return [answer.status, (Date.parse(answer.body.scheduled_at) - at.getTime()) / 60_000, (Date.parse(read.scheduled_at) - at.getTime()) / 60_000];
    };
    return { utc: await scheduleAt(0), india: await scheduleAt(330), eastern: await scheduleAt(-300), newfoundland: await scheduleAt(-210), marquesas: await scheduleAt(-570) };
  },
  broken: (seen) =>
    expect(seen).toEqual({ utc: [200, 0, 0], india: [200, 0, 0], eastern: [200, 0, 0], newfoundland: [200, -60, -60], marquesas: [200, -60, -60] }),
  correct: (seen) =>
    expect(seen).toEqual({ utc: [200, 0, 0], india: [200, 0, 0], eastern: [200, 0, 0], newfoundland: [200, 0, 0], marquesas: [200, 0, 0] }),
});

add({
  fault: 'send-later-after-2038-wraps',
  what: 'sendEmail must schedule an email for a time after 2038-01-19T03:14:07Z',
  observe: async ({ api }) => {
    const newsletter = await newsletterWithReader(api, 'Weekly');
    const scheduleAt = async (scheduled_at: string) => {
      const email = await newEmail(api, newsletter, { subject: scheduled_at, content_html: '<p>Hello</p>' });
      const answer = await api('POST', `/newsletters/${newsletter}/emails/${email}/send`, { body: { scheduled_at } });
      const read = (await api('GET', `/newsletters/${newsletter}/emails/${email}`)).body;
      return answer.status === 200 ? [200, answer.body.scheduled_at, read.status] : [answer.status, fields(answer.body), read.status];
    };
    return { example: await scheduleAt('2036-12-01T08:00:00+01:00'), edge: await scheduleAt('2038-01-19T03:14:07Z'), after: await scheduleAt('2040-06-01T09:30:00Z') };
  },
  broken: (seen) =>
    expect(seen).toEqual({
      example: [200, '2036-12-01T07:00:00.000Z', 'scheduled'],
      edge: [200, '2038-01-19T03:14:07.000Z', 'scheduled'],
      after: [422, ['scheduled_at'], 'draft'],
    }),
  correct: (seen) =>
    expect(seen).toEqual({
      example: [200, '2036-12-01T07:00:00.000Z', 'scheduled'],
      edge: [200, '2038-01-19T03:14:07.000Z', 'scheduled'],
      after: [200, '2040-06-01T09:30:00.000Z', 'scheduled'],
    }),
});

add({
  fault: 'emails-status-totals-kept-by-create-only',
  what: "listEmails' total under ?status must count only the emails in that status, after a send too",
  observe: async ({ api }) => {
    const newsletter = await newsletterWithReader(api, 'Weekly');
    const first = await newEmail(api, newsletter, { subject: 'First', content_html: '<p>One</p>' });
    await newEmail(api, newsletter, { subject: 'Second', content_html: '<p>Two</p>' });
    const count = async (query: string) => {
      const body = (await api('GET', `/newsletters/${newsletter}/emails${query}`)).body;
      return [body.total, body.result.length];
    };
    const before = [await count(''), await count('?status=draft'), await count('?status=scheduled')];
    await api('POST', `/newsletters/${newsletter}/emails/${first}/send`, { body: { scheduled_at: hoursFromNow(24) } });
    return { before, after: [await count(''), await count('?status=draft'), await count('?status=scheduled')] };
  },
  broken: (seen) => expect(seen).toEqual({ before: [[2, 2], [2, 2], [0, 0]], after: [[2, 2], [2, 1], [0, 1]] }),
  correct: (seen) => expect(seen).toEqual({ before: [[2, 2], [2, 2], [0, 0]], after: [[2, 2], [1, 1], [1, 1]] }),
});

add({
  fault: 'head-emails-length-by-path',
  what: "HEAD of listEmails with a query must announce the Content-Length of that query's GET",
  observe: async ({ api }) => {
    const newsletter = await newNewsletter(api, 'Weekly');
    for (const subject of ['One', 'Two', 'Three']) await newEmail(api, newsletter, { subject, content_html: `<p>${subject}</p>` });
    const path = `/newsletters/${newsletter}/emails`;
    const length = async (method: string, query: string) => {
      const answer = await api(method, `${path}${query}`);
      return [answer.status, Number(answer.headers.get('content-length'))];
    };
    const getAll = await length('GET', '');
    const headAll = await length('HEAD', '');
    const headOne = await length('HEAD', '?size=1');
    const getOne = await length('GET', '?size=1');
    return { sameUrl: headAll[1] === getAll[1], statuses: [headAll[0], headOne[0]], query: headOne[1] === getOne[1], answersUnfiltered: headOne[1] === getAll[1] };
  },
  broken: (seen) => expect(seen).toEqual({ sameUrl: true, statuses: [200, 200], query: false, answersUnfiltered: true }),
  correct: (seen) => expect(seen).toEqual({ sameUrl: true, statuses: [200, 200], query: true, answersUnfiltered: false }),
});

add({
  fault: 'email-update-null-markdown-clears-html',
  what: "updateEmail with content_md null alone must keep the email's content_html",
  observe: async ({ api }) => {
    const newsletter = await newNewsletter(api, 'Weekly');
    const email = await newEmail(api, newsletter, { subject: 'Draft', content_md: 'Hello **there**' });
    const patch = async (body: Record<string, unknown>) => (await api('PATCH', `/newsletters/${newsletter}/emails/${email}`, { body })).body.content_html;
    const subject = await patch({ subject: 'Renamed' });
    const cleared = await patch({ content_md: null });
    const read = (await api('GET', `/newsletters/${newsletter}/emails/${email}`)).body.content_html;
    return { subject, cleared, read };
  },
  broken: (seen) => expect(seen).toEqual({ subject: '<p>Hello <strong>there</strong></p>\n', cleared: null, read: null }),
  correct: (seen) =>
    expect(seen).toEqual({ subject: '<p>Hello <strong>there</strong></p>\n', cleared: '<p>Hello <strong>there</strong></p>\n', read: '<p>Hello <strong>there</strong></p>\n' }),
});

add({
  fault: 'email-create-markdown-soft-breaks',
  what: "createEmail must render a paragraph's soft line break as a line feed, as CommonMark does",
  observe: async ({ api }) => {
    const newsletter = await newNewsletter(api, 'Weekly');
    const create = async (content_md: string) => {
      const created = (await api('POST', `/newsletters/${newsletter}/emails`, { body: { subject: 'Issue', content_md } })).body;
      return [created.content_html, (await api('GET', `/newsletters/${newsletter}/emails/${created.id}`)).body.content_html];
    };
    return { oneLine: await create('Hello **there**'), twoLines: await create('Dear reader,\nwelcome back.'), hard: await create('Signed  \nAda') };
  },
  broken: (seen) =>
    expect(seen).toEqual({
      oneLine: ['<p>Hello <strong>there</strong></p>\n', '<p>Hello <strong>there</strong></p>\n'],
      twoLines: ['<p>Dear reader,<br>\nwelcome back.</p>\n', '<p>Dear reader,<br>\nwelcome back.</p>\n'],
      hard: ['<p>Signed<br>\nAda</p>\n', '<p>Signed<br>\nAda</p>\n'],
    }),
  correct: (seen) =>
    expect(seen).toEqual({
      oneLine: ['<p>Hello <strong>there</strong></p>\n', '<p>Hello <strong>there</strong></p>\n'],
      twoLines: ['<p>Dear reader,\nwelcome back.</p>\n', '<p>Dear reader,\nwelcome back.</p>\n'],
      hard: ['<p>Signed<br>\nAda</p>\n', '<p>Signed<br>\nAda</p>\n'],
    }),
});

add({
  fault: 'email-delete-409-own-title',
  what: "deleteEmail's 409 email-not-draft must carry the title every problem of that type has",
  observe: async ({ api }) => {
    const newsletter = await newsletterWithReader(api, 'Weekly');
    const email = await newEmail(api, newsletter, { subject: 'Later', content_html: '<p>Later</p>' });
    await api('POST', `/newsletters/${newsletter}/emails/${email}/send`, { body: { scheduled_at: hoursFromNow(24) } });
    const problem = async (method: string, body?: unknown) => {
      const answer = await api(method, `/newsletters/${newsletter}/emails/${email}`, body === undefined ? {} : { body });
      return [answer.status, answer.body.type, answer.body.title];
    };
    const draft = await newEmail(api, newsletter, { subject: 'Draft' });
    return {
      update: await problem('PATCH', { subject: 'Changed' }),
      remove: await problem('DELETE'),
      draftDeleted: (await api('DELETE', `/newsletters/${newsletter}/emails/${draft}`)).status,
    };
  },
  broken: (seen) =>
    expect(seen).toEqual({
      update: [409, problemType('email-not-draft'), 'Email is not a draft'],
      remove: [409, problemType('email-not-draft'), 'Email cannot be deleted'],
      draftDeleted: 204,
    }),
  correct: (seen) =>
    expect(seen).toEqual({
      update: [409, problemType('email-not-draft'), 'Email is not a draft'],
      remove: [409, problemType('email-not-draft'), 'Email is not a draft'],
      draftDeleted: 204,
    }),
});

add({
  fault: 'subscriber-address-turkish-lowercase',
  what: 'createSubscriber must store IAN@Example.com as ian@example.com, one subscriber with ian@example.com',
  observe: async ({ api }) => {
    const newsletter = await newNewsletter(api, 'Weekly');
    const subscribe = async (email: string) => (await api('POST', `/newsletters/${newsletter}/subscribers`, { body: { email } })).body;
    const ada = [await subscribe('Ada@Example.com'), await subscribe('ada@example.com')];
    const ian = [await subscribe('IAN@Example.com'), await subscribe('ian@example.com')];
    const list = (await api('GET', `/newsletters/${newsletter}/subscribers`)).body;
    return {
      ada: [ada[0].email, ada[0].id === ada[1].id],
      ian: [ian[0].email, ian[0].id === ian[1].id],
      listed: list.result.map((s: { email: string }) => s.email).sort(),
    };
  },
  broken: (seen) =>
    expect(seen).toEqual({
      ada: ['ada@example.com', true],
      ian: ['\u0131an@example.com', false],
      listed: ['ada@example.com', 'ian@example.com', '\u0131an@example.com'],
    }),
  correct: (seen) => expect(seen).toEqual({ ada: ['ada@example.com', true], ian: ['ian@example.com', true], listed: ['ada@example.com', 'ian@example.com'] }),
});

add({
  fault: 'newsletter-name-slug-suffix-by-count',
  what: 'createNewsletter must give Weekly! a free name_slug after Weekly and Weekly 2',
  observe: async ({ api }) => {
    const create = async (name: string) => {
      const answer = await api('POST', '/newsletters', { body: { name } });
      return [answer.status, answer.status === 201 ? answer.body.name_slug : answer.body.type];
    };
    const noGap = [await create('Daily'), await create('Daily!'), await create('Daily?')];
    const gap = [await create('Weekly'), await create('Weekly 2'), await create('Weekly!')];
    const total = (await api('GET', '/newsletters')).body.total;
    return { noGap, gap, total };
  },
  broken: (seen) =>
    expect(seen).toEqual({
      noGap: [[201, 'daily'], [201, 'daily-1'], [201, 'daily-2']],
      gap: [[201, 'weekly'], [201, 'weekly-2'], [500, problemType('internal-error')]],
      total: 5,
    }),
  correct: (seen) =>
    expect(seen).toEqual({
      noGap: [[201, 'daily'], [201, 'daily-1'], [201, 'daily-2']],
      gap: [[201, 'weekly'], [201, 'weekly-2'], [201, 'weekly-3']],
      total: 6,
    }),
});

add({
  fault: 'image-unknown-token-401',
  what: "an uploaded image's URL must be served to a request carrying an unknown bearer token",
  observe: async ({ api, token, otherToken }) => {
    const url = (await upload(api, 'thirtieth-boundary', 'thirtieth-boundary')).body.url as string;
    const fetchWith = async (authorization?: string) => {
      const response = await fetch(url, authorization ? { headers: { Authorization: authorization } } : {});
      const bytes = Buffer.from(await response.arrayBuffer());
      return [response.status, response.status === 200 ? bytes.equals(PNG) : response.headers.get('www-authenticate') !== null];
    };
    return {
      none: await fetchWith(),
      own: await fetchWith(`Bearer ${token}`),
      other: await fetchWith(`Bearer ${otherToken}`),
      unknown: await fetchWith('Bearer no-such-token-of-any-workspace'),
    };
  },
  broken: (seen) => expect(seen).toEqual({ none: [200, true], own: [200, true], other: [200, true], unknown: [401, true] }),
  correct: (seen) => expect(seen).toEqual({ none: [200, true], own: [200, true], other: [200, true], unknown: [200, true] }),
});

add({
  fault: 'upload-quoted-boundary-400',
  what: 'uploadImage must take an upload whose boundary parameter is quoted',
  observe: async ({ api }) => {
    const result = async (parameter: string, boundary: string) => {
      const answer = await upload(api, parameter, boundary);
      if (answer.status !== 201) return [answer.status, answer.body.type];
      const served = await fetch(answer.body.url as string);
      return [201, served.status, Buffer.from(await served.arrayBuffer()).equals(PNG)];
    };
    return { plain: await result('plain-boundary', 'plain-boundary'), quoted: await result('"quoted-boundary"', 'quoted-boundary') };
  },
  broken: (seen) => expect(seen).toEqual({ plain: [201, 200, true], quoted: [400, problemType('malformed-request')] }),
  correct: (seen) => expect(seen).toEqual({ plain: [201, 200, true], quoted: [201, 200, true] }),
});

contrastFaults('faults of the thirtieth look', cases);
