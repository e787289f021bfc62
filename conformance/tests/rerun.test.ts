/**
 * An honest rerun: `--failed` and `--replay` run every kind of failure again (hand-written tests by
 * their id, generated cases by theirs: see cases-live.test.ts), write their reports in a directory of
 * their own, and when there is nothing to rerun they say so and exit 2. The hint to rerun appears only
 * when there is something to rerun.
 */
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../server/tests/harness.ts';
import type { FailuresFile } from '../cases/failures-file.ts';
import type { RunReport } from '../report/model.ts';
import { runCli, type CliRun } from './run-cli.ts';

let clean: TestServer;
let faulty: TestServer;

beforeAll(async () => {
  [clean, faulty] = await Promise.all([startTestServer({ database: 'file' }), startTestServer({ faults: ['upsert-duplicates'], database: 'file' })]);
}, 60_000);

afterAll(async () => {
  await Promise.all([clean, faulty].map((server) => server?.close()));
});

const conformance = (server: TestServer, reportDir: string, args: string[]): Promise<CliRun> =>
  runCli(['--base-url', server.baseUrl, '--report-dir', reportDir, '--seed', '5', ...args], { CONFORMANCE_TOKEN: server.token });

/** Every file of a report directory (reruns/ aside) with its content, to prove a rerun left them alone. */
function snapshot(dir: string): Record<string, string> {
  return Object.fromEntries(readdirSync(dir, { withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => [entry.name, readFileSync(path.join(dir, entry.name), 'utf8')]));
}

const read = <T>(file: string) => JSON.parse(readFileSync(file, 'utf8')) as T;

describe('--failed and --replay', () => {
  it('rerun failed hand-written tests by id, into their own reports, leaving the first run\'s as they were', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'conformance-rerun-'));
    const first = await conformance(faulty, dir, ['--include', 'createSubscriber', '--phases', 'scenarios']);
    expect(first.exitCode).toBe(1);
    const saved = read<FailuresFile>(path.join(dir, 'failures.json'));
    expect(saved.tests?.length).toBeGreaterThan(0);
    expect(saved.tests?.map((test) => test.check)).toContain('subscriber_upsert_concurrency');
    expect(first.stdout).toMatch(/rerun ids? saved in .*failures\.json: rerun all with --failed/);
    // A failure of concurrent requests comes with all of them, sent side by side, and the id that reruns it.
    const firstReport = read<RunReport>(path.join(dir, 'report.json'));
    const concurrent = firstReport.failures.find((failure) => failure.check === 'subscriber_upsert_concurrency')!;
    expect(concurrent.evidence?.script).toMatch(/(curl [^\n]* &\n){8}wait/);
    expect(concurrent.replay).toMatch(/^t-/);
    const before = snapshot(dir);

    const rerun = await conformance(faulty, dir, ['--failed']);
    expect(rerun.exitCode, rerun.stdout + rerun.stderr).toBe(1);
    expect(snapshot(dir)).toEqual(before);
    const [rerunDir] = readdirSync(path.join(dir, 'reruns'));
    const report = read<RunReport>(path.join(dir, 'reruns', rerunDir!, 'report.json'));
    // Exactly the tests that failed, and they fail again.
    expect(report.tests.map((test) => test.name).sort()).toEqual(saved.tests!.map((test) => test.test).sort());
    expect(report.summary.tests.failed).toBe(saved.tests!.length);
    expect(rerun.stdout).toContain(`A rerun of the run reported in ${dir}`);

    const one = saved.tests!.find((test) => test.check === 'subscriber_upsert_concurrency')!;
    const replay = await conformance(faulty, dir, ['--replay', one.id, '--reporter', 'json']);
    expect(replay.exitCode).toBe(1);
    expect(snapshot(dir)).toEqual(before);
    const replayDir = readdirSync(path.join(dir, 'reruns')).find((name) => name !== rerunDir)!;
    const replayed = read<RunReport>(path.join(dir, 'reruns', replayDir, 'report.json'));
    expect(replayed.tests.map((test) => test.name)).toEqual([one.test]);
    expect(replayed.failures[0]?.replay).toBe(one.id);
  }, 240_000);

  it('say there is nothing to rerun and exit 2 after a run that passed, with no hint to rerun', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'conformance-rerun-clean-'));
    const first = await conformance(clean, dir, ['--include', 'listSubscribers', '--phases', 'scenarios']);
    expect(first.exitCode, first.stdout).toBe(0);
    expect(first.stdout).not.toMatch(/--failed|--replay/);
    const before = snapshot(dir);

    for (const args of [['--failed'], ['--replay', 't-nothing']]) {
      const rerun = await conformance(clean, dir, args);
      expect(rerun.exitCode).toBe(2);
      expect(rerun.stderr).toMatch(args[0] === '--failed' ? /Nothing to rerun: .*failures\.json .*holds no failure/ : /No failure t-nothing/);
    }
    expect(snapshot(dir)).toEqual(before);
  }, 120_000);

  it('exit 2 when there is no failures.json to rerun from', async () => {
    const rerun = await conformance(clean, mkdtempSync(path.join(tmpdir(), 'conformance-rerun-none-')), ['--failed']);
    expect(rerun.exitCode).toBe(2);
    expect(rerun.stderr).toMatch(/There is no .*failures\.json/);
  });
});
