/**
 * A fault of the class the twenty-eighth look's `emails-deep-page-positions-unversioned` belongs to (a
 * later page reached from a position remembered without the list's changes), at a depth the suite's
 * long lists reach: that fault starts at the 257th email, past any list the suite makes, and this one at
 * the 101st category proves the check of its class (past-largest-page.test.ts: one item more, then the
 * pages again).
 */
import type { ServerParts } from '../compose.ts';
import type { FaultSet } from './fault-set.ts';

/** The offset from which the fault's positions are remembered: a page past the first of the largest size. */
const REMEMBERED_FROM = 100;

export function breakRememberedPositionsParts(on: FaultSet, { services }: ServerParts): void {
  if (on('categories-later-pages-positions-unversioned')) {
    // listCategories reaches a page from the 101st category on from a remembered position (the category
    // at that place when such a page was first read), kept by page alone, without the list's change
    // counter: once a new category pushes the list down by one, the page starts one category late, leaving
    // out the one pushed onto it. Earlier pages, and later pages of a list unchanged since, are right.
    // Breaks lists.envelope-arithmetic ("walking the pages visits every item once").
    const kept = new Map<number, number>();
    const list = services.categories.list.bind(services.categories);
    services.categories.list = (workspaceId, pageId, paging) => {
      const answer = list(workspaceId, pageId, paging);
      const offset = (paging.page - 1) * paging.size;
      if (offset < REMEMBERED_FROM || answer.total <= offset) return answer;
      const all = list(workspaceId, pageId, { page: 1, size: answer.total }).items;
      const anchor = kept.get(pageId);
      if (anchor === undefined) {
        kept.set(pageId, all[REMEMBERED_FROM]!.id);
        return answer;
      }
      const from = all.findIndex((category) => category.id === anchor);
      if (from < 0) return answer;
      const start = from + (offset - REMEMBERED_FROM);
      return { total: answer.total, items: all.slice(start, start + paging.size) };
    };
  }
}
