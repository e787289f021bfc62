/**
 * The conformance suite as its users meet it: the wall time of a default run (`npm run conformance`
 * with only a base URL and a token) against a fresh local server; and, once the suite is a package
 * of its own (conformance/package.json), the time and size of installing it, packed, into an empty
 * project.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ServerProcess } from '../server/tests/processes.ts';
import { makeTempDir } from '../server/tests/temp-dirs.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface SuiteRun {
  seconds: number;
  exitCode: number | null;
  /** The suite's last line: PASSED or FAILED with its counts. */
  summary: string;
  /** The run's seed and each failure (test, check, reason), from its report: a failed run says why. */
  seed?: number;
  failures: string[];
}

export type SuiteInstall = { measured: true; seconds: number; packedBytes: number; installedBytes: number } | { measured: false; reason: string };

/** Runs a command to its end: its exit code, stdout and stderr together, and its wall time. */
export function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): Promise<{ code: number | null; output: string; seconds: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('error', reject);
    // 'close', not 'exit': the output's last lines may still be on their way when the process exits.
    child.once('close', (code) => resolve({ code, output, seconds: (performance.now() - started) / 1000 }));
  });
}

export async function timeSuiteRun(server: ServerProcess, token: string): Promise<SuiteRun> {
  // The token through the environment, as the suite's README asks; reports go to a temporary directory.
  const reportDir = makeTempDir('bench-conformance-report');
  const env = { ...process.env, CONFORMANCE_TOKEN: token, CONFORMANCE_REPORT_DIR: reportDir };
  // What `npm run conformance` runs: the compiled CLI (scripts/run-built.mjs builds it when a source changed).
  const result = await run(process.execPath, ['scripts/run-built.mjs', 'conformance/cli.ts', '--base-url', server.baseUrl], root, env);
  const summary = result.output.trim().split('\n').find((line) => /^(PASSED|FAILED)/.test(line)) ?? result.output.trim().split('\n').slice(-1)[0] ?? '';
  return { seconds: result.seconds, exitCode: result.code, summary, ...readFailures(path.join(reportDir, 'report.json')) };
}

/** The seed and the failures of a run from its JSON report; nothing when the run wrote none. */
function readFailures(file: string): { seed?: number; failures: string[] } {
  if (!existsSync(file)) return { failures: [] };
  const report = JSON.parse(readFileSync(file, 'utf8')) as { run: { seed: number }; failures: { test: string; check: string; reason: string }[] };
  return { seed: report.run.seed, failures: report.failures.map((failure) => `${failure.test}: ${failure.check}: ${failure.reason.split('\n')[0]!.slice(0, 300)}`) };
}

function directoryBytes(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) total += directoryBytes(full);
    else if (entry.isFile()) total += statSync(full).size;
  }
  return total;
}

export async function timeSuiteInstall(): Promise<SuiteInstall> {
  const conformanceDir = path.join(root, 'conformance');
  if (!existsSync(path.join(conformanceDir, 'package.json'))) {
    return { measured: false, reason: 'the suite is not a package of its own yet (no conformance/package.json)' };
  }
  const packDir = makeTempDir('bench-conformance-pack');
  const pack = await run('npm', ['pack', '--pack-destination', packDir, '--silent'], conformanceDir);
  const tarball = readdirSync(packDir).find((file) => file.endsWith('.tgz'));
  if (pack.code !== 0 || !tarball) return { measured: false, reason: `npm pack failed: ${pack.output.trim().slice(-200)}` };
  const project = makeTempDir('bench-conformance-install');
  writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'empty-project', version: '1.0.0', private: true }));
  // A cache of its own, so the time is an install from the registry, not from this machine's cache.
  const install = await run('npm', ['install', '--no-audit', '--no-fund', '--cache', makeTempDir('bench-npm-cache'), path.join(packDir, tarball)], project);
  if (install.code !== 0) return { measured: false, reason: `npm install failed: ${install.output.trim().slice(-200)}` };
  return {
    measured: true,
    seconds: install.seconds,
    packedBytes: statSync(path.join(packDir, tarball)).size,
    installedBytes: directoryBytes(path.join(project, 'node_modules')),
  };
}
