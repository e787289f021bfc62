/**
 * Faults written from the contract alone, each confined to one operation and each one a first test
 * passes: newsletters listed 99 at a time when 100 are asked for, a category's explicit slug on update
 * slugified by hand in ASCII, a sent email read through another newsletter, `HEAD` of a category list
 * answering 404 where `GET` answers 422, a subscriber list's 422 that names a valid filter too, a
 * page's 401 reported against the token's policy, uploads kept up to their first 64 KiB, a deleted
 * draft that keeps its slug, a post read with the category deleted since, a new subscriber of a
 * deleted address verified at the old time, an active-author list remembered from its first reading,
 * and the published posts filtered by "was ever published". Each is a bug an implementer could
 * plausibly write, and each breaks a statement of the contract (named in its comment).
 */
import { truncate, stat } from 'node:fs/promises';
import type { Request, Response } from 'express';
import type { PipelineContext } from '../app.ts';
import type { ServerParts } from '../compose.ts';
import { insertBefore, type Pipeline } from '../http/pipeline.ts';
import { problems } from '../http/problem.ts';
import { beforeHeaders, rewriteSentJson } from './answer-rewrites.ts';
import type { FaultSet } from './fault-set.ts';
import { rememberHead } from './head-marks.ts';

/** The page size the newsletter list's query is capped at: one short of the contract's 100. */
const NEWSLETTER_PAGE_CAP = 99;
/** The buffer an upload's bytes were copied through, once. */
const UPLOAD_BUFFER_BYTES = 64 * 1024;
/** A subscriber's statuses, as the contract's filter knows them. */
const SUBSCRIBER_STATUSES = ['pending', 'active', 'suppressed'];

/** Every item of a list, newest first: the list read as one page as long as its total. */
function wholeList<T>(list: (paging: { page: number; size: number }) => { total: number; items: T[] }): T[] {
  const { total } = list({ page: 1, size: 1 });
  return list({ page: 1, size: Math.max(total, 1) }).items;
}

/** One page of `items`, as the paging asks. */
function pageOf<T>(items: T[], paging: { page: number; size: number }): { total: number; items: T[] } {
  const start = (paging.page - 1) * paging.size;
  return { total: items.length, items: items.slice(start, start + paging.size) };
}

export function breakEleventhLookParts(on: FaultSet, { db, stores, services }: ServerParts): void {
  if (on('newsletters-size-100-gives-99')) {
    // listNewsletters caps its query's LIMIT at 99 (a maximum written one short): `size=100` answers
    // the envelope's size 100, the right offset and total, and 99 items, so the 100th newsletter of
    // every page is never listed. Every size below 100 is right. Breaks lists.size-range ("size 100
    // is accepted and honoured"), lists.envelope-arithmetic ("walking the pages visits every item
    // once") and lists.same-items-any-size.
    const list = services.newsletters.list.bind(services.newsletters);
    services.newsletters.list = (workspaceId, paging) => {
      const answer = list(workspaceId, paging);
      return answer.items.length > NEWSLETTER_PAGE_CAP ? { ...answer, items: answer.items.slice(0, NEWSLETTER_PAGE_CAP) } : answer;
    };
  }
  if (on('category-update-slug-ascii-only')) {
    // updateCategory normalises an explicit slug with a hand-made slugifier (lowercase, then every run
    // of characters outside a-z and 0-9 becomes one hyphen), not the one createCategory uses: an
    // ASCII slug is right, but `Crème Brûlée` becomes `cr-me-br-l-e`, not `creme-brulee`. Breaks
    // category.slug-derived ("or the explicit slug normalised the same way": accents dropped) and the
    // introduction's Slugs ("transliterated to ASCII").
    const update = services.categories.update.bind(services.categories);
    services.categories.update = (workspaceId, pageId, id, input) => {
      if (input.slug == null) return update(workspaceId, pageId, id, input);
      const ascii = input.slug.toLowerCase().replace(/\//g, '').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
      return update(workspaceId, pageId, id, ascii ? { ...input, slug: ascii } : input);
    };
  }
  if (on('upload-kept-first-64k')) {
    // uploadImage keeps the bytes of one read of a 64 KiB buffer: a small image is stored whole and
    // served byte for byte, a larger one is answered 201 and served cut at 64 KiB. Breaks
    // image.served-at-url ("served, byte for byte, at the URL the answer gives") and image.public-url
    // ("the bytes uploaded").
    const store = services.images.store.bind(services.images);
    services.images.store = async (incoming) => {
      if ((await stat(incoming)).size > UPLOAD_BUFFER_BYTES) await truncate(incoming, UPLOAD_BUFFER_BYTES);
      return store(incoming);
    };
  }
  if (on('email-slug-held-by-deleted-draft')) {
    // createEmail counts the slugs of the newsletter's deleted drafts as taken (the rows were only
    // marked deleted and still sit in the slug's unique index): a new email with the subject of a
    // deleted draft gets `-1`. A first email, and a second of one subject with both kept, are right.
    // Breaks resources.gone-after-delete ("nor holds a slug: a new one may take ... the same derived
    // one without a suffix") and the createEmail description (unique among the newsletter's emails).
    const deletedSlugs = new Map<number, Set<string>>();
    const remove = stores.emails.delete.bind(stores.emails);
    stores.emails.delete = (newsletterId, id) => {
      const slug = stores.emails.get(newsletterId, id)?.slug;
      const gone = remove(newsletterId, id);
      if (gone && slug) deletedSlugs.set(newsletterId, (deletedSlugs.get(newsletterId) ?? new Set()).add(slug));
      return gone;
    };
    const slugsFrom = stores.emails.slugsFrom.bind(stores.emails);
    stores.emails.slugsFrom = (newsletterId, base) => {
      const held = [...(deletedSlugs.get(newsletterId) ?? [])].filter((slug) => slug === base || slug.startsWith(`${base}-`));
      return [...slugsFrom(newsletterId, base), ...held];
    };
  }
  if (on('resubscribe-keeps-old-verified-at')) {
    // createSubscriber takes a new subscriber's verified_at from a log of verified addresses that
    // deleteSubscriber does not clear: an address deleted and subscribed again is a new subscriber
    // (new id, new created_at) whose verified_at is the deleted one's, before it was created. A new
    // address, and an address already there, are right. Breaks subscriber.resubscribe-after-delete
    // ("as a new subscriber") and the createSubscriber description ("verified_at = now").
    const verifiedBefore = new Map<string, string>();
    const key = (newsletterId: number, email: string) => `${newsletterId} ${email}`;
    const remove = stores.subscribers.delete.bind(stores.subscribers);
    stores.subscribers.delete = (newsletterId, id) => {
      const subscriber = stores.subscribers.get(newsletterId, id);
      const gone = remove(newsletterId, id);
      if (gone && subscriber?.verified_at) verifiedBefore.set(key(newsletterId, subscriber.email), subscriber.verified_at);
      return gone;
    };
    const setVerifiedAt = db.prepare('UPDATE subscribers SET verified_at = ? WHERE id = ?');
    const upsert = stores.subscribers.upsertActive.bind(stores.subscribers);
    stores.subscribers.upsertActive = (newsletterId, email, now) => {
      const subscriber = upsert(newsletterId, email, now);
      const logged = verifiedBefore.get(key(newsletterId, email));
      if (!logged || subscriber.created_at !== now || subscriber.verified_at === logged) return subscriber;
      setVerifiedAt.run(logged, subscriber.id);
      return { ...subscriber, verified_at: logged };
    };
  }
  if (on('authors-active-list-memoized')) {
    // listAuthors remembers which authors were active the first time a workspace's active list was
    // read, and lists those ever after, each read afresh: an author made inactive since is still in
    // the default list (now with `active: false`) and counted in its total. The first list, and
    // ?active=false, are right. Breaks the listAuthors description (the default lists the active
    // authors), lists.exact-filters and resources.update-kept (list and update agree).
    const activeAtFirst = new Map<number, Set<number>>();
    const list = services.authors.list.bind(services.authors);
    services.authors.list = (workspaceId, active, paging) => {
      if (!active) return list(workspaceId, active, paging);
      let remembered = activeAtFirst.get(workspaceId);
      if (!remembered) {
        remembered = new Set(wholeList((all) => list(workspaceId, true, all)).map((author) => author.id));
        activeAtFirst.set(workspaceId, remembered);
      }
      const every = [...wholeList((all) => list(workspaceId, true, all)), ...wholeList((all) => list(workspaceId, false, all))];
      const listed = every
        .filter((author) => remembered.has(author.id))
        .sort((a, b) => (a.created_at === b.created_at ? b.id - a.id : a.created_at < b.created_at ? 1 : -1));
      return pageOf(listed, paging);
    };
  }
  if (on('posts-published-filter-by-first-published')) {
    // listPosts?status=published selects the posts that have a first_published_at ("were published")
    // instead of those whose status is published: a post returned to draft, which keeps its
    // first_published_at, is listed and counted as published. Posts published and never unpublished,
    // ?status=draft and the list without a filter are right. Breaks lists.exact-filters ("a filter
    // lists exactly the items that match it") and lists.filters-add-up.
    const list = stores.posts.list.bind(stores.posts);
    stores.posts.list = (pageId, filter, paging) => {
      if (filter.status !== 'published') return list(pageId, filter, paging);
      const everyStatus = wholeList((all) => list(pageId, { ...filter, status: undefined }, all));
      return pageOf(
        everyStatus.filter((post) => post.first_published_at !== null),
        paging,
      );
    };
  }
}

export function breakEleventhLookPipeline(on: FaultSet, api: Pipeline['api'], context: PipelineContext): Pipeline['api'] {
  let stages = api;
  const { db, rateLimit } = context.options;
  if (on('email-get-sent-any-newsletter')) {
    // getEmail reads a sent email from the delivery record, which is keyed by the email's id alone:
    // through another newsletter of the workspace a sent email is 200 (a draft or scheduled one is
    // 404, as it should be). Breaks resources.child-of-its-parent ("through another ... newsletter of
    // the workspace every operation on it answers 404") in a state other than the first.
    const sentIn = db.prepare<[number], { newsletter_id: number; workspace_id: number }>(
      `SELECT e.newsletter_id, n.workspace_id FROM emails e JOIN newsletters n ON n.id = e.newsletter_id WHERE e.id = ? AND e.status = 'sent'`,
    );
    const newsletterOf = db.prepare<[number], number>('SELECT workspace_id FROM newsletters WHERE id = ?').pluck();
    const emailPath = /^\/newsletters\/(\d+)\/emails\/(\d+)$/;
    stages = insertBefore(stages, 'operations', {
      name: 'email-get-sent-any-newsletter',
      handler: (req, res, next) => {
        const match = req.method === 'GET' ? emailPath.exec(req.path) : null;
        const workspaceId = res.locals.workspaceId as number | undefined;
        const params = (req as Request & { openapi?: { pathParams?: Record<string, string> } }).openapi?.pathParams;
        if (!match || workspaceId === undefined || !params) return next();
        const sent = sentIn.get(Number(match[2]));
        if (sent && sent.workspace_id === workspaceId && newsletterOf.get(Number(match[1])) === workspaceId) params.newsletter_id = String(sent.newsletter_id);
        next();
      },
    });
  }
  if (on('head-categories-invalid-page-id-404')) {
    // HEAD of listCategories checks that the page exists before the path is validated, and an id
    // that is not a whole number names no page: `HEAD /pages/abc/categories` answers 404 where GET
    // answers 422 naming path.page_id. HEAD of a page that exists, or of a well-formed id of no
    // page, is right. Breaks http.head ("with the status and headers GET would have") and
    // errors.precedence (the 422 for the request on its own before the 404).
    const categoriesPath = /^\/pages\/([^/]+)\/categories$/;
    stages = insertBefore(stages, 'head', rememberHead('headCategories', categoriesPath));
    stages = insertBefore(stages, 'whole-numbers', {
      name: 'head-categories-page-looked-up',
      handler: (req, res, next) => {
        const match = categoriesPath.exec(req.path);
        if (res.locals.headCategories !== true || !match || /^[1-9]\d*$/.test(match[1]!)) return next();
        next(problems.notFound(`There is no page ${match[1]}.`));
      },
    });
  }
  if (on('subscribers-422-names-valid-status')) {
    // listSubscribers validates its two filters as one group: when ?verified is invalid, the 422 also
    // names query.status, though the request's status is a valid one. ?verified alone invalid, and an
    // invalid status, are right. Breaks errors.only-present-causes ("never ... one whose value is
    // valid").
    const subscribersPath = /^\/newsletters\/[^/]+\/subscribers$/;
    stages = insertBefore(stages, 'whole-numbers', {
      name: 'subscribers-filters-as-group',
      handler: (req, res, next) => {
        const status = req.query.status;
        if (req.method === 'GET' && subscribersPath.test(req.path) && typeof status === 'string' && SUBSCRIBER_STATUSES.includes(status)) {
          rewriteSentJson(
            res,
            (code) => code === 422,
            (problem) => {
              const errors = problem.errors as { field: string; message: string }[] | undefined;
              if (!errors?.some((error) => error.field === 'query.verified') || errors.some((error) => error.field === 'query.status')) return problem;
              return { ...problem, errors: [...errors, { field: 'query.status', message: 'must be one of pending, active, suppressed' }] };
            },
          );
        }
        next();
      },
    });
  }
  if (on('page-401-reports-token-policy')) {
    // getPage's 401 is labelled with the token policy (its fields are written from the operation's
    // usual caller, not from the limit that counted it): `"token"; q=20000` where the address limit
    // counted the request. Every other status, and the 401s of other operations, are right. Breaks
    // the introduction's Rate limits ("every answer reports the limit it was counted against"; a
    // request that fails authentication counts against its client address) and
    // headers.rate-limit-values (the remaining requests over the named quota's window).
    const pagePath = /^\/pages\/[^/]+$/;
    stages = insertBefore(stages, 'authentication', {
      name: 'page-401-token-policy',
      handler: (req, res, next) => {
        if (req.method === 'GET' && pagePath.test(req.path)) {
          beforeHeaders(res, (status) => {
            if (status !== 401) return;
            const policy = res.getHeader('RateLimit-Policy');
            const limit = res.getHeader('RateLimit');
            if (typeof policy === 'string') res.setHeader('RateLimit-Policy', policy.replace('"address"', '"token"').replace(/q=\d+/, `q=${rateLimit.perToken}`));
            if (typeof limit === 'string') res.setHeader('RateLimit', limit.replace('"address"', '"token"'));
          });
        }
        next();
      },
    });
  }
  if (on('post-get-keeps-deleted-category')) {
    // getPost answers from a cache of posts that deleteCategory does not clear: after a category is
    // deleted, its posts read with the old category_id through getPost, while listPosts shows null.
    // A post whose category still exists, and posts never in a deleted category, are right. Breaks
    // category.delete-keeps-posts ("with category_id null"), resources.update-kept (get and list
    // agree) and resources.gone-after-delete.
    const postsOf = db.prepare<[number], number>('SELECT id FROM posts WHERE category_id = ?').pluck();
    const categoryOfPost = new Map<number, number>();
    const categoryPath = /^\/pages\/\d+\/categories\/(\d+)$/;
    const postPath = /^\/pages\/\d+\/posts\/\d+$/;
    stages = insertBefore(stages, 'operations', {
      name: 'post-cache-across-category-delete',
      handler: (req, res, next) => {
        const category = req.method === 'DELETE' ? categoryPath.exec(req.path) : null;
        if (category) {
          const categoryId = Number(category[1]);
          const posts = postsOf.all(categoryId);
          res.once('finish', () => {
            if (res.statusCode === 204) for (const post of posts) categoryOfPost.set(post, categoryId);
          });
        }
        if (req.method === 'GET' && postPath.test(req.path)) {
          const json = res.json.bind(res);
          res.json = ((body: any) =>
            json(res.statusCode === 200 && body?.category_id === null && categoryOfPost.has(body.id) ? { ...body, category_id: categoryOfPost.get(body.id) } : body)) as Response['json'];
        }
        next();
      },
    });
  }
  return stages;
}
