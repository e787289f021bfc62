/**
 * A stranger's first mistakes, as they make them: each stops before any test runs, in seconds, with
 * exit 2 and one line that says what is wrong and how to fix it, instead of hundreds of failures that
 * blame the server.
 */
import { createServer, type Server } from 'node:http';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../server/tests/harness.ts';
import { runCli, type CliRun } from './run-cli.ts';

/**
 * The bound the suite promises for a wrong setup on a machine to itself, beyond what the CLI costs to
 * start at all (measured beside each run: `--version`, at the same moment and so under the same load).
 * A fixed bound failed with another test run on the machine, where a process start alone takes seconds.
 */
const FIRST_CONTACT_MS = 5000;

let server: TestServer;
let html: Server;
let htmlUrl: string;
const version = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;

beforeAll(async () => {
  server = await startTestServer({ database: 'file' });
  html = createServer((_, response) => response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end('<!DOCTYPE html><html><body>Welcome to our site</body></html>'));
  await new Promise<void>((resolve) => html.listen(0, '127.0.0.1', resolve));
  htmlUrl = `http://127.0.0.1:${(html.address() as { port: number }).port}`;
}, 60_000);

afterAll(async () => {
  await server?.close();
  await new Promise((resolve) => html?.close(resolve));
});

async function timed(args: string[], env: NodeJS.ProcessEnv): Promise<CliRun & { ms: number }> {
  const started = Date.now();
  const run = await runCli(['--report-dir', mkdtempSync(path.join(tmpdir(), 'conformance-first-')), ...args], env);
  return { ...run, ms: Date.now() - started };
}

/** The one line of advice on stderr (the CLI prints nothing else there for these mistakes). */
function adviceOf(run: CliRun): string {
  const lines = run.stderr.trim().split('\n').filter((line) => line !== 'Run with --help for the options.');
  expect(lines, run.stderr).toHaveLength(1);
  return lines[0]!;
}

describe("a stranger's first mistakes", () => {
  const root = () => server.baseUrl.replace(/\/api\/v1$/, '');
  const mistakes: { mistake: string; args: () => string[]; env: () => NodeJS.ProcessEnv; fix: () => RegExp }[] = [
    {
      mistake: 'a token the server does not know',
      args: () => ['--base-url', server.baseUrl],
      env: () => ({ CONFORMANCE_TOKEN: 'pub_not_a_token_of_this_server' }),
      fix: () => /refused the token: GET .*\/pages answered 401 .*Give a valid API token .* in CONFORMANCE_TOKEN/,
    },
    {
      mistake: 'a base URL without /api/v1',
      args: () => ['--base-url', root()],
      env: () => ({ CONFORMANCE_TOKEN: server.token }),
      fix: () => new RegExp(`does not serve this API: .* answered 404; the API answers at ${escape(server.baseUrl)}: use --base-url ${escape(server.baseUrl)}\\.`),
    },
    {
      mistake: 'a base URL of another version of the API',
      args: () => ['--base-url', `${root()}/api/v2`],
      env: () => ({ CONFORMANCE_TOKEN: server.token }),
      fix: () => new RegExp(`answered 404; the API answers at ${escape(server.baseUrl)}: use --base-url ${escape(server.baseUrl)}\\.`),
    },
    {
      mistake: 'a base URL that serves a web page',
      args: () => ['--base-url', htmlUrl],
      env: () => ({ CONFORMANCE_TOKEN: server.token }),
      fix: () => /does not serve this API: .* answered 200 with text\/html \(<!DOCTYPE html>.*\), not the API's JSON; give the URL the contract's paths are appended to/,
    },
    {
      mistake: 'https:// to a plain-HTTP server',
      args: () => ['--base-url', server.baseUrl.replace(/^http:/, 'https:')],
      env: () => ({ CONFORMANCE_TOKEN: server.token }),
      fix: () => new RegExp(`looks like a plain-HTTP server, so use http:// instead of https:// \\(${escape(server.baseUrl)}\\)`),
    },
    {
      mistake: 'neither a base URL nor a token',
      args: () => [],
      env: () => ({}),
      fix: () => /the target and its token are required: --base-url \(or CONFORMANCE_BASE_URL.*\) and --token \(give it in CONFORMANCE_TOKEN/,
    },
  ];

  for (const { mistake, args, env, fix } of mistakes) {
    it(`${mistake}: exit 2 at once, with the fix`, async () => {
      const [run, start] = await Promise.all([timed(args(), env()), timed(['--version'], {})]);
      expect(run.exitCode, run.stdout + run.stderr).toBe(2);
      expect(adviceOf(run)).toMatch(fix());
      // Stopped before any test: a run of the suite takes tens of seconds, this the start and a few requests.
      expect(run.ms, `the CLI alone started and stopped in ${start.ms} ms`).toBeLessThan(FIRST_CONTACT_MS + start.ms);
      // Nothing ran: no test was reported.
      expect(run.stdout).not.toMatch(/tests?:|FAILED|PASSED/);
    }, 30_000);
  }

  it('a refused second token is named too', async () => {
    const run = await timed(['--base-url', server.baseUrl], { CONFORMANCE_TOKEN: server.token, CONFORMANCE_TOKEN2: 'pub_not_a_token_either' });
    expect(run.exitCode).toBe(2);
    expect(adviceOf(run)).toMatch(/refused the second token: .* CONFORMANCE_TOKEN2/);
    expect(run.stderr).not.toContain('pub_not_a_token_either');
  }, 30_000);

  it('--version prints the version; every run prints it first', async () => {
    const shown = await timed(['--version'], {});
    expect(shown.exitCode).toBe(0);
    expect(shown.stdout.trim()).toBe(version);
    const run = await timed(['--base-url', root()], { CONFORMANCE_TOKEN: server.token });
    expect(run.stdout.split('\n')[0]).toBe(`publishing-conformance ${version}: checking ${root()} (profile live, seed ${/seed (\d+)/.exec(run.stdout)?.[1]}, run id ${/run id (\w+)/.exec(run.stdout)?.[1]})`);
  }, 30_000);
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
