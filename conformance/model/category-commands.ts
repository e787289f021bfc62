/**
 * The model's commands on categories, which live in a page as posts do: a category's slug is derived
 * from its name and made unique in its page (category.slug-derived), `description` and `color` default
 * to `null` (category.optional-fields-null), and deleting one keeps its posts, with `category_id`
 * cleared (category.delete-keeps-posts).
 */
import fc from 'fast-check';
import { expectedSlug } from '../suite/slugs.ts';
import { newestFirst, uniqueSlug, type Json, type ModelCategory, type ModelPage, type ServiceModel, type Workspace } from './state.ts';
import { compareItems, exchange, idOf, listPrediction, locate, notFound, pageOf, pagingQuery, pickParent, reachable, ws, type Child, type Paging } from './steps.ts';
import { emptyUpdate, READ, READ_FIELDS, REACH } from './rules.ts';
import type { Prediction, World } from './world.ts';

type Command = fc.AsyncCommand<ServiceModel, World>;

export function allCategories(model: ServiceModel): Child<ModelPage, ModelCategory>[] {
  return model.pages.flatMap((parent) => parent.categories.map((child) => ({ parent, child })));
}

/** Explicit slugs a category may be given: two spellings of one slug, so that one is taken by the other. */
const SLUGS = ['Kept Slug', 'kept-slug'];
/** Descriptions and colours a category may be given (`null` clears on an update). */
const DESCRIPTIONS = ['Posts about one thing.', null];
/** `color` is kept as given (category.optional-fields-null): one in capitals, one short in mixed case. */
const COLORS = ['#1E90FF', '#AbC', null];

export class CreateCategory implements Command {
  /**
   * `slug`: an index into SLUGS to send as the explicit slug, or undefined to have it derived.
   * `described`: an index into COLORS (with the first description) to send too, or undefined for neither.
   */
  constructor(readonly workspace: Workspace, readonly page: number, readonly name: number, readonly slug?: number, readonly described?: number) {}
  check = () => true;
  async run(model: ServiceModel, world: World) {
    const page = pickParent(model.pages, this.workspace, this.page);
    const name = world.names.categories[this.name % world.names.categories.length]!;
    const explicit = this.slug === undefined ? undefined : SLUGS[this.slug % SLUGS.length]!;
    // Given, each is kept as given (category.optional-fields-null); a null colour is the default again.
    const optional = this.described === undefined ? {} : { description: DESCRIPTIONS[0], color: COLORS[this.described % COLORS.length] };
    // Only the page's living categories hold a slug: a deleted one holds none (resources.gone-after-delete).
    const held = (page?.categories ?? []).map((category) => String(category.snapshot.slug));
    let prediction: Prediction;
    if (!reachable(page, this.workspace)) prediction = notFound(this.workspace, page);
    else if (explicit !== undefined && held.includes(expectedSlug(explicit))) prediction = { status: 409, rules: ['category.slug-taken', 'resources.gone-after-delete'] };
    else {
      const slug = explicit === undefined ? uniqueSlug(expectedSlug(name), held) : expectedSlug(explicit);
      const fields: Record<string, unknown> = { name, page_id: page!.snapshot.id, description: null, color: null, ...optional, slug };
      const slugRules = explicit === undefined ? ['category.slug-derived', 'resources.gone-after-delete'] as const : ['category.slug-taken', 'resources.gone-after-delete'] as const;
      prediction = { status: 201, fields, rules: ['category.slug-derived', 'category.slug-taken', 'category.optional-fields-null', 'resources.gone-after-delete', ...REACH], fieldRules: { name: ['resources.answer-as-stored'], slug: slugRules, description: ['category.optional-fields-null', 'resources.answer-as-stored'], color: ['category.optional-fields-null', 'resources.answer-as-stored'] } };
    }
    const body = { name, ...(explicit === undefined ? {} : { slug: explicit }), ...optional };
    const answer = await exchange(world, `createCategory ${JSON.stringify(name)}${explicit === undefined ? '' : ` slug ${JSON.stringify(explicit)}`} in page ${idOf(page)}`, { operationId: 'createCategory', workspace: this.workspace, ids: { page_id: idOf(page) }, body }, prediction);
    if (prediction.status === 201) page!.categories.push({ snapshot: answer.json as Json });
  }
  toString = () => `createCategory ${ws(this.workspace)} page#${this.page} name#${this.name}${this.slug === undefined ? '' : ` slug#${this.slug}`}${this.described === undefined ? '' : ` color#${this.described}`}`;
}

/** What an update sends for each field, by index into its pool; a field left undefined is not sent. */
export interface CategoryChange {
  /** Into the run's category names. */
  name?: number;
  /** Into UPDATE_SLUGS, or OWN_SLUG for the slug the category holds. */
  slug?: number;
  /** Into DESCRIPTIONS (`null` clears). */
  description?: number;
  /** Into COLORS (`null` clears). */
  color?: number;
  /** A colour the schema refuses, beside the rest: the request is invalid on its own. */
  invalid?: boolean;
}

/**
 * Slugs an update may send: the explicit pool, two of the run's category names (whose slugs a sibling
 * may hold, derived from the same name), and the category's own slug again (OWN_SLUG).
 */
function updateSlug(world: World, category: ModelCategory | undefined, index: number): string {
  if (index === OWN_SLUG) return String(category?.snapshot.slug ?? SLUGS[0]);
  const pool = [...SLUGS, world.names.categories[0]!, world.names.categories[2]!];
  return pool[index % pool.length]!;
}
export const OWN_SLUG = 4;
/** A colour no `#RGB` or `#RRGGBB` pattern allows. */
const INVALID_COLOR = 'navy';

/**
 * Changes of a category, one request each to the same category (a second one changes back, or clears
 * what the first set), then, when `readBack`, a read of it: any subset of name, slug, description and
 * colour, `{}` included. The slug does not follow the name; a new slug is normalised as on creation and
 * one another living category of the page holds is a `409` (category.slug-taken), while its own slug, a
 * deleted category's and another page's are free. The contract's order: an invalid body (422), the
 * category (404), the slug taken (409).
 */
export class UpdateCategory implements Command {
  constructor(readonly workspace: Workspace, readonly page: number, readonly category: number, readonly changes: CategoryChange[], readonly readBack: boolean) {}
  check = () => true;
  async run(model: ServiceModel, world: World) {
    const { parent: page, target, found, missed } = locate(model.pages, allCategories(model), this.workspace, this.page, this.category, model.deleted.categories);
    for (const change of this.changes) await this.change(world, change, page, target?.child, found ? undefined : missed!);
    if (!this.readBack) return;
    const prediction: Prediction = found ? { status: 200, same: target!.child.snapshot, rules: ['resources.update-kept', ...READ], fieldRules: READ_FIELDS } : missed!;
    await exchange(world, `getCategory ${idOf(target?.child)} of page ${idOf(page)}`, { operationId: 'getCategory', workspace: this.workspace, ids: { page_id: idOf(page), id: idOf(target?.child) } }, prediction);
  }

  /** One update; `missed` is the 404 of a category the request does not reach. */
  private async change(world: World, change: CategoryChange, page: ModelPage | undefined, category: ModelCategory | undefined, missed: Prediction | undefined) {
    const body: Record<string, unknown> = {};
    if (change.name !== undefined) body.name = world.names.categories[change.name % world.names.categories.length]!;
    if (change.slug !== undefined) body.slug = updateSlug(world, category, change.slug);
    if (change.description !== undefined) body.description = DESCRIPTIONS[change.description % DESCRIPTIONS.length]!;
    if (change.color !== undefined) body.color = COLORS[change.color % COLORS.length]!;
    if (change.invalid) body.color = INVALID_COLOR;
    const slug = body.slug === undefined ? undefined : expectedSlug(String(body.slug));
    // Only the page's other living categories hold a slug (resources.gone-after-delete).
    const siblings = missed ? [] : page!.categories.filter((other) => other !== category).map((other) => String(other.snapshot.slug));
    let prediction: Prediction;
    if (change.invalid) prediction = { status: 422, rules: ['requests.schema-validation', 'errors.precedence'] };
    else if (missed) prediction = { ...missed, rules: [...missed.rules, 'errors.precedence'] };
    else if (slug !== undefined && siblings.includes(slug)) prediction = { status: 409, rules: ['category.slug-taken', 'resources.gone-after-delete'] };
    else if (Object.keys(body).length === 0) prediction = { status: 200, same: category!.snapshot, ...emptyUpdate(category!.snapshot) };
    else {
      // Every field it names as sent (the slug normalised), every other one as before; updated_at moves or not.
      const { updated_at: _written, ...before } = category!.snapshot;
      const fields = { ...before, ...body, ...(slug === undefined ? {} : { slug }) };
      const slugRules = ['category.slug-taken', 'category.slug-derived', 'resources.rewrite-accepted', 'resources.gone-after-delete', 'resources.patch-named-fields-only'] as const;
      prediction = {
        status: 200,
        fields,
        rules: ['resources.patch-named-fields-only', 'resources.update-kept', 'category.slug-taken', 'resources.rewrite-accepted', ...REACH],
        fieldRules: { name: ['resources.answer-as-stored', 'resources.update-kept'], slug: slugRules, description: ['resources.update-kept', 'resources.patch-named-fields-only'], color: ['category.optional-fields-null', 'resources.update-kept', 'resources.patch-named-fields-only'] },
      };
    }
    const answer = await exchange(world, `updateCategory ${idOf(category)} of page ${idOf(page)} with ${JSON.stringify(body)}`, { operationId: 'updateCategory', workspace: this.workspace, ids: { page_id: idOf(page), id: idOf(category) }, body }, prediction);
    if (prediction.status === 200) category!.snapshot = answer.json as Json;
  }

  toString = () => `updateCategory ${ws(this.workspace)} page#${this.page} category#${this.category} ${this.changes.map((change) => JSON.stringify(change)).join(' then ')}${this.readBack ? ' then read' : ''}`;
}

export class GetCategory implements Command {
  constructor(readonly workspace: Workspace, readonly page: number, readonly category: number, readonly head = false) {}
  check = () => true;
  async run(model: ServiceModel, world: World) {
    const { parent: page, target, found, missed } = locate(model.pages, allCategories(model), this.workspace, this.page, this.category, model.deleted.categories);
    const prediction: Prediction = found ? { status: 200, same: target!.child.snapshot, rules: READ, fieldRules: READ_FIELDS } : missed!;
    await exchange(world, `getCategory ${idOf(target?.child)} of page ${idOf(page)}`, { operationId: 'getCategory', workspace: this.workspace, ids: { page_id: idOf(page), id: idOf(target?.child) }, head: this.head }, prediction);
  }
  toString = () => `${this.head ? 'HEAD ' : ''}getCategory ${ws(this.workspace)} page#${this.page} category#${this.category}`;
}

export class DeleteCategory implements Command {
  constructor(readonly workspace: Workspace, readonly page: number, readonly category: number) {}
  check = () => true;
  async run(model: ServiceModel, world: World) {
    const { parent: page, target, found, missed } = locate(model.pages, allCategories(model), this.workspace, this.page, this.category, model.deleted.categories);
    await exchange(world, `deleteCategory ${idOf(target?.child)} of page ${idOf(page)}`, { operationId: 'deleteCategory', workspace: this.workspace, ids: { page_id: idOf(page), id: idOf(target?.child) } }, found ? { status: 204, rules: REACH } : missed!);
    if (!found) return;
    page!.categories.splice(page!.categories.indexOf(target!.child), 1);
    model.deleted.categories.push(target!);
    // Its posts stay, without the category.
    for (const post of page!.posts) {
      if (post.snapshot.category_id !== target!.child.snapshot.id) continue;
      post.snapshot = { ...post.snapshot, category_id: null };
      post.updatedAtOpen = true;
    }
  }
  toString = () => `deleteCategory ${ws(this.workspace)} page#${this.page} category#${this.category}`;
}

export class ListCategories implements Command {
  constructor(readonly workspace: Workspace, readonly page: number, readonly paging: Paging = undefined, readonly head = false) {}
  check = () => true;
  async run(model: ServiceModel, world: World) {
    const page = pickParent(model.pages, this.workspace, this.page);
    const items = newestFirst(page?.categories ?? []);
    const query = pagingQuery(this.paging, items.length);
    const prediction = listPrediction(page, this.workspace, items, model.deleted.categories, query);
    const answer = await exchange(world, `listCategories of page ${idOf(page)} ?page=${query.page}&size=${query.size}`, { operationId: 'listCategories', workspace: this.workspace, ids: { page_id: idOf(page) }, query, head: this.head }, prediction);
    if (prediction.status === 200 && !this.head) compareItems(world, 'listCategories', pageOf(items, query), answer);
  }
  toString = () => `${this.head ? 'HEAD ' : ''}listCategories ${ws(this.workspace)} page#${this.page} ${JSON.stringify(this.paging ?? 'whole')}`;
}
