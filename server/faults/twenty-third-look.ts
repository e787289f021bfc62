/**
 * Faults written from the contract alone, each confined to one operation and each one a first test
 * passes: the drafts filter of listEmails that also lists scheduled emails, an email update whose
 * answer shows the Markdown it was sent, a send's malformed time named by its JSON pointer, an upload
 * refused when its declared type is not the one its bytes have, a post update that takes another
 * workspace's author, a new newsletter's name_slug suffixed because a renamed newsletter once had it,
 * an author's deactivation that keeps the old updated_at, an author's descriptions stored with their
 * line ends rewritten, a category with posts that cannot be deleted, a page's 404 that tells another
 * workspace's page from no page, a subscriber address refused for a long local part, and a created
 * page whose answer exposes only Location to browser scripts. Each is a bug an implementer could
 * plausibly write, and each breaks a statement of the contract (named in its comment).
 */
import type { Request, RequestHandler } from 'express';
import { fileTypeFromFile } from 'file-type';
import type { PipelineContext } from '../app.ts';
import type { ServerParts } from '../compose.ts';
import { normaliseAddress } from '../domain/people.ts';
import { nextFreeSlug, slugOr } from '../domain/slugs.ts';
import { insertBefore, type Pipeline } from '../http/pipeline.ts';
import { problems } from '../http/problem.ts';
import { beforeHeaders, rewriteSentJson } from './answer-rewrites.ts';
import type { FaultSet } from './fault-set.ts';

/** A stage that runs `prepare` on the requests of one method whose path matches `path`, before they go on. */
function onRequestsTo(method: string, path: RegExp, prepare: (req: Request, res: Parameters<RequestHandler>[1]) => void): RequestHandler {
  return (req, res, next) => {
    if (req.method === method && path.test(req.path)) prepare(req, res);
    next();
  };
}

export function breakTwentyThirdLookParts(on: FaultSet, { db, stores, services }: ServerParts): void {
  if (on('emails-draft-filter-includes-scheduled')) {
    // listEmails?status=draft reads "draft" as "not sent yet" (status IN draft, scheduled), as the
    // editor's Drafts tab shows them: an email scheduled for later is listed and counted among the
    // drafts too. A newsletter of drafts only, and every other status, are right. Breaks
    // lists.exact-filters ("a filter lists exactly the items that match it") and lists.filters-add-up
    // (the totals of the statuses add up to more than the list's total).
    const unsentIds = db.prepare<[number, number, number], number>(
      `SELECT id FROM emails WHERE newsletter_id = ? AND status IN ('draft', 'scheduled') ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`,
    ).pluck();
    const unsentCount = db.prepare<[number], number>(`SELECT COUNT(*) FROM emails WHERE newsletter_id = ? AND status IN ('draft', 'scheduled')`).pluck();
    const list = services.emails.list.bind(services.emails);
    services.emails.list = (workspaceId, newsletterId, status, paging) => {
      const answer = list(workspaceId, newsletterId, status, paging);
      if (status !== 'draft') return answer;
      const ids = unsentIds.all(newsletterId, paging.size, (paging.page - 1) * paging.size);
      return { total: unsentCount.get(newsletterId)!, items: ids.map((id) => stores.emails.get(newsletterId, id)!) };
    };
  }
  if (on('post-update-author-of-any-workspace')) {
    // updatePost checks author_id against the authors of every workspace (the lookup lost its
    // workspace condition; createPost keeps it): an author of another workspace is taken and stored,
    // and the PATCH is answered 200. An id of no author at all, and an author of the workspace, are
    // right. Breaks resources.author-of-workspace ("any other id is answered 422 naming author_id,
    // and nothing is written") and auth.workspace-scope.
    const authorWorkspace = db.prepare<[number], number>('SELECT workspace_id FROM authors WHERE id = ?').pluck();
    const foreign = (workspaceId: number, authorId: number | null | undefined) => {
      if (authorId == null) return false;
      const owner = authorWorkspace.get(authorId);
      return owner !== undefined && owner !== workspaceId;
    };
    const contentForUpdate = services.posts.contentForUpdate.bind(services.posts);
    services.posts.contentForUpdate = (workspaceId, pageId, id, input, signal) =>
      contentForUpdate(workspaceId, pageId, id, foreign(workspaceId, input.author_id) ? { ...input, author_id: undefined } : input, signal);
    const update = services.posts.update.bind(services.posts);
    services.posts.update = (workspaceId, pageId, id, input, contentHtml) => {
      if (!foreign(workspaceId, input.author_id)) return update(workspaceId, pageId, id, input, contentHtml);
      const post = update(workspaceId, pageId, id, { ...input, author_id: undefined }, contentHtml);
      stores.posts.update(id, { author_id: input.author_id! });
      return post;
    };
  }
  if (on('newsletter-former-name-slug-held')) {
    // The name_slugs a newsletter gives up by a rename are kept (for redirects from old links) and
    // createNewsletter counts them as taken: a new newsletter named as another one was before its
    // rename gets `weekly-1`, though no newsletter has `weekly` any more. A name never used, and a
    // name another newsletter has now, are right. Breaks newsletter.name-slug-derived ("derived from
    // its name") and the introduction's Slugs (a suffix only "where a derived slug ... is already
    // taken").
    const formerSlugs = new Map<number, Set<string>>();
    const update = services.newsletters.update.bind(services.newsletters);
    services.newsletters.update = (workspaceId, id, input) => {
      const before = services.newsletters.get(workspaceId, id);
      const after = update(workspaceId, id, input);
      if (after.name_slug !== before.name_slug) {
        const held = formerSlugs.get(workspaceId) ?? new Set<string>();
        held.add(before.name_slug);
        formerSlugs.set(workspaceId, held);
      }
      return after;
    };
    const create = services.newsletters.create.bind(services.newsletters);
    services.newsletters.create = (workspaceId, input) => {
      const created = create(workspaceId, input);
      const held = formerSlugs.get(workspaceId);
      if (!held?.has(created.name_slug)) return created;
      const base = slugOr(input.name, 'newsletter');
      const taken = [...stores.newsletters.nameSlugsFrom(workspaceId, base).filter((slug) => slug !== created.name_slug), ...held];
      stores.newsletters.update(created.id, { name_slug: nextFreeSlug(base, taken) });
      return stores.newsletters.get(workspaceId, created.id)!;
    };
  }
  if (on('author-deactivation-keeps-updated-at')) {
    // updateAuthor with active false alone is written as a separate "deactivate" statement that sets
    // the flag without the stamp: the author reads inactive, with the updated_at of its last other
    // change. A PATCH of a name or position, and a reactivation, are stamped. Breaks
    // resources.update-stamped ("an update that changes a stored value records its own time in
    // updated_at").
    const update = services.authors.update.bind(services.authors);
    services.authors.update = (workspaceId, id, input) => {
      const before = services.authors.get(workspaceId, id);
      const after = update(workspaceId, id, input);
      if (input.active !== false || !before.active || Object.keys(input).length !== 1) return after;
      stores.authors.update(id, { updated_at: before.updated_at });
      return stores.authors.get(workspaceId, id)!;
    };
  }
  if (on('author-description-line-ends-rewritten')) {
    // updateAuthor turns the line ends of short_description and long_description into line feeds
    // (CR LF and CR become LF) before it stores them, as a text editor would: a biography written
    // with CR LF is answered and read back otherwise than it was sent. Text with LF alone, and every
    // other field, are right. Breaks resources.update-kept ("an accepted update is kept") and the
    // introduction's Requests (text that may span lines "may hold tab, line feed and carriage
    // return").
    const lineFeeds = (text: string | null | undefined) => (typeof text === 'string' ? text.replace(/\r\n?/g, '\n') : text);
    const update = services.authors.update.bind(services.authors);
    services.authors.update = (workspaceId, id, input) =>
      update(workspaceId, id, {
        ...input,
        ...(input.short_description !== undefined ? { short_description: lineFeeds(input.short_description) } : {}),
        ...(input.long_description !== undefined ? { long_description: lineFeeds(input.long_description) } : {}),
      });
  }
  if (on('category-delete-with-posts-500')) {
    // deleteCategory deletes the row with the posts' foreign key still pointing at it (the schema
    // was written with ON DELETE RESTRICT, and nothing clears the posts' category_id first): a
    // category that no post has is deleted, one that a post has is a 500 and stays. Breaks
    // category.delete-keeps-posts ("the posts of a deleted category stay on the page with
    // category_id null") and responses.no-server-error.
    const hasPosts = db.prepare<[number], number>('SELECT 1 FROM posts WHERE category_id = ? LIMIT 1').pluck();
    const remove = services.categories.delete.bind(services.categories);
    services.categories.delete = (workspaceId, pageId, id) => {
      if (stores.pages.exists(workspaceId, pageId) && services.categories.get(workspaceId, pageId, id) && hasPosts.get(id) !== undefined) {
        throw new Error('FOREIGN KEY constraint failed');
      }
      remove(workspaceId, pageId, id);
    };
  }
  if (on('subscriber-local-part-over-64-refused')) {
    // createSubscriber applies SMTP's limit of 64 characters to the part before the @ (RFC 5321),
    // which the contract does not: an address of 70 characters before the @ is a 422 naming email,
    // though the contract's only limit is 254 for the whole address. Ordinary addresses are right.
    // Breaks requests.valid-input-accepted ("every input that its schemas allow ... is accepted").
    const upsert = services.subscribers.upsert.bind(services.subscribers);
    services.subscribers.upsert = (workspaceId, newsletterId, email) => {
      const address = normaliseAddress(email);
      if (address.lastIndexOf('@') > 64) throw problems.invalidField('email', 'the part before the @ must be at most 64 characters');
      return upsert(workspaceId, newsletterId, email);
    };
  }
}

export function breakTwentyThirdLookPipeline(on: FaultSet, api: Pipeline['api'], context: PipelineContext): Pipeline['api'] {
  let stages = api;
  const { db } = context.options;
  if (on('email-update-answer-shows-markdown')) {
    // updateEmail answers with the stored email and the Markdown of the request laid over it (the
    // answer is built from the merged input): a PATCH that sends content_md is answered with
    // content_md, which createEmail and getEmail never show. A PATCH of the subject or the HTML is
    // right. Breaks responses.write-only-fields ("never appears in an answer of its resource's
    // operations") and responses.every-field (the answer matches the declared schema).
    stages = insertBefore(stages, 'head', {
      name: 'email-update-answer-shows-markdown',
      handler: onRequestsTo('PATCH', /^\/newsletters\/\d+\/emails\/\d+$/, (req, res) =>
        rewriteSentJson(
          res,
          (status) => status === 200,
          (body) => (typeof req.body?.content_md === 'string' ? { ...body, content_md: req.body.content_md } : body),
        ),
      ),
    });
  }
  if (on('send-malformed-time-named-by-pointer')) {
    // sendEmail's 422 for a scheduled_at that is not a date-time names the field by the validator's
    // JSON pointer (`/scheduled_at`) instead of its name: the 422 for a time in the past, written by
    // the operation, names scheduled_at as it should. Breaks errors.field-names ("a body field by its
    // name") and errors.only-present-causes (it names an input the request does not have).
    stages = insertBefore(stages, 'head', {
      name: 'send-malformed-time-named-by-pointer',
      handler: onRequestsTo('POST', /^\/newsletters\/\d+\/emails\/\d+\/send$/, (req, res) =>
        rewriteSentJson(
          res,
          (status) => status === 422,
          (body) => {
            const sent = req.body?.scheduled_at;
            if (sent == null || (typeof sent === 'string' && !Number.isNaN(Date.parse(sent))) || !Array.isArray(body.errors)) return body;
            return { ...body, errors: body.errors.map((error: { field: string }) => (error.field === 'scheduled_at' ? { ...error, field: '/scheduled_at' } : error)) };
          },
        ),
      ),
    });
  }
  if (on('upload-declared-type-must-match')) {
    // uploadImage refuses a file whose declared Content-Type is not the type its bytes have (a
    // "defence in depth" check): a PNG sent as application/octet-stream, or as image/jpeg, is a 415.
    // A PNG declared image/png is right. Breaks image.public-url (the type is "decided from the
    // content whatever name or type the upload gave the file") and requests.valid-input-accepted.
    stages = insertBefore(stages, 'operations', {
      name: 'upload-declared-type-must-match',
      route: { method: 'post', path: '/images/upload' },
      handler: (req, _res, next) => {
        const files = (req.files ?? []) as Express.Multer.File[];
        const file = files.length === 1 ? files[0] : undefined;
        if (!file) return next();
        fileTypeFromFile(file.path).then(
          (detected) => next(detected && detected.mime !== file.mimetype ? problems.unsupportedMediaType(`The file is declared ${file.mimetype} but is ${detected.mime}.`) : undefined),
          () => next(),
        );
      },
    });
  }
  if (on('page-404-tells-other-workspace')) {
    // getPage's 404 for a page of another workspace says so ("belongs to another workspace"), where
    // an id of no page says "There is no page": both are 404, but the detail tells which ids other
    // workspaces have. getPage of an id of no page, and every other operation, are right. Breaks
    // auth.workspace-scope and the introduction's Authentication ("answered with 404 ... so ids of
    // other workspaces cannot be probed").
    const pageWorkspace = db.prepare<[number], number>('SELECT workspace_id FROM pages WHERE id = ?').pluck();
    stages = insertBefore(stages, 'head', {
      name: 'page-404-tells-other-workspace',
      handler: onRequestsTo('GET', /^\/pages\/\d+$/, (req, res) => {
        // Read now: by the time the answer is sent, the router has moved req.path on.
        const id = Number(req.path.split('/')[2]);
        rewriteSentJson(
          res,
          (status) => status === 404,
          (body) => {
            const owner = pageWorkspace.get(id);
            if (owner === undefined || owner === res.locals.workspaceId) return body;
            return { ...body, detail: `Page ${id} belongs to another workspace.` };
          },
        );
      }),
    });
  }
  if (on('page-201-exposes-location-only')) {
    // createPage's 201 sets Access-Control-Expose-Headers to Location, so that a browser script can
    // read where the new page is, and overwrites the list the CORS stage set: RateLimit,
    // RateLimit-Policy and the others are hidden on that answer. Every other answer, createPage's
    // errors included, is right. Breaks headers.cors-exposed ("wherever Access-Control-Expose-Headers
    // is sent, it names WWW-Authenticate, Allow, Location, RateLimit, RateLimit-Policy and
    // Retry-After").
    stages = insertBefore(stages, 'head', {
      name: 'page-201-exposes-location-only',
      handler: onRequestsTo('POST', /^\/pages$/, (_req, res) =>
        beforeHeaders(res, (status) => {
          if (status === 201) res.setHeader('Access-Control-Expose-Headers', 'Location');
        }),
      ),
    });
  }
  return stages;
}
