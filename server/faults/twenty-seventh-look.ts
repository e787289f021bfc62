/**
 * Faults written from the contract alone, each confined to one operation and each one a first test
 * passes: a new page whose slug, name_slug and domain drop the apostrophes of its name instead of
 * making them a hyphen, a pages list whose later pages continue into other workspaces' pages, a page
 * update refused 415 for a charset written in quotes, a post created with an oversized body refused
 * 413 before its missing token is, an update's Markdown whose www. addresses are not made links, a
 * post's HEAD whose Content-Length counts characters instead of bytes, a post deletion that moves its
 * page's updated_at, a categories list that reads its query parameters' names in any letter case, a
 * category read through an id 2^32 above its own, a category update refused for a carriage return in
 * its description, an author of a published post refused deactivation, and the inactive authors
 * listed by the time they were deactivated instead of newest first. Each is a bug an implementer
 * could plausibly write, and each breaks a statement of the contract (named in its comment).
 */
import type { Request, RequestHandler, Response } from 'express';
import type { PipelineContext } from '../app.ts';
import type { ServerParts } from '../compose.ts';
import { DOMAIN_NAME_SLUG_MAX } from '../services/pages.ts';
import { timestamp } from '../domain/clock.ts';
import { nextFreeSlug, slugOr } from '../domain/slugs.ts';
import { refuseDeclaredOversize } from '../http/declared-length.ts';
import { JSON_BODY_LIMIT } from '../http/json-body.ts';
import { pathParamsOf } from '../http/operations.ts';
import { insertBefore, type Pipeline } from '../http/pipeline.ts';
import { problems } from '../http/problem.ts';
import type { FaultSet } from './fault-set.ts';

/** A stage that runs `prepare` on the requests of these methods whose path matches `path`, before they go on. */
function onRequestsTo(methods: string[], path: RegExp, prepare: (req: Request, res: Response) => void): RequestHandler {
  return (req, res, next) => {
    if (methods.includes(req.method) && path.test(req.path)) prepare(req, res);
    next();
  };
}

/** Apostrophes, straight and typographic, as the real slugify makes them a separator (domain/slugs.ts). */
const APOSTROPHES = /['\u2019]/g;
const HAS_APOSTROPHE = /['\u2019]/;

const domainBase = (nameSlug: string) => nameSlug.slice(0, DOMAIN_NAME_SLUG_MAX).replace(/-+$/, '');

/** A `www.` address markdown-it's linkify made a link of: `<a href="http://www.x">www.x</a>`. */
const WWW_AUTOLINK = /<a href="http:\/\/(www\.[^"<>]*)">(www\.[^<>]*)<\/a>/g;

export function breakTwentySeventhLookParts(on: FaultSet, { db, stores, services }: ServerParts): void {
  if (on('page-slug-apostrophe-dropped')) {
    // createPage derives its slugs with the slug library's own handling of apostrophes, which joins a
    // contraction or a possessive (Ada's Blog gives adas-blog), where the shared slugify (domain/slugs.ts)
    // first makes every apostrophe a space: the page's slug, its name_slug, and the domain made from
    // the name_slug drop the apostrophe instead of making it a hyphen (ada-s-blog). Names without an
    // apostrophe are right, and so is updatePage. Breaks page.slug-from-name and the introduction's Slugs
    // ("transliterated to ASCII and lowercased, / removed, and every run of other characters turned into
    // one hyphen": an apostrophe is neither a letter, a digit nor a /).
    const create = services.pages.create.bind(services.pages);
    services.pages.create = (workspaceId, input) => {
      const created = create(workspaceId, input);
      if (!HAS_APOSTROPHE.test(input.name)) return created;
      const joined = slugOr(input.name.replace(APOSTROPHES, ''), 'page');
      if (joined === slugOr(input.name, 'page')) return created;
      const freeIn = (column: 'slug' | 'name_slug', own: string) =>
        nextFreeSlug(joined, stores.pages.slugsFrom(workspaceId, column, joined).filter((slug) => slug !== own));
      const nameSlug = freeIn('name_slug', created.name_slug);
      const domain = `${domainBase(nameSlug)}${created.domain.slice(domainBase(created.name_slug).length)}`;
      stores.pages.update(created.id, {
        name_slug: nameSlug,
        ...(input.slug == null ? { slug: freeIn('slug', created.slug) } : {}),
        ...(stores.pages.domainTaken(domain) ? {} : { domain }),
      });
      return stores.pages.get(workspaceId, created.id)!;
    };
  }
  if (on('pages-later-pages-every-workspace')) {
    // listPages reads a page after the first by keyset ("the `size` pages created before the last one
    // of the page before"), a query written for deep pages that forgot the workspace condition: page 2
    // and on continue, past the workspace's own older pages, into the pages of every other workspace,
    // and a page past the end lists them too. Page 1, and any page while no other workspace has a page
    // older than it, are right; the total is the workspace's own. Breaks auth.workspace-scope ("a
    // resource of another workspace ... is never listed") and lists.past-the-end.
    const olderThan = db.prepare<{ created_at: string; id: number; limit: number }, { workspace_id: number; id: number }>(
      `SELECT workspace_id, id FROM pages WHERE created_at < @created_at OR (created_at = @created_at AND id < @id)
       ORDER BY created_at DESC, id DESC LIMIT @limit`,
    );
    const list = services.pages.list.bind(services.pages);
    services.pages.list = (workspaceId, paging) => {
      const answer = list(workspaceId, paging);
      if (paging.page === 1) return answer;
      const last = list(workspaceId, { page: paging.page - 1, size: paging.size }).items.at(-1);
      if (!last) return answer;
      const rows = olderThan.all({ created_at: last.created_at, id: last.id, limit: paging.size });
      return { total: answer.total, items: rows.map((row) => stores.pages.get(row.workspace_id, row.id)!).filter(Boolean) };
    };
  }
  if (on('post-update-www-autolinks-missing')) {
    // updatePost renders Markdown with a markdown-it of its own, set up with `linkify: true` and
    // linkify-it's defaults, where the shared renderer (domain/markdown.ts) finds GitHub's www.
    // autolinks by rules of its own: since linkify-it 6 a www. address without a scheme stays text
    // (`www.example.com`), while https:// addresses are still made links. createPost is right, and so is
    // Markdown without a www. address. Breaks markdown.commonmark ("with GitHub's tables, strikethrough
    // and autolinks ... alike by every operation that takes it") and PostUpdate's content_md.
    const contentForUpdate = services.posts.contentForUpdate.bind(services.posts);
    services.posts.contentForUpdate = async (workspaceId, pageId, id, input, signal) => {
      const html = await contentForUpdate(workspaceId, pageId, id, input, signal);
      if (typeof html !== 'string' || input.content_html != null || typeof input.content_md !== 'string') return html;
      return html.replace(WWW_AUTOLINK, (link, href: string, text: string) => (href === text ? text : link));
    };
  }
  if (on('post-delete-touches-page')) {
    // deletePost marks the page as changed when one of its posts goes (`updated_at` of the page set to
    // now), so that the page's feed and caches are rebuilt: a page read after one of its posts was
    // deleted answers a later updated_at, though nothing of the page changed. The deletion itself, and
    // every other post, are right; createPost and updatePost leave the page alone. Breaks
    // resources.delete-named-only ("every other resource (the page ... it was under ...) reads as
    // before") and the introduction's Requests ("A DELETE removes only the resource it names").
    const remove = services.posts.delete.bind(services.posts);
    services.posts.delete = (workspaceId, pageId, id) => {
      remove(workspaceId, pageId, id);
      stores.pages.update(pageId, { updated_at: timestamp(services.posts['context'].clock) });
    };
  }
  if (on('category-update-description-cr-refused')) {
    // updateCategory checks a new description for control characters with a class of its own,
    // `[\u0000-\u0008\u000B-\u001F\u007F]`, meant to leave out tab, line feed and carriage return but
    // written with the range \u000B-\u001F, which takes carriage return (U+000D) in: a description with
    // Windows line ends (CR LF) or a lone CR is answered 422 naming description. Tabs and line feeds
    // alone are right, and createCategory takes CR. Breaks the introduction's Requests ("Text that may
    // span lines (... descriptions) may hold tab, line feed and carriage return"),
    // requests.text-without-control-characters and requests.valid-input-accepted.
    const refused = /[\u0000-\u0008\u000B-\u001F\u007F]/;
    const update = services.categories.update.bind(services.categories);
    services.categories.update = (workspaceId, pageId, id, input) => {
      if (typeof input.description === 'string' && refused.test(input.description)) {
        throw problems.invalidField('description', 'must not contain control characters');
      }
      return update(workspaceId, pageId, id, input);
    };
  }
  if (on('author-published-posts-deactivation-refused')) {
    // updateAuthor refuses to make an author inactive while a published post of the workspace names
    // them as its author (a rule meant to keep public bylines pointing at active people), with a 422
    // naming active. Authors with drafts only, or with no posts, are deactivated right, and every other
    // change to an author of published posts is kept. Breaks author.inactive-keeps-work ("An author
    // made inactive (active: false) keeps their posts and emails": such an author can be made
    // inactive) and requests.valid-input-accepted.
    const signsPublished = db
      .prepare<[number, number], number>(
        `SELECT 1 FROM posts JOIN pages ON pages.id = posts.page_id
         WHERE pages.workspace_id = ? AND posts.author_id = ? AND posts.status = 'published' LIMIT 1`,
      )
      .pluck();
    const update = services.authors.update.bind(services.authors);
    services.authors.update = (workspaceId, id, input) => {
      const author = stores.authors.get(workspaceId, id);
      if (input.active === false && author?.active && signsPublished.get(workspaceId, id) !== undefined) {
        throw problems.invalidField('active', 'an author of published posts cannot be made inactive; reassign the posts first');
      }
      return update(workspaceId, id, input);
    };
  }
  if (on('authors-inactive-by-deactivation')) {
    // listAuthors?active=false lists the inactive authors most recently deactivated first (`ORDER BY
    // updated_at DESC`), as the platform's screen of deactivated accounts does: authors deactivated in
    // another order than they were created are listed out of the contract's order. The default list
    // (active authors), the total, and one inactive author alone are right. Breaks lists.newest-first
    // ("created_at descending, then id descending") and the listAuthors description.
    const inactive = db.prepare<[number, number, number], number>(
      'SELECT id FROM authors WHERE workspace_id = ? AND active = 0 ORDER BY updated_at DESC, id DESC LIMIT ? OFFSET ?',
    ).pluck();
    const list = services.authors.list.bind(services.authors);
    services.authors.list = (workspaceId, active, paging) => {
      const answer = list(workspaceId, active, paging);
      if (active) return answer;
      const ids = inactive.all(workspaceId, paging.size, (paging.page - 1) * paging.size);
      return { total: answer.total, items: ids.map((id) => stores.authors.get(workspaceId, id)!).filter(Boolean) };
    };
  }
}

export function breakTwentySeventhLookPipeline(on: FaultSet, api: Pipeline['api'], _context: PipelineContext): Pipeline['api'] {
  let stages = api;
  if (on('page-update-quoted-charset-415')) {
    // updatePage checks the body's charset with a pattern of its own (`;\s*charset=utf-8`, in any
    // letter case) rather than a media-type parser: a charset parameter whose value is quoted
    // (`application/json; charset="utf-8"`), which RFC 9110 makes the same parameter, is answered 415.
    // No charset, or charset=UTF-8 unquoted, is right, and so is every other operation. Breaks
    // requests.media-type-any-case ("a parameter's value quoted or not") and the introduction's
    // Requests (`Application/JSON; Charset="UTF-8"` "is JSON in UTF-8").
    stages = insertBefore(stages, 'json-body', {
      name: 'page-update-quoted-charset-415',
      handler: (req, _res, next) => {
        const type = req.get('content-type') ?? '';
        if (req.method === 'PATCH' && /^\/pages\/[^/]+\/?$/.test(req.path) && /;\s*charset\s*=/i.test(type) && !/;\s*charset=utf-8\s*(;|$)/i.test(type)) {
          return next(problems.unsupportedMediaType('Send the body as UTF-8 application/json.'));
        }
        next();
      },
    });
  }
  if (on('post-create-413-before-401')) {
    // createPost, the operation that takes the largest bodies (half a megabyte of Markdown), refuses a
    // declared Content-Length over 1 MiB before authentication, to spare the token's lookup for a body
    // it will refuse anyway: a request with no token, or an unknown one, that declares too large a body
    // is answered 413 instead of 401. With a valid token the 413 is right, and so is a request without
    // a token whose body is within the limit. Breaks errors.precedence ("401 ... first; ... the body's
    // form (413 ...)" after it) and auth.bearer-required.
    const tooLarge = refuseDeclaredOversize(() => ({ bytes: JSON_BODY_LIMIT, description: '1 MiB' }));
    stages = insertBefore(stages, 'authentication', {
      name: 'post-create-413-before-401',
      handler: (req, res, next) => (req.method === 'POST' && /^\/pages\/[^/]+\/posts\/?$/.test(req.path) ? tooLarge(req, res, next) : next()),
    });
  }
  if (on('head-post-length-in-characters')) {
    // HEAD of getPost is answered by a shortcut that sets Content-Length from the JSON text's length,
    // `json.length`, which counts UTF-16 code units, not the UTF-8 bytes GET sends: a post whose text is
    // not all ASCII (Café, an emoji, a curly quote) has a HEAD Content-Length below its GET's. ASCII posts
    // are right, and so is GET. Breaks http.head ("with the status and headers GET would have") and the
    // introduction's Requests (HEAD "with the status and header fields GET would answer").
    stages = insertBefore(stages, 'head', {
      name: 'head-post-length-in-characters',
      handler: onRequestsTo(['HEAD'], /^\/pages\/[^/]+\/posts\/[^/]+\/?$/, (_req, res) => {
        const end = res.end.bind(res) as (...args: unknown[]) => Response;
        res.end = ((...args: unknown[]) => {
          const [chunk] = args;
          const text = Buffer.isBuffer(chunk) ? chunk.toString('utf8') : typeof chunk === 'string' ? chunk : undefined;
          if (text !== undefined && !res.headersSent && res.statusCode === 200) res.setHeader('Content-Length', String(text.length));
          return end(...args);
        }) as Response['end'];
      }),
    });
  }
  if (on('categories-query-names-any-case')) {
    // listCategories lowercases the names of its query parameters before anything reads them, to be
    // forgiving of clients that write ?Page=2 or ?SIZE=5: a parameter name in other letter case, which
    // the contract does not have, is read as page or size instead of being refused. Parameters written
    // as the contract names them, and unknown names in lower case (422), are right. Breaks
    // requests.unknown-query-parameter ("An unknown query parameter is answered 422, never ignored")
    // and the introduction's Requests ("Unknown query parameters are likewise a 422").
    stages = insertBefore(stages, 'whole-numbers', {
      name: 'categories-query-names-any-case',
      handler: onRequestsTo(['GET'], /^\/pages\/[^/]+\/categories\/?$/, (req) => {
        const mark = req.url.indexOf('?');
        if (mark < 0) return;
        const query = req.url
          .slice(mark + 1)
          .split('&')
          .map((pair) => {
            const equals = pair.indexOf('=');
            return equals < 0 ? pair.toLowerCase() : `${pair.slice(0, equals).toLowerCase()}${pair.slice(equals)}`;
          })
          .join('&');
        req.url = `${req.url.slice(0, mark)}?${query}`;
      }),
    });
  }
  if (on('category-get-id-wraps-32-bits')) {
    // getCategory reads its id through the platform's category cache, keyed by 32-bit unsigned ids
    // (`id >>> 0`), as the old platform's category ids were: an id of 2^32 or more names the category
    // whose id it is modulo 2^32, so /categories/4294967297 answers category 1 of the page, with id 1.
    // Every id below 2^32, and the largest id (9007199254740991, which wraps to an id of no category),
    // are right. Breaks resources.missing-is-404 ("An id that names no resource of the workspace ... is
    // answered 404") and the introduction's Requests ("Identifiers are whole numbers from 1 to
    // 9007199254740991").
    stages = insertBefore(stages, 'operations', {
      name: 'category-get-id-wraps-32-bits',
      handler: onRequestsTo(['GET'], /^\/pages\/[^/]+\/categories\/[^/]+\/?$/, (req) => {
        const params = pathParamsOf(req);
        const id = Number(params.id);
        if (Number.isSafeInteger(id) && id > 0xffffffff) params.id = String(id >>> 0);
      }),
    });
  }
  return stages;
}
