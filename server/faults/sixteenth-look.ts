/**
 * Faults written from the contract alone, each confined to one operation and each one a first test
 * passes: an upload that keeps the image type of the server's first upload, an email slug made with
 * the slug library's own word replacements (`&` as `and`, `♥` as `love`), a post moved from one
 * category to a category of another page, a draft whose edit naming `status: draft` stamps it
 * published, a post read alone without its long content, a newsletter list cached by page number
 * whatever the size, an author whose position cannot be cleared, an email send that still counts a
 * deleted subscriber as its audience, and, in the answers' other parts: a category update's 422 that
 * lists the invalid inputs of earlier requests too, an upsert of an address already there answered
 * `201`, a page's `Location` that names the explicit slug instead of the id, and `HEAD` of a sent email
 * answered 404. Each is a bug an implementer could plausibly write, and each breaks a statement of the
 * contract (named in its comment).
 */
import { rename } from 'node:fs/promises';
import path from 'node:path';
import type { Response } from 'express';
import slugifyText from '@sindresorhus/slugify';
import type { PipelineContext } from '../app.ts';
import type { ServerParts } from '../compose.ts';
import { timestamp } from '../domain/clock.ts';
import { normaliseAddress } from '../domain/people.ts';
import { nextFreeSlug, slugify } from '../domain/slugs.ts';
import { insertBefore, type Pipeline } from '../http/pipeline.ts';
import { problems, type FieldError } from '../http/problem.ts';
import { rewriteSentJson } from './answer-rewrites.ts';
import type { FaultSet } from './fault-set.ts';
import { rememberHead } from './head-marks.ts';

/** Where a content is kept out of the row's first read (the server's own threshold for long texts). */
const LONG_CONTENT_BYTES = 4096;
/** The longest slug before a suffix, as the introduction's Slugs section says. */
const SLUG_BASE_MAX = 90;
/** The most invalid inputs a 422 lists. */
const MAX_LISTED_ERRORS = 20;

/** The slug the slug library gives with its defaults: its word replacements (`&` as `and`, `♥` as `love`) kept. */
function librarySlug(text: string): string {
  const slug = slugifyText(text.normalize('NFKC').replace(/\//g, '').replace(/['\u2019]/g, ' '), { decamelize: false });
  return slug.slice(0, SLUG_BASE_MAX).replace(/-+$/, '');
}

/** Sends the answers of `res` that would go out with `from` with `to` in their status line instead. */
function statusLineSwapped(res: Response, from: number, to: number): void {
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => Response;
  res.writeHead = ((...args: unknown[]) => {
    if (args[0] === from) {
      res.statusCode = to;
      args[0] = to;
    }
    return writeHead(...args);
  }) as Response['writeHead'];
}

export function breakSixteenthLookParts(on: FaultSet, { db, stores, services }: ServerParts): void {
  if (on('upload-type-of-first-upload')) {
    // uploadImage keeps the detected type of the first upload in a variable shared by every later
    // one (meant to sniff a file once): a JPEG uploaded after a PNG is stored as `.png` and served as
    // `image/png`. The first upload, and later uploads of the first one's type, are right. Breaks
    // image.public-url ("their image type, decided from the content ... as Content-Type").
    const images = services.images;
    const directory = images['directory'];
    const store = images.store.bind(images);
    let firstExtension: string | undefined;
    images.store = async (incoming) => {
      const image = await store(incoming);
      const name = path.basename(new URL(image.url).pathname);
      const extension = path.extname(name).slice(1);
      firstExtension ??= extension;
      if (extension === firstExtension) return image;
      const renamed = `${name.slice(0, -extension.length)}${firstExtension}`;
      await rename(path.join(directory, name), path.join(directory, renamed));
      return { url: `${image.url.slice(0, -name.length)}${renamed}` };
    };
  }
  if (on('email-slug-library-word-replacements')) {
    // createEmail derives the slug with the slug library's defaults, whose replacements turn some
    // characters into words: `Tips & Tricks` gives `tips-and-tricks` and `I ♥ Mondays` gives
    // `i-love-mondays`, where the contract makes every run of other characters one hyphen. Subjects of
    // letters, digits and punctuation are right. Breaks the introduction's Slugs ("every run of other
    // characters turned into one hyphen") and email.created-draft (the slug derived from the subject).
    const create = services.emails.create.bind(services.emails);
    services.emails.create = (workspaceId, newsletterId, input, contentHtml) => {
      const email = create(workspaceId, newsletterId, input, contentHtml);
      const base = librarySlug(input.subject) || 'email';
      if (base === slugify(input.subject) || base === 'email') return email;
      const slug = nextFreeSlug(base, stores.emails.slugsFrom(newsletterId, base));
      stores.emails.update(email.id, { slug });
      return { ...email, slug };
    };
  }
  if (on('post-update-category-other-page-once-set')) {
    // updatePost checks that a new category_id is of the post's page only when the post has no
    // category yet (the check was written for "assign a category"): a post that has one can be moved to
    // a category of another page of the workspace. Setting the first category is right, and an id of
    // no category is refused. Breaks post.category-of-same-page ("any other id is answered 422") and
    // resources.child-of-its-parent.
    const movedAcross = (workspaceId: number, pageId: number, id: number, categoryId: number | null | undefined): boolean => {
      if (categoryId == null || !stores.pages.exists(workspaceId, pageId)) return false;
      const post = stores.posts.get(pageId, id);
      if (!post || post.category_id === null || stores.categories.get(pageId, categoryId)) return false;
      const owner = db.prepare<[number], number>('SELECT page_id FROM categories WHERE id = ?').pluck().get(categoryId);
      return owner !== undefined && stores.pages.exists(workspaceId, owner);
    };
    const contentForUpdate = services.posts.contentForUpdate.bind(services.posts);
    services.posts.contentForUpdate = (workspaceId, pageId, id, input, signal) =>
      contentForUpdate(workspaceId, pageId, id, movedAcross(workspaceId, pageId, id, input.category_id) ? { ...input, category_id: undefined } : input, signal);
    const update = services.posts.update.bind(services.posts);
    services.posts.update = (workspaceId, pageId, id, input, contentHtml) => {
      if (!movedAcross(workspaceId, pageId, id, input.category_id)) return update(workspaceId, pageId, id, input, contentHtml);
      update(workspaceId, pageId, id, { ...input, category_id: undefined }, contentHtml);
      stores.posts.update(id, { category_id: input.category_id!, updated_at: timestamp(services.posts['context'].clock) });
      return stores.posts.get(pageId, id)!;
    };
  }
  if (on('post-draft-edit-stamps-first-published')) {
    // updatePost stamps first_published_at when the PATCH names a status and the post has none
    // (`input.status !== undefined` where `=== 'published'` was meant): a draft edited with
    // `status: "draft"` named reads as a draft first published now. Publishing a draft, and edits that
    // do not name status, are right. Breaks post.first-published-kept ("Publishing a draft sets
    // first_published_at") and the Post schema ("set once, when the post is first published").
    const update = services.posts.update.bind(services.posts);
    services.posts.update = (workspaceId, pageId, id, input, contentHtml) => {
      const post = update(workspaceId, pageId, id, input, contentHtml);
      if (input.status !== 'draft' || post.first_published_at !== null) return post;
      stores.posts.update(id, { first_published_at: post.updated_at });
      return stores.posts.get(pageId, id)!;
    };
  }
  if (on('post-get-long-content-null')) {
    // getPost reads the row's short columns only, as the list does before it fetches long contents
    // item by item, but never fetches them: a post whose content_html is over 4,096 bytes is answered
    // with content_html null. Short contents, and the list, are right. Breaks resources.update-kept
    // ("create, get, list and update agree") and resources.answer-as-stored.
    const get = services.posts.get.bind(services.posts);
    services.posts.get = (workspaceId, pageId, id) => {
      const post = get(workspaceId, pageId, id);
      if (post.content_html === null || Buffer.byteLength(post.content_html) <= LONG_CONTENT_BYTES) return post;
      return { ...post, content_html: null };
    };
  }
  if (on('newsletters-list-cached-by-page-number')) {
    // listNewsletters caches its pages by workspace and page number, not size (cleared on every write
    // of a newsletter): page 2 read at size 10 is answered again for page 2 at size 3. A first walk
    // at one size is right. Breaks lists.same-items-any-size and lists.envelope-arithmetic ("at most
    // size items").
    const cached = new Map<string, ReturnType<typeof services.newsletters.list>>();
    const forget = (workspaceId: number) => {
      for (const key of cached.keys()) if (key.startsWith(`${workspaceId}:`)) cached.delete(key);
    };
    const list = services.newsletters.list.bind(services.newsletters);
    services.newsletters.list = (workspaceId, paging) => {
      const key = `${workspaceId}:${paging.page}`;
      const answer = cached.get(key) ?? list(workspaceId, paging);
      cached.set(key, answer);
      return answer;
    };
    const create = services.newsletters.create.bind(services.newsletters);
    services.newsletters.create = (workspaceId, input) => {
      forget(workspaceId);
      return create(workspaceId, input);
    };
    const update = services.newsletters.update.bind(services.newsletters);
    services.newsletters.update = (workspaceId, id, input) => {
      forget(workspaceId);
      return update(workspaceId, id, input);
    };
  }
  if (on('author-position-null-refused')) {
    // updateAuthor trims a new position before it stores it, and refuses what it cannot trim:
    // `position: null`, which the schema allows to clear it, is a 422 naming position. Setting a
    // position is right. Breaks requests.valid-input-accepted and author.update-kept ("a change is kept").
    const update = services.authors.update.bind(services.authors);
    services.authors.update = (workspaceId, id, input) => {
      if (input.position === null) throw problems.invalidField('position', 'must be a string');
      return update(workspaceId, id, input);
    };
  }
  if (on('send-audience-counts-deleted')) {
    // sendEmail counts the newsletter's audience from a counter that subscribing raises and deleting
    // a subscriber never lowers: a newsletter whose only subscriber was deleted still has an audience,
    // and its email is accepted for sending. A newsletter that never had a subscriber is right (422).
    // Breaks email.send-not-ready ("whose newsletter has no active, verified subscriber is answered
    // 422") and email.not-sendable-fields (path.newsletter_id).
    const deleted = new Map<number, number>();
    const remove = stores.subscribers.delete.bind(stores.subscribers);
    stores.subscribers.delete = (newsletterId, id) => {
      const subscriber = stores.subscribers.get(newsletterId, id);
      const gone = remove(newsletterId, id);
      if (gone && subscriber?.active && subscriber.verified) deleted.set(newsletterId, (deleted.get(newsletterId) ?? 0) + 1);
      return gone;
    };
    const countAudience = stores.subscribers.countAudience.bind(stores.subscribers);
    stores.subscribers.countAudience = (newsletterId) => countAudience(newsletterId) + (deleted.get(newsletterId) ?? 0);
  }
}

export function breakSixteenthLookPipeline(on: FaultSet, api: Pipeline['api'], context: PipelineContext): Pipeline['api'] {
  let stages = api;
  const { stores, db } = context.options;
  if (on('category-update-422-errors-accumulate')) {
    // updateCategory's 422 collects its errors in a list kept between requests and never emptied:
    // a second invalid PATCH lists the invalid inputs of the first one too, which it did not send. A
    // first 422 is right. Breaks errors.only-present-causes ("only causes the request has").
    const categoryPath = /^\/pages\/\d+\/categories\/\d+$/;
    const kept: FieldError[] = [];
    stages = insertBefore(stages, 'head', {
      name: 'category-update-errors-kept',
      handler: (req, res, next) => {
        if (req.method === 'PATCH' && categoryPath.test(req.path)) {
          rewriteSentJson(
            res,
            (status) => status === 422,
            (body) => {
              const own = (body.errors ?? []) as FieldError[];
              for (const error of own) if (!kept.some((k) => k.field === error.field && k.message === error.message)) kept.push(error);
              return { ...body, errors: kept.slice(0, MAX_LISTED_ERRORS) };
            },
          );
        }
        next();
      },
    });
  }
  if (on('subscriber-upsert-existing-201')) {
    // createSubscriber answers with the status of a creation whatever the upsert found: an address
    // already on the newsletter is answered 201 (with the existing subscriber), where the contract
    // declares 200 for both. A new address is right. Breaks subscriber.upsert-same-id ("answers 200
    // with the existing subscriber unchanged") and responses.declared-status.
    const subscribersPath = /^\/newsletters\/(\d+)\/subscribers$/;
    const known = db.prepare<[number, string], number>('SELECT 1 FROM subscribers WHERE newsletter_id = ? AND email = ?').pluck();
    stages = insertBefore(stages, 'operations', {
      name: 'upsert-existing-created',
      handler: (req, res, next) => {
        const match = req.method === 'POST' ? subscribersPath.exec(req.path) : null;
        const email = (req.body as { email?: unknown } | undefined)?.email;
        if (match && typeof email === 'string' && known.get(Number(match[1]), normaliseAddress(email)) !== undefined) {
          statusLineSwapped(res, 200, 201);
        }
        next();
      },
    });
  }
  if (on('page-location-by-explicit-slug')) {
    // createPage names a page created with an explicit slug by that slug in Location (a "pretty"
    // URL): /pages/my-blog, which no operation answers (getPage takes the id). A page created from its
    // name alone gets /pages/{id}, right. Breaks headers.location-created ("the URL of that resource:
    // a GET of it ... answers 200 with the same body").
    stages = insertBefore(stages, 'operations', {
      name: 'page-location-by-slug',
      handler: (req, res, next) => {
        const slug = (req.body as { slug?: unknown } | undefined)?.slug;
        if (req.method === 'POST' && req.path === '/pages' && typeof slug === 'string' && slugify(slug) !== '') {
          const location = res.location.bind(res);
          res.location = (url: string) => location(url.replace(/\/\d+$/, `/${slugify(slug)}`));
        }
        next();
      },
    });
  }
  if (on('head-email-sent-404')) {
    // HEAD of getEmail answers from a lookup of the emails that can still be edited or sent (drafts
    // and scheduled emails): a sent email is 404 to HEAD while GET answers 200. A draft, a scheduled
    // email and an id of no email are right. Breaks http.head ("with the status and headers GET
    // would have").
    const emailPath = /^\/newsletters\/(\d+)\/emails\/(\d+)$/;
    stages = insertBefore(stages, 'head', rememberHead('headEmail', emailPath));
    stages = insertBefore(stages, 'operations', {
      name: 'head-email-if-editable',
      handler: (req, res, next) => {
        const workspaceId = res.locals.workspaceId as number | undefined;
        const match = emailPath.exec(req.path);
        if (res.locals.headEmail !== true || workspaceId === undefined || !match) return next();
        const [newsletterId, id] = [Number(match[1]), Number(match[2])];
        const state = stores.emails.state(id);
        if (!stores.newsletters.exists(workspaceId, newsletterId) || state?.newsletter_id !== newsletterId || state.status !== 'sent') return next();
        res.status(404).type('application/problem+json').end();
      },
    });
  }
  return stages;
}
