/**
 * Loaded into a server process by server tests (`--import`: warm-up-under-load, refused-upload), never
 * by `npm start`: it writes to stderr, in the order the server's event loop saw them, each connection
 * the server's own listener accepts (`trace accept`), each answer it completes (`trace answered
 * <name>`, the name the request's `X-Trace` header gives, or its path), each of its connections closed
 * with the bytes the server read from it (`trace closed <name> <bytes>`, the name of its last request)
 * and each request of the warm-up's loopback listeners completed (`trace warm-up`), so a test can
 * tell how much of the warm-up ran between two of the server's events. Writes to a pipe are
 * synchronous on Linux, so the lines keep that order.
 */
import http from 'node:http';
import type { Socket } from 'node:net';

const port = Number(process.env.PORT);
const emit = http.Server.prototype.emit;
/** Each connection's last request, by its `X-Trace` header or path. */
const names = new WeakMap<Socket, string>();

http.Server.prototype.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]): boolean {
  const address = this.address();
  const own = typeof address === 'object' && address !== null && address.port === port;
  if (event === 'connection' && own) {
    process.stderr.write('trace accept\n');
    const socket = args[0] as Socket;
    socket.once('close', () => process.stderr.write(`trace closed ${names.get(socket) ?? '-'} ${socket.bytesRead}\n`));
  }
  if (event === 'request') {
    const [req, res] = args as [http.IncomingMessage, http.ServerResponse];
    const name = String(req.headers['x-trace'] ?? (req.url ?? '').split('?')[0]);
    res.once('finish', () => process.stderr.write(own ? `trace answered ${name}\n` : 'trace warm-up\n'));
    if (own) names.set(req.socket, name);
  }
  return (emit as (this: http.Server, ...all: unknown[]) => boolean).call(this, event, ...args);
} as typeof http.Server.prototype.emit;
