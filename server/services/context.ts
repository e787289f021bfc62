/** What every service works with: the database (for transaction boundaries), the stores and a clock. */
import type { Db } from '../db/database.ts';
import type { Clock } from '../domain/clock.ts';
import type { Stores } from '../store/index.ts';

export interface ServiceContext {
  db: Db;
  stores: Stores;
  clock: Clock;
}
