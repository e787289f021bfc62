/**
 * `npm run bench:floor`: what a request costs before the server does anything of its own. The same
 * page of ten emails that the benchmark's listEmails answers (about 2.8 KB of JSON) is served as a
 * fixed buffer by a bare `node:http` server and by Express 5 with one route, each in a process of
 * its own, under the benchmark's closed-loop load (32 connections, 2 s of warm-up, then
 * BENCH_SECONDS, 10 s by default). It prints requests a second and CPU time per request.
 *
 * The difference between the two is Express's own price, which the design card's stack pays on every
 * request; bench/README.md uses these figures to say what the throughput target would take.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { runLoad } from './load.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);

/** A page as listEmails answers it: ten emails of a newsletter, newest first. */
function listPage(): string {
  const at = (i: number) => new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString();
  const result = Array.from({ length: 10 }, (_, n) => {
    const i = 25 - n;
    return {
      id: i, newsletter_id: 1, subject: `Issue ${i}`, content_md: null, content_html: `<h1>Issue ${i}</h1><p>Hello, reader.</p>`,
      status: 'draft', scheduled_at: null, sent_at: null, recipient_count: 0, created_at: at(i), updated_at: at(i),
    };
  });
  return JSON.stringify({ page: 1, size: 10, total: 25, result });
}

const SERVERS = {
  'node:http': `require('node:http').createServer((req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': body.length }).end(body);
  }).listen(0, '127.0.0.1', function () { console.log(this.address().port); });`,
  'Express 5': `const app = require('express')();
  app.get('/', (req, res) => res.type('application/json').send(body));
  const server = app.listen(0, '127.0.0.1', () => console.log(server.address().port));`,
};

async function start(source: string): Promise<{ child: ChildProcess; port: number }> {
  const program = `const body = Buffer.from(${JSON.stringify(listPage())});\n${source}`;
  const child = spawn(process.execPath, ['-e', program], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.once('data', (chunk) => resolve(Number(String(chunk).trim())));
    child.once('exit', (code) => reject(new Error(`the server exited with code ${code}`)));
  });
  return { child, port };
}

console.log(`A fixed listEmails page (${listPage().length} bytes), closed loop, 32 connections, ${seconds} s after 2 s of warm-up`);
console.log('server        req/s   CPU ms/req');
for (const [name, source] of Object.entries(SERVERS)) {
  const { child, port } = await start(source);
  try {
    const result = await runLoad({ baseUrl: `http://127.0.0.1:${port}`, request: { method: 'GET', path: '/' }, pid: child.pid!, connections: 32, seconds, warmupSeconds: 2 });
    console.log(`${name.padEnd(10)} ${Math.round(result.requestsPerSecond).toLocaleString('en').padStart(8)}   ${result.cpuMsPerRequest.toFixed(3).padStart(10)}`);
  } finally {
    child.kill();
  }
}
