/**
 * A rerun's failures.json keeps every saved failure it did not get to: one its filters left out, or
 * one --max-time stopped it before. Otherwise a cut `--failed` would save only what it reached, and the
 * next rerun from its directory would silently lose the rest.
 */
import type { FailuresFile, SavedCase, SavedFailure, SavedTest } from './failures-file.ts';

/** What the rerun reached: generated cases and hand-written tests that ran to a verdict. */
export interface Reached {
  /** `operationId|case id` or `operationId|sequence name`. */
  cases: Set<string>;
  /** Hand-written tests by name. */
  tests: Set<string>;
}

export function caseKey(saved: Pick<SavedCase, 'operationId' | 'case' | 'sequence'>): string {
  return `${saved.operationId}|${saved.case?.id ?? saved.sequence}`;
}

/** The saved failures and tests of the rerun file not reached, and not found again under the same id. */
export function carriedOver(original: FailuresFile, reached: Reached, found: { failures: SavedFailure[]; tests: SavedTest[] }): { failures: SavedFailure[]; tests: SavedTest[] } {
  const foundFailures = new Set(found.failures.map((failure) => failure.id));
  const foundTests = new Set(found.tests.map((test) => test.id));
  const failures = original.failures
    .filter((failure) => !foundFailures.has(failure.id))
    .map((failure) => ({ ...failure, cases: failure.cases.filter((saved) => !reached.cases.has(caseKey(saved))) }))
    .filter((failure) => failure.cases.length > 0);
  const tests = (original.tests ?? []).filter((test) => !foundTests.has(test.id) && !reached.tests.has(test.test));
  return { failures, tests };
}
