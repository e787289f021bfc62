/**
 * The faults of server/faults/twenty-third-look.ts really break what they name: each case runs the
 * same requests against the server with the fault and without it, and requires the broken answer from
 * the first and the one the contract requires from the second.
 */
import { expect } from 'vitest';
import { contrastFaults, type FaultContrast } from './fault-contrast.ts';
import { hoursFromNow, ids, newsletterWithReader, pause, PNG } from './contrast-fixtures.ts';
import type { Api } from './harness.ts';

const cases: FaultContrast<any>[] = [];
const add = <T>(c: FaultContrast<T>) => cases.push(c);

const newPage = async (api: Api, name: string) => (await api('POST', '/pages', { body: { name } })).body.id as number;

add({
  fault: 'emails-draft-filter-includes-scheduled',
  what: 'listEmails?status=draft must leave out an email scheduled for later',
  observe: async ({ api }) => {
    const newsletter = await newsletterWithReader(api, 'Weekly');
    const draft = (await api('POST', `/newsletters/${newsletter}/emails`, { body: { subject: 'Kept', content_html: '<p>a</p>' } })).body.id;
    const scheduled = (await api('POST', `/newsletters/${newsletter}/emails`, { body: { subject: 'Later', content_html: '<p>b</p>' } })).body.id;
    const before = await api('GET', `/newsletters/${newsletter}/emails?status=draft`);
    await api('POST', `/newsletters/${newsletter}/emails/${scheduled}/send`, { body: { scheduled_at: hoursFromNow(24) } });
    const after = (await api('GET', `/newsletters/${newsletter}/emails?status=draft`)).body;
    return { before: before.body.total, after: after.total, listed: ids(after).map((id) => (id === draft ? 'draft' : 'scheduled')) };
  },
  broken: (seen) => expect(seen).toEqual({ before: 2, after: 2, listed: ['scheduled', 'draft'] }),
  correct: (seen) => expect(seen).toEqual({ before: 2, after: 1, listed: ['draft'] }),
});

add({
  fault: 'post-update-author-of-any-workspace',
  what: "updatePost must refuse another workspace's author with a 422 naming author_id",
  observe: async (s) => {
    const otherWorkspace = s.server.stores.tokens.workspaceFor(s.otherToken)!;
    const foreign = s.server.services.authors.create(otherWorkspace, { first_name: 'Alan', last_name: 'Turing', email: 'alan@example.com' }).id;
    const page = await newPage(s.api, 'Blog');
    const post = (await s.api('POST', `/pages/${page}/posts`, { body: { title: 'Hello' } })).body.id;
    const own = (await s.api('PATCH', `/pages/${page}/posts/${post}`, { body: { author_id: s.authorId } })).status;
    const other = await s.api('PATCH', `/pages/${page}/posts/${post}`, { body: { author_id: foreign } });
    return { own, other: other.status, fields: (other.body.errors ?? []).map((e: { field: string }) => e.field) };
  },
  broken: (seen) => expect(seen).toEqual({ own: 200, other: 200, fields: [] }),
  correct: (seen) => expect(seen).toEqual({ own: 200, other: 422, fields: ['author_id'] }),
});

add({
  fault: 'newsletter-former-name-slug-held',
  what: 'a new newsletter named as another one was before its rename must get the unsuffixed name_slug',
  observe: async ({ api }) => {
    const first = (await api('POST', '/newsletters', { body: { name: 'Weekly' } })).body;
    await api('PATCH', `/newsletters/${first.id}`, { body: { name: 'Daily' } });
    const second = (await api('POST', '/newsletters', { body: { name: 'Weekly' } })).body;
    return { first: first.name_slug, second: second.name_slug };
  },
  broken: (seen) => expect(seen).toEqual({ first: 'weekly', second: 'weekly-1' }),
  correct: (seen) => expect(seen).toEqual({ first: 'weekly', second: 'weekly' }),
});

add({
  fault: 'author-deactivation-keeps-updated-at',
  what: "an author's deactivation must move updated_at",
  observe: async ({ api, authorId }) => {
    const path = `/authors/${authorId}`;
    const renamed = (await api('PATCH', path, { body: { position: 'Editor' } })).body.updated_at;
    await pause(20);
    const answered = (await api('PATCH', path, { body: { active: false } })).body;
    const read = (await api('GET', path)).body;
    return { active: read.active, answeredLater: answered.updated_at > renamed, readLater: read.updated_at > renamed };
  },
  broken: (seen) => expect(seen).toEqual({ active: false, answeredLater: false, readLater: false }),
  correct: (seen) => expect(seen).toEqual({ active: false, answeredLater: true, readLater: true }),
});

add({
  fault: 'author-description-line-ends-rewritten',
  what: "an author's description must be kept with the CR LF it was written with",
  observe: async ({ api, authorId }) => {
    const path = `/authors/${authorId}`;
    await api('PATCH', path, { body: { long_description: 'First line.\nSecond line.' } });
    const plain = (await api('GET', path)).body.long_description;
    await api('PATCH', path, { body: { long_description: 'First line.\r\nSecond line.' } });
    return { plain, crlf: (await api('GET', path)).body.long_description };
  },
  broken: (seen) => expect(seen).toEqual({ plain: 'First line.\nSecond line.', crlf: 'First line.\nSecond line.' }),
  correct: (seen) => expect(seen).toEqual({ plain: 'First line.\nSecond line.', crlf: 'First line.\r\nSecond line.' }),
});

add({
  fault: 'category-delete-with-posts-500',
  what: "a category a post has must be deleted, leaving the post's category_id null",
  observe: async ({ api }) => {
    const page = await newPage(api, 'Blog');
    const empty = (await api('POST', `/pages/${page}/categories`, { body: { name: 'Empty' } })).body.id;
    const used = (await api('POST', `/pages/${page}/categories`, { body: { name: 'News' } })).body.id;
    const post = (await api('POST', `/pages/${page}/posts`, { body: { title: 'Hello', category_id: used } })).body.id;
    const deletedEmpty = (await api('DELETE', `/pages/${page}/categories/${empty}`)).status;
    const deletedUsed = (await api('DELETE', `/pages/${page}/categories/${used}`)).status;
    return {
      deletedEmpty,
      deletedUsed,
      category: (await api('GET', `/pages/${page}/categories/${used}`)).status,
      postCategory: (await api('GET', `/pages/${page}/posts/${post}`)).body.category_id === used ? 'kept' : 'null',
    };
  },
  broken: (seen) => expect(seen).toEqual({ deletedEmpty: 204, deletedUsed: 500, category: 200, postCategory: 'kept' }),
  correct: (seen) => expect(seen).toEqual({ deletedEmpty: 204, deletedUsed: 204, category: 404, postCategory: 'null' }),
});

add({
  fault: 'subscriber-local-part-over-64-refused',
  what: 'an address of 70 characters before the @ (within the 254 limit) must be accepted',
  observe: async ({ api }) => {
    const newsletter = (await api('POST', '/newsletters', { body: { name: 'Weekly' } })).body.id;
    const short = (await api('POST', `/newsletters/${newsletter}/subscribers`, { body: { email: 'ada@example.com' } })).status;
    const long = await api('POST', `/newsletters/${newsletter}/subscribers`, { body: { email: `${'a'.repeat(70)}@example.com` } });
    return { short, long: long.status, email: long.body.email ?? long.body.errors?.[0]?.field };
  },
  broken: (seen) => expect(seen).toEqual({ short: 200, long: 422, email: 'email' }),
  correct: (seen) => expect(seen).toEqual({ short: 200, long: 200, email: `${'a'.repeat(70)}@example.com` }),
});

add({
  fault: 'email-update-answer-shows-markdown',
  what: "updateEmail's answer must not carry the write-only content_md",
  observe: async ({ api }) => {
    const newsletter = (await api('POST', '/newsletters', { body: { name: 'Weekly' } })).body.id;
    const email = (await api('POST', `/newsletters/${newsletter}/emails`, { body: { subject: 'Hello' } })).body.id;
    const path = `/newsletters/${newsletter}/emails/${email}`;
    const bySubject = (await api('PATCH', path, { body: { subject: 'Hi' } })).body;
    const byMarkdown = await api('PATCH', path, { body: { content_md: '*Hi*' } });
    return { bySubject: 'content_md' in bySubject, byMarkdown: [byMarkdown.status, 'content_md' in byMarkdown.body], html: byMarkdown.body.content_html };
  },
  broken: (seen) => expect(seen).toEqual({ bySubject: false, byMarkdown: [200, true], html: '<p><em>Hi</em></p>\n' }),
  correct: (seen) => expect(seen).toEqual({ bySubject: false, byMarkdown: [200, false], html: '<p><em>Hi</em></p>\n' }),
});

add({
  fault: 'send-malformed-time-named-by-pointer',
  what: "sendEmail's 422 for a scheduled_at that is not a date-time must name scheduled_at",
  observe: async ({ api }) => {
    const newsletter = await newsletterWithReader(api, 'Weekly');
    const email = (await api('POST', `/newsletters/${newsletter}/emails`, { body: { subject: 'Hello', content_html: '<p>a</p>' } })).body.id;
    const path = `/newsletters/${newsletter}/emails/${email}/send`;
    const fields = async (scheduledAt: string) => {
      const answer = await api('POST', path, { body: { scheduled_at: scheduledAt } });
      return [answer.status, ...answer.body.errors.map((e: { field: string }) => e.field)];
    };
    return { past: await fields('2020-01-01T00:00:00Z'), malformed: await fields('next tuesday') };
  },
  broken: (seen) => expect(seen).toEqual({ past: [422, 'scheduled_at'], malformed: [422, '/scheduled_at'] }),
  correct: (seen) => expect(seen).toEqual({ past: [422, 'scheduled_at'], malformed: [422, 'scheduled_at'] }),
});

add({
  fault: 'upload-declared-type-must-match',
  what: 'a PNG must be accepted whatever type its part declares',
  observe: async ({ api }) => {
    const upload = async (type: string) => {
      const data = new FormData();
      data.append('file', new Blob([PNG], { type }), 'pixel.png');
      return (await api('POST', '/images/upload', { raw: data })).status;
    };
    return { png: await upload('image/png'), octets: await upload('application/octet-stream') };
  },
  broken: (seen) => expect(seen).toEqual({ png: 201, octets: 415 }),
  correct: (seen) => expect(seen).toEqual({ png: 201, octets: 201 }),
});

add({
  fault: 'page-404-tells-other-workspace',
  what: "getPage's 404 for another workspace's page must read as the 404 of an id of no page",
  observe: async ({ api, otherToken }) => {
    const theirs = (await api('POST', '/pages', { body: { name: 'Theirs' }, token: otherToken })).body.id;
    const missing = (await api('GET', `/pages/${theirs + 1000}`)).body.detail.replace(String(theirs + 1000), 'N');
    const other = await api('GET', `/pages/${theirs}`);
    return { status: other.status, sameDetail: other.body.detail.replace(String(theirs), 'N') === missing };
  },
  broken: (seen) => expect(seen).toEqual({ status: 404, sameDetail: false }),
  correct: (seen) => expect(seen).toEqual({ status: 404, sameDetail: true }),
});

add({
  fault: 'page-201-exposes-location-only',
  what: "createPage's 201 must expose the rate-limit fields to browser scripts",
  observe: async ({ api }) => {
    const exposed = (headers: Headers) => (headers.get('access-control-expose-headers') ?? '').toLowerCase().includes('ratelimit-policy');
    const created = await api('POST', '/pages', { body: { name: 'Blog' } });
    const taken = await api('POST', '/pages', { body: { name: 'Blog' } });
    const listed = await api('GET', '/pages');
    return { created: [created.status, exposed(created.headers)], taken: [taken.status, exposed(taken.headers)], listed: exposed(listed.headers) };
  },
  broken: (seen) => expect(seen).toEqual({ created: [201, false], taken: [409, true], listed: true }),
  correct: (seen) => expect(seen).toEqual({ created: [201, true], taken: [409, true], listed: true }),
});

contrastFaults('faults of the twenty-third look', cases);
