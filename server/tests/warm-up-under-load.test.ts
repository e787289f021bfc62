/**
 * A server that is still warming up (building every operation's validators and rehearsing its answers
 * after it listens, 5 s of steps of 30 to 500 ms on a quiet machine) accepts a crowd of uploads before
 * it takes more of the warm-up: each warm-up step waits for a heavy turn (http/heavy-turns.ts) like
 * any heavy work. Before, libuv accepted one connection per turn of the event loop and each turn also
 * ran a warm-up step, so 80 uploads connecting during the warm-up were let in one per step, and a
 * /healthz and another workspace's upload that connected behind them waited for most of the warm-up
 * (1.7 to 3.7 s on a quiet machine; bench/README.md, "Uploads during the warm-up").
 *
 * What is checked is an order, not a time, so that it holds on a busy machine: how many warm-up
 * requests completed between the crowd's first connection being accepted and the answers of /healthz
 * and of the other workspace's upload. The server runs as `npm start` runs it, with
 * server/tests/server-trace.ts loaded to print those events in the order its event loop saw them.
 */
import http from 'node:http';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { DEV_TOKEN, runAdmin, startServerProcess, stopAllProcesses, type ServerProcess } from './processes.ts';
import { makeTempDir, removeTempDirs } from './temp-dirs.ts';

afterEach(async () => {
  await stopAllProcesses();
  removeTempDirs();
});

const startScript: string = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).scripts.start;
const heapFlags = (startScript.match(/--max-[a-z-]+-size=\d+/g) ?? []).join(' ');
const TRACE = { preload: ['server/tests/server-trace.ts'] };

/** Uploads of one workspace connecting at once: more than it may have admitted, most refused (503). */
const CROWD = 40;
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
/** A one-pixel PNG padded to 1 MiB: a body large enough to be admitted (http/body-admission.ts). */
const LARGE_IMAGE = Buffer.concat([PNG, Buffer.alloc(1024 * 1024 - PNG.length)]);

async function waitForOutput(server: ServerProcess, pattern: RegExp, timeoutMs: number): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!pattern.test(server.output())) {
    if (performance.now() > deadline) throw new Error(`the server did not log ${pattern} within ${timeoutMs} ms:\n${server.output().slice(-2000)}`);
    await sleep(20);
  }
}

interface Sent {
  connected: Promise<void>;
  answered: Promise<number>;
}

/** One request on a connection of its own, as separate clients send them; `trace` names its answer in the server's trace. */
function send(url: string, options: { trace: string; token?: string; image?: Buffer }): Sent {
  let connected!: () => void;
  const connecting = new Promise<void>((resolve) => (connected = resolve));
  const boundary = 'warm-up-under-load';
  const body = options.image
    ? Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="image.png"\r\nContent-Type: image/png\r\n\r\n`),
        options.image,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ])
    : undefined;
  const answered = new Promise<number>((resolve, reject) => {
    const request = http.request(url, {
      method: body ? 'POST' : 'GET',
      agent: false,
      headers: {
        'X-Trace': options.trace,
        ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
        ...(body ? { 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Content-Length': body.length } : {}),
      },
    });
    request.on('socket', (socket) => (socket.connecting ? socket.once('connect', connected) : connected()));
    request.on('response', (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    // A refused upload's connection may be closed before all of its body is sent.
    request.on('error', (err) => (options.trace === 'crowd' ? resolve(0) : reject(err)));
    request.end(body);
  });
  return { connected: connecting, answered };
}

describe('a server warming up under a crowd of uploads', () => {
  it('accepts the crowd before it takes more of the warm-up, and answers /healthz and another workspace behind it', { timeout: 180_000 }, async () => {
    // The second workspace is made on a first start, so that the second start's warm-up is under way
    // when the test begins.
    const dataDir = makeTempDir('warm-up-under-load');
    const first = await startServerProcess(dataDir, { NODE_OPTIONS: heapFlags });
    const admin = await runAdmin(['workspace', 'create', '--name', 'Other'], { DATABASE_PATH: first.databasePath, DATA_DIR: dataDir });
    const otherToken = /token\s+(\S+)/.exec(admin.stdout)?.[1];
    expect(otherToken, admin.stderr || admin.stdout).toBeDefined();
    await first.terminate();

    const server = await startServerProcess(dataDir, { NODE_OPTIONS: heapFlags, RATE_LIMIT_PER_TOKEN: '1000000' }, 60_000, TRACE);
    // The warm-up has begun (it starts 250 ms after listening): everything traced from here on is it
    // or the requests below.
    await waitForOutput(server, /^trace warm-up$/m, 60_000);
    const from = server.output().length;

    const crowd = Array.from({ length: CROWD }, () => send(`${server.baseUrl}/images/upload`, { trace: 'crowd', token: DEV_TOKEN, image: LARGE_IMAGE }));
    await Promise.all(crowd.map((sent) => sent.connected));
    const other = send(`${server.baseUrl}/images/upload`, { trace: 'other', token: otherToken!, image: PNG });
    const health = send(`${server.origin}/healthz`, { trace: 'health' });
    const [healthStatus, otherStatus, ...crowdStatuses] = await Promise.all([health.answered, other.answered, ...crowd.map((sent) => sent.answered)]);
    // Whatever the server wrote before the last answer arrived is in the pipe by now.
    await sleep(200);

    expect(healthStatus).toBe(200);
    expect(otherStatus).toBe(201);
    // Each upload of the crowd is stored, or refused as the contract declares (or its connection closed
    // by the server once refused, before the client had sent all of its body).
    expect(crowdStatuses.filter((status) => status !== 201 && status !== 503 && status !== 0)).toEqual([]);

    const trace = server
      .output()
      .slice(from)
      .split('\n')
      .filter((line) => line.startsWith('trace '));
    const firstAccept = trace.indexOf('trace accept');
    const warmUpBefore = (name: string) => {
      const answered = trace.indexOf(`trace answered ${name}`);
      expect(answered, `${name} answered in the trace`).toBeGreaterThan(firstAccept);
      return trace.slice(firstAccept, answered).filter((line) => line === 'trace warm-up').length;
    };
    const healthWaited = warmUpBefore('health');
    const otherWaited = warmUpBefore('other');
    // The warm-up was still under way when the crowd came and after both answers: else this test
    // proves nothing about it.
    expect(trace.lastIndexOf('trace warm-up'), 'warm-up requests after both answers').toBeGreaterThan(
      Math.max(trace.indexOf('trace answered health'), trace.indexOf('trace answered other')),
    );
    // A warm-up step per accepted connection let 21 (/healthz) and 29 (the other upload) warm-up
    // requests complete first (Node 20); waiting for heavy turns, the crowd is accepted and refused
    // first: 0 and 1. The other upload's answer takes several turns of its own (its body, the file
    // written, its type read from the file), each of which may give the warm-up one step.
    expect(healthWaited, 'warm-up requests completed while /healthz waited').toBeLessThanOrEqual(3);
    expect(otherWaited, "warm-up requests completed while the other workspace's upload waited").toBeLessThanOrEqual(6);
  });
});
