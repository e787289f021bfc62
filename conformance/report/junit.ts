/**
 * JUnit XML for CI: one test suite per operation, one test case per test. A failure carries every failed
 * check with its rule, curl line and response; a test that does not apply is `<skipped>` with its reason.
 */
import { describeFailures } from '../checks/recorder.ts';
import type { RunReport } from './model.ts';

function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    // Control characters other than tab and newlines are not allowed in XML 1.0.
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g, '');
}

export function formatJunitReport(report: RunReport): string {
  const byOperation = new Map<string, RunReport['tests']>();
  for (const test of report.tests) {
    const list = byOperation.get(test.operation) ?? [];
    list.push(test);
    byOperation.set(test.operation, list);
  }
  const seconds = (ms: number) => (ms / 1000).toFixed(3);
  const { summary } = report;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="conformance" tests="${summary.tests.total}" failures="${summary.tests.failed}" skipped="${summary.tests.notApplicable + summary.tests.notRun}" time="${seconds(report.run.durationMs)}">`,
  ];
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
  lines.push('</testsuites>', '');
  return lines.join('\n');
}
