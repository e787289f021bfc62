/**
 * Failed tests grouped by cause: the same check, the same rules, the same kind of input (the phase of a
 * generated case, or the hand-written scenarios). A server with one bug fails many tests the same way;
 * one line per cause, with its count, lets a person sort a failing run before reading any card.
 */
import { CHECKS, rulesOfCheck } from '../checks/catalog.ts';
import type { ReportedFailure, RunReport } from './model.ts';

export interface FailureGroup {
  check: string;
  /** The rule ids the group's tests declare. */
  rules: string[];
  /** `scenarios` or the generated phase. */
  kind: string;
  /** Failed tests in the group: each test once, whatever number of its checks failed. */
  tests: number;
  operations: string[];
  /** The first failure of the group, as an example. */
  example: ReportedFailure;
}

/** The phase of a generated case's test (`[f-1x] boundaries: ...`), else the hand-written scenarios. */
export function kindOf(testName: string): string {
  return /> \[[^\]]+\] (\w+):/.exec(testName)?.[1] ?? 'scenarios';
}

export function groupFailures(report: RunReport): FailureGroup[] {
  const rulesOf = new Map(report.tests.map((test) => [test.name, test.rules]));
  const groups = new Map<string, FailureGroup & { testNames: Set<string> }>();
  // Known failures (--known-failures) are counted apart, on a line of their own.
  for (const failure of report.failures.filter((item) => !item.known)) {
    // A response-level check judges every answer, whatever the test sent: its cause is the check and the
    // rule it stands for, not the rules the test set out to verify.
    const everyResponse = CHECKS[failure.check].group === 'response';
    const rules = everyResponse ? [...rulesOfCheck(failure.check)] : (rulesOf.get(failure.test) ?? []);
    const kind = everyResponse ? 'any input' : kindOf(failure.test);
    const key = `${failure.check}|${rules.join(',')}|${kind}`;
    let group = groups.get(key);
    if (!group) {
      group = { check: failure.check, rules, kind, tests: 0, operations: [], example: failure, testNames: new Set() };
      groups.set(key, group);
    }
    if (!group.testNames.has(failure.test)) {
      group.testNames.add(failure.test);
      group.tests++;
    }
    if (!group.operations.includes(failure.operation)) group.operations.push(failure.operation);
  }
  return [...groups.values()].map(({ testNames: _names, ...group }) => group).sort((a, b) => b.tests - a.tests);
}

/**
 * A hint when most answers share a status that means the setup, not the server, is wrong: 401 (the
 * token) or 404 (the workspace, or the ids given in --fixtures).
 */
export function setupHint(report: RunReport): string | undefined {
  const byStatus = new Map<number, number>();
  let total = 0;
  for (const operation of report.statusCoverage?.operations ?? []) {
    for (const status of operation.statuses) {
      const code = Number(status.status);
      byStatus.set(code, (byStatus.get(code) ?? 0) + status.answers);
      total += status.answers;
    }
    for (const status of operation.undeclared) {
      byStatus.set(status.status, (byStatus.get(status.status) ?? 0) + status.answers);
      total += status.answers;
    }
  }
  if (total < 20) return undefined;
  const unauthorized = byStatus.get(401) ?? 0;
  const missing = byStatus.get(404) ?? 0;
  if (unauthorized * 2 > total) {
    return `Hint: ${unauthorized} of ${total} answers were 401: the target refuses the token for most requests; check that CONFORMANCE_TOKEN is a valid token of this server (a gateway may need --header).`;
  }
  if (missing * 2 > total) {
    return `Hint: ${missing} of ${total} answers were 404: the resources the suite made or was given are not found; check --base-url, that the token's workspace is the one the ids of --fixtures belong to, and that the target keeps what it creates.`;
  }
  return undefined;
}
