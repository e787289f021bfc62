/**
 * A fault of the class the twenty-seventh look's `authors-inactive-by-deactivation` belongs to (a list
 * filtered by a state its items enter by a change, ordered by when they entered it), in a list the
 * suite can fill: the authors' list of the reference target holds one author per workspace, so that
 * fault cannot show from outside, and this one proves the check of its class (filtered lists whose
 * items entered the state in the reverse of their creation order: conformance/suite/relations/populated.ts).
 */
import type { ServerParts } from '../compose.ts';
import type { FaultSet } from './fault-set.ts';

export function breakEnteredStateOrderParts(on: FaultSet, { db, services }: ServerParts): void {
  if (on('posts-published-by-publication')) {
    // listPosts?status=published lists the published posts most recently published first (`ORDER BY
    // first_published_at DESC`), as a blog's front page does: posts published in another order than they
    // were written are listed out of the contract's order. Posts created published, in the order made,
    // every other filter and the whole list are right. Breaks lists.newest-first ("created_at
    // descending, then id descending") and the listPosts description.
    const published = db
      .prepare<[number, number, number], number>(
        `SELECT id FROM posts WHERE page_id = ? AND status = 'published' ORDER BY first_published_at DESC, id DESC LIMIT ? OFFSET ?`,
      )
      .pluck();
    const list = services.posts.list.bind(services.posts);
    services.posts.list = (workspaceId, pageId, filter, paging) => {
      const answer = list(workspaceId, pageId, filter, paging);
      if (filter.status !== 'published' || filter.category_id !== undefined) return answer;
      const ids = published.all(pageId, paging.size, (paging.page - 1) * paging.size);
      const byId = new Map(list(workspaceId, pageId, filter, { page: 1, size: Math.max(answer.total, 1) }).items.map((post) => [post.id, post]));
      return { ...answer, items: ids.map((id) => byId.get(id)!).filter(Boolean) };
    };
  }
}
