/**
 * The faults of server/faults/thirty-second-look.ts really break what they name: each case runs the
 * same requests against the server with the fault and without it, and requires the broken answer from
 * the first and the one the contract requires from the second.
 */
import { expect } from 'vitest';
import { contrastFaults, type FaultContrast } from './fault-contrast.ts';
import { hoursFromNow, ids, newsletterWithReader, pause, PNG } from './contrast-fixtures.ts';
import type { Api } from './harness.ts';

const cases: FaultContrast<any>[] = [];
const add = <T>(c: FaultContrast<T>) => cases.push(c);

const fields = (body: { errors?: { field: string }[] }) => (body.errors ?? []).map((e) => e.field).sort();
const newNewsletter = async (api: Api, name: string) => (await api('POST', '/newsletters', { body: { name } })).body.id as number;
const newEmail = async (api: Api, newsletter: number, body: Record<string, unknown>) => (await api('POST', `/newsletters/${newsletter}/emails`, { body })).body.id as number;

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]), Buffer.alloc(64)]);

/** Uploads `bytes` as the file part `name`; the answer's status and url. */
const upload = async (api: Api, bytes: Buffer, name: string, type: string) => {
  const data = new FormData();
  data.append('file', new Blob([bytes], { type }), name);
  const answer = await api('POST', '/images/upload', { raw: data });
  return { status: answer.status, url: answer.body.url as string };
};

/** A GET (or HEAD) of an image's public URL, without a token: status, Content-Type and the bytes. */
const fetchImage = async (url: string, method = 'GET') => {
  const answer = await fetch(url, { method });
  return { status: answer.status, type: answer.headers.get('content-type'), bytes: Buffer.from(await answer.arrayBuffer()) };
};

add({
  fault: 'send-later-lowercase-designators-refused',
  what: 'sendEmail must schedule a scheduled_at written with a lowercase t and z, as RFC 3339 allows',
  observe: async ({ api }) => {
    const newsletter = await newsletterWithReader(api, 'Weekly');
    const scheduleAt = async (scheduled_at: string) => {
      const email = await newEmail(api, newsletter, { subject: scheduled_at, content_html: '<p>Hello</p>' });
      const answer = await api('POST', `/newsletters/${newsletter}/emails/${email}/send`, { body: { scheduled_at } });
      const read = (await api('GET', `/newsletters/${newsletter}/emails/${email}`)).body;
      return answer.status === 200 ? [200, answer.body.scheduled_at, read.status] : [answer.status, fields(answer.body), read.status];
    };
    return { upper: await scheduleAt('2036-12-01T08:00:00Z'), lower: await scheduleAt('2036-12-01t08:00:00z'), lowerOffset: await scheduleAt('2036-12-01t09:00:00+01:00') };
  },
  broken: (seen) =>
    expect(seen).toEqual({
      upper: [200, '2036-12-01T08:00:00.000Z', 'scheduled'],
      lower: [422, ['scheduled_at'], 'draft'],
      lowerOffset: [422, ['scheduled_at'], 'draft'],
    }),
  correct: (seen) =>
    expect(seen).toEqual({
      upper: [200, '2036-12-01T08:00:00.000Z', 'scheduled'],
      lower: [200, '2036-12-01T08:00:00.000Z', 'scheduled'],
      lowerOffset: [200, '2036-12-01T08:00:00.000Z', 'scheduled'],
    }),
});

add({
  fault: 'send-later-short-fraction-as-milliseconds',
  what: 'sendEmail must read a fraction of one or two digits as tenths or hundredths of a second',
  observe: async ({ api }) => {
    const newsletter = await newsletterWithReader(api, 'Weekly');
    const scheduleAt = async (scheduled_at: string) => {
      const email = await newEmail(api, newsletter, { subject: scheduled_at, content_html: '<p>Hello</p>' });
      const answer = await api('POST', `/newsletters/${newsletter}/emails/${email}/send`, { body: { scheduled_at } });
      const read = (await api('GET', `/newsletters/${newsletter}/emails/${email}`)).body;
      return [answer.status, answer.body.scheduled_at, read.scheduled_at];
    };
    return {
      three: await scheduleAt('2036-12-01T08:00:00.500Z'),
      one: await scheduleAt('2036-12-01T08:00:00.5Z'),
      two: await scheduleAt('2036-12-01T09:00:00.25+01:00'),
    };
  },
  broken: (seen) =>
    expect(seen).toEqual({
      three: [200, '2036-12-01T08:00:00.500Z', '2036-12-01T08:00:00.500Z'],
      one: [200, '2036-12-01T08:00:00.005Z', '2036-12-01T08:00:00.005Z'],
      two: [200, '2036-12-01T08:00:00.025Z', '2036-12-01T08:00:00.025Z'],
    }),
  correct: (seen) =>
    expect(seen).toEqual({
      three: [200, '2036-12-01T08:00:00.500Z', '2036-12-01T08:00:00.500Z'],
      one: [200, '2036-12-01T08:00:00.500Z', '2036-12-01T08:00:00.500Z'],
      two: [200, '2036-12-01T08:00:00.250Z', '2036-12-01T08:00:00.250Z'],
    }),
});

add({
  fault: 'subscribers-ordered-by-last-upsert',
  what: 'listSubscribers must keep newest first after an older address is submitted again',
  observe: async ({ api }) => {
    const newsletter = await newNewsletter(api, 'Weekly');
    const subscribe = async (email: string) => (await api('POST', `/newsletters/${newsletter}/subscribers`, { body: { email } })).body;
    const order: Record<string, number> = {};
    for (const name of ['ada', 'grace', 'alan']) {
      order[name] = (await subscribe(`${name}@example.com`)).id;
      await pause(3);
    }
    const list = async () => ids((await api('GET', `/newsletters/${newsletter}/subscribers`)).body);
    const before = await list();
    const again = await subscribe(' ADA@example.com ');
    return { before: before.map((id) => Object.keys(order).find((k) => order[k] === id)), same: again.id === order.ada, after: (await list()).map((id) => Object.keys(order).find((k) => order[k] === id)) };
  },
  broken: (seen) => expect(seen).toEqual({ before: ['alan', 'grace', 'ada'], same: true, after: ['ada', 'alan', 'grace'] }),
  correct: (seen) => expect(seen).toEqual({ before: ['alan', 'grace', 'ada'], same: true, after: ['alan', 'grace', 'ada'] }),
});

add({
  fault: 'email-update-author-other-workspace',
  what: "updateEmail must answer 422 naming author_id for an author of another workspace, and write nothing",
  observe: async (s) => {
    const { api } = s;
    const newsletter = await newNewsletter(api, 'Weekly');
    const email = await newEmail(api, newsletter, { subject: 'Hello' });
    const otherWorkspace = s.server.stores.tokens.workspaceFor(s.otherToken)!;
    const foreign = s.server.stores.authors.list(otherWorkspace, true, { page: 1, size: 10 }).items[0]!.id;
    const own = await api('PATCH', `/newsletters/${newsletter}/emails/${email}`, { body: { author_id: s.authorId } });
    const none = await api('PATCH', `/newsletters/${newsletter}/emails/${email}`, { body: { author_id: 999_999 } });
    const other = await api('PATCH', `/newsletters/${newsletter}/emails/${email}`, { body: { author_id: foreign } });
    const read = (await api('GET', `/newsletters/${newsletter}/emails/${email}`)).body;
    return {
      own: [own.status, own.body.author_id === s.authorId],
      none: [none.status, fields(none.body)],
      other: [other.status, other.status === 200 ? other.body.author_id === foreign : fields(other.body)],
      stored: read.author_id === foreign ? 'foreign' : read.author_id === s.authorId ? 'own' : read.author_id,
    };
  },
  broken: (seen) => expect(seen).toEqual({ own: [200, true], none: [422, ['author_id']], other: [200, true], stored: 'foreign' }),
  correct: (seen) => expect(seen).toEqual({ own: [200, true], none: [422, ['author_id']], other: [422, ['author_id']], stored: 'own' }),
});

add({
  fault: 'upsert-address-like-wildcards',
  what: 'createSubscriber must make a new subscriber for an address with _ or % that differs from one already there',
  observe: async ({ api }) => {
    const newsletter = await newNewsletter(api, 'Weekly');
    const subscribe = async (email: string) => (await api('POST', `/newsletters/${newsletter}/subscribers`, { body: { email } })).body;
    const axb = await subscribe('axb@example.com');
    const plain = await subscribe('Ada@Example.com');
    const underscore = await subscribe('a_b@example.com');
    const percent = await subscribe('%@example.com');
    const list = (await api('GET', `/newsletters/${newsletter}/subscribers`)).body;
    return {
      plain: plain.email,
      underscore: [underscore.id === axb.id, underscore.email],
      percent: [percent.id === axb.id, percent.email],
      total: list.total,
    };
  },
  broken: (seen) =>
    expect(seen).toEqual({ plain: 'ada@example.com', underscore: [true, 'axb@example.com'], percent: [true, 'axb@example.com'], total: 2 }),
  correct: (seen) =>
    expect(seen).toEqual({ plain: 'ada@example.com', underscore: [false, 'a_b@example.com'], percent: [false, '%@example.com'], total: 4 }),
});

add({
  fault: 'image-jpeg-served-as-image-jpg',
  what: 'an uploaded JPEG must be served as image/jpeg, by GET and HEAD',
  observe: async ({ api }) => {
    const png = await upload(api, PNG, 'pixel.png', 'image/png');
    const jpeg = await upload(api, JPEG, 'photo.jpg', 'image/jpeg');
    const get = await fetchImage(jpeg.url);
    const head = await fetchImage(jpeg.url, 'HEAD');
    return { statuses: [png.status, jpeg.status, get.status, head.status], png: (await fetchImage(png.url)).type, get: get.type, head: head.type, same: get.bytes.equals(JPEG) };
  },
  broken: (seen) => expect(seen).toEqual({ statuses: [201, 201, 200, 200], png: 'image/png', get: 'image/jpg', head: 'image/jpg', same: true }),
  correct: (seen) => expect(seen).toEqual({ statuses: [201, 201, 200, 200], png: 'image/png', get: 'image/jpeg', head: 'image/jpeg', same: true }),
});

add({
  fault: 'upload-cut-at-dash-line',
  what: 'an image whose bytes hold CRLF and two hyphens must be served byte for byte',
  observe: async ({ api }) => {
    const plain = await upload(api, PNG, 'pixel.png', 'image/png');
    const dashed = Buffer.concat([PNG, Buffer.from('\r\n--not-the-boundary\r\n'), Buffer.alloc(16, 7)]);
    const tricky = await upload(api, dashed, 'dashed.png', 'image/png');
    const served = await fetchImage(tricky.url);
    return { statuses: [plain.status, tricky.status, served.status], plain: (await fetchImage(plain.url)).bytes.equals(PNG), whole: served.bytes.equals(dashed), length: served.bytes.length };
  },
  broken: (seen) => expect(seen).toEqual({ statuses: [201, 201, 200], plain: true, whole: false, length: PNG.length }),
  correct: (seen) => expect(seen).toEqual({ statuses: [201, 201, 200], plain: true, whole: true, length: PNG.length + 38 }),
});

add({
  fault: 'email-get-inactive-author-null',
  what: "getEmail must keep answering an email's author_id after its author is made inactive",
  observe: async (s) => {
    const { api } = s;
    const newsletter = await newNewsletter(api, 'Weekly');
    const email = await newEmail(api, newsletter, { subject: 'Signed', author_id: s.authorId });
    const read = async () => (await api('GET', `/newsletters/${newsletter}/emails/${email}`)).body.author_id === s.authorId;
    const listed = async () => (await api('GET', `/newsletters/${newsletter}/emails`)).body.result[0].author_id === s.authorId;
    const before = [await read(), await listed()];
    const deactivated = await api('PATCH', `/authors/${s.authorId}`, { body: { active: false } });
    return { before, deactivated: [deactivated.status, deactivated.body.active], after: [await read(), await listed()] };
  },
  broken: (seen) => expect(seen).toEqual({ before: [true, true], deactivated: [200, false], after: [false, true] }),
  correct: (seen) => expect(seen).toEqual({ before: [true, true], deactivated: [200, false], after: [true, true] }),
});

add({
  fault: 'email-create-empty-preview-nulled',
  what: 'createEmail must store and answer an empty preview as sent',
  observe: async ({ api }) => {
    const newsletter = await newNewsletter(api, 'Weekly');
    const create = async (body: Record<string, unknown>) => {
      const answer = await api('POST', `/newsletters/${newsletter}/emails`, { body });
      const read = (await api('GET', `/newsletters/${newsletter}/emails/${answer.body.id}`)).body;
      return [answer.status, answer.body.preview, read.preview];
    };
    return { text: await create({ subject: 'One', preview: 'Read on' }), absent: await create({ subject: 'Two' }), empty: await create({ subject: 'Three', preview: '' }) };
  },
  broken: (seen) => expect(seen).toEqual({ text: [201, 'Read on', 'Read on'], absent: [201, null, null], empty: [201, null, null] }),
  correct: (seen) => expect(seen).toEqual({ text: [201, 'Read on', 'Read on'], absent: [201, null, null], empty: [201, '', ''] }),
});

add({
  fault: 'newsletter-rename-touches-emails',
  what: "updateNewsletter must leave the newsletter's emails as they were, updated_at included",
  observe: async ({ api }) => {
    const newsletter = await newsletterWithReader(api, 'Weekly');
    const draft = await newEmail(api, newsletter, { subject: 'Draft', content_html: '<p>Later</p>' });
    const scheduled = await newEmail(api, newsletter, { subject: 'Scheduled', content_html: '<p>Soon</p>' });
    await api('POST', `/newsletters/${newsletter}/emails/${scheduled}/send`, { body: { scheduled_at: hoursFromNow(24) } });
    const read = async (id: number) => (await api('GET', `/newsletters/${newsletter}/emails/${id}`)).body.updated_at as string;
    const before = [await read(draft), await read(scheduled)];
    await pause(5);
    const empty = await api('PATCH', `/newsletters/${newsletter}`, { body: {} });
    const afterEmpty = [await read(draft), await read(scheduled)];
    const renamed = await api('PATCH', `/newsletters/${newsletter}`, { body: { name: 'Weekly News' } });
    const after = [await read(draft), await read(scheduled)];
    return {
      statuses: [empty.status, renamed.status],
      unchangedByEmpty: afterEmpty.map((t, i) => t === before[i]),
      unchangedByRename: after.map((t, i) => t === before[i]),
      touchedToRename: after.map((t) => t === renamed.body.updated_at),
    };
  },
  broken: (seen) =>
    expect(seen).toEqual({ statuses: [200, 200], unchangedByEmpty: [true, true], unchangedByRename: [false, false], touchedToRename: [true, true] }),
  correct: (seen) =>
    expect(seen).toEqual({ statuses: [200, 200], unchangedByEmpty: [true, true], unchangedByRename: [true, true], touchedToRename: [false, false] }),
});

add({
  fault: 'newsletter-get-name-slug-recomputed',
  what: 'getNewsletter must answer the stored name_slug, its suffix included',
  observe: async ({ api }) => {
    const first = (await api('POST', '/newsletters', { body: { name: 'Weekly' } })).body;
    const second = (await api('POST', '/newsletters', { body: { name: 'Weekly!' } })).body;
    const get = async (id: number) => (await api('GET', `/newsletters/${id}`)).body.name_slug;
    const listed = (await api('GET', '/newsletters')).body.result.map((n: { name_slug: string }) => n.name_slug);
    return { created: [first.name_slug, second.name_slug], read: [await get(first.id), await get(second.id)], listed };
  },
  broken: (seen) => expect(seen).toEqual({ created: ['weekly', 'weekly-1'], read: ['weekly', 'weekly'], listed: ['weekly-1', 'weekly'] }),
  correct: (seen) => expect(seen).toEqual({ created: ['weekly', 'weekly-1'], read: ['weekly', 'weekly-1'], listed: ['weekly-1', 'weekly'] }),
});

add({
  fault: 'emails-list-scheduled-at-null',
  what: "listEmails must show a scheduled email's scheduled_at, as getEmail does",
  observe: async ({ api }) => {
    const newsletter = await newsletterWithReader(api, 'Weekly');
    const draft = await newEmail(api, newsletter, { subject: 'Draft', content_html: '<p>Later</p>' });
    const scheduled = await newEmail(api, newsletter, { subject: 'Scheduled', content_html: '<p>Soon</p>' });
    const at = hoursFromNow(24);
    const sent = await api('POST', `/newsletters/${newsletter}/emails/${scheduled}/send`, { body: { scheduled_at: at } });
    const got = (await api('GET', `/newsletters/${newsletter}/emails/${scheduled}`)).body;
    const list = (await api('GET', `/newsletters/${newsletter}/emails`)).body.result as { id: number; status: string; scheduled_at: string | null }[];
    const item = (id: number) => list.find((e) => e.id === id)!;
    return {
      sent: [sent.status, sent.body.scheduled_at === at, got.scheduled_at === at],
      listed: [item(scheduled).status, item(scheduled).scheduled_at === at ? 'at' : item(scheduled).scheduled_at],
      draft: item(draft).scheduled_at,
    };
  },
  broken: (seen) => expect(seen).toEqual({ sent: [200, true, true], listed: ['scheduled', null], draft: null }),
  correct: (seen) => expect(seen).toEqual({ sent: [200, true, true], listed: ['scheduled', 'at'], draft: null }),
});

contrastFaults('the thirty-second look', cases);
