/**
 * Starts the Prism mock on the bundled contract, for tests and tools that need a running mock.
 * `npm run mock` starts the same mock in the foreground on port 4010.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const prismBin = path.join(root, 'node_modules', '.bin', 'prism');
export const bundledContract = path.join(root, 'generated', 'openapi.yaml');

export interface RunningMock {
  /** Prism serves the contract's paths at the root, without the server URL's /api/v1. */
  baseUrl: string;
  /** Process id of the mock, for measurements (the benchmark reads its CPU time). */
  pid: number;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export async function startPrismMock(options: { port?: number; timeoutMs?: number } = {}): Promise<RunningMock> {
  const port = options.port ?? (await freePort());
  const child = spawn(prismBin, ['mock', bundledContract, '--host', '127.0.0.1', '--port', String(port), '--errors', 'false'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });

  const deadline = Date.now() + (options.timeoutMs ?? 30_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Prism exited with ${child.exitCode}:\n${output}`);
    if (/Prism is listening/.test(output)) return { baseUrl, pid: child.pid!, stop };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error(`Prism did not start within ${options.timeoutMs ?? 30_000} ms:\n${output}`);
}
