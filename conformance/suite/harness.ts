/**
 * How a conformance test is declared: one `describe` per operation, named by method and path, and tests
 * that each name the check they decide and what the target must be able to do for it to apply.
 *
 *   forOperation('createSubscriber', (test) => {
 *     test('returns the existing subscriber for the same address in other case',
 *       { check: 'subscriber_upsert_identity', rules: ['subscriber.upsert-same-id'], needs: ['state'] }, async (t) => { ... });
 *   });
 */
import { afterAll, describe, it } from 'vitest';
import type { CheckName } from '../checks/catalog.ts';
import { missingCapability, type Need } from '../checks/profile.ts';
import { describeFailures, type TestRecord } from '../checks/recorder.ts';
import { isExcludedTest } from '../checks/exclusions.ts';
import { TestGroup } from './group.ts';
import { isIncluded, suiteContext } from './context.ts';
import { Kit, NoResponseError, NotApplicableSignal, NotRunSignal, TestAborted } from './kit.ts';

declare module 'vitest' {
  interface TaskMeta {
    /** Set when the test is declared, so the reporter knows it even for a test that never finished. */
    conformanceTest?: { operation: string; check: CheckName; rules: string[] };
    /** Set when the test ends: what it found. */
    conformance?: TestRecord;
    /** Set when the test could not run to a verdict (a 429 the suite gave up on): why. */
    conformanceNotRun?: string;
    /** Set when the test found it does not apply: why. Vitest's own skip notes (a cancelled run) are not this. */
    conformanceNotApplicable?: string;
    /** When the test's body started and how long it took, on the wall clock every worker shares (epoch ms). */
    conformanceTiming?: { startedAt: number; durationMs: number };
  }
}

export interface TestSpec {
  /** The check this test decides. Response-level checks are recorded on every exchange besides. */
  check: CheckName;
  /**
   * The ids of the contract rules (the document's `x-rules`) this test verifies. The report's rule
   * coverage is built from them; an id the document does not have is reported as an error of the suite.
   */
  rules: readonly string[];
  /** What the target must do for the test to apply; the profile decides. */
  needs?: Need[];
  timeoutMs?: number;
  /** More metadata for the reporter (a generated case's own); its objects may be filled in as the test runs. */
  meta?: Partial<import('vitest').TaskMeta>;
}

export type TestBody = (t: Kit) => Promise<void>;
export type RegisterTest = (title: string, spec: TestSpec, body: TestBody) => void;

/** Shown by vitest and stored by JUnit: every failure with its rule, request and response. */
export class ConformanceFailure extends Error {
  override name = 'ConformanceFailure';
}

export function operationTitle(operationId: string): string {
  const operation = suiteContext().contract.operation(operationId);
  return `${operation.method} ${operation.path}`;
}

export interface GroupOptions {
  /**
   * Run the group's tests at the same time. For groups of independent single requests (the input,
   * authentication and isolation cases of every operation): they wait on the network, not on each other.
   */
  concurrent?: boolean;
}

export function forOperation(operationId: string, register: (test: RegisterTest) => void, options: GroupOptions = {}): void {
  const context = suiteContext();
  if (!isIncluded(context.options, operationId)) return;
  const operation = context.contract.operation(operationId);
  const title = operationTitle(operationId);

  (options.concurrent ? describe.concurrent : describe)(title, () => {
    const group = new TestGroup();
    afterAll(() => group.runCleanups());

    register((testTitle, spec, body) => {
      // A rerun (--failed, --replay) declares only the hand-written tests it was asked for.
      const rerun = context.options.rerunTests;
      if (rerun && !spec.meta?.conformanceCase && !rerun.includes(`${title} > ${testTitle}`)) return;
      // --exclude-check, --exclude-rule: left out as --include leaves out operations.
      if (isExcludedTest(context.options, spec.check, spec.rules)) return;
      it(testTitle, { timeout: spec.timeoutMs, meta: { ...spec.meta, conformanceTest: { operation: operationId, check: spec.check, rules: [...spec.rules] } } }, async (vitestContext) => {
        const startedAt = Date.now();
        const kit = new Kit(context, operation, spec.check, `${title} > ${testTitle}`, group);
        const recorder = kit.recorder;
        let notApplicable: string | undefined = missingCapability(context.options.profile, spec.needs ?? []);
        let notRun: string | undefined;
        let completed = false;
        if (!notApplicable) {
          try {
            await body(kit);
            completed = true;
          } catch (error) {
            if (error instanceof NotApplicableSignal) notApplicable = error.reason;
            else if (error instanceof NotRunSignal) notRun = error.reason;
            else if (!(error instanceof TestAborted) && !(error instanceof NoResponseError)) {
              recorder.fail(operationId, spec.check, `the test could not complete: ${(error as Error).message ?? String(error)}`, kit.exchangeOf());
            }
          }
        }
        // A test that met a failure before it found it could not apply is a failure, not "not applicable".
        if (notApplicable) {
          if (recorder.failureCount === 0) recorder.markNotApplicable(operationId, spec.check, notApplicable);
        } else if (completed && !recorder.toRecord().counts.some((count) => count.operation === operationId && count.check === spec.check)) {
          // A test that ran to its end without a verdict of its own check found nothing wrong with it.
          recorder.pass(operationId, spec.check);
        }
        const record = recorder.toRecord();
        vitestContext.task.meta.conformance = record;
        vitestContext.task.meta.conformanceTiming = { startedAt, durationMs: Date.now() - startedAt };
        if (record.failures.length > 0) throw new ConformanceFailure(describeFailures(record.failures));
        if (notRun) {
          vitestContext.task.meta.conformanceNotRun = context.redact(notRun);
          vitestContext.skip(context.redact(notRun));
        }
        if (notApplicable) {
          vitestContext.task.meta.conformanceNotApplicable = context.redact(notApplicable);
          vitestContext.skip(context.redact(notApplicable));
        }
      });
    });
  });
}
