/**
 * The suite against the reference server started with its deliberate faults (server/faults): with each,
 * the suite must fail, through the named checks that stand for that bug and showing the rules it breaks.
 * Its clean run, which passes, is reference-server.test.ts.
 *
 * A fault proof (scripts/test-scope.ts): `npm run test:faults` runs it, not `npm test`.
 */
import { describe, expect, it } from 'vitest';
import { FAMILIES } from '../../server/faults/families.ts';
import { checksNoCaseNeeds, evidenceFor, planBatches, showsEveryCase, type FaultBatch, type FaultCase } from './fault-batches.ts';
import { runAgainstServer, statusGaps, type Run } from './server-run.ts';
import { SERVER_FAULT_CASES as FAULT_CASES } from './server-faults.ts';

describe('the status coverage gate', () => {
  it('finds a status the server never answers: with late-413, listPages never gives its 413', async () => {
    // The fault lets a declared oversized body through; listPages reads no body, so it never answers 413.
    const { report } = await runAgainstServer({ faults: ['late-413'] }, ['listPages']);
    expect(statusGaps(report)).toEqual(['listPages 413']);
  }, 240_000);
});

// Each fault is proven with what can show it: its operations, without the hostile phase. These faults
// are in the server's answers to ordinary requests; the hostile phase is proven on its own faults by
// hostile-live-faults.test.ts, and the whole suite, hostile phase included, passes the clean server
// (reference-server.test.ts).
// Faults of independent families share a server and a run, each confined to its family's requests, and
// only the tests that saw nothing of another fault's family count for a fault (fault-batches.ts). A run
// leaves out the checks no fault of its batch is caught by (checksNoCaseNeeds), and runs whole again when
// that may have hidden a fault's evidence (showsEveryCase).
const BATCHES = planBatches(FAULT_CASES);

const batchRuns = new Map<FaultBatch, Promise<Run>>();
function runBatch(batch: FaultBatch): Promise<Run> {
  let run = batchRuns.get(batch);
  if (!run) {
    const include = [...new Set(batch.cases.flatMap((fault) => fault.include))];
    const runWithout = (excluded: string[]) => {
      const extra = ['--no-hostile', ...(excluded.length > 0 ? ['--exclude-check', ...excluded] : [])];
      return batch.families.size === 0
        ? runAgainstServer({ faults: batch.cases.map((fault) => fault.fault) }, include, extra)
        : runAgainstServer({ confinedFaults: batch.cases.map((fault) => ({ fault: fault.fault, family: batch.families.get(fault)! })) }, include, extra);
    };
    run = (async () => {
      const excluded = checksNoCaseNeeds(batch);
      const lean = await runWithout(excluded);
      // Whole again when leaving checks out may have hidden a case's evidence (showsEveryCase).
      return excluded.length === 0 || showsEveryCase(batch, lean.report) ? lean : runWithout([]);
    })();
    batchRuns.set(batch, run);
  }
  return run;
}
const batchOf = (fault: FaultCase) => BATCHES.find((batch) => batch.cases.includes(fault))!;

describe.concurrent('the suite against the reference server with its faults', () => {
  it.each(FAULT_CASES)('catches $fault with $caughtBy, showing $breaks broken', async (fault) => {
    const batch = batchOf(fault);
    const { exitCode, report } = await runBatch(batch);
    const { failedChecks, brokenRules } = evidenceFor(fault, batch, report);
    const company = batch.cases.filter((other) => other !== fault).map((other) => other.fault).join(', ') || 'none';
    expect(failedChecks.filter((check) => fault.caughtBy.includes(check)), `failed checks that count: ${failedChecks.join(', ') || 'none'} (faults sharing the run: ${company})`).not.toEqual([]);
    expect(brokenRules).toEqual(expect.arrayContaining(fault.breaks));
    expect(exitCode).toBe(1);
  }, 300_000);

  // The confinement itself adds nothing: the server split into one application per family, with no
  // fault in any, passes the operations the batches run, as the real server does.
  it('passes a server whose families each have an application of their own and no fault', async () => {
    const include = [...new Set(BATCHES.filter((batch) => batch.families.size > 1).flatMap((batch) => batch.cases.flatMap((fault) => fault.include)))];
    const confinedFaults = FAMILIES.filter((family) => family !== 'authors').map((family) => ({ fault: null, family }));
    const { exitCode, report } = await runAgainstServer({ confinedFaults, database: 'file' }, include, ['--no-hostile']);
    expect(report.failures.map((f) => `${f.operation} ${f.check}: ${f.reason}`)).toEqual([]);
    expect(exitCode).toBe(0);
  }, 300_000);
});
