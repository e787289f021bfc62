/**
 * The page the browser test loads: a small front end built on the typed client, served from another
 * origin than the API. It reads the API's address and token from its own URL, does what a UI does
 * (list posts, create one, read the rate-limit fields, show a 422's field, force a 409 with Prefer),
 * and writes each outcome into the page, where the test reads it.
 */
import { createPublishingClient, type components } from '../../index.ts';

// The client types an error by its media type (application/problem+json); at run time it is the problem.
type Problem = components['schemas']['ValidationProblem'];
const problemOf = (error: unknown) => error as Partial<Problem> | undefined;

// The few browser objects the page uses, typed here: the project compiles without the DOM library.
interface PageElement {
  id: string;
  textContent: string | null;
  append(...children: PageElement[]): void;
}
const { document, location } = globalThis as unknown as {
  document: { body: PageElement; createElement(tag: string): PageElement };
  location: { search: string };
};

const params = new URLSearchParams(location.search);
const api = createPublishingClient({ baseUrl: params.get('api')!, token: params.get('token')! });
const show = (id: string, text: string) => {
  const element = document.createElement('output');
  element.id = id;
  element.textContent = text;
  document.body.append(element);
};

async function run(): Promise<void> {
  const page = { page_id: 1 };
  const listed = await api.GET('/pages/{page_id}/posts', { params: { path: page, query: { status: 'published', size: 5 } } });
  const list = document.createElement('ul');
  list.id = 'posts';
  for (const post of listed.data?.result ?? []) {
    const item = document.createElement('li');
    item.textContent = post.title;
    list.append(item);
  }
  document.body.append(list);
  show('posts-total', String(listed.data?.total ?? problemOf(listed.error)?.status));

  const created = await api.POST('/pages/{page_id}/posts', { params: { path: page }, body: { title: 'Written in a browser', content_md: 'Made by the **typed client**.', status: 'draft' } });
  show('created', created.data ? `${created.response.status} ${created.data.id} ${created.data.content_html?.trim()}` : `error ${created.response.status}`);
  show('ratelimit', `${created.response.headers.get('RateLimit')} | ${created.response.headers.get('RateLimit-Policy')}`);

  const invalid = await api.POST('/pages/{page_id}/posts', { params: { path: page }, body: { title: 'No such category', category_id: 999_999 } });
  show('invalid', `${invalid.response.status} ${problemOf(invalid.error)?.errors?.map((e) => `${e.field}: ${e.message}`).join('; ')}`);

  const conflict = await api.POST('/newsletters/{newsletter_id}/emails/{id}/send', { params: { path: { newsletter_id: 1, id: 1 } }, headers: { Prefer: 'code=409' } });
  show('conflict', `${conflict.response.status} ${problemOf(conflict.error)?.type} ${conflict.response.headers.get('Preference-Applied')}`);
}

run().then(
  () => show('done', 'ok'),
  (err: unknown) => show('done', `failed: ${String(err)}`),
);
