/** HTTP behaviour around the routes: unknown routes, methods, generic 500s, health, docs and the contract. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDocs } from '../../scripts/docs.ts';
import { startTestServer, type TestServer } from './harness.ts';

let t: TestServer;
let origin: string;
beforeAll(async () => {
  t = await startTestServer();
  origin = t.config.publicUrl;
});
afterAll(() => t.close());

describe('routing', () => {
  it('answers an unknown route under /api/v1 with a 404 problem', async () => {
    const { status, headers, body } = await t.api('GET', '/nothing/here');
    expect(status).toBe(404);
    expect(headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(body.type).toMatch(/not-found$/);
  });

  it('answers a method the path does not have with 405 and Allow', async () => {
    const { status, headers } = await t.api('DELETE', '/newsletters/1');
    expect(status).toBe(405);
    expect(headers.get('allow')).toBe('GET, HEAD, PATCH');
  });

  it('answers an unexpected failure with a generic 500 and no internals', async () => {
    const broken = await startTestServer();
    broken.server.db.exec('DROP TABLE newsletters');
    const { status, body } = await broken.api('GET', '/newsletters');
    expect(status).toBe(500);
    expect(body).toEqual({
      type: 'https://publishing.example/problems/internal-error',
      title: 'Internal server error',
      status: 500,
      detail: 'The server failed to complete the request. It has been logged; try again later.',
      instance: '/api/v1/newsletters',
    });
    await broken.close();
  });
});

describe('connections', () => {
  it('keeps an idle connection open for 65 s, so a client always retires it first', async () => {
    const answer = await fetch(`${origin}/healthz`);
    expect(answer.headers.get('keep-alive')).toBe('timeout=65');
  });
});

describe('operational endpoints', () => {
  it('reports health outside the versioned API, without a token', async () => {
    const response = await fetch(`${origin}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', writable: true, warm: false });
  });

  it('serves the bundled contract as JSON and YAML', async () => {
    const json = await fetch(`${origin}/openapi.json`);
    expect(((await json.json()) as { info: { title: string } }).info.title).toBe('Publishing Service API');
    const yaml = await fetch(`${origin}/openapi.yaml`);
    expect(yaml.headers.get('content-type')).toMatch(/yaml/);
    expect(await yaml.text()).toContain('openapi: 3.1.0');
  });

  it('serves the rendered docs at /docs, and / leads there', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'docs-'));
    const withDocs = await startTestServer({ docsFile: await buildDocs(path.join(dir, 'index.html')) });
    const docs = await fetch(`${withDocs.config.publicUrl}/docs`);
    expect(docs.status).toBe(200);
    expect(docs.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await docs.text()).toContain('Publishing Service API');
    const root = await fetch(`${withDocs.config.publicUrl}/`, { redirect: 'manual' });
    expect(root.headers.get('location')).toBe('/docs');
    await withDocs.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sets nosniff on every response', async () => {
    expect((await fetch(`${origin}/healthz`)).headers.get('x-content-type-options')).toBe('nosniff');
    expect((await t.api('GET', '/pages')).headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('CORS', () => {
  it('answers a browser preflight without a token, and exposes the headers clients read', async () => {
    const preflight = await fetch(`${t.baseUrl}/newsletters`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://localhost:5173', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization,content-type' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
    const actual = await t.api('GET', '/pages', { headers: { Origin: 'http://localhost:5173' } });
    expect(actual.headers.get('access-control-allow-origin')).toBe('*');
    expect(actual.headers.get('access-control-expose-headers')).toContain('WWW-Authenticate');
  });
});
