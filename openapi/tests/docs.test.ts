/** The Redoc page API reviewers read: built from the contract, complete, and usable offline. */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDocs } from '../../scripts/docs.ts';
import { document, operations } from './document.ts';

let dir: string;
let html: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'docs-'));
  html = await readFile(await buildDocs(path.join(dir, 'index.html')), 'utf8');
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the rendered docs', () => {
  it('load no script or stylesheet from the network', () => {
    expect(html).not.toMatch(/<script[^>]+src=["']https?:/i);
    expect(html).not.toMatch(/<link[^>]+href=["']https?:[^>]+stylesheet/i);
    expect(html.length).toBeGreaterThan(500_000); // the Redoc bundle itself is inlined
  });

  it('fetch nothing from another host: no image, script, style or font from a URL', () => {
    expect(html).not.toMatch(/\bsrc\s*[=:]\s*["'`]https?:/i);
    expect(html).not.toMatch(/url\(\s*["']?https?:/i);
    expect(html).not.toMatch(/@import\s+["']?(url\()?["']?https?:/i);
    expect(html).not.toContain('cdn.redoc.ly');
  });

  it('show the server without Markdown in its description (Redoc prints it as plain text)', () => {
    for (const server of document.servers as Array<{ description?: string }>) expect(server.description ?? '').not.toMatch(/[`*_[\]]/);
  });

  it('include every operation of the contract', () => {
    for (const { operation } of operations()) expect(html).toContain(operation.operationId);
  });

  it('carry the title and the decisions of the introduction', () => {
    expect(html).toContain('<title>Publishing Service API v1</title>');
    expect(html).toContain('problem details');
  });

  it("show the rule catalogue, ids and sentences", () => {
    expect(html).toContain("errors.problem-details");
    expect(html).toContain("email.send-past-time");
  });
});
