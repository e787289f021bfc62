/**
 * Loaded into a server process by server/tests/warm-up-under-load.test.ts (`--import`), never by
 * `npm start`: it writes to stderr, in the order the server's event loop saw them, each connection the
 * server's own listener accepts (`trace accept`), each answer it completes (`trace answered <name>`,
 * the name the request's `X-Trace` header gives, or its path)
 * and each request of the warm-up's loopback listeners completed (`trace warm-up`), so a test can
 * tell how much of the warm-up ran between two of the server's events. Writes to a pipe are
 * synchronous on Linux, so the lines keep that order.
 */
import http from 'node:http';

const port = Number(process.env.PORT);
const emit = http.Server.prototype.emit;

http.Server.prototype.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]): boolean {
  const address = this.address();
  const own = typeof address === 'object' && address !== null && address.port === port;
  if (event === 'connection' && own) process.stderr.write('trace accept\n');
  if (event === 'request') {
    const [req, res] = args as [http.IncomingMessage, http.ServerResponse];
    const name = req.headers['x-trace'] ?? (req.url ?? '').split('?')[0];
    res.once('finish', () => process.stderr.write(own ? `trace answered ${String(name)}\n` : 'trace warm-up\n'));
  }
  return (emit as (this: http.Server, ...all: unknown[]) => boolean).call(this, event, ...args);
} as typeof http.Server.prototype.emit;
