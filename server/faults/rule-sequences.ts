/**
 * Faults of the rule-by-rule pass over state and sequences: each breaks a rule the suite already
 * checks, but only after a write of a kind the earlier checks never followed with that read: a list
 * under a filter after a delete, a list under the filter of a state a send moves an email into, the
 * order of a list after an update of an older item, a post filter naming a category deleted since, a
 * HEAD of a list after a write to it.
 * Each is a bug an implementer could plausibly write, and each breaks a statement of the contract
 * (named in its comment).
 */
import type { Email, Subscriber } from '../../generated/openapi.d.ts';
import type { PipelineContext } from '../app.ts';
import type { ServerParts } from '../compose.ts';
import { insertBefore, type Pipeline } from '../http/pipeline.ts';
import type { PageOf, Paging } from '../store/common.ts';
import type { FaultSet } from './fault-set.ts';
import { rememberHead } from './head-marks.ts';

/** Every item a paged list holds, read at its largest page size. */
function everyItem<T>(read: (paging: Paging) => PageOf<T>): T[] {
  const items: T[] = [];
  for (let page = 1; ; page++) {
    const answer = read({ page, size: 100 });
    items.push(...answer.items);
    if (answer.items.length < 100 || items.length >= answer.total) return items;
  }
}

/** The page `paging` asks for of `items`, counted whole. */
const pageOf = <T>(items: T[], { page, size }: Paging): PageOf<T> => ({ total: items.length, items: items.slice((page - 1) * size, page * size) });

type Stamped = { id: number; created_at: string; updated_at: string };

/** Newest first, as the contract lists: created_at descending, then id descending. */
const newestFirst = <T extends Stamped>(items: T[]) => [...items].sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);

/** Most recently changed first: the order of an "activity" view, which the contract does not ask for. */
const recentlyChangedFirst = <T extends Stamped>(items: T[]) => [...items].sort((a, b) => b.updated_at.localeCompare(a.updated_at) || b.id - a.id);

export function breakRuleSequencesParts(on: FaultSet, { services }: ServerParts): void {
  if (on('emails-scheduled-filter-by-scheduled-at')) {
    // listEmails?status=scheduled selects the emails that have a scheduled_at, the column a scheduled
    // send sets, instead of those whose status is scheduled: a send without a time sets it too, and
    // it stays once the email is sent, so every sent email is listed and counted as scheduled. Breaks
    // lists.exact-filters ("A filter lists exactly the items that match it") and the status filter's
    // description ("only emails with exactly this status are listed").
    const list = services.emails.list.bind(services.emails);
    services.emails.list = (workspaceId, newsletterId, status, paging) => {
      if (status !== 'scheduled') return list(workspaceId, newsletterId, status, paging);
      const all = everyItem((page) => list(workspaceId, newsletterId, undefined, page));
      return pageOf(all.filter((email: Email) => email.scheduled_at !== null), paging);
    };
  }
  if (on('categories-ordered-by-update')) {
    // listCategories orders a page's categories by updated_at, most recently changed first: a renamed
    // or recoloured older category moves ahead. Breaks lists.newest-first.
    const list = services.categories.list.bind(services.categories);
    services.categories.list = (workspaceId, pageId, paging) => pageOf(recentlyChangedFirst(everyItem((page) => list(workspaceId, pageId, page))), paging);
  }
  if (on('posts-deleted-category-filter-lists')) {
    // deleteCategory answers the page's posts with category_id null, but listPosts?category_id still
    // finds them by the id of the category they had, which it keeps on the side: a filter by a
    // category deleted since lists (and counts) its former posts. Breaks the filter's description
    // ("A category that is not on the page gives an empty list") and lists.exact-filters.
    const formerPosts = new Map<number, Set<number>>();
    const remove = services.categories.delete.bind(services.categories);
    services.categories.delete = (workspaceId, pageId, id) => {
      const posts = everyItem((page) => services.posts.list(workspaceId, pageId, { category_id: id }, page));
      remove(workspaceId, pageId, id);
      formerPosts.set(id, new Set(posts.map((post) => post.id)));
    };
    const list = services.posts.list.bind(services.posts);
    services.posts.list = (workspaceId, pageId, filter, paging) => {
      const former = filter.category_id === undefined ? undefined : formerPosts.get(filter.category_id);
      if (!former) return list(workspaceId, pageId, filter, paging);
      const all = everyItem((page) => list(workspaceId, pageId, { ...filter, category_id: undefined }, page));
      return pageOf(all.filter((post) => former.has(post.id)), paging);
    };
  }
  if (on('subscribers-filtered-lists-deleted')) {
    // deleteSubscriber marks the subscriber deleted, and only the list without a filter leaves marked
    // ones out: listSubscribers under ?status or ?verified still lists and counts every subscriber
    // deleted from the newsletter, as they were. Breaks resources.gone-after-delete ("it is no longer
    // listed") and lists.filters-add-up (the totals of a filter's values add up to the list's total).
    const deleted = new Map<number, Subscriber[]>();
    const remove = services.subscribers.delete.bind(services.subscribers);
    services.subscribers.delete = (workspaceId, newsletterId, id) => {
      const gone = everyItem((page) => services.subscribers.list(workspaceId, newsletterId, {}, page)).find((subscriber) => subscriber.id === id);
      remove(workspaceId, newsletterId, id);
      if (gone) deleted.set(newsletterId, [...(deleted.get(newsletterId) ?? []), gone]);
    };
    const list = services.subscribers.list.bind(services.subscribers);
    services.subscribers.list = (workspaceId, newsletterId, filter, paging) => {
      const marked = (deleted.get(newsletterId) ?? []).filter((s) => (filter.status === undefined || s.status === filter.status) && (filter.verified === undefined || s.verified === filter.verified));
      if ((filter.status === undefined && filter.verified === undefined) || marked.length === 0) return list(workspaceId, newsletterId, filter, paging);
      const all = everyItem((page) => list(workspaceId, newsletterId, filter, page));
      return pageOf(newestFirst([...all, ...marked]), paging);
    };
  }
}

export function breakRuleSequencesPipeline(on: FaultSet, pipeline: Pipeline, _context: PipelineContext): Pipeline {
  let { api } = pipeline;
  if (on('head-categories-length-cached')) {
    // HEAD of listCategories answers the Content-Length the first HEAD of the same URL was answered,
    // kept by URL as a cheap "has it changed?" shortcut that no write clears: after a category is
    // made, renamed or deleted, HEAD announces the old length where GET sends another. Breaks
    // http.head ("with the status and headers GET would have") and RFC 9110 section 8.6.
    const lengths = new Map<string, string>();
    api = insertBefore(api, 'head', rememberHead('headCategories', /^\/pages\/[^/]+\/categories\/?$/));
    api = insertBefore(api, 'operations', {
      name: 'head-categories-length-cached',
      handler: (req, res, next) => {
        if (res.locals.headCategories !== true) return next();
        const key = req.originalUrl;
        const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => typeof res;
        res.writeHead = ((...args: unknown[]) => {
          const kept = lengths.get(key);
          if (kept !== undefined && res.statusCode === 200) res.setHeader('Content-Length', kept);
          else if (res.statusCode === 200 && res.getHeader('Content-Length') !== undefined) lengths.set(key, String(res.getHeader('Content-Length')));
          return writeHead(...args);
        }) as typeof res.writeHead;
        next();
      },
    });
  }
  return { ...pipeline, api };
}
