/**
 * Sorting a failing run: a known-failures baseline (listed failures known, new ones fail, fixed ones
 * named), --exclude-check and --exclude-rule, a hint when most answers were 401 or 404, and --header,
 * sent with every request and redacted like the token.
 */
import { copyFileSync, mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../server/tests/harness.ts';
import type { FailuresFile } from '../cases/failures-file.ts';
import { loadContract } from '../contract/document.ts';
import { contractRules } from '../../openapi/rules.ts';
import { exchange } from '../http/exchange.ts';
import { redactorFor } from '../http/redact.ts';
import { setupHint } from '../report/failure-groups.ts';
import { buildReport, type RunReport, type TestEntry } from '../report/model.ts';
import type { RunOptions } from '../run-options.ts';
import { runCli, type CliRun } from './run-cli.ts';

let faulty: TestServer;
let dir: string;

const cli = (args: string[], reportDir = dir): Promise<CliRun> =>
  runCli(['--base-url', faulty.baseUrl, '--report-dir', reportDir, '--include', 'createSubscriber', '--phases', 'scenarios', '--seed', '4', ...args], { CONFORMANCE_TOKEN: faulty.token });
const read = <T>(file: string) => JSON.parse(readFileSync(file, 'utf8')) as T;

beforeAll(async () => {
  faulty = await startTestServer({ faults: ['upsert-duplicates'], database: 'file' });
  dir = mkdtempSync(path.join(tmpdir(), 'conformance-sorting-'));
}, 60_000);

afterAll(async () => {
  await faulty?.close();
});

describe('a known-failures baseline', () => {
  it('reports the failures it lists as known and passes; names them fixed once they pass', async () => {
    const first = await cli([]);
    expect(first.exitCode, first.stdout + first.stderr).toBe(1);
    const baselineFile = path.join(mkdtempSync(path.join(tmpdir(), 'conformance-baseline-')), 'known-failures.json');
    copyFileSync(path.join(dir, 'failures.json'), baselineFile);
    const saved = read<FailuresFile>(baselineFile);

    const known = await cli(['--known-failures', baselineFile], mkdtempSync(path.join(tmpdir(), 'conformance-sorting-known-')));
    expect(known.exitCode, known.stdout).toBe(0);
    expect(known.stdout).toMatch(/^Known failures \(.*known-failures\.json\): \d+ failed tests it lists, reported as known; 0 new\./m);
    expect(known.stdout).toMatch(/^PASSED/m);

    // The same baseline against the clean server: every listed failure is fixed, and named.
    const clean = await startTestServer({ database: 'file' });
    try {
      const fixedDir = mkdtempSync(path.join(tmpdir(), 'conformance-sorting-fixed-'));
      const fixed = await runCli(['--base-url', clean.baseUrl, '--report-dir', fixedDir, '--include', 'createSubscriber', '--phases', 'scenarios', '--known-failures', baselineFile], { CONFORMANCE_TOKEN: clean.token });
      expect(fixed.exitCode, fixed.stdout).toBe(0);
      const report = read<RunReport>(path.join(fixedDir, 'report.json'));
      expect(report.baseline?.fixed.map((entry) => entry.id).sort()).toEqual([...saved.failures.map((failure) => failure.id), ...(saved.tests ?? []).map((test) => test.id)].sort());
      expect(fixed.stdout).toMatch(/now passing, remove from it: t-/);
    } finally {
      await clean.close();
    }
  }, 300_000);

  it('--exclude-check leaves out the checks that fail, and rule coverage shows their rules unchecked', async () => {
    const excludedDir = mkdtempSync(path.join(tmpdir(), 'conformance-sorting-excluded-'));
    const run = await cli(['--exclude-check', 'subscriber_upsert_identity,subscriber_upsert_concurrency', '--exclude-rule', 'subscriber.upsert-concurrent-once'], excludedDir);
    expect(run.exitCode, run.stdout).toBe(0);
    const report = read<RunReport>(path.join(excludedDir, 'report.json'));
    expect(report.tests.some((test) => test.check.startsWith('subscriber_upsert'))).toBe(false);
    const ruleStatus = (id: string) => report.ruleCoverage.rules.find((rule) => rule.id === id)?.status;
    // Only the excluded checks declare this rule: it is left unchecked.
    expect(ruleStatus('subscriber.upsert-concurrent-once')).toBe('gap');
    // Tests of other checks (answers agree with later reads, the model) declare this one too: they still check it.
    expect(ruleStatus('subscriber.upsert-same-id')).toBe('passed');
    const unknown = await cli(['--exclude-check', 'no_such_check']);
    expect(unknown.exitCode).toBe(2);
    expect(unknown.stderr).toMatch(/--exclude-check: unknown no_such_check/);
  }, 200_000);
});

describe('a hint about the setup', () => {
  const contract = loadContract();
  const answered = (status: number, answers: number): TestEntry => ({
    name: `GET /pages > ${status}`,
    file: 'f',
    operation: 'listPages',
    check: 'status_code_conformance',
    rules: [],
    state: 'failed',
    durationMs: 1,
    record: { counts: [], failures: [], notApplicable: [], statuses: [{ operation: 'listPages', status, answers }] },
  });
  const reportOf = (entries: TestEntry[]): RunReport =>
    buildReport(entries, {
      baseUrl: 'http://x/api/v1', profile: 'live', spec: 's', contractVersion: '1', runId: 'r', seed: 1, startedAt: new Date(0), durationMs: 1, include: [], secondWorkspace: false,
      timeLimitReached: false, operations: contract.operations, rules: contractRules(contract.document), leftBehind: [], errors: [],
    });
  it('names the token when most answers were 401, the workspace and ids when most were 404, and says nothing otherwise', () => {
    expect(setupHint(reportOf([answered(401, 80), answered(200, 20)]))).toMatch(/80 of 100 answers were 401: .*CONFORMANCE_TOKEN/);
    expect(setupHint(reportOf([answered(404, 60), answered(200, 40)]))).toMatch(/60 of 100 answers were 404: .*workspace/);
    expect(setupHint(reportOf([answered(401, 30), answered(200, 70)]))).toBeUndefined();
  });
});

describe('--header', () => {
  let echo: Server;
  let echoUrl: string;
  const seen: Record<string, string | string[] | undefined>[] = [];
  beforeAll(async () => {
    echo = createServer((request, response) => {
      seen.push(request.headers);
      response.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
    });
    await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
    echoUrl = `http://127.0.0.1:${(echo.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise((resolve) => echo.close(resolve)));

  it('is sent with every request, recorded, and redacted like the token', async () => {
    const headers = { 'X-Gateway-Key': 'gw-secret-value-123', 'X-Short': 'abc' };
    const { exchange: sent } = await exchange(new Request(`${echoUrl}/pages`, { headers: { Authorization: 'Bearer token-value-1234' } }), { timeoutMs: 5000, extraHeaders: headers });
    expect(seen.at(-1)).toMatchObject({ 'x-gateway-key': 'gw-secret-value-123', 'x-short': 'abc', authorization: 'Bearer token-value-1234' });
    const redact = redactorFor({ token: 'token-value-1234', headers } as unknown as RunOptions);
    const shown = redact(sent.request.headers.map(([name, value]) => `${name}: ${value}`).join('\n'));
    expect(shown).not.toMatch(/gw-secret-value-123|token-value-1234|x-short: abc/i);
    expect(shown).toMatch(/x-gateway-key: <x-gateway-key>/);
    expect(shown).toMatch(/x-short: <x-short>/);
  });

  it('cannot replace the headers the suite sets, and must be Name: value', async () => {
    const bad = await runCli(['--base-url', 'http://127.0.0.1:1', '--header', 'Authorization: Bearer x'], { CONFORMANCE_TOKEN: 't' });
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toMatch(/--header cannot set Authorization/);
    const malformed = await runCli(['--base-url', 'http://127.0.0.1:1', '--header', 'no colon'], { CONFORMANCE_TOKEN: 't' });
    expect(malformed.stderr).toMatch(/--header must be 'Name: value'/);
  }, 60_000);
});

describe('the traffic log', () => {
  it('--reporter har writes every request of the run as HAR 1.2, tokens and --header values redacted', async () => {
    // listEmails: its checks never upsert, so the server's upsert fault leaves this run passing.
    const harDir = mkdtempSync(path.join(tmpdir(), 'conformance-har-'));
    const run = await runCli(
      ['--base-url', faulty.baseUrl, '--report-dir', harDir, '--include', 'listEmails', '--phases', 'scenarios', '--reporter', 'console,json,har', '--header', 'X-Gateway-Key: gateway-secret-42'],
      { CONFORMANCE_TOKEN: faulty.token },
    );
    expect(run.exitCode, run.stdout + run.stderr).toBe(0);
    const text = readFileSync(path.join(harDir, 'traffic.har'), 'utf8');
    expect(text).not.toContain(faulty.token);
    expect(text).not.toContain('gateway-secret-42');
    const har = JSON.parse(text) as { log: { version: string; creator: { name: string }; entries: { startedDateTime: string; request: { url: string; headers: { name: string; value: string }[] }; response: { status: number } }[] } };
    expect(har.log.version).toBe('1.2');
    expect(har.log.creator.name).toBe('publishing-conformance');
    expect(har.log.entries.length).toBeGreaterThan(10);
    const first = har.log.entries.find((entry) => entry.request.url.includes('/emails'))!;
    expect(first.request.headers).toEqual(expect.arrayContaining([{ name: 'x-gateway-key', value: '<x-gateway-key>' }, { name: 'authorization', value: 'Bearer <token>' }]));
    const times = har.log.entries.map((entry) => entry.startedDateTime);
    expect(times).toEqual([...times].sort());
    expect(run.stdout).toContain(path.join(harDir, 'traffic.har'));
  }, 200_000);
});
