/**
 * Faults written from the contract alone, each confined to one operation of the content or authors
 * family and each one a first test passes: a getAuthor whose unknown-parameter check knows listAuthors'
 * parameters (?active, ?page and ?size are ignored instead of answered 422), an author update that stores
 * the names it is given in NFC (a combining accent comes back precomposed), a category create that reads
 * a body sent as text/plain as JSON instead of answering 415, a category rename that moves the updated_at
 * of the category's posts, a post update whose Markdown renders the text of code spans and blocks escaped
 * twice (a < b reads &amp;lt;), a page rename that makes the new name_slug unique against the workspace's
 * slugs instead of its name_slugs, a getPage route that also answers any path one segment below a page
 * (/pages/{id}/archive) with the page instead of 404, a getPost whose route leaves out the id 0 (a 404
 * instead of the 422 naming the parameter), a post update that stores a description sent as null as the
 * empty text, a post create that refuses Markdown rendering to more than 500,000 characters (the limit
 * of content_html sent as such, not of a rendering), a post create on another workspace's page that
 * answers 404 but stores the post there, and a posts list whose ?category_id also lists the posts
 * without a category. Each is a bug an implementer could plausibly write, and each breaks a statement of
 * the contract (named in its comment).
 */
import type { RequestHandler } from 'express';
import type { PipelineContext } from '../app.ts';
import type { ServerParts } from '../compose.ts';
import { timestamp, type Clock } from '../domain/clock.ts';
import { nextFreeSlug, slugOr } from '../domain/slugs.ts';
import { workspaceOf } from '../http/auth.ts';
import { insertBefore, wrapStage, type Pipeline } from '../http/pipeline.ts';
import { problems } from '../http/problem.ts';
import type { ServiceContext } from '../services/context.ts';
import type { FaultSet } from './fault-set.ts';

/** Every row of a list, as one page. */
const EVERYTHING = { page: 1, size: 1_000_000 };

/** The content_html a post create or update body may carry, which the faulty check applied to a rendering. */
const CONTENT_HTML_INPUT_MAX = 500_000;

/** Entities markdown-it writes for the text of code, which the faulty sanitiser escaped again. */
const CODE = /(<code[^>]*>)([\s\S]*?)(<\/code>)/g;

export function breakThirtySeventhLookParts(on: FaultSet, { db, stores, services }: ServerParts): void {
  const contextOf = (service: object) => (service as unknown as { context: ServiceContext }).context;

  if (on('author-update-names-nfc-composed')) {
    // updateAuthor normalises the first and last names it is given to NFC before storing them, a step
    // written for the authors' search index (so that René typed either way is found) and put on the
    // write path instead: a name sent with a combining accent (Rene + U+0301) is stored and answered in
    // its precomposed form (René), formatted_name too. Names in NFC already, which every keyboard
    // sends, are kept as sent. Breaks author.update-kept ("a change is kept, formatted_name follows the
    // names"), resources.update-kept ("an accepted update is kept") and the AuthorUpdate schema, which
    // takes any text without control characters and normalises none.
    const update = services.authors.update.bind(services.authors);
    services.authors.update = (workspaceId, id, input) =>
      update(workspaceId, id, {
        ...input,
        ...(typeof input.first_name === 'string' ? { first_name: input.first_name.normalize('NFC') } : {}),
        ...(typeof input.last_name === 'string' ? { last_name: input.last_name.normalize('NFC') } : {}),
      });
  }
  if (on('category-rename-touches-posts')) {
    // updateCategory renaming a category also "refreshes" the category's posts, by setting their
    // updated_at to the rename's time: the posts once showed the category's name in the platform's
    // feed, and the feed's cache was invalidated by the posts' updated_at. The posts' content is
    // untouched, but each reads as written at the rename. Changes of a category's colour, description
    // or slug, and renames of categories without posts, are right. Breaks resources.write-named-only
    // ("A create, update or send writes only the resource it names ... the resources beside it ...
    // read as before, updated_at included") and the introduction's Requests ("A write to a resource
    // under a page ... is a write of that resource alone").
    const update = services.categories.update.bind(services.categories);
    services.categories.update = (workspaceId, pageId, id, input) => {
      const before = stores.pages.exists(workspaceId, pageId) ? stores.categories.get(pageId, id) : undefined;
      const after = update(workspaceId, pageId, id, input);
      if (!before || input.name === undefined || after.name === before.name) return after;
      for (const post of stores.posts.list(pageId, { category_id: id }, EVERYTHING).items) stores.posts.update(post.id, { updated_at: after.updated_at });
      return after;
    };
  }
  if (on('post-update-code-double-escaped')) {
    // updatePost runs the HTML its Markdown renders to through an escaping pass over code (written so
    // that "code shown on the page can never become markup"), which escapes again what markdown-it has
    // already escaped: in an inline code span or a code block, a < reads &amp;lt; and an & reads
    // &amp;amp;, so readers see the entities instead of the characters. Markdown without code, code
    // without <, >, & or ", HTML sent as content_html, and createPost are right. Breaks
    // markdown.commonmark ("rendered as CommonMark specifies ... all other text escaped, alike by every
    // operation that takes it") and the PostUpdate schema's content_md.
    const contentForUpdate = services.posts.contentForUpdate.bind(services.posts);
    services.posts.contentForUpdate = async (workspaceId, pageId, id, input, signal) => {
      const html = await contentForUpdate(workspaceId, pageId, id, input, signal);
      const rendered = (input.content_html === undefined || input.content_html === null) && typeof input.content_md === 'string';
      if (!rendered || typeof html !== 'string') return html;
      return html.replace(CODE, (_all, open: string, text: string, close: string) => `${open}${text.replace(/&(amp|lt|gt|quot);/g, '&amp;$1;')}${close}`);
    };
  }
  if (on('page-rename-name-slug-against-slugs')) {
    // updatePage's rename makes the new name_slug unique with the helper of the slug branch below it,
    // copied with its column: the new name's slug is judged against the workspace's page slugs, not
    // their name_slugs. A page renamed to Journal while another page has the explicit slug journal
    // (and no page the name_slug journal) gets the name_slug journal-1. Renames whose slug no page
    // holds as its slug are right, and so is createPage. Breaks slugs.unique-in-own-field ("its
    // name_slug against their name_slugs ... the derived slug itself when no resource holds it there"),
    // page.rename-keeps-slug ("name_slug follows the new name") and the Page schema's name_slug.
    const update = services.pages.update.bind(services.pages);
    services.pages.update = (workspaceId, id, input) => {
      const before = stores.pages.get(workspaceId, id);
      const after = update(workspaceId, id, input);
      if (!before || input.name === undefined || after.name === before.name) return after;
      const base = slugOr(after.name, 'page');
      const wrong = nextFreeSlug(base, stores.pages.slugsFrom(workspaceId, 'slug', base).filter((slug) => slug !== before.slug));
      if (wrong === after.name_slug || stores.pages.slugsFrom(workspaceId, 'name_slug', wrong).includes(wrong)) return after;
      stores.pages.update(id, { name_slug: wrong });
      return stores.pages.get(workspaceId, id)!;
    };
  }
  if (on('post-update-null-description-emptied')) {
    // updatePost turns a description sent as null into the empty text (`input.description ?? ''`, the
    // coalescing of the editor's form handler, where an emptied text area arrives as ''): the post
    // answers, and stores, description "" instead of null. A new description, and a PATCH that does not
    // name it, are right, and so are the other fields' nulls. Breaks the updatePost description ("null
    // clears an optional one"), the PostUpdate schema ("null clears an optional field") and
    // requests.null-as-absent ("in an update body, null clears the field it names").
    const update = services.posts.update.bind(services.posts);
    services.posts.update = (workspaceId, pageId, id, input, contentHtml) =>
      update(workspaceId, pageId, id, input.description === null ? { ...input, description: '' } : input, contentHtml);
  }
  if (on('post-create-html-limit-500k')) {
    // createPost checks the HTML its Markdown renders to against the limit of the content_html field of
    // its request schema (500,000 characters), which the check's author took for the limit of the
    // stored content: Markdown that renders to more than 500,000 and at most 1,000,000 characters is a
    // 422 naming content_md. Markdown of everyday length, HTML sent as content_html, and updatePost are
    // right. Breaks the createPost description ("the HTML may be at most 1,000,000 characters"), the
    // PostCreate schema's content_md and requests.valid-input-accepted ("boundary values included").
    const contentForCreate = services.posts.contentForCreate.bind(services.posts);
    services.posts.contentForCreate = async (workspaceId, pageId, input, signal) => {
      const html = await contentForCreate(workspaceId, pageId, input, signal);
      const rendered = (input.content_html === undefined || input.content_html === null) && typeof input.content_md === 'string';
      if (rendered && typeof html === 'string' && html.length > CONTENT_HTML_INPUT_MAX) {
        throw problems.invalidField('content_md', `must render to at most ${CONTENT_HTML_INPUT_MAX.toLocaleString('en')} characters of HTML`);
      }
      return html;
    };
  }
  if (on('post-create-other-workspace-stored-then-404')) {
    // createPost writes the post by its page id as soon as the Markdown is known good, and looks the page
    // up in the caller's workspace only to read the new post back (a refactor that moved the write out
    // of the transaction the 404 would have rolled back): a post sent to a page of another workspace is
    // answered 404, as it should be, but is stored on that page, where the other workspace lists and
    // reads it. Posts on the caller's own pages, and ids of no page, are right. Breaks
    // auth.workspace-scope ("a resource of another workspace is answered 404 ... and is not changed"),
    // resources.refused-write-changes-nothing ("no resource is created") and
    // resources.write-named-only.
    const clock = contextOf(services.posts).clock as Clock;
    const pageExists = (pageId: number) => db.prepare<[number], { id: number }>('SELECT id FROM pages WHERE id = ?').get(pageId) !== undefined;
    const contentForCreate = services.posts.contentForCreate.bind(services.posts);
    services.posts.contentForCreate = async (workspaceId, pageId, input, signal) => {
      if (stores.pages.exists(workspaceId, pageId) || !pageExists(pageId)) return contentForCreate(workspaceId, pageId, input, signal);
      const now = timestamp(clock);
      const status = input.status ?? 'draft';
      const base = slugOr(input.title, 'post');
      stores.posts.insert({
        page_id: pageId,
        title: input.title,
        slug: nextFreeSlug(base, stores.posts.slugsFrom(pageId, base)),
        status,
        description: input.description ?? null,
        content_html: input.content_html ?? null,
        content_md: input.content_md ?? null,
        seo_title: input.seo_title ?? null,
        seo_description: input.seo_description ?? null,
        og_title: input.og_title ?? null,
        og_description: input.og_description ?? null,
        cover_image_url: input.cover_image_url ?? null,
        og_image_url: input.og_image_url ?? null,
        category_id: null,
        author_id: null,
        scheduled_at: null,
        first_published_at: status === 'published' ? now : null,
        created_at: now,
      });
      throw problems.notFound(`There is no page ${pageId} in your workspace.`);
    };
  }
  if (on('posts-category-filter-includes-uncategorised')) {
    // listPosts builds its ?category_id condition as `(category_id = ? OR category_id IS NULL)`, from
    // the page's public archive, where a post without a category is shown under every category: the
    // filter lists and counts the posts without a category beside the category's own. A page whose
    // posts all have a category, and the list without the filter, are right. Breaks
    // lists.exact-filters ("A filter lists exactly the items that match it, and total counts only
    // them"), lists.filters-add-up and the listPosts description ("only those ... in one category").
    const list = services.posts.list.bind(services.posts);
    services.posts.list = (workspaceId, pageId, filter, paging) => {
      const answer = list(workspaceId, pageId, filter, paging);
      if (filter.category_id === undefined) return answer;
      const all = stores.posts
        .list(pageId, filter.status === undefined ? {} : { status: filter.status }, EVERYTHING)
        .items.filter((post) => post.category_id === filter.category_id || post.category_id === null);
      return { total: all.length, items: all.slice((paging.page - 1) * paging.size, paging.page * paging.size) };
    };
  }
}

/** GET /authors/{id}, under the API's router. */
const AUTHOR_PATH = /^\/authors\/[^/]+\/?$/;
/** listAuthors' query parameters, which the faulty check took as the author paths' own. */
const AUTHOR_LIST_PARAMETERS = new Set(['active', 'page', 'size']);
/** POST /pages/{page_id}/categories. */
const CATEGORIES_PATH = /^\/pages\/[^/]+\/categories\/?$/;
/** A path one segment below a page that no operation has: /pages/{id}/{anything but posts or categories}. */
const PAGE_SUBPATH = /^\/pages\/([^/]+)\/(?!(?:posts|categories)\/?$)[^/]+\/?$/;
/** GET /pages/{page_id}/posts/{id}. */
const POST_PATH = /^\/pages\/([^/]+)\/posts\/([^/]+)\/?$/;

export function breakThirtySeventhLookPipeline(on: FaultSet, pipeline: Pipeline, context: PipelineContext): Pipeline {
  let { api } = pipeline;
  if (on('author-get-list-query-accepted')) {
    // getAuthor's check of unknown query parameters takes the known names from every operation under
    // /authors (a table keyed by the path's first segment, built to save a lookup per request), so
    // listAuthors' active, page and size pass on getAuthor too, and are ignored: /authors/{id}?page=2
    // answers the author with 200. Other unknown parameters (?foo=1) are answered 422, and listAuthors
    // is right. Breaks requests.unknown-query-parameter ("An unknown query parameter is answered 422,
    // never ignored") and the introduction's Requests ("Unknown query parameters are likewise a 422").
    api = wrapStage(api, 'unknown-query', (real) => {
      const check = [real].flat()[0] as RequestHandler;
      return (req, res, next) => {
        if (req.method === 'GET' && AUTHOR_PATH.test(req.path)) {
          const query = Object.fromEntries(Object.entries(req.query).filter(([name]) => !AUTHOR_LIST_PARAMETERS.has(name)));
          Object.defineProperty(req, 'query', { value: query, configurable: true, enumerable: true, writable: true });
        }
        return check(req, res, next);
      };
    });
  }
  if (on('category-create-text-plain-read')) {
    // createCategory's route reads JSON sent as text/plain too (its parser was given `type:
    // ['application/json', 'text/plain']` so that a browser form could post without a CORS preflight):
    // a body with Content-Type text/plain is parsed as JSON and the category is created, 201, instead
    // of a 415. Bodies sent as application/json are right, other content types are 415, and so is
    // text/plain on every other operation. Breaks requests.json-content-type ("A JSON body sent with
    // another content type than application/json ... is answered 415") and the introduction's Requests
    // ("Another content type is answered with 415").
    api = insertBefore(api, 'json-body', {
      name: 'category-create-text-plain-read',
      handler: (req, _res, next) => {
        if (req.method === 'POST' && CATEGORIES_PATH.test(req.path) && req.is('text/plain')) req.headers['content-type'] = 'application/json';
        next();
      },
    });
  }
  if (on('page-get-any-subpath')) {
    // getPage's route was registered with an optional trailing segment (`/pages/:id{/:view}`) so that the
    // editor's preview links (/pages/{id}/preview) reached the page: a GET or HEAD of any path one
    // segment below a page that no operation has (/pages/{id}/archive, /pages/{id}/comments) answers
    // 200 with the page, where it must be a 404 not-found problem. /pages/{id} itself, its posts and
    // categories, and other methods on such paths are right. Breaks errors.no-such-path ("A path no
    // operation has is answered 404 with a problem document of type not-found ... to GET and HEAD
    // alike") and the introduction's Errors ("404 ... or no such path").
    const { services } = context.options;
    api = insertBefore(api, 'whole-numbers', {
      name: 'page-get-any-subpath',
      handler: (req, res, next) => {
        if (req.method !== 'GET' && req.method !== 'HEAD') return next();
        const match = PAGE_SUBPATH.exec(req.path);
        if (!match || !/^[1-9][0-9]{0,14}$/.test(match[1]!)) return next();
        try {
          res.json(services.pages.get(workspaceOf(res), Number(match[1])));
        } catch (err) {
          next(err);
        }
      },
    });
  }
  if (on('post-get-id-zero-404')) {
    // getPost's route declares its ids with the pattern `[1-9][0-9]*` (written to keep leading zeros
    // out), so a path with the id 0, page or post, matches no route and meets the catch-all 404 of
    // unknown routes, before the parameters are validated: /pages/{id}/posts/0 answers 404 not-found
    // where the id, below the contract's minimum of 1, must be a 422 naming path.id. Ids of 1 and more,
    // and the other operations, are right. Breaks the introduction's Requests ("Identifiers are whole
    // numbers from 1 to 9007199254740991"), requests.schema-validation ("A ... path value that breaks
    // its schema (... range ...) is answered 422") and errors.precedence (the 422 of the request judged
    // on its own comes before any 404).
    api = insertBefore(api, 'whole-numbers', {
      name: 'post-get-id-zero-404',
      handler: (req, _res, next) => {
        if (req.method !== 'GET') return next();
        const match = POST_PATH.exec(req.path);
        if (!match || (match[1] !== '0' && match[2] !== '0')) return next();
        next(problems.notFound(`There is no route GET ${req.path}.`));
      },
    });
  }
  return { ...pipeline, api };
}
