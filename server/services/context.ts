/**
 * What every service works with: the database (for transaction boundaries), the stores, a clock, and
 * the readers list answers hold a snapshot with (none for a database in memory).
 */
import type { Db } from '../db/database.ts';
import type { SnapshotReaders } from '../db/snapshot-readers.ts';
import type { Clock } from '../domain/clock.ts';
import type { Stores } from '../store/index.ts';

export interface ServiceContext {
  db: Db;
  stores: Stores;
  clock: Clock;
  readers?: SnapshotReaders;
}
