/**
 * The opt-in rate-limit probe (`--probe-rate-limit`) against the reference server with a small quota:
 * clean, it passes; with a limit that is announced but not enforced, or a 429 without Retry-After, it
 * fails. Against the default quota, far above the probe's bound, it is not applicable and says why.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FaultName } from '../../server/faults/catalog.ts';
import { RATE_LIMIT_FAULT_CASES } from './rate-limit-faults.ts';
import type { RateLimitSettings } from '../../server/http/rate-limit.ts';
import { startTestServer } from '../../server/tests/harness.ts';
import type { RunReport } from '../report/model.ts';
import { suiteFiles } from '../cases/test-files.ts';
import { runCli } from './run-cli.ts';

const SMALL: RateLimitSettings = { windowSeconds: 600, perToken: 25, failedAuthPerAddress: 600 };

async function probe(options: { faults?: FaultName[]; rateLimit?: RateLimitSettings; args?: string[] }) {
  const server = await startTestServer({ faults: options.faults ?? [], ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}) });
  const dir = mkdtempSync(path.join(tmpdir(), 'conformance-probe-'));
  try {
    const args = ['--base-url', server.baseUrl, '--token', server.token, '--seed', '3', '--reporter', 'json', '--report-dir', dir, ...(options.args ?? ['--probe-rate-limit'])];
    const run = await runCli(args);
    const report = JSON.parse(readFileSync(path.join(dir, 'report.json'), 'utf8')) as RunReport;
    return { exitCode: run.exitCode, report, stdout: run.stdout };
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const probeTests = (report: RunReport) => report.tests.filter((test) => test.check === 'rate_limit_enforced');

describe.concurrent('the rate-limit probe', () => {
  it('passes a server that enforces the quota it announces, and runs nothing else', async () => {
    const { exitCode, report, stdout } = await probe({ rateLimit: SMALL });
    expect(report.failures.map((f) => `${f.check}: ${f.reason}`)).toEqual([]);
    expect(probeTests(report).map((test) => test.state)).toEqual(['passed']);
    expect(new Set(report.tests.map((test) => test.check))).toEqual(new Set(['rate_limit_enforced']));
    expect(exitCode, stdout.slice(-2000)).toBe(0);
  }, 120_000);

  it('is not applicable, with the numbers, when the quota is above its bound', async () => {
    const { exitCode, report } = await probe({});
    const [test] = probeTests(report);
    expect(test?.state).toBe('not_applicable');
    expect(test?.reason).toMatch(/announces \d+ requests left .* at most 1000/);
    expect(exitCode).toBe(0);
  }, 120_000);

  it('is not part of a run unless asked for, and runs alone when it is', () => {
    const probeFile = 'suite/rate-limit/probe.test.ts';
    expect(suiteFiles({}).exclude).toContain(probeFile);
    expect(suiteFiles({ phases: ['scenarios'] }).exclude).toContain(probeFile);
    expect(suiteFiles({ probeRateLimit: true })).toEqual({ include: [probeFile], exclude: [] });
  });

  it.each(RATE_LIMIT_FAULT_CASES)('catches $fault with $caughtBy', async ({ fault, caughtBy, breaks }) => {
    const { exitCode, report } = await probe({ faults: [fault], rateLimit: SMALL });
    const failed = [...new Set(report.failures.map((failure) => failure.check))];
    expect(failed.filter((check) => caughtBy.includes(check)).sort(), `failed: ${failed.join(', ') || 'none'}`).toEqual([...caughtBy].sort());
    expect(report.ruleCoverage.rules.filter((rule) => rule.status === 'failed').map((rule) => rule.id)).toEqual(expect.arrayContaining(breaks));
    expect(exitCode).toBe(1);
  }, 120_000);
});
