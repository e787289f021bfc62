/**
 * The report's verdicts as a user reads them: one headline for every view, never PASSED for a run that
 * did not run everything it selected; a rule broken only through a check that proves it; JUnit totals
 * that add up; and a console summary of thousands of failures that fits on one screen.
 */
import { describe, expect, it } from 'vitest';
import { CHECK_NAMES, type CheckName } from '../checks/catalog.ts';
import { loadContract } from '../contract/document.ts';
import { contractRules } from '../../openapi/rules.ts';
import { formatConsoleReport } from '../report/console.ts';
import { formatHtmlReport } from '../report/html.ts';
import { formatJunitReport } from '../report/junit.ts';
import { buildReport, headlineOf, verdictOf, type ReportContext, type TestEntry } from '../report/model.ts';

const contract = loadContract();
const context: ReportContext = {
  baseUrl: 'http://localhost:3000/api/v1',
  profile: 'live',
  spec: 'openapi.json',
  contractVersion: '1.0.0',
  runId: 'abc',
  seed: 1,
  startedAt: new Date(0),
  durationMs: 10,
  include: [],
  secondWorkspace: false,
  timeLimitReached: false,
  operations: contract.operations,
  rules: contractRules(contract.document),
  leftBehind: [],
  errors: [],
};

const passed = (name: string, check: CheckName, rules: string[], operation = 'createPage'): TestEntry => ({
  name,
  file: 'suite.test.ts',
  operation,
  check,
  rules,
  state: 'passed',
  durationMs: 5,
  record: { counts: [{ operation, check, passed: 1, failed: 0 }], failures: [], notApplicable: [] },
});

const failed = (name: string, check: CheckName, rules: string[], failingCheck: CheckName, operation = 'createPage'): TestEntry => ({
  ...passed(name, check, rules, operation),
  state: 'failed',
  record: {
    counts: [
      { operation, check, passed: failingCheck === check ? 0 : 1, failed: failingCheck === check ? 1 : 0 },
      ...(failingCheck === check ? [] : [{ operation, check: failingCheck, passed: 0, failed: 1 }]),
    ],
    failures: [{ operation, check: failingCheck, rule: 'rule', reason: `${failingCheck} failed`, evidence: { curl: `curl -i -X POST 'http://localhost:3000/api/v1/pages' # ${name}` } }],
    notApplicable: [],
  },
});

const notRun = (name: string): TestEntry => ({ ...passed(name, 'page_creation', ['page.slug-from-name']), state: 'not_run', reason: 'not run: --max-time (1 s) stopped the run before this test finished', record: undefined });

describe('the headline', () => {
  it('is PASSED only when every selected test ran and none failed', () => {
    const clean = buildReport([passed('a', 'page_creation', ['page.slug-from-name'])], context);
    expect(headlineOf(clean)).toBe('PASSED');
    expect(verdictOf(clean)).toBe(0);
    const cut = buildReport([passed('a', 'page_creation', ['page.slug-from-name']), notRun('b')], { ...context, timeLimitReached: true });
    expect(headlineOf(cut)).toBe('INCOMPLETE');
    expect(verdictOf(cut)).toBe(1);
    const cutBeforeFiles = buildReport([passed('a', 'page_creation', ['page.slug-from-name'])], { ...context, filesNotRun: ['suite/generated/boundaries.test.ts'] });
    expect(headlineOf(cutBeforeFiles)).toBe('INCOMPLETE');
    expect(headlineOf(buildReport([], context))).toBe('INCOMPLETE');
    const both = buildReport([failed('f', 'page_creation', ['page.slug-from-name'], 'page_creation'), notRun('b')], { ...context, timeLimitReached: true });
    expect(headlineOf(both)).toBe('FAILED · INCOMPLETE');
    for (const report of [cut, cutBeforeFiles, both]) {
      const views = [formatConsoleReport(report, []), formatHtmlReport(report), formatJunitReport(report)];
      for (const view of views) expect(view).not.toMatch(/PASSED/);
    }
    expect(formatConsoleReport(cut, [])).toMatch(/^INCOMPLETE · .* 1 not run/m);
    expect(formatJunitReport(cut)).toContain('<skipped message="not run: --max-time (1 s) stopped the run before this test finished"/>');
  });
});

describe('rule coverage', () => {
  it('fails a rule only through a check that proves it, not another check of the same test', () => {
    const report = buildReport(
      [
        // The test of page.slug-from-name met a schema failure of the answer, but its own check passed.
        failed('slug test', 'page_creation', ['page.slug-from-name'], 'response_schema_conformance'),
        failed('upsert test', 'subscriber_upsert_identity', ['subscriber.upsert-same-id'], 'subscriber_upsert_identity', 'createSubscriber'),
        // A check the test records on purpose (the refused write left something behind) proves its rules.
        failed('refusal test', 'category_scope', ['resources.refused-write-changes-nothing'], 'failed_write_leaves_nothing', 'createPost'),
      ],
      context,
    );
    const status = (id: string) => report.ruleCoverage.rules.find((rule) => rule.id === id)?.status;
    expect(status('page.slug-from-name')).toBe('passed');
    expect(status('subscriber.upsert-same-id')).toBe('failed');
    expect(status('responses.every-field')).toBe('failed');
    expect(status('resources.refused-write-changes-nothing')).toBe('failed');
  });

  it('counts a failure that names the rules it breaks against those alone', () => {
    // A header_values failure on a wrong reset: the CORS and Retry-After rules of the same check hold.
    const header = failed('list test', 'crud_agreement', ['resources.update-kept'], 'header_values', 'listSubscribers');
    header.record!.failures[0]!.rules = ['headers.rate-limit-values'];
    // A test of several rules whose own check failed on one of them.
    const several = failed('several', 'model_prediction', ['category.slug-derived', 'lists.newest-first'], 'model_prediction', 'sendEmail');
    several.record!.failures[0]!.rules = ['category.slug-derived'];
    const other = passed('other list', 'crud_agreement', ['resources.update-kept'], 'listAuthors');
    other.record!.counts.push({ operation: 'listAuthors', check: 'header_values', passed: 1, failed: 0 });
    const report = buildReport([header, other, several], context);
    const status = (id: string) => report.ruleCoverage.rules.find((rule) => rule.id === id)?.status;
    expect(status('headers.rate-limit-values')).toBe('failed');
    expect(status('headers.cors-exposed')).toBe('passed');
    expect(status('headers.retry-after-value')).toBe('passed');
    expect(status('category.slug-derived')).toBe('failed');
    expect(status('lists.newest-first')).toBe('passed');
  });
});

describe('JUnit', () => {
  it('totals at the root every test case it holds, the rule and status coverage cases included', () => {
    const report = buildReport([passed('a', 'page_creation', ['page.slug-from-name']), failed('f', 'page_creation', ['page.slug-from-name'], 'page_creation')], context);
    const xml = formatJunitReport(report);
    const root = /<testsuites [^>]*tests="(\d+)" failures="(\d+)" skipped="(\d+)"/.exec(xml)!;
    const cases = xml.match(/<testcase /g)!.length;
    expect(Number(root[1])).toBe(cases);
    expect(Number(root[2])).toBe(xml.match(/<failure /g)!.length);
    expect(Number(root[3])).toBe(xml.match(/<skipped /g)!.length);
    expect(cases).toBeGreaterThan(report.summary.tests.total + report.ruleCoverage.rules.length - 1);
  });
});

describe('the console of a failing run', () => {
  it('fits on one screen with two thousand failures, grouped by cause with counts; the cards stay in the reports', () => {
    const entries: TestEntry[] = [];
    const operations = contract.operations.map((operation) => operation.operationId);
    for (let index = 0; index < 2000; index++) {
      const operation = operations[index % operations.length]!;
      const check = CHECK_NAMES[index % 7]!;
      entries.push(failed(`${operation} > [f-${index}] boundaries: case ${index}`, check, ['requests.valid-input-accepted'], check, operation));
    }
    const report = buildReport(entries, context);
    const text = formatConsoleReport(report, ['report.json', 'report.html']);
    const lines = text.split('\n');
    expect(lines.length, text).toBeLessThanOrEqual(60);
    expect(Math.max(...lines.map((line) => line.length))).toBeLessThanOrEqual(260);
    expect(text).toMatch(/^Failures: 2000 failed tests, by cause/m);
    expect(text).toMatch(/^ +\d+ × \w+ · rule [\w.-]+/m);
    expect(text).toMatch(/^FAILED · .* 2000 failed/m);
    // Every card is in the HTML report.
    expect(formatHtmlReport(report).match(/<section class="failure"/g)).toHaveLength(2000);
  });
});
