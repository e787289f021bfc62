/**
 * `/healthz`: whether the server is up (it answers) and whether it can take writes. It reads the
 * database (a lookup that needs no lock) and asks the file system, never waiting on a lock or on the
 * disk for long, so it answers within milliseconds of its turn on the event loop; large bodies,
 * Markdown and uploads are admitted in bounded numbers (http/admission.ts), which keeps that turn near.
 *
 * The server cannot take writes when its data directory or database file is not writable (a
 * read-only mount, changed permissions), or when the file system has less than `MIN_FREE_BYTES` left
 * (a write then risks failing with a full disk, which the API answers as a 507). The answer is 200
 * either way, since reads still work: `{"status":"ok","writable":true,"warm":true}`, or
 * `{"status":"read-only","writable":false,"reason":"...","warm":true}`.
 *
 * `warm` is false until the start-up warm-up (app.ts: every operation's validators built, its parsers
 * run, its operations and answers rehearsed) has ended: requests are served meanwhile, and the first
 * of an operation not yet warmed pays for what the warm-up would have done. A server composed without
 * `npm start`'s warm-up (a test's) stays `warm: false`.
 */
import { accessSync, closeSync, constants, existsSync, openSync, rmSync, statfsSync } from 'node:fs';
import path from 'node:path';
import type { RequestHandler } from 'express';
import type { Db } from '../db/database.ts';

/** Below this much free space a server says it cannot take writes: an upload alone is 10 MiB. */
export const MIN_FREE_BYTES = 32 * 1024 * 1024;

export interface StorageState {
  writable: boolean;
  reason?: string;
  freeBytes?: number;
}

/** Whether `dataDir` and the database file (with its WAL files) can be written, and the space left. */
export function storageState(dataDir: string, databasePath: string): StorageState {
  // A file created and removed: permissions alone do not tell (root passes every access check, and a
  // read-only mount or a file in the directory's place refuses it anyway).
  try {
    const probe = path.join(dataDir, `.health-${process.pid}`);
    closeSync(openSync(probe, 'w'));
    rmSync(probe, { force: true });
  } catch (err) {
    return { writable: false, reason: `${dataDir} is not writable (${(err as NodeJS.ErrnoException).code ?? 'error'})` };
  }
  const files = databasePath === ':memory:' ? [] : [databasePath, `${databasePath}-wal`, `${databasePath}-shm`].filter((file) => existsSync(file));
  for (const target of [...(databasePath === ':memory:' ? [] : [path.dirname(path.resolve(databasePath))]), ...files]) {
    try {
      accessSync(target, constants.W_OK);
    } catch (err) {
      return { writable: false, reason: `${target} is not writable (${(err as NodeJS.ErrnoException).code ?? 'error'})` };
    }
  }
  try {
    const stats = statfsSync(dataDir);
    const freeBytes = Number(stats.bavail) * Number(stats.bsize);
    if (freeBytes < MIN_FREE_BYTES) return { writable: false, reason: `the file system of ${dataDir} has ${freeBytes} bytes free`, freeBytes };
    return { writable: true, freeBytes };
  } catch (err) {
    return { writable: false, reason: `the free space of ${dataDir} cannot be read (${(err as NodeJS.ErrnoException).code ?? 'error'})` };
  }
}

/** The file of the database's main schema, or `:memory:`. */
function databaseFile(db: Db): string {
  const main = (db.pragma('database_list') as Array<{ name: string; file: string }>).find((entry) => entry.name === 'main');
  return main?.file ? main.file : ':memory:';
}

export function healthCheck(db: Db, dataDir: string): RequestHandler {
  const databasePath = databaseFile(db);
  const read = db.prepare('SELECT 1');
  return (req, res) => {
    read.get();
    const storage = storageState(dataDir, databasePath);
    const warm = req.app.locals.warmedUp === true;
    res.set('Cache-Control', 'no-store');
    res.json(
      storage.writable
        ? { status: 'ok', writable: true, warm }
        : { status: 'read-only', writable: false, reason: storage.reason, warm },
    );
  };
}
