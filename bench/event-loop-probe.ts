/**
 * Loaded into the server process by the benchmark (`node --import tsx --import bench/event-loop-probe.ts
 * server/main.ts`), never by `npm start`: it samples the event loop's delay with
 * perf_hooks.monitorEventLoopDelay and answers what it saw on a port of its own, printed to stderr as
 * `event-loop probe on port <n>`. `GET /` answers the delays since the last `GET /?reset=1` (in ms):
 * the server's own code is untouched, and the probe shares the event loop it watches.
 */
import { createServer } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';

// 10 ms sampling: a stall is measured to within that, at a negligible cost to the server.
const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();

const probe = createServer((req, res) => {
  // Answered after two of the monitor's ticks: a request that arrived during a stall is read in the
  // same turn of the loop that ends it, before the monitor's timer has recorded the stall.
  setTimeout(() => {
    const ms = (ns: number) => (Number.isFinite(ns) ? ns / 1e6 : 0);
    const body = JSON.stringify({ maxMs: ms(delay.max), p99Ms: ms(delay.percentile(99)), meanMs: ms(delay.mean), samples: delay.count });
    if (new URL(req.url ?? '/', 'http://probe').searchParams.has('reset')) delay.reset();
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(body);
  }, 25);
});
probe.listen(0, '127.0.0.1', () => {
  const address = probe.address();
  process.stderr.write(`event-loop probe on port ${typeof address === 'object' && address ? address.port : '?'}\n`);
});
// The probe must not keep a server that is shutting down alive.
probe.unref();
