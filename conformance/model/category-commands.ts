/**
 * The model's commands on categories, which live in a page as posts do: a category's slug is derived
 * from its name and made unique in its page (category.slug-derived), `description` and `color` default
 * to `null` (category.optional-fields-null), and deleting one keeps its posts, with `category_id`
 * cleared (category.delete-keeps-posts).
 */
import fc from 'fast-check';
import { expectedSlug } from '../suite/slugs.ts';
import { newestFirst, uniqueSlug, type Json, type ModelCategory, type ModelPage, type ServiceModel, type Workspace } from './state.ts';
import { compareItems, exchange, idOf, listPrediction, locate, notFound, pickParent, reachable, ws, type Child } from './steps.ts';
import { READ, READ_FIELDS, REACH } from './rules.ts';
import { notePredictionOpen, type Prediction, type World } from './world.ts';

type Command = fc.AsyncCommand<ServiceModel, World>;

export function allCategories(model: ServiceModel): Child<ModelPage, ModelCategory>[] {
  return model.pages.flatMap((parent) => parent.categories.map((child) => ({ parent, child })));
}

export class CreateCategory implements Command {
  constructor(readonly workspace: Workspace, readonly page: number, readonly name: number) {}
  check = () => true;
  async run(model: ServiceModel, world: World) {
    const page = pickParent(model.pages, this.workspace, this.page);
    const name = world.names.categories[this.name % world.names.categories.length]!;
    let prediction: Prediction;
    if (!reachable(page, this.workspace)) prediction = notFound(this.workspace, page);
    else {
      const fields: Record<string, unknown> = { name, page_id: page!.snapshot.id, description: null, color: null };
      if (page!.categorySlugFreed) notePredictionOpen(world, "a category's slug after another category of the page was deleted: the contract does not say whether a deleted category's slug is free again");
      else fields.slug = uniqueSlug(expectedSlug(name), page!.categories.map((category) => String(category.snapshot.slug)));
      prediction = { status: 201, fields, rules: ['category.slug-derived', 'category.optional-fields-null', ...REACH], fieldRules: { name: ['resources.answer-as-stored'], slug: ['category.slug-derived'], description: ['category.optional-fields-null'], color: ['category.optional-fields-null'] } };
    }
    const answer = await exchange(world, `createCategory ${JSON.stringify(name)} in page ${idOf(page)}`, { operationId: 'createCategory', workspace: this.workspace, ids: { page_id: idOf(page) }, body: { name } }, prediction);
    if (prediction.status === 201) page!.categories.push({ snapshot: answer.json as Json });
  }
  toString = () => `createCategory ${ws(this.workspace)} page#${this.page} name#${this.name}`;
}

export class GetCategory implements Command {
  constructor(readonly workspace: Workspace, readonly page: number, readonly category: number) {}
  check = () => true;
  async run(model: ServiceModel, world: World) {
    const { parent: page, target, found, missed } = locate(model.pages, allCategories(model), this.workspace, this.page, this.category, model.deleted.categories);
    const prediction: Prediction = found ? { status: 200, same: target!.child.snapshot, rules: READ, fieldRules: READ_FIELDS } : missed!;
    await exchange(world, `getCategory ${idOf(target?.child)} of page ${idOf(page)}`, { operationId: 'getCategory', workspace: this.workspace, ids: { page_id: idOf(page), id: idOf(target?.child) } }, prediction);
  }
  toString = () => `getCategory ${ws(this.workspace)} page#${this.page} category#${this.category}`;
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
    page!.categorySlugFreed = true;
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
  constructor(readonly workspace: Workspace, readonly page: number) {}
  check = () => true;
  async run(model: ServiceModel, world: World) {
    const page = pickParent(model.pages, this.workspace, this.page);
    const items = newestFirst(page?.categories ?? []);
    const prediction = listPrediction(page, this.workspace, items, model.deleted.categories);
    const answer = await exchange(world, `listCategories of page ${idOf(page)}`, { operationId: 'listCategories', workspace: this.workspace, ids: { page_id: idOf(page) }, query: { size: 100 } }, prediction);
    if (prediction.status === 200) compareItems(world, 'listCategories', items, answer);
  }
  toString = () => `listCategories ${ws(this.workspace)} page#${this.page}`;
}
