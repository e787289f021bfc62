/** Categories: slugs unique in their page, derived with a suffix or explicit (409 when taken). */
import type { Category, components } from '../../generated/openapi.d.ts';
import { inTransaction } from '../db/database.ts';
import { timestamp } from '../domain/clock.ts';
import { nextFreeSlug, slugify, slugOr } from '../domain/slugs.ts';
import { problems } from '../http/problem.ts';
import { presentOnly, type Paging, type Value } from '../store/common.ts';
import type { ServiceContext } from './context.ts';
import { ensurePageInWorkspace } from './scope.ts';

type CategoryCreate = components['schemas']['CategoryCreate'];
type CategoryUpdate = components['schemas']['CategoryUpdate'];

export class CategoryService {
  constructor(private readonly context: ServiceContext) {}

  private get stores() {
    return this.context.stores;
  }

  list(workspaceId: number, pageId: number, paging: Paging) {
    ensurePageInWorkspace(this.context, workspaceId, pageId);
    return this.stores.categories.list(pageId, paging);
  }

  get(workspaceId: number, pageId: number, id: number): Category {
    ensurePageInWorkspace(this.context, workspaceId, pageId);
    const category = this.stores.categories.get(pageId, id);
    if (!category) throw problems.notFound(`There is no category ${id} on page ${pageId}.`);
    return category;
  }

  create(workspaceId: number, pageId: number, input: CategoryCreate): Category {
    return inTransaction(this.context.db, () => {
      ensurePageInWorkspace(this.context, workspaceId, pageId);
      let slug: string;
      if (input.slug == null) {
        const base = slugOr(input.name, 'category');
        slug = nextFreeSlug(base, this.stores.categories.slugsFrom(pageId, base));
      } else {
        slug = this.explicitSlug(pageId, slugify(input.slug));
      }
      const id = this.stores.categories.insert({
        page_id: pageId,
        name: input.name,
        slug,
        description: input.description ?? null,
        color: input.color ?? null,
        created_at: timestamp(this.context.clock),
      });
      return this.stores.categories.get(pageId, id)!;
    });
  }

  update(workspaceId: number, pageId: number, id: number, input: CategoryUpdate): Category {
    return inTransaction(this.context.db, () => {
      const category = this.get(workspaceId, pageId, id);
      const changes: Record<string, Value> = presentOnly({
        name: input.name,
        description: input.description,
        color: input.color,
      }) as Record<string, Value>;
      if (input.slug !== undefined) {
        const slug = slugify(input.slug);
        if (slug !== category.slug) changes.slug = this.explicitSlug(pageId, slug);
      }
      if (Object.keys(changes).length > 0) {
        this.stores.categories.update(id, { ...changes, updated_at: timestamp(this.context.clock) });
      }
      return this.stores.categories.get(pageId, id)!;
    });
  }

  delete(workspaceId: number, pageId: number, id: number): void {
    inTransaction(this.context.db, () => {
      ensurePageInWorkspace(this.context, workspaceId, pageId);
      if (!this.stores.categories.delete(pageId, id)) throw problems.notFound(`There is no category ${id} on page ${pageId}.`);
    });
  }

  /** A slug the request gave, already slugified: it must have a letter or digit and be free. */
  private explicitSlug(pageId: number, slug: string): string {
    if (!slug) throw problems.invalidField('slug', 'must contain a letter or a digit');
    if (this.stores.categories.idBySlug(pageId, slug) !== undefined) {
      throw problems.slugTaken(`Another category of page ${pageId} already uses the slug "${slug}".`);
    }
    return slug;
  }
}
