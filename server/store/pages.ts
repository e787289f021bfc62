/** SQL for pages. Every query is scoped to a workspace. */
import type { Page } from '../../generated/openapi.d.ts';
import type { Db } from '../db/database.ts';
import { filteredPage, slugRange, updateRow, type PageOf, type Paging, type Value } from './common.ts';

const COLUMNS = 'id, name, slug, name_slug, domain, workspace_id, created_at, updated_at';

export interface NewPage {
  workspace_id: number;
  name: string;
  slug: string;
  name_slug: string;
  domain: string;
  created_at: string;
}

export class PageStore {
  private readonly byId;
  private readonly existing;
  private readonly insertRow;

  constructor(private readonly db: Db) {
    this.existing = db.prepare<[number, number], number>('SELECT 1 FROM pages WHERE workspace_id = ? AND id = ?').pluck();
    this.byId = db.prepare<[number, number], Page>(`SELECT ${COLUMNS} FROM pages WHERE workspace_id = ? AND id = ?`);
    this.insertRow = db.prepare(
      `INSERT INTO pages (workspace_id, name, slug, name_slug, domain, created_at, updated_at)
       VALUES (@workspace_id, @name, @slug, @name_slug, @domain, @created_at, @created_at)`,
    );
  }

  exists(workspaceId: number, id: number): boolean {
    return this.existing.get(workspaceId, id) !== undefined;
  }

  get(workspaceId: number, id: number): Page | undefined {
    return this.byId.get(workspaceId, id);
  }

  list(workspaceId: number, paging: Paging): PageOf<Page> {
    return filteredPage<Page>(
      this.db,
      { table: 'pages', columns: COLUMNS, conditions: ['workspace_id = @workspace_id'], params: { workspace_id: workspaceId } },
      paging,
    );
  }

  /** The page of the workspace with this name, in any letter case. */
  idByName(workspaceId: number, name: string): number | undefined {
    return this.db.prepare<[number, string], number>('SELECT id FROM pages WHERE workspace_id = ? AND name = ?').pluck().get(workspaceId, name);
  }

  idBySlug(workspaceId: number, slug: string): number | undefined {
    return this.db.prepare<[number, string], number>('SELECT id FROM pages WHERE workspace_id = ? AND slug = ?').pluck().get(workspaceId, slug);
  }

  slugsFrom(workspaceId: number, column: 'slug' | 'name_slug', base: string): string[] {
    const { from, to } = slugRange(base);
    return this.db
      .prepare<[number, string, string], string>(`SELECT ${column} FROM pages WHERE workspace_id = ? AND ${column} >= ? AND ${column} < ?`)
      .pluck()
      .all(workspaceId, from, to);
  }

  /** Host-name labels in use across all workspaces that are `label` or start with `label-`. */
  domainLabelsFrom(label: string, domainSuffix: string): string[] {
    // Domains hold [a-z0-9.-]; '/' sorts right after '.', so this range is `label.*` and `label-*`.
    return this.db
      .prepare<[string, string], string>('SELECT domain FROM pages WHERE domain >= ? AND domain < ?')
      .pluck()
      .all(label, `${label}/`)
      .filter((domain) => domain.endsWith(`.${domainSuffix}`))
      .map((domain) => domain.slice(0, -(domainSuffix.length + 1)));
  }

  insert(page: NewPage): number {
    return Number(this.insertRow.run(page).lastInsertRowid);
  }

  update(id: number, changes: Record<string, Value>): void {
    updateRow(this.db, 'pages', id, changes);
  }
}
