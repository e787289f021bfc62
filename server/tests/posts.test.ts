/** Posts: draft or published at creation, first_published_at, Markdown, references, filters, CRUD. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

let t: TestServer;
let pageId: number;
let categoryId: number;
beforeAll(async () => {
  t = await startTestServer();
  pageId = (await t.api('POST', '/pages', { body: { name: 'Blog' } })).body.id;
  categoryId = (await t.api('POST', `/pages/${pageId}/categories`, { body: { name: 'News' } })).body.id;
});
afterAll(() => t.close());

const createPost = (body: unknown, page = pageId) => t.api('POST', `/pages/${page}/posts`, { body });

describe('POST /pages/{page_id}/posts', () => {
  it('creates a draft by default, with every optional field null', async () => {
    const { status, body } = await createPost({ title: 'First draft' });
    expect(status).toBe(201);
    expect(body).toMatchObject({
      title: 'First draft',
      slug: 'first-draft',
      status: 'draft',
      description: null,
      content_html: null,
      category_id: null,
      page_id: pageId,
      scheduled_at: null,
      first_published_at: null,
    });
  });

  it('publishes at creation, setting first_published_at to the creation time', async () => {
    const { body } = await createPost({ title: 'Launch', status: 'published' });
    expect(body.status).toBe('published');
    expect(body.first_published_at).toBe(body.created_at);
  });

  it('never returns content_md or author_id', async () => {
    const { body } = await createPost({ title: 'Private fields', content_md: 'x', author_id: t.authorId });
    expect(body).not.toHaveProperty('content_md');
    expect(body).not.toHaveProperty('author_id');
  });

  it('renders Markdown when only content_md is given, and keeps content_html when both are', async () => {
    const rendered = await createPost({ title: 'Markdown', content_md: '# Title\n\nSome *emphasis* and a [link](https://example.com).' });
    expect(rendered.body.content_html).toBe('<h1>Title</h1>\n<p>Some <em>emphasis</em> and a <a href="https://example.com">link</a>.</p>\n');
    const both = await createPost({ title: 'Both', content_md: '# Ignored', content_html: '<p>Kept</p>' });
    expect(both.body.content_html).toBe('<p>Kept</p>');
  });

  it('suffixes the slug of a title used before on the page', async () => {
    await createPost({ title: 'Weekly notes' });
    expect((await createPost({ title: 'Weekly notes' })).body.slug).toBe('weekly-notes-1');
    expect((await createPost({ title: 'Weekly Notes!' })).body.slug).toBe('weekly-notes-2');
  });

  it('refuses status scheduled with 422', async () => {
    const { status, body } = await createPost({ title: 'Later', status: 'scheduled' });
    expect(status).toBe(422);
    expect(body.errors).toEqual([{ field: 'status', message: 'must be one of: draft, published' }]);
  });

  it('refuses a category of another page and an unknown author with 422', async () => {
    const otherPage = (await t.api('POST', '/pages', { body: { name: 'Other blog' } })).body.id;
    const foreignCategory = (await t.api('POST', `/pages/${otherPage}/categories`, { body: { name: 'Elsewhere' } })).body.id;
    const { status, body } = await createPost({ title: 'Bad refs', category_id: foreignCategory, author_id: 999999 });
    expect(status).toBe(422);
    expect(body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['author_id', 'category_id']);
  });

  it('answers 404 for a page of another workspace, and creates nothing', async () => {
    const theirs = (await t.api('POST', '/pages', { body: { name: 'Theirs' }, token: t.otherToken })).body.id;
    expect((await createPost({ title: 'Intruder' }, theirs)).status).toBe(404);
    expect((await t.api('GET', `/pages/${theirs}/posts`, { token: t.otherToken })).body.total).toBe(0);
  });
});

describe('GET /pages/{page_id}/posts', () => {
  it('filters by status and by category', async () => {
    const page = (await t.api('POST', '/pages', { body: { name: 'Filtered' } })).body.id;
    const category = (await t.api('POST', `/pages/${page}/categories`, { body: { name: 'Only' } })).body.id;
    await createPost({ title: 'A', status: 'published', category_id: category }, page);
    await createPost({ title: 'B', status: 'draft', category_id: category }, page);
    await createPost({ title: 'C', status: 'published' }, page);
    const published = await t.api('GET', `/pages/${page}/posts?status=published`);
    expect(published.body.result.map((p: { title: string }) => p.title)).toEqual(['C', 'A']);
    const inCategory = await t.api('GET', `/pages/${page}/posts?category_id=${category}`);
    expect(inCategory.body.total).toBe(2);
    const both = await t.api('GET', `/pages/${page}/posts?category_id=${category}&status=draft`);
    expect(both.body.result.map((p: { title: string }) => p.title)).toEqual(['B']);
    expect((await t.api('GET', `/pages/${page}/posts?status=archived`)).status).toBe(422);
  });
});

describe('PATCH and DELETE /pages/{page_id}/posts/{id}', () => {
  it('publishes a draft once: first_published_at is set and kept when unpublished', async () => {
    const { body: draft } = await createPost({ title: 'Publish me', category_id: categoryId });
    const published = await t.api('PATCH', `/pages/${pageId}/posts/${draft.id}`, { body: { status: 'published' } });
    expect(published.body.first_published_at).not.toBeNull();
    const unpublished = await t.api('PATCH', `/pages/${pageId}/posts/${draft.id}`, { body: { status: 'draft', category_id: null } });
    expect(unpublished.body).toMatchObject({ status: 'draft', category_id: null, first_published_at: published.body.first_published_at });
    const again = await t.api('PATCH', `/pages/${pageId}/posts/${draft.id}`, { body: { status: 'published' } });
    expect(again.body.first_published_at).toBe(published.body.first_published_at);
  });

  it('deletes a post: it is gone afterwards', async () => {
    const { body: post } = await createPost({ title: 'Short-lived' });
    expect((await t.api('DELETE', `/pages/${pageId}/posts/${post.id}`)).status).toBe(204);
    expect((await t.api('GET', `/pages/${pageId}/posts/${post.id}`)).status).toBe(404);
    expect((await t.api('DELETE', `/pages/${pageId}/posts/${post.id}`)).status).toBe(404);
  });

  it('keeps posts when their category is deleted, without a category', async () => {
    const category = (await t.api('POST', `/pages/${pageId}/categories`, { body: { name: 'Doomed' } })).body.id;
    const { body: post } = await createPost({ title: 'Survivor', category_id: category });
    expect((await t.api('DELETE', `/pages/${pageId}/categories/${category}`)).status).toBe(204);
    expect((await t.api('GET', `/pages/${pageId}/posts/${post.id}`)).body.category_id).toBeNull();
  });
});
