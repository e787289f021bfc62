/**
 * The hostile phase against the clean reference server: it passes over three seeds. That the phase
 * catches the server's hostile-input faults is proven by hostile-live-faults.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { runHostile, startTarget } from './hostile-runs.ts';

describe('the hostile phase against the clean reference server', () => {
  it('passes with zero failures over three seeds', async () => {
    const target = await startTarget([]);
    try {
      // One after another: a clean run is the baseline, not a load test.
      for (const seed of [1, 2, 3]) {
        const { exitCode, report } = await runHostile(target, seed);
        expect(report.failures.map((failure) => `${failure.operation} ${failure.check}: ${failure.reason}`), `seed ${seed}`).toEqual([]);
        expect(report.summary.tests.passed).toBeGreaterThan(300);
        expect(exitCode).toBe(0);
      }
    } finally {
      await target.close();
    }
  }, 360_000);
});
