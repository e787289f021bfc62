/** What every service works with: the database (for transaction boundaries), the stores and a clock. */
import type { Db } from '../db/database.ts';
import type { Clock } from '../domain/clock.ts';
import type { Stores } from '../store/index.ts';

export interface ServiceContext {
  db: Db;
  stores: Stores;
  clock: Clock;
}

// One transaction function per database, reused: better-sqlite3's db.transaction() builds four
// wrapper variants each time it is called, about 10 µs, on every write request otherwise.
const runners = new WeakMap<Db, (work: () => unknown) => unknown>();

/** Runs `work` in one SQLite transaction: all of its writes land, or none do. Nested calls nest. */
export function inTransaction<T>(context: ServiceContext, work: () => T): T {
  let run = runners.get(context.db);
  if (!run) {
    run = context.db.transaction((inner: () => unknown) => inner());
    runners.set(context.db, run);
  }
  return run(work) as T;
}
