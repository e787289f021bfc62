/** SQL for newsletters. Every query is scoped to a workspace. */
import type { Newsletter } from '../../generated/openapi.d.ts';
import type { Db } from '../db/database.ts';
import { nameKey } from '../domain/names.ts';
import { filteredPage, prepareList, slugRange, updateRow, type ListQuery, type PageOf, type Paging, type Value } from './common.ts';

const COLUMNS = 'id, name, name_slug, workspace_id, created_at, updated_at';
const LIST: ListQuery = { table: 'newsletters', columns: COLUMNS, conditions: ['workspace_id = @workspace_id'] };

export class NewsletterStore {
  /** How names compare: two names with one key are the same name (a unique index holds it). */
  nameKey: (name: string) => string = nameKey;
  private readonly byId;
  private readonly existing;
  private readonly insertRow;
  private readonly byName;
  private readonly nameSlugs;

  constructor(private readonly db: Db) {
    this.existing = db.prepare<[number, number], number>('SELECT 1 FROM newsletters WHERE workspace_id = ? AND id = ?').pluck();
    this.byId = db.prepare<[number, number], Newsletter>(`SELECT ${COLUMNS} FROM newsletters WHERE workspace_id = ? AND id = ?`);
    this.insertRow = db.prepare(
      `INSERT INTO newsletters (workspace_id, name, name_key, name_slug, created_at, updated_at)
       VALUES (@workspace_id, @name, @name_key, @name_slug, @created_at, @created_at)`,
    );
    this.byName = db.prepare<[number, string], number>('SELECT id FROM newsletters WHERE workspace_id = ? AND name_key = ?').pluck();
    this.nameSlugs = db
      .prepare<[number, string, string], string>('SELECT name_slug FROM newsletters WHERE workspace_id = ? AND name_slug >= ? AND name_slug < ?')
      .pluck();
  }

  exists(workspaceId: number, id: number): boolean {
    return this.existing.get(workspaceId, id) !== undefined;
  }

  get(workspaceId: number, id: number): Newsletter | undefined {
    return this.byId.get(workspaceId, id);
  }

  list(workspaceId: number, paging: Paging): PageOf<Newsletter> {
    return filteredPage<Newsletter>(this.db, { ...LIST, params: { workspace_id: workspaceId } }, paging);
  }

  /** The newsletter of the workspace with this name, in any letter case. */
  idByName(workspaceId: number, name: string): number | undefined {
    return this.byName.get(workspaceId, this.nameKey(name));
  }

  nameSlugsFrom(workspaceId: number, base: string): string[] {
    const { from, to } = slugRange(base);
    return this.nameSlugs.all(workspaceId, from, to);
  }

  insert(newsletter: { workspace_id: number; name: string; name_slug: string; created_at: string }): number {
    return Number(this.insertRow.run({ ...newsletter, name_key: this.nameKey(newsletter.name) }).lastInsertRowid);
  }

  update(id: number, changes: Record<string, Value>): void {
    updateRow(this.db, 'newsletters', id, typeof changes.name === 'string' ? { ...changes, name_key: this.nameKey(changes.name) } : changes);
  }
}
