/**
 * The hostile phase against the reference server with one of its hostile-input faults (each re-creates
 * one bug in the fixed server): the phase fails through a named check, with the request that shows it.
 * The clean server passes (hostile-live.test.ts).
 *
 * A fault proof (scripts/test-scope.ts): `npm run test:faults` runs it, not `npm test`.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { stopAllProcesses } from '../../server/tests/processes.ts';
import { HOSTILE_FAULTS, type HostileFault } from './hostile-faults.ts';
import { runHostile, startTarget } from './hostile-runs.ts';

// After all, not after each: the tests run concurrently, and each stops its own target; this only
// catches a process a failing test left behind (after each, it would kill the others' servers).
afterAll(async () => {
  await stopAllProcesses();
});

describe.concurrent('the hostile phase against the reference server with one fault', () => {
  for (const entry of HOSTILE_FAULTS) {
    it(`catches ${entry.fault} with ${entry.caughtBy.join(' or ')}, showing ${entry.breaks.join(', ')} broken`, async () => {
      await expectCaught(entry);
    }, 240_000);
  }
});

async function expectCaught({ fault, include, caughtBy, breaks, ownProcess }: HostileFault): Promise<void> {
  const target = await startTarget([fault], ownProcess);
  try {
    const { exitCode, report } = await runHostile(target, 5, include);
    const caught = report.failures.filter((failure) => caughtBy.includes(failure.check));
    const failed = [...new Set(report.failures.map((failure) => failure.check))].sort();
    expect(caught.length, `failed checks: ${failed.join(', ') || 'none'}`).toBeGreaterThan(0);
    // The request that shows the bug, as a line an implementer can run.
    for (const failure of caught) expect(failure.evidence?.curl).toMatch(/curl -i (-X [A-Z]+|--head) '/);
    expect(report.ruleCoverage.rules.filter((rule) => rule.status === 'failed').map((rule) => rule.id)).toEqual(expect.arrayContaining(breaks));
    expect(exitCode).toBe(1);
  } finally {
    await target.close();
  }
}

