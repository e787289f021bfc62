/**
 * A suite that passes everything proves nothing: each fault of the catalog that shows in front of the
 * Prism mock is injected by the fault proxy, the suite is run against the broken target, and at least one
 * of the named checks the fault lists must fail (exit 1). The proxy without a fault must pass clean.
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
import { startFaultProxy, type Fault } from './faults/proxy.ts';
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

async function runThroughProxy(fault: Fault | undefined, operations: string[]): Promise<{ exitCode: number | null; report: RunReport }> {
  const proxy = await startFaultProxy({ upstream: mock.baseUrl, fault, tokens: { valid: TOKEN } });
  try {
    const reportDir = mkdtempSync(path.join(tmpdir(), `conformance-fault-${fault?.name ?? 'none'}-`));
    // These faults are in answers to ordinary requests; the hostile phase is proven against the mock by
    // mock-run.test.ts and against the server by hostile-live.test.ts, and would only slow these runs.
    const run = await runCli(['--base-url', proxy.baseUrl, '--token', TOKEN, '--profile', 'mock', '--seed', '11', '--reporter', 'json', '--report-dir', reportDir, '--no-hostile', '--include', ...operations]);
    return { exitCode: run.exitCode, report: JSON.parse(readFileSync(path.join(reportDir, 'report.json'), 'utf8')) as RunReport };
  } finally {
    await proxy.stop();
  }
}

// Each case is a child process talking to its own proxy: they can run side by side.
describe.concurrent('the suite against a broken mock', () => {
  it('passes the mock behind the proxy when no fault is injected', async () => {
    const operations = [...new Set(MOCK_FAULTS.flatMap((fault) => fault.operations))];
    const { exitCode, report } = await runThroughProxy(undefined, operations);
    expect(report.failures).toEqual([]);
    expect(exitCode).toBe(0);
  }, 180_000);

  for (const fault of MOCK_FAULTS) {
    it(`catches ${fault.name} (${fault.description}) with ${fault.caughtBy.join(' or ')}`, async () => {
      const { exitCode, report } = await runThroughProxy(fault, fault.operations);
      const caught = report.failures.filter((failure) => fault.caughtBy.includes(failure.check));
      expect(caught.length, `failed checks: ${[...new Set(report.failures.map((failure) => failure.check))].join(', ') || 'none'}`).toBeGreaterThan(0);
      // Every failure the suite reports carries what an implementer needs to reproduce it.
      for (const failure of caught) {
        expect(failure.rule.length).toBeGreaterThan(0);
        expect(failure.evidence?.curl).toMatch(/^curl -i (-X [A-Z]+|--head) '/);
        expect(failure.evidence?.curl).not.toContain(TOKEN);
      }
      // The rules the fault breaks are the ones the report shows broken.
      const broken = report.ruleCoverage.rules.filter((rule) => rule.status === 'failed').map((rule) => rule.id);
      expect(broken).toEqual(expect.arrayContaining(fault.breaks));
      expect(exitCode).toBe(1);
    }, 180_000);
  }
});
