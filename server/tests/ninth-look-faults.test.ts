/**
 * The faults of server/faults/ninth-look.ts really break what they name: each case runs the same
 * requests against the server with the fault and without it, and requires the broken answer from the
 * first and the one the contract requires from the second. Each case also makes the first request a
 * test would make and shows it right on both servers, so the fault is one only a second look finds.
 */
import { expect } from 'vitest';
import type { Api } from './harness.ts';
import { contrastFaults, type FaultContrast } from './fault-contrast.ts';
import { newsletterWithReader, anotherAuthor, ids, problemType, pause } from './contrast-fixtures.ts';

/** A GIF and a lossless WebP of one pixel each. */
const GIF = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
const WEBP = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');

/** Polls the email until it is no longer scheduled, or gives up after ten seconds. */
async function settled(api: Api, path: string): Promise<string> {
  for (let waited = 0; waited < 10_000; waited += 50) {
    const status = (await api('GET', path)).body.status as string;
    if (status !== 'scheduled') return status;
    await pause(50);
  }
  return 'scheduled';
}

/** The scheme a WWW-Authenticate challenge names. */
const challengeScheme = (headers: Headers) => headers.get('www-authenticate')?.split(' ')[0] ?? null;

const cases: FaultContrast<any>[] = [];
const add = <T>(c: FaultContrast<T>) => cases.push(c);

add({
  fault: 'page-rename-moves-domain',
  what: 'a new slug keeps the domain; a new name moves the domain to the new name_slug',
  observe: async ({ api }) => {
    const page = (await api('POST', '/pages', { body: { name: 'Blog' } })).body;
    const slugChanged = (await api('PATCH', `/pages/${page.id}`, { body: { slug: 'journal' } })).body;
    const renamed = (await api('PATCH', `/pages/${page.id}`, { body: { name: 'Field Notes' } })).body;
    const read = (await api('GET', `/pages/${page.id}`)).body;
    const label = (domain: string) => (domain === page.domain ? 'as created' : domain.split('.')[0]!.slice(0, -7));
    return {
      created: page.domain.split('.')[0].slice(0, -7),
      slugChanged: [slugChanged.slug, label(slugChanged.domain)],
      renamed: [renamed.name_slug, label(renamed.domain)],
      read: label(read.domain),
    };
  },
  broken: (seen) =>
    expect(seen).toEqual({ created: 'blog', slugChanged: ['journal', 'as created'], renamed: ['field-notes', 'field-notes'], read: 'field-notes' }),
  correct: (seen) =>
    expect(seen).toEqual({ created: 'blog', slugChanged: ['journal', 'as created'], renamed: ['field-notes', 'as created'], read: 'as created' }),
});

add({
  fault: 'author-update-reactivates',
  what: 'an active author given a position stays active; an inactive one given a position becomes active',
  observe: async (s) => {
    const { api } = s;
    const ada = anotherAuthor(s);
    const active = (await api('PATCH', `/authors/${ada}`, { body: { position: 'Editor' } })).body;
    const deactivated = (await api('PATCH', `/authors/${ada}`, { body: { active: false } })).body;
    const empty = (await api('PATCH', `/authors/${ada}`, { body: {} })).body;
    const repositioned = (await api('PATCH', `/authors/${ada}`, { body: { position: 'Managing editor' } })).body;
    const read = (await api('GET', `/authors/${ada}`)).body;
    const inactiveListed = ids((await api('GET', '/authors?active=false')).body).includes(ada);
    return {
      active: [active.position, active.active],
      deactivated: deactivated.active,
      empty: empty.active,
      repositioned: [repositioned.position, repositioned.active],
      read: [read.position, read.active],
      inactiveListed,
    };
  },
  broken: (seen) =>
    expect(seen).toEqual({
      active: ['Editor', true],
      deactivated: false,
      empty: false,
      repositioned: ['Managing editor', true],
      read: ['Managing editor', true],
      inactiveListed: false,
    }),
  correct: (seen) =>
    expect(seen).toEqual({
      active: ['Editor', true],
      deactivated: false,
      empty: false,
      repositioned: ['Managing editor', false],
      read: ['Managing editor', false],
      inactiveListed: true,
    }),
});

add({
  fault: 'subscriber-upsert-echoes-address',
  what: 'a new address in capitals is answered in lowercase; the same address again in capitals is answered as sent',
  observe: async ({ api }) => {
    const newsletter = (await api('POST', '/newsletters', { body: { name: 'Weekly' } })).body.id;
    const subscribe = async (email: string) => {
      const body = (await api('POST', `/newsletters/${newsletter}/subscribers`, { body: { email } })).body;
      return [body.id, body.email];
    };
    const created = await subscribe('Ada@Example.com');
    const sameCase = await subscribe('ada@example.com');
    const otherCase = await subscribe('  ADA@EXAMPLE.COM ');
    const listed = (await api('GET', `/newsletters/${newsletter}/subscribers`)).body;
    const id = created[0];
    const name = (answer: unknown[]) => [answer[0] === id, answer[1]];
    return {
      created: created[1],
      sameCase: name(sameCase),
      otherCase: name(otherCase),
      listed: [listed.total, listed.result[0].email],
    };
  },
  broken: (seen) =>
    expect(seen).toEqual({
      created: 'ada@example.com',
      sameCase: [true, 'ada@example.com'],
      otherCase: [true, 'ADA@EXAMPLE.COM'],
      listed: [1, 'ada@example.com'],
    }),
  correct: (seen) =>
    expect(seen).toEqual({
      created: 'ada@example.com',
      sameCase: [true, 'ada@example.com'],
      otherCase: [true, 'ada@example.com'],
      listed: [1, 'ada@example.com'],
    }),
});

add({
  fault: 'pages-envelope-size-is-count',
  what: 'full pages and a page past the end say the size asked for; a last page of 3 items says size 3',
  observe: async ({ api }) => {
    for (let n = 1; n <= 13; n++) await api('POST', '/pages', { body: { name: `Blog ${n}` } });
    const envelope = async (query: string) => {
      const body = (await api('GET', `/pages${query}`)).body;
      return [body.page, body.size, body.total, body.result.length];
    };
    return {
      first: await envelope(''),
      last: await envelope('?page=2'),
      pastTheEnd: await envelope('?page=3'),
      bySix: [await envelope('?size=6&page=2'), await envelope('?size=6&page=3')],
    };
  },
  broken: (seen) =>
    expect(seen).toEqual({
      first: [1, 10, 13, 10],
      last: [2, 3, 13, 3],
      pastTheEnd: [3, 10, 13, 0],
      bySix: [
        [2, 6, 13, 6],
        [3, 1, 13, 1],
      ],
    }),
  correct: (seen) =>
    expect(seen).toEqual({
      first: [1, 10, 13, 10],
      last: [2, 10, 13, 3],
      pastTheEnd: [3, 10, 13, 0],
      bySix: [
        [2, 6, 13, 6],
        [3, 6, 13, 1],
      ],
    }),
});

add({
  fault: 'newsletter-name-taken-by-slug',
  what: 'a name in other letter case is a 409 and another name is created; Cafe Weekly after Café Weekly is a 409',
  observe: async ({ api }) => {
    const create = async (name: string) => {
      const answer = await api('POST', '/newsletters', { body: { name } });
      return [answer.status, answer.status === 201 ? answer.body.name_slug : answer.body.type];
    };
    const first = await create('Café Weekly');
    const recased = await create('CAFÉ WEEKLY');
    const other = await create('Monthly');
    const unaccented = await create('Cafe Weekly');
    const total = (await api('GET', '/newsletters')).body.total;
    return { first, recased, other, unaccented, total };
  },
  broken: (seen) =>
    expect(seen).toEqual({
      first: [201, 'cafe-weekly'],
      recased: [409, problemType('name-taken')],
      other: [201, 'monthly'],
      unaccented: [409, problemType('name-taken')],
      total: 2,
    }),
  correct: (seen) =>
    expect(seen).toEqual({
      first: [201, 'cafe-weekly'],
      recased: [409, problemType('name-taken')],
      other: [201, 'monthly'],
      unaccented: [201, 'cafe-weekly-1'],
      total: 3,
    }),
});

add({
  fault: 'head-page-other-workspace-200',
  what: "GET and HEAD of an own page are 200 and of no page 404; of another workspace's page GET is 404 and HEAD 200",
  observe: async ({ api, otherToken }) => {
    const own = (await api('POST', '/pages', { body: { name: 'Blog' } })).body.id;
    const theirs = (await api('POST', '/pages', { body: { name: 'Their blog' }, token: otherToken })).body.id;
    const both = async (id: number) => [(await api('GET', `/pages/${id}`)).status, (await api('HEAD', `/pages/${id}`)).status];
    return { own: await both(own), missing: await both(999_999), theirs: await both(theirs) };
  },
  broken: (seen) => expect(seen).toEqual({ own: [200, 200], missing: [404, 404], theirs: [404, 200] }),
  correct: (seen) => expect(seen).toEqual({ own: [200, 200], missing: [404, 404], theirs: [404, 404] }),
});

add({
  fault: 'emails-sent-filter-across-newsletters',
  what: "each newsletter lists its own emails and drafts; ?status=sent lists the other newsletter's sent email too",
  observe: async ({ api }) => {
    const weekly = await newsletterWithReader(api, 'Weekly');
    const monthly = await newsletterWithReader(api, 'Monthly');
    const sent = async (newsletter: number) => {
      const email = (await api('POST', `/newsletters/${newsletter}/emails`, { body: { subject: 'Issue', content_html: '<p>Hi</p>' } })).body.id;
      await api('POST', `/newsletters/${newsletter}/emails/${email}/send`);
      expect(await settled(api, `/newsletters/${newsletter}/emails/${email}`)).toBe('sent');
      return email;
    };
    const weeklySent = await sent(weekly);
    const monthlySent = await sent(monthly);
    await api('POST', `/newsletters/${weekly}/emails`, { body: { subject: 'Next issue' } });
    const listed = async (query: string) => {
      const body = (await api('GET', `/newsletters/${weekly}/emails${query}`)).body;
      return [body.total, ids(body).sort((a, b) => a - b).join()];
    };
    return {
      all: await listed(''),
      drafts: (await listed('?status=draft'))[0],
      sent: await listed('?status=sent'),
      expected: { own: String(weeklySent), both: [weeklySent, monthlySent].sort((a, b) => a - b).join() },
    };
  },
  broken: (seen) => {
    expect(seen.all[0]).toBe(2);
    expect(seen.drafts).toBe(1);
    expect(seen.sent).toEqual([2, seen.expected.both]);
  },
  correct: (seen) => {
    expect(seen.all[0]).toBe(2);
    expect(seen.drafts).toBe(1);
    expect(seen.sent).toEqual([1, seen.expected.own]);
  },
});

add({
  fault: 'not-sendable-blank-subject-unseen',
  what: 'an empty subject is refused naming subject; a subject of spaces is left out of the errors, and sent when the rest is ready',
  observe: async ({ api }) => {
    const newsletter = await newsletterWithReader(api, 'Weekly');
    const send = async (body: object) => {
      const email = (await api('POST', `/newsletters/${newsletter}/emails`, { body })).body.id;
      const answer = await api('POST', `/newsletters/${newsletter}/emails/${email}/send`);
      const read = (await api('GET', `/newsletters/${newsletter}/emails/${email}`)).body.status;
      return [answer.status, answer.status === 422 ? answer.body.errors.map((cause: { field: string }) => cause.field) : answer.body.status, read === 'draft' ? 'draft' : 'queued'];
    };
    return {
      empty: await send({ subject: '', content_html: '<p>Hi</p>' }),
      spacesWithoutContent: await send({ subject: '   ' }),
      spacesWithContent: await send({ subject: '   ', content_html: '<p>Hi</p>' }),
    };
  },
  broken: (seen) => {
    expect(seen.empty).toEqual([422, ['subject'], 'draft']);
    expect(seen.spacesWithoutContent).toEqual([422, ['content_html'], 'draft']);
    expect(seen.spacesWithContent[0]).toBe(200);
    expect(seen.spacesWithContent[2]).toBe('queued');
  },
  correct: (seen) =>
    expect(seen).toEqual({
      empty: [422, ['subject'], 'draft'],
      spacesWithoutContent: [422, ['subject', 'content_html'], 'draft'],
      spacesWithContent: [422, ['subject'], 'draft'],
    }),
});

add({
  fault: 'categories-401-challenge-echoes-scheme',
  what: "no header and an unknown token are challenged with Bearer; Basic is challenged with Basic on the category list only",
  observe: async ({ api }) => {
    const page = (await api('POST', '/pages', { body: { name: 'Blog' } })).body.id;
    const challenge = async (path: string, authorization?: string) => {
      const answer = await api('GET', path, { token: null, headers: authorization ? { Authorization: authorization } : {} });
      return [answer.status, challengeScheme(answer.headers)];
    };
    const basic = 'Basic YWRhOnNlY3JldA==';
    const categories = `/pages/${page}/categories`;
    return {
      none: await challenge(categories),
      unknown: await challenge(categories, 'Bearer not-a-token'),
      basic: await challenge(categories, basic),
      basicOnPages: await challenge('/pages', basic),
    };
  },
  broken: (seen) => expect(seen).toEqual({ none: [401, 'Bearer'], unknown: [401, 'Bearer'], basic: [401, 'Basic'], basicOnPages: [401, 'Bearer'] }),
  correct: (seen) => expect(seen).toEqual({ none: [401, 'Bearer'], unknown: [401, 'Bearer'], basic: [401, 'Bearer'], basicOnPages: [401, 'Bearer'] }),
});

add({
  fault: 'post-publish-moves-created-at',
  what: "a post's new title keeps its created_at; publishing the draft moves created_at and the post ahead in the list",
  observe: async ({ api }) => {
    const page = (await api('POST', '/pages', { body: { name: 'Blog' } })).body.id;
    const older = (await api('POST', `/pages/${page}/posts`, { body: { title: 'Older' } })).body;
    await pause(20);
    const newer = (await api('POST', `/pages/${page}/posts`, { body: { title: 'Newer' } })).body;
    await pause(20);
    const path = `/pages/${page}/posts/${older.id}`;
    const retitled = (await api('PATCH', path, { body: { title: 'Older, retitled' } })).body;
    const published = (await api('PATCH', path, { body: { status: 'published' } })).body;
    const read = (await api('GET', path)).body;
    const order = ids((await api('GET', `/pages/${page}/posts`)).body);
    return {
      retitled: retitled.created_at === older.created_at,
      published: [published.status, published.created_at === older.created_at, published.created_at === published.first_published_at],
      read: read.created_at === older.created_at,
      order: order.map((id) => (id === older.id ? 'older' : id === newer.id ? 'newer' : id)),
    };
  },
  broken: (seen) => expect(seen).toEqual({ retitled: true, published: ['published', false, true], read: false, order: ['older', 'newer'] }),
  correct: (seen) => expect(seen).toEqual({ retitled: true, published: ['published', true, false], read: true, order: ['newer', 'older'] }),
});

add({
  fault: 'category-null-slug-refused',
  what: 'a category without a slug and one with an explicit slug are created; one with slug null is a 422 naming slug',
  observe: async ({ api }) => {
    const page = (await api('POST', '/pages', { body: { name: 'Blog' } })).body.id;
    const create = async (body: object) => {
      const answer = await api('POST', `/pages/${page}/categories`, { body });
      return [answer.status, answer.status === 201 ? answer.body.slug : answer.body.errors.map((cause: { field: string }) => cause.field)];
    };
    return {
      derived: await create({ name: 'News' }),
      explicit: await create({ name: 'Events', slug: 'Happenings' }),
      nullSlug: await create({ name: 'Sports', slug: null }),
    };
  },
  broken: (seen) => expect(seen).toEqual({ derived: [201, 'news'], explicit: [201, 'happenings'], nullSlug: [422, ['slug']] }),
  correct: (seen) => expect(seen).toEqual({ derived: [201, 'news'], explicit: [201, 'happenings'], nullSlug: [201, 'sports'] }),
});

add({
  fault: 'image-webp-served-untyped',
  what: 'an uploaded GIF is served as image/gif; an uploaded WebP as application/octet-stream',
  observe: async ({ api }) => {
    const served = async (name: string, bytes: Buffer, type: string) => {
      const data = new FormData();
      data.append('file', new Blob([bytes], { type }), name);
      const answer = await api('POST', '/images/upload', { raw: data });
      expect(answer.status).toBe(201);
      const image = await fetch(answer.body.url);
      const body = Buffer.from(await image.arrayBuffer());
      return [image.status, image.headers.get('content-type'), body.equals(bytes)];
    };
    return { gif: await served('pixel.gif', GIF, 'image/gif'), webp: await served('pixel.webp', WEBP, 'image/webp') };
  },
  broken: (seen) => expect(seen).toEqual({ gif: [200, 'image/gif', true], webp: [200, 'application/octet-stream', true] }),
  correct: (seen) => expect(seen).toEqual({ gif: [200, 'image/gif', true], webp: [200, 'image/webp', true] }),
});

contrastFaults(
  'faults a ninth look shows: a rename, a later PATCH, an address again, a last page, a slug-alike name, HEAD across workspaces, a filter across parents, a blank subject, a challenge, a publication, a null slug, a WebP',
  cases,
);
