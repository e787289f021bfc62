/**
 * What every command of a model run does alike: pick the resources a request names (the workspace's
 * own, another workspace's or another parent's, or an id that names nothing), send the request and
 * judge its answer, and compare a list's items with what the model holds.
 */
import { MISSING_ID } from '../suite/requests.ts';
import type { Json, ServiceModel, ModelEmail, ModelNewsletter, ModelPage, ModelPost, ModelSubscriber, Workspace } from './state.ts';
import { LIST, READ, READ_FIELDS, type ModelRule } from './rules.ts';
import { judge, ModelMismatch, type Answer, type Prediction, type Request, type World } from './world.ts';

/**
 * Reference values: 0 to 6 pick what a valid request would name (the workspace's own parent, a child of
 * the named parent), 7 and 8 something else the run made (another workspace's parent, another parent's
 * child; for a child, 8 is one the run deleted from the named parent, when there is one), 9 an id that
 * names nothing. Most requests are valid and move state; the rest probe refusals. A child is counted
 * from the newest of those it is picked among.
 */
export const MISSING_REF = 9;
export const OTHER_REF = 7;
export const GONE_REF = 8;

export function pickParent<T extends { workspace: Workspace }>(items: T[], workspace: Workspace, ref: number): T | undefined {
  if (ref === MISSING_REF) return undefined;
  const own = items.filter((item) => item.workspace === workspace);
  const others = items.filter((item) => item.workspace !== workspace);
  const from = ref >= OTHER_REF && others.length > 0 ? others : own.length > 0 ? own : others;
  return from.length === 0 ? undefined : from[ref % from.length];
}

export function pickChild<P, C>(all: Child<P, C>[], parent: P | undefined, ref: number): Child<P, C> | undefined {
  if (ref === MISSING_REF) return undefined;
  const under = all.filter((item) => item.parent === parent);
  const elsewhere = all.filter((item) => item.parent !== parent);
  const from = ref >= OTHER_REF && elsewhere.length > 0 ? elsewhere : under.length > 0 ? under : elsewhere;
  // Counted from the newest: 0 names what was made last, which the commands choose often (commands.ts).
  return from.length === 0 ? undefined : from[from.length - 1 - (ref % from.length)];
}

export interface Child<P, C> {
  parent: P;
  child: C;
}

export function allEmails(model: ServiceModel): Child<ModelNewsletter, ModelEmail>[] {
  return model.newsletters.flatMap((parent) => parent.emails.map((child) => ({ parent, child })));
}
export function allSubscribers(model: ServiceModel): Child<ModelNewsletter, ModelSubscriber>[] {
  return model.newsletters.flatMap((parent) => parent.subscribers.map((child) => ({ parent, child })));
}
export function allPosts(model: ServiceModel): Child<ModelPage, ModelPost>[] {
  return model.pages.flatMap((parent) => parent.posts.map((child) => ({ parent, child })));
}

/**
 * A list's prediction: the parent's items (already filtered and newest first) and their total, or the
 * 404 of a parent the workspace does not reach. `deleted` is what the run deleted from that parent, so
 * that a list still showing one of them is charged to the rule it breaks (world.ts, listRowRules).
 */
export function listPrediction<P extends { workspace: Workspace }>(parent: P | undefined, workspace: Workspace, items: { snapshot: Json }[], deleted: Child<P, { snapshot?: Json }>[], query = { page: 1, size: 100 }): Prediction {
  if (!reachable(parent, workspace)) return notFound(workspace, parent);
  const gone = deleted.filter((item) => item.parent === parent && item.child.snapshot !== undefined).map((item) => item.child.snapshot!.id as number);
  // A page past the end is empty, with the true total (lists.past-the-end); any other holds its slice of the whole.
  const past = (query.page - 1) * query.size >= items.length && query.page > 1;
  return { status: 200, list: { ids: pageOf(items, query).map((item) => item.snapshot.id), total: items.length, gone }, rules: past ? ['lists.past-the-end', ...LIST] : LIST };
}

export const reachable = (parent: { workspace: Workspace } | undefined, workspace: Workspace) => parent !== undefined && parent.workspace === workspace;

/**
 * The 404 of a request that does not reach what it names, charged to the one rule that says why: an id
 * that names nothing, another workspace's resource, a child the run deleted, a child of another parent.
 * A request that names only a parent leaves `child` out.
 */
export function notFound(workspace: Workspace, parent: { workspace: Workspace } | undefined, child?: { target: Child<unknown, unknown> | undefined; gone: boolean }): Prediction {
  return { status: 404, rules: [whyNotFound(workspace, parent, child)] };
}

function whyNotFound(workspace: Workspace, parent: { workspace: Workspace } | undefined, child?: { target: Child<unknown, unknown> | undefined; gone: boolean }): ModelRule {
  if (parent === undefined) return 'resources.missing-is-404';
  if (parent.workspace !== workspace) return 'auth.workspace-scope';
  if (child === undefined) throw new Error('the model predicted a 404 for a parent the workspace reaches');
  if (child.gone) return 'resources.gone-after-delete';
  if (child.target === undefined) return 'resources.missing-is-404';
  if (child.target.parent !== parent) return 'resources.child-of-its-parent';
  throw new Error('the model predicted a 404 for a child the workspace reaches');
}

/**
 * What a request names (a parent, and a child through it, which may be one the run deleted from that
 * parent: `gone`), whether the workspace reaches that child there, and the 404 it must answer otherwise.
 */
export function locate<P extends { workspace: Workspace }, C>(parents: P[], children: Child<P, C>[], workspace: Workspace, parentRef: number, childRef: number, deleted: Child<P, C>[] = []) {
  const parent = pickParent(parents, workspace, parentRef);
  const goneHere = childRef === GONE_REF ? deleted.filter((item) => item.parent === parent) : [];
  const gone = goneHere.length > 0;
  const target = gone ? goneHere[goneHere.length - 1] : pickChild(children, parent, childRef);
  const found = reachable(parent, workspace) && !gone && target?.parent === parent;
  return { parent, target, found, missed: found ? undefined : notFound(workspace, parent, { target, gone }) };
}

/** Sends, judges and returns the answer; `step` says in words what the request was. */
export async function exchange(world: World, step: string, request: Request, prediction: Prediction): Promise<Answer> {
  world.stats.operations.add(request.operationId);
  const answer = await world.send(request);
  if (request.head) {
    // The status GET would answer, and no body: what GET's answer holds is the GET's to show.
    const headed = `HEAD ${step} (workspace ${request.workspace + 1})`;
    judge(world, headed, { status: prediction.status, rules: ['http.head', ...prediction.rules] }, answer);
    expectThat((answer.exchange.response?.body ?? '') === '', headed, 'body', 'none', { ...answer, json: { body: answer.exchange.response?.body } }, ['http.head']);
    return answer;
  }
  judge(world, `${step} (workspace ${request.workspace + 1})`, prediction, answer);
  return answer;
}

/** A page of a list the request asks for: `past-end` is the page just after the last one that holds items. */
export type Paging = { page: number; size: number } | { pastEnd: true; size: number } | undefined;

/** The query of a list request: a whole list on one page of 100 unless `paging` asks for another page. */
export function pagingQuery(paging: Paging, total: number): { page: number; size: number } {
  if (paging === undefined) return { page: 1, size: 100 };
  if ('pastEnd' in paging) return { page: Math.ceil(total / paging.size) + 1, size: paging.size };
  return paging;
}

/** The items of one page of the whole list the model holds, newest first. */
export function pageOf<T>(items: T[], query: { page: number; size: number }): T[] {
  return items.slice((query.page - 1) * query.size, query.page * query.size);
}

/** A condition on an answer that a field comparison cannot state (a value learned, but never null), and the rules it stands for. */
export function expectThat(condition: boolean, step: string, field: string, predicted: string, answer: Answer, rules: readonly ModelRule[]): void {
  if (!condition) throw new ModelMismatch(step, [[field, predicted, JSON.stringify((answer.json as Record<string, unknown>)?.[field])]], answer.exchange, rules);
}

export const ws = (workspace: Workspace) => `in workspace ${workspace + 1}`;
export const idOf = (item: { snapshot: Json } | undefined) => item?.snapshot.id ?? MISSING_ID;

/** A resource as the model holds it: its last answer, and whether that answer's `updated_at` is still to be learned. */
export interface Held {
  snapshot: Json;
  updatedAtOpen?: boolean;
}

/** What a read of a resource must answer: its last answer exactly, but for an `updated_at` the contract leaves open. */
export function readPrediction(item: Held): Prediction {
  if (!item.updatedAtOpen) return { status: 200, same: item.snapshot, rules: READ, fieldRules: READ_FIELDS };
  const { updated_at: _open, ...fields } = item.snapshot;
  return { status: 200, fields, rules: READ, fieldRules: READ_FIELDS };
}

/** After a read that matched: an open `updated_at` is learned from it. */
export function learnRead(item: Held, answered: unknown): void {
  if (!item.updatedAtOpen || !answered || typeof answered !== 'object') return;
  item.snapshot = answered as Json;
  item.updatedAtOpen = false;
}

/** Each listed item repeats the resource's last answer. */
export function compareItems(world: World, step: string, items: Held[], answer: Answer): void {
  const listed = ((answer.json as { result?: Json[] }).result ?? []) as Json[];
  items.forEach((item, index) => {
    judge(world, `${step}: item ${item.snapshot.id}`, readPrediction(item), { ...answer, json: listed[index] });
    learnRead(item, listed[index]);
  });
}

