/**
 * The faults of server/faults/fifth-look.ts really break what they name: each case runs the same
 * requests against the server with the fault and without it, and requires the broken answer from the
 * first and the one the contract requires from the second. Each case also makes the first request a
 * test would make and shows it right on both servers, so the fault is one only a second look finds.
 */
import { expect } from 'vitest';
import { contrastFaults, type FaultContrast } from './fault-contrast.ts';
import { newsletterWithReader, ids, problemType, hoursFromNow } from './contrast-fixtures.ts';

const fields = (body: { errors?: { field: string }[] }) => (body.errors ?? []).map((error) => error.field).sort();

const cases: FaultContrast<any>[] = [];
const add = <T>(c: FaultContrast<T>) => cases.push(c);

add({
  fault: 'post-head-after-delete-200',
  what: 'HEAD of a post is 200 before its delete; after it GET is 404 and HEAD still 200; a post never made is 404 to both',
  observe: async ({ api }) => {
    const page = (await api('POST', '/pages', { body: { name: 'Blog' } })).body.id;
    const post = (await api('POST', `/pages/${page}/posts`, { body: { title: 'Short-lived' } })).body.id;
    const status = async (method: string, path: string) => (await api(method, path)).status;
    const before = [await status('GET', `/pages/${page}/posts/${post}`), await status('HEAD', `/pages/${page}/posts/${post}`)];
    const deleted = await status('DELETE', `/pages/${page}/posts/${post}`);
    const after = [await status('GET', `/pages/${page}/posts/${post}`), await status('HEAD', `/pages/${page}/posts/${post}`)];
    const neverMade = [await status('GET', `/pages/${page}/posts/999999`), await status('HEAD', `/pages/${page}/posts/999999`)];
    return { before, deleted, after, neverMade };
  },
  broken: (seen) => expect(seen).toEqual({ before: [200, 200], deleted: 204, after: [404, 200], neverMade: [404, 404] }),
  correct: (seen) => expect(seen).toEqual({ before: [200, 200], deleted: 204, after: [404, 404], neverMade: [404, 404] }),
});

add({
  fault: 'author-formatted-name-ignores-last-name',
  what: 'a new first name moves formatted_name; a new last name alone is stored but formatted_name keeps the old one',
  observe: async ({ api, authorId }) => {
    const firstChanged = (await api('PATCH', `/authors/${authorId}`, { body: { first_name: 'Amazing Grace' } })).body.formatted_name;
    const lastChanged = (await api('PATCH', `/authors/${authorId}`, { body: { last_name: 'Murray' } })).body;
    const got = (await api('GET', `/authors/${authorId}`)).body;
    const listed = (await api('GET', '/authors')).body.result.find((author: { id: number }) => author.id === authorId);
    return { firstChanged, answered: [lastChanged.last_name, lastChanged.formatted_name], got: [got.last_name, got.formatted_name], listed: listed.formatted_name };
  },
  broken: (seen) =>
    expect(seen).toEqual({
      firstChanged: 'Amazing Grace Hopper',
      answered: ['Murray', 'Amazing Grace Hopper'],
      got: ['Murray', 'Amazing Grace Hopper'],
      listed: 'Amazing Grace Hopper',
    }),
  correct: (seen) =>
    expect(seen).toEqual({
      firstChanged: 'Amazing Grace Hopper',
      answered: ['Murray', 'Amazing Grace Murray'],
      got: ['Murray', 'Amazing Grace Murray'],
      listed: 'Amazing Grace Murray',
    }),
});

add({
  fault: 'emails-later-pages-overlap',
  what: 'five emails at size 2: page 1 is right, pages 2 and 3 repeat an email, and past the end is not empty',
  observe: async ({ api }) => {
    const newsletter = (await api('POST', '/newsletters', { body: { name: 'Weekly' } })).body.id;
    const made: number[] = [];
    for (const n of [1, 2, 3, 4, 5]) made.push((await api('POST', `/newsletters/${newsletter}/emails`, { body: { subject: `Issue ${n}` } })).body.id);
    const pages: number[][] = [];
    for (const n of [1, 2, 3, 4]) pages.push(ids((await api('GET', `/newsletters/${newsletter}/emails?size=2&page=${n}`)).body));
    const walked = pages.flat();
    const newestFirst = [...made].reverse();
    return { firstPage: pages[0]!.join() === newestFirst.slice(0, 2).join(), walked: walked.length, visited: new Set(walked).size, pastTheEnd: pages[3]!.length };
  },
  broken: (seen) => expect(seen).toEqual({ firstPage: true, walked: 7, visited: 5, pastTheEnd: 1 }),
  correct: (seen) => expect(seen).toEqual({ firstPage: true, walked: 5, visited: 5, pastTheEnd: 0 }),
});

add({
  fault: 'posts-category-filter-oldest-first',
  what: 'the unfiltered list and ?status are newest first; ?category_id lists its posts oldest first',
  observe: async ({ api }) => {
    const page = (await api('POST', '/pages', { body: { name: 'Blog' } })).body.id;
    const category = (await api('POST', `/pages/${page}/categories`, { body: { name: 'News' } })).body.id;
    const inCategory: number[] = [];
    for (const title of ['One', 'Two', 'Three']) inCategory.push((await api('POST', `/pages/${page}/posts`, { body: { title, category_id: category } })).body.id);
    await api('POST', `/pages/${page}/posts`, { body: { title: 'Elsewhere' } });
    const order = (listed: number[]) =>
      listed.join() === [...inCategory].reverse().join() ? 'newest first' : listed.join() === inCategory.join() ? 'oldest first' : listed.join();
    const unfiltered = ids((await api('GET', `/pages/${page}/posts`)).body).filter((id) => inCategory.includes(id));
    const byStatus = ids((await api('GET', `/pages/${page}/posts?status=draft`)).body).filter((id) => inCategory.includes(id));
    const byCategory = ids((await api('GET', `/pages/${page}/posts?category_id=${category}`)).body);
    return { unfiltered: order(unfiltered), byStatus: order(byStatus), byCategory: order(byCategory) };
  },
  broken: (seen) => expect(seen).toEqual({ unfiltered: 'newest first', byStatus: 'newest first', byCategory: 'oldest first' }),
  correct: (seen) => expect(seen).toEqual({ unfiltered: 'newest first', byStatus: 'newest first', byCategory: 'newest first' }),
});

add({
  fault: 'page-domain-label-over-63',
  what: "a short name's domain is right; a name whose slug has 80 characters gets a first label of 70",
  observe: async ({ api }) => {
    const label = (page: { domain: string }) => page.domain.split('.')[0]!;
    const short = (await api('POST', '/pages', { body: { name: 'Short name' } })).body;
    const long = (await api('POST', '/pages', { body: { name: 'A'.repeat(80) } })).body;
    const read = (await api('GET', `/pages/${long.id}`)).body;
    return {
      short: [label(short).length, label(short).startsWith('short-name-')],
      long: [long.name_slug.length, label(long).length, read.domain === long.domain],
    };
  },
  broken: (seen) => expect(seen).toEqual({ short: [17, true], long: [80, 70, true] }),
  correct: (seen) => expect(seen).toEqual({ short: [17, true], long: [80, 63, true] }),
});

add({
  fault: 'category-slug-keeps-accents',
  what: 'an ASCII name and an explicit slug are right; Café Crème derives café-crème, then café-crème-1',
  observe: async ({ api }) => {
    const page = (await api('POST', '/pages', { body: { name: 'Blog' } })).body.id;
    const slugOf = async (body: object) => (await api('POST', `/pages/${page}/categories`, { body })).body.slug;
    const ascii = await slugOf({ name: 'Plain Name' });
    const explicit = await slugOf({ name: 'Summer', slug: 'Été Crème' });
    const accented = [await slugOf({ name: 'Café Crème' }), await slugOf({ name: 'Café Crème' })];
    return { ascii, explicit, accented };
  },
  broken: (seen) => expect(seen).toEqual({ ascii: 'plain-name', explicit: 'ete-creme', accented: ['café-crème', 'café-crème-1'] }),
  correct: (seen) => expect(seen).toEqual({ ascii: 'plain-name', explicit: 'ete-creme', accented: ['cafe-creme', 'cafe-creme-1'] }),
});

add({
  fault: 'send-allow-of-email-path',
  what: "a 405 on the email's path is right; a GET of the send path lists the email path's methods in Allow",
  observe: async ({ api }) => {
    const newsletter = (await api('POST', '/newsletters', { body: { name: 'Weekly' } })).body.id;
    const email = (await api('POST', `/newsletters/${newsletter}/emails`, { body: { subject: 'Issue' } })).body.id;
    const refused = async (method: string, path: string) => {
      const answer = await api(method, path);
      return [answer.status, answer.headers.get('allow'), answer.body.type];
    };
    return {
      emailPath: await refused('POST', `/newsletters/${newsletter}/emails/${email}`),
      sendPath: await refused('GET', `/newsletters/${newsletter}/emails/${email}/send`),
    };
  },
  broken: (seen) =>
    expect(seen).toEqual({
      emailPath: [405, 'GET, HEAD, DELETE, PATCH', problemType('method-not-allowed')],
      sendPath: [405, 'GET, HEAD, DELETE, PATCH', problemType('method-not-allowed')],
    }),
  correct: (seen) =>
    expect(seen).toEqual({
      emailPath: [405, 'GET, HEAD, DELETE, PATCH', problemType('method-not-allowed')],
      sendPath: [405, 'POST', problemType('method-not-allowed')],
    }),
});

add({
  fault: 'newsletter-rename-409-typed-slug-taken',
  what: 'creating a taken name is a 409 name-taken; renaming to it is a 409 typed slug-taken',
  observe: async ({ api }) => {
    await api('POST', '/newsletters', { body: { name: 'Weekly' } });
    const other = (await api('POST', '/newsletters', { body: { name: 'Monthly' } })).body.id;
    const created = await api('POST', '/newsletters', { body: { name: 'WEEKLY' } });
    const renamed = await api('PATCH', `/newsletters/${other}`, { body: { name: 'weekly' } });
    return { created: [created.status, created.body.type], renamed: [renamed.status, renamed.body.type] };
  },
  broken: (seen) => expect(seen).toEqual({ created: [409, problemType('name-taken')], renamed: [409, problemType('slug-taken')] }),
  correct: (seen) => expect(seen).toEqual({ created: [409, problemType('name-taken')], renamed: [409, problemType('name-taken')] }),
});

add({
  fault: 'email-delete-409-through-other-newsletter',
  what: 'a draft deleted through another newsletter is a 404; the same email once scheduled is a 409 there',
  observe: async ({ api }) => {
    const own = await newsletterWithReader(api, 'Own');
    const other = (await api('POST', '/newsletters', { body: { name: 'Other' } })).body.id;
    const email = (await api('POST', `/newsletters/${own}/emails`, { body: { subject: 'Issue', content_html: '<p>Hi</p>' } })).body.id;
    const draftThroughOther = (await api('DELETE', `/newsletters/${other}/emails/${email}`)).status;
    const sent = (await api('POST', `/newsletters/${own}/emails/${email}/send`, { body: { scheduled_at: hoursFromNow(2) } })).body.status;
    const scheduledThroughOther = await api('DELETE', `/newsletters/${other}/emails/${email}`);
    const scheduledThroughOwn = await api('DELETE', `/newsletters/${own}/emails/${email}`);
    const still = (await api('GET', `/newsletters/${own}/emails/${email}`)).body.status;
    return {
      draftThroughOther,
      sent,
      scheduledThroughOther: [scheduledThroughOther.status, scheduledThroughOther.body.type],
      scheduledThroughOwn: [scheduledThroughOwn.status, scheduledThroughOwn.body.type],
      still,
    };
  },
  broken: (seen) =>
    expect(seen).toEqual({
      draftThroughOther: 404,
      sent: 'scheduled',
      scheduledThroughOther: [409, problemType('email-not-draft')],
      scheduledThroughOwn: [409, problemType('email-not-draft')],
      still: 'scheduled',
    }),
  correct: (seen) =>
    expect(seen).toEqual({
      draftThroughOther: 404,
      sent: 'scheduled',
      scheduledThroughOther: [404, problemType('not-found')],
      scheduledThroughOwn: [409, problemType('email-not-draft')],
      still: 'scheduled',
    }),
});

add({
  fault: 'post-update-reference-names-author',
  what: "createPost's 422 for another page's category names category_id; updatePost's also names author_id, never sent",
  observe: async ({ api, authorId }) => {
    const page = (await api('POST', '/pages', { body: { name: 'Blog' } })).body.id;
    const otherPage = (await api('POST', '/pages', { body: { name: 'Other' } })).body.id;
    const foreign = (await api('POST', `/pages/${otherPage}/categories`, { body: { name: 'Elsewhere' } })).body.id;
    const created = await api('POST', `/pages/${page}/posts`, { body: { title: 'Hi', category_id: foreign } });
    const post = (await api('POST', `/pages/${page}/posts`, { body: { title: 'Hi' } })).body.id;
    const updated = await api('PATCH', `/pages/${page}/posts/${post}`, { body: { category_id: foreign } });
    const withAuthor = await api('PATCH', `/pages/${page}/posts/${post}`, { body: { category_id: foreign, author_id: authorId } });
    return {
      created: [created.status, fields(created.body)],
      updated: [updated.status, fields(updated.body), updated.body.detail],
      withAuthor: [withAuthor.status, fields(withAuthor.body)],
    };
  },
  broken: (seen) =>
    expect(seen).toEqual({
      created: [422, ['category_id']],
      updated: [422, ['author_id', 'category_id'], 'The request has 2 invalid inputs.'],
      withAuthor: [422, ['category_id']],
    }),
  correct: (seen) =>
    expect(seen).toEqual({
      created: [422, ['category_id']],
      updated: [422, ['category_id'], 'The request has 1 invalid input.'],
      withAuthor: [422, ['category_id']],
    }),
});

add({
  fault: 'newsletters-total-every-workspace',
  what: "the total is right while only one workspace has newsletters; once another has three, both totals count them all",
  observe: async ({ api, otherToken }) => {
    for (const name of ['Weekly', 'Monthly']) await api('POST', '/newsletters', { body: { name } });
    const alone = (await api('GET', '/newsletters')).body;
    for (const name of ['Daily', 'Weekly', 'Yearly']) await api('POST', '/newsletters', { body: { name }, token: otherToken });
    const own = (await api('GET', '/newsletters')).body;
    const theirs = (await api('GET', '/newsletters', { token: otherToken })).body;
    return { alone: [alone.total, alone.result.length], own: [own.total, own.result.length], theirs: [theirs.total, theirs.result.length] };
  },
  broken: (seen) => expect(seen).toEqual({ alone: [2, 2], own: [5, 2], theirs: [5, 3] }),
  correct: (seen) => expect(seen).toEqual({ alone: [2, 2], own: [2, 2], theirs: [3, 3] }),
});

add({
  fault: 'reschedule-earlier-refused',
  what: 'a schedule in 2 hours, then in 3 hours, is kept; moving it to 1 hour from now is a 422 and keeps 3 hours',
  observe: async ({ api }) => {
    const newsletter = await newsletterWithReader(api, 'Weekly');
    const email = (await api('POST', `/newsletters/${newsletter}/emails`, { body: { subject: 'Issue', content_html: '<p>Hi</p>' } })).body.id;
    const times = { in1h: hoursFromNow(1), in2h: hoursFromNow(2), in3h: hoursFromNow(3) };
    const named = (at: string | null) => (Object.entries(times).find(([, time]) => time === at)?.[0] ?? at);
    const send = async (at: string) => {
      const answer = await api('POST', `/newsletters/${newsletter}/emails/${email}/send`, { body: { scheduled_at: at } });
      return [answer.status, answer.status === 200 ? named(answer.body.scheduled_at) : fields(answer.body)];
    };
    const first = await send(times.in2h);
    const later = await send(times.in3h);
    const earlier = await send(times.in1h);
    const read = (await api('GET', `/newsletters/${newsletter}/emails/${email}`)).body;
    return { first, later, earlier, read: [read.status, named(read.scheduled_at)] };
  },
  broken: (seen) =>
    expect(seen).toEqual({ first: [200, 'in2h'], later: [200, 'in3h'], earlier: [422, ['scheduled_at']], read: ['scheduled', 'in3h'] }),
  correct: (seen) => expect(seen).toEqual({ first: [200, 'in2h'], later: [200, 'in3h'], earlier: [200, 'in1h'], read: ['scheduled', 'in1h'] }),
});

contrastFaults('faults a fifth look shows: a later read, a later page, a longer or accented input, another sibling or workspace, a second send', cases);
