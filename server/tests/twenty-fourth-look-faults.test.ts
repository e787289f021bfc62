/**
 * The faults of server/faults/twenty-fourth-look.ts really break what they name: each case runs the
 * same requests against the server with the fault and without it, and requires the broken answer from
 * the first and the one the contract requires from the second.
 */
import { expect } from 'vitest';
import { contrastFaults, type FaultContrast } from './fault-contrast.ts';
import { hoursFromNow, ids, newsletterWithReader, pause, problemType, PNG } from './contrast-fixtures.ts';
import { eventually, type Api } from './harness.ts';

const cases: FaultContrast<any>[] = [];
const add = <T>(c: FaultContrast<T>) => cases.push(c);

const newPage = async (api: Api, name: string) => (await api('POST', '/pages', { body: { name } })).body.id as number;
const fields = (body: { errors?: { field: string }[] }) => (body.errors ?? []).map((e) => e.field).sort();

add({
  fault: 'categories-later-page-continues-last-read',
  what: 'page 2 of listCategories must hold the same categories each time it is read',
  observe: async ({ api }) => {
    const page = await newPage(api, 'Blog');
    const made: number[] = [];
    for (const name of ['One', 'Two', 'Three', 'Four', 'Five']) made.push((await api('POST', `/pages/${page}/categories`, { body: { name } })).body.id);
    const read = async (n: number) => ids((await api('GET', `/pages/${page}/categories?size=2&page=${n}`)).body).map((id) => made.indexOf(id) + 1);
    return { first: await read(1), second: await read(2), again: await read(2) };
  },
  broken: (seen) => expect(seen).toEqual({ first: [5, 4], second: [3, 2], again: [1] }),
  correct: (seen) => expect(seen).toEqual({ first: [5, 4], second: [3, 2], again: [3, 2] }),
});

add({
  fault: 'category-update-slug-of-newer-category-500',
  what: "updateCategory to a newer category's slug must be a 409 slug-taken",
  observe: async ({ api }) => {
    const page = await newPage(api, 'Blog');
    const older = (await api('POST', `/pages/${page}/categories`, { body: { name: 'Alpha' } })).body.id;
    const newer = (await api('POST', `/pages/${page}/categories`, { body: { name: 'Beta' } })).body.id;
    const toOlder = await api('PATCH', `/pages/${page}/categories/${newer}`, { body: { slug: 'alpha' } });
    const toNewer = await api('PATCH', `/pages/${page}/categories/${older}`, { body: { slug: 'beta' } });
    const kept = (await api('GET', `/pages/${page}/categories/${older}`)).body.slug;
    return { toOlder: [toOlder.status, toOlder.body.type], toNewer: toNewer.status, kept };
  },
  broken: (seen) => expect(seen).toEqual({ toOlder: [409, problemType('slug-taken')], toNewer: 500, kept: 'alpha' }),
  correct: (seen) => expect(seen).toEqual({ toOlder: [409, problemType('slug-taken')], toNewer: 409, kept: 'alpha' }),
});

add({
  fault: 'page-update-name-and-slug-slug-from-name',
  what: 'updatePage naming a new name and a new slug must keep the explicit slug',
  observe: async ({ api }) => {
    const page = await newPage(api, 'Blog');
    const slugAlone = (await api('PATCH', `/pages/${page}`, { body: { slug: 'Notes' } })).body.slug;
    const both = (await api('PATCH', `/pages/${page}`, { body: { name: 'Journal', slug: 'my-journal' } })).body;
    const read = (await api('GET', `/pages/${page}`)).body;
    return { slugAlone, answered: [both.slug, both.name_slug], read: read.slug };
  },
  broken: (seen) => expect(seen).toEqual({ slugAlone: 'notes', answered: ['journal', 'journal'], read: 'journal' }),
  correct: (seen) => expect(seen).toEqual({ slugAlone: 'notes', answered: ['my-journal', 'journal'], read: 'my-journal' }),
});

add({
  fault: 'page-domain-from-unsuffixed-name-slug',
  what: "a page whose name_slug was suffixed must have a domain that starts with that name_slug",
  observe: async ({ api }) => {
    const label = (page: { domain: string }) => page.domain.split('.')[0]!.replace(/-[a-z0-9]{6}$/, '');
    const first = (await api('POST', '/pages', { body: { name: 'Blog' } })).body;
    const second = (await api('POST', '/pages', { body: { name: 'Blog!' } })).body;
    return { first: [first.name_slug, label(first)], second: [second.name_slug, label(second)] };
  },
  broken: (seen) => expect(seen).toEqual({ first: ['blog', 'blog'], second: ['blog-1', 'blog'] }),
  correct: (seen) => expect(seen).toEqual({ first: ['blog', 'blog'], second: ['blog-1', 'blog-1'] }),
});

add({
  fault: 'email-delete-sent-typed-already-sent',
  what: 'deleteEmail of a sent email must be a 409 of type email-not-draft',
  observe: async ({ api }) => {
    const newsletter = await newsletterWithReader(api, 'Weekly');
    const make = async (subject: string) => (await api('POST', `/newsletters/${newsletter}/emails`, { body: { subject, content_html: '<p>a</p>' } })).body.id as number;
    const scheduled = await make('Later');
    await api('POST', `/newsletters/${newsletter}/emails/${scheduled}/send`, { body: { scheduled_at: hoursFromNow(24) } });
    const sent = await make('Now');
    await api('POST', `/newsletters/${newsletter}/emails/${sent}/send`, { body: {} });
    await eventually(async () => ((await api('GET', `/newsletters/${newsletter}/emails/${sent}`)).body.status === 'sent' ? true : undefined));
    const typeOf = async (id: number) => {
      const answer = await api('DELETE', `/newsletters/${newsletter}/emails/${id}`);
      return [answer.status, answer.body.type];
    };
    return { scheduled: await typeOf(scheduled), sent: await typeOf(sent) };
  },
  broken: (seen) => expect(seen).toEqual({ scheduled: [409, problemType('email-not-draft')], sent: [409, problemType('email-already-sent')] }),
  correct: (seen) => expect(seen).toEqual({ scheduled: [409, problemType('email-not-draft')], sent: [409, problemType('email-not-draft')] }),
});

add({
  fault: 'author-rename-answers-first-formatted-name',
  what: "updateAuthor's answer to a second rename must show the new formatted_name",
  observe: async ({ api, authorId }) => {
    const path = `/authors/${authorId}`;
    const first = (await api('PATCH', path, { body: { first_name: 'Ann' } })).body.formatted_name;
    const second = (await api('PATCH', path, { body: { first_name: 'Beth' } })).body.formatted_name;
    const read = (await api('GET', path)).body.formatted_name;
    return { first, second, read };
  },
  broken: (seen) => expect(seen).toEqual({ first: 'Ann Hopper', second: 'Ann Hopper', read: 'Beth Hopper' }),
  correct: (seen) => expect(seen).toEqual({ first: 'Ann Hopper', second: 'Beth Hopper', read: 'Beth Hopper' }),
});

add({
  fault: 'newsletter-update-other-workspace-written-then-404',
  what: "updateNewsletter of another workspace's newsletter must answer 404 and change nothing",
  observe: async ({ api, otherToken }) => {
    const theirs = (await api('POST', '/newsletters', { body: { name: 'Theirs' }, token: otherToken })).body.id;
    const answer = await api('PATCH', `/newsletters/${theirs}`, { body: { name: 'Taken over' } });
    const read = (await api('GET', `/newsletters/${theirs}`, { token: otherToken })).body.name;
    return { status: answer.status, read };
  },
  broken: (seen) => expect(seen).toEqual({ status: 404, read: 'Taken over' }),
  correct: (seen) => expect(seen).toEqual({ status: 404, read: 'Theirs' }),
});

add({
  fault: 'subscribers-stamped-with-first-import',
  what: 'a subscriber added after another must record a later created_at and verified_at',
  observe: async ({ api }) => {
    const newsletter = (await api('POST', '/newsletters', { body: { name: 'Weekly' } })).body.id;
    const first = (await api('POST', `/newsletters/${newsletter}/subscribers`, { body: { email: 'a@example.org' } })).body;
    await pause(20);
    const second = (await api('POST', `/newsletters/${newsletter}/subscribers`, { body: { email: 'b@example.org' } })).body;
    return { created: second.created_at > first.created_at, verified: second.verified_at > first.verified_at };
  },
  broken: (seen) => expect(seen).toEqual({ created: false, verified: false }),
  correct: (seen) => expect(seen).toEqual({ created: true, verified: true }),
});

add({
  fault: 'upload-415-removes-previous-image',
  what: 'a refused upload must leave the image uploaded before it served',
  observe: async ({ api }) => {
    const upload = async (bytes: Buffer, name: string) => {
      const data = new FormData();
      data.append('file', new Blob([bytes]), name);
      return api('POST', '/images/upload', { raw: data });
    };
    const stored = await upload(PNG, 'pixel.png');
    const before = (await fetch(stored.body.url)).status;
    const refused = (await upload(Buffer.from('not an image at all'), 'notes.txt')).status;
    const after = (await fetch(stored.body.url)).status;
    return { stored: stored.status, before, refused, after };
  },
  broken: (seen) => expect(seen).toEqual({ stored: 201, before: 200, refused: 415, after: 404 }),
  correct: (seen) => expect(seen).toEqual({ stored: 201, before: 200, refused: 415, after: 200 }),
});

add({
  fault: 'emails-422-names-paging-only',
  what: "listEmails' 422 must name every invalid parameter, not only page",
  observe: async ({ api }) => {
    const newsletter = (await api('POST', '/newsletters', { body: { name: 'Weekly' } })).body.id;
    const named = async (query: string) => {
      const answer = await api('GET', `/newsletters/${newsletter}/emails?${query}`);
      return [answer.status, fields(answer.body)];
    };
    return { page: await named('page=0'), status: await named('status=bogus'), both: await named('status=bogus&page=0') };
  },
  broken: (seen) => expect(seen).toEqual({ page: [422, ['query.page']], status: [422, ['query.status']], both: [422, ['query.page']] }),
  correct: (seen) => expect(seen).toEqual({ page: [422, ['query.page']], status: [422, ['query.status']], both: [422, ['query.page', 'query.status']] }),
});

add({
  fault: 'post-update-scheduled-names-scheduled-at',
  what: "updatePost's 422 for status scheduled must name status alone",
  observe: async ({ api }) => {
    const page = await newPage(api, 'Blog');
    const post = (await api('POST', `/pages/${page}/posts`, { body: { title: 'Hello' } })).body.id;
    const named = async (status: string) => {
      const answer = await api('PATCH', `/pages/${page}/posts/${post}`, { body: { status } });
      return [answer.status, fields(answer.body)];
    };
    return { bogus: await named('bogus'), scheduled: await named('scheduled') };
  },
  broken: (seen) => expect(seen).toEqual({ bogus: [422, ['status']], scheduled: [422, ['scheduled_at', 'status']] }),
  correct: (seen) => expect(seen).toEqual({ bogus: [422, ['status']], scheduled: [422, ['status']] }),
});

add({
  fault: 'subscriber-405-allow-lists-get',
  what: "a 405 on a subscriber's path must list only DELETE in Allow",
  observe: async ({ api }) => {
    const newsletter = await newsletterWithReader(api, 'Weekly');
    const subscriber = ids((await api('GET', `/newsletters/${newsletter}/subscribers`)).body)[0];
    const allowOf = async (path: string) => {
      const answer = await api('PUT', path, { body: {} });
      return [answer.status, answer.headers.get('allow')];
    };
    return { newsletter: await allowOf(`/newsletters/${newsletter}`), subscriber: await allowOf(`/newsletters/${newsletter}/subscribers/${subscriber}`) };
  },
  broken: (seen) => expect(seen).toEqual({ newsletter: [405, 'GET, HEAD, PATCH'], subscriber: [405, 'DELETE, GET, HEAD'] }),
  correct: (seen) => expect(seen).toEqual({ newsletter: [405, 'GET, HEAD, PATCH'], subscriber: [405, 'DELETE'] }),
});

contrastFaults('faults of the twenty-fourth look', cases);
