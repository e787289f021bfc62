/**
 * A constant-arrival-rate load generator: request i is due at start + i / rate, whatever happened to
 * the requests before it, and its latency is measured from that intended time, not from when a socket
 * was free to send it. A closed-loop generator (autocannon, wrk) waits for an answer before sending the
 * next request on a connection, so when the server stalls it stops sending and the stall shows up in a
 * handful of samples instead of in every request that a real client would have sent meanwhile
 * ("coordinated omission"). Here a stall of 1 s at 100 requests a second costs about 100 samples with
 * latencies from 1 s down to 0.
 *
 * It runs in the benchmark's own process over node:http with a keep-alive agent pool. That process
 * shares the CPU with the server, so it also reports how late it was in sending (`sendLagP99Ms`): a
 * large lag means the generator, not the server, could not keep the rate. The lag is part of the
 * latency, so it can make the server look slower, never faster.
 */
import http from 'node:http';
import { cpuTimeMs } from './proc-stats.ts';

export interface OpenLoopRequest {
  method: string;
  /** Full path with the query, including the API's prefix. */
  path: string;
  headers: Record<string, string>;
  /** A new body for every request (createSubscriber needs a new address each time). */
  body?: () => string;
}

export interface OpenLoopOptions {
  /** Scheme, host and port. */
  origin: string;
  request: OpenLoopRequest;
  /** Requests a second. */
  rate: number;
  /** How long to send; or `until`, whichever ends first. */
  seconds: number;
  until?: Promise<unknown>;
  /** Process serving the requests, for its CPU time. */
  pid?: number;
  /** Sockets the pool may open; requests beyond it wait for one, and the wait counts as latency. */
  maxSockets?: number;
  /** A request without an answer after this long counts as failed; its latency is this long. */
  timeoutMs?: number;
}

export interface OpenLoopResult {
  rate: number;
  sent: number;
  /** Answers per second over the time from the first intended send to the last answer. */
  achievedRate: number;
  p50: number;
  p99: number;
  max: number;
  /** Answers that were not 2xx, connection errors and timeouts. */
  failures: number;
  /** How late the generator sent, 99th percentile, in ms: the generator's share of the latency. */
  sendLagP99Ms: number;
  cpuMsPerRequest: number;
}

/** The value at quantile q (0..1) of sorted values; NaN for none. */
export function quantile(sorted: ArrayLike<number>, q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

function sendOne(agent: http.Agent, origin: URL, request: OpenLoopRequest, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const body = request.body?.();
    const req = http.request(
      {
        agent,
        host: origin.hostname,
        port: origin.port,
        method: request.method,
        path: request.path,
        headers: body === undefined ? request.headers : { ...request.headers, 'Content-Length': Buffer.byteLength(body) },
        timeout: timeoutMs,
      },
      (res) => {
        res.resume();
        res.once('end', () => resolve(res.statusCode! >= 200 && res.statusCode! < 300));
        res.once('error', () => resolve(false));
      },
    );
    req.once('timeout', () => req.destroy(new Error('timeout')));
    req.once('error', () => resolve(false));
    req.end(body);
  });
}

export async function runOpenLoop(options: OpenLoopOptions): Promise<OpenLoopResult> {
  const origin = new URL(options.origin);
  const timeoutMs = options.timeoutMs ?? 30_000;
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.maxSockets ?? 256 });
  const interval = 1000 / options.rate;
  const latencies: number[] = [];
  const lags: number[] = [];
  const inFlight: Array<Promise<void>> = [];
  let failures = 0;
  let stopped = false;
  void options.until?.then(() => (stopped = true), () => (stopped = true));

  const cpuBefore = options.pid === undefined ? 0 : cpuTimeMs(options.pid);
  const start = performance.now();
  const end = start + options.seconds * 1000;
  let sent = 0;
  while (!stopped) {
    const now = performance.now();
    // Send every request that is due: after a pause of the generator's own event loop several are.
    while (start + sent * interval <= now && start + sent * interval < end) {
      const intended = start + sent * interval;
      lags.push(now - intended);
      sent++;
      inFlight.push(
        sendOne(agent, origin, options.request, timeoutMs).then((ok) => {
          if (!ok) failures++;
          latencies.push(performance.now() - intended);
        }),
      );
    }
    if (start + sent * interval >= end) break;
    // setTimeout waits at least 1 ms; the next due time is usually a little later.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, start + sent * interval - performance.now() - 0.5)));
  }
  await Promise.all(inFlight);
  const finished = performance.now();
  agent.destroy();
  const cpuUsed = options.pid === undefined ? Number.NaN : cpuTimeMs(options.pid) - cpuBefore;

  latencies.sort((a, b) => a - b);
  lags.sort((a, b) => a - b);
  return {
    rate: options.rate,
    sent,
    achievedRate: sent / ((finished - start) / 1000),
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
    max: latencies.at(-1) ?? Number.NaN,
    failures,
    sendLagP99Ms: quantile(lags, 0.99),
    cpuMsPerRequest: sent > 0 ? cpuUsed / sent : Number.NaN,
  };
}
