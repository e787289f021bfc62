/**
 * `npm run bench:mock`: how long `npm run mock:stateful` takes from the command to a mock a browser
 * can use, full of demo content. Each run starts the command as a developer does (npm, tsx, a fresh
 * process), waits for the line with the base URL, then sends a browser's CORS preflight and a first
 * request from another origin; then Ctrl-C, and checks that the temporary directory is gone. Prints
 * each run and the median; the target is under 10 s (README: For front-end developers).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

const RUNS = Number(process.argv[2] ?? 3);
const TARGET_MS = 10_000;

async function once(): Promise<{ readyMs: number; firstAnswerMs: number }> {
  const started = performance.now();
  // PORT=0: the mock takes a free port and prints its URL, read below.
  const child = spawn('npm', ['run', '-s', 'mock:stateful'], { env: { ...process.env, PORT: '0', LOG_LEVEL: 'warn' }, stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no base URL within 60 s:\n${output}`)), 60_000);
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const found = /Publishing API mock +(\S+)/.exec(output);
      if (found) {
        clearTimeout(timer);
        resolve(found[1]!);
      }
    });
    child.once('exit', (code) => reject(new Error(`exited ${code}:\n${output}`)));
  });
  const readyMs = performance.now() - started;
  const token = /token (\S+)/.exec(output)![1]!;
  const origin = 'http://app.localhost:5173';
  const preflight = await fetch(`${baseUrl}/pages/1/posts`, { method: 'OPTIONS', headers: { Origin: origin, 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'authorization,prefer' } });
  const answer = await fetch(`${baseUrl}/pages/1/posts`, { headers: { Origin: origin, Authorization: `Bearer ${token}` } });
  const body = (await answer.json()) as { total: number };
  const firstAnswerMs = performance.now() - started;
  if (preflight.status !== 204 || answer.headers.get('access-control-allow-origin') !== '*' || body.total < 10) {
    throw new Error(`not browser-ready: preflight ${preflight.status}, ACAO ${answer.headers.get('access-control-allow-origin')}, ${body.total} posts`);
  }
  const dataDir = /images in (\S+) /.exec(output)?.[1];
  if (!dataDir) throw new Error(`the mock did not say where its data is:\n${output}`);
  child.kill('SIGINT');
  await new Promise((resolve) => child.once('exit', resolve));
  if (existsSync(dataDir)) throw new Error(`${dataDir} was left behind`);
  return { readyMs, firstAnswerMs };
}

const results = [];
for (let run = 1; run <= RUNS; run += 1) {
  const result = await once();
  results.push(result);
  process.stdout.write(`run ${run}: base URL printed after ${(result.readyMs / 1000).toFixed(2)} s, first browser answer (preflight + demo posts) after ${(result.firstAnswerMs / 1000).toFixed(2)} s\n`);
}
const median = results.map((r) => r.firstAnswerMs).sort((a, b) => a - b)[Math.floor(results.length / 2)]!;
process.stdout.write(`median ${(median / 1000).toFixed(2)} s to a browser-ready mock full of data: target under ${TARGET_MS / 1000} s ${median < TARGET_MS ? 'met' : 'MISSED'}\n`);
