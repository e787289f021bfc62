/**
 * --known-failures: a baseline an implementer commits while fixing things, a copy of a run's
 * failures.json. A failure whose rerun id is in it is reported as known and does not fail the run; a new
 * failure still does; a known failure whose test or cases now ran and passed is reported as fixed, so the
 * file can shrink. The file names its failures by operation, so "fixed" is only said of what this run
 * checked again.
 */
import type { FailuresFile } from '../cases/failures-file.ts';
import type { RunReport } from './model.ts';

/** Marks the report's known failures and fills `report.baseline`. */
export function applyBaseline(report: RunReport, baseline: FailuresFile, file: string): void {
  const entries = [...baseline.failures.map((failure) => ({ id: failure.id, test: failure.test, operation: failure.operation })), ...(baseline.tests ?? []).map((test) => ({ id: test.id, test: test.test, operation: test.operation }))];
  const known = new Set(entries.map((entry) => entry.id));
  for (const failure of report.failures) if (failure.replay && known.has(failure.replay)) failure.known = true;
  const byTest = new Map<string, boolean>();
  for (const failure of report.failures) byTest.set(failure.test, (byTest.get(failure.test) ?? true) && failure.known === true);
  const knownTests = [...byTest].filter(([, allKnown]) => allKnown).map(([test]) => test);
  const failingIds = new Set(report.failures.map((failure) => failure.replay));
  const checked = new Set(report.operations.filter((operation) => operation.tests.passed + operation.tests.failed > 0).map((operation) => operation.operationId));
  // Fixed: not failing now, on an operation this run tested, in a run that was not cut short.
  const fixed = report.run.timeLimitReached || report.summary.tests.notRun > 0 ? [] : entries.filter((entry) => !failingIds.has(entry.id) && checked.has(entry.operation)).map(({ id, test }) => ({ id, test }));
  report.baseline = { file, knownTests, fixed };
}
