/**
 * The order vitest starts the project's test files in: the files that take longest first, then the
 * others in vitest's own order (failed first, then longest by its results cache, else largest).
 *
 * Why: vitest's own order needs its results cache, and a fresh clone (CI) has none, so it starts the
 * largest files first. The fault matrix's file is small and takes a third of the run: started after a
 * minute and a half, it ran to the end of the run alone on one worker while the other had finished
 * (TESTING.md, "This round: the validators built once, and the longest files first"). Started first,
 * the other files fill the second worker meanwhile, and the run ends when both run out.
 *
 * The figures are the seconds each file took in a measured run; a file not listed runs after them. A
 * stale figure only changes the order, never what runs.
 */
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Seconds of the files that took longest in the last measured `npm test` (Node 20, two workers). */
export const MEASURED_SECONDS: Readonly<Record<string, number>> = {
  'conformance/tests/reference-server.test.ts': 720,
  'conformance/tests/stateful-mock-run.test.ts': 118,
  'conformance/tests/hostile-live.test.ts': 88,
  'conformance/tests/cases-live.test.ts': 77,
  'conformance/tests/overload-live.test.ts': 65,
  'conformance/tests/faults.test.ts': 51,
  'server/tests/large-lists.test.ts': 30,
  'server/tests/markdown.test.ts': 28,
  'server/tests/durability.test.ts': 23,
  'conformance/tests/verdict-combinations.test.ts': 23,
  'conformance/tests/sorting.test.ts': 20,
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
