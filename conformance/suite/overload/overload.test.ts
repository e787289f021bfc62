/**
 * Phase overload (opt-in, `--overload`; see conformance/cases/overload.ts for what is judged): the
 * largest requests the contract allows, and the largest answers, `--overload-concurrency` at once, one
 * load after another:
 *
 *   createPost   bodies of about 1 MiB: title and content_md at their maxLength (rendered)
 *   createEmail  60,000 characters of Markdown that cost the most to render (`*a` repeated); and,
 *                with --token2, fairness: up to 32 of them from one workspace while a second
 *                workspace sends one light rendering (conformance/cases/fairness.ts)
 *   uploadImage  a PNG of 10 MiB, the largest image the contract allows
 *   listPosts    size=100 of a page of 100 posts, each with content_html at its maxLength (at most 4 at
 *                once: each answer is about 50 MB, held by the suite to be judged)
 *
 * Accepted posts and emails are deleted afterwards; uploaded images and the phase's pages and newsletter
 * cannot be.
 */
import type { OperationInfo } from '../../contract/document.ts';
import { judgeFairness, type Accepted } from '../../cases/fairness.ts';
import { sendLoad } from '../../cases/overload.ts';
import { forOperation } from '../harness.ts';
import { pngOfSize } from '../images.ts';
import type { Kit, RawRequest, RawResult } from '../kit.ts';
import { fillPath } from '../requests.ts';
import { Resources } from '../resources.ts';

const RULES = ['requests.overload-answered'];
const IMAGE_LIMIT = 10 * 1024 * 1024;
/** The most list answers of about 50 MB the suite holds at once. */
const MOST_LISTS_AT_ONCE = 4;
/** Costly Markdown: emphasis markers the renderer must pair up, just under what a server may treat as a large body. */
const COSTLY_MARKDOWN_CHARACTERS = 60_000;
const PAGE_SIZE = 100;

/** The maxLength the contract gives a field of the operation's JSON body. */
function maxLengthOf(t: Kit, operation: OperationInfo, field: string): number {
  const media = operation.requestBody?.content.find((candidate) => candidate.mediaType === 'application/json');
  if (!media) throw new Error(`${operation.operationId} takes no JSON body; this is a fault of the suite`);
  const body = t.contract.resolve(media.schema, media.schemaPointer);
  const property = t.contract.resolve(body.node?.properties?.[field], `${body.pointer}/properties/${field}`).node;
  if (typeof property?.maxLength !== 'number') throw new Error(`${operation.operationId}'s ${field} has no maxLength; the overload phase needs one to size its requests`);
  return property.maxLength;
}

/** ASCII text of exactly `length` characters: paragraphs of words, so it renders as plain Markdown. */
function filler(length: number, marker: string): string {
  const paragraph = `${marker} carries the largest content the contract allows, word after word, to see the target hold it.\n\n`;
  return paragraph.repeat(Math.ceil(length / paragraph.length)).slice(0, length);
}

function titleOf(t: Kit, length: number): string {
  const name = t.names.name('overload');
  return (name + ' ' + 'x'.repeat(length)).slice(0, length);
}

const postsOf = (t: Kit) => t.contract.operation('createPost');

function postRequest(t: Kit, pageId: number, body: Record<string, unknown>): RawRequest {
  return { method: 'POST', path: fillPath(postsOf(t).path, { page_id: pageId }), body: JSON.stringify(body), contentType: 'application/json' };
}

/** Deletes the posts a load created, after the operation's tests. */
function deleteAccepted(t: Kit, pageId: number, accepted: RawResult[]): void {
  const deletePost = t.contract.operation('deletePost');
  for (const { json } of accepted) {
    const id = (json as { id?: unknown } | undefined)?.id;
    if (typeof id === 'number') t.cleanup(`post ${id} of page ${pageId}`, async () => void (await t.call(deletePost, { ids: { page_id: pageId, id } })));
  }
}

const concurrency = (t: Kit) => t.options.overloadConcurrency ?? 32;
const timeoutMs = (t: Kit, extraSeconds: number) => ((t.options.overloadWithinSeconds ?? 30) * 3 + extraSeconds) * 1000;

/** A page of the phase's own: pages cannot be deleted, and the run's shared page must stay light to list. */
const overloadPage = (t: Kit) => t.shared('overload-page', async () => (await new Resources(t).page('overload')).id);

forOperation('createPost', (test) => {
  test('many of the largest posts at once (title and content_md at their maxLength) are each created or refused with 503 or 429, in time', { check: 'survives_overload', rules: RULES, timeoutMs: 400_000 }, async (t: Kit) => {
    const pageId = await overloadPage(t);
    const operation = postsOf(t);
    const count = concurrency(t);
    const { accepted } = await sendLoad(t, {
      description: `${count} createPost requests of about 1 MiB each`,
      count,
      request: () => postRequest(t, pageId, { title: titleOf(t, maxLengthOf(t, operation, 'title')), content_md: filler(maxLengthOf(t, operation, 'content_md'), t.names.name('overload')) }),
    });
    deleteAccepted(t, pageId, accepted);
  });
});

forOperation('createEmail', (test) => {
  test('many costly Markdown renderings at once are each created or refused with 503 or 429, in time', { check: 'survives_overload', rules: RULES, timeoutMs: 400_000 }, async (t: Kit) => {
    const newsletterId = await t.shared('overload-newsletter', async () => (await new Resources(t).newsletter('overload')).id);
    const count = concurrency(t);
    const { accepted } = await sendLoad(t, {
      description: `${count} createEmail requests with ${COSTLY_MARKDOWN_CHARACTERS.toLocaleString('en')} characters of costly Markdown each`,
      count,
      request: () => ({
        method: t.operation.method,
        path: fillPath(t.operation.path, { newsletter_id: newsletterId }),
        body: JSON.stringify({ subject: t.names.name('overload'), content_md: '*a'.repeat(COSTLY_MARKDOWN_CHARACTERS / 2) }),
        contentType: 'application/json',
      }),
    });
    // Drafts can be deleted: the load leaves none behind.
    const deleteEmail = t.contract.operation('deleteEmail');
    for (const { json } of accepted) {
      const id = (json as { id?: unknown } | undefined)?.id;
      if (typeof id === 'number') t.cleanup(`email ${id} of newsletter ${newsletterId}`, async () => void (await t.call(deleteEmail, { ids: { newsletter_id: newsletterId, id } })));
    }
  });
});

/** The most costly renderings the fairness load sends at once: waiting behind them all is many times one of them. */
const MOST_FAIRNESS_REQUESTS = 32;

forOperation('createEmail', (test) => {
  test("a second workspace's light rendering waits for at most about one of the first workspace's many costly renderings", { check: 'fair_between_workspaces', rules: ['requests.fair-between-workspaces'], timeoutMs: 400_000 }, async (t: Kit) => {
    const token2 = t.options.token2;
    if (!token2) t.notApplicable('needs --token2, a token of a second workspace');
    const newsletterA = await t.shared('overload-newsletter', async () => (await new Resources(t).newsletter('overload')).id);
    const made = await t.call(t.contract.operation('createNewsletter'), { ids: {}, body: { name: t.names.name('overload-fair') }, authorization: `Bearer ${token2}` });
    const newsletterB = (made.json as { id?: unknown } | undefined)?.id;
    t.ensure(made.status === 201 && typeof newsletterB === 'number', `creating the second workspace's newsletter: createNewsletter answered ${made.status}`, { check: 'positive_data_acceptance', evidence: made.exchange });
    const count = Math.min(concurrency(t), MOST_FAIRNESS_REQUESTS);
    const email = (newsletterId: number, content_md: string, authorization?: string): RawRequest => ({
      method: t.operation.method,
      path: fillPath(t.operation.path, { newsletter_id: newsletterId }),
      body: JSON.stringify({ subject: t.names.name('overload-fair'), content_md }),
      contentType: 'application/json',
      ...(authorization ? { authorization } : {}),
    });
    const accepted: Accepted = { costly: [], light: [] };
    try {
      await judgeFairness(t, {
        description: `${count} createEmail requests with ${COSTLY_MARKDOWN_CHARACTERS.toLocaleString('en')} characters of costly Markdown each`,
        count,
        costly: () => email(newsletterA, '*a'.repeat(COSTLY_MARKDOWN_CHARACTERS / 2)),
        light: () => email(newsletterB, 'A short note.', `Bearer ${token2}`),
      }, accepted);
    } finally {
      // Drafts can be deleted, each with the token of its workspace: the test leaves none behind.
      const deleteEmail = t.contract.operation('deleteEmail');
      const remove = (results: RawResult[], newsletterId: number, authorization?: string) => {
        for (const { json } of results) {
          const id = (json as { id?: unknown } | undefined)?.id;
          if (typeof id === 'number') t.cleanup(`email ${id} of newsletter ${newsletterId}`, async () => void (await t.call(deleteEmail, { ids: { newsletter_id: newsletterId, id }, ...(authorization ? { authorization } : {}) })));
        }
      };
      remove(accepted.costly, newsletterA);
      remove(accepted.light, newsletterB, `Bearer ${token2}`);
    }
  });
});

forOperation('uploadImage', (test) => {
  test('many uploads of the largest image (10 MiB) at once are each stored or refused with 503 or 429, in time', { check: 'survives_overload', rules: RULES, timeoutMs: 400_000 }, async (t: Kit) => {
    const operation = t.contract.operation('uploadImage');
    const file = pngOfSize(IMAGE_LIMIT);
    const count = concurrency(t);
    await sendLoad(t, {
      description: `${count} uploads of 10 MiB each`,
      count,
      request: () => {
        const body = new FormData();
        body.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
        return { method: operation.method, path: operation.path, body, curlBody: `-F 'file=@${file.name};type=${file.type}'` };
      },
    });
  });
});

/** Creates a post, waiting out a refusal at capacity (503, 429) as Retry-After says, a few times at most. */
async function createPatiently(t: Kit, request: RawRequest): Promise<RawResult> {
  for (let attempt = 1; ; attempt++) {
    const result = await t.raw({ ...request, rateLimitIsTheAnswer: true });
    if ((result.status !== 503 && result.status !== 429) || attempt === 10) return result;
    const retryAfter = Number(result.exchange.response?.headers.find(([name]) => name.toLowerCase() === 'retry-after')?.[1]);
    await new Promise((resolve) => setTimeout(resolve, Math.min(30, Number.isFinite(retryAfter) ? retryAfter : 1) * 1000));
  }
}

forOperation('listPosts', (test) => {
  test('many full pages (size=100) of the largest posts at once are each answered whole or refused with 429, in time', { check: 'survives_overload', rules: RULES, needs: ['state'], timeoutMs: 900_000 }, async (t: Kit) => {
    const pageId = (await new Resources(t).page('overload-list')).id;
    const create = postsOf(t);
    const html = maxLengthOf(t, create, 'content_html');
    // A full page of maximal items, four at a time: the set-up is not the load.
    for (let start = 0; start < PAGE_SIZE; start += 4) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(4, PAGE_SIZE - start) }, () =>
          createPatiently(t, postRequest(t, pageId, { title: t.names.name('overload'), content_html: `<p>${filler(html - 7, t.names.name('overload'))}</p>` })),
        ),
      );
      deleteAccepted(t, pageId, batch.filter((result) => result.status === 201));
      const refused = batch.find((result) => result.status !== 201);
      t.ensure(!refused, `creating the page of 100 posts the load lists: createPost answered ${refused?.status ?? 'nothing'}`, { check: 'positive_data_acceptance', evidence: refused?.exchange });
    }
    const list = t.operation;
    const count = Math.min(concurrency(t), MOST_LISTS_AT_ONCE);
    const { accepted } = await sendLoad(t, {
      description: `${count} listPosts requests for a page of 100 posts of ${html.toLocaleString('en')} characters of HTML each`,
      count,
      request: () => ({ method: list.method, path: fillPath(list.path, { page_id: pageId }), query: { size: PAGE_SIZE } }),
    });
    const short = accepted.find((result) => ((result.json as { result?: unknown[] } | undefined)?.result?.length ?? 0) !== PAGE_SIZE);
    t.verify(!short, `a listPosts answer under load held ${(short?.json as { result?: unknown[] } | undefined)?.result?.length ?? 'no'} items where the page has ${PAGE_SIZE}`, { evidence: short?.exchange });
  });
});
