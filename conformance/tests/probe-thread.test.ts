/**
 * The light request of stays_responsive and survives_overload is timed on a thread of its own
 * (cases/probe-thread.ts): while the suite's own thread is busy (it parses and validates 150 MB list
 * answers under the overload phase), a target that answers the light request at once is not reported
 * late; a target that does not answer still is. The target runs on a thread of its own too, so the
 * busy main thread holds up neither.
 */
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { whileProbing } from '../cases/responsiveness.ts';
import type { Kit } from '../suite/kit.ts';

/** Answers /newsletters/* at once, /stuck/* never: a target with an event loop of its own. */
const TARGET = `
const { parentPort } = require('node:worker_threads');
const http = require('node:http');
const server = http.createServer((req, res) => {
  if (req.url.startsWith('/newsletters/')) res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
});
server.listen(0, '127.0.0.1', () => parentPort.postMessage(server.address().port));
parentPort.on('message', () => server.close(() => process.exit(0)));
`;

let target: Worker;
let baseUrl: string;

beforeAll(async () => {
  target = new Worker(TARGET, { eval: true });
  const port = await new Promise<number>((resolve) => target.once('message', resolve));
  baseUrl = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  target.postMessage('close');
  await new Promise((resolve) => target.once('exit', resolve));
});

function kit(path: string): Kit {
  return {
    fixtures: { newsletterId: 7 },
    contract: { operations: [{ operationId: 'getNewsletter', method: 'GET', path }] },
    options: { baseUrl, token: 't', responsiveWithinSeconds: 1, requestTimeoutSeconds: 5 },
  } as unknown as Kit;
}

/** A request in flight during which the suite's own thread is busy for `ms` (as parsing a huge answer is). */
const busyFor = (ms: number) => async () => {
  await new Promise((resolve) => setTimeout(resolve, 40));
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // The main thread does nothing else meanwhile: no timer, no socket, no message is seen.
  }
  return 'done';
};

describe('the light request, timed on a thread of its own', () => {
  it('is in time when the target answers at once, however long the suite itself is busy', async () => {
    const { result, responsiveness } = await whileProbing(kit('/newsletters/{id}'), busyFor(2500));
    expect(result).toBe('done');
    expect(responsiveness.probes).toBeGreaterThan(0);
    expect(responsiveness.duringFailure).toBeUndefined();
    expect(responsiveness.afterFailure).toBeUndefined();
  });

  it('is late when the target does not answer', async () => {
    const slowSend = async () => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      return 'done';
    };
    const { responsiveness } = await whileProbing(kit('/stuck/{id}'), slowSend);
    expect(responsiveness.duringFailure).toMatch(/did not answer within 1 s/);
  });
});
