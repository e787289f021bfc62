/**
 * The faults of server/faults/markdown-one-past.ts really break what they name: each case runs the
 * same requests against the server with the fault and without it, and requires the broken answer from
 * the first and the one the contract requires from the second.
 */
import { expect } from 'vitest';
import { contrastFaults, type FaultContrast } from './fault-contrast.ts';
import type { Api } from './harness.ts';

const cases: FaultContrast<any>[] = [];
const add = <T>(c: FaultContrast<T>) => cases.push(c);

const fields = (body: { errors?: { field: string }[] }) => (body.errors ?? []).map((e) => e.field).sort();
/** Block quotes nested `depth` levels deep. */
const quotes = (depth: number) => `${'>'.repeat(depth)} deep`;
/** Markdown whose HTML (`<p>`, `</p>` and a line end around it) is exactly `characters` long: `&` renders as `&amp;`, `é` as itself. */
const renderingTo = (characters: number) => {
  const rest = characters - '<p></p>\n'.length;
  return `${'&'.repeat(Math.floor(rest / 5) - 1)}${'é'.repeat((rest % 5) + 5)}`;
};
const answer = (a: { status: number; body: any }) => (a.status === 422 ? [422, fields(a.body)] : [a.status]);

const newPost = async (api: Api) => {
  const page = (await api('POST', '/pages', { body: { name: `Blog ${Math.random()}` } })).body.id as number;
  const post = (await api('POST', `/pages/${page}/posts`, { body: { title: 'Deep' } })).body.id as number;
  return `/pages/${page}/posts/${post}`;
};

add({
  fault: 'post-update-markdown-depth-one-past',
  what: 'updatePost must refuse Markdown nested 51 levels deep, one past the limit, with 422 naming content_md',
  observe: async ({ api }) => {
    const post = await newPost(api);
    const update = async (depth: number) => answer(await api('PATCH', post, { body: { content_md: quotes(depth) } }));
    const page = post.replace(/\/posts\/\d+$/, '');
    return {
      atLimit: await update(50),
      onePast: await update(51),
      twoPast: await update(52),
      createOnePast: answer(await api('POST', `${page}/posts`, { body: { title: 'Deeper', content_md: quotes(51) } })),
    };
  },
  broken: (seen) => expect(seen).toEqual({ atLimit: [200], onePast: [200], twoPast: [422, ['content_md']], createOnePast: [422, ['content_md']] }),
  correct: (seen) => expect(seen).toEqual({ atLimit: [200], onePast: [422, ['content_md']], twoPast: [422, ['content_md']], createOnePast: [422, ['content_md']] }),
});

add({
  fault: 'email-create-html-limit-trailing-newline',
  what: 'createEmail must refuse Markdown rendering to 1,000,001 characters of HTML with 422 naming content_md',
  observe: async ({ api }) => {
    const newsletter = (await api('POST', '/newsletters', { body: { name: `Weekly ${Math.random()}` } })).body.id as number;
    const create = async (characters: number) => answer(await api('POST', `/newsletters/${newsletter}/emails`, { body: { subject: 'Long', content_md: renderingTo(characters) } }));
    const email = (await api('POST', `/newsletters/${newsletter}/emails`, { body: { subject: 'Short' } })).body.id as number;
    return {
      atLimit: await create(1_000_000),
      onePast: await create(1_000_001),
      twoPast: await create(1_000_002),
      updateOnePast: answer(await api('PATCH', `/newsletters/${newsletter}/emails/${email}`, { body: { content_md: renderingTo(1_000_001) } })),
    };
  },
  broken: (seen) => expect(seen).toEqual({ atLimit: [201], onePast: [201], twoPast: [422, ['content_md']], updateOnePast: [422, ['content_md']] }),
  correct: (seen) => expect(seen).toEqual({ atLimit: [201], onePast: [422, ['content_md']], twoPast: [422, ['content_md']], updateOnePast: [422, ['content_md']] }),
});

contrastFaults('one past each Markdown limit', cases);
