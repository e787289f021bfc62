/**
 * The state of the service that the contract makes observable, per workspace, written from the contract
 * alone (it shares nothing with any server): the resources a model run made, each with the answer the
 * target gave when it was last written, which later reads must repeat. Values the contract leaves open
 * (ids, times) are learned from those answers.
 */

export type Json = Record<string, unknown> & { id: number };

/** Workspace 0 is the run's token, 1 the second token's (--token2). */
export type Workspace = 0 | 1;

export interface ModelSubscriber {
  /** The address as stored: trimmed and lowercased. */
  address: string;
  snapshot: Json;
}

export interface ModelEmail {
  status: 'draft' | 'scheduled';
  snapshot: Json;
}

export interface ModelNewsletter {
  workspace: Workspace;
  snapshot: Json;
  subscribers: ModelSubscriber[];
  emails: ModelEmail[];
}

export interface ModelPost {
  snapshot: Json;
  /**
   * Whether its `updated_at` is open: its category was deleted, which clears `category_id`
   * (category.delete-keeps-posts), and the contract does not say whether that counts as a write.
   */
  updatedAtOpen?: boolean;
}

export interface ModelAuthor {
  workspace: Workspace;
  id: number;
  /**
   * Its last answer, when the run may change the author (--disposable-target, or the author --fixtures
   * names): the model then predicts every field. Otherwise undefined, and only its id is the model's.
   */
  snapshot?: Json;
}

export interface ModelCategory {
  snapshot: Json;
}

export interface ModelPage {
  workspace: Workspace;
  snapshot: Json;
  posts: ModelPost[];
  categories: ModelCategory[];
}

/**
 * An image the run uploaded: the bytes sent, their type by content, and the public URL answered. Images
 * belong to no workspace a read could be refused by: anyone with the URL is served it.
 */
export interface ModelImage {
  url: string;
  type: string;
  bytes: Buffer;
}

/** A resource the run deleted, and the parent it was in. */
export interface Deleted<P, C> {
  parent: P;
  child: C;
}

/** Why a prediction could not be made, counted for the report. */
export type Unpredicted = Map<string, number>;

export class ServiceModel {
  readonly newsletters: ModelNewsletter[] = [];
  readonly pages: ModelPage[] = [];
  /**
   * Each workspace's authors, learned from its lists at the start: authors cannot be created or deleted
   * through the API, so their ids stay; the fields of those the run may not change are left open.
   */
  readonly authors: ModelAuthor[] = [];
  /**
   * The `formatted_name` answered for each pair of first and last names: the contract leaves its form
   * open but has it follow the names, so a pair seen once gives the same formatted_name again.
   */
  readonly formattedNames = new Map<string, string>();
  /** The images the run uploaded, oldest first: uploads are never changed or removed through the API. */
  readonly images: ModelImage[] = [];
  /** What the run deleted, by kind, with the parent it was in: later requests that name it must answer 404. */
  readonly deleted = {
    posts: [] as Deleted<ModelPage, ModelPost>[],
    categories: [] as Deleted<ModelPage, ModelCategory>[],
    emails: [] as Deleted<ModelNewsletter, ModelEmail>[],
    subscribers: [] as Deleted<ModelNewsletter, ModelSubscriber>[],
  };

  newslettersOf(workspace: Workspace): ModelNewsletter[] {
    return this.newsletters.filter((newsletter) => newsletter.workspace === workspace);
  }

  pagesOf(workspace: Workspace): ModelPage[] {
    return this.pages.filter((page) => page.workspace === workspace);
  }
}

/** Newest first: created_at descending, then id descending (lists.newest-first). */
export function newestFirst<T extends { snapshot: Json }>(items: T[]): T[] {
  return [...items].sort((a, b) => {
    const [x, y] = [String(a.snapshot.created_at), String(b.snapshot.created_at)];
    return x === y ? b.snapshot.id - a.snapshot.id : x < y ? 1 : -1;
  });
}

/**
 * Whether two names of pages or newsletters are one name (names.unique-any-case): NFKC, then case
 * folded. The run's names hold no letter whose full folding differs from its lowercase.
 */
export function sameName(a: string, b: string): boolean {
  return a.normalize('NFKC').toLowerCase() === b.normalize('NFKC').toLowerCase();
}

/** The first of `base`, `base-1`, `base-2`, ... no item uses (a slug made unique with a suffix). */
export function uniqueSlug(base: string, used: string[]): string {
  if (!used.includes(base)) return base;
  for (let suffix = 1; ; suffix++) if (!used.includes(`${base}-${suffix}`)) return `${base}-${suffix}`;
}
