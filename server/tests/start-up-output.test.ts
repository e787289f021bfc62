/**
 * What the server writes while it starts and warms up, as `npm start` runs it (scripts/run-built.mjs,
 * the bundle), on the Node.js that runs the tests: no deprecation warning of Node.js (express-openapi-
 * validator called url.parse on every request, DEP0169, a warning at run time from Node.js 24: this
 * project's patch of it reads the query without it), and no request-log line of the warm-up's own
 * requests (http/warm-answers.ts sends them to a copy of the server that logs nowhere): the only
 * request lines are those of the requests a client sent.
 *
 * `--pending-deprecation` makes the Node.js releases that only document a deprecation (DEP0169 on
 * Node.js 20 and 22) warn of it as the later ones do, so the test can fail on any of them.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { DEV_TOKEN, startServerProcess, stopAllProcesses, waitForOutput } from './processes.ts';
import { makeTempDir } from './temp-dirs.ts';

const WARM = /validators built for every operation/;


/** The request-log lines (pino-http's, at info) in what the server wrote. */
function requestLines(output: string): Array<{ req: { method: string; url: string } }> {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line))
    .filter((entry) => entry.req !== undefined);
}

afterEach(stopAllProcesses);

describe('the server as npm start runs it', () => {
  it('warns of no deprecation and logs none of its warm-up requests', async () => {
    const server = await startServerProcess(makeTempDir('start-up-output'), { LOG_LEVEL: 'info' }, 60_000, {
      script: 'scripts/run-built.mjs',
      args: ['server/main.ts'],
      nodeFlags: ['--pending-deprecation'],
    });
    // The warm-up's requests, then a client's, with a query (what the validator read with url.parse).
    await waitForOutput(server, WARM, 120_000);
    const response = await fetch(`${server.baseUrl}/pages?page=1&size=5`, { headers: { Authorization: `Bearer ${DEV_TOKEN}` } });
    expect(response.status).toBe(200);
    await response.arrayBuffer();
    await waitForOutput(server, /"url":"\/api\/v1\/pages\?page=1&size=5"/, 10_000);
    await server.terminate();

    const output = server.output();
    expect(output).not.toMatch(/DeprecationWarning|\[DEP\d+\]/);
    // Besides the start's own /healthz (processes.ts asks it until it answers), the client's request only.
    const logged = requestLines(output).map((line) => `${line.req.method} ${line.req.url}`);
    expect(logged.filter((line) => line !== 'GET /healthz')).toEqual(['GET /api/v1/pages?page=1&size=5']);
  }, 180_000);

  it('says in /healthz whether its warm-up has ended: not at its first answer, and once it has logged so', async () => {
    const server = await startServerProcess(makeTempDir('start-up-warm'), { LOG_LEVEL: 'info' }, 60_000, { script: 'scripts/run-built.mjs', args: ['server/main.ts'] });
    const health = async () => (await fetch(`${server.origin}/healthz`)).json();
    // The warm-up starts after a delay and builds 31 operations' validators: hundreds of ms at the least.
    const early = await health();
    await waitForOutput(server, WARM, 120_000);
    const late = await health();
    expect({ early, late }).toEqual({ early: { status: 'ok', writable: true, warm: false }, late: { status: 'ok', writable: true, warm: true } });
  }, 180_000);
});
