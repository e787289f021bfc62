/**
 * A created post is answered without reading its content_html back (store/posts.ts, getWritten): the
 * answer must be the post exactly as a read of it gives, field for field and in the same order, for
 * every kind of content, and a string SQLite cannot keep as it was (a lone surrogate) is read back.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../db/database.ts';
import { createStores, type Stores } from '../store/index.ts';

let db: Db;
let stores: Stores;
let pageId: number;

beforeEach(() => {
  db = openDatabase(':memory:');
  stores = createStores(db);
  const workspace = stores.tokens.createWorkspace('Written', new Date().toISOString());
  pageId = stores.pages.insert({ workspace_id: workspace, name: 'Written', slug: 'written', name_slug: 'written', domain: 'written.example', created_at: new Date().toISOString() });
});

function insert(contentHtml: string | null): number {
  return stores.posts.insert({
    page_id: pageId,
    title: 'A post',
    slug: `a-post-${Math.random().toString(36).slice(2)}`,
    status: 'draft',
    description: null,
    content_html: contentHtml,
    content_md: null,
    seo_title: null,
    seo_description: null,
    og_title: null,
    og_description: null,
    cover_image_url: null,
    og_image_url: null,
    category_id: null,
    author_id: null,
    scheduled_at: null,
    first_published_at: null,
    created_at: new Date().toISOString(),
  });
}

describe('a post just written', () => {
  it('is answered as a read of it gives, whatever its content_html', () => {
    const cjk = Array.from({ length: 340_000 }, (_, i) => String.fromCharCode(0x4e00 + ((i * 7) % 20000))).join('');
    for (const content of [null, '', '<p>plain</p>', cjk, '<p>astral 😀 and combining é</p>', 'tab\tand\nlines\r\n']) {
      const id = insert(content);
      const written = stores.posts.getWritten(pageId, id, content);
      const read = stores.posts.get(pageId, id);
      // toStrictEqual compares values; the key order is what JSON writes, so it is compared too.
      expect(written).toStrictEqual(read);
      expect(Object.keys(written!)).toEqual(Object.keys(read!));
    }
  });

  it('is read back when its content_html has a lone surrogate, which the database cannot keep as it was', () => {
    const content = '<p>half \ud800 a pair</p>';
    const id = insert(content);
    const written = stores.posts.getWritten(pageId, id, content);
    expect(written).toStrictEqual(stores.posts.get(pageId, id));
    expect(written!.content_html).not.toBe(content);
  });

  it('is undefined when there is no such post', () => {
    expect(stores.posts.getWritten(pageId, 999_999, '<p>x</p>')).toBeUndefined();
  });
});
