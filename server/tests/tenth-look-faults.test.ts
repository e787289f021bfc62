/**
 * The faults of server/faults/tenth-look.ts really break what they name: each case runs the same
 * requests against the server with the fault and without it, and requires the broken answer from the
 * first and the one the contract requires from the second. Each case also makes the first request a
 * test would make and shows it right on both servers, so the fault is one only a second look finds.
 */
import { expect } from 'vitest';
import { contrastFaults, type FaultContrast } from './fault-contrast.ts';
import { newsletterWithReader, ids, problemType, hoursFromNow } from './contrast-fixtures.ts';

/** A GIF of one pixel. */
const GIF = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');

const corsOf = (headers: Headers) => [headers.get('access-control-allow-origin'), headers.get('access-control-expose-headers') !== null];
const fieldsOf = (body: { errors?: { field: string }[] }) => (body.errors ?? []).map((error) => error.field);

const cases: FaultContrast<any>[] = [];
const add = <T>(c: FaultContrast<T>) => cases.push(c);

add({
  fault: 'subscribers-total-counts-deleted',
  what: 'three subscribers are counted three; after one is deleted the list holds two and still counts three',
  observe: async ({ api }) => {
    const newsletter = (await api('POST', '/newsletters', { body: { name: 'Weekly' } })).body.id;
    const path = `/newsletters/${newsletter}/subscribers`;
    const added = [];
    for (const email of ['a@example.org', 'b@example.org', 'c@example.org']) added.push((await api('POST', path, { body: { email } })).body.id);
    const before = (await api('GET', path)).body;
    expect((await api('DELETE', `${path}/${added[1]}`)).status).toBe(204);
    const after = (await api('GET', path)).body;
    const pastTheEnd = (await api('GET', `${path}?page=3&size=1`)).body;
    return { before: [before.total, before.result.length], after: [after.total, after.result.length], pastTheEnd: [pastTheEnd.total, pastTheEnd.result.length] };
  },
  broken: (seen) => expect(seen).toEqual({ before: [3, 3], after: [3, 2], pastTheEnd: [3, 0] }),
  correct: (seen) => expect(seen).toEqual({ before: [3, 3], after: [2, 2], pastTheEnd: [2, 0] }),
});

add({
  fault: 'emails-later-pages-without-preview',
  what: 'page 1 at any size shows every preview; page 2 at size 1 shows the older email without its preview',
  observe: async ({ api }) => {
    const newsletter = (await api('POST', '/newsletters', { body: { name: 'Weekly' } })).body.id;
    const path = `/newsletters/${newsletter}/emails`;
    await api('POST', path, { body: { subject: 'Issue 1', preview: 'The first one' } });
    await api('POST', path, { body: { subject: 'Issue 2', preview: 'The second one' } });
    const previews = async (query: string) => (await api('GET', `${path}?${query}`)).body.result.map((email: { preview: string | null }) => email.preview);
    return { whole: await previews('size=10'), first: await previews('page=1&size=1'), second: await previews('page=2&size=1') };
  },
  broken: (seen) => expect(seen).toEqual({ whole: ['The second one', 'The first one'], first: ['The second one'], second: [null] }),
  correct: (seen) => expect(seen).toEqual({ whole: ['The second one', 'The first one'], first: ['The second one'], second: ['The first one'] }),
});

add({
  fault: 'page-domain-part-hashed-from-name',
  what: 'a first page has a well-formed domain; a page named as another was before its rename is refused',
  observe: async ({ api }) => {
    const first = await api('POST', '/pages', { body: { name: 'Blog' } });
    const renamed = await api('PATCH', `/pages/${first.body.id}`, { body: { name: 'Old blog' } });
    const again = await api('POST', '/pages', { body: { name: 'Blog' } });
    return {
      first: [first.status, /^blog-[a-z0-9]{6}\./.test(first.body.domain)],
      renamed: [renamed.status, renamed.body.domain === first.body.domain],
      again: again.status === 201 ? [201, again.body.domain !== first.body.domain] : [again.status],
    };
  },
  broken: (seen) => expect(seen).toEqual({ first: [201, true], renamed: [200, true], again: [500] }),
  correct: (seen) => expect(seen).toEqual({ first: [201, true], renamed: [200, true], again: [201, true] }),
});

add({
  fault: 'newsletter-rename-name-slug-without-nfkc',
  what: 'a newsletter created as "Ｔｈｅ ﬁne print" and one renamed to an accented name are right; renamed to "Ｔｈｅ ﬁne print" it gets ne-print',
  observe: async ({ api }) => {
    const created = (await api('POST', '/newsletters', { body: { name: 'Ｔｈｅ ﬁne print' } })).body;
    const other = (await api('POST', '/newsletters', { body: { name: 'Weekly' } })).body.id;
    const accented = (await api('PATCH', `/newsletters/${other}`, { body: { name: 'Café Crème' } })).body.name_slug;
    const renamed = (await api('PATCH', `/newsletters/${other}`, { body: { name: 'Ｔｈｅ ﬁne print, again' } })).body.name_slug;
    const read = (await api('GET', `/newsletters/${other}`)).body.name_slug;
    return { created: created.name_slug, accented, renamed, read };
  },
  broken: (seen) => expect(seen).toEqual({ created: 'the-fine-print', accented: 'cafe-creme', renamed: 'ne-print-again', read: 'ne-print-again' }),
  correct: (seen) => expect(seen).toEqual({ created: 'the-fine-print', accented: 'cafe-creme', renamed: 'the-fine-print-again', read: 'the-fine-print-again' }),
});

add({
  fault: 'head-posts-missing-page-200',
  what: "HEAD of a page's posts is 200 like GET; for a page that is not there HEAD is 200 where GET is 404",
  observe: async ({ api }) => {
    const page = (await api('POST', '/pages', { body: { name: 'Blog' } })).body.id;
    const statuses = async (path: string) => [(await api('GET', path)).status, (await api('HEAD', path)).status];
    return { present: await statuses(`/pages/${page}/posts`), missing: await statuses(`/pages/${page + 1000}/posts`) };
  },
  broken: (seen) => expect(seen).toEqual({ present: [200, 200], missing: [404, 200] }),
  correct: (seen) => expect(seen).toEqual({ present: [200, 200], missing: [404, 404] }),
});

add({
  fault: 'category-get-any-page-once-updated',
  what: 'a category through another page is 404; once it has been updated it is found there',
  observe: async ({ api }) => {
    const page = (await api('POST', '/pages', { body: { name: 'Blog' } })).body.id;
    const other = (await api('POST', '/pages', { body: { name: 'Shop' } })).body.id;
    const category = (await api('POST', `/pages/${page}/categories`, { body: { name: 'News' } })).body.id;
    const fresh = (await api('GET', `/pages/${other}/categories/${category}`)).status;
    await api('PATCH', `/pages/${page}/categories/${category}`, { body: { color: '#112233' } });
    const own = (await api('GET', `/pages/${page}/categories/${category}`)).status;
    const updated = (await api('GET', `/pages/${other}/categories/${category}`)).status;
    return { fresh, own, updated };
  },
  broken: (seen) => expect(seen).toEqual({ fresh: 404, own: 200, updated: 200 }),
  correct: (seen) => expect(seen).toEqual({ fresh: 404, own: 200, updated: 404 }),
});

add({
  fault: 'subscriber-delete-422-names-newsletter-id',
  what: 'an invalid newsletter id is named path.newsletter_id; an invalid subscriber id is named path.newsletter_id too',
  observe: async ({ api }) => {
    const newsletter = (await api('POST', '/newsletters', { body: { name: 'Weekly' } })).body.id;
    const invalid = async (path: string) => {
      const answer = await api('DELETE', path);
      return [answer.status, fieldsOf(answer.body)];
    };
    return {
      newsletter: await invalid('/newsletters/0/subscribers/1'),
      subscriber: await invalid(`/newsletters/${newsletter}/subscribers/0`),
      written: await invalid(`/newsletters/${newsletter}/subscribers/007`),
    };
  },
  broken: (seen) =>
    expect(seen).toEqual({ newsletter: [422, ['path.newsletter_id']], subscriber: [422, ['path.newsletter_id']], written: [422, ['path.newsletter_id']] }),
  correct: (seen) => expect(seen).toEqual({ newsletter: [422, ['path.newsletter_id']], subscriber: [422, ['path.id']], written: [422, ['path.id']] }),
});

add({
  fault: 'author-cors-only-with-origin',
  what: 'getAuthor with an Origin carries the CORS fields, as listAuthors does without one; getAuthor without one carries neither',
  observe: async ({ api, authorId }) => {
    const origin = { Origin: 'https://app.example' };
    return {
      withOrigin: corsOf((await api('GET', `/authors/${authorId}`, { headers: origin })).headers),
      list: corsOf((await api('GET', '/authors')).headers),
      without: corsOf((await api('GET', `/authors/${authorId}`)).headers),
      headWithout: corsOf((await api('HEAD', `/authors/${authorId}`)).headers),
    };
  },
  broken: (seen) => expect(seen).toEqual({ withOrigin: ['*', true], list: ['*', true], without: [null, false], headWithout: [null, false] }),
  correct: (seen) => expect(seen).toEqual({ withOrigin: ['*', true], list: ['*', true], without: ['*', true], headWithout: ['*', true] }),
});

add({
  fault: 'not-sendable-keeps-requested-time',
  what: 'a send now of an email without content is refused and changes nothing; a refused send for later leaves its time on the draft',
  observe: async ({ api }) => {
    const newsletter = await newsletterWithReader(api, 'Weekly');
    const email = (await api('POST', `/newsletters/${newsletter}/emails`, { body: { subject: 'Issue 1' } })).body.id;
    const path = `/newsletters/${newsletter}/emails/${email}`;
    const refusedNow = await api('POST', `${path}/send`);
    const afterNow = (await api('GET', path)).body;
    const refusedLater = await api('POST', `${path}/send`, { body: { scheduled_at: hoursFromNow(2) } });
    const afterLater = (await api('GET', path)).body;
    return {
      refused: [refusedNow.body.type, fieldsOf(refusedNow.body), refusedLater.body.type, fieldsOf(refusedLater.body)],
      afterNow: [afterNow.status, afterNow.scheduled_at],
      afterLater: [afterLater.status, afterLater.scheduled_at === null],
    };
  },
  broken: (seen) =>
    expect(seen).toEqual({
      refused: [problemType('email-not-sendable'), ['content_html'], problemType('email-not-sendable'), ['content_html']],
      afterNow: ['draft', null],
      afterLater: ['draft', false],
    }),
  correct: (seen) =>
    expect(seen).toEqual({
      refused: [problemType('email-not-sendable'), ['content_html'], problemType('email-not-sendable'), ['content_html']],
      afterNow: ['draft', null],
      afterLater: ['draft', true],
    }),
});

add({
  fault: 'post-markdown-rendered-only-into-empty',
  what: "a post's first Markdown is rendered, on creation and on update; new Markdown for a post with content is not",
  observe: async ({ api }) => {
    const page = (await api('POST', '/pages', { body: { name: 'Blog' } })).body.id;
    const created = (await api('POST', `/pages/${page}/posts`, { body: { title: 'Hello', content_md: '# One' } })).body;
    const empty = (await api('POST', `/pages/${page}/posts`, { body: { title: 'Empty' } })).body.id;
    const filled = (await api('PATCH', `/pages/${page}/posts/${empty}`, { body: { content_md: '# First' } })).body.content_html;
    const updated = (await api('PATCH', `/pages/${page}/posts/${created.id}`, { body: { content_md: '# Two' } })).body.content_html;
    const read = (await api('GET', `/pages/${page}/posts/${created.id}`)).body.content_html;
    return { created: created.content_html, filled, updated, read };
  },
  broken: (seen) => {
    expect([seen.created, seen.filled]).toEqual([expect.stringContaining('One'), expect.stringContaining('First')]);
    expect([seen.updated, seen.read]).toEqual([expect.stringContaining('One'), expect.stringContaining('One')]);
  },
  correct: (seen) => {
    expect([seen.created, seen.filled]).toEqual([expect.stringContaining('One'), expect.stringContaining('First')]);
    expect([seen.updated, seen.read]).toEqual([expect.stringContaining('Two'), expect.stringContaining('Two')]);
  },
});

add({
  fault: 'email-update-409-before-422',
  what: 'a valid PATCH of a scheduled email is 409, an invalid one of a draft 422; an invalid one of a scheduled email is 409',
  observe: async ({ api }) => {
    const newsletter = await newsletterWithReader(api, 'Weekly');
    const create = async (subject: string) => (await api('POST', `/newsletters/${newsletter}/emails`, { body: { subject, content_html: '<p>Hi</p>' } })).body.id;
    const draft = await create('Draft');
    const scheduled = await create('Later');
    expect((await api('POST', `/newsletters/${newsletter}/emails/${scheduled}/send`, { body: { scheduled_at: hoursFromNow(2) } })).status).toBe(200);
    const patch = async (id: number, body: object) => {
      const answer = await api('PATCH', `/newsletters/${newsletter}/emails/${id}`, { body });
      return [answer.status, answer.body.type];
    };
    return {
      validScheduled: await patch(scheduled, { subject: 'Later, corrected' }),
      invalidDraft: await patch(draft, { subject: 'x'.repeat(256) }),
      invalidScheduled: await patch(scheduled, { subject: 'x'.repeat(256) }),
    };
  },
  broken: (seen) =>
    expect(seen).toEqual({
      validScheduled: [409, problemType('email-not-draft')],
      invalidDraft: [422, problemType('validation-failed')],
      invalidScheduled: [409, problemType('email-not-draft')],
    }),
  correct: (seen) =>
    expect(seen).toEqual({
      validScheduled: [409, problemType('email-not-draft')],
      invalidDraft: [422, problemType('validation-failed')],
      invalidScheduled: [422, problemType('validation-failed')],
    }),
});

add({
  fault: 'upload-any-part-name',
  what: 'a part named file is stored; a single part named image is stored too, where it is a 422',
  observe: async ({ api }) => {
    const upload = async (field: string) => {
      const data = new FormData();
      data.append(field, new Blob([GIF], { type: 'image/gif' }), 'pixel.gif');
      const answer = await api('POST', '/images/upload', { raw: data });
      return answer.status === 422 ? [422, fieldsOf(answer.body)] : [answer.status];
    };
    return { file: await upload('file'), image: await upload('image') };
  },
  broken: (seen) => expect(seen).toEqual({ file: [201], image: [201] }),
  correct: (seen) => expect(seen).toEqual({ file: [201], image: [422, expect.any(Array)] }),
});

contrastFaults(
  'faults a tenth look shows: a delete, a later page, a former name, a compatibility form, HEAD of a missing page, an updated category, a subscriber id, a request without Origin, a refused send, new Markdown, an invalid body to a scheduled email, a part of another name',
  cases,
);
