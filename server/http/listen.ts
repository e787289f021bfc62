/**
 * The HTTP server around the app, with the limits that protect it from slow and broken clients:
 *
 * - `headersTimeout`: a client has this long to send its request headers (a slow-headers attack
 *   holds a connection open sending one header byte at a time);
 * - `requestTimeout`: and this long to send the whole request, body included, sized for an image
 *   of 10 MiB over a slow line; a client that stalls mid-body is cut off then;
 * - Node's own refusals, which it makes before the app sees a request (bad framing: 400; headers
 *   over 16 KiB: 431; a request not received in time: 408), are answered as problem details too,
 *   where the connection can still carry an answer.
 */
import http from 'node:http';
import type { Socket } from 'node:net';
import type { Express } from 'express';
import { PROBLEM_BASE } from './problem.ts';

export interface ServerLimits {
  headersTimeoutMs: number;
  requestTimeoutMs: number;
}

const CLIENT_ERRORS: Record<string, { status: number; reason: string; kind: string; title: string; detail: string }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    reason: 'Request Header Fields Too Large',
    kind: 'headers-too-large',
    title: 'Request headers too large',
    detail: 'The request headers are larger than 16 KiB together.',
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    reason: 'Request Timeout',
    kind: 'request-timeout',
    title: 'Request timeout',
    detail: 'The request was not received completely in time.',
  },
};
const MALFORMED = {
  status: 400,
  reason: 'Bad Request',
  kind: 'malformed-request',
  title: 'Malformed request',
  detail: 'The request is not well-formed HTTP/1.1.',
};

/** Writes Node's refusal of a request as problem details on the bare socket, then closes it. */
function answerClientError(err: NodeJS.ErrnoException, socket: Socket): void {
  // A connection reset or already answered cannot carry another answer.
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (err.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  const refusal = CLIENT_ERRORS[err.code ?? ''] ?? MALFORMED;
  const body = JSON.stringify({ type: PROBLEM_BASE + refusal.kind, title: refusal.title, status: refusal.status, detail: refusal.detail });
  socket.end(
    `HTTP/1.1 ${refusal.status} ${refusal.reason}\r\n` +
      'Content-Type: application/problem+json\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'X-Content-Type-Options: nosniff\r\n' +
      'Connection: close\r\n\r\n' +
      body,
  );
}

/** How long an idle keep-alive connection stays open (announced as `Keep-Alive: timeout=65`). */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

export function createHttpServer(app: Express, limits: ServerLimits): http.Server {
  const server = http.createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      // How often Node looks for requests past those timeouts (default 30 s, far too coarse).
      connectionsCheckingInterval: Math.min(1000, limits.headersTimeoutMs),
      // An idle keep-alive connection is closed by the client first. Node's default of 5 s races
      // with clients that reuse a connection just as it closes (fetch retires its idle ones after
      // the announced timeout less a second or two, later when its event loop is busy): the
      // request then dies with a reset. Idle connections cost a socket each, nothing more.
      keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    },
    app,
  );
  server.on('clientError', answerClientError);
  return server;
}
