/**
 * The faults of server/faults/rule-inputs.ts really break what they name: each case runs the same
 * requests against the server with the fault and without it, and requires the broken answer from the
 * first and the one the contract requires from the second.
 */
import { expect } from 'vitest';
import { contrastFaults, type FaultContrast } from './fault-contrast.ts';

const cases: FaultContrast<any>[] = [];
const add = <T>(c: FaultContrast<T>) => cases.push(c);

add({
  fault: 'email-update-null-html-clears-markdown',
  what: 'updateEmail must render content_md sent beside content_html null, as it renders Markdown alone',
  observe: async ({ api }) => {
    const newsletter = (await api('POST', '/newsletters', { body: { name: 'Weekly' } })).body.id;
    const email = (await api('POST', `/newsletters/${newsletter}/emails`, { body: { subject: 'Hello', content_html: '<p>Old</p>' } })).body.id;
    const path = `/newsletters/${newsletter}/emails/${email}`;
    const alone = (await api('PATCH', path, { body: { content_md: '*Alone*' } })).body.content_html;
    const beside = (await api('PATCH', path, { body: { content_html: null, content_md: '*Beside*' } })).body.content_html;
    const read = (await api('GET', path)).body.content_html;
    const cleared = (await api('PATCH', path, { body: { content_html: null } })).body.content_html;
    return { alone, beside, read, cleared };
  },
  broken: (seen) => expect(seen).toEqual({ alone: '<p><em>Alone</em></p>\n', beside: null, read: null, cleared: null }),
  correct: (seen) => expect(seen).toEqual({ alone: '<p><em>Alone</em></p>\n', beside: '<p><em>Beside</em></p>\n', read: '<p><em>Beside</em></p>\n', cleared: null }),
});

/** The status of a write and the fields its 422 names, or the stored value of `field`. */
const outcome = async (answer: Promise<{ status: number; body: any }>, field: string) => {
  const { status, body } = await answer;
  return status === 422 ? [422, (body.errors ?? []).map((e: { field: string }) => e.field).sort()] : [status, body[field]];
};

add({
  fault: 'email-update-subject-del-accepted',
  what: 'updateEmail must refuse a subject holding DEL (U+007F), as one holding a line feed',
  observe: async ({ api }) => {
    const newsletter = (await api('POST', '/newsletters', { body: { name: 'Weekly' } })).body.id;
    const path = `/newsletters/${newsletter}/emails/${(await api('POST', `/newsletters/${newsletter}/emails`, { body: { subject: 'Hello' } })).body.id}`;
    const lineFeed = await outcome(api('PATCH', path, { body: { subject: 'Line\nfeed' } }), 'subject');
    const del = await outcome(api('PATCH', path, { body: { subject: 'Del\u007Fete' } }), 'subject');
    return { lineFeed, del, stored: (await api('GET', path)).body.subject };
  },
  broken: (seen) => expect(seen).toEqual({ lineFeed: [422, ['subject']], del: [200, 'Del\u007Fete'], stored: 'Del\u007Fete' }),
  correct: (seen) => expect(seen).toEqual({ lineFeed: [422, ['subject']], del: [422, ['subject']], stored: 'Hello' }),
});

add({
  fault: 'post-create-title-tab-accepted',
  what: 'createPost must refuse a title holding a tab, as updatePost does',
  observe: async ({ api }) => {
    const page = (await api('POST', '/pages', { body: { name: 'Blog' } })).body.id;
    const created = await outcome(api('POST', `/pages/${page}/posts`, { body: { title: 'Tab\there' } }), 'title');
    const post = (await api('POST', `/pages/${page}/posts`, { body: { title: 'Plain' } })).body.id;
    const updated = await outcome(api('PATCH', `/pages/${page}/posts/${post}`, { body: { title: 'Tab\there' } }), 'title');
    return { created, updated };
  },
  broken: (seen) => expect(seen).toEqual({ created: [201, 'Tab\there'], updated: [422, ['title']] }),
  correct: (seen) => expect(seen).toEqual({ created: [422, ['title']], updated: [422, ['title']] }),
});

add({
  fault: 'post-get-ids-read-as-numbers',
  what: 'getPost must answer its ids spelled otherwise than in plain decimal with a 422 naming them',
  observe: async ({ api }) => {
    const page = (await api('POST', '/pages', { body: { name: 'Blog' } })).body.id;
    const post = (await api('POST', `/pages/${page}/posts`, { body: { title: 'Hello' } })).body.id;
    const read = async (pageText: string, postText: string) => {
      const answer = await api('GET', `/pages/${encodeURIComponent(pageText)}/posts/${encodeURIComponent(postText)}`);
      return answer.status === 422 ? [422, answer.body.errors.map((e: { field: string }) => e.field).sort()] : [answer.status, answer.body.id];
    };
    return { plain: await read(String(page), String(post)), padded: await read(`00${page}`, `00${post}`), exponent: await read(`${page}e0`, `${post}.0`) };
  },
  broken: (seen) => expect(seen).toEqual({ plain: [200, expect.any(Number)], padded: [200, expect.any(Number)], exponent: [200, expect.any(Number)] }),
  correct: (seen) =>
    expect(seen).toEqual({ plain: [200, expect.any(Number)], padded: [422, ['path.id', 'path.page_id']], exponent: [422, ['path.id', 'path.page_id']] }),
});

add({
  fault: 'newsletter-update-lone-surrogate-kept',
  what: 'updateNewsletter must refuse a name holding a lone surrogate, as createNewsletter does',
  observe: async ({ api }) => {
    const created = await api('POST', '/newsletters', { raw: Buffer.from('{"name":"Weekly\\ud800"}'), headers: { 'Content-Type': 'application/json' } });
    const id = (await api('POST', '/newsletters', { body: { name: 'Weekly' } })).body.id;
    const renamed = await api('PATCH', `/newsletters/${id}`, { raw: Buffer.from('{"name":"Monthly\\ud800"}'), headers: { 'Content-Type': 'application/json' } });
    return { created: created.status, renamed: renamed.status };
  },
  broken: (seen) => expect(seen).toEqual({ created: 422, renamed: 200 }),
  correct: (seen) => expect(seen).toEqual({ created: 422, renamed: 422 }),
});

contrastFaults('faults of the rule-by-rule pass over inputs', cases);
