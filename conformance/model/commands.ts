/**
 * The commands of a model run, one request each, valid or not: every one names a workspace and picks
 * the resources it acts on among all the run has made, in either workspace, or an id that names nothing,
 * so the same command is a valid request, a wrong parent, another workspace's resource or a missing one
 * depending on the state. Each predicts the answer from the model alone, sends the request, compares,
 * and then learns from the answer.
 */
import fc from 'fast-check';
import { expectedSlug } from '../suite/slugs.ts';
import { newestFirst, uniqueSlug, type Json, type ServiceModel, type Workspace } from './state.ts';
import { authorChange, GetAuthor, LearnAuthors, ListAuthors, pickAuthor, UpdateAuthor } from './author-commands.ts';
import { allCategories, CreateCategory, DeleteCategory, GetCategory, ListCategories, OWN_SLUG, UpdateCategory, type CategoryChange } from './category-commands.ts';
import { firstUpload, imageArbitraries } from './image-commands.ts';
import { allEmails, allPosts, allSubscribers, compareItems, exchange, expectThat, GONE_REF, idOf, listPrediction, locate, learnRead, MISSING_REF, notFound, pageOf, pagingQuery, pickChild, pickParent, reachable, readPrediction, ws, type Paging } from './steps.ts';
import { CreateParent, parentArbitraries } from './parent-commands.ts';
import { READ, READ_FIELDS, REACH, type ModelRule } from './rules.ts';
import { notePredictionOpen, type Prediction, type World } from './world.ts';

type Command = fc.AsyncCommand<ServiceModel, World>;

const LATER_MS = 30 * 24 * 3600 * 1000;
const HTML = '<p>Written by the conformance suite model.</p>';
/** Markdown an update may send: each renders its word in bold (`**w**` is `<strong>w</strong>`). */
const MARKDOWN = ['**first**', 'Then **second**.', '*A* **third**'];
const BOLD = ['first', 'second', 'third'];

class CreateSubscriber implements Command {
  constructor(readonly workspace: Workspace, readonly newsletter: number, readonly address: number, readonly spelling: 'as-is' | 'capitals' | 'spaces') {}
  check = () => true;
  async run(model: ServiceModel, world: World) {
    const newsletter = pickParent(model.newsletters, this.workspace, this.newsletter);
    const address = world.names.addresses[this.address % world.names.addresses.length]!;
    const sent = this.spelling === 'capitals' ? address.toUpperCase() : this.spelling === 'spaces' ? ` ${address}\t` : address;
    const existing = newsletter?.subscribers.find((subscriber) => subscriber.address === address);
    let prediction: Prediction;
    if (!reachable(newsletter, this.workspace)) prediction = notFound(this.workspace, newsletter);
    else if (existing) prediction = { status: 200, same: existing.snapshot, rules: ['subscriber.upsert-same-id', ...REACH] };
    else prediction = { status: 200, fields: { email: address, newsletter_id: newsletter!.snapshot.id, active: true, verified: true, status: 'active' }, rules: ['subscriber.new-active-verified', ...REACH] };
    const answer = await exchange(world, `createSubscriber ${JSON.stringify(sent)} on newsletter ${idOf(newsletter)}`, { operationId: 'createSubscriber', workspace: this.workspace, ids: { newsletter_id: idOf(newsletter) }, body: { email: sent } }, prediction);
    if (prediction.status === 200 && !existing) newsletter!.subscribers.push({ address, snapshot: answer.json as Json });
  }
  toString = () => `createSubscriber ${ws(this.workspace)} newsletter#${this.newsletter} address#${this.address} ${this.spelling}`;
}

class DeleteSubscriber implements Command {
  constructor(readonly workspace: Workspace, readonly newsletter: number, readonly subscriber: number) {}
  check = () => true;
  async run(model: ServiceModel, world: World) {
    const { parent: newsletter, target, found, missed } = locate(model.newsletters, allSubscribers(model), this.workspace, this.newsletter, this.subscriber, model.deleted.subscribers);
    await exchange(world, `deleteSubscriber ${idOf(target?.child)} of newsletter ${idOf(newsletter)}`, { operationId: 'deleteSubscriber', workspace: this.workspace, ids: { newsletter_id: idOf(newsletter), id: idOf(target?.child) } }, found ? { status: 204, rules: REACH } : missed!);
    if (!found) return;
    newsletter!.subscribers.splice(newsletter!.subscribers.indexOf(target!.child), 1);
    model.deleted.subscribers.push(target!);
  }
  toString = () => `deleteSubscriber ${ws(this.workspace)} newsletter#${this.newsletter} subscriber#${this.subscriber}`;
}

class ListSubscribers implements Command {
  constructor(readonly workspace: Workspace, readonly newsletter: number, readonly paging: Paging, readonly head: boolean) {}
  check = () => true;
  async run(model: ServiceModel, world: World) {
    const newsletter = pickParent(model.newsletters, this.workspace, this.newsletter);
    const items = newsletter ? newestFirst(newsletter.subscribers) : [];
    const query = pagingQuery(this.paging, items.length);
    const prediction = listPrediction(newsletter, this.workspace, items, model.deleted.subscribers, query);
    const answer = await exchange(world, `listSubscribers of newsletter ${idOf(newsletter)} ${pagingText(query)}`, { operationId: 'listSubscribers', workspace: this.workspace, ids: { newsletter_id: idOf(newsletter) }, query, head: this.head }, prediction);
    if (prediction.status === 200 && !this.head) compareItems(world, 'listSubscribers', pageOf(items, query), answer);
  }
  toString = () => `${this.head ? 'HEAD ' : ''}listSubscribers ${ws(this.workspace)} newsletter#${this.newsletter} ${JSON.stringify(this.paging ?? 'whole')}`;
}

const pagingText = (query: { page: number; size: number }) => `?page=${query.page}&size=${query.size}`;

class CreateEmail implements Command {
  /**
   * `author`: a reference value (see steps.ts) for the `author_id` to send, `own` for the workspace's
   * first author if it has one (else none), or undefined to send none.
   */
  constructor(readonly workspace: Workspace, readonly newsletter: number, readonly subject: number, readonly author?: number | 'own') {}
  check = () => true;
  async run(model: ServiceModel, world: World) {
    const newsletter = pickParent(model.newsletters, this.workspace, this.newsletter);
    const subject = world.names.subjects[this.subject % world.names.subjects.length]!;
    const first = pickAuthor(model, this.workspace, 0);
    const author = this.author === undefined ? undefined : this.author === 'own' ? (first.own ? first : undefined) : pickAuthor(model, this.workspace, this.author);
    let prediction: Prediction;
    // The newsletter the path names (404) comes before the author the body names (422).
    if (!reachable(newsletter, this.workspace)) prediction = notFound(this.workspace, newsletter);
    else if (author && !author.own) prediction = { status: 422, rules: ['resources.author-of-workspace', 'errors.precedence'] };
    else {
      const fields: Record<string, unknown> = { subject, status: 'draft', newsletter_id: newsletter!.snapshot.id, content_html: HTML, scheduled_at: null, author_id: author?.id ?? null };
      // A deleted email holds no slug (resources.gone-after-delete): only the newsletter's emails count.
      fields.slug = uniqueSlug(expectedSlug(subject), newsletter!.emails.map((email) => String(email.snapshot.slug)));
      prediction = { status: 201, fields, rules: ['email.created-draft', 'resources.author-of-workspace', ...REACH], fieldRules: { slug: ['resources.answer-as-stored', 'email.created-draft', 'resources.gone-after-delete'], author_id: ['resources.author-of-workspace'] } };
    }
    const body = { subject, content_html: HTML, ...(author ? { author_id: author.id } : {}) };
    const answer = await exchange(world, `createEmail ${JSON.stringify(subject)} in newsletter ${idOf(newsletter)}${author ? ` by author ${author.id}` : ''}`, { operationId: 'createEmail', workspace: this.workspace, ids: { newsletter_id: idOf(newsletter) }, body }, prediction);
    if (prediction.status === 201) newsletter!.emails.push({ status: 'draft', snapshot: answer.json as Json });
  }
  toString = () => `createEmail ${ws(this.workspace)} newsletter#${this.newsletter} subject#${this.subject}${this.author === undefined ? '' : ` author#${this.author}`}`;
}

class UpdateEmail implements Command {
  /** `markdown`: an index into MARKDOWN to send as `content_md` too (rendered, since no content_html is sent), or undefined. */
  constructor(readonly workspace: Workspace, readonly newsletter: number, readonly email: number, readonly subject: number, readonly markdown?: number) {}
  check = () => true;
  async run(model: ServiceModel, world: World) {
    const { parent: newsletter, target, found, missed } = locate(model.newsletters, allEmails(model), this.workspace, this.newsletter, this.email, model.deleted.emails);
    const subject = `${world.names.subjects[this.subject % world.names.subjects.length]!} (changed)`;
    let prediction: Prediction;
    if (!found) prediction = missed!;
    else if (target!.child.status !== 'draft') prediction = { status: 409, rules: ['email.only-draft-changes'] };
    else {
      notePredictionOpen(world, "an email's slug after a new subject: the contract does not say whether it follows the subject");
      // The author stays: the update does not name it (resources.patch-named-fields-only), and an
      // author made inactive keeps their emails (author.inactive-keeps-work).
      const content = this.markdown === undefined ? { content_html: target!.child.snapshot.content_html } : {};
      prediction = {
        status: 200,
        fields: { id: target!.child.snapshot.id, subject, status: 'draft', ...content, author_id: target!.child.snapshot.author_id },
        rules: ['email.only-draft-changes', 'resources.patch-named-fields-only', ...REACH],
        fieldRules: { subject: ['resources.answer-as-stored'], author_id: READ_FIELDS.author_id! },
      };
    }
    const markdown = this.markdown === undefined ? undefined : MARKDOWN[this.markdown % MARKDOWN.length]!;
    const step = `updateEmail ${idOf(target?.child)} of newsletter ${idOf(newsletter)} to subject ${JSON.stringify(subject)}${markdown ? ` and content_md ${JSON.stringify(markdown)}` : ''}`;
    const answer = await exchange(world, step, { operationId: 'updateEmail', workspace: this.workspace, ids: { newsletter_id: idOf(newsletter), id: idOf(target?.child) }, body: { subject, ...(markdown ? { content_md: markdown } : {}) } }, prediction);
    if (prediction.status !== 200) return;
    if (markdown) {
      // This Markdown's rendering, not an earlier one's: its word in bold, no other word of the pool.
      // The rest of the HTML the contract leaves to the renderer, learned from the answer.
      const html = String((answer.json as Json).content_html);
      const word = BOLD[this.markdown! % BOLD.length]!;
      const rendered = html.includes(`<strong>${word}</strong>`) && BOLD.every((other) => other === word || !html.includes(`<strong>${other}</strong>`));
      expectThat(rendered, step, 'content_html', `the rendering of ${JSON.stringify(markdown)}, with <strong>${word}</strong>`, answer, ['email.created-draft', 'resources.update-kept']);
    }
    target!.child.snapshot = answer.json as Json;
  }
  toString = () => `updateEmail ${ws(this.workspace)} newsletter#${this.newsletter} email#${this.email} subject#${this.subject}${this.markdown === undefined ? '' : ` markdown#${this.markdown}`}`;
}

class SendEmail implements Command {
  constructor(readonly workspace: Workspace, readonly newsletter: number, readonly email: number, readonly past: boolean) {}
  check = () => true;
  async run(model: ServiceModel, world: World) {
    const { parent: newsletter, target, found, missed } = locate(model.newsletters, allEmails(model), this.workspace, this.newsletter, this.email, model.deleted.emails);
    // Whole seconds: the instant is compared as the contract's timestamp spells it.
    const at = new Date(Math.floor((Date.now() + (this.past ? -3_600_000 : LATER_MS)) / 1000) * 1000).toISOString();
    // The contract's order of errors: the time (422), the email (404), its state (409), its readiness (422).
    let prediction: Prediction;
    if (this.past) prediction = { status: 422, rules: ['email.send-past-time', 'errors.precedence'] };
    else if (!found) prediction = { ...missed!, rules: [...missed!.rules, 'errors.precedence'] };
    else if (newsletter!.subscribers.length === 0) prediction = { status: 422, rules: ['email.send-not-ready', 'errors.precedence'] };
    else {
      const fields = { id: target!.child.snapshot.id, status: 'scheduled', scheduled_at: at, sent_at: null, subject: target!.child.snapshot.subject, author_id: target!.child.snapshot.author_id };
      // Sending a scheduled email again replaces its time: never a 409 before it is sent.
      prediction = { status: 200, fields, rules: ['email.send-later', 'email.send-not-ready', ...REACH], fieldRules: { subject: READ, author_id: READ_FIELDS.author_id! } };
    }
    const answer = await exchange(world, `sendEmail ${idOf(target?.child)} of newsletter ${idOf(newsletter)} at ${at}`, { operationId: 'sendEmail', workspace: this.workspace, ids: { newsletter_id: idOf(newsletter), id: idOf(target?.child) }, body: { scheduled_at: at } }, prediction);
    if (prediction.status === 200) {
      target!.child.status = 'scheduled';
      target!.child.snapshot = answer.json as Json;
    }
  }
  toString = () => `sendEmail ${ws(this.workspace)} newsletter#${this.newsletter} email#${this.email} ${this.past ? 'an hour ago' : 'in 30 days'}`;
}

class DeleteEmail implements Command {
  constructor(readonly workspace: Workspace, readonly newsletter: number, readonly email: number) {}
  check = () => true;
  async run(model: ServiceModel, world: World) {
    const { parent: newsletter, target, found, missed } = locate(model.newsletters, allEmails(model), this.workspace, this.newsletter, this.email, model.deleted.emails);
    const status = !found ? 404 : target!.child.status === 'draft' ? 204 : 409;
    const rules: readonly ModelRule[] = status === 409 ? ['email.only-draft-changes'] : status === 204 ? ['email.only-draft-changes', ...REACH] : missed!.rules;
    await exchange(world, `deleteEmail ${idOf(target?.child)} of newsletter ${idOf(newsletter)}`, { operationId: 'deleteEmail', workspace: this.workspace, ids: { newsletter_id: idOf(newsletter), id: idOf(target?.child) } }, { status, rules });
    if (status === 204) {
      newsletter!.emails.splice(newsletter!.emails.indexOf(target!.child), 1);
      model.deleted.emails.push(target!);
    }
  }
  toString = () => `deleteEmail ${ws(this.workspace)} newsletter#${this.newsletter} email#${this.email}`;
}

class GetEmail implements Command {
  constructor(readonly workspace: Workspace, readonly newsletter: number, readonly email: number, readonly head = false) {}
  check = () => true;
  async run(model: ServiceModel, world: World) {
    const { parent: newsletter, target, found, missed } = locate(model.newsletters, allEmails(model), this.workspace, this.newsletter, this.email, model.deleted.emails);
    await exchange(world, `getEmail ${idOf(target?.child)} of newsletter ${idOf(newsletter)}`, { operationId: 'getEmail', workspace: this.workspace, ids: { newsletter_id: idOf(newsletter), id: idOf(target?.child) }, head: this.head }, found ? { status: 200, same: target!.child.snapshot, rules: READ, fieldRules: READ_FIELDS } : missed!);
  }
  toString = () => `${this.head ? 'HEAD ' : ''}getEmail ${ws(this.workspace)} newsletter#${this.newsletter} email#${this.email}`;
}

class ListEmails implements Command {
  constructor(readonly workspace: Workspace, readonly newsletter: number, readonly status: 'draft' | 'scheduled' | undefined, readonly paging: Paging = undefined, readonly head = false) {}
  check = () => true;
  async run(model: ServiceModel, world: World) {
    const newsletter = pickParent(model.newsletters, this.workspace, this.newsletter);
    const items = newestFirst((newsletter?.emails ?? []).filter((email) => this.status === undefined || email.status === this.status));
    const paging = pagingQuery(this.paging, items.length);
    const prediction = listPrediction(newsletter, this.workspace, items, model.deleted.emails, paging);
    const query: Record<string, string | number> = { ...paging, ...(this.status ? { status: this.status } : {}) };
    const answer = await exchange(world, `listEmails of newsletter ${idOf(newsletter)} ${pagingText(paging)}${this.status ? `&status=${this.status}` : ''}`, { operationId: 'listEmails', workspace: this.workspace, ids: { newsletter_id: idOf(newsletter) }, query, head: this.head }, prediction);
    if (prediction.status === 200 && !this.head) compareItems(world, 'listEmails', pageOf(items, paging), answer);
  }
  toString = () => `${this.head ? 'HEAD ' : ''}listEmails ${ws(this.workspace)} newsletter#${this.newsletter}${this.status ? ` status=${this.status}` : ''} ${JSON.stringify(this.paging ?? 'whole')}`;
}

class CreatePost implements Command {
  /**
   * `category` and `author`: reference values (see steps.ts) for the `category_id` and `author_id` to
   * send, or undefined to send none. A category is one of the page's own, another page's, or none.
   */
  constructor(readonly workspace: Workspace, readonly page: number, readonly title: number, readonly published: boolean, readonly category?: number, readonly author?: number) {}
  check = () => true;
  async run(model: ServiceModel, world: World) {
    const page = pickParent(model.pages, this.workspace, this.page);
    const title = world.names.titles[this.title % world.names.titles.length]!;
    const status = this.published ? 'published' : 'draft';
    const category = this.category === undefined ? undefined : pickChild(allCategories(model), page, this.category);
    const categoryId = this.category === undefined ? undefined : idOf(category?.child);
    const author = this.author === undefined ? undefined : pickAuthor(model, this.workspace, this.author);
    const references = (categoryId === undefined || category?.parent === page) && (author === undefined || author.own);
    let prediction: Prediction;
    // The page the path names (404) comes before what the body names (422): a category of the same
    // page (post.category-of-same-page), an author of the workspace (resources.author-of-workspace).
    if (!reachable(page, this.workspace)) prediction = notFound(this.workspace, page);
    else if (!references) prediction = { status: 422, rules: ['post.category-of-same-page', 'resources.author-of-workspace', 'errors.precedence'] };
    else {
      const fields: Record<string, unknown> = { title, status, page_id: page!.snapshot.id, category_id: categoryId ?? null, scheduled_at: null };
      if (!this.published) fields.first_published_at = null;
      // A deleted post holds no slug (resources.gone-after-delete): only the page's posts count.
      fields.slug = uniqueSlug(expectedSlug(title), page!.posts.map((post) => String(post.snapshot.slug)));
      const decided = this.published ? 'post.published-now' : 'post.draft-by-default';
      prediction = {
        status: 201,
        fields,
        rules: [decided, 'post.category-of-same-page', 'resources.author-of-workspace', ...REACH],
        fieldRules: { slug: ['post.slug-unique-in-page'], title: ['resources.answer-as-stored'], category_id: ['post.category-of-same-page'] },
      };
    }
    const step = `createPost ${JSON.stringify(title)} ${status} in page ${idOf(page)}`;
    const body = { title, status, ...(categoryId !== undefined ? { category_id: categoryId } : {}), ...(author ? { author_id: author.id } : {}) };
    const answer = await exchange(world, `${step}${categoryId !== undefined ? ` in category ${categoryId}` : ''}${author ? ` by author ${author.id}` : ''}`, { operationId: 'createPost', workspace: this.workspace, ids: { page_id: idOf(page) }, body }, prediction);
    if (prediction.status !== 201) return;
    if (this.published) expectThat(typeof (answer.json as Json).first_published_at === 'string', step, 'first_published_at', 'the time it was published', answer, ['post.published-now']);
    page!.posts.push({ snapshot: answer.json as Json });
  }
  toString = () =>
    `createPost ${ws(this.workspace)} page#${this.page} title#${this.title} ${this.published ? 'published' : 'draft'}${this.category === undefined ? '' : ` category#${this.category}`}${this.author === undefined ? '' : ` author#${this.author}`}`;
}

class UpdatePost implements Command {
  constructor(readonly workspace: Workspace, readonly page: number, readonly post: number, readonly published: boolean) {}
  check = () => true;
  async run(model: ServiceModel, world: World) {
    const { parent: page, target, found, missed } = locate(model.pages, allPosts(model), this.workspace, this.page, this.post, model.deleted.posts);
    const status = this.published ? 'published' : 'draft';
    let prediction: Prediction;
    const before = target?.child.snapshot;
    if (!found) prediction = missed!;
    else {
      const fields: Record<string, unknown> = { id: before!.id, status, slug: before!.slug, title: before!.title };
      // Set by the first publication, never changed or cleared afterwards.
      if (before!.first_published_at !== null || !this.published) fields.first_published_at = before!.first_published_at;
      prediction = { status: 200, fields, rules: ['resources.patch-named-fields-only', ...REACH], fieldRules: { first_published_at: ['post.first-published-kept'] } };
    }
    const step = `updatePost ${idOf(target?.child)} of page ${idOf(page)} to ${status}`;
    const answer = await exchange(world, step, { operationId: 'updatePost', workspace: this.workspace, ids: { page_id: idOf(page), id: idOf(target?.child) }, body: { status } }, prediction);
    if (prediction.status !== 200) return;
    if (this.published) expectThat(typeof (answer.json as Json).first_published_at === 'string', step, 'first_published_at', 'the time it was first published', answer, ['post.first-published-kept']);
    target!.child.snapshot = answer.json as Json;
    target!.child.updatedAtOpen = false;
  }
  toString = () => `updatePost ${ws(this.workspace)} page#${this.page} post#${this.post} to ${this.published ? 'published' : 'draft'}`;
}

class DeletePost implements Command {
  constructor(readonly workspace: Workspace, readonly page: number, readonly post: number) {}
  check = () => true;
  async run(model: ServiceModel, world: World) {
    const { parent: page, target, found, missed } = locate(model.pages, allPosts(model), this.workspace, this.page, this.post, model.deleted.posts);
    await exchange(world, `deletePost ${idOf(target?.child)} of page ${idOf(page)}`, { operationId: 'deletePost', workspace: this.workspace, ids: { page_id: idOf(page), id: idOf(target?.child) } }, found ? { status: 204, rules: REACH } : missed!);
    if (found) {
      page!.posts.splice(page!.posts.indexOf(target!.child), 1);
      model.deleted.posts.push(target!);
    }
  }
  toString = () => `deletePost ${ws(this.workspace)} page#${this.page} post#${this.post}`;
}

class GetPost implements Command {
  constructor(readonly workspace: Workspace, readonly page: number, readonly post: number, readonly head = false) {}
  check = () => true;
  async run(model: ServiceModel, world: World) {
    const { parent: page, target, found, missed } = locate(model.pages, allPosts(model), this.workspace, this.page, this.post, model.deleted.posts);
    const answer = await exchange(world, `getPost ${idOf(target?.child)} of page ${idOf(page)}`, { operationId: 'getPost', workspace: this.workspace, ids: { page_id: idOf(page), id: idOf(target?.child) }, head: this.head }, found ? readPrediction(target!.child) : missed!);
    if (found && !this.head) learnRead(target!.child, answer.json);
  }
  toString = () => `${this.head ? 'HEAD ' : ''}getPost ${ws(this.workspace)} page#${this.page} post#${this.post}`;
}

class ListPosts implements Command {
  /**
   * `category`: a reference value (see steps.ts) for a `category_id` filter, drawn from every page's
   * categories: one of another page is on no post of this page, an empty list (the filter's contract).
   */
  constructor(readonly workspace: Workspace, readonly page: number, readonly status: 'draft' | 'published' | undefined, readonly category: number | undefined = undefined, readonly paging: Paging = undefined, readonly head = false) {}
  check = () => true;
  async run(model: ServiceModel, world: World) {
    const page = pickParent(model.pages, this.workspace, this.page);
    const category = this.category === undefined ? undefined : idOf(pickChild(allCategories(model), page, this.category)?.child);
    const items = newestFirst((page?.posts ?? []).filter((post) => (this.status === undefined || post.snapshot.status === this.status) && (category === undefined || post.snapshot.category_id === category)));
    const paging = pagingQuery(this.paging, items.length);
    const prediction = listPrediction(page, this.workspace, items, model.deleted.posts, paging);
    const filters = { ...(this.status ? { status: this.status } : {}), ...(category !== undefined ? { category_id: category } : {}) };
    const query: Record<string, string | number> = { ...paging, ...filters };
    const answer = await exchange(world, `listPosts of page ${idOf(page)} ${pagingText(paging)}${Object.entries(filters).map(([name, value]) => `&${name}=${value}`).join('')}`, { operationId: 'listPosts', workspace: this.workspace, ids: { page_id: idOf(page) }, query, head: this.head }, prediction);
    if (prediction.status === 200 && !this.head) compareItems(world, 'listPosts', pageOf(items, paging), answer);
  }
  toString = () => `${this.head ? 'HEAD ' : ''}listPosts ${ws(this.workspace)} page#${this.page}${this.status ? ` status=${this.status}` : ''}${this.category === undefined ? '' : ` category#${this.category}`} ${JSON.stringify(this.paging ?? 'whole')}`;
}

/**
 * The commands, over the workspaces the run has tokens for, each with its weight in the choice of the
 * next command. The kinds of requests the model first sent keep their share: each family's requests
 * (creates, updates, deletes, whole reads) weigh what they weighed, so adding a kind does not make the
 * sequences that show a family's properties rarer. The variants added since (HEAD of a read, a list a
 * page at a time, a post list filtered by a category, renames, explicit category slugs, Markdown
 * updates, parents read, other updates of parents, category updates, image uploads and reads) come on
 * top at small weights. Updates of authors only where the run may change one (`authorsWritable`):
 * authors cannot be created, so an update changes what the run did not make.
 */
export function commandArbitraries(workspaces: Workspace[], authorsWritable: boolean): fc.WeightedArbitrary<Command>[] {
  const w = fc.constantFrom(...workspaces);
  const ref = fc.nat({ max: MISSING_REF });
  // A child a request names: the newest one of its parent one time in three (pickChild counts from the
  // newest), the one last deleted from it one time in six, so that a request follows up on what the
  // previous ones did (a read after an update, a second delete) as often as it names anything else.
  const child = fc.oneof({ arbitrary: fc.constant(0), weight: 2 }, { arbitrary: fc.constant(GONE_REF), weight: 1 }, { arbitrary: ref, weight: 3 });
  const bit = fc.boolean();
  // A reference for a field the body may leave out (a post's category, an author): left out three times
  // in four, so the creates that make state still outnumber the ones refused for what they name.
  const maybeRef = fc.oneof({ arbitrary: fc.constant(undefined), weight: 3 }, { arbitrary: ref, weight: 1 });
  // A page of a list: a small one of it or the one just past its end.
  const size = fc.integer({ min: 1, max: 3 });
  const paging: fc.Arbitrary<Paging> = fc.oneof(fc.record({ page: fc.integer({ min: 1, max: 3 }), size }), size.map((value) => ({ pastEnd: true as const, size: value })));
  const spelling = fc.constantFrom('as-is' as const, 'capitals' as const, 'spaces' as const);
  const emailStatus = fc.constantFrom(undefined, 'draft' as const, 'scheduled' as const);
  const postStatus = fc.constantFrom(undefined, 'draft' as const, 'published' as const);
  const active = fc.constantFrom(undefined, true, false);
  // Each field of a category's change sent half the time.
  const half = (max: number) => fc.option(fc.nat({ max }), { freq: 2, nil: undefined });
  const fields: fc.Arbitrary<CategoryChange> = fc
    .tuple(half(2), half(OWN_SLUG), half(1), half(2))
    .map(([name, slug, description, color]) => Object.fromEntries(Object.entries({ name, slug, description, color }).filter(([, value]) => value !== undefined)));
  // `{}` on its own too (changes nothing, updated_at included), and one body in ten invalid on its own.
  const categoryChange = fc.oneof({ arbitrary: fields, weight: 7 }, { arbitrary: fc.constant({}), weight: 2 }, { arbitrary: fields.map((change) => ({ ...change, invalid: true })), weight: 1 });

  // The reads, as GET (`head` false: whole lists) or as HEAD (a list then sometimes a page of it).
  const reads = (head: boolean) => {
    const listPage = head ? fc.option(paging, { nil: undefined }) : fc.constant<Paging>(undefined);
    return [
      fc.tuple(w, ref, listPage).map(([a, b, c]) => new ListSubscribers(a, b, c, head)),
      fc.tuple(w, ref, child).map(([a, b, c]) => new GetEmail(a, b, c, head)),
      fc.tuple(w, ref, emailStatus, listPage).map(([a, b, c, d]) => new ListEmails(a, b, c, d, head)),
      fc.tuple(w, ref, child).map(([a, b, c]) => new GetPost(a, b, c, head)),
      fc.tuple(w, ref, postStatus, listPage).map(([a, b, c, d]) => new ListPosts(a, b, c, undefined, d, head)),
      fc.tuple(w, ref, child).map(([a, b, c]) => new GetCategory(a, b, c, head)),
      fc.tuple(w, ref, listPage).map(([a, b, c]) => new ListCategories(a, b, c, head)),
      fc.tuple(w, ref).map(([a, b]) => new GetAuthor(a, b, head)),
      fc.tuple(w, active).map(([a, b]) => new ListAuthors(a, b, head)),
    ];
  };
  const weighted = (weight: number, arbitraries: fc.Arbitrary<Command>[]) => arbitraries.map((arbitrary) => ({ arbitrary, weight }));
  // The weights, in quarters of what one kind of request weighed among the model's first commands.
  const ONE = 4;
  const authorUpdates = authorsWritable ? weighted(3 * ONE, [fc.tuple(w, child, authorChange).map(([a, b, c]) => new UpdateAuthor(a, b, c))]) : [];
  const first = [
    // Three times: a workspace may have no author the run can change (there the update is a 404), and an
    // author made inactive should leave room in the sequence for what follows. The author picked as a
    // child is (0) the workspace's first, the one that signs each sequence's first email.
    ...authorUpdates,
    // The writes that move state, twice: a sequence reaches deeper states than reads alone would.
    ...weighted(2 * ONE, [
      fc.tuple(w, ref, fc.nat({ max: 2 }), spelling).map(([a, b, c, d]) => new CreateSubscriber(a, b, c, d)),
      fc.tuple(w, ref, fc.nat({ max: 2 }), maybeRef).map(([a, b, c, d]) => new CreateEmail(a, b, c, d)),
      fc.tuple(w, ref, child, bit).map(([a, b, c, d]) => new SendEmail(a, b, c, d)),
      fc.tuple(w, ref, fc.nat({ max: 2 }), bit, maybeRef, maybeRef).map(([a, b, c, d, e, f]) => new CreatePost(a, b, c, d, e, f)),
      fc.tuple(w, ref, child, bit).map(([a, b, c, d]) => new UpdatePost(a, b, c, d)),
      fc.tuple(w, ref, fc.nat({ max: 2 })).map(([a, b, c]) => new CreateCategory(a, b, c)),
      // A newsletter or a page: one kind each, as before.
      fc.tuple(fc.constantFrom<'page' | 'newsletter'>('page', 'newsletter'), w, fc.nat({ max: 2 }), bit).map(([k, a, b, c]) => new CreateParent(k, a, b, c)),
    ]),
    ...weighted(ONE, [
      fc.tuple(w, ref, child).map(([a, b, c]) => new DeleteSubscriber(a, b, c)),
      fc.tuple(w, ref, child, fc.nat({ max: 2 })).map(([a, b, c, d]) => new UpdateEmail(a, b, c, d)),
      fc.tuple(w, ref, child).map(([a, b, c]) => new DeleteEmail(a, b, c)),
      fc.tuple(w, ref, child).map(([a, b, c]) => new DeletePost(a, b, c)),
      fc.tuple(w, ref, child).map(([a, b, c]) => new DeleteCategory(a, b, c)),
      ...reads(false),
    ]),
  ];
  const added = [
    ...weighted(2 * ONE, [fc.oneof(...reads(true))]),
    ...weighted(2 * ONE, [fc.oneof(
      fc.tuple(w, ref, paging).map(([a, b, c]) => new ListSubscribers(a, b, c, false)),
      fc.tuple(w, ref, emailStatus, paging).map(([a, b, c, d]) => new ListEmails(a, b, c, d, false)),
      fc.tuple(w, ref, postStatus, paging).map(([a, b, c, d]) => new ListPosts(a, b, c, undefined, d, false)),
      fc.tuple(w, ref, paging).map(([a, b, c]) => new ListCategories(a, b, c, false)),
    )]),
    // A post list filtered by a category of any page, the whole list or a page of it.
    ...weighted(ONE / 2, [fc.tuple(w, ref, postStatus, ref, fc.option(paging, { nil: undefined })).map(([a, b, c, d, e]) => new ListPosts(a, b, c, d, e, false))]),
    // The same subscriber deleted again, the same email updated with Markdown twice, a category given an explicit slug.
    ...weighted(ONE / 2, [fc.tuple(w, ref, child).map(([a, b, c]) => new DeleteSubscriber(a, b, c))]),
    ...weighted(ONE - 1, [fc.tuple(w, ref, child, fc.nat({ max: 2 }), fc.nat({ max: 2 })).map(([a, b, c, d, e]) => new UpdateEmail(a, b, c, d, e))]),
    ...weighted(ONE - 1, [fc.tuple(w, ref, fc.nat({ max: 2 }), fc.nat({ max: 1 })).map(([a, b, c, d]) => new CreateCategory(a, b, c, d))]),
    ...parentArbitraries(w, ref),
    // A category created with a description and a colour, kept as given.
    ...weighted(1, [fc.tuple(w, ref, fc.nat({ max: 2 }), fc.nat({ max: 2 })).map(([a, b, c, d]) => new CreateCategory(a, b, c, undefined, d))]),
    // A category changed once or twice in a row (a change back, a value cleared), then read back or
    // not: any subset of its fields from small pools (categoryChange).
    ...weighted(ONE, [fc.tuple(w, ref, child, fc.array(categoryChange, { minLength: 1, maxLength: 2 }), bit).map(([a, b, c, d, e]) => new UpdateCategory(a, b, c, d, e))]),
    ...imageArbitraries(w),
  ];
  return [...first, ...added];
}

/**
 * What every sequence starts from (not shrunk away): each workspace's authors, a newsletter and a page in
 * each workspace (two in the first), an email signed by the workspace's first author, if it has one, so that what
 * happens to an author later has an email to show on, and an image uploaded.
 */
export function startingCommands(workspaces: Workspace[]): Command[] {
  return [
    ...workspaces.flatMap((workspace) => [new LearnAuthors(workspace), new CreateParent('newsletter', workspace, 0, false), new CreateParent('page', workspace, 0, false)]),
    // A second newsletter and page in the first workspace: another parent of the workspace to name, and an older one to rename.
    new CreateParent('newsletter', 0, 2, false),
    new CreateParent('page', 0, 2, false),
    ...workspaces.map((workspace) => new CreateEmail(workspace, 0, 2, 'own')),
    firstUpload(),
  ];
}
