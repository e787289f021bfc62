/**
 * Faults written from the contract alone, each confined to one operation of the content or authors
 * family and each one a first test passes: a page update that reads "slug": null as a request to derive
 * the slug again from the name (as createPage reads it) instead of answering 422, a page create that
 * keeps only the last path segment of an explicit slug holding a / (team/notes gives notes, not
 * teamnotes), a category create that normalises an explicit slug before the validator judges it (a
 * slug without an ASCII letter or digit, one over 100 characters, or one holding a control character
 * is accepted once normalised), a category update that refuses a name another category of the page
 * uses with 409 name-taken (a check copied from the page rename), a category delete that skips the
 * check of unknown query parameters (?force=true deletes, 204), a post create whose Location is an
 * absolute URL built from the request's host name without its port, a post create that lists the
 * errors of its references (category_id, author_id) beside the schema errors of an invalid body, a post
 * update that refuses an image URL of exactly 2048 characters (the longest allowed), a posts list that
 * reads a ?category_id past 2^53 - 1 (up to int64's bound) as an id of no category and answers an
 * empty list instead of 422, a getPost that answers the empty texts of a post (description, SEO and
 * Open Graph fields) as null, an author update that reads a body sent as application/merge-patch+json
 * as JSON instead of answering 415, and an authors list whose past-the-end shortcut compares with the
 * last index by >=, so a last page holding one author is answered empty. Each is a bug an implementer
 * could plausibly write, and each breaks a statement of the contract (named in its comment).
 */
import type { PipelineContext } from '../app.ts';
import type { ServerParts } from '../compose.ts';
import { nameKey } from '../domain/names.ts';
import { slugify, slugOr } from '../domain/slugs.ts';
import { workspaceOf } from '../http/auth.ts';
import { keepErrors } from '../http/kept-errors.ts';
import { insertBefore, wrapStage, type Pipeline } from '../http/pipeline.ts';
import { problems, type FieldError } from '../http/problem.ts';
import type { Post } from '../../generated/openapi.d.ts';
import type { FaultSet } from './fault-set.ts';

/** The longest URL the contract allows (the Url schema's maxLength). */
const URL_MAX = 2048;
/** The optional texts of a post that getPost's mapper passes through `|| null`. */
const POST_TEXTS = ['description', 'seo_title', 'seo_description', 'og_title', 'og_description'] as const;

export function breakFortyFirstLookParts(on: FaultSet, { db, stores, services }: ServerParts): void {
  if (on('page-slug-last-path-segment')) {
    // createPage reads an explicit slug holding a / as a path a user pasted (a URL such as team/notes,
    // or /blog/notes/) and keeps its last non-empty segment, "the part that names the page": team/notes
    // gives the slug notes. A slug without a /, and every derived slug, are right. Breaks
    // page.slug-from-name ("or its explicit `slug` normalised, `/` removed"), the createPage description
    // ("An explicit slug is normalised the same way", where the name's slug has "`/` removed") and the
    // introduction's Slugs ("`/` removed, and every run of other characters turned into one hyphen").
    const create = services.pages.create.bind(services.pages);
    services.pages.create = (workspaceId, input) => {
      if (typeof input.slug !== 'string' || !input.slug.includes('/')) return create(workspaceId, input);
      const segments = input.slug.split('/').filter((segment) => segment.trim() !== '');
      return create(workspaceId, { ...input, slug: segments.at(-1) ?? input.slug });
    };
  }
  if (on('category-rename-name-taken')) {
    // updateCategory got the rename branch of updatePage, uniqueness check included: a new name that
    // another category of the page has (in any letter case, by the page's name key) is answered 409
    // name-taken and nothing is stored. Category names are not unique: createCategory takes such a name
    // (its derived slug gets -1), and so does an update here when no other category of the page has it.
    // Breaks the updateCategory description (a 409 only for "A new slug ... used by another category of
    // the page"), the introduction's Errors (409 for "a page or newsletter name already used", not a
    // category's), the Slugs example (two categories of one page with the same name) and
    // requests.valid-input-accepted.
    const others = db.prepare<[number, number], string>('SELECT name FROM categories WHERE page_id = ? AND id <> ?').pluck();
    const update = services.categories.update.bind(services.categories);
    services.categories.update = (workspaceId, pageId, id, input) => {
      if (typeof input.name === 'string' && stores.pages.exists(workspaceId, pageId) && stores.categories.get(pageId, id)) {
        const key = nameKey(input.name);
        if (others.all(pageId, id).some((name) => nameKey(name) === key)) {
          throw problems.nameTaken(`Another category of page ${pageId} is already named "${input.name}".`);
        }
      }
      return update(workspaceId, pageId, id, input);
    };
  }
  if (on('post-update-image-url-2048-refused')) {
    // updatePost checks the image URLs once more against "the longest URL browsers take", written as
    // `url.length >= 2048` where the limit itself is allowed: a cover_image_url or og_image_url of
    // exactly 2048 characters is answered 422 naming it. Shorter URLs, and createPost, are right; one
    // of 2049 is rightly refused. Breaks the Url schema ("An absolute URL of up to 2048 characters")
    // and requests.valid-input-accepted ("Every input that its schemas allow, boundary values included,
    // is accepted").
    const contentForUpdate = services.posts.contentForUpdate.bind(services.posts);
    services.posts.contentForUpdate = async (workspaceId, pageId, id, input, signal) => {
      services.posts.get(workspaceId, pageId, id);
      const errors: FieldError[] = [];
      for (const field of ['cover_image_url', 'og_image_url'] as const) {
        const url = input[field];
        if (typeof url === 'string' && url.length >= URL_MAX) errors.push({ field, message: `must be shorter than ${URL_MAX} characters` });
      }
      if (errors.length > 0) throw problems.invalid(errors);
      return contentForUpdate(workspaceId, pageId, id, input, signal);
    };
  }
  if (on('post-get-empty-texts-nulled')) {
    // getPost's answer goes through a mapper that writes each optional text as `value || null` (meant
    // to turn a missing column into null), so an empty text, which the contract allows and stores, is
    // answered null: a post whose description, seo_title, seo_description, og_title or og_description
    // is "" reads null there. createPost, updatePost and listPosts answer "", and every text that is
    // not empty reads right. Breaks resources.update-kept ("Create, get, list and update agree with each
    // other") and resources.answer-as-stored ("a read right after it answers the same fields").
    const get = services.posts.get.bind(services.posts);
    services.posts.get = (workspaceId, pageId, id) => {
      const post = get(workspaceId, pageId, id);
      const mapped: Post = { ...post };
      for (const field of POST_TEXTS) mapped[field] = post[field] || null;
      return mapped;
    };
  }
  if (on('authors-lone-last-item-dropped')) {
    // listAuthors answers a page past the end without querying the items, and its shortcut compares
    // the page's first index with the last index of the list, `(page - 1) * size >= total - 1`, where
    // `>= total` was meant: a page whose first author is the last one is taken as past the end, so a
    // last page holding exactly one author (3 authors at size 2, page 2; a single inactive author under
    // ?active=false) is answered empty, with the true total. Pages of two or more authors, and page 1 of
    // a longer list, are right. Breaks lists.envelope-arithmetic ("walking the pages visits every item
    // once"), lists.same-items-any-size and lists.exact-filters.
    const list = services.authors.list.bind(services.authors);
    services.authors.list = (workspaceId, active, paging) => {
      const answer = list(workspaceId, active, paging);
      return (paging.page - 1) * paging.size >= answer.total - 1 ? { total: answer.total, items: [] } : answer;
    };
  }
}

/** PATCH /pages/{id}. */
const PAGE_PATH = /^\/pages\/([1-9][0-9]{0,15})\/?$/;
/** POST /pages/{page_id}/categories. */
const CATEGORIES_PATH = /^\/pages\/[^/]+\/categories\/?$/;
/** DELETE /pages/{page_id}/categories/{id}. */
const CATEGORY_PATH = /^\/pages\/[^/]+\/categories\/[^/]+\/?$/;
/** POST and GET /pages/{page_id}/posts. */
const POSTS_PATH = /^\/pages\/([1-9][0-9]{0,15})\/posts\/?$/;
/** PATCH /authors/{id}. */
const AUTHOR_PATH = /^\/authors\/[^/]+\/?$/;
/** The largest id the contract allows, and the largest a signed 64-bit integer holds. */
const ID_MAX = 9007199254740991n;
const INT64_MAX = 9223372036854775807n;

const objectBody = (body: unknown): Record<string, unknown> | undefined =>
  body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;

export function breakFortyFirstLookPipeline(on: FaultSet, pipeline: Pipeline, context: PipelineContext): Pipeline {
  let { api } = pipeline;
  const { stores } = context.options;
  if (on('page-update-null-slug-rederived')) {
    // updatePage reads its body through createPage's rule for the slug, "absent or null: derived from
    // the name": "slug": null is taken as a request to derive the slug again, and the page gets the slug
    // of its current name (home becomes blog for a page named Blog), 200, instead of a 422 naming slug.
    // A slug given as text, a body without slug, and createPage's null are right. Breaks the PageUpdate
    // schema (slug is a Slug, a string: null is not one of its values), requests.schema-validation and
    // page.rename-keeps-slug (the slug changes only to "a new explicit slug").
    api = insertBefore(api, 'validator', {
      name: 'page-update-null-slug-rederived',
      handler: (req, res, next) => {
        const match = req.method === 'PATCH' ? PAGE_PATH.exec(req.path) : null;
        const body = objectBody(req.body);
        if (!match || !body || body.slug !== null) return next();
        const page = stores.pages.get(workspaceOf(res), Number(match[1]));
        if (page) body.slug = slugOr(page.name, 'page');
        else delete body.slug;
        next();
      },
    });
  }
  if (on('category-create-slug-normalised-before-validation')) {
    // createCategory normalises an explicit slug as soon as the body is read, so that the validator
    // and the uniqueness check see the slug that will be stored: the validator judges the normalised
    // slug, not the one sent. A slug without an ASCII letter or digit that transliterates to one (é,
    // 日本), one over 100 characters that normalises shorter, or one holding a control character (a
    // tab) is accepted (201) instead of answered 422 naming slug. Slugs that are valid as sent, and
    // updateCategory, are right. Breaks the Slug schema ("It must contain at least one letter or digit,
    // and no control character", maxLength 100), requests.schema-validation and
    // requests.text-without-control-characters ("a slug ... holding a control character ... is answered
    // 422 naming the field, never stored").
    api = insertBefore(api, 'validator', {
      name: 'category-create-slug-normalised-before-validation',
      handler: (req, _res, next) => {
        const body = objectBody(req.body);
        if (req.method === 'POST' && CATEGORIES_PATH.test(req.path) && body && typeof body.slug === 'string') {
          const normalised = slugify(body.slug);
          if (normalised !== '') body.slug = normalised;
        }
        next();
      },
    });
  }
  if (on('category-delete-unknown-query-ignored')) {
    // The check of unknown query parameters was skipped for deletes ("a DELETE takes no input"), so
    // deleteCategory with a query it does not have (?force=true, ?cascade=true) deletes the category
    // and answers 204 instead of 422 naming the parameter, with nothing deleted. Deletes without a
    // query, and the other operations, are right. Breaks requests.unknown-query-parameter ("An unknown
    // query parameter is answered `422`, never ignored"), the introduction's Requests ("Unknown query
    // parameters are likewise a 422") and resources.refused-write-changes-nothing.
    api = wrapStage(api, 'unknown-query', (real) => {
      const handlers = [real].flat();
      return (req, res, next) => {
        if (req.method === 'DELETE' && CATEGORY_PATH.test(req.path)) return next();
        let index = 0;
        const step = (err?: unknown): void => {
          if (err || index >= handlers.length) return next(err);
          handlers[index++]!(req, res, step);
        };
        step();
      };
    });
  }
  if (on('post-location-without-port')) {
    // createPost's Location is made an absolute URL, "so clients behind a proxy need not resolve it",
    // from `${req.protocol}://${req.hostname}` and the path; Express's req.hostname is the Host header
    // without its port, so on any port but the scheme's default the URL names another server
    // (http://127.0.0.1/api/v1/pages/1/posts/2 for a server on 127.0.0.1:8080). Its path is right, so a
    // test that matches the path passes. Breaks the Location header ("The URL of the created resource,
    // as an absolute path ... or an absolute URL, resolved against the request's URL. A GET of it
    // answers 200 with the body this 201 carries").
    api = insertBefore(api, 'operations', {
      name: 'post-location-without-port',
      handler: (req, res, next) => {
        if (req.method === 'POST' && POSTS_PATH.test(req.path)) {
          const location = res.location.bind(res);
          res.location = (url: string) => location(url.startsWith('/') ? `${req.protocol}://${req.hostname}${url}` : url);
        }
        next();
      },
    });
  }
  if (on('post-create-reference-errors-beside-schema-errors')) {
    // createPost checks category_id and author_id in a stage of their own in front of the validator,
    // so that "a 422 names every invalid input at once": their errors are kept for the request's 422
    // and listed beside the schema's. A body that is invalid on its own (a title too long, an unknown
    // field) with a category of another page or an unknown author is answered 422 naming the reference
    // too, which tells which ids exist. A valid body with a bad reference (422 naming it alone) and an
    // invalid body with good references are right. Breaks the introduction's Errors ("the answer is the
    // first of this order": 4, the request judged on its own, before 7, "a body's reference to another
    // resource"; "a request that is invalid on its own is answered without looking anything up, and
    // tells nothing about which ids exist") and errors.precedence.
    api = insertBefore(api, 'validator', {
      name: 'post-create-reference-errors-beside-schema-errors',
      handler: (req, res, next) => {
        const match = req.method === 'POST' ? POSTS_PATH.exec(req.path) : null;
        const body = objectBody(req.body);
        if (!match || !body) return next();
        const workspace = workspaceOf(res);
        const pageId = Number(match[1]);
        if (!stores.pages.exists(workspace, pageId)) return next();
        const errors: FieldError[] = [];
        const { category_id: category, author_id: author } = body;
        if (Number.isSafeInteger(category) && (category as number) > 0 && !stores.categories.get(pageId, category as number)) {
          errors.push({ field: 'category_id', message: `must be a category of page ${pageId}` });
        }
        if (Number.isSafeInteger(author) && (author as number) > 0 && !stores.authors.exists(workspace, author as number)) {
          errors.push({ field: 'author_id', message: 'must be an author of your workspace' });
        }
        keepErrors(req, errors);
        next();
      },
    });
  }
  if (on('posts-category-filter-past-safe-integer-empty')) {
    // listPosts reads ?category_id with the int64 bound of the column it filters ("format: int64") in
    // place of the contract's 2^53 - 1: an id from 9007199254740992 up to 9223372036854775807 passes,
    // names no category, and is answered 200 with an empty list, instead of 422 naming
    // query.category_id. Ids up to 2^53 - 1, and ids past int64, are right. Breaks the Id schema
    // ("maximum: 9007199254740991"), the introduction's Requests ("Identifiers are whole numbers from 1 to
    // 9007199254740991 ... in paths as in bodies") and requests.schema-validation.
    api = insertBefore(api, 'whole-numbers', {
      name: 'posts-category-filter-past-safe-integer-empty',
      handler: (req, _res, next) => {
        if ((req.method !== 'GET' && req.method !== 'HEAD') || !POSTS_PATH.test(req.path)) return next();
        const [path, query] = [req.url.split('?')[0]!, req.url.split('?').slice(1).join('?')];
        if (!query) return next();
        const rewritten = query
          .split('&')
          .map((part) => {
            const [name, value] = part.split('=');
            if (name !== 'category_id' || value === undefined || !/^[1-9][0-9]{15,18}$/.test(value)) return part;
            const id = BigInt(value);
            return id > ID_MAX && id <= INT64_MAX ? `category_id=${ID_MAX}` : part;
          })
          .join('&');
        if (rewritten !== query) req.url = `${path}?${rewritten}`;
        next();
      },
    });
  }
  if (on('author-update-merge-patch-read')) {
    // updateAuthor takes application/merge-patch+json (RFC 7396, "the media type of a PATCH") as well as
    // application/json, since its PATCH already merges the fields it names: a body sent with that type is
    // read and applied, 200, instead of answered 415. application/json, other types, and the other
    // operations are right. Breaks requests.json-content-type ("A JSON body sent with another content
    // type than `application/json` ... is answered `415`") and the introduction's Requests ("Bodies are
    // JSON ... sent with Content-Type: application/json ... Another content type is answered with 415").
    api = insertBefore(api, 'json-body', {
      name: 'author-update-merge-patch-read',
      handler: (req, _res, next) => {
        const type = req.headers['content-type'];
        if (req.method === 'PATCH' && AUTHOR_PATH.test(req.path) && typeof type === 'string' && /^\s*application\/merge-patch\+json\s*(;|$)/i.test(type)) {
          req.headers['content-type'] = type.replace(/application\/merge-patch\+json/i, 'application/json');
        }
        next();
      },
    });
  }
  return { ...pipeline, api };
}
