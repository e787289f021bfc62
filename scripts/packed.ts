/**
 * A workspace as its users get it: packed with `npm pack` (which builds it) and installed from the
 * tarball into a fresh project in an empty temporary directory, with nothing of this repository on the
 * way. The tests of the packed suite and the packed client go through here.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lockfile from 'proper-lockfile';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface CommandRun {
  exitCode: number | null;
  stdout: string;
  stderr: string;
  durationMs: number;
}

/**
 * The environment of a user's shell: none of the npm_* variables `npm test` sets for its scripts (they
 * would point npm at this repository), nor CONFORMANCE_* options of the developer's shell.
 */
export function userEnvironment(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name) && !name.startsWith('CONFORMANCE_')));
  return { ...env, ...extra };
}

/** Runs a command to its end without blocking the event loop (servers of the calling test keep serving). */
export function run(command: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<CommandRun> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? userEnvironment(), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.once('error', reject);
    child.once('close', (exitCode) => resolve({ exitCode, stdout, stderr, durationMs: performance.now() - started }));
  });
}

function ensureSuccess(what: string, result: CommandRun): CommandRun {
  if (result.exitCode !== 0) throw new Error(`${what} exited ${result.exitCode}:\n${result.stdout}\n${result.stderr}`);
  return result;
}

/**
 * A workspace's `prepack` deletes and rebuilds its dist/ in this checkout, then npm packs what is
 * there: two test runs packing the same workspace at once would delete each other's build half-way
 * and pack half of one. One pack at a time per workspace and checkout, through a lock outside the
 * checkout (named after its path) so that nothing of it is ever seen as a file of the project.
 */
async function holdingPackLock<T>(workspace: string, work: () => Promise<T>): Promise<T> {
  const checkout = createHash('sha256').update(root).digest('hex').slice(0, 16);
  const release = await lockfile.lock(path.join(tmpdir(), `publishing-pack-${checkout}-${workspace}`), {
    realpath: false,
    // A pack takes seconds alone, a minute or more on a loaded machine: the holder keeps the lock fresh,
    // and one that died frees it after two minutes.
    stale: 120_000,
    retries: { retries: 1000, minTimeout: 100, maxTimeout: 500 },
  });
  try {
    return await work();
  } finally {
    await release().catch(() => undefined);
  }
}

/** Packs a workspace of this repository (its `prepack` builds it) into `destination`; returns the tarball's path. */
export async function packWorkspace(workspace: 'conformance' | 'client', destination: string): Promise<string> {
  const result = ensureSuccess(
    `npm pack -w ${workspace}`,
    await holdingPackLock(workspace, () => run('npm', ['pack', '--workspace', workspace, '--pack-destination', destination, '--json'], { cwd: root, env: userEnvironment() })),
  );
  const [packed] = JSON.parse(result.stdout.slice(result.stdout.indexOf('['))) as { filename: string }[];
  return path.join(destination, packed!.filename);
}

export interface InstalledProject {
  dir: string;
  install: CommandRun;
  /** Bytes under node_modules after the install. */
  installedBytes: number;
}

function bytesUnder(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) total += bytesUnder(full);
    else if (entry.isFile()) total += statSync(full).size;
  }
  return total;
}

/** An empty project in a new temporary directory, then `npm install <packages...>` in it, as a user would. */
export async function installIntoFreshProject(packages: string[]): Promise<InstalledProject> {
  const dir = mkdtempSync(path.join(tmpdir(), 'packed-project-'));
  writeFileSync(path.join(dir, 'package.json'), `${JSON.stringify({ name: 'a-fresh-project', private: true, type: 'module' }, null, 2)}\n`);
  const install = ensureSuccess('npm install', await run('npm', ['install', '--no-audit', '--no-fund', ...packages], { cwd: dir }));
  return { dir, install, installedBytes: bytesUnder(path.join(dir, 'node_modules')) };
}
