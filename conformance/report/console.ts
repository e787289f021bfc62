/**
 * The summary printed at the end of a run: one line per operation with its time, then every failure with
 * the rule, the reproducing curl line and the response, then the totals and the score.
 */
import path from 'node:path';
import { groupFailures, setupHint } from './failure-groups.ts';
import { headlineOf, type RunReport } from './model.ts';
import type { RuleCoverageSection, RuleStatus } from './rule-coverage.ts';
import type { StatusCoverageSection } from './status-coverage.ts';

const RULE_MARK: Record<RuleStatus, string> = { passed: '✓', failed: '✗', not_applicable: '–', not_run: '…', gap: '?', not_checkable: '·' };

function formatRuleLines(section: RuleCoverageSection): string[] {
  const { counts } = section;
  const lines = [
    `Rule coverage (${section.rules.length} rules of the contract): ${counts.passed} passed, ${counts.failed} failed, ${counts.not_applicable} not applicable, ${counts.not_run} not run, ${counts.gap} unchecked, ${counts.not_checkable} not checkable from outside`,
  ];
  const width = Math.max(...section.rules.map((rule) => rule.id.length), 10);
  for (const rule of section.rules) {
    const by = rule.checks.length ? rule.checks.join(', ') : '';
    const tests = rule.tests.length ? ` · ${rule.tests.length} tests` : '';
    const detail = rule.status === 'gap' || rule.status === 'not_checkable' ? `${rule.status === 'gap' ? 'UNCHECKED' : 'not checkable'}: ${rule.reason}` : `${rule.status.replace('_', ' ')} · ${by}${tests}`;
    lines.push(`  ${RULE_MARK[rule.status]} ${rule.id.padEnd(width)}  ${detail}`);
  }
  for (const { test, rule } of section.unknown) lines.push(`  ! ${test} declares rule ${rule}, which the contract does not have`);
  return lines;
}

/** One line per operation: each declared status with its answers, those not provoked on purpose, the gaps; then the reasons. */
export function formatStatusLines(section: StatusCoverageSection): string[] {
  const { counts } = section;
  const lines = [
    `Status coverage (every answer of every test, per operation and declared status): ${counts.exercised} of ${counts.declared} answered, ${counts.notExercised} not provoked on purpose, ${counts.gap} unexercised`,
  ];
  const width = Math.max(...section.operations.map((operation) => operation.operationId.length), 10);
  const reasons = new Map<string, string[]>();
  for (const operation of section.operations) {
    const answered = operation.statuses.filter((status) => status.state === 'exercised').map((status) => `${status.status}×${status.answers}`);
    const skipped = operation.statuses.filter((status) => status.state === 'not_exercised');
    const gaps = operation.statuses.filter((status) => status.state === 'gap').map((status) => status.status);
    for (const status of skipped) reasons.set(status.reason!, [...(reasons.get(status.reason!) ?? []), `${operation.operationId} ${status.status}`]);
    const parts = [answered.join(' ')];
    if (skipped.length) parts.push(`not provoked: ${skipped.map((status) => status.status).join(' ')}`);
    if (gaps.length) parts.push(`UNEXERCISED: ${gaps.join(' ')}`);
    if (operation.undeclared.length) parts.push(`undeclared: ${operation.undeclared.map((status) => `${status.status}×${status.answers}`).join(' ')}`);
    lines.push(`  ${gaps.length ? '?' : '✓'} ${operation.operationId.padEnd(width)}  ${parts.join(' · ')}`);
  }
  for (const [reason, where] of reasons) {
    const statuses = [...new Set(where.map((item) => item.split(' ')[1]))];
    const scope = where.length > 3 ? `${statuses.join(', ')} of ${where.length} operations` : where.join(', ');
    lines.push(`  not provoked (${scope}): ${reason}`);
  }
  return lines;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function groupReasons(report: RunReport): [string, number][] {
  const counts = new Map<string, number>();
  for (const item of report.notApplicable) counts.set(item.reason, (counts.get(item.reason) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1]);
}

/** Causes of failure listed on the console; the others are counted, and every card is in the reports. */
const MAX_GROUPS = 8;
/** Operations with failures listed on the console, the most failed first. */
const MAX_OPERATIONS = 8;
/** Tests, reasons and rules listed by name on the console before the rest is counted. */
const MAX_LISTED = 5;

function listed(items: string[], max = MAX_LISTED): string {
  return items.length > max ? `${items.slice(0, max).join(', ')} and ${items.length - max} more` : items.join(', ');
}

/**
 * The console's summary fits on one screen whatever the run found: failures grouped by cause with their
 * counts, the operations that did not pass, and one line per section; every card, curl line and response
 * stays in report.html, report.json and junit.xml.
 */
export function formatConsoleReport(report: RunReport, reportFiles: string[]): string {
  const lines: string[] = [];
  const { target, run, summary } = report;
  lines.push('');
  lines.push(`${report.suite ? `${report.suite.name} ${report.suite.version} · ` : ''}conformance of ${target.baseUrl} to ${target.spec} (contract ${target.contractVersion})`);
  lines.push(`profile ${target.profile} · seed ${run.seed} · run id ${run.runId}${run.secondWorkspace ? ' · second workspace given' : ''}`);
  const fixtures = run.fixtures;
  if (fixtures) {
    const shared = [fixtures.pageId && `page ${fixtures.pageId}`, fixtures.newsletterId && `newsletter ${fixtures.newsletterId}`, fixtures.authorId && `author ${fixtures.authorId}`].filter(Boolean);
    if (shared.length) lines.push(`shared by every test: ${shared.join(', ')}`);
    for (const [fixture, reason] of Object.entries(fixtures.missing)) lines.push(`no ${fixture}: ${reason}`);
  }

  const width = Math.max(...report.operations.map((operation) => `${operation.method} ${operation.path}`.length), 10);
  const open = report.operations.filter((operation) => operation.tests.failed > 0 || operation.tests.notRun > 0);
  lines.push(
    `Operations: ${report.operations.length}, ${report.operations.length - open.length} with every test passed or not applicable${open.length ? '; the others, with their wall time (first test\'s start to last test\'s end):' : ''}`,
  );
  const worst = [...open].sort((a, b) => b.tests.failed - a.tests.failed);
  for (const operation of worst.slice(0, MAX_OPERATIONS)) {
    const { passed, failed, notApplicable, notRun } = operation.tests;
    const parts = [`${passed} passed`];
    if (failed) parts.push(`${failed} failed`);
    if (notApplicable) parts.push(`${notApplicable} n/a`);
    if (notRun) parts.push(`${notRun} not run`);
    lines.push(`  ${failed > 0 ? '✗' : '…'} ${`${operation.method} ${operation.path}`.padEnd(width)}  ${operation.operationId.padEnd(18)} ${parts.join(', ').padEnd(34)} ${seconds(operation.durationMs).padStart(7)} wall`);
  }
  if (worst.length > MAX_OPERATIONS) lines.push(`  and ${worst.length - MAX_OPERATIONS} more: ${listed(worst.slice(MAX_OPERATIONS).map((operation) => operation.operationId), 8)}`);

  const groups = groupFailures(report);
  const baseline = report.baseline;
  if (groups.length > 0) {
    lines.push('');
    lines.push(`Failures: ${summary.tests.failed - (baseline?.knownTests.length ?? 0)} failed tests${baseline ? ' not in the baseline' : ''}, by cause (the cards, with curl lines and responses: report.html, report.json):`);
    for (const group of groups.slice(0, MAX_GROUPS)) {
      const rules = group.rules.length ? ` · rule ${group.rules.join(', ')}` : '';
      const reason = group.example.reason.replace(/\s+/g, ' ');
      lines.push(`  ${String(group.tests).padStart(4)} × ${group.check}${rules} · ${group.kind} · ${listed(group.operations, 3)}`);
      lines.push(`         e.g. ${reason.length > 140 ? `${reason.slice(0, 140)}…` : reason}${group.example.replay ? ` (--replay ${group.example.replay})` : ''}`);
    }
    if (groups.length > MAX_GROUPS) lines.push(`  and ${groups.length - MAX_GROUPS} more causes (${groups.slice(MAX_GROUPS).reduce((sum, group) => sum + group.tests, 0)} tests): report.html`);
  }

  if (baseline) {
    lines.push('');
    lines.push(`Known failures (${baseline.file}): ${baseline.knownTests.length} failed tests it lists, reported as known; ${summary.tests.failed - baseline.knownTests.length} new.`);
    if (baseline.fixed.length) lines.push(`  now passing, remove from it: ${listed(baseline.fixed.map((entry) => entry.id), 8)}`);
  }

  const reasons = groupReasons(report);
  if (reasons.length > 0) {
    const first = reasons[0]!;
    lines.push('');
    lines.push(`Not applicable: ${summary.tests.notApplicable} tests, ${reasons.length} reasons; the most: ${first[1]} × ${first[0]}`);
  }
  const notRun = report.tests.filter((test) => test.state === 'not_run');
  const filesNotRun = run.filesNotRun ?? [];
  if (notRun.length > 0 || filesNotRun.length > 0) {
    lines.push('');
    const reason = notRun[0]?.reason ?? (run.timeLimitReached ? 'not run: --max-time stopped the run first' : 'not run');
    lines.push(`Not run: ${notRun.length} tests${filesNotRun.length ? ` and ${filesNotRun.length} test files never started (${listed(filesNotRun, 3)})` : ''}, so the verdict is incomplete; ${reason} (report.json lists them)`);
    for (const test of notRun.slice(0, 3)) lines.push(`  ${test.name}`);
  }
  if (report.leftBehind.length > 0) lines.push('', `Left behind (could not be deleted): ${listed(report.leftBehind, 3)}`);
  if (report.errors.length > 0) {
    lines.push('');
    lines.push('Errors outside the tests:');
    for (const error of report.errors) lines.push(`  ${error}`);
  }

  if (report.generated?.phases.length) {
    const phases = report.generated.phases.map((phase) => `${phase.phase} ${phase.tests}${phase.failed ? ` (${phase.failed} failed)` : ''}`);
    lines.push('', `Generated cases: ${phases.join(', ')} (times and coverage: report.json, report.html)`);
  }
  if (report.statusCoverage?.operations.length) {
    const [header, ...rest] = formatStatusLines(report.statusCoverage);
    lines.push('', header!);
    // Only the operations with a gap or an undeclared status; the rest is in the reports.
    const gaps = rest.filter((line) => /UNEXERCISED|undeclared/.test(line));
    lines.push(...gaps.slice(0, MAX_LISTED));
    if (gaps.length > MAX_LISTED) lines.push(`  and ${gaps.length - MAX_LISTED} more operations with a gap (report.html)`);
  }
  if (report.ruleCoverage.rules.length > 0 || report.ruleCoverage.unknown.length > 0) {
    const [header, ...rest] = formatRuleLines(report.ruleCoverage);
    lines.push('', header!);
    const notPassed = rest.filter((line) => !/^ {2}[✓–·] /.test(line));
    lines.push(...notPassed.slice(0, MAX_GROUPS));
    if (notPassed.length > MAX_GROUPS) lines.push(`  and ${notPassed.length - MAX_GROUPS} more rules (report.html)`);
    // What the model phase says of its own reach: sequences run, answers predicted, what it could not predict.
    for (const test of report.tests) for (const note of test.notes ?? []) lines.push(`  ${note}`);
  }
  const hint = setupHint(report);
  if (hint) lines.push('', hint);

  lines.push('');
  const tests = summary.tests;
  const score = summary.score === null ? 'no applicable checks' : `${summary.score}% of applicable checks pass`;
  lines.push(
    `${headlineOf(report)} · ${score} · ${tests.total} tests: ${tests.passed} passed, ${tests.failed} failed, ${tests.notApplicable} not applicable, ${tests.notRun} not run · ${seconds(run.durationMs)} wall`,
  );
  if (run.timeLimitReached) lines.push(`Stopped by --max-time: ${tests.notRun} tests${filesNotRun.length ? ` and ${filesNotRun.length} test files` : ''} did not run; the verdict is incomplete.`);
  if (reportFiles.length > 0) lines.push(`Reports: ${reportFiles.join(', ')}`);
  if (report.rerun?.of) lines.push(`A rerun of the run reported in ${report.rerun.of}, whose reports are kept as they were.`);
  if (report.rerun?.carried) lines.push(`${report.rerun.carried} saved failures this rerun did not reach (left out by its options, or not run) are kept in its failures.json.`);
  // Only when there is something to rerun: a rerun of nothing would say nothing about the target.
  if (report.rerun && report.rerun.saved > 0) {
    const from = report.rerun.of ? ` --report-dir ${path.dirname(report.rerun.failuresFile)}` : '';
    lines.push(`${report.rerun.saved} rerun id${report.rerun.saved > 1 ? 's' : ''} saved in ${report.rerun.failuresFile}: rerun all with --failed${from}, one with --replay <id>${from}.`);
  }
  lines.push('');
  return lines.join('\n');
}
