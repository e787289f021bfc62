/**
 * Before a run: a target that answers anything is reachable; one that does not answer within
 * --wait-for-server makes the run impossible; one that starts while the CLI waits is found.
 */
import { createServer, type Server } from 'node:http';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/prism.ts';
import { TargetUnreachable, waitForTarget } from '../cli/preflight.ts';
import type { RunOptions } from '../run-options.ts';

function optionsFor(baseUrl: string, waitForServerSeconds: number, profile: RunOptions['profile'] = 'live'): RunOptions {
  return {
    baseUrl,
    token: 'token',
    profile,
    include: [],
    maxTimeSeconds: 60,
    seed: 1,
    runId: 'test',
    reportDir: '.',
    reporters: [],
    fixtures: {},
    waitForServerSeconds,
    specPath: '',
    requestTimeoutSeconds: 2,
    deliveryTimeoutSeconds: 2,
  };
}

function listen(port: number, status: number): Promise<Server> {
  const server = createServer((_, response) => response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify({ page: 1, size: 10, total: 0, result: [] })));
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

describe('waiting for the target', () => {
  it('gives up at once on a target that does not answer, by default', async () => {
    const url = `http://127.0.0.1:${await freePort()}/api/v1`;
    await expect(waitForTarget(optionsFor(url, 0))).rejects.toThrow(TargetUnreachable);
  });

  it('finds a target that starts while it waits', async () => {
    const port = await freePort();
    let server: Server | undefined;
    setTimeout(() => void listen(port, 200).then((started) => (server = started)), 700);
    try {
      await expect(waitForTarget(optionsFor(`http://127.0.0.1:${port}/api/v1`, 10))).resolves.toBeUndefined();
    } finally {
      await new Promise((resolve) => server?.close(resolve));
    }
  });

  it('stops at once when the base URL answers 404, for either profile, and says where the API is', async () => {
    const port = await freePort();
    const server = await listen(port, 404);
    try {
      await expect(waitForTarget(optionsFor(`http://127.0.0.1:${port}`, 0))).rejects.toThrow(/does not serve this API: .* answered 404; give the URL .* ends in \/api\/v1/);
      await expect(waitForTarget(optionsFor(`http://127.0.0.1:${port}`, 0, 'mock'))).rejects.toThrow(TargetUnreachable);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
