/**
 * Faults written from the contract alone, each confined to one operation and each one a first test
 * passes: a pages list whose offset overflows 32 bits at the last page number the contract allows, a
 * page name refused as taken because it differs from another only by white space at its ends, a page
 * read back with its name in NFKC, a posts list that serves a later page from where that page began
 * when it was first read, a new post whose Markdown is not rendered when content_html is sent as null,
 * a post read back with its created_at as updated_at, a post update that renders the raw HTML of its
 * Markdown as text, a category slug numbered after the highest suffix in text order (the twelfth
 * category of a name is a 500), a category update that keeps an explicit slug of more than 90
 * characters whole, a category deletion that takes their category from every post of the page, an
 * inactive authors list that lists every workspace's inactive authors, and an author update that
 * drops the author's read-only fields from its body instead of refusing them. Each is a bug an
 * implementer could plausibly write, and each breaks a statement of the contract (named in its
 * comment).
 */
import slugifyText from '@sindresorhus/slugify';
import type { Request, RequestHandler } from 'express';
import type { Author } from '../../generated/openapi.d.ts';
import type { PipelineContext } from '../app.ts';
import type { ServerParts } from '../compose.ts';
import { timestamp } from '../domain/clock.ts';
import { SLUG_MAX_LENGTH, slugOr } from '../domain/slugs.ts';
import { insertBefore, type Pipeline } from '../http/pipeline.ts';
import { problems } from '../http/problem.ts';
import { rewriteSentJson } from './answer-rewrites.ts';
import type { FaultSet } from './fault-set.ts';

/** A stage that runs `prepare` on the requests of these methods whose path matches `path`, before they go on. */
function onRequestsTo(methods: string[], path: RegExp, prepare: (req: Request, res: Parameters<RequestHandler>[1]) => void): RequestHandler {
  return (req, res, next) => {
    if (methods.includes(req.method) && path.test(req.path)) prepare(req, res);
    next();
  };
}

/** Where the contract cuts a slug (Slugs: "cut after its 90th character"). */
const SLUG_CUT = 90;

/**
 * A slug as slugify makes it, without the cut at 90 characters: the same library call with the same
 * options (domain/slugs.ts), written again for explicit slugs, which "are at most 100 characters
 * anyway".
 */
const slugWithoutCut = (text: string): string =>
  slugifyText(text.normalize('NFKC').replace(/\//g, '').replace(/['\u2019]/g, ' '), {
    decamelize: false,
    customReplacements: [
      ['&', ' '],
      ['♥', ' '],
      ['🦄', ' '],
    ],
  });

/**
 * Markdown with its raw HTML written as text, as a renderer with `html: false` shows it: every `<`
 * that opens a tag, a closing tag, a comment or a declaration becomes `&lt;` (autolinks such as
 * `<https://...>` are left alone).
 */
const rawHtmlAsText = (markdown: string): string => markdown.replace(/<(?![A-Za-z][A-Za-z0-9+.-]{1,31}:[^\s<>]*>)(?=[A-Za-z/!?])/g, '&lt;');

export function breakTwentyFifthLookParts(on: FaultSet, { db, stores, services }: ServerParts): void {
  if (on('pages-offset-int32-overflow')) {
    // listPages makes its offset a whole number with `| 0`, which also cuts it to 32 bits: at the
    // largest page number the contract allows (2147483647), (page - 1) * size wraps to a negative
    // offset, which SQLite reads as 0, and the answer is page 1's pages under page 2147483647. Every
    // page whose offset fits in 32 bits is right, past the end included. Breaks lists.past-the-end
    // ("a page past the end answers 200 with an empty result and the true total") and
    // lists.size-range / ListPage (page 1 to 2147483647 "accepted and honoured").
    const list = services.pages.list.bind(services.pages);
    services.pages.list = (workspaceId, paging) => {
      const exact = (paging.page - 1) * paging.size;
      const offset = exact | 0;
      if (offset === exact) return list(workspaceId, paging);
      if (offset <= 0) return list(workspaceId, { page: 1, size: paging.size });
      const answer = list(workspaceId, { page: 1, size: offset + paging.size });
      return { total: answer.total, items: answer.items.slice(offset, offset + paging.size) };
    };
  }
  if (on('page-name-key-trimmed')) {
    // createPage looks a new name up trimmed (the form it was written for trimmed its input), so a
    // name that differs from another page's only by white space at its ends (`Blog ` beside `Blog`)
    // is answered 409 name-taken, though the contract compares names by case folding after NFKC
    // alone and its Name schema allows that white space. Names that differ otherwise, and names in
    // other letter case (409), are right; updatePage is right. Breaks names.unique-any-case (a 409
    // only for "a name already used in the workspace") and requests.valid-input-accepted.
    const create = services.pages.create.bind(services.pages);
    services.pages.create = (workspaceId, input) => {
      const trimmed = input.name.trim();
      if (trimmed !== input.name && trimmed !== '' && stores.pages.idByName(workspaceId, trimmed) !== undefined) {
        throw problems.nameTaken(`Another page of your workspace is already named "${trimmed}".`);
      }
      return create(workspaceId, input);
    };
  }
  if (on('posts-page-start-remembered')) {
    // listPosts took the remembered positions of listEmails (store/list-positions.ts) without the
    // list's change counter, which posts do not have: the first time a later page (page 2 and on) of
    // a list is read, the post it starts with is remembered for that page, size and filter, and
    // every later read of that page starts there. Once a new post pushes the list down (or one is
    // deleted), that page starts where it used to: walking the pages misses the post that moved onto
    // it and repeats one. Page 1, and any page read only once, are right. Breaks
    // lists.envelope-arithmetic ("walking the pages visits every item once") and
    // resources.readable-after-create (the posts of the page, walked, do not all show).
    const starts = new Map<string, number>();
    const list = services.posts.list.bind(services.posts);
    services.posts.list = (workspaceId, pageId, filter, paging) => {
      const answer = list(workspaceId, pageId, filter, paging);
      if (paging.page === 1) return answer;
      const key = `${pageId}/${filter.status ?? '*'}/${filter.category_id ?? '*'}/${paging.size}/${paging.page}`;
      const start = starts.get(key);
      if (start === undefined) {
        if (answer.items[0]) starts.set(key, answer.items[0].id);
        return answer;
      }
      const all = list(workspaceId, pageId, filter, { page: 1, size: Math.max(answer.total, 1) });
      const from = all.items.findIndex((post) => post.id === start);
      if (from < 0) return answer;
      return { total: answer.total, items: all.items.slice(from, from + paging.size) };
    };
  }
  if (on('post-null-html-blocks-markdown')) {
    // createPost takes the HTML to store as `content_html !== undefined ? content_html : render(md)`:
    // a body that sends content_html as null beside content_md (as a form with an empty HTML box
    // does) stores no content at all, and the post answers content_html null. Markdown alone is
    // rendered, and HTML sent as a string is kept. Breaks post.markdown-rendered and createPost's
    // description ("when content_html is absent or null, the server renders it to HTML and stores
    // that as content_html").
    const contentForCreate = services.posts.contentForCreate.bind(services.posts);
    services.posts.contentForCreate = (workspaceId, pageId, input, signal) =>
      contentForCreate(workspaceId, pageId, input.content_html === null && input.content_md != null ? { ...input, content_md: null } : input, signal);
  }
  if (on('post-get-updated-at-from-created-at')) {
    // getPost's read selects created_at twice (`created_at, created_at AS updated_at`, a slip in a
    // column list written by hand): a post that was never changed reads right, one changed since
    // reads with updated_at equal to its created_at, while updatePost and listPosts show the time of
    // the change. Breaks resources.update-kept ("create, get, list and update agree with each
    // other") and resources.answer-as-stored.
    const get = services.posts.get.bind(services.posts);
    services.posts.get = (workspaceId, pageId, id) => {
      const post = get(workspaceId, pageId, id);
      return { ...post, updated_at: post.created_at };
    };
  }
  if (on('post-update-markdown-html-escaped')) {
    // updatePost renders Markdown with raw HTML turned off (a "safe" renderer set up for edits, where
    // createPost uses the contract's): HTML written in the Markdown (`<b>`, `<div>`) is answered and
    // stored as text (`&lt;b&gt;`). Markdown without HTML renders the same either way, and createPost
    // is right. Breaks PostUpdate's content_md ("raw HTML in it is passed through unchanged, as
    // CommonMark specifies") and resources.update-kept.
    const contentForUpdate = services.posts.contentForUpdate.bind(services.posts);
    services.posts.contentForUpdate = (workspaceId, pageId, id, input, signal) =>
      contentForUpdate(
        workspaceId,
        pageId,
        id,
        typeof input.content_md === 'string' && input.content_html == null ? { ...input, content_md: rawHtmlAsText(input.content_md) } : input,
        signal,
      );
  }
  if (on('category-slug-suffix-text-order')) {
    // createCategory finds the highest suffix of a derived slug in use with `ORDER BY slug DESC
    // LIMIT 1`, which sorts the slugs as text: `news-9` sorts after `news-10`. The first eleven
    // categories of one name get news, news-1 ... news-10, right; the twelfth is given news-10
    // again, which the page's unique key refuses, and the answer is a 500. Breaks
    // category.slug-derived ("a derived slug is made unique in the page with -1, -2") and
    // responses.no-server-error.
    const create = services.categories.create.bind(services.categories);
    services.categories.create = (workspaceId, pageId, input) => {
      if (input.slug != null || !stores.pages.exists(workspaceId, pageId)) return create(workspaceId, pageId, input);
      const base = slugOr(input.name, 'category');
      const numbered = new RegExp(`^${base}-(\\d+)$`);
      const inUse = stores.categories.slugsFrom(pageId, base).filter((slug) => slug === base || numbered.test(slug));
      if (!inUse.includes(base)) return create(workspaceId, pageId, input);
      const last = [...inUse].sort().at(-1)!;
      const next = `${base}-${Number(numbered.exec(last)?.[1] ?? 0) + 1}`;
      if (inUse.includes(next)) throw new Error('UNIQUE constraint failed: categories.page_id, categories.slug');
      return create(workspaceId, pageId, { ...input, slug: next });
    };
  }
  if (on('category-update-explicit-slug-uncut')) {
    // updateCategory normalises an explicit slug with a slug function of its own that leaves out the
    // cut at 90 characters ("an explicit slug is at most 100 characters anyway"): a new slug of 91
    // to 100 characters is stored whole. createCategory cuts it, and shorter slugs are right. Breaks
    // slugs.cut-to-fit ("a slug longer than 90 characters is cut after its 90th character") and
    // updateCategory's description ("a new slug is normalised as on creation").
    const update = services.categories.update.bind(services.categories);
    services.categories.update = (workspaceId, pageId, id, input) => {
      if (input.slug === undefined) return update(workspaceId, pageId, id, input);
      const whole = slugWithoutCut(input.slug);
      if (whole.length <= SLUG_CUT || whole.length > SLUG_MAX_LENGTH) return update(workspaceId, pageId, id, input);
      const before = services.categories.get(workspaceId, pageId, id);
      const holder = stores.categories.idBySlug(pageId, whole);
      if (holder !== undefined && holder !== id) throw problems.slugTaken(`Another category of page ${pageId} already uses the slug "${whole}".`);
      const { slug: _explicit, ...rest } = input;
      update(workspaceId, pageId, id, rest);
      if (before.slug !== whole) stores.categories.update(id, { slug: whole, updated_at: timestamp(services.categories['context'].clock) });
      return stores.categories.get(pageId, id)!;
    };
  }
  if (on('category-delete-clears-page-posts')) {
    // deleteCategory clears the posts' category_id itself before it deletes the row (written when the
    // foreign key had no ON DELETE SET NULL), with the page where the category was meant: every post
    // of the page loses its category, those of other categories too. The deleted category's own
    // posts are right. Breaks category.delete-keeps-posts (only "the posts of a deleted category"
    // get category_id null) and resources.update-kept (a post's accepted category is not kept).
    const clearPage = db.prepare<[number]>('UPDATE posts SET category_id = NULL WHERE page_id = ?');
    const remove = services.categories.delete.bind(services.categories);
    services.categories.delete = (workspaceId, pageId, id) => {
      if (stores.pages.exists(workspaceId, pageId) && stores.categories.get(pageId, id)) clearPage.run(pageId);
      remove(workspaceId, pageId, id);
    };
  }
  if (on('authors-inactive-every-workspace')) {
    // listAuthors?active=false runs a query of its own for inactive authors (written for the
    // platform's admin screen of deactivated accounts), which has no workspace condition: it lists
    // and counts the inactive authors of every workspace. The default list (active authors) is
    // right, and so is ?active=false while no other workspace has an inactive author. Breaks
    // auth.workspace-scope ("a resource of another workspace ... is never listed") and
    // lists.exact-filters.
    const inactive = db.prepare<[number, number], { workspace_id: number; id: number }>(
      'SELECT workspace_id, id FROM authors WHERE active = 0 ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?',
    );
    const inactiveCount = db.prepare<[], number>('SELECT count(*) FROM authors WHERE active = 0').pluck();
    const list = services.authors.list.bind(services.authors);
    services.authors.list = (workspaceId, active, paging) => {
      if (active) return list(workspaceId, active, paging);
      const rows = inactive.all(paging.size, (paging.page - 1) * paging.size);
      return { total: inactiveCount.get()!, items: rows.map((row) => stores.authors.get(row.workspace_id, row.id)).filter((author): author is Author => author !== undefined) };
    };
  }
}

export function breakTwentyFifthLookPipeline(on: FaultSet, api: Pipeline['api'], _context: PipelineContext): Pipeline['api'] {
  let stages = api;
  if (on('page-get-name-nfkc')) {
    // getPage's answer passes the name through the normalisation the name's uniqueness key starts
    // with (NFKC), meant for the comparison alone: a name with compatibility characters (the ligature
    // ﬁ, full-width letters, circled digits) reads back in their plain forms (ﬁne becomes fine), where
    // createPage, updatePage and listPages show it as it was written. Names without such characters
    // are right. Breaks resources.update-kept ("create, get, list and update agree with each other")
    // and resources.answer-as-stored.
    stages = insertBefore(stages, 'head', {
      name: 'page-get-name-nfkc',
      handler: onRequestsTo(['GET', 'HEAD'], /^\/pages\/[^/]+$/, (_req, res) =>
        rewriteSentJson(
          res,
          (status) => status === 200,
          (body: { name?: unknown }) => (typeof body.name === 'string' ? { ...body, name: body.name.normalize('NFKC') } : body),
        ),
      ),
    });
  }
  if (on('author-update-read-only-fields-dropped')) {
    // updateAuthor drops the fields of the Author resource that a PATCH cannot change (id, email,
    // slug, formatted_name, avatar, created_at, updated_at) from the body before it is validated, so
    // that a client may send back the author it read: such a field is ignored and the PATCH answered
    // 200, where the contract refuses an unknown field. A misspelt field is still refused. Breaks
    // requests.schema-validation ("a body ... that breaks its schema (... unknown body field) is
    // answered 422") and the introduction's Requests ("request bodies are strict: an unknown field
    // is a 422, never silently ignored").
    const readOnly = ['id', 'email', 'slug', 'formatted_name', 'avatar', 'created_at', 'updated_at'];
    stages = insertBefore(stages, 'validator', {
      name: 'author-update-read-only-fields-dropped',
      handler: onRequestsTo(['PATCH'], /^\/authors\/[^/]+$/, (req) => {
        const body = req.body as Record<string, unknown> | undefined;
        if (typeof body !== 'object' || body === null || Array.isArray(body)) return;
        for (const field of readOnly) delete body[field];
      }),
    });
  }
  return stages;
}
