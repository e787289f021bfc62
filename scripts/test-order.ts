/**
 * The order vitest starts the project's test files in: the files that take longest first, then the
 * others in vitest's own order (failed first, then longest by its results cache, else largest).
 *
 * Why: vitest's own order needs its results cache, and a fresh clone (CI) has none, so it starts the
 * largest files first. The fault matrix's file is small and takes most of its run: started after a
 * minute and a half, it ran to the end of the run alone on one worker while the other had finished
 * (TESTING.md, "This round: the validators built once, and the longest files first"). Started first,
 * the other files fill the second worker meanwhile, and the run ends when both run out.
 *
 * The figures are the seconds each file took in a measured run; a file not listed runs after them. A
 * stale figure only changes the order, never what runs.
 */
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Seconds of the files that took longest in the last measured runs (Node 24, two workers): `npm test`
 * and `npm run test:faults`, each scope's files in their own run.
 */
export const MEASURED_SECONDS: Readonly<Record<string, number>> = {
  'conformance/tests/reference-server-faults.test.ts': 1230,
  'conformance/tests/stateful-mock-run.test.ts': 125,
  'conformance/tests/hostile-live-faults.test.ts': 85,
  'conformance/tests/cases-live.test.ts': 63,
  'conformance/tests/faults.test.ts': 56,
  'conformance/tests/packed-package.test.ts': 53,
  'conformance/tests/verdict-combinations.test.ts': 47,
  'conformance/tests/hostile-live.test.ts': 46,
  'conformance/tests/reference-server.test.ts': 45,
  'conformance/tests/overload-live.test.ts': 45,
  'conformance/tests/overload-live-faults.test.ts': 40,
  'server/tests/faults.test.ts': 41,
  'server/tests/durability.test.ts': 35,
  'server/tests/large-lists.test.ts': 35,
  'conformance/tests/sorting.test.ts': 34,
  'server/tests/markdown.test.ts': 32,
};

/** `files` (paths relative to the root) with the measured ones first, longest first; the rest as given. */
export function longestFirst<T>(files: readonly T[], relativePath: (file: T) => string): T[] {
  const seconds = (file: T) => MEASURED_SECONDS[relativePath(file)] ?? 0;
  return files
    .map((file, index) => ({ file, index }))
    .sort((a, b) => seconds(b.file) - seconds(a.file) || a.index - b.index)
    .map(({ file }) => file);
}

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    return longestFirst(await super.sort(files), (file) => path.relative(root, file.moduleId).split(path.sep).join('/'));
  }
}
