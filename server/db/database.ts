/**
 * Opens the SQLite database the server keeps everything in, and brings its schema up to date with
 * the versioned migrations in ./migrations (applied in order, each in its own transaction); and runs
 * work in one transaction for the stores, services and delivery.
 */
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openConnection } from './connection.ts';
import type { Connection } from './sqlite-api.ts';
import { fillNameKeys } from './name-keys.ts';

export type Db = Connection;

const migrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export function openDatabase(file: string): Db {
  if (file !== ':memory:') mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const db = openConnection(file);
  // WAL lets readers go on while the delivery worker writes; NORMAL sync is durable under WAL
  // across process crashes (only an OS crash can lose the last commits).
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db);
  fillNameKeys(db);
  return db;
}

// One transaction function per database, reused: better-sqlite3's db.transaction() builds four
// wrapper variants each time it is called, about 10 µs, on every write request otherwise.
const runners = new WeakMap<Db, (work: () => unknown) => unknown>();

/** Runs `work` in one SQLite transaction: all of its writes land, or none do. Nested calls nest. */
export function inTransaction<T>(db: Db, work: () => T): T {
  let run = runners.get(db);
  if (!run) {
    run = db.transaction((inner: () => unknown) => inner());
    runners.set(db, run);
  }
  return run(work) as T;
}

interface Migration {
  version: number;
  name: string;
  sql: string;
}

function migrations(): Migration[] {
  return readdirSync(migrationsDir)
    .filter((file) => /^\d{4}_.+\.sql$/.test(file))
    .sort()
    .map((file) => ({
      version: Number(file.slice(0, 4)),
      name: file,
      sql: readFileSync(path.join(migrationsDir, file), 'utf8'),
    }));
}

export function migrate(db: Db): void {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`);
  const isApplied = db.prepare<[number]>('SELECT 1 FROM schema_migrations WHERE version = ?');
  for (const migration of migrations()) {
    // IMMEDIATE takes the write lock before looking, so two processes opening a new database at
    // the same moment (the server and `npm run admin`, say) cannot both apply one migration: the
    // second waits (busy_timeout), then finds it applied.
    db.transaction(() => {
      if (isApplied.get(migration.version) !== undefined) return;
      db.exec(migration.sql);
      db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(
        migration.version,
        migration.name,
        new Date().toISOString(),
      );
    }).immediate();
  }
}
