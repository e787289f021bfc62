/**
 * Faults written from the contract alone, each confined to one operation and each one a first test
 * passes: a `HEAD` of a deleted post still answered 200, an author's `formatted_name` that misses a
 * new last name, email pages that overlap by one, a category filter listed oldest first, a page
 * domain whose label passes 63 characters for a long name, a category slug that keeps its accents, a
 * 405 on the send path that lists the email path's methods, a newsletter rename typed `slug-taken`,
 * a sent email deleted through another newsletter answered 409, a post update's reference 422 that
 * names an `author_id` never sent, a newsletter total that counts every workspace, and a reschedule
 * to an earlier time refused. Each is a bug an implementer could plausibly write, and each breaks a
 * statement of the contract (named in its comment).
 */
import type { Author, components } from '../../generated/openapi.d.ts';
import { API_BASE, type PipelineContext } from '../app.ts';
import type { ServerParts } from '../compose.ts';
import { instantOf } from '../domain/instants.ts';
import { formattedName } from '../domain/people.ts';
import { nextFreeSlug } from '../domain/slugs.ts';
import { insertBefore, type Pipeline } from '../http/pipeline.ts';
import { ProblemError, problems } from '../http/problem.ts';
import type { Stores } from '../store/index.ts';
import type { FaultSet } from './fault-set.ts';
import { rememberHead } from './head-marks.ts';

type PostUpdate = components['schemas']['PostUpdate'];

/** Longest DNS label; the real service cuts the name's slug so that slug, hyphen and random part fit it. */
const DNS_LABEL_MAX = 63;

/** The longest derived slug before a suffix, as the introduction's Slugs section says. */
const SLUG_BASE_MAX = 90;

/** The largest page size, used to read a whole filtered list in a few queries. */
const LARGEST_PAGE = 100;

/**
 * Posts ever created, by `page/post` id, for post-head-after-delete-200: filled by the parts (where
 * posts are inserted) and read by the pipeline (where HEAD is answered), which share the stores.
 */
const createdPosts = new WeakMap<Stores, Set<string>>();

/** A slug made with a Unicode-aware pattern and no transliteration: `Café Crème` gives `café-crème`. */
const unicodeSlug = (text: string): string =>
  text
    .toLowerCase()
    .replace(/\//g, '')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_BASE_MAX)
    .replace(/-+$/, '');

export function breakFifthLookParts(on: FaultSet, { db, stores, services }: ServerParts): void {
  if (on('post-head-after-delete-200')) {
    // Remember every post created, so the pipeline's HEAD shortcut can answer from that record.
    const created = new Set<string>();
    createdPosts.set(stores, created);
    const insert = stores.posts.insert.bind(stores.posts);
    stores.posts.insert = (post) => {
      const id = insert(post);
      created.add(`${post.page_id}/${id}`);
      return id;
    };
  }
  if (on('author-formatted-name-ignores-last-name')) {
    // updateAuthor recomputes the stored formatted_name only when the PATCH names first_name: a new
    // last_name alone is kept (getAuthor and listAuthors show it) while formatted_name keeps the old
    // one. Breaks author.update-kept ("formatted_name follows the names") and the updateAuthor
    // description ("formatted_name follows the first and last names").
    const staleNames = new Map<number, string>();
    const namesOf = db.prepare<[number], { first_name: string; last_name: string | null }>('SELECT first_name, last_name FROM authors WHERE id = ?');
    const update = stores.authors.update.bind(stores.authors);
    stores.authors.update = (id, changes) => {
      if ('first_name' in changes) staleNames.delete(id);
      else if ('last_name' in changes && !staleNames.has(id)) {
        const row = namesOf.get(id);
        if (row) staleNames.set(id, formattedName(row.first_name, row.last_name));
      }
      update(id, changes);
    };
    const asStored = (author: Author): Author => (staleNames.has(author.id) ? { ...author, formatted_name: staleNames.get(author.id)! } : author);
    const get = stores.authors.get.bind(stores.authors);
    stores.authors.get = (workspaceId, id) => {
      const author = get(workspaceId, id);
      return author && asStored(author);
    };
    const list = stores.authors.list.bind(stores.authors);
    stores.authors.list = (workspaceId, active, paging) => {
      const answer = list(workspaceId, active, paging);
      return { ...answer, items: answer.items.map(asStored) };
    };
  }
  if (on('emails-later-pages-overlap')) {
    // listEmails turns a later page into a row offset one too small ((page - 1) * size - 1): page 1
    // is right, every later page starts with the last email of the page before, and the last email
    // of the list spills past its end. Breaks lists.envelope-arithmetic ("walking the pages visits
    // every item once"), lists.same-items-any-size and lists.past-the-end.
    const list = services.emails.list.bind(services.emails);
    services.emails.list = (workspaceId, newsletterId, status, paging) => {
      const answer = list(workspaceId, newsletterId, status, paging);
      if (paging.page === 1) return answer;
      const before = list(workspaceId, newsletterId, status, { page: paging.page - 1, size: paging.size }).items.slice(-1);
      return { ...answer, items: [...before, ...answer.items].slice(0, paging.size) };
    };
  }
  if (on('posts-category-filter-oldest-first')) {
    // listPosts with ?category_id runs a query of its own, written with ORDER BY created_at ASC:
    // the posts of a category come oldest first (unfiltered and ?status lists are newest first).
    // Breaks lists.newest-first and lists.same-items-any-size ("in the same order ... with a filter
    // or without").
    const list = services.posts.list.bind(services.posts);
    services.posts.list = (workspaceId, pageId, filter, paging) => {
      const answer = list(workspaceId, pageId, filter, paging);
      if (filter.category_id === undefined) return answer;
      const newestFirst: typeof answer.items = [];
      for (let page = 1; (page - 1) * LARGEST_PAGE < answer.total; page++) {
        newestFirst.push(...list(workspaceId, pageId, filter, { page, size: LARGEST_PAGE }).items);
      }
      const from = (paging.page - 1) * paging.size;
      return { ...answer, items: newestFirst.reverse().slice(from, from + paging.size) };
    };
  }
  if (on('page-domain-label-over-63')) {
    // createPage cuts the name's slug to the 63 characters of a DNS label and then appends the
    // hyphen and the six random characters: a name whose slug is longer than 56 characters gets a
    // first label of 70 characters, which no DNS name may have. Short names are right. Breaks
    // page.domain-random-part ("its name_slug (cut to fit a 63-character DNS label), a hyphen and six
    // random lowercase letters and digits").
    const insert = stores.pages.insert.bind(stores.pages);
    stores.pages.insert = (page) => {
      const generated = /^[^.]*-([a-z0-9]{6})\.(.+)$/.exec(page.domain);
      if (!generated || page.name_slug.length <= DNS_LABEL_MAX - generated[1]!.length - 1) return insert(page);
      const label = page.name_slug.slice(0, DNS_LABEL_MAX).replace(/-+$/, '');
      return insert({ ...page, domain: `${label}-${generated[1]}.${generated[2]}` });
    };
  }
  if (on('category-slug-keeps-accents')) {
    // createCategory derives a slug with a Unicode-aware pattern (runs of what is not a letter or a
    // digit become a hyphen) and never transliterates: `Café Crème` gets `café-crème`. ASCII names
    // and explicit slugs are right. Breaks category.slug-derived ("lowercase, accents dropped") and
    // the introduction's Slugs ("transliterated to ASCII").
    const create = services.categories.create.bind(services.categories);
    services.categories.create = (workspaceId, pageId, input) => {
      const category = create(workspaceId, pageId, input);
      if (input.slug != null || !/[^\x00-\x7F]/.test(input.name)) return category;
      const base = unicodeSlug(input.name);
      if (!base || base === category.slug) return category;
      stores.categories.update(category.id, { slug: nextFreeSlug(base, stores.categories.slugsFrom(pageId, base)) });
      return stores.categories.get(pageId, category.id)!;
    };
  }
  if (on('newsletter-rename-409-typed-slug-taken')) {
    // updateNewsletter answers a name another newsletter of the workspace has with a 409 of type
    // slug-taken (its conflict handler was copied from updatePage's slug check); createNewsletter
    // answers name-taken as it should. Breaks the problem type table ("name-taken: The name is
    // already used in the workspace") and errors.problem-details.
    const update = services.newsletters.update.bind(services.newsletters);
    services.newsletters.update = (workspaceId, id, input) => {
      try {
        return update(workspaceId, id, input);
      } catch (error) {
        if (error instanceof ProblemError && error.kind === 'name-taken') throw problems.slugTaken(error.detail);
        throw error;
      }
    };
  }
  if (on('email-delete-409-through-other-newsletter')) {
    // deleteEmail checks the email's state by its id in the workspace before it checks that the email
    // is in the newsletter of the path: a scheduled or sent email reached through another newsletter
    // is a 409 email-not-draft (a draft there is still a 404). Breaks resources.child-of-its-parent
    // ("through another ... newsletter of the workspace every operation on it answers 404") and
    // errors.precedence (the 404 for a resource comes before the 409 for its state).
    const remove = services.emails.delete.bind(services.emails);
    services.emails.delete = (workspaceId, newsletterId, id) => {
      if (stores.newsletters.exists(workspaceId, newsletterId)) {
        const state = stores.emails.state(id);
        if (state && state.status !== 'draft' && stores.newsletters.exists(workspaceId, state.newsletter_id)) {
          throw problems.emailNotDraft(`Email ${id} is ${state.status}; only a draft can be deleted.`);
        }
      }
      remove(workspaceId, newsletterId, id);
    };
  }
  if (on('post-update-reference-names-author')) {
    // updatePost's reference check reports both references whenever one fails: a category_id that is
    // not of the page gives a 422 that names category_id and also author_id, which the request did
    // not send. createPost's check, and a schema 422 of the update, are right. Breaks
    // errors.only-present-causes ("never a field it did not send").
    const withAuthor = (error: unknown, input: PostUpdate): unknown => {
      if (!(error instanceof ProblemError) || error.kind !== 'validation-failed' || input.author_id !== undefined) return error;
      const errors = error.errors ?? [];
      if (!errors.some((e) => e.field === 'category_id') || errors.some((e) => e.field === 'author_id')) return error;
      return problems.invalid([...errors, { field: 'author_id', message: 'must be an author of your workspace' }]);
    };
    const contentForUpdate = services.posts.contentForUpdate.bind(services.posts);
    const update = services.posts.update.bind(services.posts);
    services.posts.contentForUpdate = async (workspaceId, pageId, id, input, signal) => {
      try {
        return await contentForUpdate(workspaceId, pageId, id, input, signal);
      } catch (error) {
        throw withAuthor(error, input);
      }
    };
    services.posts.update = (workspaceId, pageId, id, input, contentHtml) => {
      try {
        return update(workspaceId, pageId, id, input, contentHtml);
      } catch (error) {
        throw withAuthor(error, input);
      }
    };
  }
  if (on('newsletters-total-every-workspace')) {
    // listNewsletters counts its total without the workspace condition (the COUNT query lost its
    // WHERE): the items are the workspace's own, the total counts every workspace's newsletters.
    // Breaks lists.envelope-arithmetic ("total counts every match"), auth.workspace-scope (a
    // workspace learns how many newsletters others have) and lists.past-the-end.
    const countAll = db.prepare<[], number>('SELECT COUNT(*) FROM newsletters').pluck();
    const list = services.newsletters.list.bind(services.newsletters);
    services.newsletters.list = (workspaceId, paging) => ({ ...list(workspaceId, paging), total: countAll.get()! });
  }
  if (on('reschedule-earlier-refused')) {
    // sendEmail of an email already scheduled accepts a new time only after the one it has (the
    // check was meant to keep a schedule from moving into the past): moving it earlier, to a time
    // still in the future, is a 422 naming scheduled_at. A first schedule, and moving it later, are
    // right. Breaks email.send-later ("sending a scheduled email again replaces its time") and
    // requests.valid-input-accepted.
    const send = services.emails.send.bind(services.emails);
    services.emails.send = (workspaceId, newsletterId, id, at) => {
      const asked = at == null ? undefined : instantOf(at);
      if (asked && asked.getTime() > Date.now() && stores.newsletters.exists(workspaceId, newsletterId)) {
        const state = stores.emails.state(id);
        if (state?.newsletter_id === newsletterId && state.status === 'scheduled' && state.delivery_started_at === null && state.scheduled_at !== null) {
          if (asked.getTime() < Date.parse(state.scheduled_at)) {
            throw problems.invalidField('scheduled_at', `must be after ${state.scheduled_at}, the time the email is scheduled at`);
          }
        }
      }
      return send(workspaceId, newsletterId, id, at);
    };
  }
}

export function breakFifthLookPipeline(on: FaultSet, api: Pipeline['api'], context: PipelineContext): Pipeline['api'] {
  let stages = api;
  const { stores } = context.options;
  if (on('post-head-after-delete-200')) {
    // HEAD of getPost answers from a record of the posts ever created ("does it exist?") that
    // deletePost never clears: after a delete, GET answers 404 and HEAD still 200. A post never
    // created, and a HEAD before the delete, are right. Breaks http.head ("with the status and
    // headers GET would have") and resources.gone-after-delete.
    const postPath = /^\/pages\/(\d+)\/posts\/(\d+)$/;
    stages = insertBefore(stages, 'head', rememberHead('headPost', postPath));
    stages = insertBefore(stages, 'operations', {
      name: 'head-post-from-record',
      handler: (req, res, next) => {
        const workspaceId = res.locals.workspaceId as number | undefined;
        const match = postPath.exec(req.path);
        if (res.locals.headPost !== true || workspaceId === undefined || !match) return next();
        const [pageId, id] = [Number(match[1]), Number(match[2])];
        const everCreated = createdPosts.get(stores)?.has(`${pageId}/${id}`) ?? false;
        if (!everCreated || !stores.pages.exists(workspaceId, pageId)) return next();
        res.status(200).type('application/json').end();
      },
    });
  }
  if (on('send-allow-of-email-path')) {
    // A method the send path does not have is answered 405 with the Allow of the route the send
    // hangs under (the email's path: GET, HEAD, DELETE, PATCH) instead of the send path's own POST.
    // Every other path's 405 is right. Breaks http.method-not-allowed ("an Allow header listing
    // exactly the methods the contract gives the path") and the 405 row of the introduction.
    const sendPath = /^\/newsletters\/(\d+)\/emails\/(\d+)\/send$/;
    stages = insertBefore(stages, 'declared-length', {
      name: 'send-allow-of-email-path',
      handler: (req, _res, next) => {
        if (!sendPath.test(req.path) || req.method === 'POST') return next();
        const emailPath = req.path.replace(/\/send$/, '');
        const allowed = context.contractIndex.allowedMethods(API_BASE + emailPath) ?? [];
        return next(problems.methodNotAllowed(`This path allows ${allowed.join(', ')}.`, allowed.join(', ')));
      },
    });
  }
  return stages;
}
