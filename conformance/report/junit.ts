/**
 * JUnit XML for CI: one test suite per operation, one test case per test. A failure carries every failed
 * check with its rule, curl line and response; a test that does not apply is `<skipped>` with its reason.
 */
import { describeFailures } from '../checks/recorder.ts';
import { headlineOf, type RunReport } from './model.ts';

function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    // Control characters other than tab and newlines are not allowed in XML 1.0.
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g, '');
}

/**
 * One test case per rule of the contract: failed when a test or check covering it failed, skipped with
 * the reason when nothing checked it on this run (a gap, a rule not checkable from outside, or tests
 * that did not apply). Counted apart from the tests: a rule's result is a view of theirs.
 */
function ruleSuite(report: RunReport): string[] {
  const rules = report.ruleCoverage.rules;
  if (rules.length === 0) return [];
  const failed = rules.filter((rule) => rule.status === 'failed').length;
  const skipped = rules.filter((rule) => rule.status !== 'failed' && rule.status !== 'passed').length;
  const lines = [`  <testsuite name="rule coverage" tests="${rules.length}" failures="${failed}" skipped="${skipped}" time="0.000">`];
  for (const rule of rules) {
    lines.push(`    <testcase classname="rules.${escapeXml(rule.where)}" name="${escapeXml(`${rule.id}: ${rule.rule}`)}" time="0.000">`);
    const by = `checks: ${rule.checks.join(', ') || 'none'}; tests: ${rule.tests.length}`;
    if (rule.status === 'failed') {
      const failing = rule.tests.filter((test) => test.state === 'failed').map((test) => test.name);
      const body = [by, ...failing.map((name) => `failed: ${name}`), rule.exchanges.failed ? `${rule.exchanges.failed} responses failed its response-level checks` : ''].filter(Boolean).join('\n');
      lines.push(`      <failure message="${escapeXml(`rule ${rule.id} broken`)}" type="rule">${escapeXml(body)}</failure>`);
    } else if (rule.status === 'gap') {
      lines.push(`      <skipped message="${escapeXml(`unchecked: ${rule.reason ?? ''}`)}"/>`);
    } else if (rule.status === 'not_checkable') {
      lines.push(`      <skipped message="${escapeXml(`not checkable from outside: ${rule.reason ?? ''}`)}"/>`);
    } else if (rule.status !== 'passed') {
      lines.push(`      <skipped message="${escapeXml(`${rule.status.replace('_', ' ')}: every test covering it (${by})`)}"/>`);
    }
    lines.push('    </testcase>');
  }
  lines.push('  </testsuite>');
  return lines;
}

/**
 * One test case per declared status of every operation of the run: passed when the target answered
 * with it, skipped with the reason when the suite does not provoke it on purpose, skipped as
 * unexercised when nothing did (a gap in the suite's coverage, not a fault of the target).
 */
function statusSuite(report: RunReport): string[] {
  const section = report.statusCoverage;
  if (!section || section.operations.length === 0) return [];
  const skipped = section.counts.notExercised + section.counts.gap;
  const lines = [`  <testsuite name="status coverage" tests="${section.counts.declared}" failures="0" skipped="${skipped}" time="0.000">`];
  for (const operation of section.operations) {
    for (const status of operation.statuses) {
      lines.push(`    <testcase classname="statuses.${escapeXml(operation.operationId)}" name="${escapeXml(`${operation.operationId} ${status.status}`)}" time="0.000">`);
      if (status.state === 'not_exercised') lines.push(`      <skipped message="${escapeXml(`not provoked: ${status.reason ?? ''}`)}"/>`);
      else if (status.state === 'gap') lines.push(`      <skipped message="${escapeXml('unexercised: no answer of any test had this status, and the suite names no reason why')}"/>`);
      else lines.push(`      <system-out>${status.answers} answers</system-out>`);
      lines.push('    </testcase>');
    }
  }
  lines.push('  </testsuite>');
  return lines;
}

export function formatJunitReport(report: RunReport): string {
  const byOperation = new Map<string, RunReport['tests']>();
  for (const test of report.tests) {
    const list = byOperation.get(test.operation) ?? [];
    list.push(test);
    byOperation.set(test.operation, list);
  }
  const seconds = (ms: number) => (ms / 1000).toFixed(3);
  const lines: string[] = [];
  for (const [operationId, tests] of byOperation) {
    const operation = report.operations.find((candidate) => candidate.operationId === operationId);
    const suiteName = operation ? `${operation.method} ${operation.path} (${operationId})` : operationId;
    const failed = tests.filter((test) => test.state === 'failed').length;
    const skipped = tests.filter((test) => test.state === 'not_applicable' || test.state === 'not_run').length;
    const time = tests.reduce((sum, test) => sum + test.durationMs, 0);
    lines.push(`  <testsuite name="${escapeXml(suiteName)}" tests="${tests.length}" failures="${failed}" skipped="${skipped}" time="${seconds(time)}">`);
    for (const test of tests) {
      lines.push(`    <testcase classname="${escapeXml(operationId)}" name="${escapeXml(test.name)}" time="${seconds(test.durationMs)}">`);
      if (test.state === 'failed') {
        const failures = report.failures.filter((failure) => failure.test === test.name);
        const message = failures[0] ? `${failures[0].check}: ${failures[0].reason}` : (test.reason ?? 'failed');
        const body = failures.length ? describeFailures(failures) : (test.reason ?? '');
        lines.push(`      <failure message="${escapeXml(message)}" type="${escapeXml(failures[0]?.check ?? 'error')}">${escapeXml(body)}</failure>`);
      } else if (test.state === 'not_applicable' || test.state === 'not_run') {
        lines.push(`      <skipped message="${escapeXml(test.reason ?? test.state)}"/>`);
      }
      lines.push('    </testcase>');
    }
    lines.push('  </testsuite>');
  }
  lines.push(...ruleSuite(report));
  lines.push(...statusSuite(report));
  // The root's totals are those of every suite it holds, the coverage suites included.
  const totals = { tests: 0, failures: 0, skipped: 0 };
  for (const line of lines) {
    const suite = /^ {2}<testsuite name="[^"]*" tests="(\d+)" failures="(\d+)" skipped="(\d+)"/.exec(line);
    if (!suite) continue;
    totals.tests += Number(suite[1]);
    totals.failures += Number(suite[2]);
    totals.skipped += Number(suite[3]);
  }
  const suite = report.suite ? `${report.suite.name} ${report.suite.version}` : 'unknown';
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="conformance" tests="${totals.tests}" failures="${totals.failures}" skipped="${totals.skipped}" time="${seconds(report.run.durationMs)}">`,
    // Properties belong to a test suite in JUnit's schema: every suite carries the run's.
    ...lines.flatMap((line) => (/^ {2}<testsuite /.test(line) ? [line, `    <properties><property name="suite" value="${escapeXml(suite)}"/><property name="verdict" value="${escapeXml(headlineOf(report))}"/><property name="seed" value="${report.run.seed}"/></properties>`] : [line])),
    '</testsuites>',
    '',
  ].join('\n');
}
