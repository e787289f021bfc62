/**
 * A curl line reproduces what the suite sent: run through a shell, it sends the same method, headers,
 * declared length and body bytes (text in any script, bytes that are not UTF-8, NUL, CR LF), and a
 * stalled body's line gets the same answer from the reference server as the suite's request did.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createServer as createTcpServer, type Server as TcpServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../server/tests/harness.ts';
import { toCurl } from '../http/curl.ts';
import type { RecordedRequest } from '../http/exchange.ts';
import { sendStalled } from '../http/stalled-body.ts';
import type { RunReport } from '../report/model.ts';
import { runCli } from './run-cli.ts';

/** Runs a line in /bin/sh, as a user pastes it; resolves with its output. */
function shell(line: string, timeoutMs = 20_000): Promise<string> {
  return new Promise((resolve) => {
    execFile('/bin/sh', ['-c', line], { timeout: timeoutMs, encoding: 'latin1', maxBuffer: 1 << 20 }, (_error, stdout) => resolve(stdout));
  });
}

/** A TCP server that answers 200 and keeps the raw bytes of each request it got. */
let raw: TcpServer;
let rawUrl: string;
const received: Buffer[] = [];

let server: TestServer;
let faulty: TestServer;

beforeAll(async () => {
  raw = createTcpServer((socket) => {
    let bytes = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      bytes = Buffer.concat([bytes, chunk]);
      const end = bytes.indexOf('\r\n\r\n');
      if (end < 0) return;
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(bytes.subarray(0, end).toString('latin1'))?.[1] ?? 0);
      if (bytes.length < end + 4 + length) return;
      received.push(bytes);
      socket.end('HTTP/1.1 200 OK\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
    });
  });
  await new Promise<void>((resolve) => raw.listen(0, '127.0.0.1', resolve));
  rawUrl = `http://127.0.0.1:${(raw.address() as { port: number }).port}`;
  [server, faulty] = await Promise.all([startTestServer({ database: 'file' }), startTestServer({ faults: ['unknown-query-ignored', 'malformed-json-422', 'accept-any-token'], database: 'file' })]);
}, 60_000);

afterAll(async () => {
  await new Promise((resolve) => raw?.close(resolve));
  await Promise.all([server, faulty].map((target) => target?.close()));
});

describe('a curl line', () => {
  const bodies: [string, Buffer][] = [
    ['JSON with letters of other scripts', Buffer.from(JSON.stringify({ name: 'Ärger – 日本 😀', text: "it's \\ \"quoted\"" }), 'utf8')],
    ['bytes that are not UTF-8 inside a JSON string', Buffer.concat([Buffer.from('{"name":"a'), Buffer.from([0xff, 0xfe, 0xc3]), Buffer.from('"}')])],
    ['NUL, CR LF and a backslash', Buffer.from('{"a":"x\u0000y"}\r\n\\0101', 'latin1')],
    ['a gzip header that does not decode', Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03, 0x01, 0x02, 0x03])],
  ];
  for (const [what, body] of bodies) {
    it(`sends the same bytes and declared length: ${what}`, async () => {
      const request: RecordedRequest = {
        method: 'POST',
        url: `${rawUrl}/api/v1/pages?x=1`,
        headers: [
          ['content-type', 'application/json; charset=utf-8'],
          ['x-case', what],
        ],
        body: body.toString('latin1'),
      };
      const before = received.length;
      await shell(toCurl(request));
      expect(received.length).toBe(before + 1);
      const got = received.at(-1)!;
      const end = got.indexOf('\r\n\r\n');
      const head = got.subarray(0, end).toString('latin1');
      expect(head).toMatch(/^POST \/api\/v1\/pages\?x=1 HTTP\/1\.1\r\n/);
      expect(head).toMatch(new RegExp(`\\r\\ncontent-length: ${body.length}(\\r\\n|$)`, 'i'));
      expect(head).not.toMatch(/transfer-encoding/i);
      expect(head).toMatch(/\r\ncontent-type: application\/json; charset=utf-8(\r\n|$)/i);
      expect(got.subarray(end + 4).equals(body), `sent ${JSON.stringify(got.subarray(end + 4).toString('latin1'))}`).toBe(true);
    }, 30_000);
  }

  it('of a body that stalls gets the answer the suite got from the reference server (413 at once), for JSON and for an upload', async () => {
    const cases = [
      { path: '/pages', contentType: 'application/json', head: Buffer.alloc(0), filler: 0x20, declared: 2 * 1024 * 1024 },
      {
        path: '/images/upload',
        contentType: 'multipart/form-data; boundary=b',
        head: Buffer.from('--b\r\nContent-Disposition: form-data; name="file"; filename="large.png"\r\nContent-Type: image/png\r\n\r\n', 'latin1'),
        filler: 0,
        declared: 11 * 1024 * 1024,
      },
    ];
    for (const item of cases) {
      const sent = Buffer.concat([item.head, Buffer.alloc(16 * 1024 - item.head.length, item.filler)]);
      const exchange = await sendStalled({
        url: `${server.baseUrl}${item.path}`,
        method: 'POST',
        headers: { Authorization: `Bearer ${server.token}`, 'Content-Type': item.contentType },
        declared: item.declared,
        sent,
        waitMs: 5000,
      });
      expect(exchange.response?.status, JSON.stringify({ error: exchange.error, closed: exchange.closed })).toBe(413);
      const line = exchange.request.reproduction!;
      expect(line).not.toContain('-T -');
      const output = await shell(line.replace(/ -i /, ' -s -i '));
      expect(output.split('\r\n')[0], line).toMatch(/^HTTP\/1\.1 413 /);
    }
  }, 60_000);
});

describe("the curl lines of a run's failures", () => {
  it('get the answers the suite got, when run against the reference server', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'conformance-curl-'));
    const run = await runCli(['--base-url', faulty.baseUrl, '--report-dir', dir, '--include', 'listPages,createPage', '--phases', 'scenarios,negative', '--reporter', 'json', '--seed', '3'], {
      CONFORMANCE_TOKEN: faulty.token,
    });
    expect(run.exitCode, run.stdout + run.stderr).toBe(1);
    const report = JSON.parse(readFileSync(path.join(dir, 'report.json'), 'utf8')) as RunReport;
    // Lines whose answer does not depend on what the run changed: a refused write, or any read.
    const lines = new Map<string, number>();
    for (const failure of report.failures) {
      const { curl, response } = failure.evidence ?? {};
      if (!curl || !response || curl.includes('# body shortened')) continue;
      if (!/-X GET /.test(curl) && response.status < 400) continue;
      lines.set(curl, response.status);
    }
    const sample = [...lines].slice(0, 12);
    expect(sample.length).toBeGreaterThanOrEqual(3);
    for (const [line, status] of sample) {
      const output = await shell(line.replaceAll('<token>', faulty.token).replace(/ curl -i /, ' curl -s -i ').replace(/^curl -i /, 'curl -s -i '));
      expect(output.split('\r\n')[0], line).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
    }
  }, 240_000);
});
