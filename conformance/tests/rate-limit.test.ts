/**
 * A target's rate limit: the suite waits as Retry-After says and sends the request again (a bounded
 * number of times), paces itself under --max-rate, and reports a test it had to give up on as not run,
 * with the reason, never as a pass.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../../server/tests/harness.ts';
import { exchange } from '../http/exchange.ts';
import { ratePolicyFor, retryAfterMs, RequestPacer } from '../http/rate-limit.ts';
import type { RunReport } from '../report/model.ts';
import { startFaultProxy, type Fault } from './faults/proxy.ts';
import { runCli } from './run-cli.ts';

const servers: Server[] = [];
afterAll(() => Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve)))));

/** A server that answers `status` (429 by default) with this Retry-After to the first `refusals` requests, then 200; it notes when each came. */
async function limitedServer(refusals: number, retryAfter: string | undefined, status = 429): Promise<{ url: string; arrivals: number[] }> {
  const arrivals: number[] = [];
  const server = createServer((request, response) => {
    arrivals.push(performance.now());
    request.resume();
    if (arrivals.length <= refusals) {
      response.writeHead(status, { 'content-type': 'application/problem+json', ...(retryAfter === undefined ? {} : { 'retry-after': retryAfter }) });
      response.end(`{"title":"Refused for now","status":${status}}`);
    } else {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{}');
    }
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, arrivals };
}

describe('Retry-After', () => {
  it('reads delay-seconds and HTTP dates, and nothing else', () => {
    expect(retryAfterMs('3')).toBe(3000);
    expect(retryAfterMs(new Date(Date.now() + 5000).toUTCString(), Date.now())).toBeGreaterThan(3000);
    expect(retryAfterMs('soon')).toBeUndefined();
    expect(retryAfterMs(null)).toBeUndefined();
  });
});

describe('a request answered 429', () => {
  it('is sent again after the wait Retry-After asks for, and its answer is the one after the limit', async () => {
    const target = await limitedServer(2, '1');
    const { exchange: sent } = await exchange(new Request(target.url, { method: 'POST', body: '{"a":1}' }), { timeoutMs: 10_000, rate: ratePolicyFor({}) });
    expect(sent.response?.status).toBe(200);
    expect(sent.rateLimited).toBeUndefined();
    expect(target.arrivals).toHaveLength(3);
    // A lower bound only: the suite waited at least what it was asked to, each time.
    expect(target.arrivals[1]! - target.arrivals[0]!).toBeGreaterThanOrEqual(950);
    expect(target.arrivals[2]! - target.arrivals[1]!).toBeGreaterThanOrEqual(950);
  });

  it('is given up on after the bounded retries, or at once when the wait asked for is too long, saying why', async () => {
    const always = await limitedServer(Infinity, '0');
    const { exchange: retried } = await exchange(new Request(always.url), { timeoutMs: 10_000, rate: ratePolicyFor({}) });
    expect(always.arrivals).toHaveLength(4);
    expect(retried.rateLimited).toMatch(/still answered 429 after 3 retries/);

    const patient = await limitedServer(Infinity, '3600');
    const { exchange: refused } = await exchange(new Request(patient.url), { timeoutMs: 10_000, rate: ratePolicyFor({}) });
    expect(patient.arrivals).toHaveLength(1);
    expect(refused.rateLimited).toMatch(/asked to wait 3600 s/);
  });
});

describe('a request answered 503 (a target at capacity)', () => {
  it('is sent again after the wait Retry-After asks for, like a 429', async () => {
    const target = await limitedServer(1, '1', 503);
    const { exchange: sent } = await exchange(new Request(target.url, { method: 'POST', body: '{"a":1}' }), { timeoutMs: 10_000, rate: ratePolicyFor({}) });
    expect(sent.response?.status).toBe(200);
    expect(target.arrivals).toHaveLength(2);
    expect(target.arrivals[1]! - target.arrivals[0]!).toBeGreaterThanOrEqual(950);
  });

  it('is given up on after the bounded retries, saying the target was at capacity', async () => {
    const always = await limitedServer(Infinity, '0', 503);
    const { exchange: retried } = await exchange(new Request(always.url), { timeoutMs: 10_000, rate: ratePolicyFor({}) });
    expect(always.arrivals).toHaveLength(4);
    expect(retried.rateLimited).toMatch(/still answered 503 \(at capacity\) after 3 retries/);
  });

  it('is judged as it is when it does not say when to come back (no Retry-After), or when the test asks to see refusals', async () => {
    const silent = await limitedServer(Infinity, undefined, 503);
    const { exchange: once } = await exchange(new Request(silent.url), { timeoutMs: 10_000, rate: ratePolicyFor({}) });
    expect(silent.arrivals).toHaveLength(1);
    expect(once.response?.status).toBe(503);
    expect(once.rateLimited).toBeUndefined();

    const refusing = await limitedServer(Infinity, '0', 503);
    const { exchange: seen } = await exchange(new Request(refusing.url), { timeoutMs: 10_000 });
    expect(refusing.arrivals).toHaveLength(1);
    expect(seen.response?.status).toBe(503);
  });
});

describe('--max-rate', () => {
  it('spaces requests so that no more than the cap start per second', async () => {
    const pacer = new RequestPacer(5);
    const started: number[] = [];
    await Promise.all(Array.from({ length: 6 }, async () => {
      await pacer.wait();
      started.push(performance.now());
    }));
    // Six requests at five per second: the sixth starts at least a second after the first.
    expect(Math.max(...started) - Math.min(...started)).toBeGreaterThanOrEqual(950);
  });

  it('is shared out over the worker processes', () => {
    const pacer = ratePolicyFor({ maxRate: 8, workers: 4 }).pacer as unknown as { intervalMs: number };
    expect(pacer.intervalMs).toBe(500);
  });
});

/** The CORS fields of the target's own answer, which every answer carries (headers.cors-present). */
function corsFieldsOf(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => /^access-control-(allow-origin|expose-headers)$/i.test(name)));
}

/**
 * Every upsert of a subscriber is refused, as a target's rate limit would, with a wait the suite will not
 * make; the 429 itself keeps the contract, so it is judged and passes, and only the tests are not run.
 */
const limitUpserts: Fault = {
  name: 'rate-limit-upserts',
  description: 'createSubscriber always answers 429 with Retry-After: 3600',
  caughtBy: [],
  // A target's rate limit is no break of the contract: the suite must wait, not fail.
  breaks: [],
  operations: ['createSubscriber'],
  upstream: 'live',
  rewriteResponse: (response, context) =>
    context.operation?.operationId === 'createSubscriber'
      ? {
          status: 429,
          headers: {
            ...corsFieldsOf(response.headers),
            'content-type': 'application/problem+json',
            'retry-after': '3600',
            // The fields the contract declares on a 429: none left, for an hour, the window the wait fits in.
            ratelimit: '"token"; r=0; t=3600',
            'ratelimit-policy': '"token"; q=20000; w=3600',
          }, body: Buffer.from('{"type":"https://publishing.example/problems/too-many-requests","title":"Too many requests","status":429,"detail":"Try again in an hour."}') }
      : response,
};

describe('a run against a target that keeps answering 429', () => {
  it('reports the tests it gave up on as not run, with the reason, and does not pass', async () => {
    const server = await startTestServer({ database: 'file' });
    const proxy = await startFaultProxy({ upstream: server.baseUrl, fault: limitUpserts, tokens: { valid: server.token } });
    const dir = mkdtempSync(path.join(tmpdir(), 'conformance-429-'));
    try {
      const run = await runCli(['--base-url', proxy.baseUrl, '--include', 'createSubscriber', '--phases', 'scenarios', '--report-dir', dir, '--max-rate', '50'], { CONFORMANCE_TOKEN: server.token });
      const report = JSON.parse(readFileSync(path.join(dir, 'report.json'), 'utf8')) as RunReport;
      expect(run.exitCode, run.stdout).toBe(1);
      expect(run.stdout).not.toMatch(/^PASSED/m);
      expect(report.summary.tests.notRun, run.stdout.slice(-3000)).toBeGreaterThan(0);
      const notRun = report.tests.filter((test) => test.state === 'not_run');
      expect(notRun.every((test) => /429 .*Retry-After/.test(test.reason ?? ''))).toBe(true);
      // Not one of them counted as passed or failed on the 429.
      expect(report.tests.filter((test) => test.state === 'passed' && test.operation === 'createSubscriber' && test.check.startsWith('subscriber_upsert'))).toEqual([]);
      expect(report.failures.filter((failure) => failure.evidence?.response?.status === 429)).toEqual([]);
    } finally {
      await proxy.stop();
      await server.close();
    }
  }, 180_000);
});
