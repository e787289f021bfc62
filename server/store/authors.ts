/** SQL for authors. Every query is scoped to a workspace. */
import type { Author } from '../../generated/openapi.d.ts';
import type { Db } from '../db/database.ts';
import { formattedName } from '../domain/people.ts';
import { filteredPage, prepareList, slugRange, updateRow, type ListQuery, type PageOf, type Paging, type Value } from './common.ts';

const COLUMNS = `id, first_name, last_name, email, position, short_description, long_description, slug, active,
  avatar, created_at, updated_at`;
const LIST: ListQuery = { table: 'authors', columns: COLUMNS, conditions: ['workspace_id = @workspace_id', 'active = @active'] };

type AuthorRow = Omit<Author, 'active' | 'formatted_name'> & { active: number };

const toAuthor = (row: AuthorRow): Author => ({
  id: row.id,
  first_name: row.first_name,
  last_name: row.last_name,
  formatted_name: formattedName(row.first_name, row.last_name),
  email: row.email,
  position: row.position,
  short_description: row.short_description,
  long_description: row.long_description,
  slug: row.slug,
  active: row.active === 1,
  avatar: row.avatar,
  created_at: row.created_at,
  updated_at: row.updated_at,
});

export interface NewAuthor {
  workspace_id: number;
  first_name: string;
  last_name: string | null;
  email: string;
  slug: string;
  position?: string | null;
  created_at: string;
}

export class AuthorStore {
  private readonly byId;
  private readonly slugs;
  private readonly insertRow;

  constructor(private readonly db: Db) {
    this.byId = db.prepare<[number, number], AuthorRow>(`SELECT ${COLUMNS} FROM authors WHERE workspace_id = ? AND id = ?`);
    this.slugs = db.prepare<[number, string, string], string>('SELECT slug FROM authors WHERE workspace_id = ? AND slug >= ? AND slug < ?').pluck();
    this.insertRow = db.prepare(
      `INSERT INTO authors (workspace_id, first_name, last_name, email, position, slug, active, created_at, updated_at)
       VALUES (@workspace_id, @first_name, @last_name, @email, @position, @slug, 1, @created_at, @created_at)`,
    );
    prepareList(db, LIST);
  }

  get(workspaceId: number, id: number): Author | undefined {
    const row = this.byId.get(workspaceId, id);
    return row && toAuthor(row);
  }

  exists(workspaceId: number, id: number): boolean {
    return this.byId.get(workspaceId, id) !== undefined;
  }

  list(workspaceId: number, active: boolean, paging: Paging): PageOf<Author> {
    const { total, items } = filteredPage<AuthorRow>(
      this.db,
      { ...LIST, params: { workspace_id: workspaceId, active: Number(active) } },
      paging,
    );
    return { total, items: items.map(toAuthor) };
  }

  slugsFrom(workspaceId: number, base: string): string[] {
    const { from, to } = slugRange(base);
    return this.slugs.all(workspaceId, from, to);
  }

  insert(author: NewAuthor): number {
    return Number(this.insertRow.run({ position: null, ...author }).lastInsertRowid);
  }

  update(id: number, changes: Record<string, Value>): void {
    updateRow(this.db, 'authors', id, changes);
  }
}
