/**
 * Faults written from the contract alone, each confined to one operation and each one a first test
 * passes: an explicit ?active=true on the author list read as no filter, an update's formatted_name
 * joined with an empty last name, a second file part of an upload dropped instead of refused, the
 * subscriber upsert looking for the address on the first list page only, a newsletter rename refused
 * for a page's name, an email's fallback slug replaced by its first subject, a rewrite of a scheduled
 * email accepted, a page id above 32 bits refused as invalid, a category's derived slug counting the
 * page's post slugs, a category update stamped ahead of its answer, a post's category not cleared by
 * null, and a newsletter read sent in Latin-1. Each is a bug an implementer could plausibly write,
 * and each breaks a statement of the contract (named in its comment).
 */
import { rmSync } from 'node:fs';
import type { RequestHandler } from 'express';
import multer from 'multer';
import type { Author, Email } from '../../generated/openapi.d.ts';
import type { PipelineContext } from '../app.ts';
import type { ServerParts } from '../compose.ts';
import { nextFreeSlug, slugOr } from '../domain/slugs.ts';
import { workspaceOf } from '../http/auth.ts';
import { sendList } from '../http/list-answer.ts';
import { paging } from '../http/request.ts';
import { insertBefore, replaceStage, type Pipeline } from '../http/pipeline.ts';
import { problems } from '../http/problem.ts';
import { IMAGE_SIZE_LIMIT, incomingUploadsDir } from '../http/uploads.ts';
import type { FaultSet } from './fault-set.ts';

/** The largest id a 32-bit signed integer holds. */
const INT32_MAX = 2_147_483_647;

/** Whether every field the update names holds the value the email already has. */
function rewritesStored(email: Email, input: Record<string, unknown>): boolean {
  const named = Object.entries(input);
  if (named.length === 0 || 'content_md' in input) return false;
  return named.every(([field, value]) => (email as unknown as Record<string, unknown>)[field] === value);
}

export function breakEighteenthLookParts(on: FaultSet, { db, stores, services }: ServerParts): void {
  if (on('author-update-name-joined-with-empty-last')) {
    // updateAuthor writes formatted_name into its answer by joining the names with a space, without
    // leaving out an empty part: a last name cleared (null or "") answers "Ada " with a trailing
    // space, while getAuthor answers "Ada". A change of either name to a non-empty value is right.
    // Breaks author.update-kept ("formatted_name follows the names, and getAuthor agrees") and
    // resources.answer-as-stored.
    const update = services.authors.update.bind(services.authors);
    services.authors.update = (workspaceId, id, input) => {
      const author: Author = update(workspaceId, id, input);
      if (input.last_name === undefined) return author;
      return { ...author, formatted_name: `${author.first_name} ${author.last_name ?? ''}` };
    };
  }
  if (on('upsert-looks-in-first-list-page')) {
    // createSubscriber looks the address up among the subscribers its list answers by default (page 1,
    // ten newest) and inserts when it is not there: an address that has ten newer subscribers above it
    // is inserted again, which the unique key refuses, and the upsert fails with a 500. With ten
    // subscribers or fewer it is right. Breaks subscriber.upsert-same-id ("an address already on the
    // newsletter ... answers 200 with the existing subscriber") and responses.no-server-error.
    const insert = db.prepare(
      `INSERT INTO subscribers (newsletter_id, email, verified, active, status, verified_at, created_at, updated_at)
       VALUES (@newsletter_id, @email, 1, 1, 'active', @now, @now, @now)`,
    );
    const byAddress = db.prepare<[number, string], { id: number }>('SELECT id FROM subscribers WHERE newsletter_id = ? AND email = ?');
    stores.subscribers.upsertActive = (newsletterId, email, now) => {
      const firstPage = stores.subscribers.list(newsletterId, {}, { page: 1, size: 10 }).items;
      const known = firstPage.find((subscriber) => subscriber.email === email);
      if (known) return known;
      insert.run({ newsletter_id: newsletterId, email, now });
      return stores.subscribers.get(newsletterId, byAddress.get(newsletterId, email)!.id)!;
    };
  }
  if (on('newsletter-rename-taken-by-page-name')) {
    // updateNewsletter checks a new name against one table of the workspace's names, pages included:
    // renaming a newsletter to the name of a page is a 409 name-taken, though no newsletter has it.
    // createNewsletter with that name, and a rename to a name no one has, are right. Breaks the
    // updateNewsletter description ("a name used by another newsletter of the workspace is a 409")
    // and requests.valid-input-accepted.
    const update = services.newsletters.update.bind(services.newsletters);
    services.newsletters.update = (workspaceId, id, input) => {
      const current = services.newsletters.get(workspaceId, id);
      if (input.name != null && input.name !== current.name && stores.pages.idByName(workspaceId, input.name) !== undefined) {
        throw problems.nameTaken(`The name "${input.name}" is already used in your workspace.`);
      }
      return update(workspaceId, id, input);
    };
  }
  if (on('email-fallback-slug-replaced-by-subject')) {
    // updateEmail treats the fallback slug `email` of a draft created without a subject as a
    // placeholder, and derives the slug from the first subject written into it. An email created with
    // a subject keeps its slug through every change. Breaks EmailUpdate.subject ("the slug does not
    // change with it") and resources.patch-named-fields-only.
    const update = services.emails.update.bind(services.emails);
    services.emails.update = (workspaceId, newsletterId, id, input, contentHtml) => {
      const before = stores.emails.get(newsletterId, id);
      const email = update(workspaceId, newsletterId, id, input, contentHtml);
      if (!before || !input.subject || slugOr(before.subject ?? '', 'email') !== 'email') return email;
      const base = slugOr(input.subject, 'email');
      if (base === 'email') return email;
      const slug = nextFreeSlug(base, stores.emails.slugsFrom(newsletterId, base).filter((taken) => taken !== email.slug));
      stores.emails.update(id, { slug });
      return stores.emails.get(newsletterId, id)!;
    };
  }
  if (on('email-update-scheduled-rewrite-accepted')) {
    // updateEmail checks the state only when the PATCH would change something: a PATCH of a
    // scheduled or sent email that repeats its stored subject (or preview, content, author) answers
    // 200. A PATCH of a scheduled email that changes a field is the 409 it must be. Breaks
    // email.only-draft-changes ("any other is answered 409 with type email-not-draft").
    const prepare = services.emails.contentForUpdate.bind(services.emails);
    const update = services.emails.update.bind(services.emails);
    const storedRewrite = (workspaceId: number, newsletterId: number, id: number, input: Record<string, unknown>) => {
      if (!stores.newsletters.exists(workspaceId, newsletterId)) return undefined;
      const email = stores.emails.get(newsletterId, id);
      return email && email.status !== 'draft' && rewritesStored(email, input) ? email : undefined;
    };
    services.emails.contentForUpdate = (workspaceId, newsletterId, id, input, signal) =>
      storedRewrite(workspaceId, newsletterId, id, input) ? Promise.resolve(undefined) : prepare(workspaceId, newsletterId, id, input, signal);
    services.emails.update = (workspaceId, newsletterId, id, input, contentHtml) =>
      storedRewrite(workspaceId, newsletterId, id, input) ?? update(workspaceId, newsletterId, id, input, contentHtml);
  }
  if (on('category-slug-counts-post-slugs')) {
    // createCategory looks for taken slugs in one list of the page's slugs, its posts' included: a
    // category named as a post of the page gets `-1`. A name used by no post, and a name used twice
    // by categories, are right. Breaks category.slug-derived ("a derived slug is made unique in the
    // page" among categories: "Its slug is unique in that page", of categories).
    const categorySlugs = stores.categories.slugsFrom.bind(stores.categories);
    stores.categories.slugsFrom = (pageId, base) => [...categorySlugs(pageId, base), ...stores.posts.slugsFrom(pageId, base)];
  }
  if (on('category-update-stamped-next-second')) {
    // updateCategory stamps updated_at rounded up to the next whole second ("second precision is
    // enough for a change date"): the answer shows a time that has not come yet. createCategory is
    // right. Breaks responses.timestamps-not-ahead ("never later than the answer that shows it").
    const update = stores.categories.update.bind(stores.categories);
    stores.categories.update = (id, changes) => {
      const stamp = changes.updated_at;
      if (typeof stamp !== 'string') return update(id, changes);
      const ahead = new Date(Math.ceil(Date.parse(stamp) / 1000) * 1000).toISOString();
      return update(id, { ...changes, updated_at: ahead });
    };
  }
  if (on('post-category-null-kept')) {
    // updatePost merges the body over the post with `??`, so `category_id: null` keeps the category:
    // the answer and every later read still show it. Setting another category is right. Breaks the
    // updatePost description ("null clears an optional one"), PostUpdate.category_id ("or null for
    // none") and resources.update-kept.
    const update = services.posts.update.bind(services.posts);
    services.posts.update = (workspaceId, pageId, id, input, contentHtml) => {
      if (input.category_id !== null) return update(workspaceId, pageId, id, input, contentHtml);
      const { category_id: _kept, ...rest } = input;
      return update(workspaceId, pageId, id, rest, contentHtml);
    };
  }
}

export function breakEighteenthLookPipeline(on: FaultSet, api: Pipeline['api'], context: PipelineContext): Pipeline['api'] {
  let stages = api;
  if (on('authors-explicit-active-true-lists-all')) {
    // listAuthors applies its filter for the default and for active=false, but reads an explicit
    // active=true as "no filter" (the flag is "was the filter sent as false?"): every author is
    // listed, inactive ones too. Without the parameter, and with false, it is right. Breaks
    // lists.exact-filters ("a filter lists exactly the items that match it, and total counts only them").
    const { stores } = context.options;
    stages = insertBefore(stages, 'operations', {
      name: 'authors-explicit-active-true',
      handler: (req, res, next) => {
        // The query as sent: the validator has filled in the default by now.
        const sent = new URLSearchParams(req.originalUrl.split('?')[1] ?? '');
        if (req.path !== '/authors' || sent.get('active') !== 'true') return next();
        const workspaceId = workspaceOf(res);
        const page = paging(req);
        // Both lists whole (a workspace has a few authors), merged newest first, then the page cut.
        const every = [...stores.authors.list(workspaceId, true, { page: 1, size: 100 }).items, ...stores.authors.list(workspaceId, false, { page: 1, size: 100 }).items];
        every.sort((a, b) => (a.created_at === b.created_at ? b.id - a.id : a.created_at < b.created_at ? 1 : -1));
        const start = (page.page - 1) * page.size;
        sendList(res, page, { total: every.length, items: every.slice(start, start + page.size) }).catch(next);
      },
    });
  }
  if (on('upload-extra-file-parts-dropped')) {
    // uploadImage parses every part and keeps the first file named `file`, dropping the others: an
    // upload with two file parts is a 201 of the first image. One file part is right, and so is an
    // upload without one (422). Breaks image.supported-types ("no file part, or two, 422") and the
    // uploadImage description ("a single part named file").
    stages = replaceStage(stages, 'upload-parser', firstFilePartOnly(incomingUploadsDir(context.options.imagesDir)));
  }
  if (on('page-id-over-int32-422')) {
    // getPage reads its id into a 32-bit integer and refuses a larger one as invalid: an id above
    // 2,147,483,647 is a 422 naming path.id instead of the 404 of an id that names no page.
    // Ordinary ids, and ids that name no page below that, are right. Breaks
    // requests.valid-input-accepted (ids go up to 9007199254740991), resources.missing-is-404 and
    // errors.only-present-causes (path.id is valid).
    const pagePath = /^\/pages\/(\d+)$/;
    stages = insertBefore(stages, 'operations', {
      name: 'page-id-32-bits',
      handler: (req, _res, next) => {
        const match = pagePath.exec(req.path);
        if ((req.method === 'GET' || req.method === 'HEAD') && match && Number(match[1]) > INT32_MAX) {
          return next(problems.invalidField('path.id', `must be at most ${INT32_MAX}`));
        }
        next();
      },
    });
  }
  if (on('newsletter-read-latin1')) {
    // getNewsletter writes its JSON as Latin-1 bytes and says so (`charset=iso-8859-1`): an ASCII
    // name reads right, but JSON is UTF-8 and a UTF-8 reader sees "Caf\uFFFD" for "Café" (a character
    // beyond Latin-1 is lost outright). updateNewsletter, and every other answer, are UTF-8. Breaks
    // responses.media-type (a success body is application/json, which is UTF-8, RFC 8259) and
    // resources.update-kept (get agrees with create and update).
    const newsletterPath = /^\/newsletters\/\d+$/;
    stages = insertBefore(stages, 'operations', {
      name: 'newsletter-read-latin1',
      handler: (req, res, next) => {
        if ((req.method === 'GET' || req.method === 'HEAD') && newsletterPath.test(req.path)) {
          res.json = (body: unknown) => {
            if (res.statusCode !== 200) return res.type('application/problem+json').send(JSON.stringify(body));
            res.set('Content-Type', 'application/json; charset=iso-8859-1');
            res.end(Buffer.from(JSON.stringify(body), 'latin1'));
            return res;
          };
        }
        next();
      },
    });
  }
  return stages;
}

/** The upload parser with room for several parts, keeping the first file named `file` alone. */
function firstFilePartOnly(incomingDir: string): RequestHandler {
  const parse = multer({ storage: multer.diskStorage({ destination: incomingDir }), limits: { fileSize: IMAGE_SIZE_LIMIT, files: 5, fields: 0, parts: 5 } }).any();
  return (req, res, next) => {
    if (!req.is('multipart/form-data')) return next();
    const encoding = (req.get('content-encoding') ?? 'identity').trim().toLowerCase();
    if (encoding !== 'identity' && encoding !== '') return next(problems.unsupportedMediaType(`Send the upload without a Content-Encoding.`));
    res.once('close', () => {
      for (const file of (req.files ?? []) as Express.Multer.File[]) if (typeof file.path === 'string') rmSync(file.path, { force: true });
    });
    parse(req, res, (err?: unknown) => {
      if (err) return next(err);
      const files = (req.files ?? []) as Express.Multer.File[];
      const first = files.find((file) => file.fieldname === 'file') ?? files[0];
      for (const file of files) if (file !== first) rmSync(file.path, { force: true });
      req.files = first ? [first] : [];
      if (first) {
        req.body ??= {};
        req.body[first.fieldname] = '';
      }
      next();
    });
  };
}
