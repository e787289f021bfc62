/**
 * /docs names the server it is served from, not the contract's local development URL, and the icon
 * browsers ask for is answered without a 404.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract } from '../http/validator.ts';
import { startTestServer, type TestServer } from './harness.ts';

const contractServer = (loadContract() as { servers: Array<{ url: string }> }).servers[0]!.url;
let dir: string;
let t: TestServer;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'docs-page-'));
  const docsFile = path.join(dir, 'index.html');
  // The part of a rendered page that names the server: the embedded document and the servers panel.
  writeFileSync(docsFile, `<div>${contractServer}</div><script>const state = {"servers":[{"url":"${contractServer}"}]};</script>`);
  t = await startTestServer({ docsFile, publicUrl: 'https://publishing.example.test' });
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the docs page', () => {
  it('names the server it is served from', async () => {
    const response = await fetch(`http://127.0.0.1:${t.config.port}/docs`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).not.toContain(contractServer);
    expect(html).toBe('<div>https://publishing.example.test/api/v1</div><script>const state = {"servers":[{"url":"https://publishing.example.test/api/v1"}]};</script>');
  });

  it('answers /favicon.ico with 204, not 404', async () => {
    const response = await fetch(`http://127.0.0.1:${t.config.port}/favicon.ico`);
    expect(response.status).toBe(204);
    expect(response.headers.get('cache-control')).toMatch(/max-age=\d+/);
  });
});
