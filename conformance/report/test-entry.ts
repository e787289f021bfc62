/**
 * One test as the reporter saw it, and one cell of the matrix of operations against checks: what the
 * report (model.ts) and its coverage sections (rule-coverage.ts, status-coverage.ts) are built from.
 */
import type { CheckName } from '../checks/catalog.ts';
import type { TestRecord } from '../checks/recorder.ts';

export type TestState = 'passed' | 'failed' | 'not_applicable' | 'not_run';

/** One test as the reporter saw it. */
export interface TestEntry {
  /** `POST /pages > creates a page` */
  name: string;
  file: string;
  operation: string;
  check: CheckName;
  /** The contract rules the test declares it verifies. */
  rules: string[];
  state: TestState;
  /** Why it was not applicable or not run; for a failure without a record, the error. */
  reason?: string;
  durationMs: number;
  /** When the test started (epoch ms), so an operation's wall time can be told from its summed test time. */
  startedAtMs?: number;
  record?: TestRecord;
  /** What the test says about its own reach (the model phase's predictions). */
  notes?: string[];
  /**
   * The operations the test sent requests to, in the order first sent: its own and those it used to set
   * up or to read back. Shows what a failure can depend on.
   */
  reached?: string[];
}

export type CellStatus = 'passed' | 'failed' | 'not_applicable';

export interface MatrixCell {
  status: CellStatus;
  passed: number;
  failed: number;
  /** Why the check did not apply (distinct reasons). */
  reasons: string[];
}
