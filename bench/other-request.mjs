// Sends the other workspace's one request from a process of its own, as the /healthz probe does
// (bench/health-probe.mjs): timed in the load generator's process, it waited for that process's event
// loop too, busy encoding and writing hundreds of megabytes (under the 80 uploads, a connection made
// about 1.3 s late while the server accepted every probe within milliseconds). It starts, warms up
// fetch (its first use loads and compiles the HTTP client), prints `ready`, sends
// the request when a line comes on stdin, and prints one JSON line: the status and the milliseconds
// from sending to the whole answer.
// Usage: node bench/other-request.mjs '<{"url","method","headers","body"?,"image"?}>'
// (`image`: a file's bytes in base64, sent as the multipart part `file`).
import { once } from 'node:events';

const spec = JSON.parse(process.argv[2]);
let body = spec.body;
if (spec.image !== undefined) {
  body = new FormData();
  body.append('file', new Blob([Buffer.from(spec.image, 'base64')], { type: 'image/png' }), 'image.png');
}
// fetch loads and compiles its HTTP client on first use (tens of milliseconds, far more on a starved
// CPU): done here, on the server's /healthz, before the measured request.
await (await fetch(new URL('/healthz', spec.url))).arrayBuffer();
process.stdout.write('ready\n');
await once(process.stdin, 'data');
const started = performance.now();
const response = await fetch(spec.url, { method: spec.method, headers: spec.headers, ...(body === undefined ? {} : { body }), signal: AbortSignal.timeout(180_000) });
await response.arrayBuffer();
process.stdout.write(`${JSON.stringify({ status: response.status, ms: Math.round(performance.now() - started) })}\n`);
process.exit(0);
