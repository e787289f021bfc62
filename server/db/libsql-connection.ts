/**
 * The Connection interface over libsql, for Node 20 (see connection.ts). libsql follows
 * better-sqlite3's API with three differences this class hides, each of which would otherwise reach
 * a response or break a write:
 * - its row objects carry an extra `_metadata` member: rows are read as arrays and built here;
 * - its `pluck()` is ignored by `get()`: plucking is done here;
 * - its transactions do not nest: nested ones become savepoints here, as better-sqlite3 does.
 * It also ignores the `readonly` and `fileMustExist` options, which are applied here.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { BindParameters, Connection, ConnectionOptions, RunResult, Statement, Transaction } from './sqlite-api.ts';

interface LibsqlStatement {
  readonly reader: boolean;
  raw(on?: boolean): LibsqlStatement;
  columns(): Array<{ name: string }>;
  run(...params: unknown[]): RunResult;
  get(...params: unknown[]): unknown[] | undefined;
  all(...params: unknown[]): unknown[][];
}

interface LibsqlDatabase {
  prepare(sql: string): LibsqlStatement;
  exec(sql: string): void;
  close(): void;
  readonly inTransaction: boolean;
}

const require = createRequire(import.meta.url);

class LibsqlPreparedStatement<Params extends BindParameters, Row> implements Statement<Params, Row> {
  private mode: 'object' | 'raw' | 'pluck' = 'object';
  private names: string[] | undefined;

  constructor(private readonly statement: LibsqlStatement) {
    // libsql refuses raw mode for statements that return no rows (an INSERT, a PRAGMA that sets).
    if (statement.reader) statement.raw(true);
  }

  pluck(): this {
    this.mode = 'pluck';
    return this;
  }

  raw(): this {
    this.mode = 'raw';
    return this;
  }

  run(...params: unknown[]): RunResult {
    const { changes, lastInsertRowid } = this.statement.run(...params);
    return { changes, lastInsertRowid };
  }

  get(...params: unknown[]): Row | undefined {
    const values = this.statement.get(...params);
    return values === undefined ? undefined : this.row(values);
  }

  all(...params: unknown[]): Row[] {
    return this.statement.all(...params).map((values) => this.row(values));
  }

  private row(values: unknown[]): Row {
    if (this.mode === 'raw') return values as Row;
    if (this.mode === 'pluck') return values[0] as Row;
    const names = (this.names ??= this.statement.columns().map((column) => column.name));
    // Filled in a loop rather than through Object.fromEntries, which builds an array of pairs first:
    // half the time per row, and a list reads up to a hundred rows of twenty columns.
    const row: Record<string, unknown> = {};
    for (let index = 0; index < names.length; index++) row[names[index]!] = values[index];
    return row as Row;
  }
}

export class LibsqlConnection implements Connection {
  private readonly db: LibsqlDatabase;
  private depth = 0;

  constructor(file: string, options: ConnectionOptions) {
    if (options.fileMustExist && file !== ':memory:' && !existsSync(file)) throw new Error(`no database file at ${file}`);
    const Database = require('libsql') as new (file: string) => LibsqlDatabase;
    this.db = new Database(file);
    if (options.readonly) this.db.exec('PRAGMA query_only = ON');
  }

  prepare<Params extends BindParameters = unknown[], Row = unknown>(sql: string): Statement<Params, Row> {
    return new LibsqlPreparedStatement<Params, Row>(this.db.prepare(sql));
  }

  exec(sql: string): void {
    this.db.exec(sql);
  }

  pragma(source: string): unknown {
    return this.prepare(`PRAGMA ${source}`).all();
  }

  close(): void {
    this.db.close();
  }

  transaction<F extends (...args: never[]) => unknown>(fn: F): Transaction<F> {
    const run = (begin: string) =>
      ((...args: Parameters<F>) => {
        const savepoint = `nested_${this.depth}`;
        const outermost = this.depth === 0;
        this.db.exec(outermost ? begin : `SAVEPOINT ${savepoint}`);
        this.depth += 1;
        try {
          const result = fn(...args);
          this.db.exec(outermost ? 'COMMIT' : `RELEASE ${savepoint}`);
          return result;
        } catch (error) {
          // Also when COMMIT itself failed (a busy database): nothing of the work may stay pending.
          // SQLite may have rolled back already (on a full disk, say): then there is nothing to undo.
          if (!outermost) this.db.exec(`ROLLBACK TO ${savepoint}; RELEASE ${savepoint}`);
          else if (this.db.inTransaction) this.db.exec('ROLLBACK');
          throw error;
        } finally {
          this.depth -= 1;
        }
      }) as F;
    return Object.assign(run('BEGIN'), { immediate: run('BEGIN IMMEDIATE') });
  }
}
