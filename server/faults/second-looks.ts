/**
 * Faults that only a second look shows, each confined to one operation and written from the contract
 * alone: a list that keeps a title the get has moved past, a slug refused when it is written again,
 * a page size honoured only up to 50 and totals that shrink on later pages, names compared without
 * normalisation and a renamed page's `name_slug` that drops accented letters, a HEAD of an empty list
 * answered 404, a post updated through another page, a 422 whose body says 400, a page slug suffixed
 * for another workspace's page, a second send refused in the wrong order, and an upsert that finds
 * the address on another newsletter. Each is a bug an implementer could plausibly write, and each
 * breaks a statement of the contract (named in its comment).
 */
import type { Subscriber } from '../../generated/openapi.d.ts';
import type { PipelineContext } from '../app.ts';
import type { ServerParts } from '../compose.ts';
import { nextFreeSlug, slugify, slugOr } from '../domain/slugs.ts';
import { normaliseAddress } from '../domain/people.ts';
import { insertBefore, type Pipeline } from '../http/pipeline.ts';
import { ProblemError, problems } from '../http/problem.ts';
import { slugRange } from '../store/common.ts';
import type { FaultSet } from './fault-set.ts';
import { ProblemSayingStatus } from './wrong-answers.ts';
import { rememberHead } from './head-marks.ts';

/** The largest page the subscribers' query was "tuned" to return, whatever the size asked for. */
const SUBSCRIBERS_PAGE_CAP = 50;

export function breakSecondLooksParts(on: FaultSet, { db, stores, services }: ServerParts): void {
  if (on('post-list-stale-title')) {
    // listPosts reads each post's title from a summary written when the post was created and never
    // refreshed by updatePost: after a new title, getPost and the update's answer show it, the list
    // still shows the first one. Breaks resources.update-kept ("Create, get, list and update agree
    // with each other").
    const firstTitles = new Map<number, string>();
    const insert = stores.posts.insert.bind(stores.posts);
    stores.posts.insert = (post) => {
      const id = insert(post);
      firstTitles.set(id, post.title);
      return id;
    };
    const list = services.posts.list.bind(services.posts);
    services.posts.list = (workspaceId, pageId, filter, paging) => {
      const answer = list(workspaceId, pageId, filter, paging);
      return { ...answer, items: answer.items.map((post) => ({ ...post, title: firstTitles.get(post.id) ?? post.title })) };
    };
  }
  if (on('page-own-slug-taken')) {
    // updatePage checks a new explicit slug against every page of the workspace, the page itself
    // included: a PATCH that repeats the page's own slug (the second of two identical writes, or a
    // form that sends every field back) is a 409 slug-taken. Breaks the updatePage description ("one
    // used by another page is a 409"), the introduction ("A PATCH that names a field may move
    // updated_at even when it repeats the stored value") and requests.valid-input-accepted.
    const update = services.pages.update.bind(services.pages);
    services.pages.update = (workspaceId, id, input) => {
      if (input.slug !== undefined) {
        services.pages.get(workspaceId, id);
        const slug = slugify(input.slug);
        if (slug && stores.pages.idBySlug(workspaceId, slug) !== undefined) {
          throw problems.slugTaken(`Another page of your workspace already uses the slug "${slug}".`);
        }
      }
      return update(workspaceId, id, input);
    };
  }
  if (on('subscribers-size-capped-at-50')) {
    // listSubscribers answers at most 50 subscribers a page (a LIMIT capped for a large newsletter)
    // while its offset and envelope keep the size asked for: size 100 answers 50 items, and walking
    // the pages at that size never visits subscribers 51 to 100 of each page. Breaks lists.size-range
    // ("size 100 is accepted and honoured"), lists.same-items-any-size and lists.envelope-arithmetic.
    const list = services.subscribers.list.bind(services.subscribers);
    services.subscribers.list = (workspaceId, newsletterId, filter, paging) => {
      const answer = list(workspaceId, newsletterId, filter, paging);
      return paging.size <= SUBSCRIBERS_PAGE_CAP ? answer : { ...answer, items: answer.items.slice(0, SUBSCRIBERS_PAGE_CAP) };
    };
  }
  if (on('categories-total-counts-remaining')) {
    // listCategories counts its total from the page's offset on (COUNT over the same OFFSET query):
    // page 1 has the true total, every later page counts only the categories from that page on.
    // Breaks lists.envelope-arithmetic ("total counts every match across pages").
    const list = services.categories.list.bind(services.categories);
    services.categories.list = (workspaceId, pageId, paging) => {
      const answer = list(workspaceId, pageId, paging);
      return { ...answer, total: Math.max(0, answer.total - (paging.page - 1) * paging.size) };
    };
  }
  if (on('newsletter-name-unnormalised')) {
    // createNewsletter and updateNewsletter fold names by letter case without NFKC normalisation
    // first: `Café` written with one é and with e and a combining accent are two newsletters, and so
    // are a full-width `Ｗｅｅｋｌｙ` and `Weekly`. Pages keep the right comparison. Breaks
    // names.unique-any-case and the introduction ("compared by Unicode full case folding after NFKC
    // normalisation").
    stores.newsletters.nameKey = (name) => name.toUpperCase().toLowerCase().toUpperCase().toLowerCase();
  }
  if (on('page-rename-name-slug-ascii-only')) {
    // updatePage derives the new `name_slug` of a renamed page from the name's ASCII letters only
    // (createPage transliterates; the rename path strips what is not ASCII first): `Café Crème` gives
    // `caf-crme`, not `cafe-creme`. Breaks page.rename-keeps-slug ("name_slug follows the new name")
    // and the introduction's Slugs ("transliterated to ASCII").
    const pageRow = db.prepare<[number], { workspace_id: number; name_slug: string }>('SELECT workspace_id, name_slug FROM pages WHERE id = ?');
    const update = stores.pages.update.bind(stores.pages);
    stores.pages.update = (id, changes) => {
      const page = pageRow.get(id);
      if (typeof changes.name !== 'string' || typeof changes.name_slug !== 'string' || !page) return update(id, changes);
      const { workspace_id: workspaceId, name_slug: current } = page;
      const base = slugOr(changes.name.replace(/[^\x00-\x7F]/g, ''), 'page');
      const taken = stores.pages.slugsFrom(workspaceId, 'name_slug', base).filter((slug) => slug !== current);
      return update(id, { ...changes, name_slug: nextFreeSlug(base, taken) });
    };
  }
  if (on('post-update-any-page')) {
    // updatePost checks that the page of the path is in the workspace, then finds the post by its id
    // in the workspace, whatever page it is on: a post is changed through another page (getPost and
    // deletePost still answer 404 there). Breaks resources.child-of-its-parent ("through another page
    // ... every operation on it answers 404 and changes nothing").
    const pageOf = db
      .prepare<[number, number], number>('SELECT posts.page_id FROM posts JOIN pages ON pages.id = posts.page_id WHERE posts.id = ? AND pages.workspace_id = ?')
      .pluck();
    const ownPage = (workspaceId: number, pageId: number, id: number) => (stores.pages.exists(workspaceId, pageId) ? (pageOf.get(id, workspaceId) ?? pageId) : pageId);
    const contentForUpdate = services.posts.contentForUpdate.bind(services.posts);
    const update = services.posts.update.bind(services.posts);
    services.posts.contentForUpdate = (workspaceId, pageId, id, input, signal) => contentForUpdate(workspaceId, ownPage(workspaceId, pageId, id), id, input, signal);
    services.posts.update = (workspaceId, pageId, id, input, contentHtml) => update(workspaceId, ownPage(workspaceId, pageId, id), id, input, contentHtml);
  }
  if (on('post-reference-422-body-400')) {
    // createPost's 422 for a category_id or author_id it cannot use (the check made by the operation's
    // work, after the schema) is written by a helper copied from the 400 answers: the status line is
    // 422, the body's `status` 400. Schema 422s keep `status: 422`. Breaks errors.problem-details
    // ("status equal to the response's status code").
    const mislabel = (error: unknown) =>
      error instanceof ProblemError && error.status === 422 && (error.errors ?? []).some((e) => e.field === 'category_id' || e.field === 'author_id') ? new ProblemSayingStatus(error, 400) : error;
    const contentForCreate = services.posts.contentForCreate.bind(services.posts);
    const create = services.posts.create.bind(services.posts);
    services.posts.contentForCreate = async (workspaceId, pageId, input, signal) => {
      try {
        return await contentForCreate(workspaceId, pageId, input, signal);
      } catch (error) {
        throw mislabel(error);
      }
    };
    services.posts.create = (workspaceId, pageId, input, contentHtml) => {
      try {
        return create(workspaceId, pageId, input, contentHtml);
      } catch (error) {
        throw mislabel(error);
      }
    };
  }
  if (on('page-slug-suffix-global')) {
    // createPage makes a derived `slug` unique over the pages of every workspace (the query lost its
    // workspace condition; `name_slug` keeps it): a name used only by another workspace's page gets
    // `-1`. Breaks page.slug-from-name ("made unique in the workspace") and auth.workspace-scope (a
    // workspace learns what another one has).
    const slugsEverywhere = db.prepare<[string, string], string>('SELECT slug FROM pages WHERE slug >= ? AND slug < ?').pluck();
    const slugsFrom = stores.pages.slugsFrom.bind(stores.pages);
    stores.pages.slugsFrom = (workspaceId, column, base) => {
      if (column !== 'slug') return slugsFrom(workspaceId, column, base);
      const { from, to } = slugRange(base);
      return slugsEverywhere.all(from, to);
    };
  }
  if (on('send-409-before-past-time')) {
    // sendEmail looks at the email's state before it judges the time asked for: an email already sent
    // with a `scheduled_at` in the past is a 409 email-already-sent, not the 422 the request earns on
    // its own (a first send with a past time is still a 422). Breaks errors.precedence and the
    // sendEmail description ("a scheduled_at now or in the past ... is a 422 whatever the email (also
    // when it is sent ...)").
    const send = services.emails.send.bind(services.emails);
    services.emails.send = (workspaceId, newsletterId, id, at) => {
      if (at != null && stores.newsletters.exists(workspaceId, newsletterId)) {
        const state = stores.emails.state(id);
        if (state?.newsletter_id === newsletterId && state.status === 'sent') {
          throw problems.emailAlreadySent(`Email ${id} was sent at ${state.sent_at} and cannot be sent again.`);
        }
      }
      return send(workspaceId, newsletterId, id, at);
    };
  }
  if (on('upsert-matches-other-newsletter')) {
    // createSubscriber looks the address up among every newsletter of the workspace before it
    // inserts: a new address is created right, but an address already on another newsletter answers
    // that newsletter's subscriber (its id and newsletter_id), and nothing is added to this one.
    // Breaks subscriber.upsert-same-id (an upsert keyed on the address in the newsletter),
    // subscriber.new-active-verified and resources.child-of-its-parent.
    const onAnotherNewsletter = db.prepare<[number, number, string], Omit<Subscriber, 'verified' | 'active'> & { verified: number; active: number }>(
      `SELECT subscribers.id, subscribers.email, subscribers.verified, subscribers.active, subscribers.status, subscribers.newsletter_id,
              subscribers.verified_at, subscribers.created_at, subscribers.updated_at
       FROM subscribers JOIN newsletters ON newsletters.id = subscribers.newsletter_id
       WHERE newsletters.workspace_id = ? AND subscribers.newsletter_id <> ? AND subscribers.email = ?
       ORDER BY subscribers.id LIMIT 1`,
    );
    const upsert = services.subscribers.upsert.bind(services.subscribers);
    services.subscribers.upsert = (workspaceId, newsletterId, email) => {
      if (stores.newsletters.exists(workspaceId, newsletterId)) {
        const row = onAnotherNewsletter.get(workspaceId, newsletterId, normaliseAddress(email));
        if (row) return { ...row, verified: row.verified === 1, active: row.active === 1 };
      }
      return upsert(workspaceId, newsletterId, email);
    };
  }
}

export function breakSecondLooksPipeline(on: FaultSet, api: Pipeline['api'], context: PipelineContext): Pipeline['api'] {
  let stages = api;
  const { stores } = context.options;
  if (on('head-subscribers-empty-as-404')) {
    // HEAD of listSubscribers is treated as "is anything there?": a newsletter without subscribers
    // answers 404 to HEAD, while GET answers 200 with an empty result (the HEAD of a list with
    // subscribers, and of every other list, is right). Breaks http.head ("with the status and headers
    // GET would have").
    stages = insertBefore(stages, 'head', rememberHead('headSubscribers', /^\/newsletters\/\d+\/subscribers$/));
    stages = insertBefore(stages, 'declared-length', {
      name: 'head-subscribers-empty-as-404',
      handler: (req, res, next) => {
        const workspaceId = res.locals.workspaceId as number | undefined;
        const newsletterId = Number(/^\/newsletters\/(\d+)\/subscribers$/.exec(req.path)?.[1]);
        if (res.locals.headSubscribers !== true || workspaceId === undefined || !stores.newsletters.exists(workspaceId, newsletterId)) return next();
        const { total } = stores.subscribers.list(newsletterId, {}, { page: 1, size: 1 });
        return total === 0 ? next(problems.notFound(`Newsletter ${newsletterId} has no subscribers.`)) : next();
      },
    });
  }
  return stages;
}
