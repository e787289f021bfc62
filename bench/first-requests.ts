/**
 * What a fresh server costs before it runs at full speed: the time from starting the process (as
 * `npm start` runs it: scripts/run-built.mjs, the compiled bundle, docs build on) to its first `/healthz` answer, and, for
 * every operation of the contract, how much longer its first request takes than the median of the
 * same request sent again, once the server has logged that it built every operation's validators
 * (in the background, after it listens: server/http/warm-validators.ts). Nothing else touches the
 * server first, so each first request is the first of its operation.
 *
 * Each operation gets one request that passes authentication and request validation and is answered
 * the same way every time: lists answer 200; creates of a top-level resource answer 201 (a new name
 * and slug each time); an image upload answers 201; every operation with an id in its path is asked about ids
 * that do not exist and answers 404, its body (the contract's own example) validated first.
 *
 * Beside each request's wall time, the server's own wall time and CPU time for it (bench/request-cpu-preload.mjs
 * measures them in the server and tells them when asked): on a busy machine the wall time of one request moves by several
 * milliseconds from one to the next, its CPU time far less.
 *
 * The client is rehearsed first: every request is sent twice to a throwaway listener of this process
 * before the server is measured. A fetch does things the first time too (the first connection, the
 * first multipart body, the first JSON body of a method): unrehearsed, those landed on the first
 * requests' wall time, up to 20 ms of an upload's, where the server's own time was within 2 ms.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEV_TOKEN, startServerProcess, waitForOutput, type ServerProcess } from '../server/tests/processes.ts';
import { makeTempDir } from '../server/tests/temp-dirs.ts';
import { peakRssMB } from './proc-stats.ts';

export interface FirstRequest {
  operationId: string;
  status: number;
  firstMs: number;
  medianMs: number;
  /** The server's own wall time for the first request (arrival to the answer sent), and the median of the later ones. */
  firstServerMs: number;
  medianServerMs: number;
  /** The server's CPU time for the first request, and the median of the later ones. */
  firstCpuMs: number;
  medianCpuMs: number;
}

export interface FirstRequestsResult {
  /** From spawning the process to the first 200 of /healthz. */
  startToHealthyMs: number;
  /** From spawning the process to its log line saying every operation's validators are built. */
  startToWarmMs: number;
  operations: FirstRequest[];
  /** Peak resident memory of the server by the end, in MB. */
  peakMB: number;
}

const REPEATS = 21;
const MISSING_ID = 2_000_000_000;
// The smallest valid PNG: one transparent pixel.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

const contract: Json = JSON.parse(readFileSync(new URL('../generated/openapi.json', import.meta.url), 'utf8'));

function resolve(node: Json): Json {
  if (node && typeof node.$ref === 'string') {
    return resolve(node.$ref.slice(2).split('/').reduce((at: Json, key: string) => at[key], contract));
  }
  return node;
}

/** The request body of the operation's first JSON example, or undefined. */
function exampleBody(operation: Json): Json | undefined {
  const media = resolve(operation.requestBody)?.content?.['application/json'];
  if (!media) return undefined;
  const examples = Object.values(media.examples ?? {}).map(resolve);
  return examples[0]?.value ?? media.example;
}

interface Probe {
  operationId: string;
  send(round: number): Promise<Response>;
}

function probes(baseUrl: string): Probe[] {
  const found: Probe[] = [];
  const auth = { Authorization: `Bearer ${DEV_TOKEN}` };
  for (const [template, item] of Object.entries<Json>(contract.paths)) {
    for (const [method, operation] of Object.entries<Json>(item)) {
      if (!operation?.operationId) continue;
      const hasIds = template.includes('{');
      const path = template.replace(/\{[^}]+\}/g, String(MISSING_ID));
      const upload = operation.requestBody?.content?.['multipart/form-data'];
      const body = exampleBody(operation);
      found.push({
        operationId: operation.operationId,
        send: (round) => {
          if (upload) {
            const form = new FormData();
            form.append('file', new Blob([PNG], { type: 'image/png' }), 'pixel.png');
            return fetch(`${baseUrl}${path}`, { method: method.toUpperCase(), headers: auth, body: form });
          }
          if (body === undefined) return fetch(`${baseUrl}${path}`, { method: method.toUpperCase(), headers: auth });
          // A top-level create makes something new each time: a name of its own.
          const sent = hasIds ? body : { ...body, name: `${body.name} ${round}`, ...(typeof body.slug === 'string' ? { slug: `${body.slug}-${round}` } : {}) };
          return fetch(`${baseUrl}${path}`, { method: method.toUpperCase(), headers: { ...auth, 'Content-Type': 'application/json' }, body: JSON.stringify(sent) });
        },
      });
    }
  }
  return found;
}

export const WARM = /validators built for every operation/;

/** The command `npm start` runs, after its Node flags. */
const NPM_START = { script: 'scripts/run-built.mjs', args: ['server/main.ts'] };
/** Measures the server's CPU time for each request (bench/request-cpu-preload.mjs). */
const CPU_PRELOAD = 'bench/request-cpu-preload.mjs';


const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function timed(origin: string, send: () => Promise<Response>): Promise<{ ms: number; serverMs: number; cpuMs: number; status: number }> {
  const started = performance.now();
  const response = await send();
  await response.arrayBuffer();
  const ms = performance.now() - started;
  // Measured by then: the figure is taken in the turn after the answer's 'finish', and this request
  // is sent only once the whole answer has arrived.
  const { cpuMs, wallMs } = (await (await fetch(`${origin}/__request-cpu`)).json()) as { cpuMs?: number; wallMs?: number };
  if (typeof cpuMs !== 'number' || typeof wallMs !== 'number') throw new Error(`the server measured nothing for ${response.url}: is ${CPU_PRELOAD} loaded?`);
  return { ms, serverMs: wallMs, cpuMs, status: response.status };
}

/**
 * Sends every probe's request twice to a listener of this process that reads the body and answers
 * 200, so that what fetch does the first time is done before the server is measured.
 */
async function rehearseClient(): Promise<void> {
  const listener = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}'));
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = listener.address() as AddressInfo;
    for (const probe of probes(`http://127.0.0.1:${port}`)) {
      for (const round of [0, 1]) await (await probe.send(round)).arrayBuffer();
    }
  } finally {
    listener.closeAllConnections();
    await new Promise((resolve) => listener.close(resolve));
  }
}

/** Starts a server of its own and measures its start-up and the first request of every operation. */
export async function measureFirstRequests(env: Record<string, string>): Promise<FirstRequestsResult> {
  const started = performance.now();
  // LOG_LEVEL=info: the server logs when it has built every operation's validators (server/main.ts).
  // Started as `npm start` starts it (without npm itself): through scripts/run-built.mjs, which checks
  // that build/ is current and, on Node 22.1 and later, turns on V8's compile cache.
  const server: ServerProcess = await startServerProcess(makeTempDir('bench-first'), { ...env, BUILD_DOCS: 'true', LOG_LEVEL: 'info' }, 60_000, { ...NPM_START, preload: [CPU_PRELOAD] });
  const startToHealthyMs = performance.now() - started;
  try {
    await waitForOutput(server, WARM, 60_000);
    const startToWarmMs = performance.now() - started;
    await rehearseClient();
    const operations: FirstRequest[] = [];
    for (const probe of probes(server.baseUrl)) {
      const first = await timed(server.origin, () => probe.send(0));
      const again: Array<Awaited<ReturnType<typeof timed>>> = [];
      for (let round = 1; round < REPEATS; round++) {
        const next = await timed(server.origin, () => probe.send(round));
        if (next.status !== first.status) throw new Error(`${probe.operationId} answered ${first.status}, then ${next.status}`);
        again.push(next);
      }
      operations.push({
        operationId: probe.operationId,
        status: first.status,
        firstMs: first.ms,
        medianMs: median(again.map((next) => next.ms)),
        firstServerMs: first.serverMs,
        medianServerMs: median(again.map((next) => next.serverMs)),
        firstCpuMs: first.cpuMs,
        medianCpuMs: median(again.map((next) => next.cpuMs)),
      });
    }
    return { startToHealthyMs, startToWarmMs, operations, peakMB: peakRssMB(server.child.pid!) };
  } finally {
    await server.terminate();
  }
}
