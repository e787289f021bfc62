/** SQL for categories. Callers have already checked that the page is in their workspace. */
import type { Category } from '../../generated/openapi.d.ts';
import type { Db } from '../db/database.ts';
import { filteredPage, prepareList, slugRange, updateRow, type ListQuery, type PageOf, type Paging, type Value } from './common.ts';

const COLUMNS = 'id, name, slug, description, color, page_id, created_at, updated_at';
const LIST: ListQuery = { table: 'categories', columns: COLUMNS, conditions: ['page_id = @page_id'] };

export interface NewCategory {
  page_id: number;
  name: string;
  slug: string;
  description: string | null;
  color: string | null;
  created_at: string;
}

export class CategoryStore {
  private readonly byId;
  private readonly insertRow;
  private readonly bySlug;
  private readonly slugs;
  private readonly remove;

  constructor(private readonly db: Db) {
    this.byId = db.prepare<[number, number], Category>(`SELECT ${COLUMNS} FROM categories WHERE page_id = ? AND id = ?`);
    this.insertRow = db.prepare(
      `INSERT INTO categories (page_id, name, slug, description, color, created_at, updated_at)
       VALUES (@page_id, @name, @slug, @description, @color, @created_at, @created_at)`,
    );
    this.bySlug = db.prepare<[number, string], number>('SELECT id FROM categories WHERE page_id = ? AND slug = ?').pluck();
    this.slugs = db.prepare<[number, string, string], string>('SELECT slug FROM categories WHERE page_id = ? AND slug >= ? AND slug < ?').pluck();
    this.remove = db.prepare<[number, number]>('DELETE FROM categories WHERE page_id = ? AND id = ?');
    prepareList(db, LIST);
  }

  get(pageId: number, id: number): Category | undefined {
    return this.byId.get(pageId, id);
  }

  list(pageId: number, paging: Paging): PageOf<Category> {
    return filteredPage<Category>(this.db, { ...LIST, params: { page_id: pageId } }, paging);
  }

  idBySlug(pageId: number, slug: string): number | undefined {
    return this.bySlug.get(pageId, slug);
  }

  slugsFrom(pageId: number, base: string): string[] {
    const { from, to } = slugRange(base);
    return this.slugs.all(pageId, from, to);
  }

  insert(category: NewCategory): number {
    return Number(this.insertRow.run(category).lastInsertRowid);
  }

  update(id: number, changes: Record<string, Value>): void {
    updateRow(this.db, 'categories', id, changes);
  }

  /** Deletes the category; its posts keep their page and lose the category (ON DELETE SET NULL). */
  delete(pageId: number, id: number): boolean {
    return this.remove.run(pageId, id).changes === 1;
  }
}
