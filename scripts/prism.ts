/**
 * Starts the Prism mock on the bundled contract, for tests and tools that need a running mock.
 * `npm run mock` starts the same mock in the foreground on port 4010.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { onFreePort } from './ports.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const prismBin = path.join(root, 'node_modules', '.bin', 'prism');
export const bundledContract = path.join(root, 'generated', 'openapi.yaml');

export interface RunningMock {
  /** Prism serves the contract's paths at the root, without the server URL's /api/v1. */
  baseUrl: string;
  /** Process id of the mock, for measurements (the benchmark reads its CPU time). */
  pid: number;
  /** Undefined while it runs; once it has stopped of itself, how, with the end of what it printed. */
  exited(): string | undefined;
  stop(): Promise<void>;
}

/**
 * Starts Prism on `options.port`, or on a free port: when another process takes that port before
 * Prism binds it (two test runs at once), Prism exits saying EADDRINUSE and is started on another.
 */
export async function startPrismMock(options: { port?: number; timeoutMs?: number } = {}): Promise<RunningMock> {
  return options.port === undefined ? onFreePort((port) => startOn(port, options.timeoutMs)) : startOn(options.port, options.timeoutMs);
}

async function startOn(port: number, timeoutMs = 30_000): Promise<RunningMock> {
  const child = spawn(prismBin, ['mock', bundledContract, '--host', '127.0.0.1', '--port', String(port), '--errors', 'false'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const baseUrl = `http://127.0.0.1:${port}`;
  let stopping = false;
  const exited = () =>
    child.exitCode === null && child.signalCode === null
      ? undefined
      : `Prism ${stopping ? 'was stopped' : 'stopped of itself'} (exit code ${child.exitCode}, signal ${child.signalCode}); the end of its output:\n${output.slice(-4000)}`;
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      stopping = true;
      child.kill('SIGTERM');
    });

  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    // Its own line, not an answer on the port: an answer could come from whoever took the port.
    if (/Prism is listening/.test(output)) return { baseUrl, pid: child.pid!, exited, stop };
    if (child.exitCode !== null) throw new Error(`Prism exited with ${child.exitCode}:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error(`Prism did not start within ${timeoutMs} ms:\n${output}`);
}
