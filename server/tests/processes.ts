/**
 * Child processes for tests that need the real thing: the server as `npm start` runs it
 * (server/main.ts) and the admin command. Every process started here is remembered, so
 * `stopAllProcesses()` in an afterEach kills whatever a failing test left running.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { onFreePort } from '../../scripts/ports.ts';
import { buildDir, ensureBuilt } from '../../scripts/build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// Current already when vitest's global set-up built it; the benchmark, which also starts servers from
// here, gets the same guarantee.
await ensureBuilt();
const running = new Set<ChildProcess>();

/** The server's own variables, dropped from the inherited environment so a developer's shell cannot change a test. */
const SERVER_VARIABLES = [
  'PORT', 'HOST', 'PUBLIC_URL', 'DATABASE_PATH', 'DATA_DIR', 'SMTP_URL', 'MAIL_FROM', 'PAGES_DOMAIN',
  'PUBLISHING_DEV_TOKEN', 'LOG_LEVEL', 'DELIVERY_POLL_MS', 'DELIVERY_BATCH_SIZE', 'BUILD_DOCS',
];

function environment(variables: Record<string, string>): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of SERVER_VARIABLES) delete env[name];
  return { ...env, ...variables };
}

/**
 * The project's own commands start from their compiled JavaScript (build/, kept current by the tests'
 * global set-up, scripts/build.mjs), as `npm start` runs them: no TypeScript loader in each process.
 * A script that is not compiled (the benchmark's own), or a TypeScript module loaded into the process,
 * still loads through tsx.
 */
function spawnTracked(script: string, args: string[], env: Record<string, string>, launch: { preload?: string[]; nodeFlags?: string[] } = {}): ChildProcess {
  const compiled = path.join(buildDir, script.replace(/\.ts$/, '.js'));
  const entry = existsSync(compiled) ? compiled : script;
  const needsLoader = entry.endsWith('.ts') || (launch.preload ?? []).some((module) => module.endsWith('.ts'));
  const imports = [...(needsLoader ? ['tsx'] : []), ...(launch.preload ?? [])].flatMap((module) => ['--import', module]);
  return spawnCommand(process.execPath, [...(launch.nodeFlags ?? []), ...imports, entry, ...args], env);
}

/** Runs `npm start` word for word, as the README tells a user to, with the npm and Node.js on PATH. */
export function spawnNpmStart(env: Record<string, string>): ChildProcess {
  return spawnCommand('npm', ['start'], env);
}

function spawnCommand(command: string, args: string[], env: Record<string, string>): ChildProcess {
  const child = spawn(command, args, {
    cwd: root,
    env: environment(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  return child;
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** Resolves when the child has exited; after `timeoutMs` kills it and rejects, so no test waits forever. */
export function exitOf(child: ChildProcess, timeoutMs: number): Promise<Exit> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`process ${child.pid} did not exit within ${timeoutMs} ms`));
    }, timeoutMs);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal });
    });
  });
}

/** Kills every child still running (SIGKILL) and waits for them: for afterEach. */
export async function stopAllProcesses(): Promise<void> {
  await Promise.all([...running].map((child) => {
    child.kill('SIGKILL');
    return exitOf(child, 5000).catch(() => undefined);
  }));
}

export interface AdminResult extends Exit {
  stdout: string;
  stderr: string;
}

/** Runs `npm run admin -- <args>` (without npm) against the database the environment names. */
export async function runAdmin(args: string[], env: Record<string, string>, timeoutMs = 20_000): Promise<AdminResult> {
  const child = spawnTracked('server/admin.ts', args, env);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk) => (stdout += chunk));
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const exit = await exitOf(child, timeoutMs);
  return { ...exit, stdout, stderr };
}

export const DEV_TOKEN = 'pub_test_development_token';

export interface ServerProcess {
  child: ChildProcess;
  /** Scheme, host and port only, for /healthz and for clients that want the API's path apart. */
  origin: string;
  /** Base URL of the API, ending in /api/v1. */
  baseUrl: string;
  databasePath: string;
  /** Everything the process wrote so far, for failure messages. */
  output(): string;
  /** SIGTERM, then the exit (bounded). */
  terminate(timeoutMs?: number): Promise<Exit>;
  /** SIGKILL, then the exit. */
  kill(): Promise<Exit>;
}

/** Which server to start: the benchmark starts its own build of it, or loads a module into it. */
export interface ServerLaunch {
  /** Entry script, relative to the project's root; server/main.ts by default. */
  script?: string;
  /** Arguments after the script, such as the command scripts/run-built.mjs runs. */
  args?: string[];
  /** Modules loaded before it (`--import`), as file URLs or paths relative to the project's root. */
  preload?: string[];
  /** Node flags that NODE_OPTIONS may not carry, such as --cpu-prof. */
  nodeFlags?: string[];
}

/**
 * Starts server/main.ts on a free port with its data in `dataDir`, and resolves once /healthz
 * answers. The docs build is off (BUILD_DOCS=false): it costs more than a second per start and
 * parallel starts would all rewrite the same file.
 *
 * The port must be known before the start (the server prints and uses its public URL), so between
 * finding it free and the server binding it another socket may take it (another test run's): the
 * server then exits saying EADDRINUSE, and it is started on another port.
 */
export async function startServerProcess(dataDir: string, env: Record<string, string> = {}, timeoutMs = 60_000, launch: ServerLaunch = {}): Promise<ServerProcess> {
  return onFreePort((port) => startOn(port, dataDir, env, timeoutMs, launch));
}

/** The line the server prints once it listens (server/serve.ts), naming its URL. */
const LISTENING = /^Publishing API\s+\S+/m;

async function startOn(port: number, dataDir: string, env: Record<string, string>, timeoutMs: number, launch: ServerLaunch): Promise<ServerProcess> {
  const databasePath = path.join(dataDir, 'publishing.sqlite');
  const preload = (launch.preload ?? []).map((module) => (module.startsWith('file:') ? module : pathToFileURL(path.join(root, module)).href));
  const child = spawnTracked(launch.script ?? 'server/main.ts', launch.args ?? [], {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_PATH: databasePath,
    PUBLISHING_DEV_TOKEN: DEV_TOKEN,
    LOG_LEVEL: 'warn',
    BUILD_DOCS: 'false',
    DELIVERY_POLL_MS: '100',
    ...env,
  }, { preload, ...(launch.nodeFlags ? { nodeFlags: launch.nodeFlags } : {}) });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  // After 'exit' the last output may still be on its way: 'close' comes once both streams have ended.
  const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const origin = `http://127.0.0.1:${port}`;
  const server: ServerProcess = {
    child,
    origin,
    baseUrl: `${origin}/api/v1`,
    databasePath,
    output: () => output,
    terminate: (ms = 10_000) => {
      child.kill('SIGTERM');
      return exitOf(child, ms);
    },
    kill: () => {
      child.kill('SIGKILL');
      return exitOf(child, 5000);
    },
  };

  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await closed;
      throw new Error(`the server exited during start-up:\n${output}`);
    }
    // Only once this process says it listens: until then an answer on the port could be another
    // server's, one that took the port first while this one is about to exit with EADDRINUSE.
    const healthy = LISTENING.test(output) && (await fetch(`${origin}/healthz`).then((r) => r.ok, () => false));
    if (healthy) return server;
    // Refused connections cost next to nothing: asking often tells the start-up time to 10 ms.
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  await server.kill();
  throw new Error(`the server did not answer /healthz within ${timeoutMs} ms:\n${output}`);
}

/**
 * Resolves once the process has written a line matching `pattern` (a log line at `LOG_LEVEL=info`): a
 * test waits for the event the server reports instead of for a time that a busy machine overruns.
 */
export async function waitForOutput(server: ServerProcess, pattern: RegExp, timeoutMs: number): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!pattern.test(server.output())) {
    if (performance.now() > deadline) throw new Error(`the server did not write ${pattern} within ${timeoutMs} ms:\n${server.output().slice(-2000)}`);
    // The next thing the server writes, on either stream, or the deadline, whichever comes first.
    await new Promise<void>((resolve) => {
      const written = () => {
        clearTimeout(timer);
        server.child.stdout?.off('data', written);
        server.child.stderr?.off('data', written);
        resolve();
      };
      const timer = setTimeout(written, Math.max(0, Math.min(200, deadline - performance.now())));
      server.child.stdout?.once('data', written);
      server.child.stderr?.once('data', written);
    });
  }
}
