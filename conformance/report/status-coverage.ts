/**
 * Status coverage: for every operation of the run and every status its responses declare, how many
 * answers of that status the target gave, counted over every exchange of every test (hand-written,
 * generated, sequences), whatever sent the request. A declared status no answer had is either one the
 * suite cannot provoke in a default run (with the reason, checks/unexercised-statuses.ts) or a gap.
 */
import { whyNotExercised } from '../checks/unexercised-statuses.ts';
import type { OperationInfo } from '../contract/document.ts';
import type { TestEntry } from './test-entry.ts';

export type StatusState = 'exercised' | 'not_exercised' | 'gap';

export interface DeclaredStatusCoverage {
  /** As the contract declares it: `404`, or a range such as `4XX`, or `default`. */
  status: string;
  /** Answers with this status (for a range or `default`, with any status it covers). */
  answers: number;
  state: StatusState;
  /** For a status the suite cannot provoke in a default run: why. */
  reason?: string;
}

export interface OperationStatusCoverage {
  operationId: string;
  method: string;
  path: string;
  statuses: DeclaredStatusCoverage[];
  /** Statuses answered that the operation does not declare (each also a status_code_conformance failure). */
  undeclared: { status: number; answers: number }[];
  /** Share of declared statuses exercised, in percent. */
  percent: number | null;
}

export interface StatusCoverageSection {
  operations: OperationStatusCoverage[];
  counts: { declared: number; exercised: number; notExercised: number; gap: number };
}

function covers(declared: string, status: number): boolean {
  if (/^\d{3}$/.test(declared)) return Number(declared) === status;
  if (/^\dXX$/i.test(declared)) return String(status)[0] === declared[0];
  return false;
}

export function buildStatusCoverage(operations: OperationInfo[], entries: TestEntry[]): StatusCoverageSection {
  const seen = new Map<string, Map<number, number>>();
  for (const entry of entries) {
    for (const { operation, status, answers } of entry.record?.statuses ?? []) {
      const byStatus = seen.get(operation) ?? new Map<number, number>();
      byStatus.set(status, (byStatus.get(status) ?? 0) + answers);
      seen.set(operation, byStatus);
    }
  }
  // The operations the run has tests of; another operation a test called along the way (a list read to
  // check a write) has its answers counted, but is not listed as if the run had set out to cover it.
  const ran = new Set(entries.map((entry) => entry.operation));
  const counts = { declared: 0, exercised: 0, notExercised: 0, gap: 0 };
  const result = operations
    .filter((operation) => ran.has(operation.operationId))
    .map((operation): OperationStatusCoverage => {
      const answered = seen.get(operation.operationId) ?? new Map<number, number>();
      const explicit = operation.responses.map((response) => response.status);
      const statuses = explicit.map((status): DeclaredStatusCoverage => {
        // `default` covers what no other declared status does.
        const answers = [...answered.entries()]
          .filter(([code]) => (status === 'default' ? !explicit.some((other) => other !== 'default' && covers(other, code)) : covers(status, code)))
          .reduce((sum, [, count]) => sum + count, 0);
        counts.declared++;
        if (answers > 0) {
          counts.exercised++;
          return { status, answers, state: 'exercised' };
        }
        const reason = whyNotExercised(operation, status);
        if (reason) {
          counts.notExercised++;
          return { status, answers, state: 'not_exercised', reason };
        }
        counts.gap++;
        return { status, answers, state: 'gap' };
      });
      const undeclared = [...answered.entries()]
        .filter(([code]) => !explicit.some((status) => status === 'default' || covers(status, code)))
        .map(([status, answers]) => ({ status, answers }))
        .sort((a, b) => a.status - b.status);
      const hit = statuses.filter((status) => status.state === 'exercised').length;
      return {
        operationId: operation.operationId,
        method: operation.method,
        path: operation.path,
        statuses,
        undeclared,
        percent: statuses.length === 0 ? null : Math.round((hit / statuses.length) * 100),
      };
    });
  return { operations: result, counts };
}
