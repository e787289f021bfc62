/**
 * One request on the wire and its whole answer, through node:http with keep-alive connections.
 *
 * The suite sent through Node's fetch before. Per request fetch built web streams, an AbortSignal, a
 * Request clone and a Response, about a third of the suite's CPU in a default run; this sends the same
 * request for much less. What fetch did on its own is done here on purpose, the same way:
 * - the headers fetch added are added when the request does not set them (Accept, Accept-Language,
 *   Sec-Fetch-Mode, User-Agent, Accept-Encoding: gzip, deflate), so a target sees the request it saw;
 *   node:http sets Host and Connection: keep-alive, and Content-Length is the body's (0 for a POST or PUT
 *   without one, none for another method without one, as fetch sent them);
 * - an answer in gzip or deflate (asked for, so a target behind a compressing proxy sends one) is
 *   decoded as fetch decoded it (content-decoding.ts); its headers are kept as they came;
 * - the answer's headers are listed as fetch's Headers listed them: names in lowercase, a repeated field's
 *   values joined with ", " (Set-Cookie apart), sorted by name;
 * - redirects are not followed; the body is kept byte for byte;
 * - a refused, reset or timed-out request is an error saying which (the code of the connection error),
 *   and a header value node:http cannot send is refused as fetch refused it: an error, nothing sent.
 * The light requests of stays_responsive (probe-thread.ts) and the preflight still use fetch: one
 * request each, or a thread of its own.
 */
import http from 'node:http';
import https from 'node:https';
import type { Socket } from 'node:net';
import { decodedBody } from './content-decoding.ts';

export interface WireRequest {
  method: string;
  url: string;
  /** Names in lowercase, each once. */
  headers: [string, string][];
  body?: Buffer;
}

export interface WireResponse {
  status: number;
  statusText: string;
  headers: [string, string][];
  /** Decoded from its Content-Encoding where the suite asked for that encoding. */
  body: Buffer;
}

/** The request failed: before an answer came (`request`), or while its body was read (`body`). */
export class SendError extends Error {
  constructor(
    message: string,
    readonly stage: 'request' | 'body',
  ) {
    super(message);
  }
}

export const TIMEOUT_MESSAGE = 'no response within the request timeout';

/** What fetch sent when the request did not say. */
const DEFAULT_HEADERS: [string, string][] = [
  ['accept', '*/*'],
  ['accept-language', '*'],
  ['sec-fetch-mode', 'cors'],
  ['user-agent', 'node'],
  ['accept-encoding', 'gzip, deflate'],
];

/** The methods undici sends `Content-Length: 0` for without a body, and keeps the connection after a body. */
const EXPECTS_PAYLOAD = new Set(['PUT', 'POST', 'PATCH', 'QUERY', 'PROPFIND', 'PROPPATCH']);

// A connection the target has closed while idle must not be reused: with `timeout` set, Node honours
// the target's `Keep-Alive: timeout=n` hint (closing its end a second before the target does), and
// otherwise closes an idle connection after 4 s, as undici did.
const AGENT_OPTIONS = { keepAlive: true, timeout: 4000 };
const agents = { http: new http.Agent(AGENT_OPTIONS), https: new https.Agent(AGENT_OPTIONS) };

function outgoingHeaders(request: WireRequest, url: URL): Record<string, string> {
  const headers: Record<string, string> = Object.create(null);
  headers.host = url.host;
  // undici closed the connection after a HEAD, in case a wrong server sends a body with its answer
  // (which would otherwise be read as the answer to the connection's next request).
  if (request.method === 'HEAD') headers.connection = 'close';
  for (const [name, value] of request.headers) headers[name] = value;
  for (const [name, value] of DEFAULT_HEADERS) if (!(name in headers)) headers[name] = value;
  const length = request.body?.length ?? 0;
  // A request that asks for `Transfer-Encoding: chunked` is sent so, without a Content-Length (chunked()).
  if ((length > 0 || EXPECTS_PAYLOAD.has(request.method)) && !chunked(headers)) headers['content-length'] = String(length);
  return headers;
}

/**
 * Whether the request's own fields ask for its body in chunks (`Transfer-Encoding: chunked`, as a
 * streamed upload is sent): then it goes without a Content-Length, in two chunks where it has two bytes
 * or more, as HTTP/1.1 frames a body whose length is not known in advance (RFC 9112 section 7.1).
 */
const chunked = (headers: Record<string, string>) => /(^|,)\s*chunked\s*$/i.test(headers['transfer-encoding'] ?? '');

/** The answer's fields as fetch's Headers listed them. */
export function fetchStyleHeaders(raw: string[]): [string, string][] {
  const combined = new Map<string, string>();
  const cookies: string[] = [];
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    const value = raw[i + 1]!;
    if (name === 'set-cookie') cookies.push(value);
    const earlier = combined.get(name);
    combined.set(name, earlier === undefined ? value : `${earlier}, ${value}`);
  }
  const names = [...combined.keys()].sort();
  const list: [string, string][] = [];
  for (const name of names) {
    if (name === 'set-cookie') for (const cookie of cookies) list.push([name, cookie]);
    else list.push([name, combined.get(name)!]);
  }
  return list;
}

/** A connection error in words, with its code: a reset before the answer or during it, or another failure. */
function describeFailure(error: NodeJS.ErrnoException, stage: SendError['stage']): string {
  if (error.code === 'ECONNRESET' || error.code === 'EPIPE') {
    return stage === 'request' ? `the connection closed without an answer (${error.code})` : `the connection closed before the whole answer came (${error.code})`;
  }
  return error.code && !error.message.includes(error.code) ? `${error.message} (${error.code})` : error.message;
}

export function send(request: WireRequest, timeoutMs: number): Promise<WireResponse> {
  return new Promise((resolve, reject) => {
    let settled = false;
    let stage: SendError['stage'] = 'request';
    let socket: Socket | undefined;
    const fail = (message: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outgoing?.destroy();
      reject(new SendError(message, stage));
    };
    const timer = setTimeout(() => fail(TIMEOUT_MESSAGE), timeoutMs);
    let outgoing: http.ClientRequest | undefined;
    const url = new URL(request.url);
    const headers = outgoingHeaders(request, url);
    try {
      const secure = url.protocol === 'https:';
      outgoing = (secure ? https : http).request(url, { method: request.method, headers, agent: secure ? agents.https : agents.http });
    } catch (error) {
      // A header value node:http will not send (a control character): nothing went out.
      return fail(describeFailure(error as NodeJS.ErrnoException, stage));
    }
    // Without Content-Length, the request has no body (node:http would add `Content-Length: 0` for a
    // DELETE or a method of the suite's own, which fetch did not send).
    if (!('content-length' in headers) && !chunked(headers)) {
      outgoing.removeHeader('content-length');
      outgoing.removeHeader('transfer-encoding');
    }
    // undici closed the connection after a body sent with a method that takes none (DELETE, OPTIONS):
    // the target may have left it unread, and it would be read as the next request.
    const closeAfter = request.body !== undefined && request.body.length > 0 && !EXPECTS_PAYLOAD.has(request.method);
    outgoing.on('socket', (assigned) => (socket = assigned));
    outgoing.on('error', (error: NodeJS.ErrnoException) => fail(describeFailure(error, stage)));
    outgoing.on('response', (response) => {
      stage = 'body';
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', (error: NodeJS.ErrnoException) => fail(describeFailure(error, stage)));
      response.on('end', () => {
        if (closeAfter) socket?.destroy();
        if (settled) return;
        // The answer broke off before its declared end (Node marks it incomplete rather than failing).
        if (!response.complete) return fail(describeFailure(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }), stage));
        const status = response.statusCode ?? 0;
        const fields = fetchStyleHeaders(response.rawHeaders);
        let body: Buffer;
        try {
          body = decodedBody(request.method, status, fields.find(([name]) => name === 'content-encoding')?.[1], Buffer.concat(chunks));
        } catch (error) {
          return fail(`the body does not decode under its Content-Encoding: ${describeFailure(error as NodeJS.ErrnoException, stage)}`);
        }
        settled = true;
        clearTimeout(timer);
        resolve({ status, statusText: response.statusMessage ?? '', headers: fields, body });
      });
    });
    if (chunked(headers) && request.body !== undefined && request.body.length > 1) {
      const half = Math.floor(request.body.length / 2);
      outgoing.write(request.body.subarray(0, half));
      outgoing.end(request.body.subarray(half));
    } else outgoing.end(request.body);
  });
}
