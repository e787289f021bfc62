/**
 * The suite against the reference server: clean, it must pass with zero failures (live profile, with
 * a second workspace for the isolation checks); started with one of its deliberate faults
 * (server/faults), the suite must fail, through the named checks that stand for that bug.
 *
 * The server runs in this test's process and the CLI in a child process, as an implementer runs it.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startTestServer } from '../../server/tests/harness.ts';
import type { RunReport } from '../report/model.ts';
import { runCli } from './run-cli.ts';
import { SERVER_FAULT_CASES as FAULT_CASES } from './server-faults.ts';

interface Run {
  exitCode: number | null;
  report: RunReport;
  stdout: string;
}

async function runAgainstServer(faults: (typeof FAULT_CASES)[number]['fault'][], include: string[]): Promise<Run> {
  const server = await startTestServer({ faults });
  const dir = mkdtempSync(path.join(tmpdir(), `conformance-server-${faults.join('-') || 'clean'}-`));
  try {
    const fixtures = path.join(dir, 'fixtures.json');
    writeFileSync(fixtures, JSON.stringify({ author_id: server.authorId }));
    const args = ['--base-url', server.baseUrl, '--token', server.token, '--token2', server.otherToken, '--seed', '7'];
    args.push('--fixtures', fixtures, '--reporter', 'json', '--report-dir', dir, '--delivery-timeout', '20');
    if (include.length > 0) args.push('--include', ...include);
    const run = await runCli(args);
    const report = JSON.parse(readFileSync(path.join(dir, 'report.json'), 'utf8')) as RunReport;
    return { exitCode: run.exitCode, report, stdout: run.stdout };
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const failedChecks = (report: RunReport) => [...new Set(report.failures.map((failure) => failure.check))].sort();

describe('the suite against the reference server', () => {
  it('passes every applicable check of every operation, with zero failures', async () => {
    const { exitCode, report, stdout } = await runAgainstServer([], []);
    expect(report.failures.map((f) => `${f.operation} ${f.check}: ${f.reason}`)).toEqual([]);
    expect(exitCode, stdout.slice(-2000)).toBe(0);
    // Every rule of the contract is checked, or says why it cannot be; none is silently unchecked.
    expect(report.ruleCoverage.rules.filter((rule) => rule.status === 'gap').map((rule) => rule.id)).toEqual([]);
    expect(report.ruleCoverage.unknown).toEqual([]);
    expect(report.ruleCoverage.counts.failed).toBe(0);
  }, 240_000);
});


describe.concurrent('the suite against the reference server with one fault', () => {
  it.each(FAULT_CASES)('catches $fault with $caughtBy, showing $breaks broken', async ({ fault, include, caughtBy, breaks }) => {
    const { exitCode, report } = await runAgainstServer([fault], include);
    const failed = failedChecks(report);
    expect(failed.filter((check) => caughtBy.includes(check)), `failed checks: ${failed.join(', ') || 'none'}`).not.toEqual([]);
    expect(report.ruleCoverage.rules.filter((rule) => rule.status === 'failed').map((rule) => rule.id)).toEqual(expect.arrayContaining(breaks));
    expect(exitCode).toBe(1);
  }, 240_000);
});
