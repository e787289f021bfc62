/**
 * A fault-injecting HTTP proxy: it forwards every request to an upstream server (the Prism mock or the
 * reference server) and lets one fault rewrite the request on the way in or the response on the way out.
 * Put in front of a correct target, it makes a deliberately broken one, so a test can show the suite
 * catches the fault.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadContract, type ContractDocument, type OperationInfo } from '../../contract/document.ts';

export interface ProxiedRequest {
  method: string;
  /** Path and query string, relative to the upstream's base URL (`/pages/12?size=5`). */
  path: string;
  headers: Record<string, string>;
  body: Buffer;
}

export interface ProxiedResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

export interface FaultContext {
  /** The contract operation the request is for, if any. */
  operation: OperationInfo | undefined;
  contract: ContractDocument;
  tokens: { valid: string; other?: string };
  /** The request as the client sent it (before any rewriting). */
  original: ProxiedRequest;
  /** Sends a request to the upstream directly, for faults that need a second look. */
  forward(request: ProxiedRequest): Promise<ProxiedResponse>;
}

export interface Fault {
  name: string;
  /** The bug it simulates, in words. */
  description: string;
  /** Named checks of the suite, any of which catching the fault is enough. */
  caughtBy: string[];
  /** The contract rules (ids of its `x-rules`) the fault breaks: the run's rule coverage must show each failed. */
  breaks: string[];
  /** Operations a run must include to meet the fault (keeps each run short). */
  operations: string[];
  /** `mock`: shows in front of the stateless Prism mock; `live`: needs a server that keeps state. */
  upstream: 'mock' | 'live';
  rewriteRequest?(request: ProxiedRequest, context: FaultContext): ProxiedRequest | Promise<ProxiedRequest>;
  rewriteResponse?(response: ProxiedResponse, context: FaultContext): ProxiedResponse | Promise<ProxiedResponse>;
}

export interface RunningProxy {
  /** The proxy's URL with the upstream's base path, ready for --base-url. */
  baseUrl: string;
  stop(): Promise<void>;
}

export interface ProxyOptions {
  /** The upstream's base URL: `http://127.0.0.1:4010` (Prism) or `http://localhost:3000/api/v1`. */
  upstream: string;
  fault?: Fault;
  tokens: { valid: string; other?: string };
  contract?: ContractDocument;
}

/** Hop-by-hop headers, and those the body's re-encoding invalidates. */
const DROPPED_HEADERS = new Set(['host', 'connection', 'keep-alive', 'transfer-encoding', 'content-length', 'content-encoding']);

function cleanHeaders(headers: Record<string, string | string[] | undefined> | Headers): Record<string, string> {
  const entries = headers instanceof Headers ? [...headers.entries()] : Object.entries(headers);
  const result: Record<string, string> = {};
  for (const [name, value] of entries) {
    if (value === undefined || DROPPED_HEADERS.has(name.toLowerCase())) continue;
    result[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return result;
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startFaultProxy(options: ProxyOptions): Promise<RunningProxy> {
  const contract = options.contract ?? loadContract();
  const upstream = new URL(options.upstream);
  const basePath = upstream.pathname.replace(/\/$/, '');

  const forward = async (request: ProxiedRequest): Promise<ProxiedResponse> => {
    const response = await fetch(`${upstream.origin}${basePath}${request.path}`, {
      method: request.method,
      headers: request.headers,
      body: request.method === 'GET' || request.method === 'HEAD' || request.body.length === 0 ? undefined : new Uint8Array(request.body),
      redirect: 'manual',
    });
    const headers = cleanHeaders(response.headers);
    // A HEAD's Content-Length says how long GET's body is. The relay sends bodies decoded: an encoded
    // one's length is not the relayed GET's, and is dropped like the encoding.
    const headLength = request.method === 'HEAD' && !response.headers.has('content-encoding') ? response.headers.get('content-length') : null;
    if (headLength !== null) headers['content-length'] = headLength;
    return { status: response.status, headers, body: Buffer.from(await response.arrayBuffer()) };
  };

  const handle = async (incoming: IncomingMessage, outgoing: ServerResponse) => {
    const url = incoming.url ?? '/';
    const relative = url.startsWith(basePath) ? url.slice(basePath.length) || '/' : url;
    const original: ProxiedRequest = { method: incoming.method ?? 'GET', path: relative, headers: cleanHeaders(incoming.headers), body: await readBody(incoming) };
    const context: FaultContext = {
      operation: contract.match(original.method, relative.split('?')[0] ?? '/'),
      contract,
      tokens: options.tokens,
      original,
      forward,
    };
    const request = options.fault?.rewriteRequest ? await options.fault.rewriteRequest({ ...original, headers: { ...original.headers }, body: Buffer.from(original.body) }, context) : original;
    let response = await forward(request);
    if (options.fault?.rewriteResponse) response = await options.fault.rewriteResponse(response, context);
    // A HEAD's body is empty, but its Content-Length is GET's (RFC 9110 section 8.6): the upstream's, kept
    // by forward, not the length of the nothing relayed.
    const length = request.method === 'HEAD' ? response.headers['content-length'] : String(response.body.length);
    const headers = { ...response.headers };
    delete headers['content-length'];
    outgoing.writeHead(response.status, length === undefined ? headers : { ...headers, 'content-length': length });
    outgoing.end(response.body);
  };

  const server = createServer((incoming, outgoing) => {
    handle(incoming, outgoing).catch((error: Error) => {
      // The proxy's own failure must not pass for the target's: say so plainly.
      outgoing.writeHead(599, { 'content-type': 'text/plain' });
      outgoing.end(`fault proxy error: ${error.message}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}${basePath}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
