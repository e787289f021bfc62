/**
 * Faults written from the contract alone, each confined to one operation and each one a first test
 * passes: a category list that serves a later page from where the last one read ended, a category
 * update to a newer category's slug that fails with 500, a page update naming name and slug that
 * keeps the slug of the name, a sent email's deletion refused with the send's problem type, an
 * author's rename answered with the formatted name of the first rename, a newsletter of another
 * workspace renamed by an update answered 404, a refused upload that removes the image uploaded
 * before it, the emails list's 422 that names only its paging errors, a post update to status
 * scheduled whose 422 also names scheduled_at, later subscribers stamped with the time of a
 * newsletter's first, a 405 on a subscriber's path whose Allow lists GET and HEAD, and a page whose
 * suffixed name_slug is left out of its domain. Each is a bug an
 * implementer could plausibly write, and each breaks a statement of the contract (named in its
 * comment).
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { Request, RequestHandler } from 'express';
import type { PipelineContext } from '../app.ts';
import type { ServerParts } from '../compose.ts';
import { slugify, slugOr } from '../domain/slugs.ts';
import { insertBefore, type Pipeline } from '../http/pipeline.ts';
import { ProblemError, problems } from '../http/problem.ts';
import { beforeHeaders, rewriteSentJson } from './answer-rewrites.ts';
import type { FaultSet } from './fault-set.ts';

/** A stage that runs `prepare` on the requests of one method whose path matches `path`, before they go on. */
function onRequestsTo(method: string, path: RegExp, prepare: (req: Request, res: Parameters<RequestHandler>[1]) => void): RequestHandler {
  return (req, res, next) => {
    if (req.method === method && path.test(req.path)) prepare(req, res);
    next();
  };
}

interface FieldError {
  field: string;
  message: string;
}

export function breakTwentyFourthLookParts(on: FaultSet, { db, stores, services }: ServerParts): void {
  if (on('categories-later-page-continues-last-read')) {
    // listCategories keeps a cursor per page and size, where the last answer of that list ended, and
    // serves any later page from there (a "next page" cursor mistaken for the page number): walking
    // pages 1, 2, 3 in order is right, but reading page 2 again, or page 3 before page 2, answers
    // other items. Breaks lists.envelope-arithmetic ("walking the pages visits every item once") and
    // lists.same-items-any-size (a page is the same items whenever it is read).
    const cursors = new Map<string, number>();
    const list = services.categories.list.bind(services.categories);
    services.categories.list = (workspaceId, pageId, paging) => {
      const key = `${pageId}:${paging.size}`;
      const offset = paging.page === 1 ? 0 : (cursors.get(key) ?? (paging.page - 1) * paging.size);
      const answer = list(workspaceId, pageId, { page: 1, size: offset + paging.size });
      cursors.set(key, offset + paging.size);
      return { total: answer.total, items: answer.items.slice(offset, offset + paging.size) };
    };
  }
  if (on('category-update-slug-of-newer-category-500')) {
    // updateCategory looks for an explicit slug among the categories created before the one it
    // updates (the check was written for creation, where every other category is older): a slug a
    // newer category of the page holds goes to the database, whose unique key refuses it, and the
    // answer is a 500. A slug an older category holds is the right 409. Breaks the rule "an explicit
    // slug already used in the page, on creation or update, is answered 409 and changes nothing" and
    // responses.no-server-error.
    const holderOfSlug = db.prepare<[number, string], number>('SELECT id FROM categories WHERE page_id = ? AND slug = ?').pluck();
    const update = services.categories.update.bind(services.categories);
    services.categories.update = (workspaceId, pageId, id, input) => {
      if (input.slug != null && stores.pages.exists(workspaceId, pageId)) {
        const holder = holderOfSlug.get(pageId, slugify(input.slug));
        if (holder !== undefined && holder > id && stores.categories.get(pageId, id)) {
          stores.categories.update(id, { slug: slugify(input.slug) });
        }
      }
      return update(workspaceId, pageId, id, input);
    };
  }
  if (on('page-update-name-and-slug-slug-from-name')) {
    // updatePage given both a new name and a new slug lets the rename's branch write last, and it
    // writes the new name_slug into slug as well: the explicit slug is lost. A PATCH of the name alone
    // (slug kept) or of the slug alone (normalised) is right. Breaks the updatePage rule ("a renamed
    // page keeps its slug ...; a new explicit slug is normalised as on creation") and
    // resources.update-kept.
    const update = services.pages.update.bind(services.pages);
    services.pages.update = (workspaceId, id, input) => {
      const page = update(workspaceId, id, input);
      if (input.name === undefined || input.slug === undefined || page.slug === page.name_slug) return page;
      stores.pages.update(id, { slug: page.name_slug });
      return stores.pages.get(workspaceId, id)!;
    };
  }
  if (on('page-domain-from-unsuffixed-name-slug')) {
    // createPage builds the domain from the name's slug before it is made unique: a page whose
    // name_slug needed a suffix (Blog! after Blog gives blog-1) gets a domain that starts blog-, not
    // blog-1-. The first page of a slug is right. Breaks the createPage rule "a new page's domain is
    // its name_slug (cut to fit a 63-character DNS label), a hyphen and six random lowercase letters
    // and digits".
    const create = services.pages.create.bind(services.pages);
    services.pages.create = (workspaceId, input) => {
      const page = create(workspaceId, input);
      const base = slugOr(input.name, 'page');
      if (page.name_slug === base || !page.name_slug.startsWith(`${base}-`) || !page.domain.startsWith(`${page.name_slug}-`)) return page;
      stores.pages.update(page.id, { domain: base + page.domain.slice(page.name_slug.length) });
      return stores.pages.get(workspaceId, page.id)!;
    };
  }
  if (on('email-delete-sent-typed-already-sent')) {
    // deleteEmail refuses a sent email with the send's own problem (409 email-already-sent), where
    // the contract types every refusal of a change or deletion email-not-draft. A scheduled email is
    // refused right. Breaks the rule "only a draft email can be changed or deleted; any other is
    // answered 409 with type email-not-draft".
    const remove = services.emails.delete.bind(services.emails);
    services.emails.delete = (workspaceId, newsletterId, id) => {
      try {
        remove(workspaceId, newsletterId, id);
      } catch (error) {
        if (error instanceof ProblemError && error.status === 409 && stores.emails.state(id)?.status === 'sent') {
          throw problems.emailAlreadySent(`Email ${id} has already been sent.`);
        }
        throw error;
      }
    };
  }
  if (on('author-rename-answers-first-formatted-name')) {
    // updateAuthor answers formatted_name from a per-author cache filled at the author's first
    // rename and never refreshed: a second rename answers the first one's formatted_name, while
    // getAuthor reads the new one. Breaks the updateAuthor rule ("formatted_name follows the names,
    // and getAuthor agrees") and resources.answer-as-stored.
    const formattedNames = new Map<number, string>();
    const update = services.authors.update.bind(services.authors);
    services.authors.update = (workspaceId, id, input) => {
      const author = update(workspaceId, id, input);
      if (input.first_name === undefined && input.last_name === undefined) return author;
      const cached = formattedNames.get(id);
      if (cached === undefined) {
        formattedNames.set(id, author.formatted_name);
        return author;
      }
      return { ...author, formatted_name: cached };
    };
  }
  if (on('newsletter-update-other-workspace-written-then-404')) {
    // updateNewsletter of a newsletter that is not in the caller's workspace answers 404, but the
    // rename was already handed to a write-behind queue addressed by the id alone, outside the
    // request's transaction: another workspace's newsletter is renamed once the 404 has gone out. The
    // 404 itself, and an id of no newsletter, are right. Breaks auth.workspace-scope
    // ("a resource of another workspace is answered 404 ... and is not changed") and
    // resources.refused-write-changes-nothing.
    const ownerOf = db.prepare<[number], number>('SELECT workspace_id FROM newsletters WHERE id = ?').pluck();
    const update = services.newsletters.update.bind(services.newsletters);
    services.newsletters.update = (workspaceId, id, input) => {
      try {
        return update(workspaceId, id, input);
      } catch (error) {
        const owner = ownerOf.get(id);
        if (error instanceof ProblemError && error.status === 404 && owner !== undefined && owner !== workspaceId) {
          queueMicrotask(() => {
            try {
              update(owner, id, input);
            } catch {
              // The stray write failed on its own (a name the other workspace uses): the 404 stands.
            }
          });
        }
        throw error;
      }
    };
  }
  if (on('subscribers-stamped-with-first-import')) {
    // createSubscriber stamps a new subscriber with the time of its newsletter's first import (a
    // batch time cached per newsletter): every later new subscriber gets the first one's created_at,
    // verified_at and updated_at. The first subscriber, and an address already there, are right.
    // Breaks responses.timestamps-in-order ("a write sent after another write's answer was received
    // records for itself" a later time) and lists.newest-first (the newest is no longer first).
    const firstImport = new Map<number, string>();
    const upsert = stores.subscribers.upsertActive.bind(stores.subscribers);
    stores.subscribers.upsertActive = (newsletterId, email, now) => {
      const stamp = firstImport.get(newsletterId) ?? now;
      firstImport.set(newsletterId, stamp);
      return upsert(newsletterId, email, stamp);
    };
  }
}

export function breakTwentyFourthLookPipeline(on: FaultSet, api: Pipeline['api'], context: PipelineContext): Pipeline['api'] {
  let stages = api;
  if (on('upload-415-removes-previous-image')) {
    // uploadImage's refusal path removes "the file it was given" through a variable that still names
    // the image the previous upload stored: a 415 for a file that is not an image deletes the last
    // accepted image, whose URL then answers 404. The 415 itself, and uploads that are all accepted,
    // are right. Breaks the uploadImage rule "an uploaded image is served, byte for byte, at the URL
    // the answer gives" and resources.refused-write-changes-nothing.
    const { imagesDir } = context.options;
    let lastStored: string | undefined;
    stages = insertBefore(stages, 'head', {
      name: 'upload-415-removes-previous-image',
      handler: onRequestsTo('POST', /^\/images\/upload$/, (_req, res) =>
        beforeHeaders(res, (status) => {
          const location = res.getHeader('Location');
          if (status === 201 && typeof location === 'string') lastStored = path.basename(new URL(location, 'http://x').pathname);
          if (status === 415 && lastStored !== undefined) rmSync(path.join(imagesDir, lastStored), { force: true });
        }),
      ),
    });
  }
  if (on('emails-422-names-paging-only')) {
    // listEmails checks page and size first and answers their 422 on its own, leaving out what else
    // the query has wrong: ?status=bogus&page=0 names query.page alone. Each invalid parameter by
    // itself is named right. Breaks errors.field-names ("a 422 names each invalid input in errors,
    // every one of a request with several").
    const paging = new Set(['query.page', 'query.size']);
    stages = insertBefore(stages, 'head', {
      name: 'emails-422-names-paging-only',
      handler: onRequestsTo('GET', /^\/newsletters\/[^/]+\/emails$/, (_req, res) =>
        rewriteSentJson(
          res,
          (status) => status === 422,
          (body: { errors?: FieldError[] }) => {
            const errors = body.errors ?? [];
            if (!errors.some((e) => paging.has(e.field)) || errors.every((e) => paging.has(e.field))) return body;
            return { ...body, errors: errors.filter((e) => paging.has(e.field)) };
          },
        ),
      ),
    });
  }
  if (on('post-update-scheduled-names-scheduled-at')) {
    // updatePost's 422 for status scheduled also names scheduled_at, as if a schedule only lacked its
    // time, though the request did not send one and the contract never accepts scheduled here. Other
    // invalid statuses name status alone. Breaks errors.only-present-causes ("never a field it did
    // not send (unless the field is required)").
    stages = insertBefore(stages, 'head', {
      name: 'post-update-scheduled-names-scheduled-at',
      handler: onRequestsTo('PATCH', /^\/pages\/[^/]+\/posts\/[^/]+$/, (req, res) =>
        rewriteSentJson(
          res,
          (status) => status === 422,
          (body: { errors?: FieldError[] }) => {
            const sent = req.body as { status?: unknown; scheduled_at?: unknown } | undefined;
            if (sent?.status !== 'scheduled' || sent.scheduled_at !== undefined || !body.errors) return body;
            if (body.errors.some((e) => e.field === 'scheduled_at')) return body;
            return { ...body, errors: [...body.errors, { field: 'scheduled_at', message: 'A scheduled post needs scheduled_at.' }] };
          },
        ),
      ),
    });
  }
  if (on('subscriber-405-allow-lists-get')) {
    // A 405 on /newsletters/{id}/subscribers/{id} takes its Allow from the item paths of the other
    // families, which all have GET: it lists DELETE, GET and HEAD, though the path has DELETE alone
    // (and a GET of it is itself a 405). The 405s of other paths are right. Breaks
    // http.method-not-allowed ("an Allow header listing exactly the methods the contract gives the
    // path").
    const subscriberPath = /^\/newsletters\/[^/]+\/subscribers\/[^/]+$/;
    stages = insertBefore(stages, 'head', {
      name: 'subscriber-405-allow-lists-get',
      handler: (req, res, next) => {
        if (subscriberPath.test(req.path)) {
          beforeHeaders(res, (status) => {
            if (status === 405) res.setHeader('Allow', 'DELETE, GET, HEAD');
          });
        }
        next();
      },
    });
  }
  return stages;
}
