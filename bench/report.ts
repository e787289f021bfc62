/** Plain-text report of a benchmark run: the measurements, then each performance target, met or not. */
import type { SuiteInstall, SuiteRun } from './conformance-run.ts';
import type { DeliveryResult } from './delivery.ts';
import type { FirstRequestsResult } from './first-requests.ts';
import type { HostileResult } from './hostile.ts';
import type { ListLatency } from './large-list.ts';
import type { RateLatency } from './latency.ts';
import type { LoadResult } from './load.ts';
import type { Comparison, LoadSettings, Operation } from './throughput.ts';
import type { ValidationPrice } from './validation.ts';

export interface BenchmarkResults {
  machine: string;
  throughputSettings: LoadSettings;
  listSettings: LoadSettings;
  comparisons: Comparison[];
  rateLatency: RateLatency[];
  rateSeconds: number;
  /** The server with and without request and response validation, the same closed-loop runs. */
  validation: Record<Operation, ValidationPrice>;
  hostile: { result: HostileResult | undefined; failure?: string };
  suiteRun: SuiteRun;
  suiteInstall: SuiteInstall;
  emails: number;
  seedSeconds: number;
  largeList: ListLatency[];
  delivery: DeliveryResult;
  /** Peak resident memory of each server process, in MB (10^6 bytes). */
  peakRssMB: Array<{ phase: string; mb: number }>;
  /** A fresh server: start-up to /healthz, and each operation's first request against its median. */
  firstRequests: FirstRequestsResult;
}

export interface Target {
  name: string;
  measured: string;
  met: boolean;
}

export const TARGETS = {
  timesTheMock: 3,
  p99AtHalfLoadMs: 10,
  validationShare: 0.3,
  eventLoopDelayMs: 100,
  suiteSeconds: 30,
  startToHealthyMs: 1000,
  firstRequestOverMedianMs: 2,
};

const n = (value: number, digits = 0) =>
  Number.isFinite(value) ? value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits }) : '-';
const ratio = (a: number, b: number) => (b > 0 ? a / b : Number.POSITIVE_INFINITY);
const percent = (fraction: number) => `${n(fraction * 100)}%`;
const megabytes = (bytes: number) => `${n(bytes / 1e6, 1)} MB`;

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows.map((row) => row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('   ').trimEnd()).join('\n');
}

const loadRow = (label: string, target: string, r: LoadResult) => [label, target, n(r.requestsPerSecond), n(r.p50), n(r.p99), n(r.cpuMsPerRequest, 2), n(r.failures)];

/** The share of a request's CPU time that validation takes: 1 - without / with. */
export function validationShare(validated: LoadResult, unvalidated: LoadResult): number {
  return 1 - unvalidated.cpuMsPerRequest / validated.cpuMsPerRequest;
}

/** The other client over the whole phase: its worst p99 and every request it sent. */
function bystanderLine(result: HostileResult): string {
  const p99 = Math.max(...result.bystanders.map((b) => b.p99));
  const sent = result.bystanders.reduce((sum, b) => sum + b.sent, 0);
  const failed = result.bystanders.reduce((sum, b) => sum + b.failures, 0);
  return `another client's p99 ${n(p99)} ms, ${n(failed)} of ${n(sent)} failed`;
}

function hostileTarget(hostile: BenchmarkResults['hostile']): Target {
  const name = `no event-loop delay over ${TARGETS.eventLoopDelayMs} ms under hostile input`;
  const result = hostile.result;
  if (!result) return { name, measured: `not measured: ${hostile.failure}`, met: false };
  const measured: string[] = [];
  const read = result.answers.filter((a) => a.maxDelayMs !== undefined);
  if (read.length > 0) {
    const worst = read.reduce((a, b) => (b.maxDelayMs! > a.maxDelayMs! ? b : a));
    measured.push(`max ${n(worst.maxDelayMs!)} ms (${worst.input.name})`);
  }
  const over = read.filter((a) => a.maxDelayMs! > TARGETS.eventLoopDelayMs).length;
  if (over > 1) measured.push(`${over} inputs over ${TARGETS.eventLoopDelayMs} ms`);
  if (result.crashes.length > 0) measured.push(`the server crashed or stalled ${result.crashes.length} time(s), first: ${result.crashes[0]}`);
  measured.push(bystanderLine(result));
  return { name, measured: measured.join('; '), met: result.crashes.length === 0 && over === 0 && read.length === result.answers.length };
}

export function targetsOf(results: BenchmarkResults): Target[] {
  const targets: Target[] = [];
  for (const { operation, server, mock } of results.comparisons) {
    const times = ratio(server.requestsPerSecond, mock.requestsPerSecond);
    if (!(server.total > 0 && mock.total > 0)) {
      // A run in which a target answered nothing (a saturated machine, a stuck mock) compares nothing.
      const silent = server.total > 0 ? 'the mock' : 'the server';
      targets.push({ name: `server >= ${TARGETS.timesTheMock}x the mock's throughput, ${operation}`, measured: `not measured: ${silent} answered no request in the run`, met: false });
      continue;
    }
    targets.push({
      name: `server >= ${TARGETS.timesTheMock}x the mock's throughput, ${operation}`,
      measured: `${n(times, 2)}x (CPU ${n(server.cpuMsPerRequest, 2)} against ${n(mock.cpuMsPerRequest, 2)} ms a request, ${n(ratio(mock.cpuMsPerRequest, server.cpuMsPerRequest), 2)}x less)`,
      met: times >= TARGETS.timesTheMock,
    });
  }
  for (const { operation, result } of results.rateLatency.filter((r) => r.fraction === 0.5)) {
    targets.push({
      name: `p99 < ${TARGETS.p99AtHalfLoadMs} ms at 50% of saturation, ${operation}`,
      measured: `${n(result.p99, 1)} ms at ${n(result.rate)} req/s`,
      met: result.p99 < TARGETS.p99AtHalfLoadMs,
    });
  }
  for (const [operation, { validated, unvalidated }] of Object.entries(results.validation)) {
    const share = validationShare(validated, unvalidated);
    targets.push({
      name: `validation <= ${percent(TARGETS.validationShare)} of the CPU per request, ${operation}`,
      measured: `${percent(share)} (${n(validated.cpuMsPerRequest, 2)} ms with, ${n(unvalidated.cpuMsPerRequest, 2)} ms without)`,
      met: share <= TARGETS.validationShare,
    });
  }
  targets.push(hostileTarget(results.hostile));
  const suite = results.suiteRun;
  targets.push({
    name: `a default conformance run against the local server <= ${TARGETS.suiteSeconds} s`,
    measured: `${n(suite.seconds, 1)} s (${suite.summary})`,
    met: suite.seconds <= TARGETS.suiteSeconds && suite.exitCode === 0,
  });
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
  const first = results.firstRequests;
  targets.push({ name: `start-up to the first /healthz answer < ${n(TARGETS.startToHealthyMs)} ms`, measured: `${n(first.startToHealthyMs)} ms`, met: first.startToHealthyMs < TARGETS.startToHealthyMs });
  const slowest = [...first.operations].sort((a, b) => (b.firstMs - b.medianMs) - (a.firstMs - a.medianMs))[0];
  const costliest = [...first.operations].sort((a, b) => (b.firstCpuMs - b.medianCpuMs) - (a.firstCpuMs - a.medianCpuMs))[0];
  const over = (by: (o: (typeof first.operations)[number]) => number) => first.operations.filter((o) => by(o) > TARGETS.firstRequestOverMedianMs).length;
  targets.push({
    name: `first request of every operation <= its median + ${TARGETS.firstRequestOverMedianMs} ms`,
    measured:
      slowest && costliest
        ? `worst ${slowest.operationId}: first ${n(slowest.firstMs, 1)} ms, median ${n(slowest.medianMs, 1)} ms; ` +
          `${over((o) => o.firstMs - o.medianMs)} of ${first.operations.length} over (${over((o) => o.firstServerMs - o.medianServerMs)} by the server's own wall time); ` +
          `server CPU: worst ${costliest.operationId} ${n(costliest.firstCpuMs - costliest.medianCpuMs, 1)} ms over, ${over((o) => o.firstCpuMs - o.medianCpuMs)} over`
        : 'no operation measured',
    met: slowest !== undefined && slowest.firstMs - slowest.medianMs <= TARGETS.firstRequestOverMedianMs,
  });
  const peak = Math.max(...results.peakRssMB.map((p) => p.mb));
  targets.push({ name: 'server peak RSS < 200 MB throughout', measured: `${n(peak)} MB`, met: peak < 200 });
  const runs = [
    ...results.comparisons.flatMap((c) => [c.server, c.mock]),
    ...Object.values(results.validation).flatMap((v) => [v.validated, v.unvalidated]),
    ...results.largeList.flatMap((l) => [l.full, l.empty]),
    ...results.rateLatency.map((r) => r.result),
  ];
  const failed = runs.reduce((sum, r) => sum + r.failures, 0);
  targets.push({ name: 'every response of every load run was 2xx (the runs are valid)', measured: `${n(failed)} failures`, met: failed === 0 });
  return targets;
}

function hostileLines(hostile: BenchmarkResults['hostile']): string[] {
  const result = hostile.result;
  if (!result) return [`Hostile input: not measured: ${hostile.failure}`];
  const rows = result.answers.map((a) => [a.input.name, a.answers.join(' '), n(a.ms), a.maxDelayMs === undefined ? 'no answer' : n(a.maxDelayMs)]);
  const rate = result.bystanders[0]?.rate ?? Number.NaN;
  return [
    `Hostile input (bench/hostile-inputs.ts), one after another, a new server after a crash or stall; another client lists emails at ${n(rate)} req/s meanwhile`,
    table([['input', 'answers', 'ms', 'max event-loop delay ms'], ...rows]),
    ...result.crashes.map((crash) => `  ${crash}`),
    ...result.bystanders.map((by, i) =>
      `  the other client${result.bystanders.length > 1 ? ` (server ${i + 1})` : ''}: p50 ${n(by.p50, 1)} ms, p99 ${n(by.p99, 1)} ms, max ${n(by.max)} ms, ${n(by.failures)} of ${n(by.sent)} failed`),
    ...(result.peakMB === undefined ? [] : [`  peak RSS of the last server ${n(result.peakMB)} MB`]),
  ];
}

function suiteInstallLine(install: SuiteInstall): string {
  return install.measured
    ? `Installing the packed suite into an empty project: ${n(install.seconds, 1)} s, package ${megabytes(install.packedBytes)}, node_modules ${megabytes(install.installedBytes)}`
    : `Installing the packed suite into an empty project: not measured, ${install.reason}`;
}

function firstRequestLines(first: FirstRequestsResult): string[] {
  const rows = first.operations.map((o) => [
    o.operationId, String(o.status), n(o.firstMs, 1), n(o.medianMs, 1), n(o.firstMs - o.medianMs, 1), n(o.firstServerMs - o.medianServerMs, 1), n(o.firstCpuMs, 1), n(o.medianCpuMs, 1), n(o.firstCpuMs - o.medianCpuMs, 1),
  ]);
  return [
    `A fresh server as npm start runs it: ${n(first.startToHealthyMs)} ms from start to the first /healthz answer, ${n(first.startToWarmMs)} ms until every operation's validators are built (in the background); peak RSS ${n(first.peakMB)} MB`,
    "The first request of each operation, then the same request 20 times (bench/first-requests.ts): wall time at the client, the server's own wall time, and the server's CPU time for the request",
    table([['operation', 'status', 'first ms', 'median ms', 'first - median', 'server first - median', 'CPU first', 'CPU median', 'CPU first - median'], ...rows]),
  ];
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
  const rateRows = results.rateLatency.map(({ operation, fraction, result: r }) => [
    operation, percent(fraction), n(r.rate), n(r.achievedRate), n(r.p50, 1), n(r.p99, 1), n(r.max), n(r.cpuMsPerRequest, 2), n(r.sendLagP99Ms, 1), n(r.failures),
  ]);
  const validationRows = Object.entries(results.validation).map(([operation, { validated, unvalidated }]) => [
    operation, n(validated.requestsPerSecond), n(unvalidated.requestsPerSecond), n(validated.cpuMsPerRequest, 2), n(unvalidated.cpuMsPerRequest, 2), percent(validationShare(validated, unvalidated)),
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
  const s = results.suiteRun;
  const lines = [
    `Publishing API benchmark: ${results.machine}`,
    '',
    `Server and Prism mock, the same requests, closed loop; ${t.connections} connections, ${t.seconds} s a run after ${t.warmupSeconds} s of warm-up`,
    table([header, ...comparisonRows]),
    '',
    `Latency at a constant arrival rate, a share of the server's throughput above; ${results.rateSeconds} s a run, latency from each request's intended send time`,
    table([['operation', 'load', 'req/s', 'achieved', 'p50 ms', 'p99 ms', 'max ms', 'CPU ms/req', 'send lag p99 ms', 'failures'], ...rateRows]),
    '',
    `The price of validation: the server with and without request and response validation, closed loop, runs in the order with, without, without, with (${t.seconds} s each); means of two runs`,
    table([['operation', 'req/s with', 'req/s without', 'CPU ms/req with', 'CPU ms/req without', 'validation share'], ...validationRows]),
    '',
    ...hostileLines(results.hostile),
    '',
    `Conformance suite, default run against a fresh local server: ${n(s.seconds, 1)} s wall time, exit code ${s.exitCode}: ${s.summary}`,
    ...(s.failures.length ? [`  seed ${s.seed} (--seed reruns it); failures:`, ...s.failures.map((failure) => `  ${failure}`)] : []),
    suiteInstallLine(results.suiteInstall),
    '',
    `listEmails (size 10) on ${n(results.emails)} emails in one newsletter vs an empty one; ${l.connections} connections, ${l.seconds} s a run (seeded in ${n(results.seedSeconds, 1)} s)`,
    table([['page', 'full p50', 'full p99', 'empty p50', 'empty p99', 'p50 ratio', 'p99 ratio', 'CPU ms/req full / empty', 'failures'], ...listRows]),
    '',
    `Delivery of one email to ${n(d.recipients)} subscribers through the outbox: ${n(d.observedSeconds, 2)} s from send to sent ` +
      `(server clock ${n(d.serverSeconds, 2)} s), ${n(d.outboxMessages)} outbox messages`,
    '',
    `Peak RSS of the server (VmHWM): ${results.peakRssMB.map((p) => `${p.phase} ${n(p.mb)} MB`).join(', ')}`,
    '',
    ...firstRequestLines(results.firstRequests),
    '',
    'Targets',
    ...targetsOf(results).map((target) => `  ${target.met ? 'met   ' : 'MISSED'}  ${target.name}: ${target.measured}`),
  ];
  return lines.join('\n');
}
