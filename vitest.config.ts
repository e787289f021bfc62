import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { LongestFirst } from './scripts/test-order.ts';
import { filesOf, testScopes } from './scripts/test-scope.ts';

export default defineConfig({
  test: {
    // TEST_SCOPE: `npm test` takes every test but the fault proofs, `npm run test:faults` those; CI takes
    // on its second and third Node.js line the tests that depend on it (scripts/test-scope.ts).
    ...filesOf(testScopes()),
    // Compiles the commands the tests start as processes (build/, scripts/build.mjs) when a source changed.
    globalSetup: ['scripts/vitest-global-setup.ts'],
    // At least two files at once, even on two cores (vitest's default would be one): most of a file's
    // time is spent waiting on the processes it starts (conformance CLI runs, servers), not computing.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // The longest files first, so that no long file starts late and ends the run alone (scripts/test-order.ts).
    sequence: { sequencer: LongestFirst },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
