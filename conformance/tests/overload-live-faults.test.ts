/**
 * The overload phase against the reference server with one overload fault, each started as `npm start`
 * starts it: the faults that run the server out of memory are caught by survives_overload, for the
 * reason they should be (no answer at all); the unbounded Markdown queue is caught by
 * fair_between_workspaces, because a second workspace's light rendering waits behind all of the first's.
 * The clean server passes the same loads (overload-live.test.ts).
 *
 * A fault proof (scripts/test-scope.ts): `npm run test:faults` runs it, not `npm test`.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { stopAllProcesses } from '../../server/tests/processes.ts';
import { fairnessFigures, OVERLOAD_FAULTS, runOverload, startServer } from './overload-runs.ts';

afterAll(async () => {
  await stopAllProcesses();
});

// One at a time: each load is meant to fill the machine's cores, and two at once would judge the machine.
describe('the overload phase against the reference server with one overload fault', () => {
  for (const load of OVERLOAD_FAULTS) {
    it(`catches ${load.fault} with ${load.check} (${load.concurrency} × ${load.include} at once)`, async () => {
      const target = await startServer(load.fault);
      try {
        const { exitCode, report } = await runOverload(target, load);
        if (load.check === 'fair_between_workspaces') console.log(`${load.fault}: ${fairnessFigures(report).join('\n')}`);
        const caught = report.failures.filter((failure) => failure.check === load.check && failure.operation === load.include);
        expect(caught.map((failure) => failure.reason).join('\n'), `failures: ${report.failures.map((failure) => `${failure.check}: ${failure.reason}`).join('\n')}`).toMatch(load.shows);
        expect(caught[0]?.evidence?.curl).toMatch(/curl -i -X [A-Z]+ '/);
        expect(exitCode).toBe(1);
      } finally {
        await target.close();
      }
    }, 300_000);
  }
});

