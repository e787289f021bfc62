/**
 * The suite against the Prism mock, profile mock, as a front-end developer runs it: every applicable
 * check passes, every check that cannot apply to a stateless mock says why, and the reports are written
 * with the token redacted.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPrismMock, type RunningMock } from '../../scripts/prism.ts';
import type { RunReport } from '../report/model.ts';
import { runCli, type CliRun } from './run-cli.ts';

const TOKEN = 'mock-run-secret-token-4f9c2';
let mock: RunningMock;
let run: CliRun;
let reportDir: string;
let report: RunReport;
const read = (name: string) => readFileSync(path.join(reportDir, name), 'utf8');

beforeAll(async () => {
  mock = await startPrismMock();
  reportDir = mkdtempSync(path.join(tmpdir(), 'conformance-mock-'));
  // Ids the contract's examples use, so the mock knows them: the run must take them instead of creating.
  const fixtures = path.join(reportDir, 'fixtures.json');
  writeFileSync(fixtures, JSON.stringify({ page_id: 12, newsletter_id: 3 }));
  // The token through the environment, as the README recommends.
  run = await runCli(['--base-url', mock.baseUrl, '--profile', 'mock', '--seed', '7', '--report-dir', reportDir, '--fixtures', fixtures], { CONFORMANCE_TOKEN: TOKEN });
  report = JSON.parse(read('report.json')) as RunReport;
}, 180_000);

afterAll(async () => {
  await mock?.stop();
});

describe('a run against the Prism mock with profile mock', () => {
  it('exits 0 with no failure', () => {
    // A mock that died during the run fails every later test: its own account says why.
    expect(mock.exited()).toBeUndefined();
    expect(run.stderr).toBe('');
    expect(report.failures).toEqual([]);
    expect(report.summary.tests.failed).toBe(0);
    expect(run.exitCode).toBe(0);
  });

  it('uses the page and newsletter given in --fixtures', () => {
    expect(report.run.fixtures).toMatchObject({ pageId: 12, newsletterId: 3, authorWritable: false });
    expect(run.stdout).toContain('shared by every test: page 12, newsletter 3');
  });

  it('exercises every operation of the contract', () => {
    expect(report.operations).toHaveLength(31);
    expect(report.summary.tests.passed).toBeGreaterThan(500);
    expect(report.summary.score).toBe(100);
  });

  it('reports each check that needs state, token validation or unknown-query rejection as not applicable, with the reason', () => {
    const reasons = new Set(report.notApplicable.map((item) => item.reason));
    expect(reasons).toContain('not applicable to mock: the mock keeps no state (a created resource is not there on the next request)');
    expect(reasons).toContain('not applicable to mock: the mock checks only that a bearer token is present, not whether it is valid');
    expect(reasons).toContain('not applicable to mock: the mock ignores unknown query parameters');
    // stays_responsive gives no verdict when a hold-up does not repeat: on a busy machine that is the honest answer, not a reason of the mock's.
    for (const item of report.notApplicable) expect(item.reason).toMatch(/^(not applicable to mock: |needs |stays_responsive has no verdict: )/);
    expect(report.matrix.createSubscriber?.subscriber_upsert_identity?.status).toBe('not_applicable');
  });

  it('runs the checks a stateless mock can pass', () => {
    expect(report.matrix.listEmails?.pagination_defaults?.status).toBe('passed');
    expect(report.matrix.createPage?.ignored_auth?.status).toBe('passed');
    expect(report.matrix.createPost?.negative_data_rejection?.status).toBe('passed');
    expect(report.matrix.sendEmail?.email_send_state_table?.status).toBe('passed');
    expect(report.matrix.getPage?.response_schema_conformance?.passed).toBeGreaterThan(0);
  });

  it('prints a summary of the operations, the version, and the verdict', () => {
    // Every operation passed: the console counts them (their lines and times are in the reports).
    expect(run.stdout).toMatch(/^Operations: (\d+), \1 with every test passed or not applicable$/m);
    expect(run.stdout).toMatch(/^publishing-conformance \d+\.\d+\.\d+ · conformance of /m);
    expect(run.stdout).toMatch(/PASSED · 100% of applicable checks pass/);
    expect(run.stdout).toContain('seed 7');
  });

  it('writes JUnit XML with the not-applicable tests skipped with their reason', () => {
    const junit = read('junit.xml');
    expect(junit).toMatch(/^<\?xml/);
    expect(junit).toMatch(/<testsuite name="POST \/pages \(createPage\)"/);
    expect(junit).toMatch(/<skipped message="not applicable to mock: [^"]+"\/>/);
  });

  it('writes an HTML report with the operations x checks matrix and the score', () => {
    const html = read('report.html');
    expect(html).toContain('<table class="matrix">');
    expect(html).toMatch(/<th class="check"[^>]*>negative_data_rejection<\/th>/);
    expect(html).toMatch(/<span class="score good">100%<\/span>/);
  });

  it('reports every rule of the contract: checked, not applicable to the mock, or not checkable with the reason; no gap', () => {
    const { rules, unknown, counts } = report.ruleCoverage;
    expect(rules.length).toBeGreaterThan(40);
    expect(unknown).toEqual([]);
    expect(rules.filter((rule) => rule.status === 'gap').map((rule) => rule.id)).toEqual([]);
    expect(counts.failed).toBe(0);
    expect(rules.find((rule) => rule.id === 'errors.problem-details')).toMatchObject({ status: 'passed', checks: expect.arrayContaining(['response_schema_conformance']) });
    expect(rules.find((rule) => rule.id === 'subscriber.upsert-same-id')?.status).toBe('not_applicable');
    for (const rule of rules.filter((candidate) => candidate.status === 'not_checkable')) expect(rule.reason?.length).toBeGreaterThan(20);
    expect(run.stdout).toMatch(/Rule coverage \(\d+ rules of the contract\): \d+ passed, 0 failed/);
    expect(read('report.html')).toContain('<h2>Rule coverage</h2>');
    expect(read('report.html')).toContain('id="rule-email.send-past-time"');
    expect(read('junit.xml')).toMatch(/<testsuite name="rule coverage" tests="\d+" failures="0"/);
  });

  it('never writes the token into a report or the console', () => {
    for (const name of ['report.json', 'junit.xml', 'report.html']) expect(read(name)).not.toContain(TOKEN);
    expect(run.stdout + run.stderr).not.toContain(TOKEN);
  });
});

describe('a run bounded by --max-time', () => {
  it('stops, reports the tests it did not run, and exits 1', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'conformance-maxtime-'));
    const bounded = await runCli(['--base-url', mock.baseUrl, '--token', TOKEN, '--profile', 'mock', '--max-time', '1', '--report-dir', dir, '--reporter', 'json,console']);
    expect(bounded.exitCode).toBe(1);
    expect(existsSync(path.join(dir, 'report.json'))).toBe(true);
    const cut = JSON.parse(readFileSync(path.join(dir, 'report.json'), 'utf8')) as RunReport;
    expect(cut.run.timeLimitReached).toBe(true);
    expect(bounded.stdout).toMatch(/Stopped by --max-time/);
  }, 120_000);
});
