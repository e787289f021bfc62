/**
 * The fault proxy itself, against an upstream that echoes what it receives: without a fault it passes
 * requests and responses through unchanged; each fault that rewrites requests does what it says. (The
 * faults that rewrite responses are proven by faults.test.ts, where the suite catches them.)
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAULTS } from './faults/catalog.ts';
import { startFaultProxy, type Fault } from './faults/proxy.ts';

interface Echo {
  method: string;
  url: string;
  authorization?: string;
  body: string;
}

let upstream: Server;
let upstreamUrl: string;

beforeAll(async () => {
  // Echoes the request as JSON; a GET of an email answers a sent email, a send of one answers 409.
  upstream = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    if (request.url?.endsWith('/send')) {
      response.writeHead(409, { 'content-type': 'application/problem+json' });
      return response.end(JSON.stringify({ type: 'https://publishing.example/problems/email-already-sent', title: 'Email already sent', status: 409 }));
    }
    const echo: Echo = { method: request.method ?? '', url: request.url ?? '', authorization: request.headers.authorization, body: Buffer.concat(chunks).toString() };
    response.writeHead(200, { 'content-type': 'application/json', 'x-upstream': 'echo' });
    response.end(JSON.stringify(request.url?.match(/emails\/\d+$/) ? { id: 57, status: 'sent' } : echo));
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/api/v1`;
});

afterAll(async () => {
  await new Promise((resolve) => upstream.close(resolve));
});

const fault = (name: string): Fault => {
  const found = FAULTS.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`no fault ${name}`);
  return found;
};

async function through(faultName: string | undefined, path: string, init: RequestInit = {}, tokens = { valid: 'valid-token', other: 'other-token' }) {
  const proxy = await startFaultProxy({ upstream: upstreamUrl, fault: faultName ? fault(faultName) : undefined, tokens });
  try {
    const response = await fetch(`${proxy.baseUrl}${path}`, init);
    return { status: response.status, headers: response.headers, json: (await response.json()) as Echo & Record<string, unknown> };
  } finally {
    await proxy.stop();
  }
}

const json = (body: unknown, authorization = 'Bearer valid-token'): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', authorization },
  body: JSON.stringify(body),
});

describe('the fault proxy', () => {
  it('passes method, path, query, headers and body through unchanged without a fault', async () => {
    const { status, headers, json: echo } = await through(undefined, '/pages/12/posts?size=5', json({ title: 'Hello' }));
    expect(status).toBe(200);
    expect(headers.get('x-upstream')).toBe('echo');
    expect(echo).toEqual({ method: 'POST', url: '/api/v1/pages/12/posts?size=5', authorization: 'Bearer valid-token', body: '{"title":"Hello"}' });
  });

  it('ignored-status-filter drops the status filter of a list', async () => {
    const { json: echo } = await through('ignored-status-filter', '/newsletters/3/emails?status=sent&size=5', { headers: { authorization: 'Bearer valid-token' } });
    expect(echo.url).toBe('/api/v1/newsletters/3/emails?size=5');
  });

  it('default-size-not-applied asks upstream for 20 when the client gave no size', async () => {
    const { json: echo } = await through('default-size-not-applied', '/newsletters/3/emails', { headers: { authorization: 'Bearer valid-token' } });
    expect(echo.url).toBe('/api/v1/newsletters/3/emails?size=20');
  });

  it('past-send-accepted removes a past scheduled_at and keeps a future one', async () => {
    // Called directly: the echo upstream answers every send with 409, which would hide the body.
    const rewrite = fault('past-send-accepted').rewriteRequest!;
    const context = { operation: { operationId: 'sendEmail' } } as Parameters<typeof rewrite>[1];
    const send = async (body: unknown) =>
      JSON.parse((await rewrite({ method: 'POST', path: '/newsletters/3/emails/57/send', headers: {}, body: Buffer.from(JSON.stringify(body)) }, context)).body.toString());
    expect(await send({ scheduled_at: '2020-01-01T00:00:00Z' })).toEqual({});
    const future = new Date(Date.now() + 86_400_000).toISOString();
    expect(await send({ scheduled_at: future })).toEqual({ scheduled_at: future });
  });

  it('resend-sent-email answers a 409 send with 200 and the email', async () => {
    const { status, json: email } = await through('resend-sent-email', '/newsletters/3/emails/57/send', json({}));
    expect(status).toBe(200);
    expect(email).toEqual({ id: 57, status: 'sent' });
  });

  it("cross-workspace-leak sends the second workspace's requests with the first workspace's token", async () => {
    const { json: echo } = await through('cross-workspace-leak', '/pages/12', { headers: { authorization: 'Bearer other-token' } });
    expect(echo.authorization).toBe('Bearer valid-token');
  });

  it('unknown-token-accepted replaces an unknown token, and only an unknown one', async () => {
    const unknown = await through('unknown-token-accepted', '/pages', { headers: { authorization: 'Bearer made-up' } });
    expect(unknown.json.authorization).toBe('Bearer valid-token');
    const other = await through('unknown-token-accepted', '/pages', { headers: { authorization: 'Bearer other-token' } });
    expect(other.json.authorization).toBe('Bearer other-token');
  });

  it('upsert-duplicates makes every subscribed address a new one', async () => {
    const { json: echo } = await through('upsert-duplicates', '/newsletters/3/subscribers', json({ email: 'ada@example.com' }));
    expect(JSON.parse(echo.body).email).toMatch(/^ada\+dup\d+@example\.com$/);
  });

  it('case-sensitive-upsert tells an address with capitals from its lowercase form', async () => {
    const upper = await through('case-sensitive-upsert', '/newsletters/3/subscribers', json({ email: 'Ada@Example.com' }));
    expect(JSON.parse(upper.json.body).email).not.toBe('Ada@Example.com');
    const lower = await through('case-sensitive-upsert', '/newsletters/3/subscribers', json({ email: 'ada@example.com' }));
    expect(JSON.parse(lower.json.body).email).toBe('ada@example.com');
  });
});
