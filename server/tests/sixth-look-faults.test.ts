/**
 * The faults of server/faults/sixth-look.ts really break what they name: each case runs the same
 * requests against the server with the fault and without it, and requires the broken answer from the
 * first and the one the contract requires from the second. Each case also makes the first request a
 * test would make and shows it right on both servers, so the fault is one only a second look finds.
 */
import { expect } from 'vitest';
import { contrastFaults, type FaultContrast } from './fault-contrast.ts';
import { newsletterWithReader, anotherAuthor, ids, problemType, hoursFromNow, olderAuthorIds } from './contrast-fixtures.ts';
import { OLDER_AUTHORS } from './harness.ts';

const corsOf = (headers: Headers) => [headers.get('access-control-allow-origin'), headers.get('access-control-expose-headers') !== null];

const cases: FaultContrast<any>[] = [];
const add = <T>(c: FaultContrast<T>) => cases.push(c);

add({
  fault: 'email-update-subject-clears-preview',
  what: 'a PATCH of the preview keeps the subject; a PATCH of the subject alone loses the preview, on the answer and the get',
  observe: async ({ api }) => {
    const newsletter = (await api('POST', '/newsletters', { body: { name: 'Weekly' } })).body.id;
    const email = (await api('POST', `/newsletters/${newsletter}/emails`, { body: { subject: 'Issue 1', preview: 'What is new' } })).body.id;
    const path = `/newsletters/${newsletter}/emails/${email}`;
    const previewChanged = (await api('PATCH', path, { body: { preview: 'What is newer' } })).body;
    const subjectChanged = (await api('PATCH', path, { body: { subject: 'Issue 1, corrected' } })).body;
    const read = (await api('GET', path)).body;
    return {
      previewChanged: [previewChanged.subject, previewChanged.preview],
      subjectChanged: [subjectChanged.subject, subjectChanged.preview],
      read: [read.subject, read.preview],
    };
  },
  broken: (seen) =>
    expect(seen).toEqual({
      previewChanged: ['Issue 1', 'What is newer'],
      subjectChanged: ['Issue 1, corrected', null],
      read: ['Issue 1, corrected', null],
    }),
  correct: (seen) =>
    expect(seen).toEqual({
      previewChanged: ['Issue 1', 'What is newer'],
      subjectChanged: ['Issue 1, corrected', 'What is newer'],
      read: ['Issue 1, corrected', 'What is newer'],
    }),
});

add({
  fault: 'newsletter-recase-own-name-taken',
  what: "renaming to a new name, and to the same name, is accepted; to its own name in capitals is a 409",
  observe: async ({ api }) => {
    const newsletter = (await api('POST', '/newsletters', { body: { name: 'Weekly' } })).body.id;
    const rename = async (name: string) => {
      const answer = await api('PATCH', `/newsletters/${newsletter}`, { body: { name } });
      return [answer.status, answer.status === 200 ? answer.body.name : answer.body.type];
    };
    const fresh = await rename('Weekly news');
    const same = await rename('Weekly news');
    const recased = await rename('WEEKLY NEWS');
    const read = (await api('GET', `/newsletters/${newsletter}`)).body.name;
    return { fresh, same, recased, read };
  },
  broken: (seen) =>
    expect(seen).toEqual({ fresh: [200, 'Weekly news'], same: [200, 'Weekly news'], recased: [409, problemType('name-taken')], read: 'Weekly news' }),
  correct: (seen) => expect(seen).toEqual({ fresh: [200, 'Weekly news'], same: [200, 'Weekly news'], recased: [200, 'WEEKLY NEWS'], read: 'WEEKLY NEWS' }),
});

add({
  fault: 'authors-inactive-total-counts-all',
  what: 'the active list adds up; with one of two authors made inactive, ?active=false lists one and counts two',
  observe: async (s) => {
    const { api, authorId } = s;
    const ada = anotherAuthor(s);
    const before = (await api('GET', '/authors')).body;
    await api('PATCH', `/authors/${ada}`, { body: { active: false } });
    const active = (await api('GET', '/authors')).body;
    const inactive = (await api('GET', '/authors?active=false')).body;
    const pastTheEnd = (await api('GET', '/authors?active=false&page=2&size=1')).body;
    return {
      before: [before.total - OLDER_AUTHORS.length, before.result.length - OLDER_AUTHORS.length],
      active: [active.total - OLDER_AUTHORS.length, ids(active).join() === [authorId, ...olderAuthorIds(s)].join()],
      inactive: [inactive.total, ids(inactive).join() === String(ada)],
      pastTheEnd: [pastTheEnd.total, pastTheEnd.result.length],
    };
  },
  // Counted beside the workspace's older authors (harness.ts), which stay active.
  broken: (seen) => expect(seen).toEqual({ before: [2, 2], active: [1, true], inactive: [2 + OLDER_AUTHORS.length, true], pastTheEnd: [2 + OLDER_AUTHORS.length, 0] }),
  correct: (seen) => expect(seen).toEqual({ before: [2, 2], active: [1, true], inactive: [1, true], pastTheEnd: [1, 0] }),
});

add({
  fault: 'posts-status-and-category-drops-status',
  what: '?status and ?category_id are right alone; together they list the draft of the category too',
  observe: async ({ api }) => {
    const page = (await api('POST', '/pages', { body: { name: 'Blog' } })).body.id;
    const category = (await api('POST', `/pages/${page}/categories`, { body: { name: 'News' } })).body.id;
    const post = async (title: string, body: object) => (await api('POST', `/pages/${page}/posts`, { body: { title, ...body } })).body.id;
    const publishedInCategory = await post('Out now', { category_id: category, status: 'published' });
    const draftInCategory = await post('Coming', { category_id: category });
    const publishedElsewhere = await post('Elsewhere', { status: 'published' });
    const listed = async (query: string) => {
      const body = (await api('GET', `/pages/${page}/posts?${query}`)).body;
      return [body.total, ids(body).sort((a, b) => a - b).join()];
    };
    const join = (...list: number[]) => list.sort((a, b) => a - b).join();
    return {
      byStatus: (await listed('status=published'))[1] === join(publishedInCategory, publishedElsewhere),
      byCategory: (await listed(`category_id=${category}`))[1] === join(publishedInCategory, draftInCategory),
      both: await listed(`status=published&category_id=${category}`),
      expected: { one: join(publishedInCategory), two: join(publishedInCategory, draftInCategory) },
    };
  },
  broken: (seen) => {
    expect([seen.byStatus, seen.byCategory]).toEqual([true, true]);
    expect(seen.both).toEqual([2, seen.expected.two]);
  },
  correct: (seen) => {
    expect([seen.byStatus, seen.byCategory]).toEqual([true, true]);
    expect(seen.both).toEqual([1, seen.expected.one]);
  },
});

add({
  fault: 'post-slug-suffix-inside-cut',
  what: 'a short title twice gets -1 after it; a 100-letter title gets 90 letters, then 88 letters and -1',
  observe: async ({ api }) => {
    const page = (await api('POST', '/pages', { body: { name: 'Blog' } })).body.id;
    const slugOf = async (title: string) => {
      const created = (await api('POST', `/pages/${page}/posts`, { body: { title } })).body;
      const read = (await api('GET', `/pages/${page}/posts/${created.id}`)).body;
      expect(read.slug).toBe(created.slug);
      return created.slug as string;
    };
    const short = [await slugOf('Hello'), await slugOf('Hello')];
    const long = [await slugOf('a'.repeat(100)), await slugOf('a'.repeat(100))];
    return { short, long: long.map((slug) => slug.replace(/^a+/, (letters) => `${letters.length}×a`)) };
  },
  broken: (seen) => expect(seen).toEqual({ short: ['hello', 'hello-1'], long: ['90×a', '88×a-1'] }),
  correct: (seen) => expect(seen).toEqual({ short: ['hello', 'hello-1'], long: ['90×a', '90×a-1'] }),
});

add({
  fault: 'email-slug-unique-per-workspace',
  what: 'a subject twice in one newsletter gets -1; the same subject in another newsletter gets -1 too',
  observe: async ({ api }) => {
    const slugIn = async (newsletter: number) => (await api('POST', `/newsletters/${newsletter}/emails`, { body: { subject: 'Issue 1' } })).body.slug;
    const weekly = (await api('POST', '/newsletters', { body: { name: 'Weekly' } })).body.id;
    const monthly = (await api('POST', '/newsletters', { body: { name: 'Monthly' } })).body.id;
    const sameNewsletter = [await slugIn(weekly), await slugIn(weekly)];
    const otherNewsletter = await slugIn(monthly);
    return { sameNewsletter, otherNewsletter };
  },
  broken: (seen) => expect(seen).toEqual({ sameNewsletter: ['issue-1', 'issue-1-1'], otherNewsletter: 'issue-1-2' }),
  correct: (seen) => expect(seen).toEqual({ sameNewsletter: ['issue-1', 'issue-1-1'], otherNewsletter: 'issue-1' }),
});

add({
  fault: 'head-author-inactive-404',
  what: 'GET and HEAD of an active author are 200; once inactive, GET is still 200 and HEAD 404',
  observe: async ({ api, authorId }) => {
    const status = async (method: string, path: string) => (await api(method, path)).status;
    const active = [await status('GET', `/authors/${authorId}`), await status('HEAD', `/authors/${authorId}`)];
    await api('PATCH', `/authors/${authorId}`, { body: { active: false } });
    const inactive = [await status('GET', `/authors/${authorId}`), await status('HEAD', `/authors/${authorId}`)];
    const missing = [await status('GET', '/authors/999999'), await status('HEAD', '/authors/999999')];
    return { active, inactive, missing };
  },
  broken: (seen) => expect(seen).toEqual({ active: [200, 200], inactive: [200, 404], missing: [404, 404] }),
  correct: (seen) => expect(seen).toEqual({ active: [200, 200], inactive: [200, 200], missing: [404, 404] }),
});

add({
  fault: 'upload-415-without-cors',
  what: "an upload's 201 and 422 carry the CORS fields; its 415 for a text file carries neither",
  observe: async ({ api }) => {
    const gif = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
    const upload = async (name: string, bytes: Buffer | null, type: string) => {
      const data = new FormData();
      if (bytes) data.append('file', new Blob([bytes], { type }), name);
      else data.append('note', 'no file');
      const answer = await api('POST', '/images/upload', { raw: data, headers: { Origin: 'https://editor.example' } });
      return [answer.status, ...corsOf(answer.headers)];
    };
    return {
      image: await upload('pixel.gif', gif, 'image/gif'),
      noFile: await upload('', null, ''),
      text: await upload('notes.txt', Buffer.from('not an image'), 'text/plain'),
    };
  },
  broken: (seen) => expect(seen).toEqual({ image: [201, '*', true], noFile: [422, '*', true], text: [415, null, false] }),
  correct: (seen) => expect(seen).toEqual({ image: [201, '*', true], noFile: [422, '*', true], text: [415, '*', true] }),
});

add({
  fault: 'email-delete-any-newsletter',
  what: 'a draft deleted through its own newsletter is gone; one deleted through another newsletter is gone too',
  observe: async ({ api }) => {
    const own = (await api('POST', '/newsletters', { body: { name: 'Own' } })).body.id;
    const other = (await api('POST', '/newsletters', { body: { name: 'Other' } })).body.id;
    const draft = async () => (await api('POST', `/newsletters/${own}/emails`, { body: { subject: 'Issue' } })).body.id;
    const first = await draft();
    const second = await draft();
    const throughOwn = (await api('DELETE', `/newsletters/${own}/emails/${first}`)).status;
    const throughOther = await api('DELETE', `/newsletters/${other}/emails/${second}`);
    const still = (await api('GET', `/newsletters/${own}/emails/${second}`)).status;
    const listed = ids((await api('GET', `/newsletters/${own}/emails`)).body).includes(second);
    return { throughOwn, throughOther: [throughOther.status, throughOther.body?.type ?? null], still, listed };
  },
  broken: (seen) => expect(seen).toEqual({ throughOwn: 204, throughOther: [204, null], still: 404, listed: false }),
  correct: (seen) => expect(seen).toEqual({ throughOwn: 204, throughOther: [404, problemType('not-found')], still: 200, listed: true }),
});

add({
  fault: 'category-update-409-status-422',
  what: "createCategory's 409 for a taken slug says 409; updateCategory's says 422 in its body",
  observe: async ({ api }) => {
    const page = (await api('POST', '/pages', { body: { name: 'Blog' } })).body.id;
    await api('POST', `/pages/${page}/categories`, { body: { name: 'News' } });
    const other = (await api('POST', `/pages/${page}/categories`, { body: { name: 'Events' } })).body.id;
    const created = await api('POST', `/pages/${page}/categories`, { body: { name: 'Latest', slug: 'news' } });
    const updated = await api('PATCH', `/pages/${page}/categories/${other}`, { body: { slug: 'news' } });
    const problem = (answer: typeof created) => [answer.status, answer.body.type, answer.body.status];
    return { created: problem(created), updated: problem(updated) };
  },
  broken: (seen) => expect(seen).toEqual({ created: [409, problemType('slug-taken'), 409], updated: [409, problemType('slug-taken'), 422] }),
  correct: (seen) => expect(seen).toEqual({ created: [409, problemType('slug-taken'), 409], updated: [409, problemType('slug-taken'), 409] }),
});

add({
  fault: 'page-rename-name-slug-suffix-global',
  what: "a page created with a name another workspace uses gets no suffix; renamed to such a name it gets -1",
  observe: async ({ api, otherToken }) => {
    await api('POST', '/pages', { body: { name: 'Travel' }, token: otherToken });
    await api('POST', '/pages', { body: { name: 'Recipes' }, token: otherToken });
    const created = (await api('POST', '/pages', { body: { name: 'Travel' } })).body.name_slug;
    const page = (await api('POST', '/pages', { body: { name: 'Kitchen' } })).body.id;
    const renamed = (await api('PATCH', `/pages/${page}`, { body: { name: 'Recipes' } })).body.name_slug;
    const read = (await api('GET', `/pages/${page}`)).body.name_slug;
    return { created, renamed, read };
  },
  broken: (seen) => expect(seen).toEqual({ created: 'travel', renamed: 'recipes-1', read: 'recipes-1' }),
  correct: (seen) => expect(seen).toEqual({ created: 'travel', renamed: 'recipes', read: 'recipes' }),
});

add({
  fault: 'send-now-keeps-scheduled-time',
  what: 'a send now of a draft is due now; an email scheduled in 2 hours and then sent now keeps the 2 hours',
  observe: async ({ api }) => {
    const newsletter = await newsletterWithReader(api, 'Weekly');
    const email = async () => (await api('POST', `/newsletters/${newsletter}/emails`, { body: { subject: 'Issue', content_html: '<p>Hi</p>' } })).body.id;
    const in2h = hoursFromNow(2);
    const when = (at: string | null) => (at === in2h ? 'in2h' : at !== null && Math.abs(Date.parse(at) - Date.now()) < 60_000 ? 'now' : at);
    const send = async (id: number, body?: object) => {
      const answer = await api('POST', `/newsletters/${newsletter}/emails/${id}/send`, body ? { body } : {});
      return [answer.status, when(answer.body.scheduled_at)];
    };
    const draft = await email();
    const draftNow = await send(draft);
    const scheduled = await email();
    const later = await send(scheduled, { scheduled_at: in2h });
    const now = await send(scheduled);
    const read = when((await api('GET', `/newsletters/${newsletter}/emails/${scheduled}`)).body.scheduled_at);
    return { draftNow, later, now, read };
  },
  broken: (seen) => expect(seen).toEqual({ draftNow: [200, 'now'], later: [200, 'in2h'], now: [200, 'in2h'], read: 'in2h' }),
  correct: (seen) => expect(seen).toEqual({ draftNow: [200, 'now'], later: [200, 'in2h'], now: [200, 'now'], read: 'now' }),
});

contrastFaults('faults a sixth look shows: a second write, a combined filter, a long or repeated derived name, a HEAD or header of one status, a sibling, another workspace, a second send', cases);
