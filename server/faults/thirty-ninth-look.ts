/**
 * Faults written from the contract alone, each confined to one operation of the content or authors
 * family and each one a first test passes: a page create that reads an explicit "slug": null as the
 * text null (slug null instead of one derived from the name), a pages list that answers each page's
 * name_slug as its slug (pages whose slug was given or changed read otherwise than by getPage), a page
 * rename that decides whether the name changed by its folded key (a rename in letter case alone is
 * answered and kept as the old name), a page update that checks a new name for being taken in front
 * of the validator (a taken name beside an invalid field is a 409, not a 422), a post create that
 * reads status scheduled as draft instead of answering 422, a post create that renders Markdown links
 * with target="_blank" and rel="noopener noreferrer", a post update that strips <script> elements from
 * the content_html it is sent, a getPost that repeats the RateLimit field of its previous answer for
 * the same post until the next write, a posts list that answers ?category_id of an id that names no
 * category 404 instead of an empty list, a category update that strips every surrogate code unit from
 * the name and description (emoji vanish), a category create that increments a derived slug's
 * trailing number instead of appending -1 (a second Top 10 gets top-11), and an author update that
 * counts each line feed of a description as two characters (a 1000-character biography with line
 * breaks is refused). Each is a bug an implementer could plausibly write, and each breaks a statement
 * of the contract (named in its comment).
 */
import type { PipelineContext } from '../app.ts';
import type { ServerParts } from '../compose.ts';
import { slugOr } from '../domain/slugs.ts';
import { workspaceOf } from '../http/auth.ts';
import { insertBefore, type Pipeline } from '../http/pipeline.ts';
import { problems } from '../http/problem.ts';
import type { FaultSet } from './fault-set.ts';

/** What an HTML sanitiser for pasted content removes: script elements, whole. */
const SCRIPT_ELEMENT = /<script\b[^>]*>[\s\S]*?<\/script\s*>/gi;
/** A link as markdown-it writes it: an href and nothing else. */
const PLAIN_LINK = /<a href="([^"]*)">/g;
/** UTF-16 surrogate code units, paired or not. */
const SURROGATES = /[\uD800-\uDFFF]/g;
/** The longest description the contract allows. */
const DESCRIPTION_MAX = 1000;

export function breakThirtyNinthLookParts(on: FaultSet, { db, stores, services }: ServerParts): void {
  if (on('page-null-slug-spelled-null')) {
    // createPage tells an explicit slug from an absent one by `input.slug !== undefined` and then
    // slugifies `String(input.slug)`, so a body with "slug": null (a client serialising every field of
    // its form) gets the explicit slug null (and a 409 slug-taken for the second such page) instead of
    // a slug derived from the name. A body without slug, and a slug given as text, are right. Breaks
    // requests.null-as-absent ("An optional field sent as null in a create body is taken as absent: the
    // resource reads as the same create without it would (a slug derived from the name ...)") and
    // page.slug-from-name ("A new page has a slug and name_slug derived from its name").
    const create = services.pages.create.bind(services.pages);
    services.pages.create = (workspaceId, input) => create(workspaceId, input.slug === null ? { ...input, slug: String(input.slug) } : input);
  }
  if (on('pages-list-slug-from-name-slug')) {
    // listPages' column list was written by hand and names name_slug where slug belongs (the list was
    // first made for the platform's domain picker, which shows name slugs): every listed page answers
    // its name_slug as its slug. Pages whose slug is their name_slug (every page created without an
    // explicit slug and never given a new one) read right, so page 1 of a first test agrees with
    // getPage; a page created with an explicit slug, or whose slug an update changed, is listed with
    // the wrong slug. Breaks resources.update-kept ("Create, get, list and update agree with each
    // other, and an accepted update is kept") and the Page schema's slug.
    const list = services.pages.list.bind(services.pages);
    services.pages.list = (workspaceId, paging) => {
      const answer = list(workspaceId, paging);
      return { ...answer, items: answer.items.map((page) => ({ ...page, slug: page.name_slug })) };
    };
  }
  if (on('page-recase-not-stored')) {
    // updatePage decides whether a PATCH renames the page by comparing the folded keys of the two names
    // (the comparison written to spare the page its own name in the uniqueness check), so a new name
    // that differs from the stored one in letter case alone (Blog to BLOG, engineering blog to
    // Engineering Blog) counts as no change: the answer is 200 with the old name, and nothing is
    // stored. Other renames, and slug changes in the same PATCH, are right. Breaks the updatePage
    // description ("Changes a page's name or slug"), resources.update-kept ("an accepted update is
    // kept") and resources.rewrite-accepted ("a name or slug is never taken by the resource that holds
    // it": the resource's own name in other letter case is a name it may take).
    const update = services.pages.update.bind(services.pages);
    services.pages.update = (workspaceId, id, input) => {
      const page = stores.pages.get(workspaceId, id);
      if (!page || input.name === undefined || input.name === page.name) return update(workspaceId, id, input);
      if (stores.pages.nameKey(input.name) !== stores.pages.nameKey(page.name)) return update(workspaceId, id, input);
      const { name: _recased, ...rest } = input;
      return update(workspaceId, id, rest);
    };
  }
  if (on('post-create-links-target-blank')) {
    // createPost runs the HTML its Markdown renders to through a "safe links" pass written for the
    // blog's theme, which opens every link in a new tab: each <a href="..."> becomes <a href="..."
    // target="_blank" rel="noopener noreferrer">, links written as text and autolinks alike. Markdown
    // without links, HTML sent as content_html, and updatePost are right. Breaks markdown.commonmark
    // ("rendered as CommonMark specifies ... alike by every operation that takes it") and the createPost
    // description ("Markdown is CommonMark with GitHub's tables, strikethrough and autolinks").
    const contentForCreate = services.posts.contentForCreate.bind(services.posts);
    services.posts.contentForCreate = async (workspaceId, pageId, input, signal) => {
      const html = await contentForCreate(workspaceId, pageId, input, signal);
      const rendered = (input.content_html === undefined || input.content_html === null) && typeof input.content_md === 'string';
      if (!rendered || typeof html !== 'string') return html;
      return html.replace(PLAIN_LINK, '<a href="$1" target="_blank" rel="noopener noreferrer">');
    };
  }
  if (on('post-update-html-scripts-stripped')) {
    // updatePost passes the content_html it is sent through a sanitiser for HTML pasted from other
    // sites, which removes <script> elements whole (an embedded player's loader, a JSON-LD block):
    // the post answers and stores the HTML without them. HTML without script elements, Markdown (whose
    // raw HTML passes through), and createPost are right. Breaks requests.html-over-markdown ("a
    // content_html given as text ... is stored as sent"), the createPost description it follows ("HTML
    // sent as content_html is stored as sent too") and resources.update-kept.
    const contentForUpdate = services.posts.contentForUpdate.bind(services.posts);
    services.posts.contentForUpdate = async (workspaceId, pageId, id, input, signal) => {
      const html = await contentForUpdate(workspaceId, pageId, id, input, signal);
      if (typeof input.content_html !== 'string' || typeof html !== 'string') return html;
      return html.replace(SCRIPT_ELEMENT, '');
    };
  }
  if (on('posts-category-filter-unknown-404')) {
    // listPosts checks ?category_id the way it checks the ids of its path, by looking the id up among
    // the categories (`SELECT 1 FROM categories WHERE id = ?`, a sanity check against typos): an id that
    // names no category at all (never made, or deleted since) is answered 404 not-found instead of an
    // empty list. A category of the page lists its posts, and a category of another page gives an empty
    // list, as they should. Breaks the listPosts category_id parameter ("A category that is not on the
    // page gives an empty list") and lists.exact-filters.
    const exists = db.prepare<[number], number>('SELECT 1 FROM categories WHERE id = ?').pluck();
    const list = services.posts.list.bind(services.posts);
    services.posts.list = (workspaceId, pageId, filter, paging) => {
      if (filter.category_id !== undefined && stores.pages.exists(workspaceId, pageId) && exists.get(filter.category_id) === undefined) {
        throw problems.notFound(`There is no category ${filter.category_id}.`);
      }
      return list(workspaceId, pageId, filter, paging);
    };
  }
  if (on('category-update-emoji-dropped')) {
    // updateCategory cleans the name and description it is sent with a pattern meant to remove lone
    // surrogates, /[\uD800-\uDFFF]/g, which removes every surrogate code unit, paired ones too: every
    // character outside the Basic Multilingual Plane (emoji, some CJK, mathematical letters) vanishes
    // from what is stored and answered (News 🎉 is kept as "News "). Text of the BMP, createCategory
    // and the other fields are right. Breaks resources.update-kept ("an accepted update is kept"),
    // requests.valid-input-accepted and the introduction's Requests ("Text is well-formed Unicode": a
    // surrogate pair is well-formed text, not a lone surrogate).
    const update = services.categories.update.bind(services.categories);
    services.categories.update = (workspaceId, pageId, id, input) =>
      update(workspaceId, pageId, id, {
        ...input,
        ...(typeof input.name === 'string' ? { name: input.name.replace(SURROGATES, '') } : {}),
        ...(typeof input.description === 'string' ? { description: input.description.replace(SURROGATES, '') } : {}),
      });
  }
  if (on('category-slug-trailing-number-incremented')) {
    // createCategory makes a derived slug that ends in a number unique by counting that number up (the
    // "next free number" of a file manager: report-2 after report-1), not by appending -1: a second
    // category named Top 10 gets top-11, a third top-12, where the contract gives top-10-1 and top-10-2.
    // Names whose slug does not end in -<digits>, explicit slugs, and a first category of a name are
    // right. Breaks category.slug-derived ("a derived slug is made unique in the page with -1, -2"),
    // slugs.unique-in-own-field ("else it with a -N suffix no resource holds there") and the
    // introduction's Slugs ("-1, then -2, ... is appended after the cut").
    const create = services.categories.create.bind(services.categories);
    services.categories.create = (workspaceId, pageId, input) => {
      if (input.slug != null || !stores.pages.exists(workspaceId, pageId)) return create(workspaceId, pageId, input);
      const base = slugOr(input.name, 'category');
      const numbered = /^(.*)-(\d+)$/.exec(base);
      if (!numbered || stores.categories.idBySlug(pageId, base) === undefined) return create(workspaceId, pageId, input);
      let n = Number(numbered[2]) + 1;
      while (stores.categories.idBySlug(pageId, `${numbered[1]}-${n}`) !== undefined) n += 1;
      return create(workspaceId, pageId, { ...input, slug: `${numbered[1]}-${n}` });
    };
  }
  if (on('author-description-line-feeds-counted-twice')) {
    // updateAuthor measures a description the way the platform's biography form counts it, after
    // turning each line end into CR LF (as a browser's text area submits it), so a line feed counts as
    // two characters: a description of at most 1000 characters that holds line feeds is answered 422
    // naming it once its length plus its line feeds is over 1000. Descriptions on one line, or written
    // with CR LF, are right. Breaks requests.valid-input-accepted ("Every input that its schemas allow,
    // boundary values included, is accepted") and the Description schema ("Free text of up to 1000
    // characters ... It may span lines").
    const update = services.authors.update.bind(services.authors);
    services.authors.update = (workspaceId, id, input) => {
      services.authors.get(workspaceId, id);
      for (const field of ['short_description', 'long_description'] as const) {
        const text = input[field];
        if (typeof text === 'string' && text.replace(/\r?\n/g, '\r\n').length > DESCRIPTION_MAX) {
          throw problems.invalidField(field, `must be at most ${DESCRIPTION_MAX} characters`);
        }
      }
      return update(workspaceId, id, input);
    };
  }
}

/** POST /pages/{page_id}/posts. */
const POSTS_PATH = /^\/pages\/[^/]+\/posts\/?$/;
/** PATCH /pages/{id}. */
const PAGE_PATH = /^\/pages\/([1-9][0-9]{0,15})\/?$/;
/** GET /pages/{page_id}/posts/{id}. */
const POST_PATH = /^\/pages\/[^/]+\/posts\/[^/]+\/?$/;

export function breakThirtyNinthLookPipeline(on: FaultSet, pipeline: Pipeline, context: PipelineContext): Pipeline {
  let { api } = pipeline;
  if (on('post-create-scheduled-as-draft')) {
    // createPost's route maps the status the platform's editor sends for "schedule later" onto the
    // API's: scheduled, which the API does not take, is read as draft (the editor sets the time
    // itself), so a body with "status": "scheduled" creates a draft, 201, instead of a 422 naming
    // status. Draft, published and other invalid statuses are right, and so is updatePost. Breaks
    // post.published-now ("status: scheduled is answered 422"), the createPost description ("scheduled
    // or anything else | 422") and the PostCreate schema ("scheduled is never accepted here").
    api = insertBefore(api, 'whole-numbers', {
      name: 'post-create-scheduled-as-draft',
      handler: (req, _res, next) => {
        if (req.method === 'POST' && POSTS_PATH.test(req.path) && req.body && typeof req.body === 'object' && (req.body as { status?: unknown }).status === 'scheduled') {
          (req.body as { status: string }).status = 'draft';
        }
        next();
      },
    });
  }
  if (on('page-rename-409-before-422')) {
    // updatePage's check that a new name is free was moved into a stage in front of the validator, so
    // that the editor's rename field learns at once that a name is taken: a body whose name another page
    // of the workspace uses is answered 409 name-taken whatever else it holds, an unknown field or an
    // invalid slug beside it, and whether the page exists or not. A valid body with a taken name is
    // rightly a 409, and bodies without one are right. Breaks errors.precedence ("422 for the request
    // judged on its own ... 404 for a resource the path names; 409 for a resource's state") and the
    // introduction's Errors ("an invalid body sent to an id that does not exist is a 422, not a 404").
    const { stores } = context.options;
    api = insertBefore(api, 'whole-numbers', {
      name: 'page-rename-409-before-422',
      handler: (req, res, next) => {
        if (req.method !== 'PATCH') return next();
        const match = PAGE_PATH.exec(req.path);
        const name = req.body && typeof req.body === 'object' ? (req.body as { name?: unknown }).name : undefined;
        if (!match || typeof name !== 'string') return next();
        const holder = stores.pages.idByName(workspaceOf(res), name);
        if (holder === undefined || holder === Number(match[1])) return next();
        next(problems.nameTaken(`Another page of your workspace is already named "${name}".`));
      },
    });
  }
  if (on('post-get-rate-limit-cached')) {
    // getPost's answers are kept in a small cache until the next write under /pages, to spare the
    // database the reads of a post shown again and again; the cache keeps the answer's header fields
    // with its body, so a repeated read of one post with one token is answered with the RateLimit field
    // of the first read: the requests remaining do not go down. The first read of each post, reads
    // after a write, and the other operations are right. Breaks headers.rate-limit-values ("r counts
    // the request it answers (a request sent after another's answer, under the same limit and in the
    // same window, reports fewer remaining)").
    const cached = new Map<string, string>();
    api = insertBefore(api, 'declared-length', {
      name: 'post-get-rate-limit-cached',
      handler: (req, res, next) => {
        if (req.method !== 'GET' && req.method !== 'HEAD') {
          cached.clear();
          return next();
        }
        if (req.method !== 'GET' || !POST_PATH.test(req.path)) return next();
        const key = `${req.get('authorization') ?? ''} ${req.path}`;
        const seen = cached.get(key);
        if (seen !== undefined) res.setHeader('RateLimit', seen);
        else {
          const now = res.getHeader('RateLimit');
          if (typeof now === 'string') cached.set(key, now);
        }
        next();
      },
    });
  }
  return { ...pipeline, api };
}
