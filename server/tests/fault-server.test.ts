/**
 * The fault server, as a suite author starts it (`FAULTS=a,b npm run start:faults`, which runs
 * server/faults/main.ts): it serves with the faults named, and says so; without a fault, or with an
 * unknown one, it does not start. `npm start` is the real server, whatever FAULTS says.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { exitOf, startServerProcess, stopAllProcesses } from './processes.ts';
import { makeTempDir, removeTempDirs } from './temp-dirs.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

afterEach(async () => {
  await stopAllProcesses();
  removeTempDirs();
});

/** Runs the fault server's command until it exits by itself (it must, without a valid FAULTS). */
async function refusal(faults: string | undefined): Promise<{ code: number | null; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', DATA_DIR: makeTempDir('fault-server'), BUILD_DOCS: 'false' };
  if (faults === undefined) delete env.FAULTS;
  else env.FAULTS = faults;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/faults/main.ts'], { cwd: root, env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const { code } = await exitOf(child, 90_000);
  return { code, stderr };
}

describe('the fault server', () => {
  it('serves with the faults FAULTS names, and warns that it breaks the contract on purpose', async () => {
    const server = await startServerProcess(makeTempDir('fault-server'), { FAULTS: 'accept-any-token' }, 90_000, { script: 'server/faults/main.ts' });
    expect((await fetch(`${server.baseUrl}/newsletters`)).status, 'no token, served anyway').toBe(200);
    expect(server.output()).toMatch(/FAULTS=accept-any-token: this server breaks the contract on purpose/);
  }, 200_000);

  it('without FAULTS lists the faults and exits 2; an unknown fault exits 2 naming it', async () => {
    const none = await refusal(undefined);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/Name the faults to start with in FAULTS/);
    expect(none.stderr).toMatch(/^\s+accept-any-token\s+authentication lets a missing or unknown token act/m);
    const unknown = await refusal('accept-any-token,no-such-fault');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/Unknown fault no-such-fault/);
  }, 200_000);

  it('is not what npm start runs: the real server ignores FAULTS', async () => {
    const server = await startServerProcess(makeTempDir('real-server'), { FAULTS: 'accept-any-token' }, 90_000);
    expect((await fetch(`${server.baseUrl}/newsletters`)).status).toBe(401);
  }, 200_000);
});
