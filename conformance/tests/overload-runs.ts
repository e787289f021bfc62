/**
 * The overload phase's runs against the reference server, for its clean run (overload-live.test.ts)
 * and its faults (overload-live-faults.test.ts). The server is started as `npm start` starts it (a
 * process of its own with a heap of 128 MB, since a fault may run it out of memory).
 *
 * The loads are the smallest that still show each fault on a two-core machine: the phase's own
 * default (32 at once, 30 s) is sized for a real target, not for a test.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import type { FaultName } from '../../server/faults/catalog.ts';
import { DEV_TOKEN, runAdmin, startServerProcess, type ServerProcess } from '../../server/tests/processes.ts';
import type { CheckName } from '../checks/catalog.ts';
import type { RunReport } from '../report/model.ts';
import { runCli } from './run-cli.ts';

export interface OverloadFault {
  fault: FaultName;
  /** The operation whose load shows it. */
  include: string;
  /** The phase's bounds for this load: requests at once, seconds an answer may take. */
  concurrency: number;
  within: number;
  /** The check that catches it. */
  check: CheckName;
  /** What the failure says: the answers came late, or not at all. */
  shows: RegExp;
}

/** The clean server's rendering threads (server/domain/markdown-pool.ts): one per core but one, at least one, at most four. */
export const RENDERING_THREADS = Math.min(4, Math.max(1, availableParallelism() - 1));

export const OVERLOAD_FAULTS: OverloadFault[] = [
  // A page of 100 items of 500,000 characters is about 50 MB: two built whole exceed the heap.
  { fault: 'list-built-whole', include: 'listPosts', concurrency: 2, within: 60, check: 'survives_overload', shows: /no answer: / },
  // Twelve uploads of 10 MiB held as strings at once exceed the heap; twice that many are sent, since
  // on a busy machine the uploads' bodies overlap less (one CI run held too few at once to crash).
  { fault: 'upload-buffered', include: 'uploadImage', concurrency: 24, within: 60, check: 'survives_overload', shows: /no answer: / },
  // The second workspace's light rendering waits behind all 32 of the first's costly ones (on two
  // cores, one rendering thread), where the bound allows about four: every figure is measured in the
  // same run, so the margin holds whatever the machine's pace. The load's own answers all come within
  // --overload-within: lateness against an absolute bound is not the fault's sign.
  {
    fault: 'markdown-queue-unbounded',
    include: 'createEmail',
    concurrency: 32,
    within: 60,
    check: 'fair_between_workspaces',
    shows: /light request took \d+ ms: t1 = \d+ ms .* bound 6 × t1 \+ 2 × t0 \+ 100 ms = \d+ ms\. It waited behind the other workspace's requests/,
  },
];

export async function startServer(fault?: FaultName): Promise<{ server: ServerProcess; token2: string; close(): Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'conformance-overload-server-'));
  const server = await startServerProcess(dataDir, { NODE_OPTIONS: '--max-old-space-size=128', ...(fault ? { FAULTS: fault } : {}) }, undefined, fault ? { script: 'server/faults/main.ts' } : {});
  const close = async () => {
    await server.kill();
    rmSync(dataDir, { recursive: true, force: true });
  };
  // A second workspace, for fairness between workspaces.
  // A wait for an event, not a timing claim: the admin command starts while the server warms up, and on
  // a busy machine that took more than the default 20 s.
  const admin = await runAdmin(['workspace', 'create', '--name', 'Other'], { DATABASE_PATH: server.databasePath, DATA_DIR: dataDir }, 90_000);
  const token2 = /token\s+(\S+)/.exec(admin.stdout)?.[1];
  if (!token2) {
    await close();
    throw new Error(`no second workspace: ${admin.stderr || admin.stdout}`);
  }
  return { server, token2, close };
}

export async function runOverload({ server, token2 }: { server: ServerProcess; token2: string }, load: Pick<OverloadFault, 'include' | 'concurrency' | 'within'>): Promise<{ exitCode: number | null; report: RunReport }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'conformance-overload-'));
  try {
    const args = ['--base-url', server.baseUrl, '--phases', 'overload', '--include', load.include, '--overload-concurrency', String(load.concurrency), '--overload-within', String(load.within)];
    // The light request's bound is generous: this machine is shared, and the faults show otherwise.
    const run = await runCli([...args, '--responsive-within', '10', '--seed', '5', '--reporter', 'json', '--report-dir', dir], { CONFORMANCE_TOKEN: DEV_TOKEN, CONFORMANCE_TOKEN2: token2 });
    return { exitCode: run.exitCode, report: JSON.parse(readFileSync(path.join(dir, 'report.json'), 'utf8')) as RunReport };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The Markdown load at the phase's default bound, which the clean server must pass; it also runs the fairness test. */
export const MARKDOWN_LOAD = { include: 'createEmail', concurrency: 96 * RENDERING_THREADS, within: 30 };

/** The fairness test's figures (its note when it passed, its reason when it failed), for the test's output. */
export function fairnessFigures(report: RunReport): string[] {
  const notes = report.tests.flatMap((test) => (test.notes ?? []).filter((note) => note.startsWith('fair_between_workspaces')));
  const failures = report.failures.filter((failure) => failure.check === 'fair_between_workspaces').map((failure) => failure.reason);
  return [...notes, ...failures];
}
