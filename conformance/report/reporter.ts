/**
 * The vitest reporter of a conformance run. Tests carry their findings in their metadata; at the end of
 * the run this turns them into the report and writes the formats asked for.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestCase, TestModule, Vitest } from 'vitest/node';
import type { SerializedError } from 'vitest';
import { ruleOf } from '../checks/catalog.ts';
import type { CheckFailure } from '../checks/recorder.ts';
import type { ContractDocument } from '../contract/document.ts';
import { contractRules } from '../../openapi/rules.ts';
import { LEFT_BEHIND_MARKER } from '../suite/group.ts';
import { redactDeep, type Redactor } from '../http/redact.ts';
import type { RunOptions } from '../run-options.ts';
import { buildGeneratedSection, type GeneratedTest } from '../cases/generated-report.ts';
import { dedupe, failingCase, failureId, readFailuresFile, testId, writeFailuresFile, type FailingCase, type SavedTest } from '../cases/failures-file.ts';
import { carriedOver, caseKey, type Reached } from '../cases/rerun-carry.ts';
import { SUITE } from '../version.ts';
import { applyBaseline } from './baseline.ts';
import { writeHar } from '../http/traffic-log.ts';
import { formatConsoleReport } from './console.ts';
import { formatHtmlReport } from './html.ts';
import { formatJunitReport } from './junit.ts';
import { buildReport, type RunReport, type TestEntry } from './model.ts';
import { entryOf } from './test-verdict.ts';

export interface ReporterSettings {
  options: RunOptions;
  contract: ContractDocument;
  redact: Redactor;
  startedAt: Date;
  /** Asked at the end: whether --max-time cut the run short. */
  timeLimitReached: () => boolean;
  /** Where the console summary goes (stdout by default). */
  write?: (text: string) => void;
}

/** Why a test that never reached a verdict did not: the time limit when it was reached, named as such. */
function notRunReason(settings: ReporterSettings): string {
  return settings.timeLimitReached()
    ? `not run: --max-time (${settings.options.maxTimeSeconds} s) stopped the run before this test finished`
    : 'not run: the run stopped before this test';
}

/** A failed test's failures; a test that failed without a record (a timeout) is one failure of its check. */
function failuresOf(entry: TestEntry): CheckFailure[] {
  if (entry.record?.failures.length) return entry.record.failures;
  return [{ operation: entry.operation, check: entry.check, rule: ruleOf(entry.check), reason: entry.reason ?? 'failed' }];
}

function failureKey(test: string, failure: CheckFailure): string {
  return `${test}|${failure.operation}|${failure.check}|${failure.reason}`;
}

function savedTestOf(entry: TestEntry): SavedTest {
  const [first] = failuresOf(entry);
  return {
    id: testId(entry.name),
    test: entry.name,
    operation: entry.operation,
    check: entry.check,
    reason: first?.reason ?? 'failed',
    curl: first?.evidence?.curl,
    file: entry.file.replace(/\.(ts|js)$/, ''),
  };
}

export class ConformanceReporter implements Reporter {
  report: RunReport | undefined;
  files: string[] = [];
  private readonly leftBehind: string[] = [];
  private vitest: Vitest | undefined;

  constructor(private readonly settings: ReporterSettings) {}

  onInit(vitest: Vitest): void {
    this.vitest = vitest;
  }

  onUserConsoleLog(log: { content: string }): void {
    for (const line of log.content.split('\n')) {
      if (line.startsWith(LEFT_BEHIND_MARKER)) this.leftBehind.push(line.slice(LEFT_BEHIND_MARKER.length).trim());
    }
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError>): void {
    const { options, contract, redact } = this.settings;
    const entries: TestEntry[] = [];
    const generated: GeneratedTest[] = [];
    const failing: FailingCase[] = [];
    const failedTests: SavedTest[] = [];
    const errors: string[] = unhandledErrors.map((error) => `${error.name ?? 'Error'}: ${error.message}`);
    const notRun = notRunReason(this.settings);
    const filesNotRun: string[] = [];
    const reached: Reached = { cases: new Set(), tests: new Set() };
    for (const module of testModules) {
      for (const error of module.errors()) errors.push(`${module.relativeModuleId}: ${error.message}`);
      // A file the run never got to declares no test: it is named, so its tests are not silently absent.
      if ([...module.children.allTests()].length === 0 && module.state() !== 'passed') filesNotRun.push(module.relativeModuleId);
      for (const testCase of module.children.allTests()) {
        const entry = entryOf(testCase, notRun, this.settings.timeLimitReached());
        if (entry) entries.push(entry);
        const caseMeta = testCase.meta().conformanceCase;
        if (entry && entry.state !== 'not_run') {
          if (caseMeta) reached.cases.add(caseKey(caseMeta));
          else reached.tests.add(entry.name);
        }
        if (entry && caseMeta) {
          generated.push({ meta: caseMeta, state: entry.state, durationMs: entry.durationMs });
          if (entry.state === 'failed') failing.push(failingCase(entry.name, caseMeta, failuresOf(entry)));
        } else if (entry?.state === 'failed') {
          failedTests.push(savedTestOf(entry));
        }
      }
    }
    const report = buildReport(entries, {
      baseUrl: options.baseUrl,
      profile: options.profile,
      spec: options.specPath,
      contractVersion: String(contract.document.info?.version ?? 'unknown'),
      runId: options.runId,
      seed: options.seed,
      startedAt: this.settings.startedAt,
      durationMs: Date.now() - this.settings.startedAt.getTime(),
      include: options.include,
      secondWorkspace: options.token2 !== undefined,
      timeLimitReached: this.settings.timeLimitReached(),
      operations: contract.operations,
      rules: contractRules(contract.document),
      // Made by the global setup in this process: the run's page and newsletter, which stay behind.
      fixtures: this.vitest?.getRootProject().getProvidedContext().conformanceFixtures,
      leftBehind: this.leftBehind,
      errors,
      filesNotRun,
    });
    report.generated = buildGeneratedSection(contract, generated);
    report.suite = { ...SUITE };
    // Each failure names the id that runs it again, so a failure that took several requests is reproduced whole.
    const replayIds = new Map<string, string>();
    for (const { test, location, failures } of failing) for (const failure of failures) replayIds.set(failureKey(test, failure), failureId(failure.operation, failure.check, failure.location ?? location));
    for (const saved of failedTests) for (const failure of report.failures.filter((item) => item.test === saved.test)) replayIds.set(failureKey(saved.test, failure), saved.id);
    for (const failure of report.failures) failure.replay = replayIds.get(failureKey(failure.test, failure));
    // Every failure, generated or hand-written, so --failed can run each again. A rerun writes in its own
    // directory (see replayFrom), so the failures.json of the run it reruns stays as it was.
    mkdirSync(options.reportDir, { recursive: true });
    const found = { failures: redactDeep(dedupe(failing), redact), tests: redactDeep(failedTests, redact) };
    // A rerun keeps what it did not reach (left out by its filters, or cut by --max-time), so nothing is lost.
    const carried = options.rerunOf ? carriedOver(readFailuresFile(options.rerunOf), reached, found) : { failures: [], tests: [] };
    const failures = [...found.failures, ...carried.failures];
    const tests = [...found.tests, ...carried.tests];
    const failuresFile = writeFailuresFile(options.reportDir, { seed: options.seed, runId: options.runId, baseUrl: options.baseUrl, failures, tests });
    this.files.push(failuresFile);
    if (report.generated) report.generated.failuresFile = failuresFile;
    report.rerun = { failuresFile, saved: failures.length + tests.length, of: options.rerunOf, carried: carried.failures.length + carried.tests.length };
    if (options.knownFailures) applyBaseline(report, readFailuresFile(path.dirname(options.knownFailures), path.basename(options.knownFailures)), options.knownFailures);
    // Tests redact at the source; this catches anything that reached the report another way.
    this.report = redactDeep(report, redact);
    this.write(this.report);
  }

  private write(report: RunReport): void {
    const { options } = this.settings;
    const outputs: [string, () => string][] = [];
    if (options.reporters.includes('json')) outputs.push(['report.json', () => `${JSON.stringify(report, null, 2)}\n`]);
    if (options.reporters.includes('junit')) outputs.push(['junit.xml', () => formatJunitReport(report)]);
    if (options.reporters.includes('html')) outputs.push(['report.html', () => formatHtmlReport(report)]);
    if (outputs.length > 0) mkdirSync(options.reportDir, { recursive: true });
    if (options.reporters.includes('har')) this.files.push(writeHar(options.reportDir, SUITE));
    for (const [name, format] of outputs) {
      const file = path.join(options.reportDir, name);
      writeFileSync(file, format());
      this.files.push(file);
    }
    if (options.reporters.includes('console')) {
      const text = formatConsoleReport(report, this.files);
      (this.settings.write ?? ((output) => process.stdout.write(output)))(`${text}\n`);
    }
  }
}
