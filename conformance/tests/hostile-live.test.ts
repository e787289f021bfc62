/**
 * The hostile phase against the reference server: with one of its hostile-input faults (each re-creates
 * one bug in the fixed server), the phase fails through a named check, with the request that shows it;
 * the clean server passes over three seeds.
 *
 * A fault that crashes or stalls the server (markdown-unbounded) runs it in a process of its own, so it
 * takes only itself down; the others run in this test's process, as the other suite tests do.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sameOnEveryLineRuns } from '../../scripts/test-scope.ts';
import type { FaultName } from '../../server/faults/catalog.ts';
import { startTestServer } from '../../server/tests/harness.ts';
import { DEV_TOKEN, startServerProcess, stopAllProcesses } from '../../server/tests/processes.ts';
import type { RunReport } from '../report/model.ts';
import { HOSTILE_FAULTS, type HostileFault } from './hostile-faults.ts';
import { runCli } from './run-cli.ts';

interface Target {
  baseUrl: string;
  token: string;
  token2?: string;
  authorId?: number;
  close(): Promise<void>;
}

async function startTarget(faults: string[], ownProcess = false): Promise<Target> {
  if (ownProcess) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'conformance-hostile-server-'));
    // The heap `npm start` gives the server: a renderer without bounds runs out of it, as in production.
    const server = await startServerProcess(dataDir, { FAULTS: faults.join(','), NODE_OPTIONS: '--max-old-space-size=128' }, undefined, { script: 'server/faults/main.ts' });
    return {
      baseUrl: server.baseUrl,
      token: DEV_TOKEN,
      close: async () => {
        await server.kill();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const server = await startTestServer({ faults: faults as FaultName[], database: 'file' });
  return { baseUrl: server.baseUrl, token: server.token, token2: server.otherToken, authorId: server.authorId, close: () => server.close() };
}

async function runHostile(target: Target, seed: number, include: string[] = [], env: NodeJS.ProcessEnv = {}): Promise<{ exitCode: number | null; report: RunReport }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'conformance-hostile-'));
  try {
    const args = ['--base-url', target.baseUrl, '--phases', 'hostile', '--seed', String(seed), '--reporter', 'json', '--report-dir', dir];
    if (target.token2) args.push('--token2', target.token2);
    if (target.authorId !== undefined) {
      const fixtures = path.join(dir, 'fixtures.json');
      writeFileSync(fixtures, JSON.stringify({ author_id: target.authorId }));
      args.push('--fixtures', fixtures);
    }
    if (include.length > 0) args.push('--include', ...include);
    // A hostile request that stalls the target is answered late or not at all: no need to wait a minute.
    const run = await runCli(args, { CONFORMANCE_TOKEN: target.token, CONFORMANCE_REQUEST_TIMEOUT: '10', ...env });
    return { exitCode: run.exitCode, report: JSON.parse(readFileSync(path.join(dir, 'report.json'), 'utf8')) as RunReport };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// After all, not after each: the tests run concurrently, and each stops its own target; this only
// catches a process a failing test left behind (after each, it would kill the others' servers).
afterAll(async () => {
  await stopAllProcesses();
});

// A fault matrix: the same on every Node.js line (scripts/test-scope.ts); the clean run below is not.
describe.runIf(sameOnEveryLineRuns).concurrent('the hostile phase against the reference server with one fault', () => {
  for (const entry of HOSTILE_FAULTS) {
    it(`catches ${entry.fault} with ${entry.caughtBy.join(' or ')}, showing ${entry.breaks.join(', ')} broken`, async () => {
      await expectCaught(entry);
    }, 240_000);
  }
});

async function expectCaught({ fault, include, caughtBy, breaks, ownProcess }: HostileFault): Promise<void> {
  const target = await startTarget([fault], ownProcess);
  try {
    const { exitCode, report } = await runHostile(target, 5, include);
    const caught = report.failures.filter((failure) => caughtBy.includes(failure.check));
    const failed = [...new Set(report.failures.map((failure) => failure.check))].sort();
    expect(caught.length, `failed checks: ${failed.join(', ') || 'none'}`).toBeGreaterThan(0);
    // The request that shows the bug, as a line an implementer can run.
    for (const failure of caught) expect(failure.evidence?.curl).toMatch(/curl -i (-X [A-Z]+|--head) '/);
    expect(report.ruleCoverage.rules.filter((rule) => rule.status === 'failed').map((rule) => rule.id)).toEqual(expect.arrayContaining(breaks));
    expect(exitCode).toBe(1);
  } finally {
    await target.close();
  }
}

describe('the hostile phase against the clean reference server', () => {
  it('passes with zero failures over three seeds', async () => {
    const target = await startTarget([]);
    try {
      // One after another: a clean run is the baseline, not a load test.
      for (const seed of [1, 2, 3]) {
        const { exitCode, report } = await runHostile(target, seed);
        expect(report.failures.map((failure) => `${failure.operation} ${failure.check}: ${failure.reason}`), `seed ${seed}`).toEqual([]);
        expect(report.summary.tests.passed).toBeGreaterThan(300);
        expect(exitCode).toBe(0);
      }
    } finally {
      await target.close();
    }
  }, 360_000);
});
