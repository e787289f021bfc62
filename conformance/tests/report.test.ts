/**
 * The pieces of a report: the matrix and score built from test records, list arithmetic and order,
 * curl lines and redaction.
 */
import { describe, expect, it } from 'vitest';
import { loadContract } from '../contract/document.ts';
import { contractRules } from '../../openapi/rules.ts';
import { toCurl } from '../http/curl.ts';
import { createRedactor } from '../http/redact.ts';
import type { Exchange } from '../http/exchange.ts';
import { toScript } from '../http/curl.ts';
import { buildReport, verdictOf, type ReportContext, type TestEntry } from '../report/model.ts';
import { formatConsoleReport } from '../report/console.ts';
import { formatHtmlReport } from '../report/html.ts';
import { formatJunitReport } from '../report/junit.ts';
import { orderingProblem } from '../contract/list-order.ts';
import { envelopeArithmeticProblem } from '../suite/lists.ts';
import { expectedSlug } from '../suite/slugs.ts';

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
  operations: loadContract().operations,
  rules: contractRules(loadContract().document),
  leftBehind: [],
  errors: [],
};

const entry = (state: TestEntry['state'], check: TestEntry['check'], record: TestEntry['record']): TestEntry => ({
  name: `POST /pages > ${check} ${state}`,
  file: 'suite.test.ts',
  operation: 'createPage',
  check,
  rules: check === 'page_creation' ? ['page.slug-from-name'] : check === 'negative_data_rejection' ? ['requests.schema-validation'] : ['auth.bearer-required'],
  state,
  durationMs: 5,
  record,
});

describe('the report', () => {
  const report = buildReport(
    [
      entry('passed', 'page_creation', { counts: [{ operation: 'createPage', check: 'page_creation', passed: 2, failed: 0 }], failures: [], notApplicable: [] }),
      entry('failed', 'negative_data_rejection', {
        counts: [{ operation: 'createPage', check: 'negative_data_rejection', passed: 0, failed: 1 }],
        failures: [{ operation: 'createPage', check: 'negative_data_rejection', rule: 'rule', reason: 'accepted with 201; expected 422' }],
        notApplicable: [],
      }),
      entry('not_applicable', 'ignored_auth', { counts: [], failures: [], notApplicable: [{ operation: 'createPage', check: 'ignored_auth', reason: 'not applicable to mock: why' }] }),
    ],
    context,
  );

  it('fills the operations x checks matrix: pass, fail, and not applicable with the reason', () => {
    expect(report.matrix.createPage?.page_creation).toMatchObject({ status: 'passed', passed: 2 });
    expect(report.matrix.createPage?.negative_data_rejection).toMatchObject({ status: 'failed', failed: 1 });
    expect(report.matrix.createPage?.ignored_auth).toMatchObject({ status: 'not_applicable', reasons: ['not applicable to mock: why'] });
  });

  it('scores the share of applicable cells that pass, and fails the run', () => {
    expect(report.summary.cells).toEqual({ passed: 1, failed: 1, notApplicable: 1 });
    expect(report.summary.score).toBe(50);
    expect(report.failures[0]).toMatchObject({ test: 'POST /pages > negative_data_rejection failed', reason: 'accepted with 201; expected 422' });
    expect(verdictOf(report)).toBe(1);
    expect(verdictOf({ ...report, failures: [], summary: { ...report.summary, tests: { ...report.summary.tests, failed: 0 } } })).toBe(0);
  });
});

describe('a reproduction script', () => {
  const sent = (path: string, startedAt: number, endedAt: number): Exchange => ({
    request: { method: 'POST', url: `http://target/api/v1${path}`, headers: [], body: '{}' },
    startedAt,
    endedAt,
  });

  it('repeats the requests in order, those sent side by side with & and wait', () => {
    const script = toScript([sent('/b', 10, 20), sent('/a', 0, 5), sent('/c', 12, 30), sent('/d', 31, 40)]).split('\n');
    expect(script).toEqual([
      expect.stringMatching(/^curl .*\/a'/),
      expect.stringMatching(/^curl .*\/b' .* &$/),
      expect.stringMatching(/^curl .*\/c' .* &$/),
      'wait',
      expect.stringMatching(/^curl .*\/d'/),
    ]);
  });
});

describe('timings', () => {
  const timed = (startedAtMs: number, durationMs: number, state: TestEntry['state'] = 'passed'): TestEntry => ({
    ...entry(state, 'page_creation', { counts: [{ operation: 'createPage', check: 'page_creation', passed: 1, failed: 0 }], failures: [], notApplicable: [] }),
    startedAtMs,
    durationMs,
  });

  it("give an operation its wall time, from its first test's start to its last test's end, and its summed test time apart", () => {
    // Three tests side by side: 0-1000, 200-1200 and 500-1500 ms.
    const report = buildReport([timed(10_000, 1000), timed(10_200, 1000), timed(10_500, 1000)], context);
    const operation = report.operations.find((item) => item.operationId === 'createPage')!;
    expect(operation.durationMs).toBe(1500);
    expect(operation.testTimeMs).toBe(3000);
  });

  it('never count a run with a test that did not run as passed', () => {
    const report = buildReport([timed(0, 5), timed(0, 5, 'not_run')], context);
    expect(verdictOf(report)).toBe(1);
  });
});

describe('list envelopes', () => {
  it('add up, or say why not', () => {
    expect(envelopeArithmeticProblem({ page: 1, size: 10, total: 2, result: [1, 2] })).toBeUndefined();
    expect(envelopeArithmeticProblem({ page: 2, size: 5, total: 12, result: [1, 2, 3, 4, 5] })).toBeUndefined();
    expect(envelopeArithmeticProblem({ page: 99, size: 5, total: 12, result: [] })).toBeUndefined();
    expect(envelopeArithmeticProblem({ page: 1, size: 2, total: 3, result: [1, 2, 3] })).toMatch(/result has 3 items but size is 2/);
    expect(envelopeArithmeticProblem({ page: 1, size: 10, total: 1, result: [1, 2] })).toMatch(/total must be at least 2/);
    expect(envelopeArithmeticProblem({ page: 3, size: 5, total: 20, result: [] })).toMatch(/empty, yet total 20/);
  });

  it('are newest first: created_at descending, then id descending', () => {
    expect(orderingProblem([{ id: 2, created_at: '2026-01-02T00:00:00.000Z' }, { id: 3, created_at: '2026-01-01T00:00:00.000Z' }])).toBeUndefined();
    expect(orderingProblem([{ id: 3, created_at: '2026-01-01T00:00:00.000Z' }, { id: 2, created_at: '2026-01-01T00:00:00.000Z' }])).toBeUndefined();
    expect(orderingProblem([{ id: 2, created_at: '2026-01-01T00:00:00.000Z' }, { id: 3, created_at: '2026-01-01T00:00:00.000Z' }])).toMatch(/not newest first/);
  });
});

describe('expected slugs', () => {
  it('lowercase, drop accents, turn other runs into one hyphen, and remove / where asked', () => {
    expect(expectedSlug('Café, Notes!')).toBe('cafe-notes');
    expect(expectedSlug('Docs/Guides Été', { removeSlash: true })).toBe('docsguides-ete');
    expect(expectedSlug('Docs/Guides')).toBe('docs-guides');
  });
});

describe('curl lines and redaction', () => {
  it('reproduce a request in a shell, quoting what needs quoting', () => {
    const curl = toCurl({
      method: 'POST',
      url: 'http://localhost:3000/api/v1/pages',
      headers: [
        ['authorization', 'Bearer <token>'],
        ['content-type', 'application/json'],
        ['content-length', '20'],
      ],
      body: `{"name":"Ada's page"}`,
    });
    expect(curl).toBe(`curl -i -X POST 'http://localhost:3000/api/v1/pages' -H 'authorization: Bearer <token>' -H 'content-type: application/json' --data-binary '{"name":"Ada'\\''s page"}'`);
  });

  it('replace every token with a placeholder, and a short one only where it is a credential', () => {
    const redact = createRedactor([
      { value: 'long-secret-token', placeholder: '<token>' },
      { value: 'abc', placeholder: '<token2>' },
    ]);
    expect(redact('Authorization: Bearer long-secret-token; echo long-secret-token')).toBe('Authorization: Bearer <token>; echo <token>');
    expect(redact('Authorization: Bearer abc; the abc of it')).toBe('Authorization: Bearer <token2>; the abc of it');
  });
});

describe('rule coverage', () => {
  const rules = [
    { id: 'a.checked', rule: 'Checked.', where: 'info', pointer: '/info' },
    { id: 'a.broken', rule: 'Broken.', where: 'info', pointer: '/info' },
    { id: 'a.mock-only', rule: 'Not on a mock.', where: 'info', pointer: '/info' },
    { id: 'a.nobody', rule: 'No test.', where: 'createPage', pointer: '/paths/~1pages/post' },
    { id: 'a.outside', rule: 'Cannot be seen.', where: 'info', pointer: '/info', notCheckable: 'no request shows it' },
    { id: 'responses.declared-status', rule: 'Declared status.', where: 'info', pointer: '/info' },
  ];
  const test = (name: string, state: TestEntry['state'], ruleIds: string[], record?: TestEntry['record']): TestEntry => ({
    name,
    file: 'suite.test.ts',
    operation: 'createPage',
    check: 'page_creation',
    rules: ruleIds,
    state,
    durationMs: 1,
    record,
  });
  const report = buildReport(
    [
      test('ok', 'passed', ['a.checked', 'a.broken'], { counts: [{ operation: 'createPage', check: 'status_code_conformance', passed: 3, failed: 0 }], failures: [], notApplicable: [] }),
      test('bad', 'failed', ['a.broken']),
      test('n/a', 'not_applicable', ['a.mock-only']),
      test('typo', 'passed', ['a.misspelt']),
    ],
    { ...context, rules },
  );
  const status = (id: string) => report.ruleCoverage.rules.find((rule) => rule.id === id);

  it('shows each rule with the tests and checks that cover it and their result', () => {
    expect(status('a.checked')).toMatchObject({ status: 'passed', checks: ['page_creation'], tests: [{ name: 'ok', state: 'passed' }] });
    expect(status('a.broken')?.status).toBe('failed');
    expect(status('a.mock-only')?.status).toBe('not_applicable');
    expect(status('responses.declared-status')).toMatchObject({ status: 'passed', checks: ['status_code_conformance'], exchanges: { passed: 3, failed: 0 } });
  });

  it('lists a rule nothing checks as a gap, and one not checkable with its reason', () => {
    expect(status('a.nobody')).toMatchObject({ status: 'gap', tests: [] });
    expect(status('a.outside')).toMatchObject({ status: 'not_checkable', reason: 'no request shows it' });
    expect(report.ruleCoverage.counts).toMatchObject({ passed: 2, failed: 1, not_applicable: 1, gap: 1, not_checkable: 1 });
  });

  it('reports a declared rule the contract does not have as an error, and fails the run', () => {
    expect(report.ruleCoverage.unknown).toEqual([{ test: 'typo', rule: 'a.misspelt' }]);
    expect(report.errors).toContain('typo: declares rule a.misspelt, which the contract does not have');
    expect(verdictOf({ ...report, failures: [], summary: { ...report.summary, tests: { ...report.summary.tests, failed: 0 } } })).toBe(1);
  });
});

describe('status coverage', () => {
  const answered = (name: string, operation: string, state: TestEntry['state'], statuses: [string, number, number][]): TestEntry => ({
    name,
    file: 'suite.test.ts',
    operation,
    check: 'page_creation',
    rules: [],
    state,
    durationMs: 1,
    record: { counts: [], failures: [], notApplicable: [], statuses: statuses.map(([op, status, answers]) => ({ operation: op, status, answers })) },
  });
  const report = buildReport(
    [
      // A hand-written test and a generated one, a not-applicable test that still got answers, a request to another operation.
      answered('hand-written', 'createPage', 'passed', [['createPage', 201, 2], ['createPage', 409, 1]]),
      answered('generated', 'createPage', 'passed', [['createPage', 422, 3], ['createPage', 201, 1], ['listPages', 200, 1]]),
      answered('n/a', 'createPage', 'not_applicable', [['createPage', 401, 1], ['createPage', 418, 1]]),
      answered('list', 'listPages', 'passed', []),
    ],
    context,
  );
  const createPage = report.statusCoverage.operations.find((operation) => operation.operationId === 'createPage')!;
  const state = (status: string) => createPage.statuses.find((item) => item.status === status);

  it('counts every answer of every test, per operation and declared status', () => {
    expect(state('201')).toEqual({ status: '201', answers: 3, state: 'exercised' });
    expect(state('409')).toMatchObject({ answers: 1, state: 'exercised' });
    expect(state('422')).toMatchObject({ answers: 3, state: 'exercised' });
    expect(state('401')).toMatchObject({ answers: 1, state: 'exercised' });
    // A listPages request made along the way by a createPage test counts for listPages.
    expect(report.statusCoverage.operations.find((operation) => operation.operationId === 'listPages')?.statuses.find((item) => item.status === '200')?.state).toBe('exercised');
    // Operations the run has no test of are not listed.
    expect(report.statusCoverage.operations.map((operation) => operation.operationId)).toEqual(['listPages', 'createPage']);
  });

  it('names why a status is not provoked, shows the others as gaps, and lists undeclared answers', () => {
    expect(state('500')).toMatchObject({ answers: 0, state: 'not_exercised', reason: expect.stringMatching(/server error/) });
    expect(state('429')).toMatchObject({ state: 'not_exercised', reason: expect.stringMatching(/--probe-rate-limit/) });
    expect(state('413')).toEqual({ status: '413', answers: 0, state: 'gap' });
    expect(createPage.undeclared).toEqual([{ status: 418, answers: 1 }]);
    expect(createPage.percent).toBe(Math.round((4 / createPage.statuses.length) * 100));
  });

  it('shows in every report format', () => {
    expect(formatConsoleReport(report, [])).toMatch(/Status coverage .*\n(.*\n)*.*createPage +201×3 401×1 409×1 422×3 · not provoked: 429 500 503 507 · UNEXERCISED: 400 413 415 · undeclared: 418×1/);
    expect(formatJunitReport(report)).toMatch(/<testsuite name="status coverage"[^]*name="createPage 413"[^]*unexercised/);
    expect(formatHtmlReport(report)).toMatch(/<h2>Status coverage<\/h2>[^]*413 UNEXERCISED/);
  });
});
