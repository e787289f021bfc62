/**
 * failures.json: every failure of a run, so `--replay <id>` and `--failed` run exactly those again.
 * Generated cases are saved one per operation x check x location (many cases breaking one rule in one
 * place are one finding), each with every case that showed it; hand-written tests by their test id.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CHECK_NAMES, CHECKS } from '../checks/catalog.ts';
import type { CheckFailure } from '../checks/recorder.ts';
import { hashString } from '../generate/random.ts';
import type { GeneratedCase, GeneratedPhase, SavedCase } from './model.ts';

export type { SavedCase } from './model.ts';

export const FAILURES_FILE = 'failures.json';

/** A case to run again: a single-request case as it was sent, or a stateful sequence by name. */
export interface SavedFailure {
  /** `operation x check x location`, hashed: what `--replay` takes. */
  id: string;
  operation: string;
  check: string;
  location: string;
  phase: GeneratedPhase;
  /** The first failure's reason and request; the others are in `cases`. */
  reason: string;
  curl?: string;
  test: string;
  cases: SavedCase[];
}

/** A failed hand-written test: `--replay <id>` or `--failed` runs that test again. */
export interface SavedTest {
  /** `t-` and the hash of the test's name. */
  id: string;
  /** `POST /pages > creates a page`: what the test is called in every report. */
  test: string;
  operation: string;
  check: string;
  reason: string;
  curl?: string;
  /** The test file, relative to the suite's root and without its extension (`suite/core/create-page.test`). */
  file: string;
}

export interface FailuresFile {
  seed: number;
  runId: string;
  baseUrl: string;
  failures: SavedFailure[];
  /** Failed hand-written tests (absent in files written before they were saved). */
  tests?: SavedTest[];
}

/** What a rerun runs again: saved generated cases, and hand-written tests by name. */
export interface RerunSelection {
  cases: SavedCase[];
  tests: string[];
  /** The files of those tests. */
  files: string[];
}

export function testId(test: string): string {
  return `t-${hashString(test).toString(36)}`;
}

/** One failing generated test, as the reporter hands it over. */
export interface FailingCase {
  test: string;
  saved: SavedCase;
  location: string;
  failures: (CheckFailure & { location?: string })[];
}

export function failureId(operation: string, check: string, location: string): string {
  return `f-${hashString(`${operation}|${check}|${location}`).toString(36)}`;
}

export function dedupe(failing: FailingCase[]): SavedFailure[] {
  const byKey = new Map<string, SavedFailure>();
  for (const { test, saved, location, failures } of failing) {
    for (const failure of failures) {
      const where = failure.location ?? location;
      const id = failureId(failure.operation, failure.check, where);
      let entry = byKey.get(id);
      if (!entry) {
        entry = { id, operation: failure.operation, check: failure.check, location: where, phase: saved.phase, reason: failure.reason, curl: failure.evidence?.curl, test, cases: [] };
        byKey.set(id, entry);
      }
      const key = saved.case?.id ?? saved.sequence;
      if (!entry.cases.some((known) => (known.case?.id ?? known.sequence) === key)) entry.cases.push(saved);
    }
  }
  return [...byKey.values()];
}

export function writeFailuresFile(reportDir: string, file: FailuresFile): string {
  const target = path.join(reportDir, FAILURES_FILE);
  writeFileSync(target, `${JSON.stringify(file, null, 2)}\n`);
  return target;
}

export function readFailuresFile(reportDir: string): FailuresFile {
  const source = path.join(reportDir, FAILURES_FILE);
  if (!existsSync(source)) throw new Error(`There is no ${source}: run the suite first (failures of generated cases are saved there)`);
  return JSON.parse(readFileSync(source, 'utf8')) as FailuresFile;
}

/**
 * What `--failed` (no id) or `--replay <id>` runs again: the saved cases of generated failures and the
 * hand-written tests, each once. Throws when there is nothing: a rerun of nothing would pass.
 */
export function rerunSelection(file: FailuresFile, id: string | undefined, source = FAILURES_FILE): RerunSelection {
  const tests = file.tests ?? [];
  const known = [...file.failures.map((failure) => failure.id), ...tests.map((test) => test.id)];
  if (id !== undefined && !known.includes(id)) throw new Error(`No failure ${id} in ${source} (known: ${known.join(', ') || 'none'})`);
  const chosenTests = tests.filter((test) => id === undefined || test.id === id);
  const selection = {
    cases: id === undefined || file.failures.some((failure) => failure.id === id) ? casesToReplay(file, id) : [],
    tests: [...new Set(chosenTests.map((test) => test.test))],
    files: [...new Set(chosenTests.map((test) => test.file))],
  };
  if (selection.cases.length === 0 && selection.tests.length === 0) {
    throw new Error(`Nothing to rerun: ${source} (run ${file.runId}) holds no failure. Run the suite without --failed to check the target again.`);
  }
  return selection;
}

/** The cases to replay: of one failure (by id), or of all of them; each case once. */
export function casesToReplay(file: FailuresFile, id: string | undefined): SavedCase[] {
  const chosen = id === undefined ? file.failures : file.failures.filter((failure) => failure.id === id);
  if (id !== undefined && chosen.length === 0) {
    throw new Error(`No failure ${id} in failures.json (known: ${file.failures.map((failure) => failure.id).join(', ') || 'none'})`);
  }
  const seen = new Set<string>();
  return chosen
    .flatMap((failure) => failure.cases)
    .filter((saved) => {
      const key = `${saved.operationId}|${saved.case?.id ?? saved.sequence}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

/**
 * A failing generated test, ready for dedupe: a response-level failure is located at the response
 * status (one wrong schema shows in every case), an input-level one where the case changed the input.
 */
export function failingCase(test: string, meta: { phase: GeneratedPhase; operationId: string; location: string; case?: GeneratedCase; sequence?: string }, failures: CheckFailure[]): FailingCase {
  const saved: SavedCase = { phase: meta.phase, operationId: meta.operationId, case: meta.case, sequence: meta.sequence };
  const located = failures.map((failure) =>
    RESPONSE_CHECKS.has(failure.check) ? { ...failure, location: `response ${failure.evidence?.response?.status ?? 'none'}` } : { ...failure, location: meta.location },
  );
  return { test, saved, location: meta.location, failures: located };
}

/** The checks applied to every response. */
const RESPONSE_CHECKS = new Set(CHECK_NAMES.filter((name) => CHECKS[name].group === 'response'));
