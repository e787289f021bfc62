/**
 * A suite that passes everything proves nothing: each fault of the catalog that shows in front of the
 * Prism mock is injected by the fault proxy, the suite is run against the broken target, and at least one
 * of the named checks the fault lists must fail (exit 1). The proxy without a fault must pass clean.
 * Faults of independent families share a proxy and a run, each confined to its family's operations.
 *
 * The catalog's `live` faults need a target with state behind the proxy (the reference server); they are
 * not run here.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPrismMock, type RunningMock } from '../../scripts/prism.ts';
import type { RunReport } from '../report/model.ts';
import { FAULTS } from './faults/catalog.ts';
import { startFaultProxy, type Fault, type FaultContext } from './faults/proxy.ts';
import { checksNoCaseNeeds, evidenceFor, familyOfOperation, planBatches, showsEveryCase, type FaultBatch } from './fault-batches.ts';
import { runCli } from './run-cli.ts';

const TOKEN = 'fault-run-token-8d1e4a';
const MOCK_FAULTS = FAULTS.filter((fault) => fault.upstream === 'mock');
let mock: RunningMock;

beforeAll(async () => {
  mock = await startPrismMock();
}, 60_000);

afterAll(async () => {
  await mock?.stop();
});

async function runThroughProxy(fault: Fault | undefined, operations: string[], excludedChecks: string[] = []): Promise<{ exitCode: number | null; report: RunReport }> {
  const proxy = await startFaultProxy({ upstream: mock.baseUrl, fault, tokens: { valid: TOKEN } });
  try {
    const reportDir = mkdtempSync(path.join(tmpdir(), `conformance-fault-${fault?.name ?? 'none'}-`));
    // These faults are in answers to ordinary requests; the hostile phase is proven against the mock by
    // mock-run.test.ts and against the server by hostile-live.test.ts, and would only slow these runs.
    const run = await runCli(['--base-url', proxy.baseUrl, '--token', TOKEN, '--profile', 'mock', '--seed', '11', '--reporter', 'json', '--report-dir', reportDir, '--no-hostile', '--include', ...operations, ...(excludedChecks.length > 0 ? ['--exclude-check', ...excludedChecks] : [])]);
    return { exitCode: run.exitCode, report: JSON.parse(readFileSync(path.join(reportDir, 'report.json'), 'utf8')) as RunReport };
  } finally {
    await proxy.stop();
  }
}

/** A fault case as the batches see it: the operations that show it. */
interface ProxyCase {
  fault: Fault;
  include: string[];
  caughtBy: string[];
  breaks: string[];
}

/**
 * Several faults in one proxy, each applied only to requests of its own family's operations (the mock
 * keeps no state, so a fault can only show in the answers it rewrites); each case is then judged on the
 * tests that sent nothing to another fault's family (fault-batches.ts).
 */
function confined(batch: FaultBatch<ProxyCase>): Fault {
  const faultOf = (context: FaultContext) => {
    const family = context.operation && familyOfOperation(context.operation.operationId);
    return batch.cases.find((proxyCase) => family !== undefined && batch.families.get(proxyCase) === family)?.fault;
  };
  return {
    ...batch.cases[0]!.fault,
    name: batch.cases.map((proxyCase) => proxyCase.fault.name).join('+'),
    rewriteRequest: (request, context) => faultOf(context)?.rewriteRequest?.(request, context) ?? request,
    rewriteResponse: (response, context) => faultOf(context)?.rewriteResponse?.(response, context) ?? response,
  };
}

const CASES: ProxyCase[] = MOCK_FAULTS.map((fault) => ({ fault, include: fault.operations, caughtBy: fault.caughtBy, breaks: fault.breaks }));
const BATCHES = planBatches(CASES);
const batchRuns = new Map<FaultBatch<ProxyCase>, ReturnType<typeof runThroughProxy>>();
function runBatch(batch: FaultBatch<ProxyCase>): ReturnType<typeof runThroughProxy> {
  let run = batchRuns.get(batch);
  if (!run) {
    const fault = batch.cases.length === 1 ? batch.cases[0]!.fault : confined(batch);
    const operations = [...new Set(batch.cases.flatMap((proxyCase) => proxyCase.include))];
    // Only the checks of the batch's cases decide anything here (checksNoCaseNeeds); whole again when
    // leaving the others out may have hidden a case's evidence (showsEveryCase).
    run = (async () => {
      const excluded = checksNoCaseNeeds(batch);
      const lean = await runThroughProxy(fault, operations, excluded);
      return excluded.length === 0 || showsEveryCase(batch, lean.report) ? lean : runThroughProxy(fault, operations);
    })();
    batchRuns.set(batch, run);
  }
  return run;
}

// Each batch is a child process talking to its own proxy: they can run side by side.
describe.concurrent('the suite against a broken mock', () => {
  it('passes the mock behind the proxy when no fault is injected', async () => {
    const operations = [...new Set(MOCK_FAULTS.flatMap((fault) => fault.operations))];
    const { exitCode, report } = await runThroughProxy(undefined, operations);
    expect(report.failures).toEqual([]);
    expect(exitCode).toBe(0);
  }, 180_000);

  for (const proxyCase of CASES) {
    const { fault } = proxyCase;
    it(`catches ${fault.name} (${fault.description}) with ${fault.caughtBy.join(' or ')}`, async () => {
      const batch = BATCHES.find((candidate) => candidate.cases.includes(proxyCase))!;
      const { exitCode, report } = await runBatch(batch);
      const { failedChecks, brokenRules } = evidenceFor(proxyCase, batch, report);
      const company = batch.cases.filter((other) => other !== proxyCase).map((other) => other.fault.name).join(', ') || 'none';
      expect(failedChecks.filter((check) => fault.caughtBy.includes(check)), `failed checks that count: ${failedChecks.join(', ') || 'none'} (faults sharing the run: ${company})`).not.toEqual([]);
      // Every failure the suite reports carries what an implementer needs to reproduce it.
      const caught = report.failures.filter((failure) => fault.caughtBy.includes(failure.check));
      for (const failure of caught) {
        expect(failure.rule.length).toBeGreaterThan(0);
        expect(failure.evidence?.curl).toMatch(/^curl -i (-X [A-Z]+|--head) '/);
        expect(failure.evidence?.curl).not.toContain(TOKEN);
      }
      // The rules the fault breaks are the ones the report shows broken.
      expect(brokenRules).toEqual(expect.arrayContaining(fault.breaks));
      expect(exitCode).toBe(1);
    }, 240_000);
  }
});
