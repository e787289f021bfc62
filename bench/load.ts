/** One load run with autocannon, with the target process's CPU time per request measured around it. */
import autocannon, { type RequestSpec } from 'autocannon';
import type { ServerProcess } from '../server/tests/processes.ts';
import { cpuTimeMs } from './proc-stats.ts';

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  total: number;
  /** Responses that were not 2xx, plus connection errors and timeouts: a valid run has none. */
  failures: number;
  /** CPU milliseconds the target process used per request served. */
  cpuMsPerRequest: number;
}

export interface LoadOptions {
  baseUrl: string;
  request: RequestSpec;
  /** Process serving the requests, for its CPU time. */
  pid: number;
  connections: number;
  seconds: number;
  /** Seconds of the same load run first and thrown away, so JIT and caches are warm. */
  warmupSeconds?: number;
  /**
   * A URL the target answers only after the requests it has queued (the server's /healthz): when
   * autocannon stops, requests it sent may still be waiting in the server, and the next run must
   * not be measured behind them.
   */
  settleUrl?: string;
  /** A request without an answer after this long counts as failed (autocannon's default is 10 s). */
  timeoutSeconds?: number;
}

/**
 * The target fields of a run against a server process. autocannon takes only the origin from its
 * URL, so request paths carry the API's prefix (`new URL(server.baseUrl).pathname`).
 */
export function serverTarget(server: ServerProcess): Pick<LoadOptions, 'baseUrl' | 'pid' | 'settleUrl'> {
  return { baseUrl: server.origin, pid: server.child.pid!, settleUrl: `${server.origin}/healthz` };
}

const WARM_REQUESTS = 2000;

async function settle(url: string | undefined): Promise<void> {
  if (url) await fetch(url, { signal: AbortSignal.timeout(120_000) });
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const run = (seconds: number) =>
    autocannon({
      url: options.baseUrl,
      connections: options.connections,
      duration: seconds,
      requests: [options.request],
      timeout: options.timeoutSeconds ?? 10,
    });
  if (options.warmupSeconds) {
    // A busy machine serves few requests in the warm-up's seconds, too few for V8 to optimise the
    // request path: warm up again until a round has served WARM_REQUESTS, at most three rounds.
    for (let round = 0; round < 3; round++) {
      const warm = await run(options.warmupSeconds);
      await settle(options.settleUrl);
      if (warm.requests.total >= WARM_REQUESTS) break;
    }
  }
  const cpuBefore = cpuTimeMs(options.pid);
  const result = await run(options.seconds);
  await settle(options.settleUrl);
  const cpuUsed = cpuTimeMs(options.pid) - cpuBefore;
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    failures: result.non2xx + result.errors + result.timeouts,
    // Divided by the requests sent, answered or not: the ones still queued when the run ended were
    // served during settle(), and their CPU time is in cpuUsed.
    cpuMsPerRequest: result.requests.sent > 0 ? cpuUsed / result.requests.sent : Number.NaN,
  };
}
