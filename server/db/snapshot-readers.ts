/**
 * Read-only connections that each hold one moment of the database (a snapshot) while a list answer
 * is written: a page's long contents are read only as each item goes out (store/deferred-content.ts),
 * which for a slow client may be minutes after the page itself was read, and meanwhile the server's
 * own connection goes on writing. In WAL mode a read transaction sees the database as it was at its
 * first read until it ends, whatever is committed meanwhile, so every item of the answer is read as
 * the page was (http/list-snapshot.ts).
 *
 * Bounded: at most `running` readers at once (`runningPerKey` of one workspace), each a connection
 * opened when first needed and kept, with a small page cache: the text of a large item passes through
 * the cache and is not kept in it. More requests wait, fair between workspaces and bounded
 * (http/admission.ts); past the bounds the answer is a 503 with Retry-After.
 *
 * What a held snapshot costs: the WAL's checkpoints (wal-checkpoints.ts, PASSIVE) cannot copy the
 * pages committed after it began, and the WAL cannot start over from its beginning, until it ends. So
 * it grows by what is written meanwhile, and the next checkpoint after the snapshot catches up. No
 * writer or checkpoint waits for a reader in WAL mode, and a reader never takes the write lock, so
 * nothing is blocked; the list answer bounds how long a snapshot lasts (http/list-answer.ts).
 */
import { FairAdmission } from '../http/admission.ts';
import { openConnection } from './connection.ts';
import type { Connection, Statement } from './sqlite-api.ts';

/** Readers at once, per workspace, and the requests that may wait for one. */
export const SNAPSHOT_READER_LIMITS = { running: 8, runningPerKey: 4, waitingPerKey: 16, waitingTotal: 64, maxWaitMs: 30_000 } as const;

/** Each reader's page cache, in KiB (SQLite's default is 2,000 KiB): it reads each text once, in order. */
export const READER_CACHE_KIB = 256;

type Limits = { [Name in keyof typeof SNAPSHOT_READER_LIMITS]: number };

/** One reader, held by one list answer. */
export interface Reader {
  /** The reader's connection: read-only. */
  readonly db: Connection;
  /** Starts the snapshot: a read transaction and its first read, which fixes the moment it sees. */
  begin(): void;
  /** Ends the snapshot (if it began) and gives the reader back; later calls do nothing. */
  end(): void;
}

export class SnapshotReaders {
  private readonly admission: FairAdmission<number>;
  /** Open connections no answer holds. */
  private readonly idle: Connection[] = [];
  private readonly firstReads = new WeakMap<Connection, Statement>();
  private opened = 0;
  private closed = false;

  constructor(
    private readonly file: string,
    limits: Limits = SNAPSHOT_READER_LIMITS,
  ) {
    const admission: FairAdmission<number> = new FairAdmission<number>({
      what: 'consistent list answers',
      ...limits,
      retryAfterSeconds: () => Math.min(30, 1 + Math.ceil(admission.load.waiting / limits.running)),
    });
    this.admission = admission;
  }

  /** Readers held and requests waiting for one, and the connections open: for tests. */
  get load(): { held: number; waiting: number; open: number } {
    const { running, waiting } = this.admission.load;
    return { held: running, waiting, open: this.opened };
  }

  /** A reader for `key` (a workspace), now, if one is free for it without waiting; else undefined. */
  tryTake(key: number): Reader | undefined {
    this.ensureOpen();
    const release = this.admission.tryAcquire(key);
    return release && this.reader(release);
  }

  /** A reader for `key` once one is free for it; rejects with Overloaded past the bounds, or with the signal's reason. */
  async take(key: number, signal?: AbortSignal): Promise<Reader> {
    this.ensureOpen();
    const release = await this.admission.acquire(key, signal);
    if (this.closed) {
      release();
      throw new Error('The database is closed.');
    }
    return this.reader(release);
  }

  /** Closes the readers no answer holds now; each held one is closed when it is given back. */
  close(): void {
    this.closed = true;
    for (const db of this.idle.splice(0)) this.discard(db);
  }

  private ensureOpen(): void {
    if (this.closed) throw new Error('The database is closed.');
  }

  private reader(release: () => void): Reader {
    let db: Connection;
    try {
      db = this.idle.pop() ?? this.open();
    } catch (err) {
      release();
      throw err;
    }
    let inTransaction = false;
    let ended = false;
    return {
      db,
      begin: () => {
        db.exec('BEGIN');
        inTransaction = true;
        // BEGIN alone fixes nothing: the snapshot is taken by the transaction's first read.
        this.firstReads.get(db)!.get();
      },
      end: () => {
        if (ended) return;
        ended = true;
        let usable = true;
        if (inTransaction) {
          try {
            // A read transaction has nothing to keep: ending it either way lets the WAL move on.
            db.exec('ROLLBACK');
          } catch {
            usable = false;
          }
        }
        if (usable && !this.closed) this.idle.push(db);
        else this.discard(db);
        release();
      },
    };
  }

  private open(): Connection {
    const db = openConnection(this.file, { readonly: true, fileMustExist: true });
    try {
      db.pragma(`cache_size = -${READER_CACHE_KIB}`);
      // As the server's connection: a reader finds the database busy only in rare moments (another
      // process recovering the WAL after a crash); it waits for that rather than failing the answer.
      db.pragma('busy_timeout = 5000');
      this.firstReads.set(db, db.prepare('SELECT count(*) FROM sqlite_schema').pluck());
    } catch (err) {
      db.close();
      throw err;
    }
    this.opened++;
    return db;
  }

  private discard(db: Connection): void {
    this.opened--;
    try {
      db.close();
    } catch {
      // Already unusable: nothing more to free.
    }
  }
}
