/**
 * Before a run: a target that answers anything is reachable; one that does not answer within
 * --wait-for-server makes the run impossible; one that starts while the CLI waits is found.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePort, isAddressInUse, unreachableUrl } from '../../scripts/ports.ts';
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

/** A target answering every request with this status and an empty list; with the CORS field of the contract's default, or, `restricted`, only to requests from https://app.example. */
function listen(port: number, status: number, restricted = false): Promise<Server> {
  const server = createServer((request, response) => {
    const cors = !restricted ? { 'Access-Control-Allow-Origin': '*' } : request.headers.origin === 'https://app.example' ? { 'Access-Control-Allow-Origin': 'https://app.example' } : {};
    response.writeHead(status, { 'Content-Type': 'application/json', ...cors }).end(JSON.stringify({ page: 1, size: 10, total: 0, result: [] }));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

describe('waiting for the target', () => {
  it('gives up at once on a target that does not answer, by default', async () => {
    await expect(waitForTarget(optionsFor(unreachableUrl(), 0))).rejects.toThrow(TargetUnreachable);
  });

  it('finds a target that starts while it waits', async () => {
    // The target must start on a port known before: one that was free a moment ago. When another
    // process (another test run) takes it in those 700 ms, the target cannot start there and the
    // scene is played again on another port.
    for (let attempt = 1; ; attempt++) {
      const port = await freePort();
      const starting = new Promise<Server>((resolve, reject) => setTimeout(() => listen(port, 200).then(resolve, reject), 700));
      const found = waitForTarget(optionsFor(`http://127.0.0.1:${port}/api/v1`, 10));
      const started: Server | Error = await starting.catch((err: unknown) => (err instanceof Error ? err : new Error(String(err))));
      if (!(started instanceof Error)) {
        try {
          await expect(found).resolves.toBeUndefined();
        } finally {
          await new Promise((resolve) => started.close(resolve));
        }
        return;
      }
      await found.catch(() => undefined);
      if (attempt === 3 || !isAddressInUse(started)) throw started;
    }
  }, 60_000);

  it('stops at once when the base URL answers 404, for either profile, and says where the API is', async () => {
    const server = await listen(0, 404);
    const port = (server.address() as AddressInfo).port;
    try {
      await expect(waitForTarget(optionsFor(`http://127.0.0.1:${port}`, 0))).rejects.toThrow(/does not serve this API: .* answered 404; give the URL .* ends in \/api\/v1/);
      await expect(waitForTarget(optionsFor(`http://127.0.0.1:${port}`, 0, 'mock'))).rejects.toThrow(TargetUnreachable);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('stops on a target that sends no CORS field without an Origin, naming both fixes; runs with an allowed Origin or without the rule', async () => {
    const server = await listen(0, 200, true);
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
    try {
      await expect(waitForTarget(optionsFor(baseUrl, 0))).rejects.toThrow(/without Access-Control-Allow-Origin .*--header 'Origin: .*--exclude-rule headers\.cors-present/);
      await expect(waitForTarget({ ...optionsFor(baseUrl, 0), headers: { Origin: 'https://app.example' } })).resolves.toBeUndefined();
      await expect(waitForTarget({ ...optionsFor(baseUrl, 0), excludeRules: ['headers.cors-present'] })).resolves.toBeUndefined();
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
