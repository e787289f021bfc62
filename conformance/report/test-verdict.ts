/**
 * What one vitest test case of a conformance run says, as a report entry: passed, failed, not applicable
 * (the test said so itself) or not run (it reached no verdict: the run was cut, cancelled or gave up).
 */
import type { TestCase } from 'vitest/node';
import type { TestEntry } from './test-entry.ts';

export function entryOf(testCase: TestCase, notRun: string, timeLimitReached: boolean): TestEntry | undefined {
  const meta = testCase.meta();
  const declared = meta.conformanceTest;
  if (!declared) return undefined;
  const result = testCase.result();
  const base = {
    name: testCase.fullName,
    file: testCase.module.relativeModuleId,
    operation: declared.operation,
    check: declared.check,
    rules: declared.rules ?? [],
    // The harness's own wall-clock times: vitest's are per worker, so one operation's tests in several
    // workers would not add up to a time within the run.
    durationMs: Math.round(meta.conformanceTiming?.durationMs ?? testCase.diagnostic()?.duration ?? 0),
    startedAtMs: meta.conformanceTiming?.startedAt,
    record: meta.conformance,
  };
  switch (result.state) {
    case 'passed':
      return { ...base, state: 'passed' };
    case 'failed': {
      const message = result.errors.map((error) => error.message).join('; ');
      // Stopped mid-way by the run's end (--max-time): it reached no verdict, so it neither passed nor failed.
      // A test's timeout is cut to what --max-time leaves; once the limit is reached, a test that timed out
      // was stopped by it, not by the target. Vitest fails a cancelled test at once while its body goes on,
      // so a record may still arrive: a failure in it was seen in the target's answers and stands; a record
      // without one is no verdict.
      const stoppedByRun = CANCELLED.test(message) || (timeLimitReached && TIMED_OUT.test(message));
      if (stoppedByRun && !meta.conformance?.failures.length) return { ...base, state: 'not_run', reason: notRun };
      return { ...base, state: 'failed', reason: meta.conformance ? undefined : message };
    }
    case 'skipped':
      if (meta.conformanceNotRun) return { ...base, state: 'not_run', reason: meta.conformanceNotRun };
      // A test that found it does not apply says so in its meta before it skips. Any other skip is a test
      // that never reached a verdict: vitest's own when the run is cancelled ("aborted by the user"), which
      // also marks the tests still running as skipped, so one whose body ends after the cancel has a record
      // and a note that are not its verdict.
      if (meta.conformanceNotApplicable && !CANCELLED.test(result.note ?? '')) return { ...base, state: 'not_applicable', reason: meta.conformanceNotApplicable };
      return { ...base, state: 'not_run', reason: notRun };
    default:
      return { ...base, state: 'not_run', reason: notRun };
  }
}

/** vitest's words for a test it stopped because the run was cancelled. */
const CANCELLED = /aborted by the user|test run was (aborted|cancell?ed)/i;
const TIMED_OUT = /timed out in \d+ ?ms/i;

