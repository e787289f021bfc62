/**
 * `npm start`, word for word as the README gives it, on whichever Node.js runs the tests (CI runs
 * them on 20, 24 and 26): it serves the API with the token it prints, and a SIGTERM sent to npm, as
 * a process manager sends it, reaches the server, which shuts down and exits 0 with no native abort.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/prism.ts';
import { exitOf, spawnNpmStart, stopAllProcesses } from './processes.ts';
import { makeTempDir, removeTempDirs } from './temp-dirs.ts';

afterEach(async () => {
  await stopAllProcesses();
  removeTempDirs();
});

async function waitForToken(output: () => string, timeoutMs: number): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const token = /^Token\s+(\S+)/m.exec(output())?.[1];
    if (token) return token;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`npm start printed no token within ${timeoutMs} ms:\n${output()}`);
}

describe('npm start', () => {
  it('serves the API with the token it prints, and exits 0 on SIGTERM', async () => {
    const port = await freePort();
    const npm = spawnNpmStart({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: makeTempDir('npm-start'), BUILD_DOCS: 'false', LOG_LEVEL: 'warn' });
    let output = '';
    npm.stdout!.on('data', (chunk) => (output += chunk));
    npm.stderr!.on('data', (chunk) => (output += chunk));

    const token = await waitForToken(() => output, 60_000);
    const answer = await fetch(`http://127.0.0.1:${port}/api/v1/newsletters`, { headers: { authorization: `Bearer ${token}` } });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ page: 1, size: 10, total: 0, result: [] });

    npm.kill('SIGTERM');
    const exit = await exitOf(npm, 20_000);
    expect(output).not.toMatch(/Assertion failed|Segmentation fault|core dumped/);
    expect(exit, output).toEqual({ code: 0, signal: null });
    await expect(fetch(`http://127.0.0.1:${port}/healthz`), 'the server is gone, not orphaned').rejects.toThrow();
  }, 90_000);
});
