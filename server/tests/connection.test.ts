/**
 * The SQLite connection interface, held to one behaviour whichever driver serves it: better-sqlite3
 * on Node 22 and later, libsql on Node 20 (server/db/connection.ts). libsql runs on every Node, so it
 * is tested everywhere; better-sqlite3 wherever it can load.
 */
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openConnection, sqliteDriver } from '../db/connection.ts';
import type { Connection, ConnectionOptions } from '../db/sqlite-api.ts';
import { LibsqlConnection } from '../db/libsql-connection.ts';
import { makeTempDir, removeTempDirs } from './temp-dirs.ts';

const drivers: Array<[string, (file: string, options?: ConnectionOptions) => Connection]> = [
  ['libsql', (file, options = {}) => new LibsqlConnection(file, options)],
];
if (sqliteDriver === 'better-sqlite3') drivers.push(['better-sqlite3', openConnection]);

const dir = makeTempDir('connection');
const opened: Connection[] = [];
afterAll(() => {
  opened.forEach((db) => db.close());
  removeTempDirs();
});

describe.each(drivers)('%s', (name, open) => {
  const file = join(dir, `${name}.sqlite`);
  const db = open(file);
  opened.push(db);
  db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL UNIQUE, n INTEGER)');
  const insert = db.prepare<{ name: string; n: number | null }>('INSERT INTO t (name, n) VALUES (@name, @n)');
  const count = () => db.prepare<[], number>('SELECT count(*) FROM t').pluck().get();

  it('runs writes and reports changes and the new row id', () => {
    const first = insert.run({ name: 'a', n: 1 });
    expect(first).toMatchObject({ changes: 1, lastInsertRowid: 1 });
    expect(Number(insert.run({ name: 'b', n: null }).lastInsertRowid)).toBe(2);
  });

  it('reads rows as objects with exactly the selected columns (nothing a response could leak)', () => {
    const row = db.prepare<[number], object>('SELECT id, name, n FROM t WHERE id = ?').get(1);
    expect(row).toStrictEqual({ id: 1, name: 'a', n: 1 });
    expect(db.prepare('SELECT name, n FROM t ORDER BY id').all()).toStrictEqual([{ name: 'a', n: 1 }, { name: 'b', n: null }]);
    expect(db.prepare('SELECT id FROM t WHERE id = 99').get()).toBeUndefined();
  });

  it('plucks the first column and reads raw rows as arrays, with get and all', () => {
    expect(count()).toBe(2);
    expect(db.prepare('SELECT name FROM t ORDER BY id').pluck().all()).toStrictEqual(['a', 'b']);
    expect(db.prepare('SELECT id, name FROM t WHERE id = ?').raw().get(2)).toStrictEqual([2, 'b']);
    expect(db.prepare('SELECT id, name FROM t ORDER BY id').raw().all()).toStrictEqual([[1, 'a'], [2, 'b']]);
  });

  it('commits a transaction whole, or rolls it back whole when it throws', () => {
    db.transaction(() => insert.run({ name: 'c', n: 3 }))();
    expect(() =>
      db.transaction(() => {
        insert.run({ name: 'd', n: 4 });
        insert.run({ name: 'a', n: 5 }); // violates UNIQUE
      })(),
    ).toThrow(/UNIQUE/);
    expect(db.prepare('SELECT name FROM t ORDER BY id').pluck().all()).toStrictEqual(['a', 'b', 'c']);
  });

  it('nests transactions: an inner failure undoes only the inner work, an outer failure undoes both', () => {
    const tx = db.transaction((work: () => void) => work());
    tx(() => {
      insert.run({ name: 'outer-kept', n: null });
      expect(() => tx(() => {
        insert.run({ name: 'inner-undone', n: null });
        throw new Error('inner');
      })).toThrow('inner');
    });
    expect(() => tx(() => {
      insert.run({ name: 'outer-undone', n: null });
      tx(() => insert.run({ name: 'inner-with-it', n: null }));
      throw new Error('outer');
    })).toThrow('outer');
    expect(db.prepare("SELECT name FROM t WHERE name LIKE '%-%' ORDER BY id").pluck().all()).toStrictEqual(['outer-kept']);
  });

  it('takes the write lock first with .immediate()', () => {
    expect(db.transaction(() => count()).immediate()).toBe(4);
  });

  it('sets and reads pragmas', () => {
    db.pragma('journal_mode = WAL');
    expect(db.pragma('journal_mode')).toStrictEqual([{ journal_mode: 'wal' }]);
  });

  it('opens read-only connections that refuse writes, and refuses a missing file when asked', () => {
    const reader = open(file, { readonly: true, fileMustExist: true });
    try {
      expect(reader.prepare('SELECT count(*) FROM t').pluck().get()).toBe(4);
      expect(() => reader.prepare("INSERT INTO t (name) VALUES ('x')").run()).toThrow();
    } finally {
      reader.close();
    }
    expect(() => open(join(dir, 'missing.sqlite'), { fileMustExist: true })).toThrow();
  });
});
