/** Pieces every store shares: paging, slug ranges and partial updates. */
import type { Statement } from '../db/sqlite-api.ts';
import type { Db } from '../db/database.ts';

export interface Paging {
  page: number;
  size: number;
}

export interface PageOf<T> {
  total: number;
  items: T[];
}

/** LIMIT and OFFSET for a 1-based page. */
export const limitOffset = ({ page, size }: Paging) => ({ limit: size, offset: (page - 1) * size });

/**
 * The bounds of the slugs that are `base` or start with `base-`: slugs hold only [a-z0-9-], and
 * '.' sorts right after '-', so the range is an index range scan rather than a LIKE.
 */
export const slugRange = (base: string) => ({ from: base, to: `${base}.` });

/** Values the driver can bind. */
export type Value = string | number | null;

// Statements by SQL text, per connection, so a list's SQL is parsed and planned once rather than on
// every request. The cache stays small: each store's lists build one text per combination of filters.
const statements = new WeakMap<Db, Map<string, Statement>>();

/** The statement of `sql` on `db` (the server's connection or a snapshot's), prepared on its first use there. */
export function prepared(db: Db, sql: string): Statement {
  let byText = statements.get(db);
  if (!byText) {
    byText = new Map();
    statements.set(db, byText);
  }
  let statement = byText.get(sql);
  if (!statement) {
    statement = db.prepare(sql);
    byText.set(sql, statement);
  }
  return statement;
}

/** Which rows a list holds: table, columns and conditions come from the calling store, never from a request. */
export interface ListQuery {
  table: string;
  columns: string;
  conditions: string[];
}

/** The statements of a list: its total, and one page of its rows, newest first. */
function listStatements(db: Db, query: ListQuery): { total: Statement; page: Statement } {
  const where = query.conditions.join(' AND ');
  return {
    total: prepared(db, `SELECT count(*) FROM ${query.table} WHERE ${where}`),
    page: prepared(db, `SELECT ${query.columns} FROM ${query.table} WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT @limit OFFSET @offset`),
  };
}

/**
 * Prepares a list's statements when the store is made (at start-up), so its first request does not
 * parse and plan them. Each store prepares its lists without filters; a filtered list's statements
 * are prepared on its first use.
 */
export function prepareList(db: Db, query: ListQuery): void {
  listStatements(db, query);
}

/**
 * One page of the rows of `table` matching every condition (each naming its parameters as
 * `@name`), newest first, with the total of all matching rows.
 */
export function filteredPage<Row>(db: Db, query: ListQuery & { params: Record<string, Value> }, paging: Paging): PageOf<Row> {
  const params = { ...query.params, ...limitOffset(paging) };
  const statements = listStatements(db, query);
  return {
    total: statements.total.pluck().get(params) as number,
    items: statements.page.all(params) as Row[],
  };
}

/**
 * `UPDATE table SET ... WHERE id = ?` for the given columns only. Column names come from the calling
 * store's own list, never from a request.
 */
export function updateRow(db: Db, table: string, id: number, changes: Record<string, Value>): void {
  const columns = Object.keys(changes);
  if (columns.length === 0) return;
  const assignments = columns.map((column) => `${column} = @${column}`).join(', ');
  prepared(db, `UPDATE ${table} SET ${assignments} WHERE id = @id`).run({ ...changes, id });
}

/** Keeps only the keys that are present (not undefined), so absent fields stay unchanged. */
export function presentOnly<T extends Record<string, unknown>>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<T>;
}
