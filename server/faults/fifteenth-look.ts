/**
 * Faults written from the contract alone, each confined to one operation and each one a first test
 * passes: an author PATCH naming `active` with other fields that keeps only `active`, a category total
 * that stops counting at 100, a newsletter rename measured in UTF-16 code units, a `HEAD` of a category
 * that reports its request as not yet counted, a published post refused deletion as if it were an email,
 * an update's 422 of over 20 inputs that counts only those listed, an explicit page slug checked for
 * being taken before it is normalised, a category filter of posts that remembers the category a post
 * was created with, a created email's `RateLimit` read before it was counted, an email sent now after
 * being scheduled that is stamped sent at its old time, a send answering its time in the request's
 * offset, and a subscriber deleted through another workspace's newsletter. Each is a bug an
 * implementer could plausibly write, and each breaks a statement of the contract (named in its comment).
 */
import type { PipelineContext } from '../app.ts';
import type { ServerParts } from '../compose.ts';
import { slugify } from '../domain/slugs.ts';
import { insertBefore, type Pipeline } from '../http/pipeline.ts';
import { problems } from '../http/problem.ts';
import { beforeHeaders, rewriteSentJson } from './answer-rewrites.ts';
import type { FaultSet } from './fault-set.ts';

/** The most a page of a list holds; the total of the broken category list is counted within it. */
const MAX_PAGE_SIZE = 100;
/** The longest name the contract allows, in characters (code points). */
const NAME_MAX_LENGTH = 255;

/** `RateLimit` with its remaining requests (`r`) one higher, as read before this request was counted. */
function uncounted(field: string): string {
  return field.replace(/\br=(\d+)/, (_all, remaining: string) => `r=${Number(remaining) + 1}`);
}

export function breakFifteenthLookParts(on: FaultSet, { db, stores, services }: ServerParts): void {
  if (on('author-active-with-fields-drops-fields')) {
    // updateAuthor treats `active` as an action of its own (activate / deactivate) and returns once it
    // is done: a PATCH that names `active` together with other fields stores `active` alone. A PATCH
    // of `active` alone, or of the other fields alone, is right. Breaks resources.update-kept ("an
    // accepted update is kept"), author.update-kept and resources.answer-as-stored.
    const update = services.authors.update.bind(services.authors);
    services.authors.update = (workspaceId, id, input) => {
      const named = Object.keys(input).filter((key) => input[key as keyof typeof input] !== undefined);
      if (input.active !== undefined && named.length > 1) return update(workspaceId, id, { active: input.active });
      return update(workspaceId, id, input);
    };
  }
  if (on('categories-total-capped-at-100')) {
    // listCategories counts its total over the rows of a query limited to the largest page size (the
    // COUNT wraps the list's subquery, LIMIT included): a page of more than 100 categories says
    // total 100 on every page, at every size. Up to 100 categories it is right. Breaks lists.envelope-
    // arithmetic ("total counts every match across pages") and lists.past-the-end ("the true total").
    const list = services.categories.list.bind(services.categories);
    services.categories.list = (workspaceId, pageId, paging) => {
      const answer = list(workspaceId, pageId, paging);
      return { ...answer, total: Math.min(answer.total, MAX_PAGE_SIZE) };
    };
  }
  if (on('newsletter-rename-length-in-code-units')) {
    // updateNewsletter checks the new name's length again with JavaScript's `length`, which counts
    // UTF-16 code units: a name of 200 emoji (200 characters, 400 code units) is refused 422, though
    // the contract counts characters. createNewsletter, and any name of the Basic Multilingual Plane,
    // are right. Breaks requests.valid-input-accepted ("every input that its schemas allow ... is
    // accepted") and the introduction's limits ("names ... 255 characters").
    const update = services.newsletters.update.bind(services.newsletters);
    services.newsletters.update = (workspaceId, id, input) => {
      if (input.name != null && input.name.length > NAME_MAX_LENGTH) {
        throw problems.invalidField('name', `must be at most ${NAME_MAX_LENGTH} characters`);
      }
      return update(workspaceId, id, input);
    };
  }
  if (on('post-delete-published-409')) {
    // deletePost borrows the email rule "only a draft can be deleted": a published post is answered
    // 409 email-not-draft and stays. A draft is deleted right. Breaks responses.declared-status
    // (deletePost declares no 409), resources.gone-after-delete and the deletePost description (a post
    // is deleted whatever its status).
    const remove = services.posts.delete.bind(services.posts);
    services.posts.delete = (workspaceId, pageId, id) => {
      const post = stores.pages.exists(workspaceId, pageId) ? stores.posts.get(pageId, id) : undefined;
      if (post?.status === 'published') throw problems.emailNotDraft(`Post ${id} is published; only a draft can be deleted.`);
      remove(workspaceId, pageId, id);
    };
  }
  if (on('page-update-slug-taken-unnormalised')) {
    // updatePage looks for another page holding the explicit slug as the request wrote it, then
    // stores it normalised: `My Blog` passes the check when `my-blog` is taken, and the write breaks
    // the unique index (500). A slug sent already normalised is right (409). Breaks page.rename-keeps-slug
    // ("a new explicit slug is normalised as on creation", where a taken one is 409),
    // responses.no-server-error and resources.refused-write-changes-nothing.
    const update = services.pages.update.bind(services.pages);
    services.pages.update = (workspaceId, id, input) => {
      if (input.slug != null && stores.pages.exists(workspaceId, id)) {
        const slug = slugify(input.slug);
        const holder = stores.pages.idBySlug(workspaceId, slug);
        if (slug !== input.slug && stores.pages.idBySlug(workspaceId, input.slug) === undefined && holder !== undefined && holder !== id) {
          stores.pages.update(id, { slug });
        }
      }
      return update(workspaceId, id, input);
    };
  }
  if (on('posts-category-filter-original-category')) {
    // listPosts?category_id reads a post's category from what it was created with (a lookup filled at
    // creation that updatePost never refreshes): a post moved to another category is listed and counted
    // under its first one, and not under its new one. Posts never moved are right. Breaks
    // lists.exact-filters and resources.update-kept ("create, get, list and update agree").
    const createdIn = new Map<number, number | null>();
    const create = services.posts.create.bind(services.posts);
    services.posts.create = (workspaceId, pageId, input, contentHtml) => {
      const post = create(workspaceId, pageId, input, contentHtml);
      createdIn.set(post.id, post.category_id);
      return post;
    };
    const list = services.posts.list.bind(services.posts);
    services.posts.list = (workspaceId, pageId, filter, paging) => {
      if (filter.category_id === undefined) return list(workspaceId, pageId, filter, paging);
      const every = list(workspaceId, pageId, { ...filter, category_id: undefined }, { page: 1, size: Number.MAX_SAFE_INTEGER });
      const matching = every.items.filter((post) => (createdIn.has(post.id) ? createdIn.get(post.id) : post.category_id) === filter.category_id);
      const from = (paging.page - 1) * paging.size;
      return { total: matching.length, items: matching.slice(from, from + paging.size) };
    };
  }
  if (on('send-now-stamps-earlier-schedule')) {
    // sendEmail of a scheduled email without a time delivers it at once, but the delivery stamps
    // `sent_at` with the time the email was scheduled for (read from the row as it was before the
    // send): an email scheduled for tomorrow and sent now reads sent, with a `sent_at` tomorrow. A
    // draft sent now, and a scheduled email delivered at its time, are right. Breaks email.send-now
    // ("the email then reads sent with sent_at", the moment it was sent) and the send state table.
    const earlierTime = new Map<number, string>();
    const send = services.emails.send.bind(services.emails);
    services.emails.send = (workspaceId, newsletterId, id, at) => {
      const state = stores.emails.state(id);
      const email = send(workspaceId, newsletterId, id, at);
      if (at == null && state?.status === 'scheduled' && state.scheduled_at !== null && Date.parse(state.scheduled_at) > Date.now()) {
        earlierTime.set(id, state.scheduled_at);
      }
      return email;
    };
    const update = stores.emails.update.bind(stores.emails);
    stores.emails.update = (id, changes) => {
      const stamped = earlierTime.get(id);
      if (stamped !== undefined && typeof changes.sent_at === 'string') {
        earlierTime.delete(id);
        return update(id, { ...changes, sent_at: stamped });
      }
      update(id, changes);
    };
  }
  if (on('subscriber-delete-other-workspace')) {
    // deleteSubscriber looks the newsletter up by its id alone when the caller's workspace has none
    // of that id (a fallback meant for ids typed by support staff): another workspace's subscriber is
    // deleted, 204. Through the caller's own newsletters, and for ids of no newsletter, it is right.
    // Breaks auth.workspace-scope ("a resource of another workspace is answered 404 ... and is not
    // changed").
    const workspaceOfNewsletter = db.prepare<[number], number>('SELECT workspace_id FROM newsletters WHERE id = ?').pluck();
    const remove = services.subscribers.delete.bind(services.subscribers);
    services.subscribers.delete = (workspaceId, newsletterId, id) => {
      const owner = stores.newsletters.exists(workspaceId, newsletterId) ? undefined : workspaceOfNewsletter.get(newsletterId);
      remove(owner ?? workspaceId, newsletterId, id);
    };
  }
}

export function breakFifteenthLookPipeline(on: FaultSet, api: Pipeline['api'], _context: PipelineContext): Pipeline['api'] {
  let stages = api;
  if (on('head-category-rate-limit-uncounted')) {
    // HEAD of getCategory writes its RateLimit from the counter as it was before the request was
    // counted (the HEAD answer is built from a GET that has not run yet): r is one more than it should
    // be, the same as the answer before it. GET is right, and so is the count itself. Breaks http.head
    // ("with the status and headers GET would have") and headers.rate-limit-values (r the requests
    // remaining after this one).
    const categoryPath = /^\/pages\/\d+\/categories\/\d+$/;
    stages = insertBefore(stages, 'head', {
      name: 'head-category-rate-limit-uncounted',
      handler: (req, res, next) => {
        if (req.method === 'HEAD' && categoryPath.test(req.path)) {
          beforeHeaders(res, () => {
            const field = res.getHeader('RateLimit');
            if (typeof field === 'string') res.setHeader('RateLimit', uncounted(field));
          });
        }
        next();
      },
    });
  }
  if (on('email-create-rate-limit-counted-late')) {
    // createEmail's 201 carries the RateLimit the answer had before the write was counted (writes
    // are counted once they are stored, after the fields are set): r is one more than requests
    // remain, the same as the answer before it. Its 4xx answers, and every other operation, are
    // right. Breaks headers.rate-limit-values and responses.declared-headers.
    const emailsPath = /^\/newsletters\/\d+\/emails$/;
    stages = insertBefore(stages, 'operations', {
      name: 'email-create-rate-limit-counted-late',
      handler: (req, res, next) => {
        if (req.method === 'POST' && emailsPath.test(req.path)) {
          beforeHeaders(res, (status) => {
            const field = res.getHeader('RateLimit');
            if (status === 201 && typeof field === 'string') res.setHeader('RateLimit', uncounted(field));
          });
        }
        next();
      },
    });
  }
  if (on('post-update-422-count-listed-only')) {
    // updatePost's 422 counts its invalid inputs after they were cut to the 20 it lists: a body with
    // 25 unknown fields says "The request has 20 invalid inputs." and never that more were left out.
    // A 422 of up to 20 inputs is right. Breaks the introduction's Errors ("when there were more,
    // detail says how many") and requests.bounded-cost.
    const postPath = /^\/pages\/\d+\/posts\/\d+$/;
    stages = insertBefore(stages, 'validator', {
      name: 'post-update-422-count-listed-only',
      handler: (req, res, next) => {
        if (req.method === 'PATCH' && postPath.test(req.path)) {
          rewriteSentJson(
            res,
            (status) => status === 422,
            (body) => (Array.isArray(body.errors) && /; the first \d+ are listed/.test(body.detail) ? { ...body, detail: `The request has ${body.errors.length} invalid inputs.` } : body),
          );
        }
        next();
      },
    });
  }
  if (on('send-later-answers-request-offset')) {
    // sendEmail answers `scheduled_at` as the request wrote it instead of the stored instant in UTC:
    // 2030-01-01T12:00:00+05:30 is answered as sent, though it is stored (and read back) as
    // 2030-01-01T06:30:00.000Z. A time sent in UTC (Z) is right. Breaks responses.timestamps-utc
    // ("every timestamp in an answer is ... in UTC"), email.send-later ("answers scheduled at that
    // instant in UTC") and resources.answer-as-stored.
    const sendPath = /^\/newsletters\/\d+\/emails\/\d+\/send$/;
    stages = insertBefore(stages, 'operations', {
      name: 'send-later-answers-request-offset',
      handler: (req, res, next) => {
        const asked = (req.body as { scheduled_at?: unknown } | undefined)?.scheduled_at;
        if (req.method === 'POST' && sendPath.test(req.path) && typeof asked === 'string' && !/Z$/i.test(asked)) {
          rewriteSentJson(
            res,
            (status) => status === 200,
            (body) => ({ ...body, scheduled_at: asked }),
          );
        }
        next();
      },
    });
  }
  return stages;
}
