/** Plain-text report of a benchmark run: the measurements, then each performance target, met or not. */
import type { DeliveryResult } from './delivery.ts';
import type { ListLatency } from './large-list.ts';
import type { LoadResult } from './load.ts';
import type { Comparison, LoadSettings } from './throughput.ts';

export interface BenchmarkResults {
  machine: string;
  throughputSettings: LoadSettings;
  listSettings: LoadSettings;
  comparisons: Comparison[];
  emails: number;
  seedSeconds: number;
  largeList: ListLatency[];
  delivery: DeliveryResult;
  /** Peak resident memory of each server process, in MB (10^6 bytes). */
  peakRssMB: Array<{ phase: string; mb: number }>;
}

export interface Target {
  name: string;
  measured: string;
  met: boolean;
}

const n = (value: number, digits = 0) => value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const ratio = (a: number, b: number) => (b > 0 ? a / b : Number.POSITIVE_INFINITY);

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows.map((row) => row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('   ').trimEnd()).join('\n');
}

const loadRow = (label: string, target: string, r: LoadResult) => [label, target, n(r.requestsPerSecond), n(r.p50), n(r.p99), n(r.cpuMsPerRequest, 2), n(r.failures)];

export function targetsOf(results: BenchmarkResults): Target[] {
  const targets: Target[] = [];
  for (const { operation, server, mock } of results.comparisons) {
    const times = ratio(server.requestsPerSecond, mock.requestsPerSecond);
    targets.push({ name: `server >= 2x the mock's throughput, ${operation}`, measured: `${n(times, 2)}x`, met: times >= 2 });
  }
  for (const { operation, server } of results.comparisons) {
    targets.push({ name: `server p99 < 25 ms at ${results.throughputSettings.connections} connections, ${operation}`, measured: `${n(server.p99)} ms`, met: server.p99 < 25 });
  }
  for (const { label, full, empty } of results.largeList) {
    const p50 = ratio(full.p50, empty.p50);
    const p99 = ratio(full.p99, empty.p99);
    targets.push({
      name: `list at ${n(results.emails)} rows within 2x of empty, ${label}`,
      measured: `p50 ${n(p50, 1)}x, p99 ${n(p99, 1)}x`,
      met: p50 <= 2 && p99 <= 2,
    });
  }
  targets.push({
    name: `${n(results.delivery.recipients)} deliveries through the outbox < 10 s`,
    measured: `${n(results.delivery.observedSeconds, 1)} s`,
    met: results.delivery.observedSeconds < 10 && results.delivery.outboxMessages === results.delivery.recipients,
  });
  const peak = Math.max(...results.peakRssMB.map((p) => p.mb));
  targets.push({ name: 'server peak RSS < 200 MB throughout', measured: `${n(peak)} MB`, met: peak < 200 });
  const failures = results.comparisons.flatMap((c) => [c.server, c.mock]).concat(results.largeList.flatMap((l) => [l.full, l.empty]));
  const failed = failures.reduce((sum, r) => sum + r.failures, 0);
  targets.push({ name: 'every response of every run was 2xx (the runs are valid)', measured: `${n(failed)} failures`, met: failed === 0 });
  return targets;
}

export function formatReport(results: BenchmarkResults): string {
  const t = results.throughputSettings;
  const l = results.listSettings;
  const header = ['operation', 'target', 'req/s', 'p50 ms', 'p99 ms', 'CPU ms/req', 'failures'];
  const comparisonRows = results.comparisons.flatMap(({ operation, server, mock }) => [
    loadRow(operation, 'server', server),
    loadRow('', 'mock', mock),
    ['', 'server/mock', `${n(ratio(server.requestsPerSecond, mock.requestsPerSecond), 2)}x`, '', '', `${n(ratio(mock.cpuMsPerRequest, server.cpuMsPerRequest), 2)}x less`, ''],
  ]);
  const listRows = results.largeList.map(({ label, full, empty }) => [
    label,
    n(full.p50),
    n(full.p99),
    n(empty.p50),
    n(empty.p99),
    `${n(ratio(full.p50, empty.p50), 1)}x`,
    `${n(ratio(full.p99, empty.p99), 1)}x`,
    `${n(full.cpuMsPerRequest, 2)} / ${n(empty.cpuMsPerRequest, 2)}`,
    n(full.failures + empty.failures),
  ]);
  const d = results.delivery;
  const lines = [
    `Publishing API benchmark: ${results.machine}`,
    '',
    `Server and Prism mock, the same requests; ${t.connections} connections, ${t.seconds} s a run after ${t.warmupSeconds} s of warm-up`,
    table([header, ...comparisonRows]),
    '',
    `listEmails (size 10) on ${n(results.emails)} emails in one newsletter vs an empty one; ${l.connections} connections, ${l.seconds} s a run (seeded in ${n(results.seedSeconds, 1)} s)`,
    table([['page', '1M p50', '1M p99', 'empty p50', 'empty p99', 'p50 ratio', 'p99 ratio', 'CPU ms/req 1M / empty', 'failures'], ...listRows]),
    '',
    `Delivery of one email to ${n(d.recipients)} subscribers through the outbox: ${n(d.observedSeconds, 2)} s from send to sent ` +
      `(server clock ${n(d.serverSeconds, 2)} s), ${n(d.outboxMessages)} outbox messages`,
    '',
    `Peak RSS of the server (VmHWM): ${results.peakRssMB.map((p) => `${p.phase} ${n(p.mb)} MB`).join(', ')}`,
    '',
    'Targets',
    ...targetsOf(results).map((target) => `  ${target.met ? 'met   ' : 'MISSED'}  ${target.name}: ${target.measured}`),
  ];
  return lines.join('\n');
}
