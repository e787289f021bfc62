/**
 * The faults of server/faults/forty-fifth-look.ts really break what they name: each case runs the same
 * requests against the server with the fault and without it, and requires the broken answer from the
 * first and the one the contract requires from the second.
 */
import { gzipSync } from 'node:zlib';
import { expect } from 'vitest';
import { contrastFaults, type FaultContrast } from './fault-contrast.ts';
import { ids, newsletterWithReader, pause, PNG, problemType } from './contrast-fixtures.ts';
import type { Api, ApiResponse } from './harness.ts';

const cases: FaultContrast<any>[] = [];
const add = <T>(c: FaultContrast<T>) => cases.push(c);

const newPage = async (api: Api, name: string) => (await api('POST', '/pages', { body: { name } })).body.id as number;
const fields = (answer: ApiResponse) => (answer.body.errors ?? []).map((error: { field: string }) => error.field).sort();
/** A success as its status; a refusal as its status, problem type and the fields it names (each once). */
const outcome = (answer: ApiResponse) => (answer.status < 300 ? [answer.status] : [answer.status, answer.body.type, [...new Set(fields(answer))]]);
const refused = (field: string) => [422, problemType('validation-failed'), [field]];

add({
  fault: 'emails-status-repeated-last-wins',
  what: 'listEmails must answer a repeated ?status 422 naming query.status',
  observe: async ({ api }) => {
    const newsletter = await newsletterWithReader(api, 'Weekly');
    const email = (await api('POST', `/newsletters/${newsletter}/emails`, { body: { subject: 'Hello', content_html: '<p>Hi</p>' } })).body.id;
    await api('POST', `/newsletters/${newsletter}/emails`, { body: { subject: 'Draft', content_html: '<p>Later</p>' } });
    await api('POST', `/newsletters/${newsletter}/emails/${email}/send`, { body: {} });
    const list = async (query: string) => {
      const answer = await api('GET', `/newsletters/${newsletter}/emails?${query}`);
      return answer.status === 200 ? [200, answer.body.total] : outcome(answer);
    };
    return { once: await list('status=draft'), repeated: await list('status=draft&status=sent') };
  },
  broken: (seen) => expect(seen).toEqual({ once: [200, 1], repeated: [200, 1] }),
  correct: (seen) => expect(seen).toEqual({ once: [200, 1], repeated: refused('query.status') }),
});

add({
  fault: 'newsletters-empty-page-read-as-first',
  what: 'listNewsletters must answer an empty ?page= 422 naming query.page',
  observe: async ({ api }) => {
    await api('POST', '/newsletters', { body: { name: 'Weekly' } });
    const list = async (query: string) => {
      const answer = await api('GET', `/newsletters?${query}`);
      return answer.status === 200 ? [200, answer.body.page, answer.body.total] : outcome(answer);
    };
    return { digits: await list('page=1'), empty: await list('page='), emptySize: await list('size=') };
  },
  broken: (seen) => expect(seen).toEqual({ digits: [200, 1, 1], empty: [200, 1, 1], emptySize: refused('query.size') }),
  correct: (seen) => expect(seen).toEqual({ digits: [200, 1, 1], empty: refused('query.page'), emptySize: refused('query.size') }),
});

add({
  fault: 'author-get-scheme-case-sensitive-401',
  what: 'getAuthor must take the Bearer scheme in any letter case',
  observe: async ({ api, authorId, token }) => {
    const read = async (scheme: string) => (await api('GET', `/authors/${authorId}`, { token: null, headers: { Authorization: `${scheme} ${token}` } })).status;
    const listed = (await api('GET', '/authors', { token: null, headers: { Authorization: `bearer ${token}` } })).status;
    return { exact: await read('Bearer'), lower: await read('bearer'), upper: await read('BEARER'), listed };
  },
  broken: (seen) => expect(seen).toEqual({ exact: 200, lower: 401, upper: 401, listed: 200 }),
  correct: (seen) => expect(seen).toEqual({ exact: 200, lower: 200, upper: 200, listed: 200 }),
});

add({
  fault: 'page-missing-405-as-404',
  what: '/pages/{id} must answer a method it does not have 405 with Allow, whether or not the page exists',
  observe: async ({ api }) => {
    const page = await newPage(api, 'Blog');
    const answer = async (method: string, id: number) => {
      const got = await api(method, `/pages/${id}`);
      return [got.status, got.body.type, got.headers.get('allow')];
    };
    return { existing: await answer('DELETE', page), missing: await answer('DELETE', 999999), put: await answer('PUT', 999999), get: (await api('GET', '/pages/999999')).status };
  },
  broken: (seen) =>
    expect(seen).toEqual({
      existing: [405, problemType('method-not-allowed'), 'GET, HEAD, PATCH'],
      missing: [404, problemType('not-found'), null],
      put: [404, problemType('not-found'), null],
      get: 404,
    }),
  correct: (seen) => {
    const notAllowed = [405, problemType('method-not-allowed'), 'GET, HEAD, PATCH'];
    expect(seen).toEqual({ existing: notAllowed, missing: notAllowed, put: notAllowed, get: 404 });
  },
});

add({
  fault: 'subscriber-create-media-parameter-415',
  what: 'createSubscriber must ignore a Content-Type parameter the type does not define',
  observe: async ({ api }) => {
    const newsletter = (await api('POST', '/newsletters', { body: { name: 'Weekly' } })).body.id;
    const create = async (email: string, type: string) =>
      outcome(await api('POST', `/newsletters/${newsletter}/subscribers`, { raw: JSON.stringify({ email }), headers: { 'Content-Type': type } }));
    const plain = await create('ada@example.org', 'application/json; charset=UTF-8');
    const profiled = await create('grace@example.org', 'application/json; charset=utf-8; profile="v1"');
    const noted = await create('alan@example.org', 'application/json;x-note=1');
    return { plain, profiled, noted, total: (await api('GET', `/newsletters/${newsletter}/subscribers`)).body.total };
  },
  broken: (seen) => {
    const unsupported = [415, problemType('unsupported-media-type'), []];
    expect(seen).toEqual({ plain: [200], profiled: unsupported, noted: unsupported, total: 1 });
  },
  correct: (seen) => expect(seen).toEqual({ plain: [200], profiled: [200], noted: [200], total: 3 }),
});

add({
  fault: 'newsletter-update-coding-case-415',
  what: 'updateNewsletter must decode a Content-Encoding named in any letter case',
  observe: async ({ api }) => {
    const newsletter = (await api('POST', '/newsletters', { body: { name: 'Weekly' } })).body.id;
    const rename = async (name: string, coding: string) =>
      outcome(await api('PATCH', `/newsletters/${newsletter}`, { raw: gzipSync(JSON.stringify({ name })), headers: { 'Content-Type': 'application/json', 'Content-Encoding': coding } }));
    const lower = await rename('Daily', 'gzip');
    const upper = await rename('Monthly', 'GZIP');
    const mixed = await rename('Yearly', 'Gzip');
    return { lower, upper, mixed, read: (await api('GET', `/newsletters/${newsletter}`)).body.name };
  },
  broken: (seen) => {
    const unsupported = [415, problemType('unsupported-media-type'), []];
    expect(seen).toEqual({ lower: [200], upper: unsupported, mixed: unsupported, read: 'Daily' });
  },
  correct: (seen) => expect(seen).toEqual({ lower: [200], upper: [200], mixed: [200], read: 'Yearly' }),
});

add({
  fault: 'posts-query-not-percent-decoded',
  what: 'listPosts must read a percent-encoded query as the text it encodes',
  observe: async ({ api }) => {
    const page = await newPage(api, 'Blog');
    await api('POST', `/pages/${page}/posts`, { body: { title: 'Draft' } });
    await api('POST', `/pages/${page}/posts`, { body: { title: 'Out', status: 'published' } });
    const list = async (query: string) => {
      const answer = await api('GET', `/pages/${page}/posts?${query}`);
      return answer.status === 200 ? [200, answer.body.total, answer.body.page] : outcome(answer);
    };
    return { plain: await list('status=draft'), value: await list('status=%64raft'), name: await list('st%61tus=draft'), page: await list('page=%32') };
  },
  broken: (seen) =>
    expect(seen).toEqual({ plain: [200, 1, 1], value: refused('query.status'), name: refused('query.st%61tus'), page: refused('query.page') }),
  correct: (seen) => expect(seen).toEqual({ plain: [200, 1, 1], value: [200, 1, 1], name: [200, 1, 1], page: [200, 2, 2] }),
});

add({
  fault: 'category-get-accept-wildcard-406',
  what: 'getCategory must answer 200 to an Accept that allows JSON through a wildcard',
  observe: async ({ api }) => {
    const page = await newPage(api, 'Blog');
    const category = (await api('POST', `/pages/${page}/categories`, { body: { name: 'News' } })).body.id;
    const read = async (accept: string) => (await api('GET', `/pages/${page}/categories/${category}`, { headers: { Accept: accept } })).status;
    return { json: await read('application/json'), any: await read('*/*'), wildcard: await read('application/*'), listed: (await api('GET', `/pages/${page}/categories`, { headers: { Accept: 'application/*' } })).status };
  },
  broken: (seen) => expect(seen).toEqual({ json: 200, any: 200, wildcard: 406, listed: 200 }),
  correct: (seen) => expect(seen).toEqual({ json: 200, any: 200, wildcard: 200, listed: 200 }),
});

add({
  fault: 'upload-chunked-411',
  what: 'uploadImage must store an upload sent without Content-Length (chunked)',
  observe: async ({ api, baseUrl, token }) => {
    const form = () => {
      const data = new FormData();
      data.append('file', new Blob([PNG], { type: 'image/png' }), 'cover.png');
      return data;
    };
    const sized = (await api('POST', '/images/upload', { raw: form() })).status;
    const framed = new Request(`${baseUrl}/images/upload`, { method: 'POST', body: form() });
    const bytes = new Uint8Array(await framed.arrayBuffer());
    const body = new ReadableStream({
      start(controller) {
        controller.enqueue(bytes.subarray(0, 64));
        controller.enqueue(bytes.subarray(64));
        controller.close();
      },
    });
    const chunked = await fetch(`${baseUrl}/images/upload`, {
      method: 'POST',
      body,
      duplex: 'half',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': framed.headers.get('content-type')! },
    } as RequestInit);
    const answer = (await chunked.json()) as { url?: string };
    const served = chunked.status === 201 ? Buffer.from(await (await fetch(answer.url!)).arrayBuffer()).equals(PNG) : null;
    return { sized, chunked: chunked.status, served };
  },
  broken: (seen) => expect(seen).toEqual({ sized: 201, chunked: 411, served: null }),
  correct: (seen) => expect(seen).toEqual({ sized: 201, chunked: 201, served: true }),
});

add({
  fault: 'post-delete-declared-length-ignored',
  what: 'deletePost must answer a declared body over 1 MiB 413 and keep the post',
  observe: async ({ api }) => {
    const page = await newPage(api, 'Blog');
    const small = (await api('POST', `/pages/${page}/posts`, { body: { title: 'Small' } })).body.id;
    const large = (await api('POST', `/pages/${page}/posts`, { body: { title: 'Large' } })).body.id;
    const ignored = outcome(await api('DELETE', `/pages/${page}/posts/${small}`, { raw: '{"reason":"old"}', headers: { 'Content-Type': 'application/json' } }));
    const over = outcome(await api('DELETE', `/pages/${page}/posts/${large}`, { raw: ' '.repeat(1_100_000), headers: { 'Content-Type': 'application/json' } }));
    return { ignored, over, listed: ids((await api('GET', `/pages/${page}/posts`)).body) };
  },
  broken: (seen) => expect(seen).toEqual({ ignored: [204], over: [204], listed: [] }),
  correct: (seen) => expect(seen).toEqual({ ignored: [204], over: [413, problemType('payload-too-large'), []], listed: [expect.any(Number)] }),
});

add({
  fault: 'pages-rate-limit-reset-frozen',
  what: "listPages' RateLimit t must count down the seconds left in the window",
  observe: async ({ api }) => {
    const reset = (answer: ApiResponse) => Number(/\bt=(\d+)/.exec(answer.headers.get('ratelimit') ?? '')?.[1]);
    const window = Number(/\bw=(\d+)/.exec((await api('GET', '/pages')).headers.get('ratelimit-policy') ?? '')?.[1]);
    await pause(2100);
    const pages = await api('GET', '/pages');
    const newsletters = await api('GET', '/newsletters');
    return { window, pages: window - reset(pages), newsletters: window - reset(newsletters) };
  },
  broken: (seen) => {
    expect(seen.pages).toBe(0);
    expect(seen.newsletters).toBeGreaterThanOrEqual(2);
  },
  correct: (seen) => {
    expect(seen.pages).toBeGreaterThanOrEqual(2);
    expect(seen.newsletters).toBeGreaterThanOrEqual(2);
  },
});

add({
  fault: 'author-update-null-body-as-empty',
  what: 'updateAuthor must answer a JSON null body 422 naming body',
  observe: async ({ api, authorId }) => {
    const send = async (raw: string) => outcome(await api('PATCH', `/authors/${authorId}`, { raw, headers: { 'Content-Type': 'application/json' } }));
    return { empty: await send('{}'), nothing: await send('null'), list: await send('[]') };
  },
  broken: (seen) => expect(seen).toEqual({ empty: [200], nothing: [200], list: refused('body') }),
  correct: (seen) => expect(seen).toEqual({ empty: [200], nothing: refused('body'), list: refused('body') }),
});

contrastFaults('the forty-fifth look: faults of the HTTP layer written from the contract alone', cases);
