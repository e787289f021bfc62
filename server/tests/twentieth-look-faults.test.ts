/**
 * The faults of server/faults/twentieth-look.ts really break what they name: each case runs the same
 * requests against the server with the fault and without it, and requires the broken answer from the
 * first and the one the contract requires from the second.
 */
import { expect } from 'vitest';
import { contrastFaults, type FaultContrast } from './fault-contrast.ts';
import { newsletterWithReader, pause, problemType } from './contrast-fixtures.ts';
import type { Api } from './harness.ts';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

const cases: FaultContrast<any>[] = [];
const add = <T>(c: FaultContrast<T>) => cases.push(c);

const newPage = async (api: Api, name: string) => (await api('POST', '/pages', { body: { name } })).body.id as number;
const upload = async (api: Api, bytes: Buffer) => {
  const data = new FormData();
  data.append('file', new Blob([bytes], { type: 'image/png' }), 'photo.png');
  return (await api('POST', '/images/upload', { raw: data })).status;
};

add({
  fault: 'author-last-name-rederives-slug',
  what: "a new first name keeps the author's slug; a new last name must keep it too",
  observe: async ({ api, authorId }) => {
    const path = `/authors/${authorId}`;
    const slug = (await api('GET', path)).body.slug;
    const first = (await api('PATCH', path, { body: { first_name: 'Amazing' } })).body.slug;
    await api('PATCH', path, { body: { last_name: 'Murray' } });
    return { firstKept: first === slug, lastKept: (await api('GET', path)).body.slug === slug };
  },
  broken: (seen) => expect(seen).toEqual({ firstKept: true, lastKept: false }),
  correct: (seen) => expect(seen).toEqual({ firstKept: true, lastKept: true }),
});

add({
  fault: 'subscribers-ordered-by-address-desc',
  what: 'b@ after a@ lists b@ first; a@ after b@ must list a@ first',
  observe: async ({ api }) => {
    const emails = async (newsletter: number) => (await api('GET', `/newsletters/${newsletter}/subscribers`)).body.result.map((s: any) => s.email);
    const one = (await api('POST', '/newsletters', { body: { name: 'One' } })).body.id;
    const two = (await api('POST', '/newsletters', { body: { name: 'Two' } })).body.id;
    for (const address of ['a@example.com', 'b@example.com']) await api('POST', `/newsletters/${one}/subscribers`, { body: { email: address } });
    for (const address of ['b@example.com', 'a@example.com']) await api('POST', `/newsletters/${two}/subscribers`, { body: { email: address } });
    return { one: await emails(one), two: await emails(two) };
  },
  broken: (seen) => expect(seen).toEqual({ one: ['b@example.com', 'a@example.com'], two: ['b@example.com', 'a@example.com'] }),
  correct: (seen) => expect(seen).toEqual({ one: ['b@example.com', 'a@example.com'], two: ['a@example.com', 'b@example.com'] }),
});

add({
  fault: 'newsletters-ordered-by-update',
  what: 'newsletters list newest first; renaming the older one must not move it',
  observe: async ({ api }) => {
    const names = async () => (await api('GET', '/newsletters')).body.result.map((n: any) => n.name);
    const older = (await api('POST', '/newsletters', { body: { name: 'Older' } })).body.id;
    await pause(5);
    await api('POST', '/newsletters', { body: { name: 'Newer' } });
    const before = await names();
    await pause(5);
    await api('PATCH', `/newsletters/${older}`, { body: { name: 'Renamed' } });
    return { before, after: await names() };
  },
  broken: (seen) => expect(seen).toEqual({ before: ['Newer', 'Older'], after: ['Renamed', 'Newer'] }),
  correct: (seen) => expect(seen).toEqual({ before: ['Newer', 'Older'], after: ['Newer', 'Renamed'] }),
});

add({
  fault: 'category-rename-keeps-updated-at',
  what: 'a recolour moves updated_at; a rename alone must move it too',
  observe: async ({ api }) => {
    const page = await newPage(api, 'Blog');
    const created = (await api('POST', `/pages/${page}/categories`, { body: { name: 'News', color: '#1e90ff' } })).body;
    const path = `/pages/${page}/categories/${created.id}`;
    await pause(5);
    const recoloured = (await api('PATCH', path, { body: { color: '#ff0000' } })).body.updated_at;
    await pause(5);
    await api('PATCH', path, { body: { name: 'Updates' } });
    const read = (await api('GET', path)).body;
    return { recolourMoved: recoloured > created.updated_at, name: read.name, renameMoved: read.updated_at > recoloured };
  },
  broken: (seen) => expect(seen).toEqual({ recolourMoved: true, name: 'Updates', renameMoved: false }),
  correct: (seen) => expect(seen).toEqual({ recolourMoved: true, name: 'Updates', renameMoved: true }),
});

add({
  fault: 'page-slug-update-copies-name-slug',
  what: "a rename moves name_slug; a new slug alone must leave name_slug as the name's",
  observe: async ({ api }) => {
    const id = await newPage(api, 'Engineering Blog');
    const renamed = (await api('PATCH', `/pages/${id}`, { body: { name: 'Tech Blog' } })).body.name_slug;
    await api('PATCH', `/pages/${id}`, { body: { slug: 'tech' } });
    const read = (await api('GET', `/pages/${id}`)).body;
    return { renamed, slug: read.slug, name_slug: read.name_slug };
  },
  broken: (seen) => expect(seen).toEqual({ renamed: 'tech-blog', slug: 'tech', name_slug: 'tech' }),
  correct: (seen) => expect(seen).toEqual({ renamed: 'tech-blog', slug: 'tech', name_slug: 'tech-blog' }),
});

add({
  fault: 'upload-over-1mib-413',
  what: 'a small PNG is stored; a 2 MiB PNG (under the 10 MiB limit) must be stored too',
  observe: async ({ api }) => ({ small: await upload(api, PNG), large: await upload(api, Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)])) }),
  broken: (seen) => expect(seen).toEqual({ small: 201, large: 413 }),
  correct: (seen) => expect(seen).toEqual({ small: 201, large: 201 }),
});

add({
  fault: 'post-list-description-cut-255',
  what: 'getPost answers a 400-character description whole; listPosts must answer it whole too',
  observe: async ({ api }) => {
    const page = await newPage(api, 'Blog');
    const description = 'd'.repeat(400);
    const id = (await api('POST', `/pages/${page}/posts`, { body: { title: 'Long', description } })).body.id;
    const got = (await api('GET', `/pages/${page}/posts/${id}`)).body.description.length;
    const listed = (await api('GET', `/pages/${page}/posts`)).body.result[0].description.length;
    return { got, listed };
  },
  broken: (seen) => expect(seen).toEqual({ got: 400, listed: 255 }),
  correct: (seen) => expect(seen).toEqual({ got: 400, listed: 400 }),
});

add({
  fault: 'email-not-draft-409-as-json',
  what: "a draft's update is 200 JSON; a sent email's update must be a 409 problem+json",
  observe: async ({ api }) => {
    const newsletter = await newsletterWithReader(api, 'Weekly');
    const id = (await api('POST', `/newsletters/${newsletter}/emails`, { body: { subject: 'Hi', content_html: '<p>Hi</p>' } })).body.id;
    const path = `/newsletters/${newsletter}/emails/${id}`;
    const draft = await api('PATCH', path, { body: { subject: 'Hello' } });
    await api('POST', `${path}/send`, { body: {} });
    const sent = await api('PATCH', path, { body: { subject: 'Again' } });
    const type = (answer: any) => answer.headers.get('content-type')?.split(';')[0];
    return { draft: [draft.status, type(draft)], sent: [sent.status, type(sent), sent.body.type] };
  },
  broken: (seen) => expect(seen).toEqual({ draft: [200, 'application/json'], sent: [409, 'application/json', problemType('email-not-draft')] }),
  correct: (seen) => expect(seen).toEqual({ draft: [200, 'application/json'], sent: [409, 'application/problem+json', problemType('email-not-draft')] }),
});

contrastFaults('faults of the twentieth look', cases);
