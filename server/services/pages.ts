/** Pages: unique names, slugs with suffixes, generated domains. */
import type { components } from '../../generated/openapi.d.ts';
import { timestamp } from '../domain/clock.ts';
import { nextFreeSlug, slugify, slugOr } from '../domain/slugs.ts';
import { problems } from '../http/problem.ts';
import type { Paging } from '../store/common.ts';
import { inTransaction, type ServiceContext } from './context.ts';
import { pageInWorkspace } from './scope.ts';

type PageCreate = components['schemas']['PageCreate'];
type PageUpdate = components['schemas']['PageUpdate'];

/** Longest host-name label DNS allows. */
const LABEL_MAX = 63;

export class PageService {
  constructor(
    private readonly context: ServiceContext,
    private readonly pagesDomain: string,
  ) {}

  private get store() {
    return this.context.stores.pages;
  }

  list(workspaceId: number, paging: Paging) {
    return this.store.list(workspaceId, paging);
  }

  get(workspaceId: number, id: number) {
    return pageInWorkspace(this.context, workspaceId, id);
  }

  create(workspaceId: number, input: PageCreate) {
    return inTransaction(this.context, () => {
      this.ensureNameFree(workspaceId, input.name);
      const nameSlugBase = slugOr(input.name, 'page');
      const nameSlug = nextFreeSlug(nameSlugBase, this.store.slugsFrom(workspaceId, 'name_slug', nameSlugBase));
      const slug =
        input.slug == null
          ? nextFreeSlug(nameSlugBase, this.store.slugsFrom(workspaceId, 'slug', nameSlugBase))
          : this.explicitSlug(workspaceId, input.slug);
      const id = this.store.insert({
        workspace_id: workspaceId,
        name: input.name,
        slug,
        name_slug: nameSlug,
        domain: this.newDomain(nameSlug),
        created_at: timestamp(this.context.clock),
      });
      return this.store.get(workspaceId, id)!;
    });
  }

  update(workspaceId: number, id: number, input: PageUpdate) {
    return inTransaction(this.context, () => {
      const page = this.get(workspaceId, id);
      const changes: Record<string, string> = {};
      if (input.name !== undefined && input.name !== page.name) {
        this.ensureNameFree(workspaceId, input.name, id);
        changes.name = input.name;
        const base = slugOr(input.name, 'page');
        const taken = this.store.slugsFrom(workspaceId, 'name_slug', base).filter((s) => s !== page.name_slug);
        changes.name_slug = nextFreeSlug(base, taken);
      }
      if (input.slug !== undefined) {
        const slug = slugify(input.slug);
        if (slug !== page.slug) changes.slug = this.explicitSlug(workspaceId, input.slug);
      }
      if (Object.keys(changes).length > 0) {
        this.store.update(id, { ...changes, updated_at: timestamp(this.context.clock) });
      }
      return this.store.get(workspaceId, id)!;
    });
  }

  private ensureNameFree(workspaceId: number, name: string, exceptId?: number) {
    const holder = this.store.idByName(workspaceId, name);
    if (holder !== undefined && holder !== exceptId) {
      throw problems.nameTaken(`Another page of your workspace is already named "${name}".`);
    }
  }

  private explicitSlug(workspaceId: number, requested: string): string {
    const slug = slugify(requested);
    if (!slug) throw problems.invalidField('slug', 'must contain a letter or a digit');
    if (this.store.idBySlug(workspaceId, slug) !== undefined) {
      throw problems.slugTaken(`Another page of your workspace already uses the slug "${slug}".`);
    }
    return slug;
  }

  /** `<label>.<pages domain>`, the label made unique across all workspaces. */
  private newDomain(nameSlug: string): string {
    const label = nameSlug.slice(0, LABEL_MAX - 8).replace(/-+$/, '');
    return `${nextFreeSlug(label, this.store.domainLabelsFrom(label, this.pagesDomain))}.${this.pagesDomain}`;
  }
}
