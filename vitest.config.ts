import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['openapi/tests/**/*.test.ts', 'server/tests/**/*.test.ts', 'conformance/tests/**/*.test.ts', 'client/tests/**/*.test.ts', 'bench/tests/**/*.test.ts'],
    // Compiles the commands the tests start as processes (build/, scripts/build.mjs) when a source changed.
    globalSetup: ['scripts/vitest-global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
