// Probes `/healthz` from a process of its own, as a load balancer's health check does: each probe on a
// new connection, one every `interval` ms after the last answer. The load generator's own event loop
// (encoding and writing hundreds of megabytes) would otherwise delay the probe it times. On SIGTERM it
// prints one JSON line: every probe's start (ms since it started) and duration, and the failures.
// Usage: node bench/health-probe.mjs <url> <interval-ms>
import http from 'node:http';

const [url, interval = '50'] = process.argv.slice(2);
const agent = new http.Agent({ keepAlive: false });
const probes = [];
let failures = 0;
let stopping = false;
process.on('SIGTERM', () => (stopping = true));
const t0 = performance.now();
process.stdout.write('probing\n');
while (!stopping) {
  const started = performance.now();
  const ok = await new Promise((resolve) => {
    const request = http.get(url, { agent, timeout: 60_000 }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode === 200));
    });
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', () => resolve(false));
  });
  probes.push([Math.round(started - t0), Math.round(performance.now() - started)]);
  if (!ok) failures++;
  await new Promise((resolve) => setTimeout(resolve, Number(interval)));
}
process.stdout.write(`${JSON.stringify({ probes, failures })}\n`);
