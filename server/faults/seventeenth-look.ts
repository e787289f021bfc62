/**
 * Faults written from the contract alone, each confined to one operation and each one a first test
 * passes: a category recoloured to its own colour in other letter case that keeps the old spelling, a
 * newsletter of another workspace answered 403, scheduled emails listed by their send time, a page's
 * former slug still held after it changed, a post's updated_at set by its first update only, a post
 * created with a deleted category stored without one, an author's biography trimmed, an upload whose
 * file name has no extension refused, a path error judged before the body's media type, getPost's
 * CORS origin remembered from its first caller, an email subject in a non-Latin script given the
 * fallback slug, and a subscriber id reused after the newest subscriber was deleted. Each is a bug an
 * implementer could plausibly write, and each breaks a statement of the contract (named in its
 * comment).
 */
import type { PipelineContext } from '../app.ts';
import type { ServerParts } from '../compose.ts';
import { nextFreeSlug, slugify } from '../domain/slugs.ts';
import { insertBefore, type Pipeline } from '../http/pipeline.ts';
import { ProblemError, problems } from '../http/problem.ts';
import type { FaultSet } from './fault-set.ts';

/** Whether a text holds a Latin letter or a digit: the check a slug fallback was written with. */
const hasLatinLetterOrDigit = (text: string) => /[A-Za-z0-9]/.test(text);

export function breakSeventeenthLookParts(on: FaultSet, { db, stores, services }: ServerParts): void {
  if (on('category-recolour-letter-case-not-stored')) {
    // updateCategory compares a new colour with the stored one without letter case, to skip a write
    // that "changes nothing": #1A2B3C to #1a2b3c answers 200 with #1A2B3C and stores nothing. A new
    // colour of other digits is right. Breaks category.optional-fields-null ("color is kept as
    // given") and resources.update-kept ("an accepted update is kept").
    const update = services.categories.update.bind(services.categories);
    services.categories.update = (workspaceId, pageId, id, input) => {
      const current = services.categories.get(workspaceId, pageId, id);
      if (typeof input.color === 'string' && current.color !== null && input.color !== current.color && input.color.toLowerCase() === current.color.toLowerCase()) {
        const { color: _sameIgnoringCase, ...rest } = input;
        return update(workspaceId, pageId, id, rest);
      }
      return update(workspaceId, pageId, id, input);
    };
  }
  if (on('post-updated-at-set-once')) {
    // updatePost writes updated_at only while the post has none (`COALESCE(updated_at, now)`): the
    // first update of a post stamps it, every later one keeps that first time. Breaks
    // resources.update-kept and the meaning of `updated_at` (the time of the last change), which a
    // second update must move.
    const update = services.posts.update.bind(services.posts);
    services.posts.update = (workspaceId, pageId, id, input, contentHtml) => {
      const before = services.posts.get(workspaceId, pageId, id);
      const post = update(workspaceId, pageId, id, input, contentHtml);
      if (before.updated_at === null || post.updated_at === before.updated_at) return post;
      stores.posts.update(id, { updated_at: before.updated_at });
      return { ...post, updated_at: before.updated_at };
    };
  }
  if (on('post-deleted-category-dropped')) {
    // createPost checks a category_id against the ids the page has ever given its categories, and
    // drops one it cannot store: a category deleted since is a 201 with category_id null instead of
    // a 422. A category that exists, and one of another page, are right. Breaks
    // post.category-of-same-page ("any other id is answered 422 and creates nothing") and
    // resources.refused-write-changes-nothing.
    const deleted = new Map<number, Set<number>>();
    const remove = services.categories.delete.bind(services.categories);
    services.categories.delete = (workspaceId, pageId, id) => {
      remove(workspaceId, pageId, id);
      deleted.set(pageId, (deleted.get(pageId) ?? new Set()).add(id));
    };
    const withoutDeletedCategory = <T extends { category_id?: number | null }>(pageId: number, input: T): T => {
      if (input.category_id == null || !deleted.get(pageId)?.has(input.category_id)) return input;
      const { category_id: _gone, ...rest } = input;
      return rest as T;
    };
    const prepare = services.posts.contentForCreate.bind(services.posts);
    services.posts.contentForCreate = (workspaceId, pageId, input, signal) => prepare(workspaceId, pageId, withoutDeletedCategory(pageId, input), signal);
    const create = services.posts.create.bind(services.posts);
    services.posts.create = (workspaceId, pageId, input, contentHtml) => create(workspaceId, pageId, withoutDeletedCategory(pageId, input), contentHtml);
  }
  if (on('author-descriptions-trimmed')) {
    // updateAuthor trims the white space around short_description and long_description before it
    // stores them: a biography that ends with a line break, or starts with an indent, reads back
    // without it. Text without such white space is right. Breaks author.update-kept ("a change is
    // kept") and resources.answer-as-stored.
    const update = services.authors.update.bind(services.authors);
    services.authors.update = (workspaceId, id, input) =>
      update(workspaceId, id, {
        ...input,
        ...(typeof input.short_description === 'string' ? { short_description: input.short_description.trim() } : {}),
        ...(typeof input.long_description === 'string' ? { long_description: input.long_description.trim() } : {}),
      });
  }
  if (on('email-slug-non-latin-fallback')) {
    // createEmail decides whether a subject has anything to make a slug of with an ASCII test, before
    // transliterating it: a subject in Cyrillic or Greek gets the fallback slug `email` instead of
    // its transliteration (Привет мир gives email, not privet-mir). Latin subjects are right. Breaks
    // email.created-draft ("its slug derived from the subject") and the introduction's Slugs.
    const create = services.emails.create.bind(services.emails);
    services.emails.create = (workspaceId, newsletterId, input, contentHtml) => {
      const email = create(workspaceId, newsletterId, input, contentHtml);
      if (hasLatinLetterOrDigit(input.subject) || !slugify(input.subject)) return email;
      const used = stores.emails.slugsFrom(newsletterId, 'email').filter((slug) => slug !== email.slug);
      const slug = nextFreeSlug('email', used);
      stores.emails.update(email.id, { slug });
      return { ...email, slug };
    };
  }
  if (on('page-former-slug-held')) {
    // Pages remember the slugs they had (for redirects), and createPage checks an explicit slug
    // against them too: a slug a page of the workspace gave up by updatePage is still a 409
    // slug-taken. A slug in use, and one never used, are right. Breaks page.slug-taken (409 only for
    // a slug "already used in the workspace") and requests.valid-input-accepted.
    const former = new Map<number, Set<string>>();
    const update = services.pages.update.bind(services.pages);
    services.pages.update = (workspaceId, id, input) => {
      const before = services.pages.get(workspaceId, id);
      const page = update(workspaceId, id, input);
      if (page.slug !== before.slug) former.set(workspaceId, (former.get(workspaceId) ?? new Set()).add(before.slug));
      return page;
    };
    const create = services.pages.create.bind(services.pages);
    services.pages.create = (workspaceId, input) => {
      if (input.slug != null && former.get(workspaceId)?.has(slugify(input.slug))) {
        throw problems.slugTaken(`Another page of your workspace already uses the slug "${slugify(input.slug)}".`);
      }
      return create(workspaceId, input);
    };
  }
  if (on('emails-scheduled-by-send-time')) {
    // listEmails?status=scheduled lists the emails as a send queue, soonest scheduled_at first,
    // instead of newest first: right while the emails were scheduled in the order they were written.
    // Other filters and the whole list are right. Breaks lists.newest-first ("created_at descending,
    // then id descending") and lists.same-items-any-size.
    const bySendTime = db
      .prepare<[number], number>(`SELECT id FROM emails WHERE newsletter_id = ? AND status = 'scheduled' ORDER BY scheduled_at ASC, id ASC`)
      .pluck();
    const list = services.emails.list.bind(services.emails);
    services.emails.list = (workspaceId, newsletterId, status, paging) => {
      const answer = list(workspaceId, newsletterId, status, paging);
      if (status !== 'scheduled' || answer.total === 0) return answer;
      const every = list(workspaceId, newsletterId, status, { page: 1, size: answer.total }).items;
      const byId = new Map(every.map((email) => [email.id, email]));
      const queue = bySendTime.all(newsletterId).flatMap((id) => byId.get(id) ?? []);
      const start = (paging.page - 1) * paging.size;
      return { ...answer, items: queue.slice(start, start + paging.size) };
    };
  }
  if (on('subscriber-id-reused-after-delete')) {
    // createSubscriber hands out ids as one more than the highest id in use (a table without
    // AUTOINCREMENT): after the newest subscriber is deleted, the next new address gets its id, so
    // a second delete of the deleted subscriber removes the new one. Ids are right while nothing is
    // deleted, or when an older subscriber is. Breaks resources.gone-after-delete ("reading or
    // deleting it again is 404, even after a new one is created") and subscriber.resubscribe-after-delete.
    const highestOther = db.prepare<[number], number | null>('SELECT MAX(id) FROM subscribers WHERE id <> ?').pluck();
    const moveId = db.prepare<[number, number]>('UPDATE subscribers SET id = ? WHERE id = ?');
    const upsert = services.subscribers.upsert.bind(services.subscribers);
    services.subscribers.upsert = (workspaceId, newsletterId, email) => {
      const before = db.prepare<[], number | null>('SELECT MAX(id) FROM subscribers').pluck().get() ?? 0;
      const subscriber = upsert(workspaceId, newsletterId, email);
      if (subscriber.id <= before) return subscriber;
      const reused = (highestOther.get(subscriber.id) ?? 0) + 1;
      if (reused >= subscriber.id) return subscriber;
      moveId.run(reused, subscriber.id);
      return { ...subscriber, id: reused };
    };
  }
}

export function breakSeventeenthLookPipeline(on: FaultSet, api: Pipeline['api'], context: PipelineContext): Pipeline['api'] {
  let stages = api;
  const { stores, db } = context.options;
  if (on('newsletter-other-workspace-403')) {
    // getNewsletter tells "not yours" from "not there": an id of another workspace's newsletter is a
    // 403 forbidden, an id of no newsletter a 404. The caller's own newsletters are right. Breaks
    // auth.workspace-scope ("answered 404, never 403 or 200") and responses.declared-status.
    const newsletterPath = /^\/newsletters\/(\d+)$/;
    const existsAnywhere = db.prepare<[number], number>('SELECT 1 FROM newsletters WHERE id = ?').pluck();
    stages = insertBefore(stages, 'operations', {
      name: 'newsletter-other-workspace-forbidden',
      handler: (req, res, next) => {
        const workspaceId = res.locals.workspaceId as number | undefined;
        const match = newsletterPath.exec(req.path);
        if ((req.method !== 'GET' && req.method !== 'HEAD') || workspaceId === undefined || !match) return next();
        const id = Number(match[1]);
        if (stores.newsletters.exists(workspaceId, id) || existsAnywhere.get(id) === undefined) return next();
        next(new ProblemError(403, 'forbidden', 'Forbidden', `Newsletter ${id} belongs to another workspace.`));
      },
    });
  }
  if (on('upload-name-without-extension-refused')) {
    // uploadImage refuses a file part whose file name has no extension before it looks at the bytes:
    // a PNG sent as `scan` is a 415. photo.png, and a PNG named photo.jpg, are right. Breaks
    // image.public-url (the type "decided from the content whatever name or type the upload gave the
    // file") and image.supported-types (415 only for what is not a PNG, JPEG, GIF or WebP image).
    stages = insertBefore(stages, 'operations', {
      name: 'upload-needs-extension',
      handler: (req, _res, next) => {
        if (req.method !== 'POST' || req.path !== '/images/upload') return next();
        const file = ((req.files ?? []) as Express.Multer.File[])[0];
        if (file && !/\.[A-Za-z0-9]+$/.test(file.originalname)) {
          return next(problems.unsupportedMediaType('The file name has no extension that names an image type.'));
        }
        next();
      },
    });
  }
  if (on('category-path-422-before-415')) {
    // createCategory checks its path parameter before the body's media type: a page id that is not a
    // whole number with a body that is not JSON is a 422 naming path.page_id, where the body's form
    // (415) comes first. Each error alone is right. Breaks errors.precedence ("the body's form (413,
    // 415, 400)" before "422 for the request judged on its own").
    const categoriesPath = /^\/pages\/([^/]+)\/categories$/;
    stages = insertBefore(stages, 'declared-length', {
      name: 'category-page-id-first',
      handler: (req, _res, next) => {
        const match = categoriesPath.exec(req.path);
        if (req.method !== 'POST' || !match || /^[1-9]\d*$/.test(match[1]!)) return next();
        next(problems.invalidField('path.page_id', 'must be a whole number from 1'));
      },
    });
  }
  if (on('post-cors-origin-memoized')) {
    // getPost builds its CORS fields once, from the first request that named an Origin, and sends
    // them with every answer after: a second origin, or a request without Origin, is answered with
    // the first caller's origin. The first caller is right. Breaks headers.cors-present
    // (Access-Control-Allow-Origin "`*`, or the request's own origin").
    const postPath = /^\/pages\/\d+\/posts\/\d+$/;
    let firstOrigin: string | undefined;
    stages = insertBefore(stages, 'head', {
      name: 'post-cors-remembered',
      handler: (req, res, next) => {
        if ((req.method !== 'GET' && req.method !== 'HEAD') || !postPath.test(req.path)) return next();
        const origin = req.headers.origin;
        firstOrigin ??= typeof origin === 'string' ? origin : undefined;
        const remembered = firstOrigin;
        if (remembered !== undefined) {
          const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => typeof res;
          res.writeHead = ((...args: unknown[]) => {
            res.setHeader('Access-Control-Allow-Origin', remembered);
            return writeHead(...args);
          }) as typeof res.writeHead;
        }
        next();
      },
    });
  }
  return stages;
}
