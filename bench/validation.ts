/**
 * The price of validation: the server as `npm start` runs it against the same server without request
 * and response validation (bench/server-without-validation.ts), the same closed-loop requests, run in
 * the order with, without, without, with. On a shared machine the load from others drifts during a
 * run; the mirrored order gives both servers the same share of that drift, and each figure is the mean
 * of its two runs.
 */
import type { ServerProcess } from '../server/tests/processes.ts';
import { runLoad, serverTarget, type LoadResult } from './load.ts';
import { createFixtures, OPERATIONS, requestsFor, type LoadSettings, type Operation } from './throughput.ts';

export interface ValidationPrice {
  validated: LoadResult;
  unvalidated: LoadResult;
}

function mean(a: LoadResult, b: LoadResult): LoadResult {
  const avg = (key: keyof LoadResult) => (a[key] + b[key]) / 2;
  return {
    requestsPerSecond: avg('requestsPerSecond'),
    p50: avg('p50'),
    p99: avg('p99'),
    cpuMsPerRequest: avg('cpuMsPerRequest'),
    total: a.total + b.total,
    failures: a.failures + b.failures,
  };
}

export async function measureValidationPrice(validated: ServerProcess, bare: ServerProcess, token: string, settings: LoadSettings): Promise<Record<Operation, ValidationPrice>> {
  const servers = [validated, bare];
  const requests = await Promise.all(
    servers.map(async (server, i) => requestsFor(new URL(server.baseUrl).pathname, await createFixtures(server, token, `Validation ${i}`), token, `validation-${i}`)),
  );
  const run = (i: 0 | 1, operation: Operation, warmup: boolean) =>
    runLoad({ ...settings, warmupSeconds: warmup ? settings.warmupSeconds : 0, ...serverTarget(servers[i]!), request: requests[i]![operation] });
  const prices: Partial<Record<Operation, ValidationPrice>> = {};
  for (const operation of OPERATIONS) {
    const with1 = await run(0, operation, true);
    const without1 = await run(1, operation, true);
    const without2 = await run(1, operation, false);
    const with2 = await run(0, operation, false);
    prices[operation] = { validated: mean(with1, with2), unvalidated: mean(without1, without2) };
  }
  return prices as Record<Operation, ValidationPrice>;
}
