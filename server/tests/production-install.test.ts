/**
 * A production install, as an operator makes one: the repository's files in a fresh directory,
 * `npm ci --omit=dev` (offline, from the local npm cache, so the test needs no network), then
 * `npm start`. The server answers, and nothing that only development or the deliberate faults
 * (server/faults) use is installed.
 */
import { spawn, execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { onFreePort } from '../../scripts/ports.ts';
import { exitOf } from './processes.ts';
import { makeTempDir, removeTempDirs } from './temp-dirs.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const run = promisify(execFile);

/** Packages a production install must not have: the faults' own renderer, and development tools. */
const NOT_IN_PRODUCTION = ['marked', '@redocly/cli', '@stoplight/prism-cli', 'typescript', 'openapi-typescript', 'autocannon', 'smtp-server'];

afterEach(() => removeTempDirs());

/** The files git would commit from this worktree (tracked and new, none ignored), copied to `dir`. */
async function copyProject(dir: string): Promise<void> {
  const { stdout } = await run('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: root, maxBuffer: 64 * 1024 * 1024 });
  for (const file of stdout.split('\0').filter(Boolean)) {
    const from = path.join(root, file);
    if (!existsSync(from)) continue; // deleted in the worktree, not yet in the index
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    try {
      cpSync(from, path.join(dir, file));
    } catch (err) {
      // Gone since git listed it: another test run in this checkout removed a file of its own.
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }
}

describe('a production install', () => {
  it('npm ci --omit=dev, then npm start: the server answers, with no development or fault-only package installed', async () => {
    const dir = makeTempDir('production-install');
    await copyProject(dir);
    await run('npm', ['ci', '--omit=dev', '--offline', '--no-audit', '--no-fund'], { cwd: dir, maxBuffer: 16 * 1024 * 1024 }).catch((err: { stderr?: string }) => {
      throw new Error(`npm ci --omit=dev failed:\n${err.stderr}`);
    });
    for (const name of NOT_IN_PRODUCTION) expect(existsSync(path.join(dir, 'node_modules', name)), `${name} is installed`).toBe(false);

    // On a free port; started again on another when the port was taken before the server bound it (another test run).
    const { npm, port, token, output } = await onFreePort(async (port) => {
      const npm = spawn('npm', ['start'], {
        cwd: dir,
        env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: path.join(dir, 'data'), LOG_LEVEL: 'warn', FAULTS: 'accept-any-token' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      npm.stdout.on('data', (chunk) => (output += chunk));
      npm.stderr.on('data', (chunk) => (output += chunk));
      const closed = new Promise<void>((resolve) => npm.once('close', () => resolve()));
      const deadline = Date.now() + 60_000;
      let token: string | undefined;
      while (!token && Date.now() < deadline && npm.exitCode === null) {
        token = /^Token\s+(\S+)/m.exec(output)?.[1];
        if (!token) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      if (!token && npm.exitCode !== null) {
        await closed; // its last words (EADDRINUSE, when the port was taken) arrive after the exit
        throw new Error(`npm start exited before it printed a token:\n${output}`);
      }
      return { npm, port, token, output: () => output };
    });
    try {
      expect(token, output()).toBeDefined();
      const base = `http://127.0.0.1:${port}`;
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
      expect((await fetch(`${base}/api/v1/newsletters`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
      // FAULTS names faults to the fault server only: npm start is the real server whatever it says.
      expect((await fetch(`${base}/api/v1/newsletters`)).status).toBe(401);
      // Without its renderer (a development tool) the docs page is not rendered, and the server says so
      // in a line: once it has tried, which it does after it listens.
      const docsLine = /the docs page was not rendered \(the renderer, @redocly\/cli, is a development dependency/;
      const docsDeadline = Date.now() + 60_000;
      while (!docsLine.test(output()) && Date.now() < docsDeadline && npm.exitCode === null) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(output()).toMatch(docsLine);
    } finally {
      npm.kill('SIGTERM');
      await exitOf(npm, 20_000).catch(() => npm.kill('SIGKILL'));
    }
  }, 300_000);
});
