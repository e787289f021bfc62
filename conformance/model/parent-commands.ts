/**
 * The model's commands on the parents, pages and newsletters: created and renamed from a pool of three
 * names per run (two of one slug), so that a name is taken (409, names.unique-any-case), a derived slug
 * takes a suffix, and a rename back gives the first `name_slug` again. `name_slug` is derived from the
 * name and made unique among the workspace's other parents of the kind; a page's `slug` is derived once,
 * on creation, and kept by a rename (page.rename-keeps-slug). Lists of pages and newsletters hold what
 * other test files make too: the model checks where its own ones stand, newest first.
 */
import fc from 'fast-check';
import { expectedSlug } from '../suite/slugs.ts';
import { newestFirst, sameName, uniqueSlug, type Json, type ServiceModel, type Workspace } from './state.ts';
import { exchange, idOf, notFound, pickParent, reachable, ws } from './steps.ts';
import { emptyUpdate, LIST, READ, READ_FIELDS, REACH, type ModelRule } from './rules.ts';
import { judge, type Prediction, type World } from './world.ts';

type Command = fc.AsyncCommand<ServiceModel, World>;

/** A name is taken in its own workspace only: a 409 where the model predicts none (or none where it does) breaks these. */
export const NAMES: readonly ModelRule[] = ['names.unique-any-case', 'auth.workspace-scope'];

type Kind = 'page' | 'newsletter';
const OPERATIONS = {
  page: { create: 'createPage', update: 'updatePage', get: 'getPage', list: 'listPages' },
  newsletter: { create: 'createNewsletter', update: 'updateNewsletter', get: 'getNewsletter', list: 'listNewsletters' },
} as const;

function parentsOf(model: ServiceModel, kind: Kind): Array<{ workspace: Workspace; snapshot: Json }> {
  return kind === 'page' ? model.pages : model.newsletters;
}

function nameOf(world: World, kind: Kind, index: number, capitals: boolean): string {
  const pool = kind === 'page' ? world.names.pages : world.names.newsletters;
  const name = pool[index % pool.length]!;
  return capitals ? name.toUpperCase() : name;
}

const derive = (kind: Kind, name: string) => (kind === 'page' ? expectedSlug(name, { removeSlash: true }) : expectedSlug(name));

export class CreateParent implements Command {
  constructor(readonly kind: Kind, readonly workspace: Workspace, readonly name: number, readonly capitals: boolean) {}
  check = () => true;
  async run(model: ServiceModel, world: World) {
    const name = nameOf(world, this.kind, this.name, this.capitals);
    const mine = parentsOf(model, this.kind).filter((parent) => parent.workspace === this.workspace);
    const taken = mine.some((parent) => sameName(String(parent.snapshot.name), name));
    let prediction: Prediction;
    if (taken) prediction = { status: 409, rules: NAMES };
    else {
      const nameSlug = uniqueSlug(derive(this.kind, name), mine.map((parent) => String(parent.snapshot.name_slug)));
      const fields: Record<string, unknown> = { name, name_slug: nameSlug };
      const fieldRules: Record<string, readonly ModelRule[]> = { name: ['resources.answer-as-stored'], name_slug: [this.kind === 'page' ? 'page.slug-from-name' : 'newsletter.name-slug-derived'] };
      if (this.kind === 'page') {
        fields.slug = uniqueSlug(derive('page', name), mine.map((parent) => String(parent.snapshot.slug)));
        fieldRules.slug = ['page.slug-from-name'];
      }
      prediction = { status: 201, fields, rules: NAMES, fieldRules };
    }
    const operationId = OPERATIONS[this.kind].create;
    const answer = await exchange(world, `${operationId} ${JSON.stringify(name)}`, { operationId, workspace: this.workspace, ids: {}, body: { name } }, prediction);
    if (taken) return;
    if (this.kind === 'page') model.pages.push({ workspace: this.workspace, snapshot: answer.json as Json, posts: [], categories: [] });
    else model.newsletters.push({ workspace: this.workspace, snapshot: answer.json as Json, subscribers: [], emails: [] });
  }
  toString = () => `${OPERATIONS[this.kind].create} ${ws(this.workspace)} name#${this.name}${this.capitals ? ' in capitals' : ''}`;
}

/** A rename: the name kept, `name_slug` following it (and a page's `slug` kept), or a 409 for a name another parent holds. */
export class RenameParent implements Command {
  constructor(readonly kind: Kind, readonly workspace: Workspace, readonly parent: number, readonly name: number, readonly capitals: boolean) {}
  check = () => true;
  async run(model: ServiceModel, world: World) {
    const all = parentsOf(model, this.kind);
    const parent = pickParent(all, this.workspace, this.parent);
    const name = nameOf(world, this.kind, this.name, this.capitals);
    const others = all.filter((other) => other.workspace === this.workspace && other !== parent);
    const rules: ModelRule[] = [this.kind === 'page' ? 'page.rename-keeps-slug' : 'newsletter.rename-moves-name-slug', 'resources.patch-named-fields-only', ...REACH];
    let prediction: Prediction;
    if (!reachable(parent, this.workspace)) prediction = notFound(this.workspace, parent);
    else if (others.some((other) => sameName(String(other.snapshot.name), name))) prediction = { status: 409, rules: NAMES };
    else {
      const before = parent!.snapshot;
      // The same name again changes nothing but updated_at (resources.rewrite-accepted); a new one moves name_slug.
      const nameSlug = name === before.name ? before.name_slug : uniqueSlug(derive(this.kind, name), others.map((other) => String(other.snapshot.name_slug)));
      const { updated_at: _written, name: _named, name_slug: _follows, ...kept } = before;
      prediction = { status: 200, fields: { ...kept, name, name_slug: nameSlug }, rules, fieldRules: { name: ['resources.answer-as-stored'], name_slug: [rules[0]!, 'resources.answer-as-stored'] } };
    }
    const operationId = OPERATIONS[this.kind].update;
    const answer = await exchange(world, `${operationId} ${idOf(parent)} to ${JSON.stringify(name)}`, { operationId, workspace: this.workspace, ids: { id: idOf(parent) }, body: { name } }, prediction);
    if (prediction.status === 200) parent!.snapshot = answer.json as Json;
  }
  toString = () => `${OPERATIONS[this.kind].update} ${ws(this.workspace)} ${this.kind}#${this.parent} name#${this.name}${this.capitals ? ' in capitals' : ''}`;
}

/** The other changes of a parent the contract gives rules for: a page's slug (with its name or alone), `{}`, a newsletter's `name: null`. */
export type ParentChange = { slug: number; name?: number } | 'empty' | 'null-name';

/** Slugs a page update may send: the names of the pool (slugs a sibling may hold), one no page holds, or OWN_PAGE_SLUG. */
function pageSlug(world: World, page: Json | undefined, index: number): string {
  if (index === OWN_PAGE_SLUG) return String(page?.slug ?? world.names.pages[0]);
  const pool = [world.names.pages[0]!, world.names.pages[2]!, `${world.names.pages[2]!} Moved`];
  return pool[index % pool.length]!;
}
export const OWN_PAGE_SLUG = 3;

/**
 * An update of a parent beyond a rename: a page given a new `slug` (normalised as on creation, `/`
 * removed; one another page of the workspace holds is a `409`, its own is free), with a new name or not;
 * `{}`, which changes nothing, `updated_at` included; a newsletter's `name: null`, a `422` before the
 * newsletter is looked up (a newsletter always has a name).
 */
export class UpdateParent implements Command {
  constructor(readonly kind: Kind, readonly workspace: Workspace, readonly parent: number, readonly change: ParentChange) {}
  check = () => true;
  async run(model: ServiceModel, world: World) {
    const all = parentsOf(model, this.kind);
    const parent = pickParent(all, this.workspace, this.parent);
    const others = all.filter((other) => other.workspace === this.workspace && other !== parent);
    const body: Record<string, unknown> = {};
    if (this.change === 'null-name') body.name = null;
    else if (this.change !== 'empty') {
      if (this.change.name !== undefined) body.name = nameOf(world, this.kind, this.change.name, false);
      if (this.kind === 'page') body.slug = pageSlug(world, parent?.snapshot, this.change.slug);
    }
    const slug = typeof body.slug === 'string' ? derive('page', body.slug) : undefined;
    const name = typeof body.name === 'string' ? body.name : undefined;
    let prediction: Prediction;
    if (this.change === 'null-name') prediction = { status: 422, rules: ['newsletter.rename-moves-name-slug', 'requests.schema-validation', 'errors.precedence'] };
    else if (!reachable(parent, this.workspace)) prediction = notFound(this.workspace, parent);
    else if (name !== undefined && others.some((other) => sameName(String(other.snapshot.name), name))) prediction = { status: 409, rules: NAMES };
    else if (slug !== undefined && others.some((other) => other.snapshot.slug === slug)) prediction = { status: 409, rules: ['page.slug-taken', 'page.rename-keeps-slug', 'resources.rewrite-accepted'] };
    else if (this.change === 'empty') prediction = { status: 200, same: parent!.snapshot, ...emptyUpdate(parent!.snapshot, this.kind === 'newsletter' ? ['newsletter.empty-update-unchanged'] : []) };
    else {
      const before = parent!.snapshot;
      const nameSlug = name === undefined || name === before.name ? before.name_slug : uniqueSlug(derive(this.kind, name), others.map((other) => String(other.snapshot.name_slug)));
      const { updated_at: _written, ...kept } = before;
      const fields = { ...kept, ...(name === undefined ? {} : { name }), name_slug: nameSlug, ...(slug === undefined ? {} : { slug }) };
      prediction = {
        status: 200,
        fields,
        rules: ['page.rename-keeps-slug', 'resources.patch-named-fields-only', 'resources.rewrite-accepted', ...REACH],
        fieldRules: { name: ['resources.answer-as-stored'], name_slug: ['page.rename-keeps-slug', 'resources.answer-as-stored'], slug: ['page.rename-keeps-slug', 'page.slug-taken', 'resources.rewrite-accepted'], domain: ['page.rename-keeps-slug'] },
      };
    }
    const operationId = OPERATIONS[this.kind].update;
    const answer = await exchange(world, `${operationId} ${idOf(parent)} with ${JSON.stringify(body)}`, { operationId, workspace: this.workspace, ids: { id: idOf(parent) }, body }, prediction);
    if (prediction.status === 200) parent!.snapshot = answer.json as Json;
  }
  toString = () => `${OPERATIONS[this.kind].update} ${ws(this.workspace)} ${this.kind}#${this.parent} ${JSON.stringify(this.change)}`;
}

export class GetParent implements Command {
  constructor(readonly kind: Kind, readonly workspace: Workspace, readonly parent: number, readonly head: boolean) {}
  check = () => true;
  async run(model: ServiceModel, world: World) {
    const parent = pickParent(parentsOf(model, this.kind), this.workspace, this.parent);
    const prediction: Prediction = reachable(parent, this.workspace) ? { status: 200, same: parent!.snapshot, rules: READ, fieldRules: READ_FIELDS } : notFound(this.workspace, parent);
    const operationId = OPERATIONS[this.kind].get;
    await exchange(world, `${operationId} ${idOf(parent)}`, { operationId, workspace: this.workspace, ids: { id: idOf(parent) }, head: this.head }, prediction);
  }
  toString = () => `${this.head ? 'HEAD ' : ''}${OPERATIONS[this.kind].get} ${ws(this.workspace)} ${this.kind}#${this.parent}`;
}

/**
 * The workspace's list of the kind: other test files add to it, so the model checks its own parents
 * among the items, newest first (created_at, then id: a rename moves none of them), all of them when
 * the whole list fits the page.
 */
export class ListParents implements Command {
  constructor(readonly kind: Kind, readonly workspace: Workspace, readonly head: boolean) {}
  check = () => true;
  async run(model: ServiceModel, world: World) {
    const mine = newestFirst(parentsOf(model, this.kind).filter((parent) => parent.workspace === this.workspace));
    const operationId = OPERATIONS[this.kind].list;
    const step = `${operationId}`;
    const answer = await exchange(world, step, { operationId, workspace: this.workspace, ids: {}, query: { size: 100 }, head: this.head }, { status: 200, rules: LIST });
    if (this.head) return;
    const body = answer.json as { result?: Json[]; total?: number };
    const listed = (body.result ?? []).filter((item) => mine.some((parent) => parent.snapshot.id === item.id));
    // Beyond one page of 100, newer items of other test files may push the model's own off it.
    const whole = typeof body.total === 'number' && body.total <= 100;
    const ids = mine.map((parent) => parent.snapshot.id).filter((id) => whole || listed.some((item) => item.id === id));
    judge(world, `${step}: the ${this.kind}s the model made`, { status: 200, list: { ids, total: ids.length }, rules: LIST }, { ...answer, json: { result: listed, total: listed.length } });
    for (const item of listed) {
      const parent = mine.find((candidate) => candidate.snapshot.id === item.id)!;
      judge(world, `${step}: item ${item.id}`, { status: 200, same: parent.snapshot, rules: READ, fieldRules: READ_FIELDS }, { ...answer, json: item });
    }
  }
  toString = () => `${this.head ? 'HEAD ' : ''}${OPERATIONS[this.kind].list} ${ws(this.workspace)}`;
}

/**
 * The commands on parents, with their weights (in commands.ts's quarters): creates and renames from the
 * pools, a rename most (a rename back needs two of one parent), reads, and lists, each read also as HEAD;
 * then, at small weights, the other updates (UpdateParent).
 */
export function parentArbitraries(w: fc.Arbitrary<Workspace>, ref: fc.Arbitrary<number>): fc.WeightedArbitrary<Command>[] {
  const kind = fc.constantFrom<Kind>('page', 'newsletter');
  const name = fc.nat({ max: 2 });
  const bit = fc.boolean();
  return [
    { arbitrary: fc.tuple(kind, w, name, bit).map(([k, a, b, c]) => new CreateParent(k, a, b, c)), weight: 2 },
    { arbitrary: fc.tuple(kind, w, ref, name, bit).map(([k, a, b, c, d]) => new RenameParent(k, a, b, c, d)), weight: 6 },
    { arbitrary: fc.tuple(kind, w, ref, bit).map(([k, a, b, c]) => new GetParent(k, a, b, c)), weight: 1 },
    { arbitrary: fc.tuple(kind, w, bit).map(([k, a, b]) => new ListParents(k, a, b)), weight: 3 },
    // A page's new slug, with a new name one time in three; `{}` on either kind; a newsletter's `name: null`.
    { arbitrary: fc.tuple(w, ref, fc.nat({ max: OWN_PAGE_SLUG }), fc.oneof({ arbitrary: fc.constant(undefined), weight: 2 }, { arbitrary: name, weight: 1 })).map(([a, b, c, d]) => new UpdateParent('page', a, b, { slug: c, ...(d === undefined ? {} : { name: d }) })), weight: 2 },
    { arbitrary: fc.tuple(kind, w, ref).map(([k, a, b]) => new UpdateParent(k, a, b, 'empty')), weight: 1 },
    { arbitrary: fc.tuple(w, ref).map(([a, b]) => new UpdateParent('newsletter', a, b, 'null-name')), weight: 1 },
  ];
}
