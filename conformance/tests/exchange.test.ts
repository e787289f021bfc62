/**
 * What `exchange()` sends and records, now that it goes through node:http (http/send.ts) instead of
 * fetch: the request a target sees is the one fetch sent (its default headers, Content-Length, a HEAD
 * closing its connection), and the answer recorded is the one fetch gave (decoded from gzip, deflate or
 * br, headers listed as fetch's Headers list them, byte-exact bodies, redirects not followed), with an
 * error that says what happened when no answer came.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exchange } from '../http/exchange.ts';

interface Seen {
  method: string;
  headers: Record<string, string>;
  body: Buffer;
}

const seen: Seen[] = [];
const connections = { count: 0 };
let server: Server;
let base: string;

const JSON_TEXT = JSON.stringify({ name: 'Blog é', n: 1 });
const ANSWERS: Record<string, (request: IncomingMessage, response: ServerResponse) => void> = {
  '/echo': (_, response) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON_TEXT),
  '/gzip': (_, response) => response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' }).end(zlib.gzipSync(JSON_TEXT)),
  '/deflate': (_, response) => response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'deflate' }).end(zlib.deflateSync(JSON_TEXT)),
  '/raw-deflate': (_, response) => response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'deflate' }).end(zlib.deflateRawSync(JSON_TEXT)),
  '/gzip-then-br': (_, response) => response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip, br' }).end(zlib.brotliCompressSync(zlib.gzipSync(JSON_TEXT))),
  '/unknown-coding': (_, response) => response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'x-custom' }).end(JSON_TEXT),
  '/not-gzip': (_, response) => response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' }).end(JSON_TEXT),
  '/repeated': (_, response) => {
    response.setHeader('set-cookie', ['a=1', 'b=2']);
    response.setHeader('x-list', ['1', '2']);
    response.setHeader('content-type', ['application/json', 'text/plain']);
    response.writeHead(200).end('{}');
  },
  '/redirect': (_, response) => response.writeHead(302, { location: '/echo' }).end('moved'),
  '/binary': (_, response) => response.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.from([0x89, 0x50, 0xff, 0xfe, 0x00, 0xc3])),
  '/reset': (request) => request.socket.destroy(),
  '/cut-short': (request, response) => {
    response.writeHead(200, { 'content-length': '100' }).write('{"a":');
    setTimeout(() => request.socket.destroy(), 20);
  },
  '/slow': (_, response) => void setTimeout(() => response.end('late'), 1500),
};

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      seen.push({ method: request.method ?? '', headers: request.headers as Record<string, string>, body: Buffer.concat(chunks) });
      (ANSWERS[new URL(request.url ?? '/', 'http://x').pathname] ?? ANSWERS['/echo']!)(request, response);
    });
  });
  server.on('connection', () => connections.count++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

const send = (request: Request | Parameters<typeof exchange>[0], timeoutMs = 5000) => exchange(request, { timeoutMs });

describe('the request a target sees', () => {
  it("carries fetch's default headers where the request sets none, and the request's own where it does", async () => {
    await send(new Request(`${base}/echo`, { headers: { Authorization: 'Bearer t' } }));
    expect(seen.at(-1)!.headers).toMatchObject({ authorization: 'Bearer t', accept: '*/*', 'accept-encoding': 'gzip, deflate', 'user-agent': 'node', host: base.slice('http://'.length) });
    await send({ method: 'GET', url: `${base}/echo`, headers: new Headers({ Accept: 'application/json', 'Accept-Encoding': 'identity' }) });
    expect(seen.at(-1)!.headers).toMatchObject({ accept: 'application/json', 'accept-encoding': 'identity' });
  });

  it('has a Content-Length where fetch sent one, and a text body without a type is text/plain', async () => {
    const lengthOf = async (method: string, body?: string) => {
      await send({ method, url: `${base}/echo`, headers: new Headers(), body });
      return seen.at(-1)!.headers['content-length'];
    };
    expect(await lengthOf('POST', '{"a":"é"}')).toBe('10');
    expect(seen.at(-1)!.headers['content-type']).toBe('text/plain;charset=UTF-8');
    expect(await lengthOf('POST')).toBe('0');
    expect(await lengthOf('PATCH')).toBe('0');
    expect(await lengthOf('DELETE')).toBeUndefined();
    expect(await lengthOf('GET')).toBeUndefined();
  });

  it('sends a body in chunks without a Content-Length when the request asks for Transfer-Encoding: chunked', async () => {
    await send({ method: 'POST', url: `${base}/echo`, headers: new Headers({ 'Transfer-Encoding': 'chunked', 'Content-Type': 'application/json' }), body: JSON_TEXT });
    expect(seen.at(-1)!.headers['transfer-encoding']).toBe('chunked');
    expect(seen.at(-1)!.headers['content-length']).toBeUndefined();
    expect(seen.at(-1)!.body.toString('utf8')).toBe(JSON_TEXT);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' }), 'a.png');
    await send({ method: 'POST', url: `${base}/echo`, headers: new Headers({ 'Transfer-Encoding': 'chunked' }), body: form });
    expect(seen.at(-1)!.headers).toMatchObject({ 'transfer-encoding': 'chunked' });
    expect(seen.at(-1)!.headers['content-length']).toBeUndefined();
    expect(seen.at(-1)!.body.toString('latin1')).toContain('filename="a.png"');
  });

  it('sends bytes exactly, a form as multipart, and refuses a GET with a body or a URL with credentials as Request did', async () => {
    await send({ method: 'PUT', url: `${base}/echo`, headers: new Headers(), body: Buffer.from([0, 0xff, 0xc3, 0x28]) });
    expect([...seen.at(-1)!.body]).toEqual([0, 0xff, 0xc3, 0x28]);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' }), 'a.png');
    const { exchange: sent } = await send(new Request(`${base}/echo`, { method: 'POST', body: form }));
    expect(seen.at(-1)!.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(sent.request.body).toContain('filename="a.png"');
    await expect(send({ method: 'GET', url: `${base}/echo`, headers: new Headers(), body: 'x' })).rejects.toThrow(TypeError);
    await expect(send({ method: 'GET', url: base.replace('://', '://user:secret@'), headers: new Headers() })).rejects.toThrow(TypeError);
  });

  it('reuses connections, but not after a HEAD (a wrong server may send a body with its answer)', async () => {
    await send(new Request(`${base}/echo`));
    const before = connections.count;
    await send(new Request(`${base}/echo`));
    await send(new Request(`${base}/echo`, { method: 'HEAD' }));
    expect(seen.at(-1)!.headers.connection).toBe('close');
    expect(connections.count).toBe(before);
    await send(new Request(`${base}/echo`));
    expect(connections.count).toBe(before + 1);
  });
});

describe('the answer recorded', () => {
  it.each(['/gzip', '/deflate', '/raw-deflate', '/gzip-then-br'])('is decoded from its Content-Encoding (%s), its headers kept', async (path) => {
    const { exchange: got, response } = await send(new Request(`${base}${path}`));
    expect(got.response?.body).toBe(JSON_TEXT);
    expect(got.response?.headers.find(([name]) => name === 'content-encoding')).toBeDefined();
    expect(await response!.json()).toEqual(JSON.parse(JSON_TEXT));
  });

  it('is kept as it came under a coding the suite does not know, and is an error when it does not decode', async () => {
    expect((await send(new Request(`${base}/unknown-coding`))).exchange.response?.body).toBe(JSON_TEXT);
    expect((await send(new Request(`${base}/not-gzip`))).exchange.error).toMatch(/^the response body could not be read: .*Z_DATA_ERROR/);
  });

  it("lists headers as fetch's Headers does: lowercase, repeated values joined, Set-Cookie apart, sorted", async () => {
    const { exchange: got } = await send(new Request(`${base}/repeated`));
    const headers = got.response!.headers.filter(([name]) => !['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'].includes(name));
    expect(headers).toEqual([
      ['content-type', 'application/json, text/plain'],
      ['set-cookie', 'a=1'],
      ['set-cookie', 'b=2'],
      ['x-list', '1, 2'],
    ]);
  });

  it('does not follow a redirect, and keeps a body byte for byte', async () => {
    const redirect = await send(new Request(`${base}/redirect`));
    expect(redirect.exchange.response?.status).toBe(302);
    expect(redirect.exchange.response?.body).toBe('moved');
    const binary = await send(new Request(`${base}/binary`));
    expect(binary.exchange.response?.utf8).toBe(false);
    expect([...new Uint8Array(await binary.response!.arrayBuffer())]).toEqual([0x89, 0x50, 0xff, 0xfe, 0x00, 0xc3]);
  });
});

describe('no answer', () => {
  it('says the connection was refused, reset, or cut short, with its code', async () => {
    const port = await new Promise<number>((resolve) => {
      const closed = createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = closed.address() as AddressInfo;
        closed.close(() => resolve(free));
      });
    });
    expect((await send(new Request(`http://127.0.0.1:${port}/`))).exchange.error).toMatch(/ECONNREFUSED/);
    expect((await send(new Request(`${base}/reset`))).exchange.error).toBe('the connection closed without an answer (ECONNRESET)');
    expect((await send(new Request(`${base}/cut-short`))).exchange.error).toBe('the response body could not be read: the connection closed before the whole answer came (ECONNRESET)');
  });

  it('is a timeout after the request timeout', async () => {
    const { exchange: got, response } = await send(new Request(`${base}/slow`), 300);
    expect(got.error).toBe('no response within the request timeout');
    expect(response).toBeUndefined();
  });
});
