/**
 * The HTTP server around the app, with the limits that protect it from slow and broken clients:
 *
 * - `headersTimeout`: a client has this long to send its request headers (a slow-headers attack
 *   holds a connection open sending one header byte at a time);
 * - `requestTimeout`: and this long to send the whole request, body included, sized for an image
 *   of 10 MiB over a slow line; a client that stalls mid-body is cut off then;
 * - Node's own refusals, which it makes before the app sees a request (bad framing: 400; headers
 *   over 16 KiB: 431; a request not received in time: 408), are answered as problem details too,
 *   where the connection can still carry an answer;
 * - what Node would refuse with an empty answer is refused here with a problem: an HTTP/1.1 request
 *   without `Host` (400, RFC 9112 section 3.2) and an `Expect` other than `100-continue` (417, RFC
 *   9110 section 10.1.1);
 * - a request target in absolute form (`GET http://host/api/v1/pages`), which a server must accept
 *   (RFC 9112 section 3.2.2), is served as its path and query.
 */
import http from 'node:http';
import type { Socket } from 'node:net';
import { PROBLEM_BASE } from './problem.ts';
import { heavyTurns } from './heavy-turns.ts';

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

/** Writes a problem on a response the app has not seen. */
function answerProblem(res: http.ServerResponse, status: number, kind: string, title: string, detail: string): void {
  const body = JSON.stringify({ type: PROBLEM_BASE + kind, title, status, detail });
  res.writeHead(status, { 'Content-Type': 'application/problem+json', 'Content-Length': Buffer.byteLength(body), 'X-Content-Type-Options': 'nosniff' });
  res.end(body);
}

/** The request as the app should see it, or false when it has been answered here. */
function admitTarget(req: http.IncomingMessage, res: http.ServerResponse): boolean {
  if (req.httpVersion === '1.1' && req.headers.host === undefined) {
    answerProblem(res, 400, 'malformed-request', 'Malformed request', 'An HTTP/1.1 request must carry a Host header (RFC 9112, section 3.2).');
    return false;
  }
  const target = req.url ?? '/';
  if (/^https?:\/\//i.test(target)) {
    try {
      const url = new URL(target);
      req.url = `${url.pathname}${url.search}`;
      // The target's authority replaces Host (RFC 9112, section 3.2.2).
      req.headers.host = url.host;
    } catch {
      answerProblem(res, 400, 'malformed-request', 'Malformed request', 'The request target is not a valid absolute URL.');
      return false;
    }
  }
  return true;
}

export function createHttpServer(app: http.RequestListener, limits: ServerLimits): http.Server {
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
      // Checked in admitTarget, which answers with a problem instead of Node's empty 400.
      requireHostHeader: false,
    },
    (req, res) => {
      if (admitTarget(req, res)) app(req, res);
    },
  );
  server.on('clientError', answerClientError);
  // Heavy work yields to accepting connections (http/heavy-turns.ts).
  heavyTurns.watch(server);
  // Without a listener Node answers an unknown expectation with an empty 417.
  server.on('checkExpectation', (_req, res: http.ServerResponse) =>
    answerProblem(res, 417, 'expectation-failed', 'Expectation failed', 'The only expectation this server meets is Expect: 100-continue.'),
  );
  return server;
}
