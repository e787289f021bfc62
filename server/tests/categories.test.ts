/** Categories: slugs derived with suffixes or explicit (409 when taken), colours, CRUD. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

let t: TestServer;
let pageId: number;
beforeAll(async () => {
  t = await startTestServer();
  pageId = (await t.api('POST', '/pages', { body: { name: 'Blog' } })).body.id;
});
afterAll(() => t.close());

const createCategory = (body: unknown, page = pageId) => t.api('POST', `/pages/${page}/categories`, { body });

describe('POST /pages/{page_id}/categories', () => {
  it('creates a category with a derived slug, null defaults and 201', async () => {
    const { status, body } = await createCategory({ name: 'Product News' });
    expect(status).toBe(201);
    expect(body).toMatchObject({ name: 'Product News', slug: 'product-news', description: null, color: null, page_id: pageId });
  });

  it('suffixes a derived slug already used in the page', async () => {
    await createCategory({ name: 'Guides' });
    expect((await createCategory({ name: 'guides' })).body.slug).toBe('guides-1');
    expect((await createCategory({ name: 'Guides!' })).body.slug).toBe('guides-2');
  });

  it('keeps an explicit slug, and refuses one already used in the page with 409', async () => {
    expect((await createCategory({ name: 'Tips', slug: 'tips-and-tricks' })).body.slug).toBe('tips-and-tricks');
    const { status, body } = await createCategory({ name: 'More tips', slug: 'tips-and-tricks' });
    expect(status).toBe(409);
    expect(body.type).toMatch(/slug-taken$/);
  });

  it('cuts the slug of a 255-character name after 90 characters, dropping a hyphen left at the end, and suffixes after the cut', async () => {
    // The 90th character of the full slug is a hyphen.
    const name = `${'a'.repeat(89)} ${'b'.repeat(165)}`;
    expect(name).toHaveLength(255);
    const first = (await createCategory({ name })).body.slug;
    expect(first).toBe('a'.repeat(89));
    expect((await createCategory({ name })).body.slug).toBe(`${'a'.repeat(89)}-1`);
  });

  it('allows the same slug on another page', async () => {
    const other = (await t.api('POST', '/pages', { body: { name: 'Second blog' } })).body.id;
    expect((await createCategory({ name: 'Guides' }, other)).body.slug).toBe('guides');
  });

  it.each(['#1E90FF', '#f80', null])('accepts colour %s', async (color) => {
    const { status, body } = await createCategory({ name: `Colour ${color}`, color });
    expect(status).toBe(201);
    expect(body.color).toBe(color);
  });

  it.each(['red', '#12345', '#GGGGGG', '1E90FF'])('refuses colour %s with 422', async (color) => {
    const { status, body } = await createCategory({ name: 'Bad colour', color });
    expect(status).toBe(422);
    expect(body.errors[0].field).toBe('color');
  });
});

describe('GET, PATCH and DELETE /pages/{page_id}/categories/{id}', () => {
  it('reads, lists, updates and deletes a category', async () => {
    const { body: category } = await createCategory({ name: 'Lifecycle', description: 'Before' });
    expect((await t.api('GET', `/pages/${pageId}/categories/${category.id}`)).body).toEqual(category);
    const listed = await t.api('GET', `/pages/${pageId}/categories?size=1`);
    expect(listed.body.result).toEqual([category]);
    const updated = await t.api('PATCH', `/pages/${pageId}/categories/${category.id}`, { body: { description: null, color: '#000' } });
    expect(updated.body).toMatchObject({ description: null, color: '#000', slug: 'lifecycle' });
    expect((await t.api('PATCH', `/pages/${pageId}/categories/${category.id}`, { body: { slug: 'guides' } })).status).toBe(409);
    expect((await t.api('DELETE', `/pages/${pageId}/categories/${category.id}`)).status).toBe(204);
    expect((await t.api('GET', `/pages/${pageId}/categories/${category.id}`)).status).toBe(404);
  });

  it('changes nothing for {}, updated_at included', async () => {
    const { body: category } = await createCategory({ name: 'Untouched' });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const patched = await t.api('PATCH', `/pages/${pageId}/categories/${category.id}`, { body: {} });
    expect(patched.status).toBe(200);
    expect(patched.body).toEqual(category);
  });

  it('answers 404 for a category read through another page', async () => {
    const { body: category } = await createCategory({ name: 'Mine only' });
    const other = (await t.api('POST', '/pages', { body: { name: 'Third blog' } })).body.id;
    expect((await t.api('GET', `/pages/${other}/categories/${category.id}`)).status).toBe(404);
  });
});
