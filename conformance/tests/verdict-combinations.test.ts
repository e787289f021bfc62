/**
 * No combination of --failed, --replay, --include, --phases, --max-time and another base URL turns a
 * run into a pass unless every test it selected ran and passed: each combination is run through the CLI,
 * the way a user (or a CI step) runs it, and exit 0 or a PASSED headline is allowed only for the one
 * run whose selected tests all ran and passed.
 */
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../server/tests/harness.ts';
import type { FailuresFile } from '../cases/failures-file.ts';
import type { RunReport } from '../report/model.ts';
import { runCli, type CliRun } from './run-cli.ts';
import { startStallingProxy, type StallingProxy } from './stalling-proxy.ts';

let clean: TestServer;
/** The faulty server, reached through a proxy that can stop answering (for the cut runs). */
let faulty: TestServer;
let faultyServer: TestServer;
let stalling: StallingProxy;
let dir: string;
let saved: FailuresFile;

const cli = (server: TestServer, args: string[], baseUrl = server.baseUrl): Promise<CliRun> =>
  runCli(['--base-url', baseUrl, '--report-dir', dir, '--seed', '11', ...args], { CONFORMANCE_TOKEN: server.token });

const read = <T>(file: string) => JSON.parse(readFileSync(file, 'utf8')) as T;

/** The report of the rerun with this run id. */
const rerunReport = (runId: string) => read<RunReport>(path.join(dir, 'reruns', runId, 'report.json'));

beforeAll(async () => {
  [clean, faultyServer] = await Promise.all([startTestServer({ database: 'file' }), startTestServer({ faults: ['upsert-duplicates'], database: 'file' })]);
  stalling = await startStallingProxy(faultyServer.baseUrl);
  faulty = { ...faultyServer, baseUrl: stalling.baseUrl };
  dir = mkdtempSync(path.join(tmpdir(), 'conformance-verdicts-'));
  const first = await cli(faulty, ['--include', 'createSubscriber', '--phases', 'scenarios']);
  expect(first.exitCode, first.stdout + first.stderr).toBe(1);
  saved = read<FailuresFile>(path.join(dir, 'failures.json'));
  expect(saved.tests?.length).toBeGreaterThan(0);
}, 240_000);

afterAll(async () => {
  await stalling?.close();
  await Promise.all([clean, faultyServer].map((server) => server?.close()));
});

/** Whatever the run printed, it is not a pass. */
function expectNoPass(run: CliRun): void {
  expect(run.exitCode, run.stdout + run.stderr).not.toBe(0);
  expect(run.stdout).not.toMatch(/^PASSED/m);
}

describe('combinations that select nothing, or another target, stop with exit 2', () => {
  const combinations: { title: string; run: () => Promise<CliRun>; says: RegExp }[] = [
    { title: '--failed --include an operation with no failure', run: () => cli(faulty, ['--failed', '--include', 'listSubscribers']), says: /Nothing to rerun: --include listSubscribers selects none of the failures/ },
    { title: '--failed --phases a phase with no failure', run: () => cli(faulty, ['--failed', '--phases', 'negative']), says: /Nothing to rerun: --phases negative selects none/ },
    { title: '--failed --include and --phases that each select some, but not together', run: () => cli(faulty, ['--failed', '--include', 'createSubscriber', '--phases', 'boundaries']), says: /Nothing to rerun/ },
    { title: '--failed against another base URL', run: () => cli(clean, ['--failed']), says: /holds the failures of .*, not of .*: a rerun against another target says nothing/ },
    { title: '--replay <id> against another base URL', run: () => cli(clean, ['--replay', saved.tests![0]!.id]), says: /a rerun against another target/ },
    { title: '--replay <id> --include another operation', run: () => cli(faulty, ['--replay', saved.tests![0]!.id, '--include', 'listPages']), says: /Nothing to rerun/ },
    {
      title: '--include and --phases that select no test at all',
      // In a directory of its own: a fresh run writes its failures.json where it reports.
      run: () => runCli(['--base-url', clean.baseUrl, '--report-dir', mkdtempSync(path.join(tmpdir(), 'conformance-verdicts-none-')), '--include', 'listAuthors', '--phases', 'examples'], { CONFORMANCE_TOKEN: clean.token }),
      says: /selected no test/,
    },
  ];
  for (const { title, run, says } of combinations) {
    it(title, async () => {
      const result = await run();
      expectNoPass(result);
      expect(result.exitCode).toBe(2);
      expect(result.stderr).toMatch(says);
    }, 120_000);
  }
});

describe('combinations that run', () => {
  it('--failed --max-time that cuts the rerun: INCOMPLETE, exit 1, and every failure it did not reach kept', async () => {
    // The rerun's requests go unanswered, so the cut finds its tests waiting however fast the machine is.
    // The time limit leaves the CLI room to reach the target first on a busy machine: with two whole
    // test runs at once, 3 s passed before any rerun test had sent its request.
    stalling.stall = (request) => request.method === 'POST' && /\/subscribers$/.test(request.url ?? '');
    const held = stalling.stalled();
    const run = await cli(faulty, ['--failed', '--max-time', '10', '--run-id', 'cutrerun']).finally(() => (stalling.stall = undefined));
    expect(stalling.stalled(), 'no rerun test reached the target before the cut').toBeGreaterThan(held);
    expectNoPass(run);
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toMatch(/^(FAILED · )?INCOMPLETE/m);
    const kept = read<FailuresFile>(path.join(dir, 'reruns', 'cutrerun', 'failures.json'));
    expect((kept.tests ?? []).map((test) => test.id).sort()).toEqual(saved.tests!.map((test) => test.id).sort());
    const report = rerunReport('cutrerun');
    expect(report.summary.tests.passed).toBe(0);
    expect(report.summary.tests.notRun).toBeGreaterThan(0);
    for (const test of report.tests.filter((entry) => entry.state === 'not_run')) expect(test.reason).toMatch(/--max-time \(10 s\)/);
  }, 120_000);

  it('--failed --phases scenarios --include createSubscriber: runs the saved tests and fails them again', async () => {
    const run = await cli(faulty, ['--failed', '--phases', 'scenarios', '--include', 'createSubscriber', '--run-id', 'scoped']);
    expectNoPass(run);
    expect(run.exitCode).toBe(1);
    const report = rerunReport('scoped');
    expect(report.tests.map((test) => test.name).sort()).toEqual(saved.tests!.map((test) => test.test).sort());
  }, 180_000);

  it('a fresh run cut by --max-time: INCOMPLETE with the tests not run, never not applicable', async () => {
    const cutDir = mkdtempSync(path.join(tmpdir(), 'conformance-verdicts-cut-'));
    const run = await runCli(['--base-url', clean.baseUrl, '--report-dir', cutDir, '--include', 'listSubscribers', '--max-time', '1'], { CONFORMANCE_TOKEN: clean.token });
    expectNoPass(run);
    expect(run.exitCode).toBe(1);
    const report = read<RunReport>(path.join(cutDir, 'report.json'));
    expect(report.notApplicable.filter((item) => /aborted/i.test(item.reason))).toEqual([]);
    expect(report.run.timeLimitReached).toBe(true);
    expect(run.stdout).toMatch(/^(FAILED · )?INCOMPLETE/m);
    expect(readFileSync(path.join(cutDir, 'junit.xml'), 'utf8')).not.toMatch(/aborted by the user/);
  }, 120_000);

  it('the control: the one run whose selected tests all ran and passed exits 0 and says PASSED', async () => {
    const passDir = mkdtempSync(path.join(tmpdir(), 'conformance-verdicts-pass-'));
    const run = await runCli(['--base-url', clean.baseUrl, '--report-dir', passDir, '--include', 'listSubscribers', '--phases', 'scenarios'], { CONFORMANCE_TOKEN: clean.token });
    expect(run.exitCode, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^PASSED/m);
    const report = read<RunReport>(path.join(passDir, 'report.json'));
    expect(report.summary.tests.notRun).toBe(0);
    expect(report.summary.tests.failed).toBe(0);
    expect(readdirSync(passDir)).not.toContain('reruns');
  }, 120_000);
});
