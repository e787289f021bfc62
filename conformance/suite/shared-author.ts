/**
 * Authors cannot be created through the API, so every test file shares the one author the suite reads
 * (and changes, when --fixtures names it or --disposable-target is given). Test files run in parallel worker processes: a test that
 * compares two views of that author, or checks that `{}` changes nothing, must not see another file's
 * update land in between. Such tests and every update of the author hold one lock for that author on
 * that target, shared by all workers (and by concurrent runs against the same target) through a lock
 * file in the system's temporary directory.
 */
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lockfile from 'proper-lockfile';
import type { OperationInfo } from '../contract/document.ts';
import { NotRunSignal, type Kit } from './kit.ts';

/** Longer than any request may take, so a lock left by a killed worker frees itself. */
const STALE_AFTER_MS = 60_000;
/** How often a worker waiting for the lock tries it again. */
const POLL_MS = 5;
/**
 * How long a worker that has just let the lock go stays away from it: longer than a poll, so a worker
 * that was waiting takes its turn. Without it, a worker whose tests hold the lock one after the other
 * (or several at once, queued) takes it again within a millisecond of letting it go, and a waiter that
 * polls can starve until its test times out, as the updateAuthor tests of a loaded run once did.
 */
const TURN_MS = 3 * POLL_MS;

function lockPath(t: Kit, what: string): string {
  const target = createHash('sha256').update(`${t.options.baseUrl} ${what}`).digest('hex').slice(0, 16);
  return join(tmpdir(), `publishing-conformance-author-${target}`);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** This worker's tests that want each lock, in the order they asked: first come, first served. */
const queues = new Map<string, Promise<unknown>>();
/** When this worker last let each lock go. */
const releasedAt = new Map<string, number>();

/** Takes the lock file, polling, or answers undefined once the deadline passes with another worker still holding it. */
async function take(path: string, deadline: number): Promise<(() => Promise<void>) | undefined> {
  const wait = (releasedAt.get(path) ?? 0) + TURN_MS - Date.now();
  if (wait > 0) await sleep(wait);
  for (;;) {
    try {
      // The path names the lock itself, not an existing file to lock.
      return await lockfile.lock(path, { realpath: false, stale: STALE_AFTER_MS, retries: 0 });
    } catch (error) {
      if ((error as { code?: string }).code !== 'ELOCKED') throw error;
      if (Date.now() >= deadline) return undefined;
      await sleep(POLL_MS);
    }
  }
}

async function holding<T>(t: Kit, what: string, work: () => Promise<T>): Promise<T> {
  const path = lockPath(t, what);
  // Four requests' time, as before the wait was bounded, but never so long that the test's own
  // minute runs out while it waits: a test that cannot have the lock reaches no verdict and says so.
  const waitMs = Math.min(t.options.requestTimeoutSeconds * 4_000, 30_000);
  const asked = Date.now();
  const before = queues.get(path) ?? Promise.resolve();
  let done!: () => void;
  const turn = new Promise<void>((resolve) => (done = resolve));
  queues.set(path, turn);
  try {
    await before;
    const release = await take(path, asked + waitMs);
    if (!release) throw new NotRunSignal(`not run: the run's author stayed locked by other tests of the run (or another run against this target) for ${Math.round((Date.now() - asked) / 1000)} s; a test that compares views of the author or changes it waits its turn, so this one reached no verdict`);
    try {
      return await work();
    } finally {
      releasedAt.set(path, Date.now());
      await release();
    }
  } finally {
    done();
    if (queues.get(path) === turn) queues.delete(path);
  }
}

/** Runs `work` while no other test of any worker reads-to-compare or changes the author. */
export function holdingAuthor<T>(t: Kit, authorId: number, work: () => Promise<T>): Promise<T> {
  return holding(t, String(authorId), work);
}

/**
 * Runs `work` while no other test of any worker changes the --token2 workspace's authors or reads them
 * to compare: one lock for them all, since a reader that learns which authors that workspace has (its
 * lists of active and of inactive authors) cannot name the one it needs before it reads.
 */
export function holdingOtherAuthors<T>(t: Kit, work: () => Promise<T>): Promise<T> {
  return holding(t, 'other-workspace-authors', work);
}

/**
 * Whether the suite's test files change the authors of the --token2 workspace too: only on a disposable
 * target, where the isolation test of listAuthors sets one inactive and back, holding holdingOtherAuthors
 * (the other workspace's authors are then shared like the run's own).
 */
export function otherAuthorsShared(t: Kit): boolean {
  return Boolean(t.options.token2) && t.options.disposableTarget === true;
}

/** Why the suite leaves the author alone: the words of every test that would change it. */
export const AUTHOR_NOT_WRITABLE =
  'the suite changes only what it created, and authors cannot be created through the API: name one it may change as author_id in --fixtures, or pass --disposable-target for a throwaway target';

/** A case that would change the author runs only when --fixtures names one or the target is disposable. */
export function guardAuthor(t: Kit, operation: OperationInfo): void {
  if (operation.operationId !== 'updateAuthor' || t.options.profile === 'mock' || t.fixtures.authorWritable) return;
  t.notApplicable(AUTHOR_NOT_WRITABLE);
}

/** Sends a generated request; one that updates the shared author holds its lock while it does. */
export function sendHoldingAuthor<T>(t: Kit, operation: OperationInfo, send: () => Promise<T>): Promise<T> {
  const authorId = t.fixtures.authorId;
  return operation.operationId === 'updateAuthor' && authorId !== undefined ? holdingAuthor(t, authorId, send) : send();
}
