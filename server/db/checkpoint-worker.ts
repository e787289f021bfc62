/**
 * The thread wal-checkpoints.ts runs SQLite's checkpoints in, on a connection of its own: every
 * `intervalMs` a PASSIVE checkpoint (the kind SQLite's automatic one is), which copies what it can of
 * the WAL into the database file without waiting for, or blocking, any reader or writer. Each result
 * goes back to the server's thread, for its tests; a message `close` closes the connection and ends.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openConnection } from './connection.ts';

export interface CheckpointWorkerData {
  file: string;
  intervalMs: number;
}

/** What one checkpoint did, in pages (frames) of the WAL. */
export interface CheckpointResult {
  busy: number;
  log: number;
  checkpointed: number;
}

const { file, intervalMs } = workerData as CheckpointWorkerData;
const db = openConnection(file);
// The server's connection waits up to 5 s for a lock; a checkpoint that finds one busy just tries
// again at the next turn, so it never waits.
db.pragma('busy_timeout = 0');

const timer = setInterval(() => {
  try {
    const [result] = db.pragma('wal_checkpoint(PASSIVE)') as CheckpointResult[];
    if (result && result.log > 0) parentPort!.postMessage({ result });
  } catch (error) {
    // SQLITE_BUSY and the like: the next turn tries again. Anything else is reported, not fatal.
    parentPort!.postMessage({ failed: error instanceof Error ? error.message : String(error) });
  }
}, intervalMs);

parentPort!.on('message', (message: 'close') => {
  if (message !== 'close') return;
  clearInterval(timer);
  db.close();
  parentPort!.close();
});
parentPort!.postMessage({ ready: true });
