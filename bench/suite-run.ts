/**
 * `npm run bench:suite`: what a conformance run against the reference server costs, on the Node.js
 * that runs this script (`bash scripts/with-node.sh 24 npm run bench:suite` for another line). Each
 * run meets a fresh server (`server/main.ts`, as `npm start` runs it), in two shapes:
 *
 * - **default**: `npm run conformance` with only a base URL and a token, as an implementer first runs it;
 * - **full**: also a second workspace's token (`--token2`, the isolation checks) and
 *   `--disposable-target` (the checks that change authors and fill lists), as the project's own tests run it.
 *
 * Printed per run: wall time, the CPU of the suite (the CLI and its test workers) and of the server,
 * tests and verdict; then the median of each. CPU is read from /proc (Linux): the suite's as the CPU of
 * this process's reaped children, the server's from its own stat before it stops.
 *
 *   npm run bench:suite -- [--runs 3] [--shape default|full|both]
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { DEV_TOKEN, runAdmin, startServerProcess, stopAllProcesses, type ServerProcess } from '../server/tests/processes.ts';
import { makeTempDir } from '../server/tests/temp-dirs.ts';
import { run } from './conformance-run.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SHAPES = ['default', 'full'] as const;
type Shape = (typeof SHAPES)[number];

interface Measured {
  shape: Shape;
  wallSeconds: number;
  suiteCpuSeconds: number;
  serverCpuSeconds: number;
  tests: number;
  passed: number;
  verdict: string;
}

const ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** utime+stime (own: fields 14-15) or cutime+cstime (reaped children: 16-17) of a process, in seconds. */
function cpuSeconds(pid: number | 'self', of: 'own' | 'children'): number {
  // The command name (field 2) may hold spaces; the fields after it start past its closing parenthesis.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const [a, b] = of === 'own' ? [fields[11], fields[12]] : [fields[13], fields[14]];
  return (Number(a) + Number(b)) / ticksPerSecond;
}

/** The server's second workspace and a token of it, made with the admin command as a user would. */
async function secondWorkspaceToken(server: ServerProcess): Promise<string> {
  const made = await runAdmin(['workspace', 'create', '--name', 'Second'], { DATABASE_PATH: server.databasePath });
  const token = /^token\s+(\S+)/m.exec(made.stdout)?.[1];
  if (made.code !== 0 || !token) throw new Error(`admin workspace create failed: ${made.stderr || made.stdout}`);
  return token;
}

async function measure(shape: Shape): Promise<Measured> {
  const server = await startServerProcess(makeTempDir('bench-suite'));
  try {
    const reportDir = makeTempDir('bench-suite-report');
    // Tokens through the environment, as the suite's README asks.
    const env: NodeJS.ProcessEnv = { ...process.env, CONFORMANCE_TOKEN: DEV_TOKEN, CONFORMANCE_REPORT_DIR: reportDir, CONFORMANCE_REPORTER: 'console,json' };
    const args = ['--base-url', server.baseUrl];
    if (shape === 'full') {
      env.CONFORMANCE_TOKEN2 = await secondWorkspaceToken(server);
      args.push('--disposable-target');
    }
    const cpuBefore = cpuSeconds('self', 'children');
    // What `npm run conformance` runs: the compiled CLI (scripts/run-built.mjs builds it when a source changed).
    const suite = await run(process.execPath, ['scripts/run-built.mjs', 'conformance/cli.ts', ...args], root, env);
    const suiteCpuSeconds = cpuSeconds('self', 'children') - cpuBefore;
    const serverCpuSeconds = cpuSeconds(server.child.pid!, 'own');
    const reportFile = path.join(reportDir, 'report.json');
    const report = existsSync(reportFile) ? (JSON.parse(readFileSync(reportFile, 'utf8')) as { summary: { tests: { total: number; passed: number } } }) : undefined;
    const verdict = suite.output.trim().split('\n').find((line) => /^(PASSED|FAILED|INCOMPLETE)/.test(line))?.split(' · ')[0] ?? `exit ${suite.code}`;
    return { shape, wallSeconds: suite.seconds, suiteCpuSeconds, serverCpuSeconds, tests: report?.summary.tests.total ?? 0, passed: report?.summary.tests.passed ?? 0, verdict };
  } finally {
    await server.terminate();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  return Number.isInteger(middle) ? (sorted[middle - 1]! + sorted[middle]!) / 2 : sorted[Math.floor(middle)]!;
};
const seconds = (value: number) => `${value.toFixed(1)} s`.padStart(8);

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' }, shape: { type: 'string', default: 'both' } } });
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a whole number of at least 1');
  if (values.shape !== 'both' && !SHAPES.includes(values.shape as Shape)) throw new Error('--shape takes default, full or both');
  const shapes = values.shape === 'both' ? [...SHAPES] : [values.shape as Shape];

  console.log(`Node.js ${process.version}, ${runs} run(s) of each shape, each against a fresh server`);
  console.log('shape        wall  suite CPU  server CPU  passed/tests  verdict');
  const results: Measured[] = [];
  // Shapes alternate run by run, so that a change in the machine's load falls on both alike.
  for (let round = 0; round < runs; round++) {
    for (const shape of shapes) {
      const measured = await measure(shape);
      results.push(measured);
      console.log(`${shape.padEnd(8)} ${seconds(measured.wallSeconds)}  ${seconds(measured.suiteCpuSeconds)}  ${seconds(measured.serverCpuSeconds)}  ${`${measured.passed}/${measured.tests}`.padStart(12)}  ${measured.verdict}`);
    }
  }
  for (const shape of shapes) {
    const own = results.filter((result) => result.shape === shape);
    console.log(`median ${shape}: wall ${median(own.map((r) => r.wallSeconds)).toFixed(1)} s, suite CPU ${median(own.map((r) => r.suiteCpuSeconds)).toFixed(1)} s, server CPU ${median(own.map((r) => r.serverCpuSeconds)).toFixed(1)} s`);
  }
}

try {
  await main();
} finally {
  await stopAllProcesses();
}
