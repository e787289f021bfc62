/**
 * The server's WAL checkpoints run in a thread of their own (db/wal-checkpoints.ts): its connection
 * commits without checkpointing, the thread copies the WAL into the database file as the writes come,
 * and once the thread is closed the connection checkpoints by itself again.
 */
import { afterEach, describe, expect, it } from 'vitest';
import path from 'node:path';
import { openDatabase, type Db } from '../db/database.ts';
import { WalCheckpoints } from '../db/wal-checkpoints.ts';
import { makeTempDir, removeTempDirs } from './temp-dirs.ts';

let db: Db | undefined;
let checkpoints: WalCheckpoints | undefined;

afterEach(async () => {
  await checkpoints?.close();
  db?.close();
  removeTempDirs();
});

const automaticPages = (connection: Db) => (connection.pragma('wal_autocheckpoint') as Array<{ wal_autocheckpoint: number }>)[0]!.wal_autocheckpoint;

describe('WAL checkpoints in a thread of their own', () => {
  it('copy the WAL into the database as commits come, none of them in the committing connection', async () => {
    const file = path.join(makeTempDir('wal-checkpoints'), 'db.sqlite');
    db = openDatabase(file);
    const failures: string[] = [];
    checkpoints = new WalCheckpoints(db, file, (reason) => failures.push(reason), 20);
    expect(automaticPages(db)).toBe(0);

    db.exec('CREATE TABLE filler (text TEXT)');
    const insert = db.prepare('INSERT INTO filler (text) VALUES (?)');
    // About 1,500 pages of 4 KiB in 30 commits: past the 1,000 at which a commit would checkpoint.
    for (let i = 0; i < 30; i++) insert.run('x'.repeat(200_000));

    const deadline = Date.now() + 20_000;
    // The thread may checkpoint while the commits come (then the WAL starts over): the last checkpoint
    // must have found pages, and copied them all.
    while (!(checkpoints.last && checkpoints.last.log > 0 && checkpoints.last.checkpointed === checkpoints.last.log) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(checkpoints.last, 'the thread checkpointed the whole WAL').toMatchObject({ checkpointed: checkpoints.last?.log });
    expect(checkpoints.last!.log).toBeGreaterThan(0);
    expect(failures).toEqual([]);

    await checkpoints.close();
    expect(automaticPages(db)).toBe(1000);
  }, 30_000);
});
