/**
 * Faults written from the contract alone, each confined to one operation of the content or authors
 * family and each one a first test passes: a page create that compares names with SQL LIKE (a name with
 * % or _ is taken by any name the wildcards match), a page rename that carries the old name_slug's
 * uniqueness suffix over to the new one (blog-1 renamed to Journal gives journal-1), a HEAD of listPages
 * without Access-Control-Expose-Headers, a post create that refuses a body in Content-Encoding br with
 * 415, a post create whose derived slug drops the separators inside numbers (Top 1,000 Tips gives
 * top-1000-tips), a post update whose Markdown renders task-list items as checkboxes, a posts list that
 * answers each post's og_description with its seo_description, a category create that answers the
 * oldest category of the workspace with the same slug (another page's), a category update that holds
 * the slugs other categories of the page gave up as taken, a getAuthor 404 under a title of its own
 * (Author not found), an author update whose answer cuts formatted_name to 255 characters, and an
 * authors list that answers every author active: true, inactive ones under ?active=false too. Each is a
 * bug an implementer could plausibly write, and each breaks a statement of the contract (named in its
 * comment).
 */
import type { ErrorRequestHandler } from 'express';
import type { Category } from '../../generated/openapi.d.ts';
import type { PipelineContext } from '../app.ts';
import type { ServerParts } from '../compose.ts';
import { nextFreeSlug, slugify, slugOr } from '../domain/slugs.ts';
import { insertBefore, type Pipeline } from '../http/pipeline.ts';
import { ProblemError, problems } from '../http/problem.ts';
import type { FaultSet } from './fault-set.ts';

/** Every row of a list, as one page. */
const EVERYTHING = { page: 1, size: 1_000_000 };

/** A page name as SQLite's LIKE reads it as a pattern: % any run, _ any one character, ASCII letters in any case. */
const likePattern = (name: string): RegExp =>
  new RegExp(
    `^${[...name]
      .map((c) => (c === '%' ? '[\\s\\S]*' : c === '_' ? '[\\s\\S]' : c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('')}$`,
    'i',
  );

/** The longest name a Name field allows, which the faulty answer builder applied to formatted_name too. */
const NAME_MAX = 255;

export function breakThirtyFifthLookParts(on: FaultSet, { stores, services }: ServerParts): void {
  if (on('page-name-like-wildcards')) {
    // createPage looks for a page of the same name with `name LIKE ?` (SQLite's LIKE ignores the
    // letter case of ASCII letters, which is what the author wanted) beside the folded-name check, with
    // the new name as the pattern and its % and _ left unescaped: a name holding % or _ (50% off, a_b)
    // is answered 409 name-taken when another page's name matches the wildcards (50 percent off, aXb),
    // though no page has that name. Names without % or _, and every rename, are judged right. Breaks
    // names.unique-any-case ("a name already used in the workspace is answered 409" and no other),
    // requests.valid-input-accepted and the createPage description (a name "must not be used by
    // another page of the workspace").
    const create = services.pages.create.bind(services.pages);
    services.pages.create = (workspaceId, input) => {
      if (/[%_]/.test(input.name)) {
        const pattern = likePattern(input.name);
        const holder = stores.pages.list(workspaceId, EVERYTHING).items.find((page) => pattern.test(page.name));
        if (holder) throw problems.nameTaken(`Another page of your workspace is already named "${holder.name}".`);
      }
      return create(workspaceId, input);
    };
  }
  if (on('page-rename-name-slug-suffix-carried')) {
    // updatePage makes the new name_slug by replacing the old name's slug inside the stored name_slug
    // (`name_slug.replace(oldBase, newBase)`, written so that a rename "keeps the page's number"): a
    // page whose name_slug needed a suffix (blog-1, beside another page's blog) keeps that suffix under
    // its new name (Journal gives journal-1), though no page holds journal. Renames of pages whose
    // name_slug was not suffixed are right, and so is createPage. Breaks page.rename-keeps-slug
    // ("name_slug follows the new name"), slugs.unique-in-own-field ("the derived slug itself when no
    // resource holds it there") and the Page schema's name_slug ("Derived from the name, made unique
    // ... It follows the name when the name changes").
    const update = services.pages.update.bind(services.pages);
    services.pages.update = (workspaceId, id, input) => {
      const before = stores.pages.get(workspaceId, id);
      const after = update(workspaceId, id, input);
      if (!before || after.name_slug === before.name_slug || input.name === undefined) return after;
      const suffix = /^(.*)-(\d+)$/.exec(before.name_slug);
      if (!suffix || suffix[1] !== slugOr(before.name, 'page')) return after;
      const carried = `${after.name_slug}-${suffix[2]}`;
      if (stores.pages.slugsFrom(workspaceId, 'name_slug', carried).includes(carried)) return after;
      stores.pages.update(id, { name_slug: carried });
      return stores.pages.get(workspaceId, id)!;
    };
  }
  if (on('post-slug-digit-separators-dropped')) {
    // createPost removes the separators inside numbers before it derives a slug (`/(\d)[.,](?=\d)/`,
    // written so that "Top 1,000 Tips" would not give "top-1-000-tips"): a title with a decimal point
    // or a thousands separator between digits gives a slug with the digits run together (Version 2.0
    // gives version-20, Top 1,000 Tips gives top-1000-tips), so Version 2.0 and Version 20 collide on
    // one slug. Titles without such numbers are right, and so are the other operations' slugs. Breaks
    // the Slugs section ("every run of other characters turned into one hyphen") and
    // post.slug-unique-in-page ("A post's slug is derived from its title").
    const create = services.posts.create.bind(services.posts);
    services.posts.create = (workspaceId, pageId, input, contentHtml) => {
      const post = create(workspaceId, pageId, input, contentHtml);
      if (!/\d[.,]\d/.test(input.title)) return post;
      const base = slugOr(input.title.replace(/(\d)[.,](?=\d)/g, '$1'), 'post');
      if (base === slugOr(input.title, 'post')) return post;
      const slug = nextFreeSlug(base, stores.posts.slugsFrom(pageId, base));
      stores.posts.update(post.id, { slug });
      return { ...post, slug };
    };
  }
  if (on('post-update-markdown-task-lists')) {
    // updatePost's renderer was given the task-list plugin the editor's preview uses (GitHub's issues
    // render `- [ ]` as a checkbox), enabled on the update path only: a list item starting [ ] or [x]
    // renders as `<li><input type="checkbox" disabled> ...` (checked for [x]), where CommonMark, with
    // GitHub's tables, strikethrough and autolinks and nothing else, keeps the brackets as text. Every
    // other Markdown renders right, and so does createPost. Breaks markdown.commonmark ("rendered as
    // CommonMark specifies, with GitHub's tables, strikethrough and autolinks ... alike by every
    // operation that takes it") and the PostUpdate schema's content_md.
    const contentForUpdate = services.posts.contentForUpdate.bind(services.posts);
    services.posts.contentForUpdate = async (workspaceId, pageId, id, input, signal) => {
      const html = await contentForUpdate(workspaceId, pageId, id, input, signal);
      const rendered = (input.content_html === undefined || input.content_html === null) && typeof input.content_md === 'string';
      if (!rendered || typeof html !== 'string') return html;
      return html.replace(/<li>\[([ xX])\] /g, (_item, mark: string) => `<li><input type="checkbox" disabled${mark === ' ' ? '' : ' checked'}> `);
    };
  }
  if (on('posts-list-og-description-from-seo')) {
    // listPosts maps its rows with a mapper of its own (written for the list's inline-content columns),
    // whose og_description line was copied from the seo_description line above it and not finished:
    // every listed post answers its seo_description as its og_description. Posts whose two
    // descriptions are equal (both null, as in a first test) list right; getPost, createPost and
    // updatePost answer the stored value. Breaks resources.update-kept ("Create, get, list and update
    // agree with each other") and responses.every-field (each field as its resource has it).
    const list = services.posts.list.bind(services.posts);
    services.posts.list = (workspaceId, pageId, filter, paging) => {
      const answer = list(workspaceId, pageId, filter, paging);
      for (const post of answer.items) post.og_description = post.seo_description;
      return answer;
    };
  }
  if (on('category-create-answer-read-by-slug')) {
    // createCategory reads the new category back by its slug, with a query that joins the pages to
    // stay in the workspace and lost its page condition in that refactor (`... WHERE p.workspace_id = ?
    // AND c.slug = ? ORDER BY c.id LIMIT 1`): the category is stored right, on its page, but when a
    // category of another page of the workspace already has the same slug (News on the blog, then News
    // on the shop), the answer, and its Location, is that older category, with its id and page_id. The
    // first category of a slug in the workspace is answered right. Breaks resources.answer-as-stored
    // ("The answer to a create ... shows the resource as stored"), headers.location-created (the URL of
    // the created resource) and resources.readable-after-create.
    const create = services.categories.create.bind(services.categories);
    services.categories.create = (workspaceId, pageId, input) => {
      const category = create(workspaceId, pageId, input);
      let oldest: Category | undefined;
      for (const page of stores.pages.list(workspaceId, EVERYTHING).items) {
        const id = stores.categories.idBySlug(page.id, category.slug);
        if (id !== undefined && (oldest === undefined || id < oldest.id)) oldest = stores.categories.get(page.id, id);
      }
      return oldest ?? category;
    };
  }
  if (on('category-update-former-slug-held')) {
    // updateCategory keeps the slugs a category gives up in a table of former slugs, for the
    // redirects of old category URLs, and checks a new explicit slug against that table too: a slug
    // that another category of the page held before its own slug change is answered 409 slug-taken,
    // though no category has it (a category may take back its own former slug). Slugs never held, and
    // createCategory, are right. Breaks category.slug-taken ("An explicit slug already used in the
    // page ... is answered 409": only one in use), requests.valid-input-accepted and the updateCategory
    // description ("one used by another category of the page is a 409").
    const formerSlugs = new Map<number, Map<string, number>>();
    const update = services.categories.update.bind(services.categories);
    services.categories.update = (workspaceId, pageId, id, input) => {
      const before = stores.pages.exists(workspaceId, pageId) ? stores.categories.get(pageId, id) : undefined;
      const former = formerSlugs.get(pageId) ?? new Map<string, number>();
      if (before && input.slug !== undefined) {
        const slug = slugify(input.slug);
        const gaveUp = former.get(slug);
        if (slug !== before.slug && gaveUp !== undefined && gaveUp !== id && stores.categories.idBySlug(pageId, slug) === undefined) {
          throw problems.slugTaken(`Another category of page ${pageId} already uses the slug "${slug}".`);
        }
      }
      const after = update(workspaceId, pageId, id, input);
      if (before && after.slug !== before.slug) {
        former.set(before.slug, id);
        formerSlugs.set(pageId, former);
      }
      return after;
    };
  }
  if (on('author-update-formatted-name-cut')) {
    // updateAuthor's answer is built with the limits of the fields it was thought to show, and
    // formatted_name got a Name's 255 characters (`.slice(0, 255)`), where the Author schema gives it
    // 511 (a first and a last name of 255 each and a space): an author whose names together pass 255
    // characters is answered with formatted_name cut, while getAuthor and listAuthors show it whole.
    // Names of everyday length are right. Breaks author.update-kept ("formatted_name follows the
    // names, and getAuthor agrees"), resources.answer-as-stored and requests.valid-input-accepted.
    const update = services.authors.update.bind(services.authors);
    services.authors.update = (workspaceId, id, input) => {
      const author = update(workspaceId, id, input);
      return author.formatted_name.length > NAME_MAX ? { ...author, formatted_name: author.formatted_name.slice(0, NAME_MAX) } : author;
    };
  }
  if (on('authors-inactive-listed-as-active')) {
    // listAuthors maps its rows with `active` taken from the filter's default (`true`: "the list shows
    // the active authors"), written before ?active=false existed: every listed author answers active
    // true, the inactive authors listed under ?active=false too, while getAuthor and updateAuthor
    // answer false for them. The default list, which holds only active authors, is right. Breaks
    // resources.update-kept ("Create, get, list and update agree with each other"), lists.exact-filters
    // ("A filter lists exactly the items that match it": the items say they do not) and the Author
    // schema's active.
    const list = services.authors.list.bind(services.authors);
    services.authors.list = (workspaceId, active, paging) => {
      const answer = list(workspaceId, active, paging);
      return { ...answer, items: answer.items.map((author) => ({ ...author, active: true })) };
    };
  }
}

/** POST /pages/{id}/posts, under the API's base path. */
const POSTS_PATH = /^\/pages\/[^/]+\/posts\/?$/;
/** /authors/{id}, under the API's base path or not. */
const AUTHOR_PATH = /^(?:\/api\/v1)?\/authors\/[^/]+\/?$/;

export function breakThirtyFifthLookPipeline(on: FaultSet, pipeline: Pipeline, _context: PipelineContext): Pipeline {
  let { api, errors } = pipeline;
  if (on('head-pages-without-expose-headers')) {
    // HEAD of listPages is answered through a header allow-list written for caches in front of the
    // API (the page count is polled with HEAD), which drops Access-Control-Expose-Headers as a field
    // "only a script reading a body needs": HEAD /pages carries Access-Control-Allow-Origin but not
    // Access-Control-Expose-Headers, so a browser script cannot read RateLimit from it. GET is right,
    // and so is every other HEAD. Breaks http.head ("with the status and headers GET would have"),
    // headers.cors-present ("Every answer ... carries Access-Control-Allow-Origin ... and
    // Access-Control-Expose-Headers") and responses.declared-headers.
    api = insertBefore(api, 'head', {
      name: 'head-pages-without-expose-headers',
      handler: (req, res, next) => {
        if (req.method === 'HEAD' && /^\/pages\/?$/.test(req.path)) {
          res.removeHeader('Access-Control-Expose-Headers');
          const setHeader = res.setHeader.bind(res);
          res.setHeader = (name: string, value: number | string | readonly string[]) =>
            name.toLowerCase() === 'access-control-expose-headers' ? res : setHeader(name, value);
        }
        next();
      },
    });
  }
  if (on('post-create-brotli-415')) {
    // createPost's route decodes its bodies with a helper of its own (written to lift its body limit
    // for long posts), which knows gzip and deflate from zlib's older API and not br: a createPost body
    // sent with Content-Encoding: br is answered 415 unsupported-media-type, as an unknown encoding
    // would be. Bodies sent plain, gzip or deflate are right, and so is br on every other operation.
    // Breaks requests.content-encoding-accepted ("A JSON body sent with Content-Encoding: gzip, deflate
    // or br ... is answered and applied as the same body sent without a Content-Encoding") and the
    // introduction's Requests ("A JSON body may be compressed with Content-Encoding: gzip, deflate or br").
    api = insertBefore(api, 'json-body', {
      name: 'post-create-brotli-415',
      handler: (req, _res, next) => {
        if (req.method !== 'POST' || !POSTS_PATH.test(req.path)) return next();
        if ((req.get('content-encoding') ?? '').trim().toLowerCase() !== 'br') return next();
        next(problems.unsupportedMediaType('The Content-Encoding "br" is not supported; send the body as identity, gzip or deflate.'));
      },
    });
  }
  if (on('author-get-404-own-title')) {
    // getAuthor raises its 404 with a problem of its own, titled for the resource (Author not found),
    // where every other 404 of type not-found says Not found: status, type and detail are right, and
    // so is updateAuthor's 404. Breaks errors.title-per-type ("A problem's title is the same for every
    // occurrence of its type, whatever the operation or the cause").
    const handle = errors;
    errors = ((err: unknown, req, res, next) => {
      const get = req.method === 'GET' || req.method === 'HEAD';
      if (!get || !AUTHOR_PATH.test(req.path) || !(err instanceof ProblemError) || err.kind !== 'not-found') return handle(err, req, res, next);
      return handle(new ProblemError(404, 'not-found', 'Author not found', err.detail, err.errors, err.headers, err.listLimit), req, res, next);
    }) as ErrorRequestHandler;
  }
  return { ...pipeline, api, errors };
}
