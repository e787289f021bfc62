/**
 * The commands of a model run, one request each, valid or not: every one names a workspace and picks
 * the resources it acts on among all the run has made, in either workspace, or an id that names nothing,
 * so the same command is a valid request, a wrong parent, another workspace's resource or a missing one
 * depending on the state. Each predicts the answer from the model alone, sends the request, compares,
 * and then learns from the answer.
 */
import fc from 'fast-check';
import { expectedSlug } from '../suite/slugs.ts';
import { MISSING_ID } from '../suite/requests.ts';
import { newestFirst, uniqueSlug, type Json, type ModelEmail, type ModelNewsletter, type ModelPage, type ModelPost, type ModelSubscriber, type ServiceModel, type Workspace } from './state.ts';
import { judge, ModelMismatch, notePredictionOpen, type Answer, type Prediction, type Request, type World } from './world.ts';

type Command = fc.AsyncCommand<ServiceModel, World>;

const LATER_MS = 30 * 24 * 3600 * 1000;
const HTML = '<p>Written by the conformance suite model.</p>';

/**
 * Reference values: 0 to 6 pick what a valid request would name (the workspace's own parent, a child of
 * the named parent), 7 and 8 something else the run made (another workspace's parent, another parent's
 * child), 9 an id that names nothing. Most requests are valid and move state; the rest probe refusals.
 */
const MISSING_REF = 9;
const OTHER_REF = 7;

function pickParent<T extends { workspace: Workspace }>(items: T[], workspace: Workspace, ref: number): T | undefined {
  if (ref === MISSING_REF) return undefined;
  const own = items.filter((item) => item.workspace === workspace);
  const others = items.filter((item) => item.workspace !== workspace);
  const from = ref >= OTHER_REF && others.length > 0 ? others : own.length > 0 ? own : others;
  return from.length === 0 ? undefined : from[ref % from.length];
}

function pickChild<P, C>(all: Child<P, C>[], parent: P | undefined, ref: number): Child<P, C> | undefined {
  if (ref === MISSING_REF) return undefined;
  const under = all.filter((item) => item.parent === parent);
  const elsewhere = all.filter((item) => item.parent !== parent);
  const from = ref >= OTHER_REF && elsewhere.length > 0 ? elsewhere : under.length > 0 ? under : elsewhere;
  return from.length === 0 ? undefined : from[ref % from.length];
}

interface Child<P, C> {
  parent: P;
  child: C;
}

function allEmails(model: ServiceModel): Child<ModelNewsletter, ModelEmail>[] {
  return model.newsletters.flatMap((parent) => parent.emails.map((child) => ({ parent, child })));
}
function allSubscribers(model: ServiceModel): Child<ModelNewsletter, ModelSubscriber>[] {
  return model.newsletters.flatMap((parent) => parent.subscribers.map((child) => ({ parent, child })));
}
function allPosts(model: ServiceModel): Child<ModelPage, ModelPost>[] {
  return model.pages.flatMap((parent) => parent.posts.map((child) => ({ parent, child })));
}

const reachable = (parent: { workspace: Workspace } | undefined, workspace: Workspace) => parent !== undefined && parent.workspace === workspace;

/** What a request names (a parent, and a child through it) and whether the workspace reaches that child there. */
function locate<P extends { workspace: Workspace }, C>(parents: P[], children: Child<P, C>[], workspace: Workspace, parentRef: number, childRef: number) {
  const parent = pickParent(parents, workspace, parentRef);
  const target = pickChild(children, parent, childRef);
  return { parent, target, found: reachable(parent, workspace) && target?.parent === parent };
}

/** Sends, judges and returns the answer; `step` says in words what the request was. */
async function exchange(world: World, step: string, request: Request, prediction: Prediction): Promise<Answer> {
  world.stats.operations.add(request.operationId);
  const answer = await world.send(request);
  judge(world, `${step} (workspace ${request.workspace + 1})`, prediction, answer);
  return answer;
}

/** A condition on an answer that a field comparison cannot state (a value learned, but never null). */
function expectThat(condition: boolean, step: string, field: string, predicted: string, answer: Answer): void {
  if (!condition) throw new ModelMismatch(step, [[field, predicted, JSON.stringify((answer.json as Record<string, unknown>)?.[field])]], answer.exchange);
}

const ws = (workspace: Workspace) => `in workspace ${workspace + 1}`;
const idOf = (item: { snapshot: Json } | undefined) => item?.snapshot.id ?? MISSING_ID;

class CreateNewsletter implements Command {
  constructor(readonly workspace: Workspace, readonly otherCase: boolean) {}
  check = () => true;
  async run(model: ServiceModel, world: World) {
    const existing = model.newsletterOf(this.workspace);
    const name = this.otherCase && existing ? world.names.newsletter.toUpperCase() : world.names.newsletter;
    const prediction: Prediction = existing ? { status: 409 } : { status: 201, fields: { name, name_slug: expectedSlug(name) } };
    const answer = await exchange(world, `createNewsletter ${JSON.stringify(name)}`, { operationId: 'createNewsletter', workspace: this.workspace, ids: {}, body: { name } }, prediction);
    if (!existing) model.newsletters.push({ workspace: this.workspace, snapshot: answer.json as Json, subscribers: [], emails: [], slugFreed: false });
  }
  toString = () => `createNewsletter ${ws(this.workspace)}${this.otherCase ? ' (name in capitals)' : ''}`;
}

class CreatePage implements Command {
  constructor(readonly workspace: Workspace, readonly otherCase: boolean) {}
  check = () => true;
  async run(model: ServiceModel, world: World) {
    const existing = model.pageOf(this.workspace);
    const name = this.otherCase && existing ? world.names.page.toUpperCase() : world.names.page;
    const slug = expectedSlug(name, { removeSlash: true });
    const prediction: Prediction = existing ? { status: 409 } : { status: 201, fields: { name, slug, name_slug: slug } };
    const answer = await exchange(world, `createPage ${JSON.stringify(name)}`, { operationId: 'createPage', workspace: this.workspace, ids: {}, body: { name } }, prediction);
    if (!existing) model.pages.push({ workspace: this.workspace, snapshot: answer.json as Json, posts: [], slugFreed: false });
  }
  toString = () => `createPage ${ws(this.workspace)}${this.otherCase ? ' (name in capitals)' : ''}`;
}

class CreateSubscriber implements Command {
  constructor(readonly workspace: Workspace, readonly newsletter: number, readonly address: number, readonly spelling: 'as-is' | 'capitals' | 'spaces') {}
  check = () => true;
  async run(model: ServiceModel, world: World) {
    const newsletter = pickParent(model.newsletters, this.workspace, this.newsletter);
    const address = world.names.addresses[this.address % world.names.addresses.length]!;
    const sent = this.spelling === 'capitals' ? address.toUpperCase() : this.spelling === 'spaces' ? ` ${address}\t` : address;
    const existing = newsletter?.subscribers.find((subscriber) => subscriber.address === address);
    let prediction: Prediction;
    if (!reachable(newsletter, this.workspace)) prediction = { status: 404 };
    else if (existing) prediction = { status: 200, same: existing.snapshot };
    else prediction = { status: 200, fields: { email: address, newsletter_id: newsletter!.snapshot.id, active: true, verified: true, status: 'active' } };
    const answer = await exchange(world, `createSubscriber ${JSON.stringify(sent)} on newsletter ${idOf(newsletter)}`, { operationId: 'createSubscriber', workspace: this.workspace, ids: { newsletter_id: idOf(newsletter) }, body: { email: sent } }, prediction);
    if (prediction.status === 200 && !existing) newsletter!.subscribers.push({ address, snapshot: answer.json as Json });
  }
  toString = () => `createSubscriber ${ws(this.workspace)} newsletter#${this.newsletter} address#${this.address} ${this.spelling}`;
}

class DeleteSubscriber implements Command {
  constructor(readonly workspace: Workspace, readonly newsletter: number, readonly subscriber: number) {}
  check = () => true;
  async run(model: ServiceModel, world: World) {
    const { parent: newsletter, target, found } = locate(model.newsletters, allSubscribers(model), this.workspace, this.newsletter, this.subscriber);
    await exchange(world, `deleteSubscriber ${idOf(target?.child)} of newsletter ${idOf(newsletter)}`, { operationId: 'deleteSubscriber', workspace: this.workspace, ids: { newsletter_id: idOf(newsletter), id: idOf(target?.child) } }, { status: found ? 204 : 404 });
    if (found) newsletter!.subscribers.splice(newsletter!.subscribers.indexOf(target!.child), 1);
  }
  toString = () => `deleteSubscriber ${ws(this.workspace)} newsletter#${this.newsletter} subscriber#${this.subscriber}`;
}

class ListSubscribers implements Command {
  constructor(readonly workspace: Workspace, readonly newsletter: number) {}
  check = () => true;
  async run(model: ServiceModel, world: World) {
    const newsletter = pickParent(model.newsletters, this.workspace, this.newsletter);
    const items = newsletter ? newestFirst(newsletter.subscribers) : [];
    const prediction: Prediction = reachable(newsletter, this.workspace) ? { status: 200, list: { ids: items.map((item) => item.snapshot.id), total: items.length } } : { status: 404 };
    const answer = await exchange(world, `listSubscribers of newsletter ${idOf(newsletter)}`, { operationId: 'listSubscribers', workspace: this.workspace, ids: { newsletter_id: idOf(newsletter) }, query: { size: 100 } }, prediction);
    if (prediction.status === 200) compareItems(world, 'listSubscribers', items, answer);
  }
  toString = () => `listSubscribers ${ws(this.workspace)} newsletter#${this.newsletter}`;
}

/** Each listed item repeats the resource's last answer. */
function compareItems(world: World, step: string, items: Array<{ snapshot: Json }>, answer: Answer): void {
  const listed = ((answer.json as { result?: Json[] }).result ?? []) as Json[];
  items.forEach((item, index) => judge(world, `${step}: item ${item.snapshot.id}`, { status: 200, same: item.snapshot }, { ...answer, json: listed[index] }));
}

class CreateEmail implements Command {
  constructor(readonly workspace: Workspace, readonly newsletter: number, readonly subject: number) {}
  check = () => true;
  async run(model: ServiceModel, world: World) {
    const newsletter = pickParent(model.newsletters, this.workspace, this.newsletter);
    const subject = world.names.subjects[this.subject % world.names.subjects.length]!;
    let prediction: Prediction = { status: 404 };
    if (reachable(newsletter, this.workspace)) {
      const fields: Record<string, unknown> = { subject, status: 'draft', newsletter_id: newsletter!.snapshot.id, content_html: HTML, scheduled_at: null };
      if (newsletter!.slugFreed) notePredictionOpen(world, "an email's slug after another email of the newsletter was deleted: the contract does not say whether a deleted email's slug is free again");
      else fields.slug = uniqueSlug(expectedSlug(subject), newsletter!.emails.map((email) => String(email.snapshot.slug)));
      prediction = { status: 201, fields };
    }
    const answer = await exchange(world, `createEmail ${JSON.stringify(subject)} in newsletter ${idOf(newsletter)}`, { operationId: 'createEmail', workspace: this.workspace, ids: { newsletter_id: idOf(newsletter) }, body: { subject, content_html: HTML } }, prediction);
    if (prediction.status === 201) newsletter!.emails.push({ status: 'draft', snapshot: answer.json as Json });
  }
  toString = () => `createEmail ${ws(this.workspace)} newsletter#${this.newsletter} subject#${this.subject}`;
}

class UpdateEmail implements Command {
  constructor(readonly workspace: Workspace, readonly newsletter: number, readonly email: number, readonly subject: number) {}
  check = () => true;
  async run(model: ServiceModel, world: World) {
    const { parent: newsletter, target, found } = locate(model.newsletters, allEmails(model), this.workspace, this.newsletter, this.email);
    const subject = `${world.names.subjects[this.subject % world.names.subjects.length]!} (changed)`;
    let prediction: Prediction = { status: 404 };
    if (found && target!.child.status !== 'draft') prediction = { status: 409 };
    else if (found) {
      notePredictionOpen(world, "an email's slug after a new subject: the contract does not say whether it follows the subject");
      prediction = { status: 200, fields: { id: target!.child.snapshot.id, subject, status: 'draft', content_html: HTML } };
    }
    const answer = await exchange(world, `updateEmail ${idOf(target?.child)} of newsletter ${idOf(newsletter)} to subject ${JSON.stringify(subject)}`, { operationId: 'updateEmail', workspace: this.workspace, ids: { newsletter_id: idOf(newsletter), id: idOf(target?.child) }, body: { subject } }, prediction);
    if (prediction.status === 200) target!.child.snapshot = answer.json as Json;
  }
  toString = () => `updateEmail ${ws(this.workspace)} newsletter#${this.newsletter} email#${this.email} subject#${this.subject}`;
}

class SendEmail implements Command {
  constructor(readonly workspace: Workspace, readonly newsletter: number, readonly email: number, readonly past: boolean) {}
  check = () => true;
  async run(model: ServiceModel, world: World) {
    const { parent: newsletter, target, found } = locate(model.newsletters, allEmails(model), this.workspace, this.newsletter, this.email);
    // Whole seconds: the instant is compared as the contract's timestamp spells it.
    const at = new Date(Math.floor((Date.now() + (this.past ? -3_600_000 : LATER_MS)) / 1000) * 1000).toISOString();
    // The contract's order of errors: the time (422), the email (404), its state (409), its readiness (422).
    let prediction: Prediction;
    if (this.past) prediction = { status: 422 };
    else if (!found) prediction = { status: 404 };
    else if (newsletter!.subscribers.length === 0) prediction = { status: 422 };
    else prediction = { status: 200, fields: { id: target!.child.snapshot.id, status: 'scheduled', scheduled_at: at, sent_at: null } };
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
    const { parent: newsletter, target, found } = locate(model.newsletters, allEmails(model), this.workspace, this.newsletter, this.email);
    const status = !found ? 404 : target!.child.status === 'draft' ? 204 : 409;
    await exchange(world, `deleteEmail ${idOf(target?.child)} of newsletter ${idOf(newsletter)}`, { operationId: 'deleteEmail', workspace: this.workspace, ids: { newsletter_id: idOf(newsletter), id: idOf(target?.child) } }, { status });
    if (status === 204) {
      newsletter!.emails.splice(newsletter!.emails.indexOf(target!.child), 1);
      newsletter!.slugFreed = true;
    }
  }
  toString = () => `deleteEmail ${ws(this.workspace)} newsletter#${this.newsletter} email#${this.email}`;
}

class GetEmail implements Command {
  constructor(readonly workspace: Workspace, readonly newsletter: number, readonly email: number) {}
  check = () => true;
  async run(model: ServiceModel, world: World) {
    const { parent: newsletter, target, found } = locate(model.newsletters, allEmails(model), this.workspace, this.newsletter, this.email);
    await exchange(world, `getEmail ${idOf(target?.child)} of newsletter ${idOf(newsletter)}`, { operationId: 'getEmail', workspace: this.workspace, ids: { newsletter_id: idOf(newsletter), id: idOf(target?.child) } }, found ? { status: 200, same: target!.child.snapshot } : { status: 404 });
  }
  toString = () => `getEmail ${ws(this.workspace)} newsletter#${this.newsletter} email#${this.email}`;
}

class ListEmails implements Command {
  constructor(readonly workspace: Workspace, readonly newsletter: number, readonly status: 'draft' | 'scheduled' | undefined) {}
  check = () => true;
  async run(model: ServiceModel, world: World) {
    const newsletter = pickParent(model.newsletters, this.workspace, this.newsletter);
    const items = newestFirst((newsletter?.emails ?? []).filter((email) => this.status === undefined || email.status === this.status));
    const prediction: Prediction = reachable(newsletter, this.workspace) ? { status: 200, list: { ids: items.map((item) => item.snapshot.id), total: items.length } } : { status: 404 };
    const query: Record<string, string | number> = { size: 100, ...(this.status ? { status: this.status } : {}) };
    const answer = await exchange(world, `listEmails of newsletter ${idOf(newsletter)}${this.status ? ` ?status=${this.status}` : ''}`, { operationId: 'listEmails', workspace: this.workspace, ids: { newsletter_id: idOf(newsletter) }, query }, prediction);
    if (prediction.status === 200) compareItems(world, 'listEmails', items, answer);
  }
  toString = () => `listEmails ${ws(this.workspace)} newsletter#${this.newsletter}${this.status ? ` status=${this.status}` : ''}`;
}

class CreatePost implements Command {
  constructor(readonly workspace: Workspace, readonly page: number, readonly title: number, readonly published: boolean) {}
  check = () => true;
  async run(model: ServiceModel, world: World) {
    const page = pickParent(model.pages, this.workspace, this.page);
    const title = world.names.titles[this.title % world.names.titles.length]!;
    const status = this.published ? 'published' : 'draft';
    let prediction: Prediction = { status: 404 };
    if (reachable(page, this.workspace)) {
      const fields: Record<string, unknown> = { title, status, page_id: page!.snapshot.id, category_id: null, scheduled_at: null };
      if (!this.published) fields.first_published_at = null;
      if (page!.slugFreed) notePredictionOpen(world, "a post's slug after another post of the page was deleted: the contract does not say whether a deleted post's slug is free again");
      else fields.slug = uniqueSlug(expectedSlug(title), page!.posts.map((post) => String(post.snapshot.slug)));
      prediction = { status: 201, fields };
    }
    const step = `createPost ${JSON.stringify(title)} ${status} in page ${idOf(page)}`;
    const answer = await exchange(world, step, { operationId: 'createPost', workspace: this.workspace, ids: { page_id: idOf(page) }, body: { title, status } }, prediction);
    if (prediction.status !== 201) return;
    if (this.published) expectThat(typeof (answer.json as Json).first_published_at === 'string', step, 'first_published_at', 'the time it was published', answer);
    page!.posts.push({ snapshot: answer.json as Json });
  }
  toString = () => `createPost ${ws(this.workspace)} page#${this.page} title#${this.title} ${this.published ? 'published' : 'draft'}`;
}

class UpdatePost implements Command {
  constructor(readonly workspace: Workspace, readonly page: number, readonly post: number, readonly published: boolean) {}
  check = () => true;
  async run(model: ServiceModel, world: World) {
    const { parent: page, target, found } = locate(model.pages, allPosts(model), this.workspace, this.page, this.post);
    const status = this.published ? 'published' : 'draft';
    let prediction: Prediction = { status: 404 };
    const before = target?.child.snapshot;
    if (found) {
      const fields: Record<string, unknown> = { id: before!.id, status, slug: before!.slug, title: before!.title };
      // Set by the first publication, never changed or cleared afterwards.
      if (before!.first_published_at !== null || !this.published) fields.first_published_at = before!.first_published_at;
      prediction = { status: 200, fields };
    }
    const step = `updatePost ${idOf(target?.child)} of page ${idOf(page)} to ${status}`;
    const answer = await exchange(world, step, { operationId: 'updatePost', workspace: this.workspace, ids: { page_id: idOf(page), id: idOf(target?.child) }, body: { status } }, prediction);
    if (prediction.status !== 200) return;
    if (this.published) expectThat(typeof (answer.json as Json).first_published_at === 'string', step, 'first_published_at', 'the time it was first published', answer);
    target!.child.snapshot = answer.json as Json;
  }
  toString = () => `updatePost ${ws(this.workspace)} page#${this.page} post#${this.post} to ${this.published ? 'published' : 'draft'}`;
}

class DeletePost implements Command {
  constructor(readonly workspace: Workspace, readonly page: number, readonly post: number) {}
  check = () => true;
  async run(model: ServiceModel, world: World) {
    const { parent: page, target, found } = locate(model.pages, allPosts(model), this.workspace, this.page, this.post);
    await exchange(world, `deletePost ${idOf(target?.child)} of page ${idOf(page)}`, { operationId: 'deletePost', workspace: this.workspace, ids: { page_id: idOf(page), id: idOf(target?.child) } }, { status: found ? 204 : 404 });
    if (found) {
      page!.posts.splice(page!.posts.indexOf(target!.child), 1);
      page!.slugFreed = true;
    }
  }
  toString = () => `deletePost ${ws(this.workspace)} page#${this.page} post#${this.post}`;
}

class GetPost implements Command {
  constructor(readonly workspace: Workspace, readonly page: number, readonly post: number) {}
  check = () => true;
  async run(model: ServiceModel, world: World) {
    const { parent: page, target, found } = locate(model.pages, allPosts(model), this.workspace, this.page, this.post);
    await exchange(world, `getPost ${idOf(target?.child)} of page ${idOf(page)}`, { operationId: 'getPost', workspace: this.workspace, ids: { page_id: idOf(page), id: idOf(target?.child) } }, found ? { status: 200, same: target!.child.snapshot } : { status: 404 });
  }
  toString = () => `getPost ${ws(this.workspace)} page#${this.page} post#${this.post}`;
}

class ListPosts implements Command {
  constructor(readonly workspace: Workspace, readonly page: number, readonly status: 'draft' | 'published' | undefined) {}
  check = () => true;
  async run(model: ServiceModel, world: World) {
    const page = pickParent(model.pages, this.workspace, this.page);
    const items = newestFirst((page?.posts ?? []).filter((post) => this.status === undefined || post.snapshot.status === this.status));
    const prediction: Prediction = reachable(page, this.workspace) ? { status: 200, list: { ids: items.map((item) => item.snapshot.id), total: items.length } } : { status: 404 };
    const query: Record<string, string | number> = { size: 100, ...(this.status ? { status: this.status } : {}) };
    const answer = await exchange(world, `listPosts of page ${idOf(page)}${this.status ? ` ?status=${this.status}` : ''}`, { operationId: 'listPosts', workspace: this.workspace, ids: { page_id: idOf(page) }, query }, prediction);
    if (prediction.status === 200) compareItems(world, 'listPosts', items, answer);
  }
  toString = () => `listPosts ${ws(this.workspace)} page#${this.page}${this.status ? ` status=${this.status}` : ''}`;
}

/** The commands, over the workspaces the run has tokens for. */
export function commandArbitraries(workspaces: Workspace[]): fc.Arbitrary<Command>[] {
  const w = fc.constantFrom(...workspaces);
  const ref = fc.nat({ max: MISSING_REF });
  const bit = fc.boolean();
  // The writes that move state come twice, so a sequence reaches deeper states than reads alone would.
  const writes = [
    fc.tuple(w, ref, fc.nat({ max: 2 }), fc.constantFrom('as-is' as const, 'capitals' as const, 'spaces' as const)).map(([a, b, c, d]) => new CreateSubscriber(a, b, c, d)),
    fc.tuple(w, ref, fc.nat({ max: 2 })).map(([a, b, c]) => new CreateEmail(a, b, c)),
    fc.tuple(w, ref, ref, bit).map(([a, b, c, d]) => new SendEmail(a, b, c, d)),
    fc.tuple(w, ref, fc.nat({ max: 2 }), bit).map(([a, b, c, d]) => new CreatePost(a, b, c, d)),
    fc.tuple(w, ref, ref, bit).map(([a, b, c, d]) => new UpdatePost(a, b, c, d)),
  ];
  return [
    ...writes,
    fc.tuple(w, bit).map(([a, b]) => new CreateNewsletter(a, b)),
    fc.tuple(w, bit).map(([a, b]) => new CreatePage(a, b)),
    fc.tuple(w, ref, fc.nat({ max: 2 }), fc.constantFrom('as-is' as const, 'capitals' as const, 'spaces' as const)).map(([a, b, c, d]) => new CreateSubscriber(a, b, c, d)),
    fc.tuple(w, ref, ref).map(([a, b, c]) => new DeleteSubscriber(a, b, c)),
    fc.tuple(w, ref).map(([a, b]) => new ListSubscribers(a, b)),
    fc.tuple(w, ref, fc.nat({ max: 2 })).map(([a, b, c]) => new CreateEmail(a, b, c)),
    fc.tuple(w, ref, ref, fc.nat({ max: 2 })).map(([a, b, c, d]) => new UpdateEmail(a, b, c, d)),
    fc.tuple(w, ref, ref, bit).map(([a, b, c, d]) => new SendEmail(a, b, c, d)),
    fc.tuple(w, ref, ref).map(([a, b, c]) => new DeleteEmail(a, b, c)),
    fc.tuple(w, ref, ref).map(([a, b, c]) => new GetEmail(a, b, c)),
    fc.tuple(w, ref, fc.constantFrom(undefined, 'draft' as const, 'scheduled' as const)).map(([a, b, c]) => new ListEmails(a, b, c)),
    fc.tuple(w, ref, fc.nat({ max: 2 }), bit).map(([a, b, c, d]) => new CreatePost(a, b, c, d)),
    fc.tuple(w, ref, ref, bit).map(([a, b, c, d]) => new UpdatePost(a, b, c, d)),
    fc.tuple(w, ref, ref).map(([a, b, c]) => new DeletePost(a, b, c)),
    fc.tuple(w, ref, ref).map(([a, b, c]) => new GetPost(a, b, c)),
    fc.tuple(w, ref, fc.constantFrom(undefined, 'draft' as const, 'published' as const)).map(([a, b, c]) => new ListPosts(a, b, c)),
  ];
}

/** What every sequence starts from: a newsletter and a page in each workspace (not shrunk away). */
export function startingCommands(workspaces: Workspace[]): Command[] {
  return workspaces.flatMap((workspace) => [new CreateNewsletter(workspace, false), new CreatePage(workspace, false)]);
}
