/**
 * What a rerun (--failed, --replay) may run: the saved failures the other options still select, against
 * the target that showed them. A rerun that selects nothing, or sends one server's failures to another,
 * would prove nothing about either, so both stop the run (exit 2) instead of reading as a pass.
 */
import type { FailuresFile, RerunSelection } from '../cases/failures-file.ts';
import type { Phase } from '../cases/model.ts';

/** The hand-written tests' phase, as --phases names it. */
const SCENARIOS: Phase = 'scenarios';

/** Refuses to rerun failures saved from one target against another. */
export function checkRerunTarget(file: FailuresFile, baseUrl: string, source: string): void {
  if (file.baseUrl === undefined || file.baseUrl === baseUrl) return;
  throw new Error(
    `${source} holds the failures of ${file.baseUrl}, not of ${baseUrl}: a rerun against another target says nothing about either. ` +
      `Rerun with --base-url ${file.baseUrl}, or run the whole suite against ${baseUrl} (without --failed or --replay).`,
  );
}

export interface RerunScope {
  /** --include, resolved to operationIds; empty: every operation. */
  include: string[];
  /** --phases when given; undefined: every phase. */
  phases?: Phase[];
  source: string;
}

/** The selection narrowed by --include and --phases; throws when nothing is left. */
export function filterRerun(selection: RerunSelection, file: FailuresFile, scope: RerunScope): RerunSelection {
  const operationSelected = (operation: string) => scope.include.length === 0 || scope.include.includes(operation);
  const phaseSelected = (phase: Phase) => scope.phases === undefined || scope.phases.includes(phase);
  const savedTests = file.tests ?? [];
  const tests = selection.tests.filter((name) => {
    const saved = savedTests.find((test) => test.test === name);
    return phaseSelected(SCENARIOS) && (saved === undefined || operationSelected(saved.operation));
  });
  const files = [...new Set(savedTests.filter((test) => tests.includes(test.test)).map((test) => test.file))];
  const cases = selection.cases.filter((saved) => operationSelected(saved.operationId) && phaseSelected(saved.phase));
  if (cases.length === 0 && tests.length === 0) {
    const operations = [...new Set([...selection.cases.map((saved) => saved.operationId), ...savedTests.filter((test) => selection.tests.includes(test.test)).map((test) => test.operation)])];
    const phases = [...new Set([...selection.cases.map((saved) => saved.phase), ...(selection.tests.length > 0 ? [SCENARIOS] : [])])];
    const filters = [scope.include.length > 0 && `--include ${scope.include.join(',')}`, scope.phases && `--phases ${scope.phases.join(',')}`].filter(Boolean).join(' and ');
    throw new Error(
      `Nothing to rerun: ${filters} select${filters.includes(' and ') ? '' : 's'} none of the failures in ${scope.source} ` +
        `(they are of ${operations.join(', ')}; phases ${phases.join(', ')}). A rerun of nothing proves nothing: widen the filters, or leave them out.`,
    );
  }
  return { cases, tests, files };
}
