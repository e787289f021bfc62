/**
 * Runs the conformance CLI as a child process, the way an implementer runs it. Asynchronous on purpose:
 * the fault proxy the CLI talks to lives in the test's own process and must keep serving meanwhile.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { builtPath, ensureBuilt } from '../../scripts/build.mjs';

export const cliPath = fileURLToPath(new URL('../cli.ts', import.meta.url));
/** The CLI compiled to JavaScript (scripts/build.mjs), as `npm run conformance` runs it: no TypeScript loader per run. */
await ensureBuilt();
export const compiledCliPath = builtPath('conformance/cli.ts');

export interface CliRun {
  exitCode: number | null;
  stdout: string;
  stderr: string;
}

/**
 * These runs judge what a target answers, not how fast: several of them share one Prism mock on a
 * 2-core CI machine that is running other test files too, where an answer can take longer than the
 * CLI's default request timeout (10 s), and a light request can take more than the 1 s stays_responsive
 * allows by default. A test that is about timeouts sets its own.
 */
const UNHURRIED = { CONFORMANCE_REQUEST_TIMEOUT: '60', CONFORMANCE_RESPONSIVE_WITHIN: '5' };

export function runCli(args: string[], env: NodeJS.ProcessEnv = {}): Promise<CliRun> {
  return runNode([compiledCliPath, ...args], { ...UNHURRIED, ...env });
}

/** Node with these arguments; only the environment the test gives reaches CONFORMANCE_* options. */
export function runNode(args: string[], env: NodeJS.ProcessEnv = {}): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    // A CONFORMANCE_* variable of the developer's shell must not leak into a test.
    const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('CONFORMANCE_')));
    const child = spawn(process.execPath, args, { env: { ...inherited, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.once('error', reject);
    child.once('close', (exitCode) => resolve({ exitCode, stdout, stderr }));
  });
}
