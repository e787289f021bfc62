/**
 * The faults of server/faults/fifteenth-look.ts really break what they name: each case runs the same
 * requests against the server with the fault and without it, and requires the broken answer from the
 * first and the one the contract requires from the second. Each case also makes the first request a
 * test would make and shows it right on both servers, so the fault is one only a second look finds.
 */
import { expect } from 'vitest';
import { contrastFaults, type FaultContrast } from './fault-contrast.ts';
import { hoursFromNow, ids, newsletterWithReader, problemType } from './contrast-fixtures.ts';
import { eventually, type Api } from './harness.ts';

const cases: FaultContrast<any>[] = [];
const add = <T>(c: FaultContrast<T>) => cases.push(c);

/** The requests remaining that a `RateLimit` field reports. */
const remaining = (headers: Headers) => Number(/\br=(\d+)/.exec(headers.get('ratelimit') ?? '')?.[1]);

/** A newsletter with a reader and a draft ready to send; its ids. */
async function sendableDraft(api: Api): Promise<{ newsletter: number; email: number }> {
  const newsletter = await newsletterWithReader(api, 'Weekly');
  const email = (await api('POST', `/newsletters/${newsletter}/emails`, { body: { subject: 'Hi', content_html: '<p>Hi</p>' } })).body.id;
  return { newsletter, email };
}

add({
  fault: 'author-active-with-fields-drops-fields',
  what: 'active alone and position alone are kept; both in one PATCH must both be kept',
  observe: async ({ api, authorId }) => {
    await api('PATCH', `/authors/${authorId}`, { body: { position: 'Editor' } });
    await api('PATCH', `/authors/${authorId}`, { body: { active: false } });
    const answer = (await api('PATCH', `/authors/${authorId}`, { body: { active: true, position: 'Publisher' } })).body;
    const read = (await api('GET', `/authors/${authorId}`)).body;
    return { answered: [answer.active, answer.position], read: [read.active, read.position] };
  },
  broken: (seen) => expect(seen).toEqual({ answered: [true, 'Editor'], read: [true, 'Editor'] }),
  correct: (seen) => expect(seen).toEqual({ answered: [true, 'Publisher'], read: [true, 'Publisher'] }),
});

add({
  fault: 'categories-total-capped-at-100',
  what: 'a few categories are counted right; 101 must be counted 101 on every page',
  observe: async ({ api }) => {
    const page = (await api('POST', '/pages', { body: { name: 'Blog' } })).body.id;
    for (let i = 1; i <= 3; i++) await api('POST', `/pages/${page}/categories`, { body: { name: `Topic ${i}` } });
    const few = (await api('GET', `/pages/${page}/categories`)).body.total;
    for (let i = 4; i <= 101; i++) await api('POST', `/pages/${page}/categories`, { body: { name: `Topic ${i}` } });
    const first = (await api('GET', `/pages/${page}/categories?size=100`)).body;
    const last = (await api('GET', `/pages/${page}/categories?page=2&size=100`)).body;
    return { few, totals: [first.total, last.total], items: first.result.length + last.result.length };
  },
  broken: (seen) => expect(seen).toEqual({ few: 3, totals: [100, 100], items: 101 }),
  correct: (seen) => expect(seen).toEqual({ few: 3, totals: [101, 101], items: 101 }),
});

add({
  fault: 'newsletter-rename-length-in-code-units',
  what: 'a rename to an ASCII name is kept; a rename to 200 emoji (200 characters) must be too',
  observe: async ({ api }) => {
    const id = (await api('POST', '/newsletters', { body: { name: 'Weekly' } })).body.id;
    const ascii = (await api('PATCH', `/newsletters/${id}`, { body: { name: 'Monthly' } })).status;
    const created = (await api('POST', '/newsletters', { body: { name: '😀'.repeat(200) } })).status;
    const renamed = await api('PATCH', `/newsletters/${id}`, { body: { name: '🎉'.repeat(200) } });
    return { ascii, created, renamed: renamed.status };
  },
  broken: (seen) => expect(seen).toEqual({ ascii: 200, created: 201, renamed: 422 }),
  correct: (seen) => expect(seen).toEqual({ ascii: 200, created: 201, renamed: 200 }),
});

add({
  fault: 'post-delete-published-409',
  what: 'a draft is deleted; a published post must be deleted too',
  observe: async ({ api }) => {
    const page = (await api('POST', '/pages', { body: { name: 'Blog' } })).body.id;
    const draft = (await api('POST', `/pages/${page}/posts`, { body: { title: 'Draft' } })).body.id;
    const published = (await api('POST', `/pages/${page}/posts`, { body: { title: 'Out', status: 'published' } })).body.id;
    const draftDeleted = (await api('DELETE', `/pages/${page}/posts/${draft}`)).status;
    const publishedDeleted = (await api('DELETE', `/pages/${page}/posts/${published}`)).status;
    const after = (await api('GET', `/pages/${page}/posts/${published}`)).status;
    return { draftDeleted, publishedDeleted, after };
  },
  broken: (seen) => expect(seen).toEqual({ draftDeleted: 204, publishedDeleted: 409, after: 200 }),
  correct: (seen) => expect(seen).toEqual({ draftDeleted: 204, publishedDeleted: 204, after: 404 }),
});

add({
  fault: 'page-update-slug-taken-unnormalised',
  what: 'a taken slug sent normalised is a 409; sent as My Blog it must be the same 409',
  observe: async ({ api }) => {
    await api('POST', '/pages', { body: { name: 'Blog', slug: 'my-blog' } });
    const other = (await api('POST', '/pages', { body: { name: 'Shop' } })).body.id;
    const plain = await api('PATCH', `/pages/${other}`, { body: { slug: 'my-blog' } });
    const written = await api('PATCH', `/pages/${other}`, { body: { slug: 'My Blog' } });
    const read = (await api('GET', `/pages/${other}`)).body.slug;
    return { plain: [plain.status, plain.body.type], written: written.status, read };
  },
  broken: (seen) => expect(seen).toEqual({ plain: [409, problemType('slug-taken')], written: 500, read: 'shop' }),
  correct: (seen) => expect(seen).toEqual({ plain: [409, problemType('slug-taken')], written: 409, read: 'shop' }),
});

add({
  fault: 'posts-category-filter-original-category',
  what: 'a post is listed under the category it was created in; moved to another, it must be listed there',
  observe: async ({ api }) => {
    const page = (await api('POST', '/pages', { body: { name: 'Blog' } })).body.id;
    const news = (await api('POST', `/pages/${page}/categories`, { body: { name: 'News' } })).body.id;
    const sales = (await api('POST', `/pages/${page}/categories`, { body: { name: 'Sales' } })).body.id;
    const post = (await api('POST', `/pages/${page}/posts`, { body: { title: 'Hello', category_id: news } })).body.id;
    const listed = async (category: number) => {
      const list = (await api('GET', `/pages/${page}/posts?category_id=${category}`)).body;
      return [list.total, ids(list).join()];
    };
    const before = await listed(news);
    await api('PATCH', `/pages/${page}/posts/${post}`, { body: { category_id: sales } });
    return { before, expected: String(post), news: await listed(news), sales: await listed(sales) };
  },
  broken: (seen) => {
    expect(seen.before).toEqual([1, seen.expected]);
    expect({ news: seen.news, sales: seen.sales }).toEqual({ news: [1, seen.expected], sales: [0, ''] });
  },
  correct: (seen) => {
    expect(seen.before).toEqual([1, seen.expected]);
    expect({ news: seen.news, sales: seen.sales }).toEqual({ news: [0, ''], sales: [1, seen.expected] });
  },
});

add({
  fault: 'send-now-stamps-earlier-schedule',
  what: 'a draft sent now reads sent at a past sent_at; a scheduled email sent now must too',
  observe: async ({ api }) => {
    const sentAt = async (newsletter: number, email: number) => {
      const read = await eventually(async () => {
        const body = (await api('GET', `/newsletters/${newsletter}/emails/${email}`)).body;
        return body.status === 'sent' ? body : undefined;
      });
      return Date.parse(read.sent_at) <= Date.now();
    };
    const draft = await sendableDraft(api);
    await api('POST', `/newsletters/${draft.newsletter}/emails/${draft.email}/send`);
    const draftInPast = await sentAt(draft.newsletter, draft.email);
    const later = (await api('POST', `/newsletters/${draft.newsletter}/emails`, { body: { subject: 'Later', content_html: '<p>Later</p>' } })).body.id;
    await api('POST', `/newsletters/${draft.newsletter}/emails/${later}/send`, { body: { scheduled_at: hoursFromNow(24) } });
    await api('POST', `/newsletters/${draft.newsletter}/emails/${later}/send`);
    return { draftInPast, rescheduledInPast: await sentAt(draft.newsletter, later) };
  },
  broken: (seen) => expect(seen).toEqual({ draftInPast: true, rescheduledInPast: false }),
  correct: (seen) => expect(seen).toEqual({ draftInPast: true, rescheduledInPast: true }),
});

add({
  fault: 'subscriber-delete-other-workspace',
  what: 'a subscriber of an id of no newsletter is a 404; one of another workspace\'s newsletter must be too, and stay',
  observe: async ({ api, otherToken }) => {
    const newsletter = (await api('POST', '/newsletters', { body: { name: 'Weekly' } })).body.id;
    const subscriber = (await api('POST', `/newsletters/${newsletter}/subscribers`, { body: { email: 'ada@example.com' } })).body.id;
    const missing = (await api('DELETE', `/newsletters/999999/subscribers/${subscriber}`, { token: otherToken })).status;
    const theirs = (await api('DELETE', `/newsletters/${newsletter}/subscribers/${subscriber}`, { token: otherToken })).status;
    const total = (await api('GET', `/newsletters/${newsletter}/subscribers`)).body.total;
    return { missing, theirs, total };
  },
  broken: (seen) => expect(seen).toEqual({ missing: 404, theirs: 204, total: 0 }),
  correct: (seen) => expect(seen).toEqual({ missing: 404, theirs: 404, total: 1 }),
});

add({
  fault: 'head-category-rate-limit-uncounted',
  what: 'GET of a category counts down one a request; HEAD of it must count down the same',
  observe: async ({ api }) => {
    const page = (await api('POST', '/pages', { body: { name: 'Blog' } })).body.id;
    const category = (await api('POST', `/pages/${page}/categories`, { body: { name: 'News' } })).body.id;
    const path = `/pages/${page}/categories/${category}`;
    const first = remaining((await api('GET', path)).headers);
    const second = remaining((await api('GET', path)).headers);
    const head = await api('HEAD', path);
    const after = remaining((await api('GET', path)).headers);
    return { getStep: first - second, headStep: second - remaining(head.headers), afterStep: remaining(head.headers) - after, head: head.status };
  },
  broken: (seen) => expect(seen).toEqual({ getStep: 1, headStep: 0, afterStep: 2, head: 200 }),
  correct: (seen) => expect(seen).toEqual({ getStep: 1, headStep: 1, afterStep: 1, head: 200 }),
});

add({
  fault: 'email-create-rate-limit-counted-late',
  what: "a refused createEmail counts down one; a created email's 201 must count down one too",
  observe: async ({ api }) => {
    const newsletter = (await api('POST', '/newsletters', { body: { name: 'Weekly' } })).body.id;
    const path = `/newsletters/${newsletter}/emails`;
    const start = remaining((await api('GET', path)).headers);
    const refused = await api('POST', path, { body: {} });
    const created = await api('POST', path, { body: { subject: 'Hi' } });
    return { refused: [refused.status, start - remaining(refused.headers)], created: [created.status, remaining(refused.headers) - remaining(created.headers)] };
  },
  broken: (seen) => expect(seen).toEqual({ refused: [422, 1], created: [201, 0] }),
  correct: (seen) => expect(seen).toEqual({ refused: [422, 1], created: [201, 1] }),
});

add({
  fault: 'post-update-422-count-listed-only',
  what: 'a 422 of two inputs says two; one of 25 inputs must say 25 and that 20 are listed',
  observe: async ({ api }) => {
    const page = (await api('POST', '/pages', { body: { name: 'Blog' } })).body.id;
    const post = (await api('POST', `/pages/${page}/posts`, { body: { title: 'Hello' } })).body.id;
    const patch = async (body: object) => {
      const answer = await api('PATCH', `/pages/${page}/posts/${post}`, { body });
      return [answer.status, answer.body.errors.length, answer.body.detail];
    };
    const unknown = Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`extra_${i}`, i]));
    return { two: await patch({ title: 5, seo_title: 6 }), many: await patch(unknown) };
  },
  broken: (seen) =>
    expect(seen).toEqual({ two: [422, 2, 'The request has 2 invalid inputs.'], many: [422, 20, 'The request has 20 invalid inputs.'] }),
  correct: (seen) =>
    expect(seen).toEqual({ two: [422, 2, 'The request has 2 invalid inputs.'], many: [422, 20, 'The request has 25 invalid inputs; the first 20 are listed.'] }),
});

add({
  fault: 'send-later-answers-request-offset',
  what: 'a time sent in UTC is answered as sent; one sent with +05:30 must be answered in UTC as stored',
  observe: async ({ api }) => {
    const { newsletter, email } = await sendableDraft(api);
    const path = `/newsletters/${newsletter}/emails/${email}`;
    const utc = (await api('POST', `${path}/send`, { body: { scheduled_at: '2030-01-01T06:30:00.000Z' } })).body.scheduled_at;
    const offset = (await api('POST', `${path}/send`, { body: { scheduled_at: '2030-01-02T12:00:00+05:30' } })).body.scheduled_at;
    const read = (await api('GET', path)).body.scheduled_at;
    return { utc, offset, read };
  },
  broken: (seen) => expect(seen).toEqual({ utc: '2030-01-01T06:30:00.000Z', offset: '2030-01-02T12:00:00+05:30', read: '2030-01-02T06:30:00.000Z' }),
  correct: (seen) => expect(seen).toEqual({ utc: '2030-01-01T06:30:00.000Z', offset: '2030-01-02T06:30:00.000Z', read: '2030-01-02T06:30:00.000Z' }),
});

contrastFaults('faults of the fifteenth look', cases);
