/**
 * SQLite's WAL checkpoints, off the event loop. By default the connection that commits runs a
 * checkpoint itself once the WAL passes 1000 pages: it copies them into the database file and syncs
 * it, inside that commit. For the server that is the event loop: measured on the shared two-core
 * machine, 40 commits of a 1 MiB post took 880 to 900 ms with those checkpoints and 265 to 272 ms
 * without, the checkpoints 60 to 85 ms each, every fourth post (bench/README.md, "Capacity").
 *
 * So the server's connection turns the automatic checkpoint off, and a worker thread with a
 * connection of its own (checkpoint-worker.ts) runs the same PASSIVE checkpoint every `intervalMs`:
 * the same work, on another thread, never blocking a reader or a writer. Should the thread fail, the
 * server's connection takes the automatic checkpoint back, so the WAL never grows without bound.
 */
import { Worker } from 'node:worker_threads';
import type { CheckpointResult, CheckpointWorkerData } from './checkpoint-worker.ts';
import type { Connection } from './sqlite-api.ts';

/** SQLite's default: the WAL's size, in pages, at which a commit checkpoints when nothing else does. */
const AUTOMATIC_CHECKPOINT_PAGES = 1000;
/** Often enough that the WAL stays near the size the automatic checkpoint would keep it at. */
export const CHECKPOINT_INTERVAL_MS = 250;

// As in markdown-pool.ts: compiled, the worker is the compiled file beside this one; from source
// (the tests' in-process servers), TypeScript through tsx's loader, registered in the thread itself.
const compiled = !import.meta.url.endsWith('.ts');
const workerFile = new URL(`./checkpoint-worker.${compiled ? 'js' : 'ts'}`, import.meta.url).href;
const bootstrap = compiled
  ? `import(${JSON.stringify(workerFile)})`
  : `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then(({ register }) => { register(); return import(${JSON.stringify(workerFile)}); })`;

type Reply = { ready: true } | { result: CheckpointResult } | { failed: string };

export class WalCheckpoints {
  private readonly worker: Worker;
  private closed = false;
  /** The last checkpoint that found pages in the WAL: for the tests. */
  last: CheckpointResult | undefined;

  /**
   * @param db the server's connection, in WAL mode, on `file`
   * @param onFailure told when the thread fails and the automatic checkpoint is back
   */
  constructor(
    private readonly db: Connection,
    file: string,
    onFailure: (reason: string) => void,
    intervalMs = CHECKPOINT_INTERVAL_MS,
  ) {
    db.pragma('wal_autocheckpoint = 0');
    const data: CheckpointWorkerData = { file, intervalMs };
    this.worker = new Worker(bootstrap, { eval: true, workerData: data });
    // The thread never keeps the process alive: a server that is done exits.
    this.worker.unref();
    this.worker.on('message', (reply: Reply) => {
      if ('result' in reply) this.last = reply.result;
    });
    const fail = (reason: string) => {
      if (this.closed) return;
      this.closed = true;
      this.automaticAgain();
      onFailure(reason);
    };
    this.worker.on('error', (error) => fail(`the checkpoint thread failed: ${error.message}`));
    this.worker.on('exit', (code) => fail(`the checkpoint thread stopped (exit code ${code})`));
  }

  /** Stops the thread once its connection is closed; the server's connection checkpoints on close as usual. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const exited = new Promise<void>((resolve) => this.worker.once('exit', () => resolve()));
    this.worker.postMessage('close');
    // A thread still starting, or stuck in a checkpoint, is not waited for long.
    const timer = setTimeout(() => void this.worker.terminate(), 5000);
    await exited;
    clearTimeout(timer);
    this.automaticAgain();
  }

  private automaticAgain(): void {
    try {
      this.db.pragma(`wal_autocheckpoint = ${AUTOMATIC_CHECKPOINT_PAGES}`);
    } catch {
      // The connection is already closed: nothing more will be committed on it.
    }
  }
}
