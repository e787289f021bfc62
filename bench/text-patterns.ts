/**
 * `npm run bench:patterns`: what the contract's text patterns cost the validator, and what that does
 * to /healthz under many large bodies at once.
 *
 * 1. The two text patterns (one line, several lines) on strings of 500,000 characters (ASCII, CJK,
 *    with lone surrogates and astral characters), as the Unicode RegExp Ajv builds by default and as
 *    the loop over character codes the server gives Ajv (server/http/text-patterns.ts): ms per string,
 *    for a RegExp's first two tests (V8 runs a new regular expression's first executions on a slow
 *    path, and Ajv makes a RegExp object per pattern in each compiled validator) and once warm.
 * 2. The server as `npm start` runs it (compiled, a heap of 128 MB) under 150 concurrent createPost
 *    requests of 1 MiB of JSON (content_html of 340,000 CJK characters), /healthz probed every 50 ms
 *    from a process of its own, each probe on a new connection (bench/health-prober.ts):
 *    the slowest /healthz (target: under 1 s), how the requests were answered, the wall time and the
 *    server's CPU time per stored post (which depends far less on the machine's other work than times do);
 *    before (the RegExp engine, bench/regexp-patterns-preload.ts) and after.
 * 3. The same posts one after another (40; 10 with --quick): the server's CPU per post alone, which
 *    depends least on the machine's other work, and the slowest /healthz meanwhile.
 *
 * `--quick`: 30 requests instead of 150, fewer repetitions. It is a measurement: it exits 0 whatever it
 * measures, non-zero only when it could not measure.
 */
import { readFileSync } from 'node:fs';
import { WARM } from './first-requests.ts';
import { cpuTimeMs, loadAverage } from './proc-stats.ts';
import { probeHealth } from './health-prober.ts';
import { contractRegExp, MULTI_LINE_TEXT, ONE_LINE_TEXT } from '../server/http/text-patterns.ts';
import { DEV_TOKEN, startServerProcess, stopAllProcesses, waitForOutput } from '../server/tests/processes.ts';
import { makeTempDir, removeTempDirs } from '../server/tests/temp-dirs.ts';

const LENGTH = 500_000;
const cjk = (length: number) => Array.from({ length }, (_, i) => String.fromCharCode(0x4e00 + ((i * 7) % 20000))).join('');

function msPerTest(make: () => { test(text: string): boolean }, text: string, repetitions: number): { firstTwo: number; warm: number } {
  let firstTwo = 0;
  for (let i = 0; i < repetitions; i++) {
    const matcher = make();
    const started = performance.now();
    matcher.test(text);
    matcher.test(text);
    firstTwo += (performance.now() - started) / 2;
  }
  const matcher = make();
  for (let i = 0; i < 3; i++) matcher.test(text);
  const started = performance.now();
  for (let i = 0; i < repetitions; i++) matcher.test(text);
  return { firstTwo: firstTwo / repetitions, warm: (performance.now() - started) / repetitions };
}

function patternCosts(repetitions: number): string[] {
  const texts = {
    ASCII: 'word '.repeat(LENGTH / 5),
    CJK: cjk(LENGTH),
    'astral and lone surrogates': '😀\ud800a'.repeat(LENGTH / 4),
  };
  const lines = ['Text patterns, ms per 500,000-character string, RegExp with the u flag → loop over character codes (first two tests of a new one; warm):'];
  let fresh = 0;
  for (const [name, pattern] of [
    ['one line', ONE_LINE_TEXT],
    ['several lines', MULTI_LINE_TEXT],
  ] as const) {
    for (const [kind, text] of Object.entries(texts)) {
      // V8 caches a compiled pattern by its source: each RegExp gets a source of its own, of the same meaning.
      const before = msPerTest(() => new RegExp(pattern.replace('^', `^${'(?:)'.repeat(++fresh)}`), 'u'), text, repetitions);
      const after = msPerTest(() => contractRegExp(pattern, 'u'), text, repetitions);
      const f = (n: number) => n.toFixed(2).padStart(6);
      lines.push(`  ${name.padEnd(13)} ${kind.padEnd(26)} first ${f(before.firstTwo)} → ${f(after.firstTwo)} ms (${(before.firstTwo / after.firstTwo).toFixed(0)}×); warm ${f(before.warm)} → ${f(after.warm)} ms`);
    }
  }
  return lines;
}

async function healthUnderLargeBodies(count: number, engine: 'RegExp' | 'loop', oneAtATime = false): Promise<string[]> {
  const startScript: string = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).scripts.start;
  const heapFlags = (startScript.match(/--max-[a-z-]+-size=\d+/g) ?? []).join(' ');
  const launch = engine === 'RegExp' ? { preload: ['bench/regexp-patterns-preload.ts'] } : {};
  // LOG_LEVEL=info: the load starts once the server has built every operation's validators, which
  // it does in the background after it listens (30 to 500 ms of CPU each, which would count here).
  const server = await startServerProcess(makeTempDir('bench-patterns'), { NODE_OPTIONS: heapFlags, RATE_LIMIT_PER_TOKEN: '1000000000', LOG_LEVEL: 'info' }, 60_000, launch);
  await waitForOutput(server, WARM, 120_000);
  const call = (method: string, route: string, body?: string) =>
    fetch(`${server.baseUrl}${route}`, {
      method,
      headers: { Authorization: `Bearer ${DEV_TOKEN}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      ...(body === undefined ? {} : { body }),
      signal: AbortSignal.timeout(300_000),
    });
  const page = ((await (await call('POST', '/pages', JSON.stringify({ name: 'Patterns' }))).json()) as { id: number }).id;
  // 340,000 CJK characters: about 1 MiB of UTF-8, within the 500,000 characters content_html may have.
  const body = JSON.stringify({ title: 'Long HTML', content_html: cjk(340_000) });

  // From a process of its own: this process's event loop is busy sending the load (bench/health-prober.ts).
  const prober = await probeHealth(server.origin, 50);
  const answers: Record<string, number> = {};
  const cpuBefore = cpuTimeMs(server.child.pid!);
  const started = performance.now();
  const post = () =>
    call('POST', `/pages/${page}/posts`, body).then(
      async (response) => {
        await response.arrayBuffer();
        answers[response.status] = (answers[response.status] ?? 0) + 1;
      },
      () => (answers.failed = (answers.failed ?? 0) + 1),
    );
  // One at a time, nothing is refused and nothing waits for admission: the CPU per post is the work
  // of one post alone, the figure least moved by the machine's other work.
  if (oneAtATime) for (let i = 0; i < count; i++) await post();
  else await Promise.all(Array.from({ length: count }, post));
  const wallMs = performance.now() - started;
  // The server's CPU per stored post (a 503 costs next to nothing): unlike wall times, it hardly
  // depends on what else the machine runs.
  const cpuPerRequestMs = (cpuTimeMs(server.child.pid!) - cpuBefore) / Math.max(1, answers['201'] ?? 0);
  const { slowestMs: slowest, probes } = await prober.stop();
  await server.terminate();
  const tally = Object.entries(answers).map(([status, n]) => `${n}× ${status}`).join(', ');
  const verdict = slowest < 1000 ? 'met   ' : 'MISSED';
  return [
    `  ${oneAtATime ? '      ' : verdict}  ${engine.padEnd(6)}${oneAtATime ? ' one at a time' : ''}  slowest /healthz ${Math.round(slowest)} ms (target < 1000 ms, ${probes} probes); answers ${tally}; ${(wallMs / 1000).toFixed(1)} s for the load; server CPU ${cpuPerRequestMs.toFixed(0)} ms a stored post; load average ${loadAverage().toFixed(1)}`,
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const quick = process.argv.includes('--quick');
  try {
    process.stdout.write(`${patternCosts(quick ? 5 : 20).join('\n')}\n\n`);
    const count = quick ? 30 : 150;
    process.stdout.write(`/healthz under ${count} concurrent 1 MiB JSON bodies (text patterns as):\n`);
    for (const engine of ['RegExp', 'loop'] as const) process.stdout.write(`${(await healthUnderLargeBodies(count, engine)).join('\n')}\n`);
    process.stdout.write(`${quick ? 10 : 40} of the same posts one after another (the server's work per post alone):\n`);
    process.stdout.write(`${(await healthUnderLargeBodies(quick ? 10 : 40, 'loop', true)).join('\n')}\n`);
  } catch (err) {
    process.stderr.write(`The pattern benchmark could not finish: ${err instanceof Error ? err.stack : String(err)}\n`);
    process.exitCode = 1;
  } finally {
    await stopAllProcesses();
    removeTempDirs();
  }
}
