/** SQL for posts. `content_md` and `author_id` are stored but never selected into a response. */
import type { Post } from '../../generated/openapi.d.ts';
import type { Db } from '../db/database.ts';
import { filteredPage, prepareList, prepared, slugRange, updateRow, type PageOf, type Paging, type Value } from './common.ts';
import { contentDeferredSql, inlineContentSql, isDeferred, markDeferred } from './deferred-content.ts';

const COLUMNS = `id, title, slug, status, description, content_html, seo_title, seo_description, og_title,
  og_description, cover_image_url, og_image_url, category_id, page_id, scheduled_at, first_published_at,
  created_at, updated_at`;
/** The same columns with content_html left out (NULL in its place, so the fields keep their order). */
const COLUMNS_BUT_CONTENT = COLUMNS.replace('content_html', 'NULL AS content_html');
/** The same columns for a list: a long content_html stays in the database (deferred-content.ts). */
const LIST_COLUMNS = `${COLUMNS.replace('content_html', inlineContentSql)}, ${contentDeferredSql}`;
/** A listed post's content_html, which the list left in the database. */
const CONTENT = 'SELECT content_html FROM posts WHERE page_id = ? AND id = ?';

export interface PostFilter {
  status?: Post['status'];
  category_id?: number;
}

export type NewPost = Omit<Post, 'id' | 'updated_at'> & { content_md: string | null; author_id: number | null };

export class PostStore {
  private readonly byId;
  private readonly insertRow;
  private readonly slugs;
  private readonly remove;
  private readonly byIdButContent;

  constructor(private readonly db: Db) {
    this.byId = db.prepare<[number, number], Post>(`SELECT ${COLUMNS} FROM posts WHERE page_id = ? AND id = ?`);
    this.byIdButContent = db.prepare<[number, number], Post>(`SELECT ${COLUMNS_BUT_CONTENT} FROM posts WHERE page_id = ? AND id = ?`);
    this.insertRow = db.prepare(
      `INSERT INTO posts (page_id, title, slug, status, description, content_html, content_md, seo_title,
         seo_description, og_title, og_description, cover_image_url, og_image_url, category_id, author_id,
         scheduled_at, first_published_at, created_at, updated_at)
       VALUES (@page_id, @title, @slug, @status, @description, @content_html, @content_md, @seo_title,
         @seo_description, @og_title, @og_description, @cover_image_url, @og_image_url, @category_id, @author_id,
         @scheduled_at, @first_published_at, @created_at, @created_at)`,
    );
    this.slugs = db.prepare<[number, string, string], string>('SELECT slug FROM posts WHERE page_id = ? AND slug >= ? AND slug < ?').pluck();
    this.remove = db.prepare<[number, number]>('DELETE FROM posts WHERE page_id = ? AND id = ?');
    prepareList(db, { table: 'posts', columns: LIST_COLUMNS, conditions: ['page_id = @page_id'] });
    prepared(db, CONTENT);
  }

  get(pageId: number, id: number): Post | undefined {
    return this.byId.get(pageId, id);
  }

  /**
   * The post as stored, right after a write in the same transaction stored `contentHtml` as its
   * content_html: every column is read but that one, which is the string just written. SQLite keeps
   * a well-formed string's text exactly as it was bound, so the answer is the stored post, without
   * reading back (and decoding again) up to a megabyte the write has just encoded; a string with a
   * lone surrogate (which UTF-8 cannot store as such) is read back instead.
   */
  getWritten(pageId: number, id: number, contentHtml: string | null): Post | undefined {
    if (contentHtml !== null && !(contentHtml as string & { isWellFormed(): boolean }).isWellFormed()) return this.get(pageId, id);
    const post = this.byIdButContent.get(pageId, id);
    return post && { ...post, content_html: contentHtml };
  }

  list(pageId: number, filter: PostFilter, paging: Paging): PageOf<Post> {
    const conditions = ['page_id = @page_id'];
    if (filter.status !== undefined) conditions.push('status = @status');
    if (filter.category_id !== undefined) conditions.push('category_id = @category_id');
    const params = { page_id: pageId, status: filter.status ?? null, category_id: filter.category_id ?? null };
    const page = filteredPage<Post & { content_deferred?: number }>(this.db, { table: 'posts', columns: LIST_COLUMNS, conditions, params }, paging);
    return {
      total: page.total,
      items: page.items.map(({ content_deferred, ...post }) => (content_deferred ? markDeferred(post) : post)),
    };
  }

  /**
   * A listed post with its content_html, if the list left it out, read through `from`: a snapshot's
   * connection of the moment the list was read (http/list-snapshot.ts), or this store's. Undefined if
   * the post is not there.
   */
  withContent(post: Post, from: Db = this.db): Post | undefined {
    if (!isDeferred(post)) return post;
    const content = prepared(from, CONTENT).pluck().get(post.page_id, post.id) as string | null | undefined;
    return content === undefined ? undefined : { ...post, content_html: content };
  }

  slugsFrom(pageId: number, base: string): string[] {
    const { from, to } = slugRange(base);
    return this.slugs.all(pageId, from, to);
  }

  insert(post: NewPost): number {
    return Number(this.insertRow.run(post).lastInsertRowid);
  }

  update(id: number, changes: Record<string, Value>): void {
    updateRow(this.db, 'posts', id, changes);
  }

  delete(pageId: number, id: number): boolean {
    return this.remove.run(pageId, id).changes === 1;
  }
}
