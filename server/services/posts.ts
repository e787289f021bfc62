/** Posts: draft or published at creation, `first_published_at` set once, Markdown rendered. */
import type { components, Post } from '../../generated/openapi.d.ts';
import { inTransaction } from '../db/database.ts';
import type { SnapshotReaders } from '../db/snapshot-readers.ts';
import type { Connection } from '../db/sqlite-api.ts';
import { timestamp } from '../domain/clock.ts';
import type { MarkdownRenderer } from '../domain/markdown-pool.ts';
import { nextFreeSlug, slugOr } from '../domain/slugs.ts';
import { problems } from '../http/problem.ts';
import { presentOnly, type Paging, type Value } from '../store/common.ts';
import type { PostFilter } from '../store/posts.ts';
import { contentHtmlFrom, type ContentHtml } from './content.ts';
import type { ServiceContext } from './context.ts';
import { authorError, ensurePageInWorkspace } from './scope.ts';

type PostCreate = components['schemas']['PostCreate'];
type PostUpdate = components['schemas']['PostUpdate'];

export class PostService {
  constructor(
    private readonly context: ServiceContext,
    private readonly markdown: MarkdownRenderer,
  ) {}

  private get stores() {
    return this.context.stores;
  }

  list(workspaceId: number, pageId: number, filter: PostFilter, paging: Paging) {
    ensurePageInWorkspace(this.context, workspaceId, pageId);
    return this.stores.posts.list(pageId, filter, paging);
  }

  /**
   * A listed post with the content a list leaves in the database for long posts, read through `from` (a
   * snapshot's connection, or the server's); undefined when it is not there.
   */
  withContent(post: Post, from?: Connection): Post | undefined {
    return this.stores.posts.withContent(post, from);
  }

  /** The readers a list answer holds a snapshot with (http/list-snapshot.ts); none for a database in memory. */
  get readers(): SnapshotReaders | undefined {
    return this.context.readers;
  }

  get(workspaceId: number, pageId: number, id: number): Post {
    ensurePageInWorkspace(this.context, workspaceId, pageId);
    const post = this.stores.posts.get(pageId, id);
    if (!post) throw problems.notFound(`There is no post ${id} on page ${pageId}.`);
    return post;
  }

  /**
   * The HTML a new post stores: Markdown is rendered off the event loop, once the page and the
   * references are known good, before `create` writes.
   */
  async contentForCreate(workspaceId: number, pageId: number, input: PostCreate, signal?: AbortSignal): Promise<ContentHtml> {
    ensurePageInWorkspace(this.context, workspaceId, pageId);
    this.checkReferences(workspaceId, pageId, input);
    return contentHtmlFrom(this.markdown, input, { workspace: workspaceId, ...(signal ? { signal } : {}) });
  }

  /** `contentHtml` comes from contentForCreate. */
  create(workspaceId: number, pageId: number, input: PostCreate, contentHtml: ContentHtml): Post {
    // Checked again inside the transaction: things may have changed while the Markdown rendered.
    return inTransaction(this.context.db, () => {
      ensurePageInWorkspace(this.context, workspaceId, pageId);
      this.checkReferences(workspaceId, pageId, input);
      const now = timestamp(this.context.clock);
      const status = input.status ?? 'draft';
      const base = slugOr(input.title, 'post');
      const id = this.stores.posts.insert({
        page_id: pageId,
        title: input.title,
        slug: nextFreeSlug(base, this.stores.posts.slugsFrom(pageId, base)),
        status,
        description: input.description ?? null,
        content_html: contentHtml ?? null,
        content_md: input.content_md ?? null,
        seo_title: input.seo_title ?? null,
        seo_description: input.seo_description ?? null,
        og_title: input.og_title ?? null,
        og_description: input.og_description ?? null,
        cover_image_url: input.cover_image_url ?? null,
        og_image_url: input.og_image_url ?? null,
        category_id: input.category_id ?? null,
        author_id: input.author_id ?? null,
        scheduled_at: null,
        first_published_at: status === 'published' ? now : null,
        created_at: now,
      });
      return this.stores.posts.getWritten(pageId, id, contentHtml ?? null)!;
    });
  }

  /** As contentForCreate, for `update`. */
  async contentForUpdate(workspaceId: number, pageId: number, id: number, input: PostUpdate, signal?: AbortSignal): Promise<ContentHtml> {
    this.get(workspaceId, pageId, id);
    this.checkReferences(workspaceId, pageId, input);
    return contentHtmlFrom(this.markdown, input, { workspace: workspaceId, ...(signal ? { signal } : {}) });
  }

  /** `contentHtml` comes from contentForUpdate. */
  update(workspaceId: number, pageId: number, id: number, input: PostUpdate, contentHtml: ContentHtml): Post {
    // Checked again inside the transaction: things may have changed while the Markdown rendered.
    return inTransaction(this.context.db, () => {
      const post = this.get(workspaceId, pageId, id);
      this.checkReferences(workspaceId, pageId, input);
      const now = timestamp(this.context.clock);
      const changes: Record<string, Value> = presentOnly({
        title: input.title,
        description: input.description,
        content_html: contentHtml,
        content_md: input.content_md,
        seo_title: input.seo_title,
        seo_description: input.seo_description,
        og_title: input.og_title,
        og_description: input.og_description,
        cover_image_url: input.cover_image_url,
        og_image_url: input.og_image_url,
        category_id: input.category_id,
        author_id: input.author_id,
        status: input.status,
      }) as Record<string, Value>;
      if (input.status === 'published' && post.first_published_at === null) changes.first_published_at = now;
      // Publishing or unpublishing by hand replaces a schedule set in the editor.
      if (input.status !== undefined && post.status === 'scheduled') changes.scheduled_at = null;
      if (Object.keys(changes).length > 0) this.stores.posts.update(id, { ...changes, updated_at: now });
      return this.stores.posts.get(pageId, id)!;
    });
  }

  delete(workspaceId: number, pageId: number, id: number): void {
    inTransaction(this.context.db, () => {
      ensurePageInWorkspace(this.context, workspaceId, pageId);
      if (!this.stores.posts.delete(pageId, id)) throw problems.notFound(`There is no post ${id} on page ${pageId}.`);
    });
  }

  private checkReferences(workspaceId: number, pageId: number, input: { category_id?: number | null; author_id?: number | null }) {
    const errors = [];
    if (input.category_id != null && !this.stores.categories.get(pageId, input.category_id)) {
      errors.push({ field: 'category_id', message: `must be a category of page ${pageId}` });
    }
    const author = authorError(this.context, workspaceId, input.author_id);
    if (author) errors.push(author);
    if (errors.length > 0) throw problems.invalid(errors);
  }
}
