/**
 * Faults written from the contract alone, each confined to one operation and each one a first test
 * passes: a new page whose derived slug is its name_slug (made unique among name_slugs, not slugs), a
 * page update that refuses the page's own slug sent in another spelling, a pages list whose later
 * pages answer the total counted when page 1 was last read, a new post whose Open Graph title and
 * description are filled from its SEO ones, a new post's Markdown rendered with typographic quotes and
 * dashes, a post update whose content_md null clears the content, a post update into a category that
 * moves the category's updated_at, a post's deletion that deletes the workspace's other posts of its
 * slug, a categories list that breaks ties of created_at by the oldest id, a category whose long
 * derived slug is made unique before it is cut (a 500 for the second long name), an authors list that
 * reads ?active=0, 1, yes, no (any letter case) as booleans, and an author update whose null for one
 * description clears the other too. Each is a bug an implementer could plausibly write, and each
 * breaks a statement of the contract (named in its comment).
 */
import slugifyText from '@sindresorhus/slugify';
import MarkdownIt from 'markdown-it';
import type { Category } from '../../generated/openapi.d.ts';
import type { PipelineContext } from '../app.ts';
import type { ServerParts } from '../compose.ts';
import { timestamp } from '../domain/clock.ts';
import { nextFreeSlug, slugify, slugOr } from '../domain/slugs.ts';
import { insertBefore, type Pipeline } from '../http/pipeline.ts';
import { problems } from '../http/problem.ts';
import type { FaultSet } from './fault-set.ts';

/** The slug of a text as domain/slugs.ts derives it, before the cut at 90 characters. */
const uncutSlug = (text: string) =>
  slugifyText(
    text
      .normalize('NFKC')
      .replace(/\//g, '')
      .replace(/['\u2019]/g, ' ')
      .replace(/[\p{Sk}\u00B7\u0387]/gu, ' '),
    {
      decamelize: false,
      customReplacements: [
        ['&', ' '],
        ['♥', ' '],
        ['🦄', ' '],
      ],
    },
  );

/** What ?active=... the lax reading of listAuthors takes as a boolean, beyond true and false. */
const LAX_BOOLEANS: Record<string, 'true' | 'false'> = { '1': 'true', '0': 'false', yes: 'true', no: 'false', on: 'true', off: 'false', true: 'true', false: 'false' };

/** The control characters HTML may not hold, as domain/markdown.ts replaces them. */
const CONTROLS_OUTSIDE_LINES = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

export function breakTwentyNinthLookParts(on: FaultSet, { db, stores, services }: ServerParts): void {
  if (on('page-derived-slug-from-name-slug')) {
    // createPage derives the name once and makes it unique once: the slug of a page created without an
    // explicit slug is taken to be its name_slug ("both derived from the name the same way"), so it is
    // made unique among the workspace's name_slugs, never among its slugs. The two agree until a page's
    // slug and name_slug differ (a page created with an explicit slug, or renamed since): a new page
    // whose name gives a slug another page holds as its slug is then a 500 (the unique key refuses the
    // row), and one whose name_slug was suffixed gets that suffix on a slug that was free. Pages of new
    // names, and explicit slugs, are right. Breaks page.slug-from-name ("a slug and name_slug derived
    // from its name ... made unique in the workspace with a -1 suffix"), createPage's description
    // ("slug ... made unique in the workspace"), and responses.no-server-error.
    const create = services.pages.create.bind(services.pages);
    services.pages.create = (workspaceId, input) => {
      if (input.slug != null || stores.pages.idByName(workspaceId, input.name) !== undefined) return create(workspaceId, input);
      const base = slugOr(input.name, 'page');
      const nameSlug = nextFreeSlug(base, stores.pages.slugsFrom(workspaceId, 'name_slug', base));
      if (nameSlug === nextFreeSlug(base, stores.pages.slugsFrom(workspaceId, 'slug', base))) return create(workspaceId, input);
      if (stores.pages.idBySlug(workspaceId, nameSlug) !== undefined) throw new Error('UNIQUE constraint failed: pages.workspace_id, pages.slug');
      return create(workspaceId, { ...input, slug: nameSlug });
    };
  }
  if (on('page-update-own-slug-respelled-409')) {
    // updatePage decides whether the slug changes by comparing the slug as sent with the stored one,
    // and normalises it only after: a PATCH that names the page's own slug in another spelling (My
    // Blog, or MY-BLOG, for my-blog) goes on to the check of taken slugs, which finds the page itself
    // and answers 409 slug-taken. The stored slug sent as stored, and any other free slug, are right.
    // Breaks resources.rewrite-accepted ("a name or slug is never taken by the resource that holds
    // it"), page.rename-keeps-slug ("a new explicit slug is normalised as on creation") and the
    // introduction's Requests ("A PATCH that repeats stored values is accepted like any other").
    const update = services.pages.update.bind(services.pages);
    services.pages.update = (workspaceId, id, input) => {
      if (input.slug !== undefined) {
        const page = stores.pages.get(workspaceId, id);
        const nameFree = input.name === undefined || page === undefined || [undefined, id].includes(stores.pages.idByName(workspaceId, input.name));
        if (page && nameFree && input.slug !== page.slug && slugify(input.slug) === page.slug) {
          throw problems.slugTaken(`Another page of your workspace already uses the slug "${page.slug}".`);
        }
      }
      return update(workspaceId, id, input);
    };
  }
  if (on('pages-total-kept-from-first-page')) {
    // listPages counts its total on page 1 only and keeps it for the pages after it, per workspace (a
    // count over a large table spared on every later page of a walk): a later page answers the total
    // of the last time page 1 was read. Pages created or read since show on the later pages (their
    // items are right), but their total lags: after a new page, page 2 read before page 1 says one
    // less. Page 1, and a walk with no write in it, are right. Breaks lists.envelope-arithmetic
    // ("total counts every match across pages"), lists.past-the-end ("the true total") and
    // resources.readable-after-create.
    const totals = new Map<number, number>();
    const list = services.pages.list.bind(services.pages);
    services.pages.list = (workspaceId, paging) => {
      const answer = list(workspaceId, paging);
      if (paging.page === 1) {
        totals.set(workspaceId, answer.total);
        return answer;
      }
      const kept = totals.get(workspaceId);
      return kept === undefined ? answer : { total: kept, items: answer.items };
    };
  }
  if (on('post-create-open-graph-from-seo')) {
    // createPost fills the Open Graph fields from the search-engine ones when they are absent (og_title
    // from seo_title, og_description from seo_description), as the platform's editor shows them in its
    // preview of a shared link: a post created with SEO fields alone answers and stores Open Graph
    // fields it was never sent. A post without SEO fields, or with its own Open Graph fields, is right,
    // and so is updatePost. Breaks the PostCreate schema ("every other field defaults to null") and
    // requests.null-as-absent (the resource reads as the same create without the field would).
    const create = services.posts.create.bind(services.posts);
    services.posts.create = (workspaceId, pageId, input, contentHtml) =>
      create(workspaceId, pageId, { ...input, og_title: input.og_title ?? input.seo_title ?? null, og_description: input.og_description ?? input.seo_description ?? null }, contentHtml);
  }
  if (on('post-create-markdown-typographer')) {
    // createPost renders Markdown with markdown-it's `typographer` option on (turned on for nicer
    // articles; updatePost and the emails render without it): straight quotes become curly ones, --
    // an en dash, ... an ellipsis and (c) a copyright sign. Markdown without them (emphasis, links,
    // lists, raw HTML) renders the same either way, and updatePost is right. Breaks markdown.commonmark
    // ("rendered as CommonMark specifies ... all other text escaped, alike by every operation that
    // takes it") and post.markdown-rendered. The real rendering runs first, so its limits hold; only
    // Markdown of up to 64 KiB whose plain rendering here matches the real one is rendered again.
    const plain = new MarkdownIt({ html: true, linkify: true });
    const typographic = new MarkdownIt({ html: true, linkify: true, typographer: true });
    const contentForCreate = services.posts.contentForCreate.bind(services.posts);
    services.posts.contentForCreate = async (workspaceId, pageId, input, signal) => {
      const content = await contentForCreate(workspaceId, pageId, input, signal);
      if (typeof content !== 'string' || input.content_html != null || typeof input.content_md !== 'string' || input.content_md.length > 64 * 1024) return content;
      if (plain.render(input.content_md).replace(CONTROLS_OUTSIDE_LINES, '\uFFFD') !== content) return content;
      const html = typographic.render(input.content_md).replace(CONTROLS_OUTSIDE_LINES, '\uFFFD');
      return html.length > 1_000_000 ? content : html;
    };
  }
  if (on('post-update-null-markdown-clears-content')) {
    // updatePost takes `content_md: null` as "the post has no content any more" and clears content_html
    // with it, where null clears only the Markdown source (which answers never show) and leaves the
    // HTML. Markdown sent as text, content_html sent as null or as text, and PATCHes without either are
    // right. Breaks requests.null-as-absent ("in an update body, null clears the field it names and
    // changes no other") and resources.patch-named-fields-only.
    const contentForUpdate = services.posts.contentForUpdate.bind(services.posts);
    services.posts.contentForUpdate = async (workspaceId, pageId, id, input, signal) => {
      const content = await contentForUpdate(workspaceId, pageId, id, input, signal);
      return input.content_md === null && input.content_html === undefined ? null : content;
    };
  }
  if (on('post-update-category-touches-category')) {
    // updatePost records a post moved into a category on the category too: the category's updated_at
    // is set to now (kept as "last activity", to order the editor's category menu), so a category
    // reads as changed whenever a post is put into it by an update. Posts created in a category, and
    // updates that name no category, leave it alone. Breaks the introduction's Requests ("A write to a
    // resource under a page ... (a post ... updated) is a write of that resource alone") and
    // resources.update-kept (the category, never written, reads with a new updated_at).
    const clock = services.posts['context'].clock;
    const update = services.posts.update.bind(services.posts);
    services.posts.update = (workspaceId, pageId, id, input, contentHtml) => {
      const post = update(workspaceId, pageId, id, input, contentHtml);
      if (input.category_id != null) stores.categories.update(input.category_id, { updated_at: timestamp(clock) });
      return post;
    };
  }
  if (on('post-delete-by-slug-in-workspace')) {
    // deletePost deletes by the post's slug, as the platform's editor addresses posts, with the page
    // condition written as "a page of the workspace" (`page_id IN (SELECT id FROM pages WHERE
    // workspace_id = ?)`): the posts of the workspace's other pages that have the same slug are deleted
    // with it. A post whose slug no other page has is deleted alone, right. Breaks
    // resources.delete-named-only ("A delete removes only the resource it names") and
    // resources.child-of-its-parent.
    const removeBySlug = db.prepare<[string, number]>('DELETE FROM posts WHERE slug = ? AND page_id IN (SELECT id FROM pages WHERE workspace_id = ?)');
    const remove = services.posts.delete.bind(services.posts);
    services.posts.delete = (workspaceId, pageId, id) => {
      const post = stores.pages.exists(workspaceId, pageId) ? stores.posts.get(pageId, id) : undefined;
      remove(workspaceId, pageId, id);
      if (post) removeBySlug.run(post.slug, workspaceId);
    };
  }
  if (on('categories-ties-oldest-id-first')) {
    // listCategories orders by `created_at DESC, id` (the DESC of the second key left out): categories
    // created in the same millisecond (a batch made by an import, or requests sent at once) are listed
    // oldest id first. Categories created at different times are right. Breaks lists.newest-first
    // ("created_at descending, then id descending") and listCategories' description.
    const page = db.prepare<[number, number, number], Category>(
      'SELECT id, name, slug, description, color, page_id, created_at, updated_at FROM categories WHERE page_id = ? ORDER BY created_at DESC, id ASC LIMIT ? OFFSET ?',
    );
    const list = services.categories.list.bind(services.categories);
    services.categories.list = (workspaceId, pageId, paging) => {
      const answer = list(workspaceId, pageId, paging);
      return { total: answer.total, items: page.all(pageId, paging.size, (paging.page - 1) * paging.size) };
    };
  }
  if (on('category-slug-unique-before-cut')) {
    // createCategory makes a derived slug unique before it cuts it to 90 characters: the long slug is
    // looked up among the page's slugs (where no slug over 90 characters is, so it is always free) and
    // cut after, so a second category whose name gives the same first 90 characters (the contract's
    // own example: two categories named with the same 255 letters) collides on the page's unique slug
    // and is answered 500. Names of slugs up to 90 characters are suffixed right. Breaks slugs.cut-to-
    // fit ("a uniqueness suffix (-1, -2) is appended after the cut"), category.slug-derived and
    // responses.no-server-error.
    const create = services.categories.create.bind(services.categories);
    services.categories.create = (workspaceId, pageId, input) => {
      if (input.slug != null || !stores.pages.exists(workspaceId, pageId) || uncutSlug(input.name).length <= 90) return create(workspaceId, pageId, input);
      if (stores.categories.idBySlug(pageId, slugOr(input.name, 'category')) !== undefined) throw new Error('UNIQUE constraint failed: categories.page_id, categories.slug');
      return create(workspaceId, pageId, input);
    };
  }
  if (on('author-null-description-clears-both')) {
    // updateAuthor treats the two descriptions as one biography: a PATCH that clears one of them with
    // null (and does not name the other) clears the other too, as the platform's "remove biography"
    // button does. Text sent for either, and null for both, are right. Breaks requests.null-as-absent
    // ("in an update body, null clears the field it names and changes no other"),
    // resources.patch-named-fields-only and author.update-kept.
    const update = services.authors.update.bind(services.authors);
    services.authors.update = (workspaceId, id, input) => {
      if (input.short_description === null && input.long_description === undefined) return update(workspaceId, id, { ...input, long_description: null });
      if (input.long_description === null && input.short_description === undefined) return update(workspaceId, id, { ...input, short_description: null });
      return update(workspaceId, id, input);
    };
  }
}

export function breakTwentyNinthLookPipeline(on: FaultSet, api: Pipeline['api'], _context: PipelineContext): Pipeline['api'] {
  let stages = api;
  if (on('authors-active-filter-lax-booleans')) {
    // listAuthors reads ?active with a forgiving parser of its own before the contract's validator sees
    // it (`1`, `yes`, `on` and `TRUE` as true; `0`, `no`, `off` and `False` as false), for links written by
    // hand: a value the boolean filter does not have is read as a filter instead of answered 422. true
    // and false, and values such as maybe (422), are right. Breaks requests.schema-validation ("A body,
    // query or path value that breaks its schema (type ...) is answered 422, never accepted") and the
    // introduction's Lists ("Filters are exact matches").
    stages = insertBefore(stages, 'whole-numbers', {
      name: 'authors-active-filter-lax-booleans',
      handler: (req, _res, next) => {
        const mark = req.url.indexOf('?');
        if (req.method === 'GET' && /^\/authors\/?$/.test(req.path) && mark >= 0) {
          const query = req.url
            .slice(mark + 1)
            .split('&')
            .map((pair) => {
              const [name, value] = [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)];
              const read = pair.includes('=') && name === 'active' ? LAX_BOOLEANS[value.toLowerCase()] : undefined;
              return read === undefined ? pair : `active=${read}`;
            })
            .join('&');
          req.url = `${req.url.slice(0, mark)}?${query}`;
        }
        next();
      },
    });
  }
  return stages;
}
