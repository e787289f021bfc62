/**
 * The report of one run, independent of how it is shown: the JSON report is this object, and the console,
 * JUnit and HTML reports are views of it.
 */
import { CHECK_NAMES, CHECKS, type CheckName } from '../checks/catalog.ts';
import type { CheckFailure, TestRecord } from '../checks/recorder.ts';
import type { Profile } from '../checks/profile.ts';
import type { OperationInfo } from '../contract/document.ts';
import type { SharedFixtures } from '../run-options.ts';
import type { GeneratedSection } from '../cases/generated-report.ts';
import type { ContractRule } from '../../openapi/rules.ts';
import { buildRuleCoverage, type RuleCoverageSection } from './rule-coverage.ts';
import { buildStatusCoverage, type StatusCoverageSection } from './status-coverage.ts';

export type { CellStatus, MatrixCell, TestEntry, TestState } from './test-entry.ts';
import type { MatrixCell, TestEntry } from './test-entry.ts';

export interface OperationSummary {
  operationId: string;
  method: string;
  path: string;
  core: boolean;
  tests: { passed: number; failed: number; notApplicable: number; notRun: number };
  /** Wall time: from the start of the operation's first test to the end of its last. */
  durationMs: number;
  /** The operation's test times added up: more than the wall time when its tests ran side by side. */
  testTimeMs: number;
}

export interface ReportedFailure extends CheckFailure {
  test: string;
  /** Listed in the --known-failures baseline: reported, but it does not fail the run. */
  known?: boolean;
  /** The id `--replay` takes to run this failure again (saved in failures.json). */
  replay?: string;
}

/** --known-failures: what the baseline explained, and what it lists that now passes. */
export interface BaselineSection {
  file: string;
  /** Failed tests all of whose failures the baseline lists. */
  knownTests: string[];
  /** Baseline entries this run checked again and found passing: remove them from the file. */
  fixed: { id: string; test: string }[];
}

export interface RunReport {
  /** The suite that wrote the report, so a result can be traced to the version that produced it. */
  suite?: { name: string; version: string };
  target: { baseUrl: string; profile: string; spec: string; contractVersion: string };
  run: {
    runId: string;
    seed: number;
    startedAt: string;
    durationMs: number;
    include: string[];
    secondWorkspace: boolean;
    /** True when --max-time stopped the run before every test ran. */
    timeLimitReached: boolean;
    /** Test files the run never started (cut by --max-time before they declared their tests). */
    filesNotRun?: string[];
    /** The page, newsletter and author every test shared (undefined when the setup did not run). */
    fixtures?: SharedFixtures;
  };
  summary: {
    tests: { total: number; passed: number; failed: number; notApplicable: number; notRun: number };
    cells: { passed: number; failed: number; notApplicable: number };
    /** Share of applicable operation x check cells that pass, in percent; null when nothing applied. */
    score: number | null;
  };
  checks: { name: CheckName; group: string; rule: string }[];
  operations: OperationSummary[];
  tests: Omit<TestEntry, 'record'>[];
  matrix: Record<string, Partial<Record<CheckName, MatrixCell>>>;
  failures: ReportedFailure[];
  notApplicable: { test: string; operation: string; check: CheckName; reason: string }[];
  notRun: string[];
  /** Resources the suite created but could not delete. */
  leftBehind: string[];
  /** Errors outside any test: the suite itself could not run as it should. */
  errors: string[];
  /** Every rule of the contract's catalogue with the tests and checks that cover it and their result. */
  ruleCoverage: RuleCoverageSection;
  /** Every declared status of every operation of the run: answered by the target, not provoked on purpose (why), or a gap. */
  statusCoverage: StatusCoverageSection;
  /** Phases, counts, times and coverage of the generated cases, when any ran. */
  generated?: GeneratedSection;
  /** --known-failures: the failed tests the baseline lists, and the listed failures now fixed. */
  baseline?: BaselineSection;
  /** failures.json of this run: how many failures it saved for --failed; for a rerun, the run it reran. */
  rerun?: {
    failuresFile: string;
    saved: number;
    of?: string;
    /** Of `saved`: failures of the run reran that this rerun did not reach (not selected, or cut), kept as they were. */
    carried?: number;
  };
}

export interface ReportContext {
  baseUrl: string;
  profile: string;
  spec: string;
  contractVersion: string;
  runId: string;
  seed: number;
  startedAt: Date;
  durationMs: number;
  include: string[];
  secondWorkspace: boolean;
  timeLimitReached: boolean;
  operations: OperationInfo[];
  /** The rule catalogue of the contract judged against. */
  rules: ContractRule[];
  fixtures?: SharedFixtures;
  leftBehind: string[];
  errors: string[];
  filesNotRun?: string[];
}

function cellFor(matrix: RunReport['matrix'], operation: string, check: CheckName): MatrixCell {
  const row = (matrix[operation] ??= {});
  return (row[check] ??= { status: 'not_applicable', passed: 0, failed: 0, reasons: [] });
}

export function buildReport(entries: TestEntry[], context: ReportContext): RunReport {
  const matrix: RunReport['matrix'] = {};
  const failures: ReportedFailure[] = [];
  const notApplicable: RunReport['notApplicable'] = [];

  for (const entry of entries) {
    // A test that reached no verdict counts for nothing, whatever its body recorded before the run stopped.
    const record = entry.state === 'not_run' ? undefined : entry.record;
    if (!record) {
      // A test that failed without a record failed in the harness itself; it still counts against its check.
      if (entry.state === 'failed') {
        cellFor(matrix, entry.operation, entry.check).failed++;
        failures.push({ test: entry.name, operation: entry.operation, check: entry.check, rule: CHECKS[entry.check].rule, reason: entry.reason ?? 'failed' });
      }
      continue;
    }
    for (const count of record.counts) {
      const cell = cellFor(matrix, count.operation, count.check);
      cell.passed += count.passed;
      cell.failed += count.failed;
    }
    for (const failure of record.failures) failures.push({ ...failure, test: entry.name });
    for (const item of record.notApplicable) {
      const cell = cellFor(matrix, item.operation, item.check);
      if (!cell.reasons.includes(item.reason)) cell.reasons.push(item.reason);
      notApplicable.push({ test: entry.name, ...item });
    }
  }

  const cells = { passed: 0, failed: 0, notApplicable: 0 };
  for (const row of Object.values(matrix)) {
    for (const cell of Object.values(row)) {
      cell.status = cell.failed > 0 ? 'failed' : cell.passed > 0 ? 'passed' : 'not_applicable';
      if (cell.status === 'passed') cells.passed++;
      else if (cell.status === 'failed') cells.failed++;
      else cells.notApplicable++;
    }
  }

  const operations: OperationSummary[] = context.operations
    .filter((operation) => matrix[operation.operationId] || entries.some((entry) => entry.operation === operation.operationId))
    .map((operation) => {
      const own = entries.filter((entry) => entry.operation === operation.operationId);
      return {
        operationId: operation.operationId,
        method: operation.method,
        path: operation.path,
        core: operation.core,
        tests: {
          passed: own.filter((entry) => entry.state === 'passed').length,
          failed: own.filter((entry) => entry.state === 'failed').length,
          notApplicable: own.filter((entry) => entry.state === 'not_applicable').length,
          notRun: own.filter((entry) => entry.state === 'not_run').length,
        },
        durationMs: wallTimeMs(own),
        testTimeMs: own.reduce((sum, entry) => sum + entry.durationMs, 0),
      };
    });

  const applicable = cells.passed + cells.failed;
  const ruleCoverage = buildRuleCoverage(context.rules, entries, matrix, context.profile as Profile);
  return {
    target: { baseUrl: context.baseUrl, profile: context.profile, spec: context.spec, contractVersion: context.contractVersion },
    run: {
      runId: context.runId,
      seed: context.seed,
      startedAt: context.startedAt.toISOString(),
      durationMs: context.durationMs,
      include: context.include,
      secondWorkspace: context.secondWorkspace,
      timeLimitReached: context.timeLimitReached,
      filesNotRun: context.filesNotRun ?? [],
      fixtures: context.fixtures,
    },
    summary: {
      tests: {
        total: entries.length,
        passed: entries.filter((entry) => entry.state === 'passed').length,
        failed: entries.filter((entry) => entry.state === 'failed').length,
        notApplicable: entries.filter((entry) => entry.state === 'not_applicable').length,
        notRun: entries.filter((entry) => entry.state === 'not_run').length,
      },
      cells,
      score: applicable === 0 ? null : Math.round((cells.passed / applicable) * 1000) / 10,
    },
    checks: CHECK_NAMES.map((name) => ({ name, group: CHECKS[name].group, rule: CHECKS[name].rule })),
    operations,
    tests: entries.map(({ record, ...entry }) => {
      return { ...entry, ...(record?.notes ? { notes: record.notes } : {}), ...(record?.reached ? { reached: record.reached } : {}) };
    }),
    matrix,
    failures,
    notApplicable,
    notRun: entries.filter((entry) => entry.state === 'not_run').map((entry) => entry.name),
    leftBehind: context.leftBehind,
    errors: [...context.errors, ...ruleCoverage.unknown.map(({ test, rule }) => `${test}: declares rule ${rule}, which the contract does not have`)],
    ruleCoverage,
    statusCoverage: buildStatusCoverage(context.operations, entries),
  };
}

/**
 * From the first start to the last end of these tests (those the harness timed: a test cut short has
 * no end); their summed time when none was timed.
 */
function wallTimeMs(entries: TestEntry[]): number {
  const timed = entries.filter((entry) => entry.startedAtMs !== undefined);
  if (timed.length === 0) return entries.reduce((sum, entry) => sum + entry.durationMs, 0);
  const start = Math.min(...timed.map((entry) => entry.startedAtMs!));
  const end = Math.max(...timed.map((entry) => entry.startedAtMs! + entry.durationMs));
  return Math.round(end - start);
}

export type Headline = 'PASSED' | 'FAILED' | 'INCOMPLETE' | 'FAILED · INCOMPLETE';

/**
 * The one verdict every view of a report shows. "Failures" are failed tests, counted once: a test that
 * failed several checks is one failure (its cards list each check). A run is complete only when every
 * test it selected ran: a time limit, a test that did not run or a run of no test is never PASSED.
 */
export function headlineOf(report: RunReport): Headline {
  const { tests } = report.summary;
  // A failed test the --known-failures baseline lists in full is reported as known, not as a new failure.
  const known = report.baseline?.knownTests.length ?? 0;
  const failed = tests.failed - known > 0 || report.failures.some((failure) => !failure.known);
  const incomplete = tests.notRun > 0 || (report.run.filesNotRun?.length ?? 0) > 0 || report.run.timeLimitReached || tests.total === 0 || report.errors.length > 0;
  if (failed) return incomplete ? 'FAILED · INCOMPLETE' : 'FAILED';
  return incomplete ? 'INCOMPLETE' : 'PASSED';
}

/** Exit code of a run: 0 all applicable checks passed, 1 a check failed or the run was cut short. */
export function verdictOf(report: RunReport): 0 | 1 {
  // A test that did not run (the time limit, a rate limit given up on) leaves the verdict open: never a pass.
  // A test declaring a rule the contract lacks is a fault of the suite; its coverage would be a false claim.
  const unknownRules = report.ruleCoverage?.unknown.length ?? 0;
  return headlineOf(report) !== 'PASSED' || unknownRules > 0 ? 1 : 0;
}
