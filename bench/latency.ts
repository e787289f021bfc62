/**
 * Latency at a fixed arrival rate: each operation at 25%, 50% and 75% of the throughput the same run
 * measured for it (closed-loop, throughput.ts), sent by the constant-rate generator of open-loop.ts.
 * This is what a user feels at a given load, rather than what 32 always-busy connections queue up.
 */
import type { ServerProcess } from '../server/tests/processes.ts';
import { runOpenLoop, type OpenLoopResult } from './open-loop.ts';
import { OPERATIONS, type Operation } from './throughput.ts';

export const LOAD_FRACTIONS = [0.25, 0.5, 0.75] as const;

export interface RateLatency {
  operation: Operation;
  fraction: number;
  result: OpenLoopResult;
}

export async function measureLatencyAtRates(
  server: ServerProcess,
  token: string,
  newsletterId: number,
  saturation: Record<Operation, number>,
  seconds: number,
): Promise<RateLatency[]> {
  const prefix = new URL(server.baseUrl).pathname;
  let next = 0;
  const requests = {
    listEmails: { method: 'GET', path: `${prefix}/newsletters/${newsletterId}/emails`, headers: { Authorization: `Bearer ${token}` } },
    createSubscriber: {
      method: 'POST',
      path: `${prefix}/newsletters/${newsletterId}/subscribers`,
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: () => JSON.stringify({ email: `rate-${Date.now()}-${next++}@example.com` }),
    },
  };
  const results: RateLatency[] = [];
  for (const operation of OPERATIONS) {
    for (const fraction of LOAD_FRACTIONS) {
      const rate = Math.max(1, Math.round(saturation[operation] * fraction));
      const result = await runOpenLoop({ origin: server.origin, request: requests[operation], rate, seconds, pid: server.child.pid! });
      results.push({ operation, fraction, result });
    }
  }
  return results;
}
