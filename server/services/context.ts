/** What every service works with: the database (for transaction boundaries), the stores and a clock. */
import type { Db } from '../db/database.ts';
import type { Clock } from '../domain/clock.ts';
import type { Stores } from '../store/index.ts';

export interface ServiceContext {
  db: Db;
  stores: Stores;
  clock: Clock;
}

/** Runs `work` in one SQLite transaction: all of its writes land, or none do. */
export function inTransaction<T>(context: ServiceContext, work: () => T): T {
  return context.db.transaction(work)();
}
