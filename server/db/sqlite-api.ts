/**
 * The part of a SQLite connection the server uses: what both drivers (connection.ts) provide, and all
 * that stores, services and tests may call.
 */
export type BindParameters = unknown[] | object;

type Arguments<Params extends BindParameters> = Params extends unknown[] ? Params : [Params];

export interface RunResult {
  changes: number;
  lastInsertRowid: number | bigint;
}

/** A prepared statement. `pluck()` reads the first column only, `raw()` reads rows as arrays. */
export interface Statement<Params extends BindParameters = unknown[], Row = unknown> {
  run(...params: Arguments<Params>): RunResult;
  get(...params: Arguments<Params>): Row | undefined;
  all(...params: Arguments<Params>): Row[];
  pluck(): this;
  raw(): this;
}

type AnyFunction = (...args: never[]) => unknown;

/** `fn` run in one transaction (nested calls nest as savepoints); `.immediate` takes the write lock first. */
export type Transaction<F extends AnyFunction> = F & { immediate: F };

export interface Connection {
  prepare<Params extends BindParameters = unknown[], Row = unknown>(sql: string): Statement<Params, Row>;
  exec(sql: string): unknown;
  /** Runs `PRAGMA <source>` and returns its rows. */
  pragma(source: string): unknown;
  transaction<F extends AnyFunction>(fn: F): Transaction<F>;
  close(): unknown;
}

export interface ConnectionOptions {
  readonly?: boolean;
  fileMustExist?: boolean;
}
