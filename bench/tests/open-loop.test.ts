/**
 * The constant-rate generator keeps sending while the server does not answer, and measures each
 * request from when it was due: a stall shows in every request sent during it, not in a few.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { quantile, runOpenLoop } from '../open-loop.ts';

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

/** A server that holds every request arriving in the first `stallMs` and answers them all at its end. */
async function stallingServer(stallMs: number): Promise<{ origin: string; arrivedDuringStall: () => number }> {
  const started = performance.now();
  let during = 0;
  server = createServer((_req, res) => {
    const left = started + stallMs - performance.now();
    if (left > 0) during++;
    setTimeout(() => res.end('ok'), Math.max(0, left));
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server!.address() as AddressInfo).port}`, arrivedDuringStall: () => during };
}

describe('runOpenLoop', () => {
  it('sends at its rate through a stall and counts the stall in the latency of every request due during it', async () => {
    const target = await stallingServer(1000);
    const result = await runOpenLoop({ origin: target.origin, rate: 100, seconds: 1.5, request: { method: 'GET', path: '/', headers: {} } });

    expect(result.sent).toBe(150);
    expect(result.failures).toBe(0);
    // About 100 requests are due in the first second; a closed loop of a few connections would send
    // only as many as it has connections. Generous bounds: a busy machine delays the generator.
    expect(target.arrivedDuringStall()).toBeGreaterThan(50);
    // Two thirds of the requests were due during the stall and waited for its end.
    expect(result.p50).toBeGreaterThan(100);
    expect(result.max).toBeGreaterThan(800);
  });

  it('counts answers that are not 2xx as failures', async () => {
    server = createServer((_req, res) => res.writeHead(500).end());
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const result = await runOpenLoop({ origin, rate: 50, seconds: 0.2, request: { method: 'GET', path: '/', headers: {} } });
    expect(result.sent).toBe(10);
    expect(result.failures).toBe(10);
  });
});

describe('quantile', () => {
  it('takes the value at or above the share of the sorted values', () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(quantile(values, 0.5)).toBe(50);
    expect(quantile(values, 0.99)).toBe(99);
    expect(quantile(values, 1)).toBe(100);
    expect(quantile([], 0.5)).toBeNaN();
  });
});
