/**
 * auth.workspace-scope ("a request sees only that workspace: its pages, newsletters, authors and
 * everything under them") and lists.exact-filters ("`total` counts only them"), for every list under
 * every filter value. With --token2, the other workspace holds resources of the list's kind in every
 * state a filter of the list selects that the suite can bring about: a post draft and published, in a
 * category and in none; an email draft, scheduled and sent; a subscriber (active: every new one is, and
 * no operation makes one pending or suppressed); a category, a page, a newsletter; and its authors as
 * they are, then with one of them set to the other value of `active` (under that author's lock, set
 * back afterwards; only on a disposable target, since authors cannot be made). Then the first
 * workspace's list, unfiltered and under each value of each filter (an id filter: every id the items of
 * either workspace carry), shows none of them and counts none: under a parent of the test's own it
 * holds exactly the item the test made there where it matches, with that total; a shared top-level list
 * shows no id of the other workspace's items, and where one page holds it whole, its total is the count
 * of that page's items.
 *
 * A list query written for one filter value without the workspace's condition (an admin screen's list
 * of inactive authors reused) is right while the other workspace holds nothing in that state, which is
 * what a run meets unless it puts something there.
 *
 * Cost: per list, what the other workspace is given (two to seven requests, a delivery for a sent
 * email), a parent and one item of the test's own, and one read per filter value.
 */
import type { OperationInfo } from '../../contract/document.ts';
import { suiteContext } from '../context.ts';
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { Resources } from '../resources.ts';
import { holdingOtherAuthors, otherAuthorsShared } from '../shared-author.ts';
import { DELIVERY_TEST_TIMEOUT_MS } from './child-states.ts';
import { filtersOf } from './list-filters.ts';
import { hasOwnParent, isList, oneMoreItem, type ListedItem } from './populated.ts';
import { maximumSize, walkList } from './walk.ts';

const { contract } = suiteContext();

type Json = Record<string, unknown> & { id: number };

/** The other workspace, through its token: writes that must succeed, and reads of its lists. */
interface OtherWorkspace {
  write(operationId: string, ids: Record<string, number>, body?: Record<string, unknown>): Promise<Json>;
  /** Its list, read whole at the largest size. */
  list(operationId: string, ids: Record<string, number>, query?: Record<string, string>): Promise<Json[]>;
  read(operationId: string, ids: Record<string, number>): Promise<Json>;
  /** A child it holds, deleted after the operation's tests where its state allows. */
  cleanup(deleteId: string, ids: Record<string, number>): void;
}

function otherWorkspace(t: Kit, token: string): OtherWorkspace {
  const authorization = `Bearer ${token}`;
  const send = async (operationId: string, ids: Record<string, number>, extra: { body?: Record<string, unknown>; query?: Record<string, string | number> }) => {
    const { status, json, exchange } = await t.call(contract.operation(operationId), { ids, ...extra, authorization });
    t.ensure(status !== undefined && status >= 200 && status < 300, `${operationId} in the --token2 workspace answered ${status ?? 'nothing'}; expected success`, { evidence: exchange });
    return json;
  };
  return {
    write: async (operationId, ids, body = {}) => (await send(operationId, ids, { body })) as Json,
    list: async (operationId, ids, query = {}) => {
      const items: Json[] = [];
      for (let page = 1; page <= 100; page++) {
        const envelope = (await send(operationId, ids, { query: { ...query, page, size: 100 } })) as { result?: Json[]; total?: number };
        items.push(...(envelope.result ?? []));
        if ((envelope.result ?? []).length < 100) break;
      }
      return items;
    },
    read: async (operationId, ids) => (await send(operationId, ids, {})) as Json,
    cleanup: (deleteId, ids) =>
      t.cleanup(`${deleteId} ${JSON.stringify(ids)} in the --token2 workspace`, async () => {
        const { status } = await t.call(contract.operation(deleteId), { ids, authorization });
        // Already gone, or no longer deletable in its state (a scheduled or sent email): not a leftover.
        if (status !== 204 && status !== 404 && status !== 409) throw new Error(`answered ${status ?? 'nothing'}`);
      }),
  };
}

/** A date-time two days ahead in whole seconds, as `scheduled_at` takes it. */
const twoDaysAhead = () => new Date(Math.floor(Date.now() / 1000) * 1000 + 2 * 86_400_000).toISOString();

/**
 * Gives the other workspace items of the list's kind in every state the suite can bring about, and
 * calls `judge` with them (as its own list shows them) once per arrangement of states.
 */
type Holds = (t: Kit, other: OtherWorkspace, judge: (theirs: Json[], arrangement: string) => Promise<void>) => Promise<void>;

const named = (t: Kit, label: string) => ({ name: t.names.name(label) });

const HOLDS: Record<string, Holds> = {
  listPages: async (t, other, judge) => judge([await other.write('createPage', {}, named(t, 'other-workspace-page'))], 'a page'),
  listNewsletters: async (t, other, judge) => judge([await other.write('createNewsletter', {}, named(t, 'other-workspace-newsletter'))], 'a newsletter'),
  listCategories: async (t, other, judge) => {
    const page = await other.write('createPage', {}, named(t, 'other-workspace-page'));
    const category = await other.write('createCategory', { page_id: page.id }, named(t, 'category'));
    other.cleanup('deleteCategory', { page_id: page.id, id: category.id });
    await judge([category], 'a category');
  },
  listPosts: async (t, other, judge) => {
    const page = await other.write('createPage', {}, named(t, 'other-workspace-page'));
    const category = await other.write('createCategory', { page_id: page.id }, named(t, 'category'));
    other.cleanup('deleteCategory', { page_id: page.id, id: category.id });
    for (const [status, category_id] of [['draft', category.id], ['published', null], ['published', category.id], ['draft', null]] as const) {
      const post = await other.write('createPost', { page_id: page.id }, { title: t.names.name('post'), status, category_id });
      other.cleanup('deletePost', { page_id: page.id, id: post.id });
    }
    await judge(await other.list('listPosts', { page_id: page.id }), 'posts draft and published, in a category and in none');
  },
  listEmails: async (t, other, judge) => {
    const newsletter = await other.write('createNewsletter', {}, named(t, 'other-workspace-newsletter'));
    const subscriber = await other.write('createSubscriber', { newsletter_id: newsletter.id }, { email: t.names.email('other-workspace') });
    other.cleanup('deleteSubscriber', { newsletter_id: newsletter.id, id: subscriber.id });
    const email = async () => {
      const made = await other.write('createEmail', { newsletter_id: newsletter.id }, { subject: t.names.name('email'), content_html: '<p>Sent by the conformance suite to a reserved example.com address.</p>' });
      other.cleanup('deleteEmail', { newsletter_id: newsletter.id, id: made.id });
      return { newsletter_id: newsletter.id, id: made.id };
    };
    await email();
    await other.write('sendEmail', await email(), { scheduled_at: twoDaysAhead() });
    const sent = await email();
    await other.write('sendEmail', sent, {});
    const delivered = await t.poll(() => other.read('getEmail', sent), (read) => read.status === 'sent' || read.status === 'failed', t.options.deliveryTimeoutSeconds * 1000);
    if (delivered.status !== 'sent') t.notApplicable(`needs a sent email in the --token2 workspace, but it is ${String(delivered.status)} after ${t.options.deliveryTimeoutSeconds} s`);
    await judge(await other.list('listEmails', { newsletter_id: newsletter.id }), 'emails draft, scheduled and sent');
  },
  listSubscribers: async (t, other, judge) => {
    const newsletter = await other.write('createNewsletter', {}, named(t, 'other-workspace-newsletter'));
    const subscriber = await other.write('createSubscriber', { newsletter_id: newsletter.id }, { email: t.names.email('other-workspace') });
    other.cleanup('deleteSubscriber', { newsletter_id: newsletter.id, id: subscriber.id });
    await judge([subscriber], 'a subscriber');
  },
  listAuthors: async (t, other, judge) => {
    // Authors cannot be made: the other workspace's own, as they are, then one set to the other value
    // of `active` and back, under the lock of that workspace's authors (the model phase and the tests
    // that name one of them read them under the same lock).
    if (!otherAuthorsShared(t)) t.notApplicable('needs the --token2 workspace to hold an inactive author, and authors cannot be created: the suite sets one inactive and back only on a disposable target (--disposable-target)');
    const authors = async () => [...(await other.list('listAuthors', {}, { active: 'true' })), ...(await other.list('listAuthors', {}, { active: 'false' }))];
    await holdingOtherAuthors(t, async () => {
      const first = (await authors())[0];
      if (!first) return t.notApplicable('the --token2 workspace lists no author, active or not');
      const original = (await other.read('getAuthor', { id: first.id })).active;
      await judge(await authors(), `its authors as they are (author ${first.id} active ${String(original)})`);
      await other.write('updateAuthor', { id: first.id }, { active: !original });
      try {
        await judge(await authors(), `author ${first.id} set to active ${String(!original)}`);
      } finally {
        await other.write('updateAuthor', { id: first.id }, { active: original });
      }
    });
  },
};

/** A parent of the test's own with one plain item in the list: its path ids, and the item's id. */
async function ownParent(t: Kit, operation: OperationInfo): Promise<{ ids: Record<string, number>; made: number }> {
  const resources = new Resources(t);
  const ids: Record<string, number> = operation.path.includes('{page_id}') ? { page_id: (await resources.page('isolated')).id } : { newsletter_id: (await resources.newsletter('isolated')).id };
  return { ids, made: await oneMoreItem(t, operation, ids) };
}

/**
 * Every query the list is read with: none, then each value of each filter alone (an id filter: the ids
 * the other workspace's items carry; the test's own item, plain, carries none).
 */
function queriesOf(operation: OperationInfo, items: Json[]): Record<string, string>[] {
  const queries: Record<string, string>[] = [{}];
  for (const filter of filtersOf(contract, operation)) {
    const values = filter.values ?? [...new Set(items.map((item) => item[filter.name]).filter((value) => value !== null && value !== undefined).map(String))];
    for (const value of values) queries.push({ [filter.name]: value });
  }
  return queries;
}

const describeQuery = (query: Record<string, string>) => (Object.keys(query).length === 0 ? 'without a filter' : `?${Object.entries(query).map(([name, value]) => `${name}=${value}`).join('&')}`);
const matches = (item: ListedItem, query: Record<string, string>) => Object.entries(query).every(([name, value]) => String(item[name]) === value);

for (const operation of contract.operations.filter((candidate) => isList(contract, candidate) && HOLDS[candidate.operationId])) {
  forOperation(operation.operationId, (test) => {
    test("never shows nor counts another workspace's items, in every state a filter selects, without a filter or under each filter value", { check: 'workspace_isolation', rules: ['auth.workspace-scope', 'lists.exact-filters'], needs: ['state', 'token_validation'], timeoutMs: DELIVERY_TEST_TIMEOUT_MS }, async (t: Kit) => {
      if (!t.options.token2) t.notApplicable('needs --token2, a token of a second workspace');
      const own = hasOwnParent(operation) ? await ownParent(t, operation) : undefined;
      const ids = own?.ids ?? {};
      const largest = maximumSize(t, operation);
      await HOLDS[operation.operationId]!(t, otherWorkspace(t, t.options.token2), async (theirs, arrangement) => {
        const theirIds = new Set(theirs.map((item) => item.id));
        // Read without a filter first: under the test's own parent, what a filter must pick from.
        let unfiltered: ListedItem[] = [];
        for (const query of queriesOf(operation, theirs)) {
          const walk = await walkList(t, operation, ids, { size: largest, query });
          const where = `with the --token2 workspace holding ${arrangement}, ${operation.operationId} ${describeQuery(query)}`;
          if (!t.verify(walk.problem === undefined, `${where}: ${walk.problem}`, { evidence: walk.exchange })) return;
          const leaked = walk.items.filter((item) => theirIds.has(item.id));
          t.verify(leaked.length === 0, `${where} lists ${leaked.map((item) => item.id).join(', ')}, of the other workspace (a request sees only its own workspace)`, { evidence: walk.exchange, rules: ['auth.workspace-scope'] });
          if (Object.keys(query).length === 0) unfiltered = walk.items;
          if (own) {
            // Under the test's own parent: exactly the test's item where it matches, counted alone.
            const expected = Object.keys(query).length === 0 ? [own.made] : unfiltered.filter((item) => item.id === own.made && matches(item, query)).map((item) => item.id);
            const shown = walk.items.map((item) => item.id);
            t.verify(shown.join() === expected.join() && walk.total === expected.length, `${where} holds [${shown.join(', ')}] with total ${walk.total}; of the test's own parent, [${expected.join(', ')}] match (total ${expected.length})`, { evidence: walk.exchange, rules: ['auth.workspace-scope', 'lists.exact-filters'] });
          } else if (walk.total <= largest) {
            // A shared list that one page holds whole: its total is that page's count.
            t.verify(walk.total === walk.items.length, `${where} says total ${walk.total} but holds ${walk.items.length} items on its only page: total counts only the workspace's matching items`, { evidence: walk.exchange, rules: ['auth.workspace-scope', 'lists.exact-filters'] });
          }
        }
      });
    });
  });
}
