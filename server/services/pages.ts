/** Pages: unique names, slugs with suffixes, generated domains. */
import type { components } from '../../generated/openapi.d.ts';
import { inTransaction } from '../db/database.ts';
import { timestamp } from '../domain/clock.ts';
import type { RandomSource } from '../domain/random.ts';
import { nextFreeSlug, slugify, slugOr } from '../domain/slugs.ts';
import { problems } from '../http/problem.ts';
import type { Paging } from '../store/common.ts';
import type { ServiceContext } from './context.ts';
import { ensureNameFree, pageInWorkspace } from './scope.ts';

type PageCreate = components['schemas']['PageCreate'];
type PageUpdate = components['schemas']['PageUpdate'];

/** Longest host-name label DNS allows. */
const LABEL_MAX = 63;
const RANDOM_PART_LENGTH = 6;
const LABEL_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
/** How much of a page's name_slug its domain's first label keeps: the label less a hyphen and the random part. */
export const DOMAIN_NAME_SLUG_MAX = LABEL_MAX - RANDOM_PART_LENGTH - 1;

/** Six random letters and digits: about two billion labels for each name. */
const randomLabelPart = (random: RandomSource) => Array.from({ length: RANDOM_PART_LENGTH }, () => LABEL_ALPHABET[random.int(LABEL_ALPHABET.length)]).join('');

export class PageService {
  constructor(
    private readonly context: ServiceContext,
    private readonly pagesDomain: string,
    private readonly random: RandomSource,
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
    return inTransaction(this.context.db, () => {
      ensureNameFree(this.context, 'page', workspaceId, input.name);
      const base = slugOr(input.name, 'page');
      const nameSlug = this.freeSlug(workspaceId, 'name_slug', base);
      const slug = input.slug == null ? this.freeSlug(workspaceId, 'slug', base) : this.explicitSlug(workspaceId, slugify(input.slug));
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
    return inTransaction(this.context.db, () => {
      const page = this.get(workspaceId, id);
      const changes: Record<string, string> = {};
      if (input.name !== undefined && input.name !== page.name) {
        ensureNameFree(this.context, 'page', workspaceId, input.name, id);
        changes.name = input.name;
        changes.name_slug = this.freeSlug(workspaceId, 'name_slug', slugOr(input.name, 'page'), page.name_slug);
      }
      if (input.slug !== undefined) {
        const slug = slugify(input.slug);
        if (slug !== page.slug) changes.slug = this.explicitSlug(workspaceId, slug);
      }
      if (Object.keys(changes).length > 0) {
        this.store.update(id, { ...changes, updated_at: timestamp(this.context.clock) });
      }
      return this.store.get(workspaceId, id)!;
    });
  }

  /** `base`, or `base-N` if taken, in the workspace's `column`; the page's `current` one counts as free. */
  private freeSlug(workspaceId: number, column: 'slug' | 'name_slug', base: string, current?: string): string {
    return nextFreeSlug(base, this.store.slugsFrom(workspaceId, column, base).filter((s) => s !== current));
  }

  /** A slug the request gave, already slugified: it must have a letter or digit and be free. */
  private explicitSlug(workspaceId: number, slug: string): string {
    if (!slug) throw problems.invalidField('slug', 'must contain a letter or a digit');
    if (this.store.idBySlug(workspaceId, slug) !== undefined) {
      throw problems.slugTaken(`Another page of your workspace already uses the slug "${slug}".`);
    }
    return slug;
  }

  /**
   * `<name slug>-<random part>.<pages domain>`. Domains are unique across all workspaces, yet a
   * domain must tell nothing about other workspaces: a suffix counting the pages of that name
   * would tell a workspace that another one has such a page. A random part does not; a clash
   * (about one in two billion) draws again.
   */
  private newDomain(nameSlug: string): string {
    const base = nameSlug.slice(0, DOMAIN_NAME_SLUG_MAX).replace(/-+$/, '');
    for (;;) {
      const domain = `${base}-${randomLabelPart(this.random)}.${this.pagesDomain}`;
      if (!this.store.domainTaken(domain)) return domain;
    }
  }
}
