/** Targets are judged from the figures, and what could not be measured is a miss with its reason. */
import { describe, expect, it } from 'vitest';
import type { HostileResult } from '../hostile.ts';
import type { LoadResult } from '../load.ts';
import type { OpenLoopResult } from '../open-loop.ts';
import { formatReport, targetsOf, type BenchmarkResults } from '../report.ts';

const load = (overrides: Partial<LoadResult> = {}): LoadResult => ({ requestsPerSecond: 1000, p50: 5, p99: 9, total: 10_000, failures: 0, cpuMsPerRequest: 0.6, ...overrides });
const openLoop = (overrides: Partial<OpenLoopResult> = {}): OpenLoopResult => ({
  rate: 500, sent: 5000, achievedRate: 500, p50: 2, p99: 8, max: 12, failures: 0, sendLagP99Ms: 1, cpuMsPerRequest: 0.6, ...overrides,
});
const input = (name: string) => ({ name, why: '', method: 'POST', path: '/', headers: {}, copies: 1 });

function results(overrides: Partial<BenchmarkResults> = {}): BenchmarkResults {
  const settings = { connections: 32, seconds: 10, warmupSeconds: 2 };
  return {
    machine: 'test',
    throughputSettings: settings,
    listSettings: settings,
    comparisons: [{ operation: 'listEmails', server: load(), mock: load({ requestsPerSecond: 300 }) }],
    rateLatency: [{ operation: 'listEmails', fraction: 0.5, result: openLoop() }],
    rateSeconds: 10,
    validation: { listEmails: { validated: load({ cpuMsPerRequest: 0.6 }), unvalidated: load({ cpuMsPerRequest: 0.5 }) } } as BenchmarkResults['validation'],
    hostile: { result: { answers: [{ input: input('small'), answers: ['422'], ms: 3, maxDelayMs: 12 }], crashes: [], bystanders: [openLoop()] } },
    suiteRun: { seconds: 25, exitCode: 0, summary: 'PASSED', failures: [] },
    suiteInstall: { measured: false, reason: 'no package' },
    emails: 1_000_000,
    seedSeconds: 10,
    largeList: [{ label: 'first page', full: load(), empty: load() }],
    delivery: { recipients: 10_000, observedSeconds: 0.5, serverSeconds: 0.4, outboxMessages: 10_000 },
    peakRssMB: [{ phase: 'all', mb: 150 }],
    firstRequests: { startToHealthyMs: 600, startToWarmMs: 2500, peakMB: 120, operations: [{ operationId: 'listEmails', status: 200, firstMs: 4, medianMs: 3, firstServerMs: 2, medianServerMs: 1.8, firstCpuMs: 1, medianCpuMs: 0.9 }] },
    ...overrides,
  };
}

const target = (all: ReturnType<typeof targetsOf>, start: string) => all.find((t) => t.name.startsWith(start))!;

describe('targetsOf', () => {
  it('meets every target on figures within them', () => {
    expect(targetsOf(results()).filter((t) => !t.met)).toEqual([]);
    expect(target(targetsOf(results()), 'validation').measured).toMatch(/^17% /);
  });

  it('misses the throughput target, not measured, when the mock answered nothing in the run', () => {
    const silent = results({ comparisons: [{ operation: 'listEmails', server: load(), mock: load({ requestsPerSecond: 0, total: 0 }) }] });
    expect(target(targetsOf(silent), 'server >= 3x')).toMatchObject({ met: false, measured: 'not measured: the mock answered no request in the run' });
  });

  it('misses the event-loop target with the reason when the server crashed, and names the worst input', () => {
    const hostile: HostileResult = {
      answers: [
        { input: input('markdown-nested-list'), answers: ['ECONNRESET'], ms: 20_000, maxDelayMs: undefined },
        { input: input('deep-json'), answers: ['422'], ms: 600, maxDelayMs: 590 },
      ],
      crashes: ['the server ended (signal SIGABRT) on markdown-nested-list: FATAL ERROR: heap out of memory'],
      bystanders: [openLoop({ p99: 20_000, failures: 400 }), openLoop()],
    };
    const judged = target(targetsOf(results({ hostile: { result: hostile } })), 'no event-loop delay');
    expect(judged.met).toBe(false);
    expect(judged.measured).toContain('max 590 ms (deep-json)');
    expect(judged.measured).toContain('SIGABRT) on markdown-nested-list');
    expect(judged.measured).toContain("another client's p99 20,000 ms, 400 of 10,000 failed");
  });

  it('misses the event-loop target when the phase could not run at all', () => {
    const judged = target(targetsOf(results({ hostile: { result: undefined, failure: 'the server did not start' } })), 'no event-loop delay');
    expect(judged).toMatchObject({ met: false, measured: 'not measured: the server did not start' });
  });

  it('misses the suite target on a failed run however fast, and the report names the seed and each failure', () => {
    const failed = results({ suiteRun: { seconds: 12, exitCode: 1, summary: 'FAILED', seed: 42, failures: ['getPage 404: status_code_conformance: expected 404, got 200'] } });
    expect(target(targetsOf(failed), 'a default conformance run').met).toBe(false);
    expect(formatReport(failed)).toContain('seed 42 (--seed reruns it); failures:\n  getPage 404: status_code_conformance: expected 404, got 200');
  });

  it('misses the first-request target on the operation whose first request costs most over its median', () => {
    const operations = [
      { operationId: 'listEmails', status: 200, firstMs: 4, medianMs: 3, firstServerMs: 2, medianServerMs: 1.8, firstCpuMs: 1, medianCpuMs: 0.9 },
      { operationId: 'createPage', status: 201, firstMs: 130, medianMs: 5, firstServerMs: 120, medianServerMs: 3, firstCpuMs: 12, medianCpuMs: 1.5 },
    ];
    const judged = target(targetsOf(results({ firstRequests: { startToHealthyMs: 1500, startToWarmMs: 3000, peakMB: 120, operations } })), 'first request');
    expect(judged).toMatchObject({ met: false, measured: "worst createPage: first 130.0 ms, median 5.0 ms; 1 of 2 over (1 by the server's own wall time); server CPU: worst createPage 10.5 ms over, 1 over" });
    expect(target(targetsOf(results({ firstRequests: { startToHealthyMs: 1500, startToWarmMs: 3000, peakMB: 120, operations } })), 'start-up').met).toBe(false);
  });
});
