/**
 * The overload phase against the reference server, started as `npm start` starts it (a process of its
 * own with a heap of 128 MB, since a fault may run it out of memory): the overload faults that run the
 * server out of memory are caught by survives_overload, for the reason they should be (no answer at
 * all), and the clean server passes the same loads and the Markdown load.
 *
 * The loads are the smallest that still show each fault on a two-core machine: the phase's own
 * default (32 at once, 30 s) is sized for a real target, not for a test.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sameOnEveryLineRuns } from '../../scripts/test-scope.ts';
import type { FaultName } from '../../server/faults/catalog.ts';
import { DEV_TOKEN, startServerProcess, stopAllProcesses, type ServerProcess } from '../../server/tests/processes.ts';
import type { RunReport } from '../report/model.ts';
import { runCli } from './run-cli.ts';

interface OverloadFault {
  fault: FaultName;
  /** The operation whose load shows it. */
  include: string;
  /** The phase's bounds for this load: requests at once, seconds an answer may take. */
  concurrency: number;
  within: number;
  /** What the failure says: the answers came late (past the bound, or not within it), or not at all. */
  shows: RegExp;
}

/** The clean server's rendering threads (server/domain/markdown-pool.ts): one per core but one, at least one, at most four. */
const RENDERING_THREADS = Math.min(4, Math.max(1, availableParallelism() - 1));

const FAULTS: OverloadFault[] = [
  // A page of 100 items of 500,000 characters is about 50 MB: two built whole exceed the heap.
  { fault: 'list-built-whole', include: 'listPosts', concurrency: 2, within: 60, shows: /no answer: / },
  // Twelve uploads of 10 MiB held as strings exceed the heap.
  { fault: 'upload-buffered', include: 'uploadImage', concurrency: 12, within: 60, shows: /no answer: / },
];

async function startServer(fault?: FaultName): Promise<{ server: ServerProcess; close(): Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'conformance-overload-server-'));
  const server = await startServerProcess(dataDir, { NODE_OPTIONS: '--max-old-space-size=128', ...(fault ? { FAULTS: fault } : {}) }, undefined, fault ? { script: 'server/faults/main.ts' } : {});
  return {
    server,
    close: async () => {
      await server.kill();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function runOverload(server: ServerProcess, load: Pick<OverloadFault, 'include' | 'concurrency' | 'within'>): Promise<{ exitCode: number | null; report: RunReport }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'conformance-overload-'));
  try {
    const args = ['--base-url', server.baseUrl, '--phases', 'overload', '--include', load.include, '--overload-concurrency', String(load.concurrency), '--overload-within', String(load.within)];
    // The light request's bound is generous: this machine is shared, and the faults show otherwise.
    const run = await runCli([...args, '--responsive-within', '10', '--seed', '5', '--reporter', 'json', '--report-dir', dir], { CONFORMANCE_TOKEN: DEV_TOKEN });
    return { exitCode: run.exitCode, report: JSON.parse(readFileSync(path.join(dir, 'report.json'), 'utf8')) as RunReport };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The Markdown load, which the clean server must pass at the phase's default bound. Its fault,
 * markdown-queue-unbounded, is not proven here: an unbounded queue shows only as answers later than a
 * bound, and no bound found separates it from the clean server on both a quiet and a busy machine (on
 * two cores, quiet, the unbounded queue answered 20 of 96 within 2 s and the last after about 10 s,
 * the clean server all within 1 s; with the test run going, the clean server's slowest passed 3 s).
 */
const MARKDOWN_LOAD = { include: 'createEmail', concurrency: 96 * RENDERING_THREADS, within: 30 };

afterAll(async () => {
  await stopAllProcesses();
});

// One at a time: each load is meant to fill the machine's cores, and two at once would judge the machine.
describe.runIf(sameOnEveryLineRuns)('the overload phase against the reference server with one overload fault', () => {
  for (const load of FAULTS) {
    it(`catches ${load.fault} with survives_overload (${load.concurrency} × ${load.include} at once)`, async () => {
      const { server, close } = await startServer(load.fault);
      try {
        const { exitCode, report } = await runOverload(server, load);
        const caught = report.failures.filter((failure) => failure.check === 'survives_overload' && failure.operation === load.include);
        expect(caught.map((failure) => failure.reason).join('\n'), `failures: ${report.failures.map((failure) => `${failure.check}: ${failure.reason}`).join('\n')}`).toMatch(load.shows);
        expect(caught[0]?.evidence?.curl).toMatch(/curl -i -X [A-Z]+ '/);
        expect(exitCode).toBe(1);
      } finally {
        await close();
      }
    }, 300_000);
  }
});

describe('the overload phase against the clean reference server', () => {
  it('passes each of those loads', async () => {
    const { server, close } = await startServer();
    try {
      for (const load of [MARKDOWN_LOAD, ...FAULTS]) {
        const { exitCode, report } = await runOverload(server, load);
        expect(report.failures.map((failure) => `${failure.operation} ${failure.check}: ${failure.reason}`), load.include).toEqual([]);
        expect(report.summary.tests.passed, load.include).toBe(1);
        expect(exitCode).toBe(0);
      }
      // The server is still the one that started: no load took it down.
      expect(server.child.exitCode).toBeNull();
    } finally {
      await close();
    }
  }, 600_000);
});
