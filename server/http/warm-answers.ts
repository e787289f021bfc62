/**
 * What a client's first request of an operation still paid once the validators were built, the
 * parsers run and the services rehearsed (measured with `npm run bench:start` and CPU profiles of a
 * first request against a second one): code run for the first time on the way to each kind of
 * answer. The request validator's checks of a real body (a format's regular expression compiles on
 * its first test: 7 ms for the URI format), the response validator on a real 200 or 201, the
 * operation's handler, the `Location` of a 201, and the path of every problem answer: the error
 * handler, the problem's construction and serialisation, the 422's field errors, the 404 of a route
 * that does not exist, the 401's challenge.
 *
 * So the warm-up sends, on a loopback listener made as the real one is (listen.ts), every operation's
 * answers once: its success with a realistic body, its 404 (an id that does not exist), its 422
 * (a body or query the contract refuses) and, where the contract has one, its 409; then the 401,
 * 400, 405 and 415 answers and a route that does not exist. They go to a throwaway copy of the server
 * (compose-shadow.ts): its own database in memory, its own token and rate limits, a logger that writes
 * nowhere; it shares the real application's compiled validators. No Markdown is sent (no rendering
 * thread is started for the warm-up), and the image is the one-pixel PNG, in a temporary folder.
 * Each request enters the copy in a heavy turn of the event loop (heavy-turns.ts): clients of the
 * real server connecting meanwhile are accepted first.
 */
import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import { createHttpServer, type ServerLimits } from './listen.ts';
import { heavyTurns } from './heavy-turns.ts';

export interface RehearsedAnswer {
  /** The operation the request is one of, or what the request is when it is none (an unknown route). */
  operation: string;
  expected: number;
  status: number;
}

export interface Rehearsal {
  app: Express;
  token: string;
  authorId: number;
}

/** An id no resource has: the 404 of every operation with ids in its path. */
const MISSING = 2_000_000_000;
const HTML = '<p>Warm-up <em>content</em>, <a href="https://example.com/warm-up">a link</a>.</p>';
// The smallest valid PNG: one transparent pixel.
const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

interface Sent {
  body?: unknown;
  /** A body sent as it is, with this content type. */
  raw?: { type: string; text: string };
  form?: FormData;
  /** false: no Authorization header; a string: that header. */
  authorization?: false | string;
  headers?: Record<string, string>;
  /** The path is the site's, not under the API's base. */
  outsideApi?: true;
}

/** Ends the rehearsal early: the server is shutting down. */
class ShuttingDown extends Error {}

/**
 * Sends the rehearsal's requests, one after another, and resolves with what each was answered. A
 * server shutting down (`signal`) stops it between two requests: it resolves with what was sent.
 */
export async function rehearseAnswers(shadow: Rehearsal, apiBase: string, limits: ServerLimits, signal?: AbortSignal): Promise<RehearsedAnswer[]> {
  const server: Server = createHttpServer((req, res) => void heavyTurns.next().then(() => shadow.app(req, res)), limits).listen(0, '127.0.0.1');
  await once(server, 'listening');
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const answers: RehearsedAnswer[] = [];

  async function send(operation: string, expected: number, method: string, path: string, sent: Sent = {}): Promise<any> { // eslint-disable-line @typescript-eslint/no-explicit-any
    if (signal?.aborted) throw new ShuttingDown();
    const headers: Record<string, string> = { ...sent.headers };
    if (sent.authorization !== false) headers.Authorization = sent.authorization ?? `Bearer ${shadow.token}`;
    let body: string | FormData | undefined;
    if (sent.raw) {
      headers['Content-Type'] = sent.raw.type;
      body = sent.raw.text;
    } else if (sent.form) {
      body = sent.form;
    } else if (sent.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(sent.body);
    }
    const response = await fetch(`${origin}${sent.outsideApi ? '' : apiBase}${path}`, { method, headers, ...(body === undefined ? {} : { body }) });
    const text = await response.text();
    answers.push({ operation, expected, status: response.status });
    return text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : undefined;
  }

  try {
    // Pages.
    await send('listPages', 200, 'GET', '/pages?page=1&size=10');
    const page = await send('createPage', 201, 'POST', '/pages', { body: { name: 'Warm-up page', slug: 'warm-up' } });
    await send('createPage', 409, 'POST', '/pages', { body: { name: 'Warm-up page', slug: 'warm-up' } });
    await send('createPage', 422, 'POST', '/pages', { body: { name: 5, unknown: true } });
    await send('listPages', 200, 'GET', '/pages?page=1&size=10');
    await send('listPages', 422, 'GET', '/pages?size=0');
    await send('getPage', 200, 'GET', `/pages/${page.id}`);
    await send('getPage', 404, 'GET', `/pages/${MISSING}`);
    await send('getPage', 422, 'GET', '/pages/first');
    await send('updatePage', 200, 'PATCH', `/pages/${page.id}`, { body: { name: 'Warm-up page, renamed' } });
    await send('updatePage', 404, 'PATCH', `/pages/${MISSING}`, { body: { name: 'Warm-up page, renamed' } });
    await send('updatePage', 422, 'PATCH', `/pages/${page.id}`, { body: { slug: 5 } });

    // Categories and posts of that page.
    const category = await send('createCategory', 201, 'POST', `/pages/${page.id}/categories`, {
      body: { name: 'Warm-up category', description: 'What the warm-up writes.', color: '#1E90FF' },
    });
    await send('createCategory', 409, 'POST', `/pages/${page.id}/categories`, { body: { name: 'Warm-up category, again', slug: category.slug } });
    await send('createCategory', 404, 'POST', `/pages/${MISSING}/categories`, { body: { name: 'Warm-up category' } });
    await send('createCategory', 422, 'POST', `/pages/${page.id}/categories`, { body: { name: 'Warm-up', color: 'blue' } });
    await send('listCategories', 200, 'GET', `/pages/${page.id}/categories?page=1&size=10`);
    await send('listCategories', 404, 'GET', `/pages/${MISSING}/categories`);
    await send('listCategories', 422, 'GET', `/pages/${page.id}/categories?page=0`);
    await send('getCategory', 200, 'GET', `/pages/${page.id}/categories/${category.id}`);
    await send('getCategory', 404, 'GET', `/pages/${page.id}/categories/${MISSING}`);
    await send('updateCategory', 200, 'PATCH', `/pages/${page.id}/categories/${category.id}`, { body: { color: '#F80' } });
    await send('updateCategory', 404, 'PATCH', `/pages/${page.id}/categories/${MISSING}`, { body: { color: '#F80' } });
    await send('updateCategory', 422, 'PATCH', `/pages/${page.id}/categories/${category.id}`, { body: { color: 'orange' } });

    const post = await send('createPost', 201, 'POST', `/pages/${page.id}/posts`, {
      body: {
        title: 'Warm-up post',
        content_html: HTML,
        description: 'What the warm-up writes.',
        seo_title: 'Warm-up',
        category_id: category.id,
        author_id: shadow.authorId,
        cover_image_url: 'https://example.com/images/warm-up.png',
      },
    });
    await send('createPost', 404, 'POST', `/pages/${MISSING}/posts`, { body: { title: 'Warm-up post', content_html: HTML } });
    await send('createPost', 422, 'POST', `/pages/${page.id}/posts`, { body: { title: 5, cover_image_url: 'not a url' } });
    await send('listPosts', 200, 'GET', `/pages/${page.id}/posts?status=draft&category_id=${category.id}&page=1&size=10`);
    await send('listPosts', 404, 'GET', `/pages/${MISSING}/posts`);
    await send('listPosts', 422, 'GET', `/pages/${page.id}/posts?status=lost`);
    await send('getPost', 200, 'GET', `/pages/${page.id}/posts/${post.id}`);
    await send('getPost', 404, 'GET', `/pages/${page.id}/posts/${MISSING}`);
    await send('updatePost', 200, 'PATCH', `/pages/${page.id}/posts/${post.id}`, { body: { status: 'published', category_id: null } });
    await send('updatePost', 404, 'PATCH', `/pages/${page.id}/posts/${MISSING}`, { body: { status: 'published' } });
    await send('updatePost', 422, 'PATCH', `/pages/${page.id}/posts/${post.id}`, { body: { status: 'lost' } });
    await send('deletePost', 204, 'DELETE', `/pages/${page.id}/posts/${post.id}`);
    await send('deletePost', 404, 'DELETE', `/pages/${page.id}/posts/${post.id}`);
    await send('deleteCategory', 204, 'DELETE', `/pages/${page.id}/categories/${category.id}`);
    await send('deleteCategory', 404, 'DELETE', `/pages/${page.id}/categories/${category.id}`);

    // Newsletters, their subscribers and emails.
    const newsletter = await send('createNewsletter', 201, 'POST', '/newsletters', { body: { name: 'Warm-up newsletter' } });
    await send('createNewsletter', 409, 'POST', '/newsletters', { body: { name: 'Warm-up newsletter' } });
    await send('createNewsletter', 422, 'POST', '/newsletters', { body: { name: '' } });
    await send('listNewsletters', 200, 'GET', '/newsletters?page=1&size=10');
    await send('listNewsletters', 422, 'GET', '/newsletters?size=many');
    await send('getNewsletter', 200, 'GET', `/newsletters/${newsletter.id}`);
    await send('getNewsletter', 404, 'GET', `/newsletters/${MISSING}`);
    await send('updateNewsletter', 200, 'PATCH', `/newsletters/${newsletter.id}`, { body: { name: 'Warm-up newsletter, renamed' } });
    await send('updateNewsletter', 404, 'PATCH', `/newsletters/${MISSING}`, { body: { name: 'Warm-up newsletter, renamed' } });
    await send('updateNewsletter', 422, 'PATCH', `/newsletters/${newsletter.id}`, { body: { name: 5 } });

    const subscriber = await send('createSubscriber', 200, 'POST', `/newsletters/${newsletter.id}/subscribers`, { body: { email: 'Reader@example.com' } });
    await send('createSubscriber', 404, 'POST', `/newsletters/${MISSING}/subscribers`, { body: { email: 'reader@example.com' } });
    await send('createSubscriber', 422, 'POST', `/newsletters/${newsletter.id}/subscribers`, { body: { email: 'not an address' } });
    await send('listSubscribers', 200, 'GET', `/newsletters/${newsletter.id}/subscribers?page=1&size=10`);
    await send('listSubscribers', 404, 'GET', `/newsletters/${MISSING}/subscribers`);
    await send('listSubscribers', 422, 'GET', `/newsletters/${newsletter.id}/subscribers?verified=perhaps`);

    const email = await send('createEmail', 201, 'POST', `/newsletters/${newsletter.id}/emails`, {
      body: { subject: 'Warm-up email', preview: 'What the warm-up writes', content_html: HTML, author_id: shadow.authorId },
    });
    await send('createEmail', 404, 'POST', `/newsletters/${MISSING}/emails`, { body: { subject: 'Warm-up email' } });
    await send('createEmail', 422, 'POST', `/newsletters/${newsletter.id}/emails`, { body: { subject: 5, author_id: 'first' } });
    await send('listEmails', 200, 'GET', `/newsletters/${newsletter.id}/emails?status=draft&page=1&size=10`);
    await send('listEmails', 404, 'GET', `/newsletters/${MISSING}/emails`);
    await send('listEmails', 422, 'GET', `/newsletters/${newsletter.id}/emails?status=lost`);
    await send('getEmail', 200, 'GET', `/newsletters/${newsletter.id}/emails/${email.id}`);
    await send('getEmail', 404, 'GET', `/newsletters/${newsletter.id}/emails/${MISSING}`);
    await send('updateEmail', 200, 'PATCH', `/newsletters/${newsletter.id}/emails/${email.id}`, { body: { preview: 'Still the warm-up' } });
    await send('updateEmail', 404, 'PATCH', `/newsletters/${newsletter.id}/emails/${MISSING}`, { body: { preview: 'Still the warm-up' } });
    await send('updateEmail', 422, 'PATCH', `/newsletters/${newsletter.id}/emails/${email.id}`, { body: { subject: 5 } });
    await send('sendEmail', 404, 'POST', `/newsletters/${newsletter.id}/emails/${MISSING}/send`, { body: {} });
    await send('sendEmail', 422, 'POST', `/newsletters/${newsletter.id}/emails/${email.id}/send`, { body: { scheduled_at: 'tomorrow' } });
    // Queued for delivery (no worker delivers the shadow's emails): no longer a draft, so its 409s follow.
    await send('sendEmail', 200, 'POST', `/newsletters/${newsletter.id}/emails/${email.id}/send`, { body: {} });
    await send('updateEmail', 409, 'PATCH', `/newsletters/${newsletter.id}/emails/${email.id}`, { body: { preview: 'Too late' } });
    await send('deleteEmail', 409, 'DELETE', `/newsletters/${newsletter.id}/emails/${email.id}`);
    const draft = await send('createEmail', 201, 'POST', `/newsletters/${newsletter.id}/emails`, { body: { subject: 'Warm-up draft' } });
    await send('deleteEmail', 204, 'DELETE', `/newsletters/${newsletter.id}/emails/${draft.id}`);
    await send('deleteEmail', 404, 'DELETE', `/newsletters/${newsletter.id}/emails/${draft.id}`);
    await send('deleteSubscriber', 204, 'DELETE', `/newsletters/${newsletter.id}/subscribers/${subscriber.id}`);
    await send('deleteSubscriber', 404, 'DELETE', `/newsletters/${newsletter.id}/subscribers/${subscriber.id}`);

    // Authors (the API creates none: the shadow has one) and images.
    await send('listAuthors', 200, 'GET', '/authors?active=true&page=1&size=10');
    await send('listAuthors', 422, 'GET', '/authors?active=perhaps');
    await send('getAuthor', 200, 'GET', `/authors/${shadow.authorId}`);
    await send('getAuthor', 404, 'GET', `/authors/${MISSING}`);
    await send('updateAuthor', 200, 'PATCH', `/authors/${shadow.authorId}`, { body: { position: 'Managing editor' } });
    await send('updateAuthor', 404, 'PATCH', `/authors/${MISSING}`, { body: { position: 'Managing editor' } });
    await send('updateAuthor', 422, 'PATCH', `/authors/${shadow.authorId}`, { body: { email: 'not an address' } });
    const image = new FormData();
    image.append('file', new Blob([PIXEL], { type: 'image/png' }), 'pixel.png');
    await send('uploadImage', 201, 'POST', '/images/upload', { form: image });
    const notImage = new FormData();
    notImage.append('file', new Blob(['not an image'], { type: 'image/png' }), 'text.png');
    await send('uploadImage', 415, 'POST', '/images/upload', { form: notImage });
    await send('uploadImage', 422, 'POST', '/images/upload', { form: new FormData() });

    // The answers of no operation in particular.
    await send('listPages', 401, 'GET', '/pages', { authorization: false });
    await send('listPages', 401, 'GET', '/pages', { authorization: 'Basic d2FybTp1cA==' });
    await send('listPages', 401, 'GET', '/pages', { authorization: 'Bearer pub_unknown' });
    await send('createPage', 400, 'POST', '/pages', { raw: { type: 'application/json', text: '{"name": ' } });
    await send('createPage', 415, 'POST', '/pages', { raw: { type: 'text/plain', text: 'Warm-up page' } });
    await send('listPages', 405, 'DELETE', '/pages');
    await send('listPages', 204, 'OPTIONS', '/pages', { authorization: false, headers: { Origin: 'https://example.com', 'Access-Control-Request-Method': 'GET' } });
    await send('listPages', 200, 'HEAD', '/pages');
    await send('no route', 404, 'GET', '/nothing-here');
    await send('no route', 404, 'GET', '/nothing-here', { outsideApi: true });
    return answers;
  } catch (err) {
    if (err instanceof ShuttingDown) return answers;
    throw err;
  } finally {
    server.close();
    server.closeAllConnections();
  }
}
