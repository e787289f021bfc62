/**
 * The suite against the stateful mock (`npm run mock:stateful`), as against the reference server
 * (reference-server.test.ts): without `Prefer` the mock is the reference server, full of demo content,
 * so a run must pass with zero failures, every rule checked or saying why not, and no declared status
 * left unexplained; and each test of the run must end as it does against a clean reference server.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startMock } from '../../server/mock/start.ts';
import { startTestServer } from '../../server/tests/harness.ts';
import type { RunReport } from '../report/model.ts';
import { runCli } from './run-cli.ts';

/** Each run's bound; the test's covers both runs, one after the other. */
const RUN_MAX_SECONDS = 600;

interface Run {
  exitCode: number | null;
  report: RunReport;
  stdout: string;
}

async function runSuite(baseUrl: string, token: string, token2: string, name: string): Promise<Run> {
  const dir = mkdtempSync(path.join(tmpdir(), `conformance-${name}-`));
  try {
    const args = ['--base-url', baseUrl, '--token', token, '--token2', token2, '--seed', '7', '--disposable-target', '--reporter', 'json', '--report-dir', dir, '--delivery-timeout', '20'];
    // A run cut short by --max-time can only fail: on a loaded machine a whole run took over the default 300 s.
    args.push('--max-time', String(RUN_MAX_SECONDS));
    const run = await runCli(args);
    return { exitCode: run.exitCode, report: JSON.parse(readFileSync(path.join(dir, 'report.json'), 'utf8')) as RunReport, stdout: run.stdout };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * How each test ended, leaving out the tests that reached no verdict because of the machine's pace (a
 * stalled light request on a loaded machine, a run cut short) or of the run's other tests writing to a
 * shared list whenever it was read: those say nothing of the target.
 */
const verdicts = (report: RunReport) =>
  new Map(report.tests.filter((test) => !(test.state === 'not_applicable' && /machine's pace|aborted|other tests were writing/.test(test.reason ?? ''))).map((test) => [test.name, test.state]));

/** The tests both runs reached a verdict on, with the two verdicts where they differ. */
function differences(a: RunReport, b: RunReport): string[] {
  const [first, second] = [verdicts(a), verdicts(b)];
  return [...first].filter(([name, state]) => second.has(name) && second.get(name) !== state).map(([name, state]) => `${name}: ${state} / ${second.get(name)}`);
}

describe('the suite against the stateful mock', () => {
  it('passes as it passes against the reference server, test for test', async () => {
    // One after the other: two runs at once on a two-core machine make each other's hold-up checks fail.
    const mock = await startMock({ PORT: '0', LOG_LEVEL: 'silent' });
    let onMock: Run;
    try {
      onMock = await runSuite(mock.baseUrl, mock.workspaces[0]!.token, mock.workspaces[1]!.token, 'stateful-mock');
    } finally {
      await mock.close();
    }
    const server = await startTestServer({ database: 'file' });
    let onServer: Run;
    try {
      onServer = await runSuite(server.baseUrl, server.token, server.otherToken, 'reference');
    } finally {
      await server.close();
    }

    expect(onMock.report.failures.map((f) => `${f.operation} ${f.check}: ${f.reason}`)).toEqual([]);
    // A run with no failure that still exits 1 left tests not run: say which, and why.
    const notRunOf = (run: Run) => run.report.tests.filter((test) => test.state === 'not_run').map((test) => `${test.name}: ${test.reason ?? ''}`.slice(0, 400)).join('\n') || 'none';
    expect(onMock.exitCode, `tests not run on the mock:\n${notRunOf(onMock)}\n${onMock.stdout.slice(-1000)}`).toBe(0);
    expect(onMock.report.ruleCoverage.rules.filter((rule) => rule.status === 'gap').map((rule) => rule.id)).toEqual([]);
    expect(onMock.report.statusCoverage.operations.flatMap((o) => o.statuses.filter((s) => s.state === 'gap').map((s) => `${o.operationId} ${s.status}`))).toEqual([]);
    // Test for test: the same tests, each passed, failed or not applicable alike.
    expect(onMock.report.tests.map((test) => test.name).sort()).toEqual(onServer.report.tests.map((test) => test.name).sort());
    // A verdict that differs shows the reasons of the failures on each side.
    const failuresOf = (run: Run) => run.report.failures.map((f) => `${f.test}: ${f.check}: ${f.reason}`.slice(0, 600)).join('\n') || 'none';
    expect(differences(onMock.report, onServer.report), `failures on the mock:\n${failuresOf(onMock)}\nfailures on the server:\n${failuresOf(onServer)}`).toEqual([]);
    expect(onServer.exitCode, `tests not run on the server:\n${notRunOf(onServer)}`).toBe(0);
  }, (2 * RUN_MAX_SECONDS + 120) * 1000);
});
