/**
 * The faults of server/faults/twenty-eighth-look.ts really break what they name: each case runs the
 * same requests against the server with the fault and without it, and requires the broken answer from
 * the first and the one the contract requires from the second.
 */
import { expect } from 'vitest';
import { contrastFaults, type FaultContrast } from './fault-contrast.ts';
import { hoursFromNow, ids, newsletterWithReader, pause, PNG, problemType } from './contrast-fixtures.ts';
import type { Api } from './harness.ts';

const cases: FaultContrast<any>[] = [];
const add = <T>(c: FaultContrast<T>) => cases.push(c);

const fields = (body: { errors?: { field: string }[] }) => (body.errors ?? []).map((e) => e.field).sort();
const newNewsletter = async (api: Api, name: string) => (await api('POST', '/newsletters', { body: { name } })).body.id as number;
const newEmail = async (api: Api, newsletter: number, body: Record<string, unknown>) => (await api('POST', `/newsletters/${newsletter}/emails`, { body })).body.id as number;

/** One PNG as `multipart/form-data`, its part's file name written in UTF-8 as `filename`. */
const uploadNamed = (api: Api, filename: string) => {
  const boundary = 'twenty-eighth-boundary';
  const raw = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`, 'utf8'),
    PNG,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return api('POST', '/images/upload', { raw, headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` } });
};

add({
  fault: 'emails-deep-page-positions-unversioned',
  what: 'walking the emails page by page must visit every email once, deep pages included, after a new email',
  observe: async ({ api, server, token }) => {
    const newsletter = await newNewsletter(api, 'Weekly');
    // The first 265 straight through the service (265 requests take long on a busy machine); the last one by the API.
    const workspace = server.stores.tokens.workspaceFor(token)!;
    for (let i = 0; i < 265; i++) server.services.emails.create(workspace, newsletter, { subject: `Issue ${i}` }, null);
    const walk = async () => {
      const seen: number[] = [];
      for (let page = 1; ; page++) {
        const body = (await api('GET', `/newsletters/${newsletter}/emails?page=${page}&size=10`)).body;
        seen.push(...ids(body));
        if (body.result.length < 10) return [body.total, seen.length, new Set(seen).size];
      }
    };
    const before = await walk();
    await newEmail(api, newsletter, { subject: 'Latest' });
    return { before, after: await walk() };
  },
  broken: (seen) => expect(seen).toEqual({ before: [265, 265, 265], after: [266, 265, 265] }),
  correct: (seen) => expect(seen).toEqual({ before: [265, 265, 265], after: [266, 266, 266] }),
});

add({
  fault: 'email-empty-html-replaced-by-markdown',
  what: 'createEmail must keep an empty content_html sent beside content_md',
  observe: async ({ api }) => {
    const newsletter = await newNewsletter(api, 'Weekly');
    const create = async (body: Record<string, unknown>) => (await api('POST', `/newsletters/${newsletter}/emails`, { body })).body;
    const html = await create({ subject: 'With HTML', content_html: '<p>Kept</p>', content_md: 'Not *this*' });
    const markdown = await create({ subject: 'Markdown', content_md: 'Hello **there**' });
    const empty = await create({ subject: 'Empty HTML', content_html: '', content_md: 'Hello **there**' });
    const read = (await api('GET', `/newsletters/${newsletter}/emails/${empty.id}`)).body.content_html;
    return { html: html.content_html, markdown: markdown.content_html, empty: empty.content_html, read };
  },
  broken: (seen) =>
    expect(seen).toEqual({
      html: '<p>Kept</p>',
      markdown: '<p>Hello <strong>there</strong></p>\n',
      empty: '<p>Hello <strong>there</strong></p>\n',
      read: '<p>Hello <strong>there</strong></p>\n',
    }),
  correct: (seen) => expect(seen).toEqual({ html: '<p>Kept</p>', markdown: '<p>Hello <strong>there</strong></p>\n', empty: '', read: '' }),
});

add({
  fault: 'email-fallback-slug-unsuffixed',
  what: "a newsletter's second email without letters or digits in its subject must get the slug email-1",
  observe: async ({ api }) => {
    const newsletter = await newNewsletter(api, 'Weekly');
    const create = async (subject: string) => {
      const answer = await api('POST', `/newsletters/${newsletter}/emails`, { body: { subject } });
      return [answer.status, answer.status === 201 ? answer.body.slug : answer.body.type];
    };
    const named = await create('Hello');
    const namedAgain = await create('Hello!');
    const first = await create('');
    const second = await create('🎉');
    return { named, namedAgain, first, second };
  },
  broken: (seen) =>
    expect(seen).toEqual({ named: [201, 'hello'], namedAgain: [201, 'hello-1'], first: [201, 'email'], second: [500, problemType('internal-error')] }),
  correct: (seen) => expect(seen).toEqual({ named: [201, 'hello'], namedAgain: [201, 'hello-1'], first: [201, 'email'], second: [201, 'email-1'] }),
});

add({
  fault: 'email-update-markdown-without-gfm',
  what: "updateEmail must render GitHub's tables, strikethrough and autolinks, as createEmail does",
  observe: async ({ api }) => {
    const newsletter = await newNewsletter(api, 'Weekly');
    const markdown = '| a | b |\n|---|---|\n| 1 | 2 |\n\n~~old~~ new, see https://example.org';
    const created = (await api('POST', `/newsletters/${newsletter}/emails`, { body: { subject: 'Created', content_md: markdown } })).body.content_html as string;
    const draft = await newEmail(api, newsletter, { subject: 'Updated', content_md: 'Hi' });
    const patch = async (content_md: string) => (await api('PATCH', `/newsletters/${newsletter}/emails/${draft}`, { body: { content_md } })).body.content_html as string;
    const plain = await patch('Hi *again*');
    const updated = await patch(markdown);
    const read = (await api('GET', `/newsletters/${newsletter}/emails/${draft}`)).body.content_html as string;
    const gfm = (html: string) => [html.includes('<table>'), html.includes('<s>old</s>'), html.includes('<a href="https://example.org">')];
    return { created: gfm(created), plain, updated: gfm(updated), sameAsCreated: updated === created, read: read === updated };
  },
  broken: (seen) =>
    expect(seen).toEqual({ created: [true, true, true], plain: '<p>Hi <em>again</em></p>\n', updated: [false, false, false], sameAsCreated: false, read: true }),
  correct: (seen) =>
    expect(seen).toEqual({ created: [true, true, true], plain: '<p>Hi <em>again</em></p>\n', updated: [true, true, true], sameAsCreated: true, read: true }),
});

add({
  fault: 'email-update-author-before-state',
  what: 'updateEmail must answer a scheduled email 409 email-not-draft, even with an unknown author_id',
  observe: async ({ api, authorId }) => {
    const newsletter = await newsletterWithReader(api, 'Weekly');
    const scheduled = await newEmail(api, newsletter, { subject: 'Later', content_html: '<p>Later</p>' });
    const sent = await api('POST', `/newsletters/${newsletter}/emails/${scheduled}/send`, { body: { scheduled_at: hoursFromNow(24) } });
    const draft = await newEmail(api, newsletter, { subject: 'Draft' });
    const patch = async (id: number, body: Record<string, unknown>) => {
      const answer = await api('PATCH', `/newsletters/${newsletter}/emails/${id}`, { body });
      return [answer.status, answer.status === 422 ? fields(answer.body) : answer.body.type];
    };
    return {
      scheduled: sent.body.status,
      subject: await patch(scheduled, { subject: 'Changed' }),
      knownAuthor: await patch(scheduled, { author_id: authorId }),
      unknownAuthor: await patch(scheduled, { author_id: 999999 }),
      draftUnknownAuthor: await patch(draft, { author_id: 999999 }),
      read: (await api('GET', `/newsletters/${newsletter}/emails/${scheduled}`)).body.status,
    };
  },
  broken: (seen) =>
    expect(seen).toEqual({
      scheduled: 'scheduled',
      subject: [409, problemType('email-not-draft')],
      knownAuthor: [409, problemType('email-not-draft')],
      unknownAuthor: [422, ['author_id']],
      draftUnknownAuthor: [422, ['author_id']],
      read: 'scheduled',
    }),
  correct: (seen) =>
    expect(seen).toEqual({
      scheduled: 'scheduled',
      subject: [409, problemType('email-not-draft')],
      knownAuthor: [409, problemType('email-not-draft')],
      unknownAuthor: [409, problemType('email-not-draft')],
      draftUnknownAuthor: [422, ['author_id']],
      read: 'scheduled',
    }),
});

add({
  fault: 'send-later-lead-time-refused',
  what: 'sendEmail must schedule an email for any time in the future, two minutes ahead included',
  observe: async ({ api }) => {
    const newsletter = await newsletterWithReader(api, 'Weekly');
    const sendAt = async (subject: string, scheduled_at: string) => {
      const email = await newEmail(api, newsletter, { subject, content_html: '<p>Hello</p>' });
      const answer = await api('POST', `/newsletters/${newsletter}/emails/${email}/send`, { body: { scheduled_at } });
      const read = (await api('GET', `/newsletters/${newsletter}/emails/${email}`)).body;
      return answer.status === 200
        ? [200, answer.body.status, answer.body.scheduled_at === scheduled_at, read.status]
        : [answer.status, fields(answer.body), read.status, read.scheduled_at];
    };
    return { hourAhead: await sendAt('Later', hoursFromNow(1)), twoMinutesAhead: await sendAt('Soon', new Date(Date.now() + 2 * 60_000).toISOString()) };
  },
  broken: (seen) => expect(seen).toEqual({ hourAhead: [200, 'scheduled', true, 'scheduled'], twoMinutesAhead: [422, ['scheduled_at'], 'draft', null] }),
  correct: (seen) => expect(seen).toEqual({ hourAhead: [200, 'scheduled', true, 'scheduled'], twoMinutesAhead: [200, 'scheduled', true, 'scheduled'] }),
});

add({
  fault: 'not-sendable-markup-only-content',
  what: 'sendEmail must send an email whose content is an image alone',
  observe: async ({ api }) => {
    const newsletter = await newsletterWithReader(api, 'Weekly');
    const send = async (body: Record<string, unknown>) => {
      const email = await newEmail(api, newsletter, body);
      const answer = await api('POST', `/newsletters/${newsletter}/emails/${email}/send`);
      return answer.status === 200 ? [200] : [answer.status, answer.body.type, fields(answer.body)];
    };
    return {
      text: await send({ subject: 'Text', content_html: '<p>Hello</p>' }),
      blank: await send({ subject: 'Blank', content_html: '  \n ' }),
      image: await send({ subject: 'Banner', content_html: '<img src="https://cdn.example.org/banner.png" alt="">' }),
    };
  },
  broken: (seen) =>
    expect(seen).toEqual({
      text: [200],
      blank: [422, problemType('email-not-sendable'), ['content_html']],
      image: [422, problemType('email-not-sendable'), ['content_html']],
    }),
  correct: (seen) => expect(seen).toEqual({ text: [200], blank: [422, problemType('email-not-sendable'), ['content_html']], image: [200] }),
});

add({
  fault: 'subscriber-delete-touches-newsletter',
  what: "deleteSubscriber must leave its newsletter's updated_at as it was",
  observe: async ({ api }) => {
    const newsletter = (await api('POST', '/newsletters', { body: { name: 'Weekly' } })).body;
    const subscriber = (await api('POST', `/newsletters/${newsletter.id}/subscribers`, { body: { email: 'ada@example.org' } })).body.id;
    await pause(5);
    const afterCreate = (await api('GET', `/newsletters/${newsletter.id}`)).body.updated_at;
    const deleted = (await api('DELETE', `/newsletters/${newsletter.id}/subscribers/${subscriber}`)).status;
    const read = (await api('GET', `/newsletters/${newsletter.id}`)).body.updated_at;
    const listed = ((await api('GET', '/newsletters')).body.result as { id: number; updated_at: string }[]).find((n) => n.id === newsletter.id)!.updated_at;
    return { afterCreate: afterCreate === newsletter.updated_at, deleted, readKept: read === newsletter.updated_at, listedKept: listed === newsletter.updated_at };
  },
  broken: (seen) => expect(seen).toEqual({ afterCreate: true, deleted: 204, readKept: false, listedKept: false }),
  correct: (seen) => expect(seen).toEqual({ afterCreate: true, deleted: 204, readKept: true, listedKept: true }),
});

add({
  fault: 'newsletter-rename-possessive-joined',
  what: "a renamed newsletter's name_slug must make the apostrophe of a possessive a hyphen",
  observe: async ({ api }) => {
    const created = (await api('POST', '/newsletters', { body: { name: "Ada's Notes" } })).body.name_slug;
    const id = await newNewsletter(api, 'Weekly');
    const rename = async (name: string) => (await api('PATCH', `/newsletters/${id}`, { body: { name } })).body.name_slug;
    const plain = await rename('Monthly Digest');
    const possessive = await rename("Ada's Picks");
    const read = (await api('GET', `/newsletters/${id}`)).body.name_slug;
    return { created, plain, possessive, read };
  },
  broken: (seen) => expect(seen).toEqual({ created: 'ada-s-notes', plain: 'monthly-digest', possessive: 'adas-picks', read: 'adas-picks' }),
  correct: (seen) => expect(seen).toEqual({ created: 'ada-s-notes', plain: 'monthly-digest', possessive: 'ada-s-picks', read: 'ada-s-picks' }),
});

add({
  fault: 'newsletter-get-updated-at-from-emails',
  what: "getNewsletter must answer the newsletter's own updated_at, as listNewsletters does",
  observe: async ({ api }) => {
    const newsletter = (await api('POST', '/newsletters', { body: { name: 'Weekly' } })).body;
    const before = (await api('GET', `/newsletters/${newsletter.id}`)).body.updated_at;
    await pause(5);
    await newEmail(api, newsletter.id, { subject: 'Hello' });
    const read = (await api('GET', `/newsletters/${newsletter.id}`)).body.updated_at;
    const listed = ((await api('GET', '/newsletters')).body.result as { id: number; updated_at: string }[]).find((n) => n.id === newsletter.id)!.updated_at;
    return { before: before === newsletter.updated_at, read: read === newsletter.updated_at, listed: listed === newsletter.updated_at };
  },
  broken: (seen) => expect(seen).toEqual({ before: true, read: false, listed: true }),
  correct: (seen) => expect(seen).toEqual({ before: true, read: true, listed: true }),
});

add({
  fault: 'upload-non-latin1-filename-500',
  what: 'uploadImage must take an image whatever its file name, 写真.png included',
  observe: async ({ api }) => {
    const upload = async (filename: string) => {
      const answer = await uploadNamed(api, filename);
      return answer.status === 201 ? [201, (await fetch(answer.body.url)).status] : [answer.status, answer.body.type];
    };
    return { ascii: await upload('pixel.png'), accented: await upload('café.png'), japanese: await upload('写真.png') };
  },
  broken: (seen) => expect(seen).toEqual({ ascii: [201, 200], accented: [201, 200], japanese: [500, problemType('internal-error')] }),
  correct: (seen) => expect(seen).toEqual({ ascii: [201, 200], accented: [201, 200], japanese: [201, 200] }),
});

add({
  fault: 'upload-names-uuid-v7',
  what: "an image's name must not hold the time of its upload",
  observe: async ({ api }) => {
    const before = Date.now();
    const urls = [(await uploadNamed(api, 'a.png')).body.url as string, (await uploadNamed(api, 'b.png')).body.url as string];
    const after = Date.now();
    const timeOf = (url: string) => parseInt(/\/images\/([0-9a-f]{12})[0-9a-f]{20}\.png$/.exec(url)![1]!, 16);
    const served = await Promise.all(urls.map(async (url) => (await fetch(url)).status));
    return { served, distinct: urls[0] !== urls[1], timed: urls.every((url) => timeOf(url) >= before && timeOf(url) <= after) };
  },
  broken: (seen) => expect(seen).toEqual({ served: [200, 200], distinct: true, timed: true }),
  correct: (seen) => expect(seen).toEqual({ served: [200, 200], distinct: true, timed: false }),
});

contrastFaults('faults of the twenty-eighth look', cases);
