/**
 * One run of the conformance CLI against a fresh reference server, as the project's own tests run it:
 * the server in the test's process, the CLI in a child process, as an implementer runs it.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startTestServer } from '../../server/tests/harness.ts';
import type { RunReport } from '../report/model.ts';
import { runCli } from './run-cli.ts';

export interface Run {
  exitCode: number | null;
  report: RunReport;
  stdout: string;
}

export type ServerFaults = Pick<NonNullable<Parameters<typeof startTestServer>[0]>, 'faults' | 'confinedFaults' | 'database'>;

export async function runAgainstServer(faults: ServerFaults, include: string[], extra: string[] = []): Promise<Run> {
  // With the resources only the service can put in their states (a suppressed subscriber, a failed
  // email), named in --fixtures, so the tests of every operation on them run (suite/service-states.ts).
  const server = await startTestServer({ ...faults, serviceStates: true });
  const dir = mkdtempSync(path.join(tmpdir(), 'conformance-server-'));
  try {
    const fixtures = `${dir}-fixtures.json`;
    writeFileSync(fixtures, JSON.stringify(server.fixtures));
    const args = ['--base-url', server.baseUrl, '--token', server.token, '--token2', server.otherToken, '--seed', '7', '--fixtures', fixtures];
    // The model phase's sequences all run however busy the machine is: with its default bound of 25 s, a
    // loaded machine ran fewer of them, and a fault only a later sequence reaches went unproven.
    args.push('--disposable-target', '--reporter', 'json', '--report-dir', dir, '--delivery-timeout', '20', '--model-time', '600');
    if (include.length > 0) args.push('--include', ...include);
    args.push(...extra);
    const run = await runCli(args);
    const report = JSON.parse(readFileSync(path.join(dir, 'report.json'), 'utf8')) as RunReport;
    return { exitCode: run.exitCode, report, stdout: run.stdout };
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
    rmSync(`${dir}-fixtures.json`, { force: true });
  }
}

/** Declared statuses no answer of the run had and the suite names no reason for: `createPage 413`. */
export const statusGaps = (report: RunReport) =>
  report.statusCoverage.operations.flatMap((operation) => operation.statuses.filter((status) => status.state === 'gap').map((status) => `${operation.operationId} ${status.status}`));
