/**
 * The reference server and the Prism mock under the same load: listEmails and createSubscriber,
 * the same requests to both (the mock serves the contract's paths without /api/v1). On the server,
 * createSubscriber gets a new address on every request, so each one really inserts a row.
 */
import type { RequestSpec } from 'autocannon';
import type { RunningMock } from '../scripts/prism.ts';
import type { ServerProcess } from '../server/tests/processes.ts';
import { call, jsonHeaders } from './api.ts';
import { runLoad, serverTarget, type LoadResult } from './load.ts';

export interface Comparison {
  operation: Operation;
  server: LoadResult;
  mock: LoadResult;
}

export interface LoadSettings {
  connections: number;
  seconds: number;
  warmupSeconds: number;
}

/** A newsletter with a full first page of emails, so listEmails answers ten of them as the mock does. */
export async function createFixtures(server: ServerProcess, token: string, name = 'Benchmark weekly'): Promise<number> {
  const newsletter = await call<{ id: number }>(server.baseUrl, token, 'POST', '/newsletters', { name });
  for (let i = 1; i <= 25; i++) {
    await call(server.baseUrl, token, 'POST', `/newsletters/${newsletter.id}/emails`, {
      subject: `Issue ${i}`,
      preview: `What is new in issue ${i}`,
      content_html: `<h1>Issue ${i}</h1><p>Hello, reader.</p>`,
    });
  }
  return newsletter.id;
}

export const OPERATIONS = ['listEmails', 'createSubscriber'] as const;
export type Operation = (typeof OPERATIONS)[number];

export function requestsFor(prefix: string, newsletterId: number, token: string, target: string): Record<Operation, RequestSpec> {
  let next = 0;
  return {
    listEmails: { method: 'GET', path: `${prefix}/newsletters/${newsletterId}/emails`, headers: { Authorization: `Bearer ${token}` } },
    createSubscriber: {
      method: 'POST',
      path: `${prefix}/newsletters/${newsletterId}/subscribers`,
      headers: jsonHeaders(token),
      setupRequest: (request) => ({ ...request, body: JSON.stringify({ email: `${target}-${Date.now()}-${next++}@example.com` }) }),
    },
  };
}

export async function compareWithMock(server: ServerProcess, mock: RunningMock, token: string, newsletterId: number, settings: LoadSettings): Promise<Comparison[]> {
  const serverRequests = requestsFor(new URL(server.baseUrl).pathname, newsletterId, token, 'server');
  const mockRequests = requestsFor('', newsletterId, token, 'mock');
  const comparisons: Comparison[] = [];
  for (const operation of OPERATIONS) {
    const serverResult = await runLoad({ ...settings, ...serverTarget(server), request: serverRequests[operation] });
    const mockResult = await runLoad({ ...settings, baseUrl: mock.baseUrl, request: mockRequests[operation], pid: mock.pid });
    comparisons.push({ operation, server: serverResult, mock: mockResult });
  }
  return comparisons;
}
