/**
 * Faults of the HTTP layer written from the contract alone, each confined to one operation and each one
 * a first test passes: an emails list that takes the last of a repeated ?status (as many query parsers
 * do) instead of answering 422, a newsletters list that reads an empty ?page= as no page (page 1), a
 * getAuthor that takes the Bearer scheme only in that letter case (`bearer <token>` is a 401), a
 * /pages/{id} path that answers a method it does not have with 404 when the page does not exist (the
 * page looked up before the method is judged), a subscriber create that refuses a JSON Content-Type
 * with a parameter other than charset (415), a newsletter update that matches its Content-Encoding's
 * coding in lower case only (`GZIP` is a 415), a posts list that never percent-decodes its query
 * (`?status=%64raft` is a 422), a getCategory that answers 406 to an Accept that names JSON only by a
 * wildcard (`application/*`), an upload that answers 411 to a body sent without Content-Length
 * (chunked), a post delete that skips the check of a declared Content-Length ("a DELETE has no body")
 * and deletes under a declared body over 1 MiB, a pages list whose RateLimit reports the whole window
 * in `t` on every answer instead of the seconds left, and an author update that reads a JSON `null`
 * body as `{}` (200, nothing changed) instead of answering 422 naming body. Each is a bug an
 * implementer could plausibly write, and each breaks a statement of the contract (named in its
 * comment).
 */
import type { PipelineContext } from '../app.ts';
import { workspaceOf } from '../http/auth.ts';
import { insertBefore, wrapStage, type Pipeline } from '../http/pipeline.ts';
import { ProblemError, problems } from '../http/problem.ts';
import type { FaultSet } from './fault-set.ts';

/** GET /newsletters/{newsletter_id}/emails. */
const EMAILS_PATH = /^\/newsletters\/[^/]+\/emails\/?$/;
/** GET /newsletters. */
const NEWSLETTERS_PATH = /^\/newsletters\/?$/;
/** GET /authors/{id}, PATCH /authors/{id}. */
const AUTHOR_PATH = /^\/authors\/[^/]+\/?$/;
/** /pages/{id}: GET, HEAD and PATCH. */
const PAGE_PATH = /^\/pages\/([1-9][0-9]{0,15})\/?$/;
/** POST /newsletters/{newsletter_id}/subscribers. */
const SUBSCRIBERS_PATH = /^\/newsletters\/[^/]+\/subscribers\/?$/;
/** PATCH /newsletters/{id}. */
const NEWSLETTER_PATH = /^\/newsletters\/[^/]+\/?$/;
/** GET /pages/{page_id}/posts. */
const POSTS_PATH = /^\/pages\/[^/]+\/posts\/?$/;
/** GET /pages/{page_id}/categories/{id}. */
const CATEGORY_PATH = /^\/pages\/[^/]+\/categories\/[^/]+\/?$/;
/** DELETE /pages/{page_id}/posts/{id}. */
const POST_PATH = /^\/pages\/[^/]+\/posts\/[^/]+\/?$/;
/** GET /pages. */
const PAGES_PATH = /^\/pages\/?$/;

const isRead = (method: string) => method === 'GET' || method === 'HEAD';

/** The request's URL with its query string made anew from the parts `rewrite` leaves. */
function rewriteQuery(url: string, rewrite: (parts: string[]) => string[]): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const parts = rewrite(url.slice(at + 1).split('&'));
  return parts.length === 0 ? url.slice(0, at) : `${url.slice(0, at)}?${parts.join('&')}`;
}

/** A query part's name, as a form decoder reads it. */
const partName = (part: string) => {
  const raw = part.split('=')[0]!;
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
};

export function breakFortyFifthLookPipeline(on: FaultSet, pipeline: Pipeline, context: PipelineContext): Pipeline {
  let { api } = pipeline;
  const { stores } = context.options;
  if (on('emails-status-repeated-last-wins')) {
    // listEmails reads its query with a parser that keeps one value per name, the last one (PHP's
    // $_GET, a Map built from URLSearchParams, many routers' defaults): ?status=draft&status=sent lists
    // the sent emails, 200, where the schema's status is one string, so the repeated parameter (an
    // array) is answered 422 naming query.status. A status given once, and every other list, are right.
    // Breaks requests.schema-validation ("A body, query or path value that breaks its schema (type ...)
    // is answered 422, never accepted") and the EmailStatusFilter ("Only emails with exactly this
    // status").
    api = insertBefore(api, 'whole-numbers', {
      name: 'emails-status-repeated-last-wins',
      handler: (req, _res, next) => {
        if (!isRead(req.method) || !EMAILS_PATH.test(req.path)) return next();
        req.url = rewriteQuery(req.url, (parts) => {
          const last = parts.findLastIndex((part) => partName(part) === 'status');
          return parts.filter((part, index) => partName(part) !== 'status' || index === last);
        });
        next();
      },
    });
  }
  if (on('newsletters-empty-page-read-as-first')) {
    // listNewsletters reads its paging with a truthiness test, `page = query.page ? Number(query.page) :
    // 1`, so an empty ?page= (or a bare ?page) is taken as no page and answered 200 with page 1, where
    // the contract answers 422 naming query.page: an empty value is not a whole number. A page given
    // with digits, an empty ?size=, and the other lists are right. Breaks the ListPage parameter ("Not a
    // whole number written in decimal digits ... is a 422"), lists.size-range ("a page ... not a whole
    // number is 422, never clamped") and requests.whole-numbers.
    api = insertBefore(api, 'whole-numbers', {
      name: 'newsletters-empty-page-read-as-first',
      handler: (req, _res, next) => {
        if (!isRead(req.method) || !NEWSLETTERS_PATH.test(req.path)) return next();
        req.url = rewriteQuery(req.url, (parts) => parts.filter((part) => !(partName(part) === 'page' && (part.split('=')[1] ?? '') === '')));
        next();
      },
    });
  }
  if (on('author-get-scheme-case-sensitive-401')) {
    // getAuthor's route checks its token with a pattern of its own, `/^Bearer (.+)$/` without the
    // case-insensitive flag the shared one has: `Authorization: bearer <token>` (or BEARER), the same
    // scheme in another letter case, is answered 401 as another scheme, counted against the address. The
    // scheme as the contract writes it, and every other operation, are right. Breaks auth.bearer-required
    // (only "another scheme" is a 401; HTTP's auth-scheme is case-insensitive, RFC 9110 section 11.1) and
    // requests.valid-input-accepted.
    api = insertBefore(api, 'authentication', {
      name: 'author-get-scheme-case-sensitive-401',
      handler: (req, _res, next) => {
        const header = req.get('authorization');
        if (isRead(req.method) && AUTHOR_PATH.test(req.path) && header && /^bearer /i.test(header) && !header.startsWith('Bearer ')) {
          req.headers.authorization = header.replace(/^\S+/, 'Unknown');
        }
        next();
      },
    });
  }
  if (on('page-missing-405-as-404')) {
    // The /pages/{id} path (getPage, updatePage) loads the page its id names in a route-level handler
    // that runs for every method, before the method is dispatched: DELETE or PUT of a page that does
    // not exist is answered 404 not-found instead of 405 with Allow. The same method on an existing page
    // (405, Allow: GET, HEAD, PATCH), and GET and PATCH of a missing page (404), are right. Breaks
    // errors.precedence ("404 for no such path or 405" comes before "404 for a resource the path
    // names") and http.method-not-allowed ("A path answers a method it does not have with 405, an Allow
    // header ...").
    api = insertBefore(api, 'declared-length', {
      name: 'page-missing-405-as-404',
      handler: (req, res, next) => {
        const match = PAGE_PATH.exec(req.path);
        if (!match || ['GET', 'HEAD', 'PATCH', 'OPTIONS'].includes(req.method)) return next();
        if (!stores.pages.exists(workspaceOf(res), Number(match[1]))) return next(problems.notFound(`There is no page ${match[1]} in your workspace.`));
        next();
      },
    });
  }
  if (on('subscriber-create-media-parameter-415')) {
    // createSubscriber checks its Content-Type against a list of the spellings it takes (application/json,
    // with or without a charset of UTF-8), so a parameter the type does not define beside them
    // (`application/json; charset=utf-8; profile="v1"`, `application/json; x-note=1`) is answered 415 and
    // nothing is stored. The plain type, and a charset alone in any spelling, are right, and so is every
    // other operation. Breaks requests.media-type-any-case ("with parameters beside them that the type
    // does not define (ignored)") and requests.valid-input-accepted.
    api = insertBefore(api, 'json-body', {
      name: 'subscriber-create-media-parameter-415',
      handler: (req, _res, next) => {
        if (req.method !== 'POST' || !SUBSCRIBERS_PATH.test(req.path)) return next();
        const parameters = (req.get('content-type') ?? '').split(';').slice(1).map((parameter) => parameter.split('=')[0]!.trim().toLowerCase());
        if (parameters.some((name) => name !== 'charset')) return next(problems.unsupportedMediaType('Send the subscriber as application/json, with charset=utf-8 or no parameter.'));
        next();
      },
    });
  }
  if (on('newsletter-update-coding-case-415')) {
    // updateNewsletter checks Content-Encoding itself, against the literal names `gzip`, `deflate` and
    // `br`: the same coding in another letter case (`GZIP`, `Gzip`), which HTTP matches without regard
    // to case (RFC 9110 section 8.4.1), is answered 415 and the newsletter is not renamed. Lower-case
    // codings, and every other operation, are right. Breaks requests.content-encoding-accepted ("sent
    // with Content-Encoding: gzip, deflate or br, each coded as HTTP defines it ... is answered and
    // applied as the same body sent without a Content-Encoding") and requests.valid-input-accepted.
    api = insertBefore(api, 'json-body', {
      name: 'newsletter-update-coding-case-415',
      handler: (req, _res, next) => {
        const coding = req.get('content-encoding')?.trim();
        if (req.method === 'PATCH' && NEWSLETTER_PATH.test(req.path) && coding && !['gzip', 'deflate', 'br', 'identity'].includes(coding)) {
          return next(problems.unsupportedMediaType(`The Content-Encoding ${coding} is not supported: send gzip, deflate or br.`));
        }
        next();
      },
    });
  }
  if (on('posts-query-not-percent-decoded')) {
    // listPosts splits its raw query string on & and = by hand and never percent-decodes it, so a
    // parameter written with percent-encoding, which a URI's reader must decode (`?status=%64raft`,
    // `?st%61tus=draft`, `?page=%32`: RFC 3986 sections 2.1 and 6.2.2.2), is judged as its encoded text
    // and answered 422. Queries written without percent signs, as every client writes these values, are
    // right, and so are the other lists. Breaks requests.valid-input-accepted ("Every input that its
    // schemas allow ... is accepted") and lists.exact-filters.
    api = insertBefore(api, 'whole-numbers', {
      name: 'posts-query-not-percent-decoded',
      handler: (req, _res, next) => {
        if (isRead(req.method) && POSTS_PATH.test(req.path)) req.url = rewriteQuery(req.url, (parts) => parts.map((part) => part.replace(/%/g, '%25')));
        next();
      },
    });
  }
  if (on('category-get-accept-wildcard-406')) {
    // getCategory negotiates its answer's type by looking for `application/json` or `*/*` in the Accept
    // field as text: an Accept that allows JSON only through a type wildcard (`application/*`), or
    // names it with another spelling the grammar allows (`Application/JSON`), is answered 406, a status
    // the contract does not declare. No Accept, `application/json` and `*/*` (every first test) are
    // right, and so are the other operations. Breaks responses.declared-status ("Every response has a
    // status code the operation declares") and requests.valid-input-accepted.
    api = insertBefore(api, 'declared-length', {
      name: 'category-get-accept-wildcard-406',
      handler: (req, _res, next) => {
        const accept = req.get('accept');
        if (isRead(req.method) && CATEGORY_PATH.test(req.path) && accept !== undefined && !accept.includes('application/json') && !accept.includes('*/*')) {
          return next(new ProblemError(406, 'not-acceptable', 'Not acceptable', 'This operation answers application/json.'));
        }
        next();
      },
    });
  }
  if (on('upload-chunked-411')) {
    // uploadImage wants to judge the 10 MiB limit from the declared length before it reads anything, and
    // answers a body without a Content-Length (sent with Transfer-Encoding: chunked, as a streamed
    // upload is) with 411 Length Required, a status the contract does not declare, instead of reading
    // it. Uploads with a Content-Length (a FormData body, every first test) are right, and so are the
    // JSON operations. Breaks responses.declared-status, requests.valid-input-accepted and the
    // introduction's limits (a Content-Length is judged when there is one: "A Content-Length over the
    // limit is answered 413"; the body's size is what counts).
    api = insertBefore(api, 'declared-length', {
      name: 'upload-chunked-411',
      handler: (req, _res, next) => {
        if (req.method === 'POST' && req.path === '/images/upload' && req.get('content-length') === undefined) {
          return next(new ProblemError(411, 'length-required', 'Length required', 'Send the upload with a Content-Length.'));
        }
        next();
      },
    });
  }
  if (on('post-delete-declared-length-ignored')) {
    // deletePost skips the check of a declared Content-Length, "a DELETE has no body, so nothing to
    // limit": a DELETE that declares a body over 1 MiB is not answered 413, its body is discarded unread
    // and the post is deleted, 204. DELETEs without a body, or with a small one (ignored, as the contract
    // says), are right, and so is every other operation's 413. Breaks the introduction's Requests ("A
    // Content-Length over the limit is answered 413 at once, before the body is read, on every
    // operation"), requests.body-size-limit and resources.refused-write-changes-nothing.
    api = wrapStage(api, 'declared-length', (real) => {
      const handlers = [real].flat();
      return (req, res, next) => {
        if (req.method === 'DELETE' && POST_PATH.test(req.path)) return next();
        let index = 0;
        const step = (err?: unknown): void => {
          if (err || index >= handlers.length) return next(err);
          handlers[index++]!(req, res, step);
        };
        step();
      };
    });
  }
  if (on('pages-rate-limit-reset-frozen')) {
    // listPages writes the RateLimit field itself (it was given a cache in front of it) and fills `t`
    // with the window's length, `windowSeconds`, instead of the seconds left until the window resets:
    // every answer says t=60 however far into the window it is. The first answer of a window (t=60 is
    // then true), `r`, RateLimit-Policy, and the other operations are right. Breaks the RateLimit header
    // ("`t` the seconds until the window resets") and headers.rate-limit-values (the fields name the
    // limit the request was counted against, and agree).
    const window = context.options.rateLimit.windowSeconds;
    api = insertBefore(api, 'declared-length', {
      name: 'pages-rate-limit-reset-frozen',
      handler: (req, res, next) => {
        const field = res.getHeader('RateLimit');
        if (isRead(req.method) && PAGES_PATH.test(req.path) && typeof field === 'string') res.setHeader('RateLimit', field.replace(/\bt=\d+/, `t=${window}`));
        next();
      },
    });
  }
  if (on('author-update-null-body-as-empty')) {
    // updateAuthor defaults its input with `req.body ?? {}` ("a PATCH may send nothing to change"), so a
    // body of JSON `null` is read as `{}`: 200 with the author unchanged, where the contract answers 422
    // naming body (AuthorUpdate is an object, and a request that needs a body and sends none is a 422).
    // Object bodies, `{}` itself, and arrays or strings (still 422) are right, and so are the other
    // updates. Breaks requests.schema-validation ("A body ... that breaks its schema (type ...) is
    // answered 422, never accepted") and the introduction's Requests ("A request that needs a body and
    // sends none is a 422 naming body").
    api = insertBefore(api, 'validator', {
      name: 'author-update-null-body-as-empty',
      handler: (req, _res, next) => {
        if (req.method === 'PATCH' && AUTHOR_PATH.test(req.path) && req.body === null) req.body = {};
        next();
      },
    });
  }
  return { ...pipeline, api };
}
