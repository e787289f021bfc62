/**
 * The faults of server/faults/thirty-ninth-look.ts really break what they name: each case runs the
 * same requests against the server with the fault and without it, and requires the broken answer from
 * the first and the one the contract requires from the second.
 */
import { expect } from 'vitest';
import { contrastFaults, type FaultContrast } from './fault-contrast.ts';
import { problemType } from './contrast-fixtures.ts';
import type { Api, ApiResponse } from './harness.ts';

const cases: FaultContrast<any>[] = [];
const add = <T>(c: FaultContrast<T>) => cases.push(c);

const newPage = async (api: Api, name: string, token?: string) =>
  (await api('POST', '/pages', { body: { name }, ...(token === undefined ? {} : { token }) })).body.id as number;
const fields = (answer: ApiResponse) => (answer.body.errors ?? []).map((error: { field: string }) => error.field);
const outcome = (answer: ApiResponse) => (answer.status < 300 ? [answer.status] : [answer.status, answer.body.type, fields(answer)]);

add({
  fault: 'page-null-slug-spelled-null',
  what: 'createPage must take "slug": null as absent and derive the slug from the name',
  observe: async ({ api }) => {
    const plain = (await api('POST', '/pages', { body: { name: 'Plain Blog' } })).body.slug;
    const first = await api('POST', '/pages', { body: { name: 'Team Notes', slug: null } });
    const second = await api('POST', '/pages', { body: { name: 'Other Notes', slug: null } });
    return { plain, first: [first.status, first.body.slug], second: second.status === 201 ? [201, second.body.slug] : outcome(second) };
  },
  broken: (seen) => expect(seen).toEqual({ plain: 'plain-blog', first: [201, 'null'], second: [409, problemType('slug-taken'), []] }),
  correct: (seen) => expect(seen).toEqual({ plain: 'plain-blog', first: [201, 'team-notes'], second: [201, 'other-notes'] }),
});

add({
  fault: 'pages-list-slug-from-name-slug',
  what: 'listPages must answer each page with its own slug, as getPage does',
  observe: async ({ api }) => {
    const explicit = (await api('POST', '/pages', { body: { name: 'Engineering Blog', slug: 'eng' } })).body.id;
    await newPage(api, 'Plain');
    const moved = await newPage(api, 'Moved');
    await api('PATCH', `/pages/${moved}`, { body: { slug: 'elsewhere' } });
    const listed = (await api('GET', '/pages')).body.result.map((page: { slug: string }) => page.slug);
    const read = [(await api('GET', `/pages/${explicit}`)).body.slug, (await api('GET', `/pages/${moved}`)).body.slug];
    return { listed, read };
  },
  broken: (seen) => expect(seen).toEqual({ listed: ['moved', 'plain', 'engineering-blog'], read: ['eng', 'elsewhere'] }),
  correct: (seen) => expect(seen).toEqual({ listed: ['elsewhere', 'plain', 'eng'], read: ['eng', 'elsewhere'] }),
});

add({
  fault: 'page-recase-not-stored',
  what: 'updatePage must store a new name that differs from the old one in letter case alone',
  observe: async ({ api }) => {
    const page = await newPage(api, 'Blog');
    const other = await newPage(api, 'Notes');
    const renamed = (await api('PATCH', `/pages/${other}`, { body: { name: 'Journal' } })).body.name;
    const answered = (await api('PATCH', `/pages/${page}`, { body: { name: 'BLOG' } })).body.name;
    const read = (await api('GET', `/pages/${page}`)).body.name;
    return { renamed, answered, read };
  },
  broken: (seen) => expect(seen).toEqual({ renamed: 'Journal', answered: 'Blog', read: 'Blog' }),
  correct: (seen) => expect(seen).toEqual({ renamed: 'Journal', answered: 'BLOG', read: 'BLOG' }),
});

add({
  fault: 'page-rename-409-before-422',
  what: 'updatePage must answer an invalid body 422, and a missing page 404, before a taken name',
  observe: async ({ api }) => {
    await newPage(api, 'Blog');
    const notes = await newPage(api, 'Notes');
    const invalid = outcome(await api('PATCH', `/pages/${notes}`, { body: { name: 'Blog', colour: 'red' } }));
    const missing = outcome(await api('PATCH', '/pages/999999', { body: { name: 'Blog' } }));
    const taken = outcome(await api('PATCH', `/pages/${notes}`, { body: { name: 'Blog' } }));
    return { invalid, missing, taken };
  },
  broken: (seen) =>
    expect(seen).toEqual({
      invalid: [409, problemType('name-taken'), []],
      missing: [409, problemType('name-taken'), []],
      taken: [409, problemType('name-taken'), []],
    }),
  correct: (seen) =>
    expect(seen).toEqual({
      invalid: [422, problemType('validation-failed'), ['colour']],
      missing: [404, problemType('not-found'), []],
      taken: [409, problemType('name-taken'), []],
    }),
});

add({
  fault: 'post-create-scheduled-as-draft',
  what: 'createPost must answer status scheduled 422 naming status and create nothing',
  observe: async ({ api }) => {
    const page = await newPage(api, 'Blog');
    const draft = outcome(await api('POST', `/pages/${page}/posts`, { body: { title: 'Draft', status: 'draft' } }));
    const scheduled = outcome(await api('POST', `/pages/${page}/posts`, { body: { title: 'Later', status: 'scheduled' } }));
    const listed = (await api('GET', `/pages/${page}/posts`)).body.result.map((post: { title: string; status: string }) => [post.title, post.status]);
    return { draft, scheduled, listed };
  },
  broken: (seen) => expect(seen).toEqual({ draft: [201], scheduled: [201], listed: [['Later', 'draft'], ['Draft', 'draft']] }),
  correct: (seen) =>
    expect(seen).toEqual({ draft: [201], scheduled: [422, problemType('validation-failed'), ['status']], listed: [['Draft', 'draft']] }),
});

add({
  fault: 'post-create-links-target-blank',
  what: 'createPost must render Markdown links as CommonMark does, with no attribute but href',
  observe: async ({ api }) => {
    const page = await newPage(api, 'Blog');
    const plain = (await api('POST', `/pages/${page}/posts`, { body: { title: 'Plain', content_md: 'Hello **world**' } })).body.content_html;
    const linked = (await api('POST', `/pages/${page}/posts`, { body: { title: 'Linked', content_md: 'See [the docs](https://example.com/docs).' } })).body;
    const read = (await api('GET', `/pages/${page}/posts/${linked.id}`)).body.content_html;
    return { plain, answered: linked.content_html, read };
  },
  broken: (seen) => {
    const html = '<p>See <a href="https://example.com/docs" target="_blank" rel="noopener noreferrer">the docs</a>.</p>\n';
    expect(seen).toEqual({ plain: '<p>Hello <strong>world</strong></p>\n', answered: html, read: html });
  },
  correct: (seen) => {
    const html = '<p>See <a href="https://example.com/docs">the docs</a>.</p>\n';
    expect(seen).toEqual({ plain: '<p>Hello <strong>world</strong></p>\n', answered: html, read: html });
  },
});

add({
  fault: 'post-update-html-scripts-stripped',
  what: 'updatePost must store the content_html it is sent as sent, script elements included',
  observe: async ({ api }) => {
    const page = await newPage(api, 'Blog');
    const post = (await api('POST', `/pages/${page}/posts`, { body: { title: 'Embed' } })).body.id;
    const html = '<p>Watch</p><script src="https://player.example/embed.js"></script><script type="application/ld+json">{"@type":"Article"}</script>';
    const answered = (await api('PATCH', `/pages/${page}/posts/${post}`, { body: { content_html: html } })).body.content_html;
    const read = (await api('GET', `/pages/${page}/posts/${post}`)).body.content_html;
    return { answered, read, sent: html };
  },
  broken: (seen) => expect([seen.answered, seen.read]).toEqual(['<p>Watch</p>', '<p>Watch</p>']),
  correct: (seen) => expect([seen.answered, seen.read]).toEqual([seen.sent, seen.sent]),
});

add({
  fault: 'post-get-rate-limit-cached',
  what: "getPost's RateLimit must count each read: a second read reports fewer requests remaining",
  observe: async ({ api }) => {
    const page = await newPage(api, 'Blog');
    const post = (await api('POST', `/pages/${page}/posts`, { body: { title: 'Hello' } })).body.id;
    const remaining = async () => {
      const answer = await api('GET', `/pages/${page}/posts/${post}`);
      return [answer.status, Number(/r=(\d+)/.exec(answer.headers.get('ratelimit') ?? '')?.[1])];
    };
    const first = await remaining();
    const second = await remaining();
    const third = await remaining();
    return { statuses: [first[0], second[0], third[0]], drops: [first[1]! - second[1]!, second[1]! - third[1]!] };
  },
  broken: (seen) => expect(seen).toEqual({ statuses: [200, 200, 200], drops: [0, 0] }),
  correct: (seen) => expect(seen).toEqual({ statuses: [200, 200, 200], drops: [1, 1] }),
});

add({
  fault: 'posts-category-filter-unknown-404',
  what: 'listPosts?category_id of a category that is not on the page must give an empty list',
  observe: async ({ api }) => {
    const page = await newPage(api, 'Blog');
    const other = await newPage(api, 'Other');
    const news = (await api('POST', `/pages/${page}/categories`, { body: { name: 'News' } })).body.id;
    const gone = (await api('POST', `/pages/${page}/categories`, { body: { name: 'Gone' } })).body.id;
    const elsewhere = (await api('POST', `/pages/${other}/categories`, { body: { name: 'Elsewhere' } })).body.id;
    await api('POST', `/pages/${page}/posts`, { body: { title: 'In news', category_id: news } });
    await api('DELETE', `/pages/${page}/categories/${gone}`);
    const filtered = async (id: number) => {
      const answer = await api('GET', `/pages/${page}/posts?category_id=${id}`);
      return answer.status === 200 ? [200, answer.body.total] : outcome(answer);
    };
    return { news: await filtered(news), elsewhere: await filtered(elsewhere), gone: await filtered(gone), never: await filtered(999999) };
  },
  broken: (seen) =>
    expect(seen).toEqual({ news: [200, 1], elsewhere: [200, 0], gone: [404, problemType('not-found'), []], never: [404, problemType('not-found'), []] }),
  correct: (seen) => expect(seen).toEqual({ news: [200, 1], elsewhere: [200, 0], gone: [200, 0], never: [200, 0] }),
});

add({
  fault: 'category-update-emoji-dropped',
  what: 'updateCategory must keep characters outside the BMP in a new name and description',
  observe: async ({ api }) => {
    const page = await newPage(api, 'Blog');
    const category = (await api('POST', `/pages/${page}/categories`, { body: { name: 'News', description: 'Plain' } })).body.id;
    const answer = (await api('PATCH', `/pages/${page}/categories/${category}`, { body: { name: 'News 🎉', description: 'Party 🎈 time, 𝔘𝔫𝔦𝔠𝔬𝔡𝔢' } })).body;
    const read = (await api('GET', `/pages/${page}/categories/${category}`)).body;
    return { answered: [answer.name, answer.description], read: [read.name, read.description] };
  },
  broken: (seen) => expect(seen).toEqual({ answered: ['News ', 'Party  time, '], read: ['News ', 'Party  time, '] }),
  correct: (seen) =>
    expect(seen).toEqual({ answered: ['News 🎉', 'Party 🎈 time, 𝔘𝔫𝔦𝔠𝔬𝔡𝔢'], read: ['News 🎉', 'Party 🎈 time, 𝔘𝔫𝔦𝔠𝔬𝔡𝔢'] }),
});

add({
  fault: 'category-slug-trailing-number-incremented',
  what: 'createCategory must append -1, -2 to a taken derived slug, also one that ends in a number',
  observe: async ({ api }) => {
    const page = await newPage(api, 'Blog');
    const slugs = [];
    for (const name of ['News', 'News', 'Top 10', 'Top 10', 'Top 10']) {
      slugs.push((await api('POST', `/pages/${page}/categories`, { body: { name } })).body.slug);
    }
    return slugs;
  },
  broken: (seen) => expect(seen).toEqual(['news', 'news-1', 'top-10', 'top-11', 'top-12']),
  correct: (seen) => expect(seen).toEqual(['news', 'news-1', 'top-10', 'top-10-1', 'top-10-2']),
});

add({
  fault: 'author-description-line-feeds-counted-twice',
  what: 'updateAuthor must accept a description of 1000 characters that spans lines',
  observe: async ({ api, authorId }) => {
    const oneLine = outcome(await api('PATCH', `/authors/${authorId}`, { body: { short_description: 'b'.repeat(1000) } }));
    const lines = `${'a'.repeat(99)}\n`.repeat(9) + 'a'.repeat(100);
    const spanning = outcome(await api('PATCH', `/authors/${authorId}`, { body: { long_description: lines } }));
    const read = (await api('GET', `/authors/${authorId}`)).body.long_description;
    return { oneLine, spanning, length: read === null ? null : read.length };
  },
  broken: (seen) => expect(seen).toEqual({ oneLine: [200], spanning: [422, problemType('validation-failed'), ['long_description']], length: null }),
  correct: (seen) => expect(seen).toEqual({ oneLine: [200], spanning: [200], length: 1000 }),
});

contrastFaults('the thirty-ninth look: faults written from the contract alone', cases);
