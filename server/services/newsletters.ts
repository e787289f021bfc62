/** Newsletters: names unique in the workspace, `name_slug` following the name. */
import type { components, Newsletter } from '../../generated/openapi.d.ts';
import { inTransaction } from '../db/database.ts';
import { timestamp } from '../domain/clock.ts';
import { nextFreeSlug, slugOr } from '../domain/slugs.ts';
import type { Paging } from '../store/common.ts';
import type { ServiceContext } from './context.ts';
import { ensureNameFree, newsletterInWorkspace } from './scope.ts';

type NewsletterCreate = components['schemas']['NewsletterCreate'];
type NewsletterUpdate = components['schemas']['NewsletterUpdate'];

export class NewsletterService {
  constructor(private readonly context: ServiceContext) {}

  private get store() {
    return this.context.stores.newsletters;
  }

  list(workspaceId: number, paging: Paging) {
    return this.store.list(workspaceId, paging);
  }

  get(workspaceId: number, id: number): Newsletter {
    return newsletterInWorkspace(this.context, workspaceId, id);
  }

  create(workspaceId: number, input: NewsletterCreate): Newsletter {
    return inTransaction(this.context.db, () => {
      ensureNameFree(this.context, 'newsletter', workspaceId, input.name);
      const id = this.store.insert({
        workspace_id: workspaceId,
        name: input.name,
        name_slug: this.nameSlug(workspaceId, input.name),
        created_at: timestamp(this.context.clock),
      });
      return this.store.get(workspaceId, id)!;
    });
  }

  /** `{}` changes nothing; a new name must be free and brings a new `name_slug`. */
  update(workspaceId: number, id: number, input: NewsletterUpdate): Newsletter {
    return inTransaction(this.context.db, () => {
      const newsletter = this.get(workspaceId, id);
      if (input.name !== undefined && input.name !== newsletter.name) {
        ensureNameFree(this.context, 'newsletter', workspaceId, input.name, id);
        this.store.update(id, {
          name: input.name,
          name_slug: this.nameSlug(workspaceId, input.name, newsletter.name_slug),
          updated_at: timestamp(this.context.clock),
        });
      }
      return this.store.get(workspaceId, id)!;
    });
  }

  private nameSlug(workspaceId: number, name: string, current?: string): string {
    const base = slugOr(name, 'newsletter');
    return nextFreeSlug(base, this.store.nameSlugsFrom(workspaceId, base).filter((slug) => slug !== current));
  }
}
