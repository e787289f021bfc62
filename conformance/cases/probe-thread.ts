/**
 * The light request of stays_responsive and survives_overload, sent and timed on a thread of its own.
 *
 * The suite reads and judges every answer of a test in its own event loop: a page of 100 items of
 * 500,000 characters is 150 MB of JSON, which it parses and validates against the contract, seconds
 * of work during which nothing else of the process runs. A light request timed on that loop is timed
 * by the suite's own work: four such pages in flight made a light request "late" against a server
 * that answered it, seen from another process, within 200 ms. A verdict about the target cannot rest
 * on the suite's pace, so the light request goes from a worker thread, whose event loop is its own:
 * its timeout and its answer are seen when they happen, whatever the main thread is doing.
 *
 * The worker's code is a string evaluated in the thread (no file to find), so it works the same from
 * the sources, the compiled CLI and the packed package. One worker serves the whole run, unreferenced
 * so it never keeps the process alive.
 */
import { Worker } from 'node:worker_threads';

export interface ProbeRequest {
  url: string;
  headers: Record<string, string>;
  timeoutMs: number;
}

/** Answered in time with a status (below 500 or not), or not answered: timed out, or failed with a cause. */
export type ProbeOutcome = { status: number; tookMs: number } | { timedOut: true } | { failed: string };

const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
parentPort.on('message', async ({ id, url, headers, timeoutMs }) => {
  const started = performance.now();
  try {
    const response = await fetch(url, { headers, signal: AbortSignal.timeout(timeoutMs) });
    await response.arrayBuffer();
    parentPort.postMessage({ id, outcome: { status: response.status, tookMs: Math.round(performance.now() - started) } });
  } catch (error) {
    if (error && error.name === 'TimeoutError') parentPort.postMessage({ id, outcome: { timedOut: true } });
    else parentPort.postMessage({ id, outcome: { failed: (error && error.cause && error.cause.code) || (error && error.message) || String(error) } });
  }
});
`;

let worker: Worker | undefined;
let nextId = 0;
const pending = new Map<number, (outcome: ProbeOutcome) => void>();

function probeWorker(): Worker {
  if (worker) return worker;
  const started = new Worker(WORKER_SOURCE, { eval: true });
  started.unref();
  started.on('message', ({ id, outcome }: { id: number; outcome: ProbeOutcome }) => {
    pending.get(id)?.(outcome);
    pending.delete(id);
  });
  const fail = (reason: string) => {
    worker = undefined;
    for (const [id, resolve] of pending) {
      resolve({ failed: `the suite's probing thread stopped: ${reason}` });
      pending.delete(id);
    }
  };
  started.on('error', (error) => fail(error.message));
  started.on('exit', (code) => fail(`exit code ${code}`));
  worker = started;
  return started;
}

/** Sends the light request from the probing thread and resolves with how it went, timed there. */
export function probeFromThread(request: ProbeRequest): Promise<ProbeOutcome> {
  const thread = probeWorker();
  const id = nextId++;
  return new Promise((resolve) => {
    pending.set(id, resolve);
    // While a probe is out, the thread is referenced: a run waiting only on it is not cut short.
    thread.ref();
    thread.postMessage({ id, ...request });
  }).finally(() => {
    if (pending.size === 0) thread.unref();
  }) as Promise<ProbeOutcome>;
}
