import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['openapi/tests/**/*.test.ts', 'server/tests/**/*.test.ts', 'conformance/tests/**/*.test.ts', 'client/tests/**/*.test.ts', 'bench/tests/**/*.test.ts', 'scripts/tests/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
