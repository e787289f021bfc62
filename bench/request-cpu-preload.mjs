/**
 * Loaded into the server by bench/first-requests.ts (`--import`): it measures the CPU time the
 * process uses for each request, and the wall time it takes, from the request's arrival until every
 * listener of its 'finish' has run (the request log's line included), and answers `GET /__request-cpu`
 * itself, before the application sees it, with the figures of the last request finished before it, in
 * milliseconds. The wall time seen here is the server's alone: what the client spends making the
 * request and reading the answer is not in it. On a
 * shared machine a request's wall time moves with the load; its CPU time much less, so the first
 * request of an operation can be compared with later ones even there. It is the whole process's CPU
 * (process.cpuUsage: the garbage collector's helper threads included), which, on a server that
 * handles one request at a time, is that request's.
 */
import http from 'node:http';

const PATH = '/__request-cpu';
let last;

const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function emitMeasured(event, req, res) {
  if (event !== 'request') return emit.apply(this, arguments);
  if (req.url === PATH) {
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(last ?? {}));
    return true;
  }
  const started = process.cpuUsage();
  const arrived = performance.now();
  res.once('finish', () =>
    setImmediate(() => {
      const used = process.cpuUsage(started);
      last = { cpuMs: (used.user + used.system) / 1000, wallMs: performance.now() - arrived };
    }),
  );
  return emit.apply(this, arguments);
};
