/**
 * The snapshot readers (db/snapshot-readers.ts) on their own, over a database file in WAL mode with the
 * server's checkpoint thread running: a begun snapshot sees its moment whatever is committed after,
 * checkpoints go on around it (held back, never failing or blocking the writer) and catch up once it
 * ends; readers are bounded, waited for, refused past the bounds, and closed with the database.
 */
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../db/database.ts';
import { SnapshotReaders } from '../db/snapshot-readers.ts';
import { WalCheckpoints } from '../db/wal-checkpoints.ts';
import { Overloaded } from '../http/admission.ts';
import { makeTempDir, removeTempDirs } from './temp-dirs.ts';

let db: Db | undefined;
let readers: SnapshotReaders | undefined;
let checkpoints: WalCheckpoints | undefined;

afterEach(async () => {
  readers?.close();
  await checkpoints?.close();
  db?.close();
  readers = checkpoints = db = undefined;
  removeTempDirs();
});

const LIMITS = { running: 2, runningPerKey: 1, waitingPerKey: 1, waitingTotal: 2, maxWaitMs: 10_000 };

function database(): { file: string; db: Db } {
  const file = path.join(makeTempDir('snapshot-readers'), 'db.sqlite');
  db = openDatabase(file);
  db.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL)');
  db.prepare('INSERT INTO notes (text) VALUES (?)').run('before');
  return { file, db };
}

const until = async (done: () => boolean, what: string) => {
  const deadline = Date.now() + 20_000;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen within 20 s`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe('snapshot readers', () => {
  it('see the moment their snapshot began; checkpoints are held back meanwhile, without failing, and catch up after', async () => {
    const { file, db: main } = database();
    const failures: string[] = [];
    checkpoints = new WalCheckpoints(main, file, (reason) => failures.push(reason), 20);
    readers = new SnapshotReaders(file, LIMITS);

    const reader = readers.tryTake(1)!;
    reader.begin();
    const insert = main.prepare('INSERT INTO notes (text) VALUES (?)');
    main.prepare("UPDATE notes SET text = 'after' WHERE id = 1").run();
    // About 1,500 pages of 4 KiB in 30 commits, while the snapshot is held: the writer never waits.
    const started = performance.now();
    for (let i = 0; i < 30; i++) insert.run('x'.repeat(200_000));
    const writing = performance.now() - started;

    const read = (sql: string) => reader.db.prepare(sql).pluck().get();
    expect(read('SELECT text FROM notes WHERE id = 1')).toBe('before');
    expect(read('SELECT count(*) FROM notes')).toBe(1);
    // Checkpoints go on, but cannot copy what was committed after the snapshot began.
    await until(() => (checkpoints!.last?.log ?? 0) > 1000, 'a checkpoint of the grown WAL');
    expect(checkpoints.last!.checkpointed).toBeLessThan(checkpoints.last!.log);

    reader.end();
    expect(readers.load).toEqual({ held: 0, waiting: 0, open: 1 });
    await until(() => checkpoints!.last!.checkpointed === checkpoints!.last!.log, 'a whole checkpoint once the snapshot ended');
    expect(failures).toEqual([]);
    // The next snapshot is of now, on the same connection.
    const next = readers.tryTake(1)!;
    next.begin();
    expect(next.db.prepare('SELECT text FROM notes WHERE id = 1').pluck().get()).toBe('after');
    next.end();
    expect(readers.load.open).toBe(1);
    expect(writing, '30 commits of 200 kB each, with a snapshot held').toBeLessThan(5_000);
  }, 30_000);

  it('are bounded per workspace and in all, waited for in turn, and refused past the bounds', async () => {
    const { file } = database();
    readers = new SnapshotReaders(file, LIMITS);
    const first = readers.tryTake(1)!;
    expect(first).toBeDefined();
    // Workspace 1 has its one reader: it waits, another workspace takes the second.
    expect(readers.tryTake(1)).toBeUndefined();
    const second = readers.tryTake(2)!;
    expect(second).toBeDefined();
    expect(readers.tryTake(3)).toBeUndefined();

    const waiting = readers.take(1);
    await expect(readers.take(1)).rejects.toBeInstanceOf(Overloaded);
    const gone = new AbortController();
    const leaving = readers.take(3, gone.signal);
    gone.abort(new Error('client gone'));
    await expect(leaving).rejects.toThrow('client gone');
    expect(readers.load).toMatchObject({ held: 2, waiting: 1 });

    first.end();
    first.end();
    const third = await waiting;
    third.begin();
    expect(readers.load).toEqual({ held: 2, waiting: 0, open: 2 });
    third.end();
    second.end();
    expect(readers.load).toEqual({ held: 0, waiting: 0, open: 2 });
  });

  it('close the idle connections at once and a held one when it is given back', () => {
    const { file } = database();
    readers = new SnapshotReaders(file, LIMITS);
    const idle = readers.tryTake(1)!;
    const held = readers.tryTake(2)!;
    idle.end();
    held.begin();
    readers.close();
    expect(readers.load.open).toBe(1);
    expect(() => readers!.tryTake(1)).toThrow('closed');
    held.end();
    expect(readers.load).toEqual({ held: 0, waiting: 0, open: 0 });
  });
});
