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
import type { Kit } from './kit.ts';

/** Longer than any request may take, so a lock left by a killed worker frees itself. */
const STALE_AFTER_MS = 60_000;

function lockPath(t: Kit, what: string): string {
  const target = createHash('sha256').update(`${t.options.baseUrl} ${what}`).digest('hex').slice(0, 16);
  return join(tmpdir(), `publishing-conformance-author-${target}`);
}

async function holding<T>(t: Kit, what: string, work: () => Promise<T>): Promise<T> {
  const release = await lockfile.lock(lockPath(t, what), {
    // The path names the lock itself, not an existing file to lock.
    realpath: false,
    stale: STALE_AFTER_MS,
    retries: { retries: Math.ceil((t.options.requestTimeoutSeconds * 1000 * 4) / 50), minTimeout: 10, maxTimeout: 50 },
  });
  try {
    return await work();
  } finally {
    await release();
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
