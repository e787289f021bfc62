/** Authors: read and updated through the API, created by the admin command. */
import type { Author, components } from '../../generated/openapi.d.ts';
import { inTransaction } from '../db/database.ts';
import { timestamp } from '../domain/clock.ts';
import { formattedName, normaliseAddress } from '../domain/people.ts';
import { nextFreeSlug, slugOr } from '../domain/slugs.ts';
import { problems } from '../http/problem.ts';
import { presentOnly, type Paging, type Value } from '../store/common.ts';
import type { ServiceContext } from './context.ts';

type AuthorUpdate = components['schemas']['AuthorUpdate'];

export interface NewAuthorInput {
  first_name: string;
  last_name?: string | null;
  email: string;
  position?: string | null;
}

export class AuthorService {
  constructor(private readonly context: ServiceContext) {}

  private get store() {
    return this.context.stores.authors;
  }

  list(workspaceId: number, active: boolean, paging: Paging) {
    return this.store.list(workspaceId, active, paging);
  }

  get(workspaceId: number, id: number): Author {
    const author = this.store.get(workspaceId, id);
    if (!author) throw problems.notFound(`There is no author ${id} in your workspace.`);
    return author;
  }

  create(workspaceId: number, input: NewAuthorInput): Author {
    return inTransaction(this.context.db, () => {
      const base = slugOr(formattedName(input.first_name, input.last_name), 'author');
      const id = this.store.insert({
        workspace_id: workspaceId,
        first_name: input.first_name,
        last_name: input.last_name ?? null,
        email: normaliseAddress(input.email),
        position: input.position ?? null,
        slug: nextFreeSlug(base, this.store.slugsFrom(workspaceId, base)),
        created_at: timestamp(this.context.clock),
      });
      return this.store.get(workspaceId, id)!;
    });
  }

  update(workspaceId: number, id: number, input: AuthorUpdate): Author {
    return inTransaction(this.context.db, () => {
      this.get(workspaceId, id);
      const changes = presentOnly({
        first_name: input.first_name,
        last_name: input.last_name,
        position: input.position,
        short_description: input.short_description,
        long_description: input.long_description,
        active: input.active === undefined ? undefined : Number(input.active),
      }) as Record<string, Value>;
      if (Object.keys(changes).length > 0) this.store.update(id, { ...changes, updated_at: timestamp(this.context.clock) });
      return this.store.get(workspaceId, id)!;
    });
  }
}
