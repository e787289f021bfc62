/**
 * `npm start`, word for word as the README gives it, on whichever Node.js runs the tests (CI runs
 * them on 20, 24 and 26): it serves the API with the token it prints, and a SIGTERM sent to npm, as
 * a process manager sends it, reaches the server, which shuts down and exits 0 with no native abort.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { onFreePort } from '../../scripts/ports.ts';
import type { ChildProcess } from 'node:child_process';
import { exitOf, spawnNpmStart, stopAllProcesses } from './processes.ts';
import { makeTempDir, removeTempDirs } from './temp-dirs.ts';

afterEach(async () => {
  await stopAllProcesses();
  removeTempDirs();
});

/** The token npm start prints once the server listens; a start that exits first (its port taken: EADDRINUSE) fails with its output. */
async function waitForToken(npm: ChildProcess, output: () => string, timeoutMs: number): Promise<string> {
  const closed = new Promise<void>((resolve) => npm.once('close', () => resolve()));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const token = /^Token\s+(\S+)/m.exec(output())?.[1];
    if (token) return token;
    if (npm.exitCode !== null || npm.signalCode !== null) {
      await closed;
      throw new Error(`npm start exited before it printed a token:\n${output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`npm start printed no token within ${timeoutMs} ms:\n${output()}`);
}

/** npm start on a free port; started again on another when the port was taken before the server bound it (another test run). */
function startNpm(dataDir: string): Promise<{ npm: ChildProcess; port: number; token: string; output: () => string }> {
  return onFreePort(async (port) => {
    const npm = spawnNpmStart({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, BUILD_DOCS: 'false', LOG_LEVEL: 'warn' });
    let output = '';
    npm.stdout!.on('data', (chunk) => (output += chunk));
    npm.stderr!.on('data', (chunk) => (output += chunk));
    const token = await waitForToken(npm, () => output, 60_000);
    return { npm, port, token, output: () => output };
  });
}

describe('npm start', () => {
  it('serves the API with the token it prints, and exits 0 on SIGTERM', async () => {
    const { npm, port, token, output } = await startNpm(makeTempDir('npm-start'));
    const answer = await fetch(`http://127.0.0.1:${port}/api/v1/newsletters`, { headers: { authorization: `Bearer ${token}` } });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ page: 1, size: 10, total: 0, result: [] });

    npm.kill('SIGTERM');
    const exit = await exitOf(npm, 20_000);
    expect(output()).not.toMatch(/Assertion failed|Segmentation fault|core dumped/);
    expect(exit, output()).toEqual({ code: 0, signal: null });
    // Gone, not orphaned: nothing answers with this server's token. (The port itself is free again, and
    // another test run's server may have taken it already: that one refuses the token.)
    const after = await fetch(`http://127.0.0.1:${port}/api/v1/newsletters`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.status, () => 'refused');
    expect(after, 'the server is gone, not orphaned').not.toBe(200);
  }, 90_000);
});
