/** SQL for pages. Every query is scoped to a workspace. */
import type { Page } from '../../generated/openapi.d.ts';
import type { Db } from '../db/database.ts';
import { nameKey } from '../domain/names.ts';
import { filteredPage, prepareList, slugRange, updateRow, type ListQuery, type PageOf, type Paging, type Value } from './common.ts';

const COLUMNS = 'id, name, slug, name_slug, domain, workspace_id, created_at, updated_at';
const LIST: ListQuery = { table: 'pages', columns: COLUMNS, conditions: ['workspace_id = @workspace_id'] };

export interface NewPage {
  workspace_id: number;
  name: string;
  slug: string;
  name_slug: string;
  domain: string;
  created_at: string;
}

export class PageStore {
  /** How names compare: two names with one key are the same name (a unique index holds it). */
  nameKey: (name: string) => string = nameKey;
  private readonly byId;
  private readonly existing;
  private readonly insertRow;
  private readonly byName;
  private readonly bySlug;
  private readonly slugs;
  private readonly nameSlugs;
  private readonly byDomain;

  constructor(private readonly db: Db) {
    this.existing = db.prepare<[number, number], number>('SELECT 1 FROM pages WHERE workspace_id = ? AND id = ?').pluck();
    this.byId = db.prepare<[number, number], Page>(`SELECT ${COLUMNS} FROM pages WHERE workspace_id = ? AND id = ?`);
    this.insertRow = db.prepare(
      `INSERT INTO pages (workspace_id, name, name_key, slug, name_slug, domain, created_at, updated_at)
       VALUES (@workspace_id, @name, @name_key, @slug, @name_slug, @domain, @created_at, @created_at)`,
    );
    this.byName = db.prepare<[number, string], number>('SELECT id FROM pages WHERE workspace_id = ? AND name_key = ?').pluck();
    this.bySlug = db.prepare<[number, string], number>('SELECT id FROM pages WHERE workspace_id = ? AND slug = ?').pluck();
    this.slugs = db.prepare<[number, string, string], string>('SELECT slug FROM pages WHERE workspace_id = ? AND slug >= ? AND slug < ?').pluck();
    this.nameSlugs = db.prepare<[number, string, string], string>('SELECT name_slug FROM pages WHERE workspace_id = ? AND name_slug >= ? AND name_slug < ?').pluck();
    this.byDomain = db.prepare<[string], number>('SELECT 1 FROM pages WHERE domain = ?').pluck();
    prepareList(db, LIST);
  }

  exists(workspaceId: number, id: number): boolean {
    return this.existing.get(workspaceId, id) !== undefined;
  }

  get(workspaceId: number, id: number): Page | undefined {
    return this.byId.get(workspaceId, id);
  }

  list(workspaceId: number, paging: Paging): PageOf<Page> {
    return filteredPage<Page>(this.db, { ...LIST, params: { workspace_id: workspaceId } }, paging);
  }

  /** The page of the workspace with this name, in any letter case. */
  idByName(workspaceId: number, name: string): number | undefined {
    return this.byName.get(workspaceId, this.nameKey(name));
  }

  idBySlug(workspaceId: number, slug: string): number | undefined {
    return this.bySlug.get(workspaceId, slug);
  }

  slugsFrom(workspaceId: number, column: 'slug' | 'name_slug', base: string): string[] {
    const { from, to } = slugRange(base);
    return (column === 'slug' ? this.slugs : this.nameSlugs).all(workspaceId, from, to);
  }

  /** Whether any page, in any workspace, has this domain. */
  domainTaken(domain: string): boolean {
    return this.byDomain.get(domain) !== undefined;
  }

  insert(page: NewPage): number {
    return Number(this.insertRow.run({ ...page, name_key: this.nameKey(page.name) }).lastInsertRowid);
  }

  update(id: number, changes: Record<string, Value>): void {
    updateRow(this.db, 'pages', id, typeof changes.name === 'string' ? { ...changes, name_key: this.nameKey(changes.name) } : changes);
  }
}
