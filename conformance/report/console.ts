/**
 * The summary printed at the end of a run: one line per operation with its time, then every failure with
 * the rule, the reproducing curl line and the response, then the totals and the score.
 */
import path from 'node:path';
import type { GeneratedSection, OperationCoverage } from '../cases/generated-report.ts';
import type { RunReport } from './model.ts';
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

function formatPhaseLines(section: GeneratedSection): string[] {
  const lines = ['Generated cases:'];
  for (const phase of section.phases) {
    lines.push(
      `  ${phase.phase.padEnd(11)} ${String(phase.tests).padStart(5)} tests, ${String(phase.requests).padStart(5)} requests: ${phase.passed} passed, ${phase.failed} failed, ${phase.notApplicable} n/a · ${(phase.durationMs / 1000).toFixed(1)} s of test time, summed over workers`,
    );
  }
  const average = (pick: (coverage: OperationCoverage) => number | null) => {
    const values = section.coverage.map(pick).filter((value): value is number => value !== null);
    return values.length ? `${Math.round(values.reduce((sum, value) => sum + value, 0) / values.length)}%` : 'n/a';
  };
  lines.push(`  coverage per operation, on average: parameters ${average((c) => c.parameters.percent)}, schema keywords ${average((c) => c.keywords.percent)} (details in report.json and report.html)`);
  return lines;
}

export function formatConsoleReport(report: RunReport, reportFiles: string[]): string {
  const lines: string[] = [];
  const { target, run, summary } = report;
  lines.push('');
  lines.push(`Conformance of ${target.baseUrl} to ${target.spec} (contract ${target.contractVersion})`);
  lines.push(`profile ${target.profile} · seed ${run.seed} · run id ${run.runId}${run.secondWorkspace ? ' · second workspace given' : ''}`);
  const fixtures = run.fixtures;
  if (fixtures) {
    const shared = [fixtures.pageId && `page ${fixtures.pageId}`, fixtures.newsletterId && `newsletter ${fixtures.newsletterId}`, fixtures.authorId && `author ${fixtures.authorId}`].filter(Boolean);
    if (shared.length) lines.push(`shared by every test: ${shared.join(', ')}`);
    for (const [fixture, reason] of Object.entries(fixtures.missing)) lines.push(`no ${fixture}: ${reason}`);
  }
  lines.push('Per operation, wall time from its first test\'s start to its last test\'s end (operations run side by side):');

  const width = Math.max(...report.operations.map((operation) => `${operation.method} ${operation.path}`.length), 10);
  for (const operation of report.operations) {
    const { passed, failed, notApplicable, notRun } = operation.tests;
    const mark = failed > 0 ? '✗' : '✓';
    const parts = [`${passed} passed`];
    if (failed) parts.push(`${failed} failed`);
    if (notApplicable) parts.push(`${notApplicable} n/a`);
    if (notRun) parts.push(`${notRun} not run`);
    lines.push(
      `  ${mark} ${`${operation.method} ${operation.path}`.padEnd(width)}  ${operation.operationId.padEnd(18)} ${parts.join(', ').padEnd(34)} ${seconds(operation.durationMs).padStart(7)} wall`,
    );
  }

  if (report.failures.length > 0) {
    lines.push('');
    lines.push(`Failures (${report.failures.length}):`);
    report.failures.forEach((failure, index) => {
      lines.push('');
      lines.push(`  ${index + 1}) ${failure.operation} · ${failure.check}`);
      lines.push(`     test: ${failure.test}`);
      lines.push(`     why: ${failure.reason}`);
      lines.push(`     rule: ${failure.rule}`);
      if (failure.replay) lines.push(`     rerun: --replay ${failure.replay}`);
      if (failure.evidence) {
        lines.push(`     request: ${failure.evidence.curl}`);
        if (failure.evidence.script) {
          lines.push('     every request of the test, in order (& ... wait: sent side by side), to reproduce it with a shell:');
          for (const line of failure.evidence.script.split('\n')) lines.push(`       ${line}`);
        }
        if (failure.evidence.response) {
          const body = failure.evidence.response.body.replace(/\s+/g, ' ').slice(0, 400);
          lines.push(`     response: ${failure.evidence.response.status} ${body}`);
        }
        if (failure.evidence.error) lines.push(`     no response: ${failure.evidence.error}`);
      }
    });
  }

  const reasons = groupReasons(report);
  if (reasons.length > 0) {
    lines.push('');
    lines.push('Not applicable:');
    for (const [reason, count] of reasons) lines.push(`  ${String(count).padStart(3)} × ${reason}`);
  }
  const notRun = report.tests.filter((test) => test.state === 'not_run');
  if (notRun.length > 0) {
    lines.push('');
    lines.push(`Not run (${notRun.length}), so the verdict is incomplete:`);
    for (const test of notRun.slice(0, 20)) lines.push(`  ${test.name}: ${test.reason ?? 'not run'}`);
    if (notRun.length > 20) lines.push(`  ... and ${notRun.length - 20} more (report.json lists them all)`);
  }
  if (report.leftBehind.length > 0) {
    lines.push('');
    lines.push('Left behind (could not be deleted):');
    for (const item of report.leftBehind) lines.push(`  ${item}`);
  }
  if (report.errors.length > 0) {
    lines.push('');
    lines.push('Errors outside the tests:');
    for (const error of report.errors) lines.push(`  ${error}`);
  }

  if (report.generated) {
    lines.push('');
    lines.push(...formatPhaseLines(report.generated));
  }
  if (report.statusCoverage?.operations.length) {
    lines.push('');
    lines.push(...formatStatusLines(report.statusCoverage));
  }
  if (report.ruleCoverage.rules.length > 0 || report.ruleCoverage.unknown.length > 0) {
    lines.push('');
    lines.push(...formatRuleLines(report.ruleCoverage));
    for (const test of report.tests) for (const note of test.notes ?? []) lines.push(`  ${note}`);
  }

  lines.push('');
  const tests = summary.tests;
  const score = summary.score === null ? 'no applicable checks' : `${summary.score}% of applicable checks pass`;
  lines.push(
    `${tests.failed > 0 || report.failures.length > 0 ? 'FAILED' : tests.notRun > 0 ? 'INCOMPLETE' : 'PASSED'} · ${score} · ${tests.total} tests: ${tests.passed} passed, ${tests.failed} failed, ${tests.notApplicable} not applicable${tests.notRun ? `, ${tests.notRun} not run` : ''} · ${seconds(run.durationMs)} wall`,
  );
  if (run.timeLimitReached) lines.push(`Stopped by --max-time: ${tests.notRun} tests did not run; the verdict is incomplete.`);
  if (reportFiles.length > 0) lines.push(`Reports: ${reportFiles.join(', ')}`);
  if (report.rerun?.of) lines.push(`A rerun of the run reported in ${report.rerun.of}, whose reports are kept as they were.`);
  // Only when there is something to rerun: a rerun of nothing would say nothing about the target.
  if (report.rerun && report.rerun.saved > 0) {
    const from = report.rerun.of ? ` --report-dir ${path.dirname(report.rerun.failuresFile)}` : '';
    lines.push(`${report.rerun.saved} failure${report.rerun.saved > 1 ? 's' : ''} saved in ${report.rerun.failuresFile}: rerun all with --failed${from}, one with --replay <id>${from} (ids there).`);
  }
  lines.push('');
  return lines.join('\n');
}
