/**
 * What the report makes of each state vitest leaves a test in. A cancelled run (--max-time) leaves
 * tests that were still running in states that look like verdicts: vitest marks them skipped with its
 * own note, or failed with its own error, while their bodies go on and may still store a record. Each
 * of those is "not run"; only a failure the test saw in the target's answers stands.
 */
import { describe, expect, it } from 'vitest';
import type { TestCase } from 'vitest/node';
import type { TestRecord } from '../checks/recorder.ts';
import { entryOf } from '../report/test-verdict.ts';

const NOT_RUN = 'not run: --max-time (1 s) stopped the run before this test finished';
const CANCEL_NOTE = 'The test run was aborted by the user.';

const passingRecord: TestRecord = { counts: [{ operation: 'listSubscribers', check: 'status_code_conformance', passed: 1, failed: 0 }], failures: [], notApplicable: [] };
const failingRecord: TestRecord = {
  counts: [{ operation: 'listSubscribers', check: 'status_code_conformance', passed: 0, failed: 1 }],
  failures: [{ operation: 'listSubscribers', check: 'status_code_conformance', rule: 'a rule', reason: 'answered 500' }],
  notApplicable: [],
};

type Result = ReturnType<TestCase['result']>;

function testCase(result: Result, meta: Record<string, unknown>): TestCase {
  return {
    fullName: 'GET /newsletters/{newsletter_id}/subscribers > lists them',
    module: { relativeModuleId: 'suite/core/list-subscribers.test.js' },
    meta: () => ({ conformanceTest: { operation: 'listSubscribers', check: 'status_code_conformance', rules: [] }, ...meta }),
    result: () => result,
    diagnostic: () => undefined,
  } as unknown as TestCase;
}

const verdict = (result: Result, meta: Record<string, unknown> = {}, timeLimitReached = true) => entryOf(testCase(result, meta), NOT_RUN, timeLimitReached);

describe('a test the run stopped', () => {
  it('skipped by vitest at the cancel, its body ending after it with a record: not run, not "not applicable"', () => {
    const entry = verdict({ state: 'skipped', note: CANCEL_NOTE } as Result, { conformance: passingRecord });
    expect(entry).toMatchObject({ state: 'not_run', reason: NOT_RUN });
  });

  it('skipped by vitest at the cancel after it had found it does not apply: still not run', () => {
    const entry = verdict({ state: 'skipped', note: CANCEL_NOTE } as Result, { conformance: passingRecord, conformanceNotApplicable: 'no second workspace' });
    expect(entry?.state).toBe('not_run');
  });

  it('failed by vitest with the cancel, no failure in its record: not run', () => {
    const result = { state: 'failed', errors: [{ message: CANCEL_NOTE }] } as unknown as Result;
    expect(verdict(result, { conformance: passingRecord })?.state).toBe('not_run');
    expect(verdict(result)?.state).toBe('not_run');
  });

  it('failed by vitest with the cancel, a failure already in its record: the failure stands', () => {
    const result = { state: 'failed', errors: [{ message: CANCEL_NOTE }] } as unknown as Result;
    expect(verdict(result, { conformance: failingRecord })?.state).toBe('failed');
  });

  it('timed out once the time limit was reached: not run; timed out before it: failed', () => {
    const result = { state: 'failed', errors: [{ message: 'Test timed out in 1000ms.' }] } as unknown as Result;
    expect(verdict(result, {}, true)?.state).toBe('not_run');
    expect(verdict(result, {}, false)?.state).toBe('failed');
  });

  it('never started: not run', () => {
    expect(verdict({ state: 'pending' } as Result)?.state).toBe('not_run');
  });
});

describe('a test that reached its verdict', () => {
  it('found it does not apply: not applicable, with its own reason', () => {
    const entry = verdict({ state: 'skipped', note: 'no second workspace' } as Result, { conformance: passingRecord, conformanceNotApplicable: 'no second workspace' }, false);
    expect(entry).toMatchObject({ state: 'not_applicable', reason: 'no second workspace' });
  });

  it('skipped without saying it does not apply: not run', () => {
    expect(verdict({ state: 'skipped', note: 'something else' } as Result, { conformance: passingRecord }, false)?.state).toBe('not_run');
  });

  it('passed and failed as vitest says', () => {
    expect(verdict({ state: 'passed' } as Result, { conformance: passingRecord }, false)?.state).toBe('passed');
    expect(verdict({ state: 'failed', errors: [{ message: 'status_code_conformance: answered 500' }] } as unknown as Result, { conformance: failingRecord }, false)?.state).toBe('failed');
  });
});
