/**
 * Work of an author in every state the contract lets it be in, for the tests that change the author
 * while it has some: author.inactive-keeps-work ("An author made inactive keeps their posts and
 * emails") lets any author be made inactive, whatever they wrote; a server that refuses the change for
 * an author of published posts, or of scheduled or sent emails, passes every test of an author with no
 * work, or with drafts alone.
 *
 * Cost: two posts on the shared page and two emails of the run's sending newsletter (one scheduled two
 * days ahead, one sent now, not waited for), made at once, and their two sends at once.
 */
import type { Kit } from '../kit.ts';
import { Resources } from '../resources.ts';

/** A piece of work and the get that reads it. */
export interface AuthorWork {
  state: string;
  readerId: 'getPost' | 'getEmail';
  ids: { page_id: number; id: number } | { newsletter_id: number; id: number };
  /** Fields a delivery under way may move meanwhile (an email sent now turns `sent`). */
  moving: string[];
}

/** A date-time two days ahead in whole seconds, as `scheduled_at` takes it. */
const twoDaysAhead = () => new Date(Math.floor(Date.now() / 1000) * 1000 + 2 * 86_400_000).toISOString();

/** A draft post, a published post, a scheduled email and an email sent now, each naming `authorId`. */
export async function workInEveryState(t: Kit, authorId: number): Promise<AuthorWork[]> {
  const resources = new Resources(t);
  const pageId = resources.sharedPageId();
  const post = async (status: 'draft' | 'published'): Promise<AuthorWork> => ({
    state: `a ${status} post`,
    readerId: 'getPost',
    ids: { page_id: pageId, id: (await resources.post(pageId, { status, author_id: authorId })).id },
    moving: [],
  });
  const email = async (scheduledAt: string | undefined, state: string): Promise<AuthorWork> => {
    const made = await resources.sendableEmail({ author_id: authorId });
    const ids = { newsletter_id: made.newsletter_id, id: made.id };
    const sent = await t.api.POST('/newsletters/{newsletter_id}/emails/{id}/send', { params: { path: ids }, body: scheduledAt ? { scheduled_at: scheduledAt } : {} });
    if (sent.response.status !== 200) t.notApplicable(`needs ${state}, but sendEmail answered ${sent.response.status}`);
    return { state, readerId: 'getEmail', ids, moving: scheduledAt ? [] : ['status', 'sent_at', 'updated_at'] };
  };
  return Promise.all([post('draft'), post('published'), email(twoDaysAhead(), 'a scheduled email'), email(undefined, 'an email sent now')]);
}
