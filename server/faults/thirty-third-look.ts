/**
 * Faults written from the contract alone, each confined to one operation of the content or authors
 * family and each one a first test passes: a new page given an explicit slug whose domain is made from
 * that slug instead of its name_slug, a new post whose Markdown has the white space at the end of its
 * lines trimmed before it is rendered (two trailing spaces, CommonMark's hard line break, lost), a new
 * post whose Markdown nested exactly 50 levels deep (the largest depth allowed) is refused 422, a post
 * update whose rendered HTML is measured against its 1,000,000-character limit in UTF-8 bytes (accented
 * text well under the limit refused 422), a post update that reads category_id and author_id sent as
 * strings of digits ("5") as numbers instead of answering 422, a post update that publishes a draft and
 * moves its page's updated_at, a new post whose Location doubles the slash of a request path that ends
 * in one (a URL that answers 404), a post delete that refuses a body that is not JSON with 415 instead
 * of ignoring it, an authors list ordered by name instead of newest first, an author update that reads
 * active sent as the strings "true" and "false" (or 0 and 1) as booleans instead of answering 422, a new
 * category without a colour that takes the colour of the page's newest category instead of null, and a
 * category update that inflates a deflate body as raw DEFLATE, not the zlib format HTTP's deflate is (a
 * right body answered 400). Each is a bug an implementer could plausibly write, and each breaks a
 * statement of the contract (named in its comment).
 */
import { inflateRawSync } from 'node:zlib';
import type { Response } from 'express';
import type { PipelineContext } from '../app.ts';
import type { ServerParts } from '../compose.ts';
import { DOMAIN_NAME_SLUG_MAX } from '../services/pages.ts';
import { MARKDOWN_MAX_DEPTH, RENDERED_HTML_MAX_LENGTH } from '../domain/markdown.ts';
import { insertBefore, type Pipeline } from '../http/pipeline.ts';
import { problems } from '../http/problem.ts';
import type { FaultSet } from './fault-set.ts';
import { containerDepth, deepParser, rendersMarkdown } from './markdown-measures.ts';
import { onRequestsTo } from './request-check.ts';

export function breakThirtyThirdLookParts(on: FaultSet, { stores, services }: ServerParts): void {
  if (on('page-domain-from-explicit-slug')) {
    // createPage makes the domain from "the page's slug", read as the slug the page is stored with:
    // for a page created without a slug that is the name's slug, so the domain is right, but a page
    // given an explicit slug (Engineering Blog at slug eng) gets eng-k3x9q2.pages... instead of
    // engineering-blog-k3x9q2.pages.... The random part, the lowercase and the uniqueness are right.
    // Breaks page.domain-random-part ("A new page's domain is its name_slug (cut to fit a 63-character
    // DNS label), a hyphen and six random lowercase letters and digits") and the createPage description
    // ("domain is generated: the name's slug, a hyphen and six random letters and digits").
    const create = services.pages.create.bind(services.pages);
    services.pages.create = (workspaceId, input) => {
      const created = create(workspaceId, input);
      if (input.slug == null || created.slug === created.name_slug) return created;
      const [label, ...rest] = created.domain.split('.');
      const domain = [`${created.slug.slice(0, DOMAIN_NAME_SLUG_MAX).replace(/-+$/, '')}-${label!.slice(-6)}`, ...rest].join('.');
      if (stores.pages.domainTaken(domain)) return created;
      stores.pages.update(created.id, { domain });
      return stores.pages.get(workspaceId, created.id) ?? created;
    };
  }
  if (on('post-create-markdown-trailing-spaces-trimmed')) {
    // createPost cleans the Markdown before it renders it with `replace(/[ \t]+$/gm, '')`, "trailing
    // white space is noise", the rule of the team's editor config: two spaces at the end of a line,
    // CommonMark's hard line break, are removed, so `line one  \nline two` renders as one line
    // (<p>line one\nline two</p>) instead of <p>line one<br>\nline two</p>. Markdown without
    // trailing spaces (and a backslash hard break) is right, and so are content_html and updatePost.
    // Breaks markdown.commonmark ("rendered as CommonMark specifies ... alike by every operation that
    // takes it"; CommonMark 0.31 section 6.7, hard line breaks) and post.markdown-rendered.
    const contentForCreate = services.posts.contentForCreate.bind(services.posts);
    services.posts.contentForCreate = (workspaceId, pageId, input, signal) =>
      contentForCreate(workspaceId, pageId, rendersMarkdown(input) ? { ...input, content_md: input.content_md.replace(/[ \t]+$/gm, '') } : input, signal);
  }
  if (on('post-create-markdown-depth-off-by-one')) {
    // createPost checks the nesting of the Markdown itself before it hands it to the renderer, with
    // `depth >= MARKDOWN_MAX_DEPTH` where the limit is a largest allowed depth (`>`): Markdown whose
    // lists or block quotes nest exactly 50 levels deep, which the contract accepts, is answered 422
    // naming content_md. Shallower Markdown is right, deeper is refused rightly, and updatePost is right.
    // Breaks the createPost description ("Lists and block quotes may nest 50 levels deep"),
    // requests.valid-input-accepted ("boundary values included") and PostCreate's content_md ("nest at
    // most 50 levels deep").
    const contentForCreate = services.posts.contentForCreate.bind(services.posts);
    services.posts.contentForCreate = (workspaceId, pageId, input, signal) => {
      if (rendersMarkdown(input) && containerDepth(deepParser.parse(input.content_md, {})) >= MARKDOWN_MAX_DEPTH) {
        throw problems.invalidField('content_md', `must not nest lists and block quotes more than ${MARKDOWN_MAX_DEPTH} levels deep`);
      }
      return contentForCreate(workspaceId, pageId, input, signal);
    };
  }
  if (on('post-update-html-limit-in-bytes')) {
    // updatePost measures the HTML its Markdown renders to with `Buffer.byteLength(html)`, the size
    // of the column it is stored in, against the limit of 1,000,000 that the contract counts in
    // characters: Markdown whose rendering is under a million characters but over a million bytes
    // (accented text, CJK, emoji, with the entities a `&` becomes) is refused 422 naming content_md.
    // ASCII renderings are right at every length, and so is createPost. Breaks the updatePost body's
    // content_md ("the HTML is at most 1,000,000 characters"), the createPost description of the same
    // limit and requests.valid-input-accepted.
    const contentForUpdate = services.posts.contentForUpdate.bind(services.posts);
    services.posts.contentForUpdate = async (workspaceId, pageId, id, input, signal) => {
      const html = await contentForUpdate(workspaceId, pageId, id, input, signal);
      if (rendersMarkdown(input) && typeof html === 'string' && Buffer.byteLength(html, 'utf8') > RENDERED_HTML_MAX_LENGTH) {
        throw problems.invalidField('content_md', `must render to at most ${RENDERED_HTML_MAX_LENGTH.toLocaleString('en')} characters of HTML`);
      }
      return html;
    };
  }
  if (on('post-publish-touches-page')) {
    // updatePost that publishes a draft "bumps" the page's updated_at, so that the page's feed and
    // sitemap caches (keyed on it) see the new article: the page reads with the publication's time as
    // its updated_at, by getPage and in listPages, though nothing of it changed. Other updates of a
    // post (a title, content, a return to draft), and createPost, leave the page as it was, right.
    // Breaks resources.parent-unchanged-by-children ("Creating, updating or sending a post ...
    // changes nothing of the page ... it is under: its get and its list show it as before, updated_at
    // included") and resources.write-named-only.
    const update = services.posts.update.bind(services.posts);
    services.posts.update = (workspaceId, pageId, id, input, contentHtml) => {
      const before = stores.posts.get(pageId, id);
      const updated = update(workspaceId, pageId, id, input, contentHtml);
      if (before && before.status !== 'published' && updated.status === 'published') stores.pages.update(pageId, { updated_at: updated.updated_at });
      return updated;
    };
  }
  if (on('authors-ordered-by-name')) {
    // listAuthors orders the authors by formatted_name, the order of the platform's people directory
    // that its query was copied from, instead of newest first: while the authors were added in the
    // order of their names (or there is one), the list is right. Filters, totals and paging are right.
    // Breaks lists.newest-first ("Items are listed newest first, created_at descending, then id
    // descending") and the listAuthors description.
    const list = services.authors.list.bind(services.authors);
    services.authors.list = (workspaceId, active, paging) => {
      const first = list(workspaceId, active, paging);
      if (first.total === 0) return first;
      const all = list(workspaceId, active, { page: 1, size: first.total }).items;
      const ordered = [...all].sort((a, b) => a.formatted_name.localeCompare(b.formatted_name, 'en') || b.id - a.id);
      const start = (paging.page - 1) * paging.size;
      return { total: first.total, items: ordered.slice(start, start + paging.size) };
    };
  }
  if (on('category-color-defaults-to-last-used')) {
    // createCategory fills a colour left out (or null) with the colour of the page's newest category,
    // `input.color ?? lastUsedColour`, moved from the editor's "remember the last label colour" into the
    // service: the first category of a page, and every one sent with a colour, are right; a category
    // created without a colour after one with a colour answers and stores that colour instead of null.
    // Breaks category.optional-fields-null ("description and color default to null"),
    // requests.absent-as-default ("An optional field left out of a create body reads as its default
    // ... whatever the other fields hold") and requests.null-as-absent.
    const create = services.categories.create.bind(services.categories);
    services.categories.create = (workspaceId, pageId, input) => {
      if (input.color != null || !stores.pages.exists(workspaceId, pageId)) return create(workspaceId, pageId, input);
      const lastUsed = stores.categories.list(pageId, { page: 1, size: 1 }).items[0]?.color ?? null;
      return create(workspaceId, pageId, lastUsed === null ? input : { ...input, color: lastUsed });
    };
  }
}

export function breakThirtyThirdLookPipeline(on: FaultSet, pipeline: Pipeline, _context: PipelineContext): Pipeline {
  let { api } = pipeline;
  if (on('post-update-numeric-string-ids-read')) {
    // updatePost "accepts ids as form clients send them": before the body is validated, a category_id
    // or author_id written as a string of digits ("5") is turned into the number, a convenience (ajv's
    // coerceTypes, by hand) meant for the platform's HTML form. The post is moved to that category (or
    // given that author) and answered 200, where the contract answers 422 naming the field. Numbers,
    // null and other strings are right, and so is createPost. Breaks requests.exact-scalars ("in a body
    // ... an integer a JSON number. No other spelling or type is read as one (... "5" in a body): each
    // is answered 422 naming the input") and requests.schema-validation.
    api = insertBefore(api, 'validator', {
      name: 'post-update-numeric-string-ids-read',
      handler: onRequestsTo(['PATCH'], /^\/pages\/[^/]+\/posts\/[^/]+\/?$/, (req) => {
        const body = req.body as Record<string, unknown> | undefined;
        if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined;
        for (const field of ['category_id', 'author_id']) {
          const value = body[field];
          if (typeof value === 'string' && /^\d{1,15}$/.test(value)) body[field] = Number(value);
        }
        return undefined;
      }),
    });
  }
  if (on('post-location-trailing-slash-doubled')) {
    // createPost builds its Location as `${req.originalUrl}/${post.id}` (the shared helper trims a
    // trailing slash; this copy does not): a post created through /pages/{id}/posts/ (the collection's
    // path with a trailing slash, which the server answers like the path without it) gets the Location
    // /api/v1/pages/{id}/posts//{post id}, a URL no operation answers (404). Requests to the path
    // without the slash are right, and so are the other operations' Locations. Breaks
    // headers.location-created ("a GET of it with the same token answers 200 with the same body as the
    // 201").
    api = insertBefore(api, 'operations', {
      name: 'post-location-trailing-slash-doubled',
      handler: (req, res, next) => {
        if (req.method !== 'POST' || !/^\/pages\/[^/]+\/posts\/$/.test(req.path)) return next();
        const path = req.originalUrl.split('?')[0]!;
        const location = res.location.bind(res);
        res.location = ((url: string) => location(`${path}/${url.split('/').pop()}`)) as Response['location'];
        next();
      },
    });
  }
  if (on('post-delete-body-content-type-415')) {
    // deletePost runs the content-type guard of the posts' write routes, written as "a request that
    // carries a body must say it is JSON", on every method that reaches them: a DELETE that carries a
    // body with another content type (text/plain, a form), which the contract ignores, is answered 415
    // and the post is kept. A DELETE without a body, or with a JSON body, is right. Breaks
    // requests.body-ignored-without-operation-body ("A body sent to an operation that takes none (GET,
    // DELETE) is ignored, whatever it holds: the answer is the one the request gets without it") and
    // the introduction's Requests ("a body sent with GET or DELETE is ignored, whatever it holds").
    api = insertBefore(api, 'json-body', {
      name: 'post-delete-body-content-type-415',
      handler: onRequestsTo(['DELETE'], /^\/pages\/[^/]+\/posts\/[^/]+\/?$/, (req) => {
        const carriesBody = Number(req.get('content-length') ?? 0) > 0 || req.get('transfer-encoding') !== undefined;
        if (!carriesBody || req.is('application/json')) return undefined;
        return problems.unsupportedMediaType('Send the body as application/json.');
      }),
    });
  }
  if (on('author-update-active-strings-read')) {
    // updateAuthor reads `active` through the admin tool's toBoolean, which takes the strings "true"
    // and "false" (any letter case) and the numbers 1 and 0, before the body is validated: an author
    // sent `"active": "false"` is made inactive and answered 200, where the contract answers 422 naming
    // active. JSON's true and false are right, and so are the other fields. Breaks requests.exact-scalars
    // ("in a body a boolean is JSON's true or false ... No other spelling or type is read as one (1,
    // "true" ... in a body): each is answered 422 naming the input") and requests.schema-validation.
    api = insertBefore(api, 'validator', {
      name: 'author-update-active-strings-read',
      handler: onRequestsTo(['PATCH'], /^\/authors\/[^/]+\/?$/, (req) => {
        const body = req.body as Record<string, unknown> | undefined;
        if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined;
        const value = body.active;
        if (typeof value === 'string' && /^(true|false)$/i.test(value)) body.active = value.toLowerCase() === 'true';
        else if (value === 1 || value === 0) body.active = value === 1;
        return undefined;
      }),
    });
  }
  if (on('category-update-deflate-read-raw')) {
    // updateCategory reads a body sent with Content-Encoding: deflate with `zlib.inflateRawSync`, the
    // raw DEFLATE stream, where HTTP's deflate is the zlib format (RFC 9110 section 8.4.1.2: "a zlib
    // data format containing a deflate compressed data stream"), the mistake browsers once made the
    // other way: a body compressed as HTTP says (zlib.deflateSync) does not inflate and is answered 400,
    // while a raw stream, which the contract refuses with 400, is read and applied. gzip, br, no
    // encoding, and every other operation are right. Breaks the introduction's Requests ("A JSON body
    // may be compressed with Content-Encoding: gzip, deflate or br"), requests.content-encoding and
    // requests.valid-input-accepted.
    api = insertBefore(api, 'json-body', {
      name: 'category-update-deflate-read-raw',
      handler: (req, _res, next) => {
        if (req.method !== 'PATCH' || !/^\/pages\/[^/]+\/categories\/[^/]+\/?$/.test(req.path)) return next();
        if ((req.get('content-encoding') ?? '').trim().toLowerCase() !== 'deflate' || !req.is('application/json')) return next();
        const chunks: Buffer[] = [];
        let size = 0;
        req.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size <= 1024 * 1024) chunks.push(chunk);
        });
        req.on('error', next);
        req.on('end', () => {
          let bytes: Buffer;
          try {
            bytes = inflateRawSync(Buffer.concat(chunks), { maxOutputLength: 1024 * 1024 });
          } catch {
            return next(problems.malformed('The request body does not decode as deflate.'));
          }
          // Parsed by the JSON stage as a body it read itself (already decoded).
          req.body = bytes;
          next();
        });
      },
    });
  }
  return { ...pipeline, api };
}
