/**
 * auth.workspace-scope, seen from the other side: with --token2, what one workspace does leaves every
 * answer in the other unchanged, and what the other holds changes nothing in its answers. The second
 * workspace gets a page (a category, a post) and a newsletter (a subscriber, an email); the first then
 * does the same with the same names, subjects and address, changes and deletes its own, and sends its
 * email. Every read of the second workspace's resources answers as before, and the first workspace's
 * derived values (slugs) are those of a workspace where the names are new: uniqueness is per workspace.
 */
import { suiteContext } from '../context.ts';
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';

const { contract } = suiteContext();

type Json = Record<string, unknown> & { id: number };

interface Actor {
  token: string;
  create(operationId: string, ids: Record<string, number>, body: Record<string, unknown>): Promise<Json>;
  read(operationId: string, ids: Record<string, number>): Promise<unknown>;
}

function actor(t: Kit, token: string, who: string): Actor {
  const authorization = `Bearer ${token}`;
  return {
    token,
    async create(operationId, ids, body) {
      const { status, json, exchange } = await t.call(contract.operation(operationId), { ids, body, authorization });
      t.ensure(status === 201 || status === 200, `${who}'s ${operationId} answered ${status ?? 'nothing'}`, { evidence: exchange });
      return json as Json;
    },
    async read(operationId, ids) {
      const operation = contract.operation(operationId);
      const { status, json } = await t.call(operation, { ids, query: operation.parameters.some((parameter) => parameter.name === 'size') ? { size: 100 } : undefined, authorization });
      return { status, json };
    },
  };
}

function requireSecondToken(t: Kit): string {
  if (!t.options.token2) t.notApplicable('needs --token2, a token of a second workspace');
  return t.options.token2;
}

/** What the second workspace reads of everything it made: compared before and after the first acts. */
async function snapshot(other: Actor, made: { page: Json; category: Json; post: Json; newsletter: Json; subscriber: Json; email: Json }): Promise<Record<string, unknown>> {
  const { page, category, post, newsletter, email } = made;
  return {
    getPage: await other.read('getPage', { id: page.id }),
    getCategory: await other.read('getCategory', { page_id: page.id, id: category.id }),
    getPost: await other.read('getPost', { page_id: page.id, id: post.id }),
    listCategories: await other.read('listCategories', { page_id: page.id }),
    listPosts: await other.read('listPosts', { page_id: page.id }),
    getNewsletter: await other.read('getNewsletter', { id: newsletter.id }),
    getEmail: await other.read('getEmail', { newsletter_id: newsletter.id, id: email.id }),
    listEmails: await other.read('listEmails', { newsletter_id: newsletter.id }),
    listSubscribers: await other.read('listSubscribers', { newsletter_id: newsletter.id }),
  };
}

forOperation('createPage', (test) => {
  test("leaves every answer of another workspace unchanged, and derives its own values as if the other's names were new", { check: 'workspace_isolation', rules: ['auth.workspace-scope', 'page.slug-from-name', 'post.slug-unique-in-page', 'category.slug-derived', 'email.created-draft'], needs: ['state', 'token_validation'], timeoutMs: 60_000 }, async (t: Kit) => {
    const other = actor(t, requireSecondToken(t), 'the second workspace');
    const own = actor(t, t.options.token, 'the first workspace');
    const names = { page: t.names.name('twin-page'), category: t.names.name('twin-category'), post: t.names.name('twin-post'), newsletter: t.names.name('twin-newsletter'), subject: t.names.name('twin-email'), address: t.names.email('twin') };
    const later = new Date(Date.now() + 30 * 24 * 3600 * 1000).toISOString();

    const make = async (who: Actor) => {
      const page = await who.create('createPage', {}, { name: names.page });
      const category = await who.create('createCategory', { page_id: page.id }, { name: names.category });
      const post = await who.create('createPost', { page_id: page.id }, { title: names.post, status: 'published', category_id: category.id });
      const newsletter = await who.create('createNewsletter', {}, { name: names.newsletter });
      const subscriber = await who.create('createSubscriber', { newsletter_id: newsletter.id }, { email: names.address });
      const email = await who.create('createEmail', { newsletter_id: newsletter.id }, { subject: names.subject, content_html: '<p>Made by the conformance suite.</p>' });
      return { page, category, post, newsletter, subscriber, email };
    };

    const theirs = await make(other);
    const before = await snapshot(other, theirs);
    const mine = await make(own);

    // Derived values are the ones a workspace without these names gets.
    for (const [what, field] of [['page', 'slug'], ['page', 'name_slug'], ['category', 'slug'], ['post', 'slug'], ['newsletter', 'name_slug'], ['email', 'slug']] as const) {
      t.verify(mine[what][field] === theirs[what][field], `the first workspace's ${what} got ${field} ${JSON.stringify(mine[what][field])}, the second's of the same name ${JSON.stringify(theirs[what][field])}: a ${field} is unique per workspace, so both are the name's own`);
    }
    t.verify(mine.subscriber.id !== theirs.subscriber.id, `the same address got subscriber ${mine.subscriber.id} in both workspaces: an upsert is per newsletter`);

    // The first workspace changes, sends and deletes its own.
    const act = async (operationId: string, ids: Record<string, number>, body?: Record<string, unknown>) => {
      const { status, exchange } = await t.call(contract.operation(operationId), { ids, body });
      t.verify(status !== undefined && status < 300, `the first workspace's ${operationId} of its own resource answered ${status ?? 'nothing'}`, { evidence: exchange });
    };
    await act('updatePage', { id: mine.page.id }, { name: t.names.name('twin-renamed') });
    await act('updateCategory', { page_id: mine.page.id, id: mine.category.id }, { name: t.names.name('twin-renamed'), color: '#112233' });
    await act('updatePost', { page_id: mine.page.id, id: mine.post.id }, { status: 'draft', title: t.names.name('twin-renamed') });
    await act('updateNewsletter', { id: mine.newsletter.id }, { name: t.names.name('twin-renamed') });
    await act('sendEmail', { newsletter_id: mine.newsletter.id, id: mine.email.id }, { scheduled_at: later });
    await act('deletePost', { page_id: mine.page.id, id: mine.post.id });
    await act('deleteCategory', { page_id: mine.page.id, id: mine.category.id });
    await act('deleteSubscriber', { newsletter_id: mine.newsletter.id, id: mine.subscriber.id });
    await own.create('createEmail', { newsletter_id: mine.newsletter.id }, { subject: names.subject });

    const after = await snapshot(other, theirs);
    for (const [read, value] of Object.entries(after)) {
      t.verify(JSON.stringify(value) === JSON.stringify(before[read]), `the second workspace's ${read} changed after the first workspace acted on its own resources of the same names: before ${JSON.stringify(before[read])}, after ${JSON.stringify(value)}`);
    }

    // Clean up what can be deleted in the second workspace.
    const authorization = `Bearer ${other.token}`;
    for (const [operationId, ids] of [
      ['deletePost', { page_id: theirs.page.id, id: theirs.post.id }],
      ['deleteCategory', { page_id: theirs.page.id, id: theirs.category.id }],
      ['deleteEmail', { newsletter_id: theirs.newsletter.id, id: theirs.email.id }],
      ['deleteSubscriber', { newsletter_id: theirs.newsletter.id, id: theirs.subscriber.id }],
    ] as const) {
      await t.call(contract.operation(operationId), { ids, authorization });
    }
  });
});
