/**
 * The first time the server does a thing costs more than the next times: V8 compiles each function
 * on its first call, a module of the bundle initialises on first use, a regular expression compiles
 * on its first test, SQLite reads the pages of a table and its indexes for the first time. A client's
 * first request of an operation paid all of that (10 to 50 ms on a quiet machine, measured by
 * `npm run bench:start`).
 *
 * So the warm-up after listening (app.ts) rehearses what the operations do, once: it creates a
 * workspace with a page, a category, a post, an author, a newsletter, a subscriber and an email,
 * reads and lists each, serialises what it got, all in one transaction that is always rolled back. A
 * rollback leaves the database as it was (identifiers included: SQLite's sequence table is rolled
 * back with the rest), and the whole rehearsal runs in one turn of the event loop, so no request sees
 * it under way. Nothing leaves the process: no request, no mail (emails are only created, never
 * sent), no file, no Markdown rendering.
 */
import { inTransaction, type Db } from '../db/database.ts';
import { timestamp, type Clock } from '../domain/clock.ts';
import type { Stores } from '../store/index.ts';
import type { Services } from './index.ts';

/** Thrown inside the transaction to roll it back; never escapes. */
const ROLL_BACK = Symbol('rehearsal rolled back');

const PAGING = { page: 1, size: 10 };
const SAMPLE_HTML = '<p>Warm-up <em>content</em></p>';

export function rehearseOperations(db: Db, stores: Stores, services: Services, clock: Clock): void {
  try {
    inTransaction(db, () => {
      const answers: unknown[] = [];
      const workspace = stores.tokens.createWorkspace('Warm-up workspace', timestamp(clock));

      const page = services.pages.create(workspace, { name: 'Warm-up page' });
      answers.push(page, services.pages.get(workspace, page.id), services.pages.list(workspace, PAGING));
      const category = services.categories.create(workspace, page.id, { name: 'Warm-up category', color: '#336699' });
      answers.push(category, services.categories.get(workspace, page.id, category.id), services.categories.list(workspace, page.id, PAGING));
      const post = services.posts.create(workspace, page.id, { title: 'Warm-up post', category_id: category.id }, SAMPLE_HTML);
      answers.push(post, services.posts.get(workspace, page.id, post.id), services.posts.list(workspace, page.id, {}, PAGING));

      const author = services.authors.create(workspace, { first_name: 'Warm', last_name: 'Up', email: 'warm-up@example.com' });
      answers.push(author, services.authors.get(workspace, author.id), services.authors.list(workspace, true, PAGING));
      const newsletter = services.newsletters.create(workspace, { name: 'Warm-up newsletter' });
      answers.push(newsletter, services.newsletters.get(workspace, newsletter.id), services.newsletters.list(workspace, PAGING));
      const subscriber = services.subscribers.upsert(workspace, newsletter.id, 'reader@example.com');
      answers.push(subscriber, services.subscribers.list(workspace, newsletter.id, {}, PAGING));
      const email = services.emails.create(workspace, newsletter.id, { subject: 'Warm-up email', author_id: author.id }, SAMPLE_HTML);
      answers.push(email, services.emails.get(workspace, newsletter.id, email.id), services.emails.list(workspace, newsletter.id, undefined, PAGING));

      // What an answer's body goes through, once the handler has it.
      JSON.stringify(answers);
      throw ROLL_BACK;
    });
  } catch (err) {
    if (err !== ROLL_BACK) throw err;
  }
}
