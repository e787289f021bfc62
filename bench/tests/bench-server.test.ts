/**
 * The benchmark's server builds: without validation, the server still routes and answers, but takes
 * what the contract refuses; with the event-loop probe loaded, the probe answers its record.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { DEV_TOKEN, startServerProcess, stopAllProcesses } from '../../server/tests/processes.ts';
import { makeTempDir, removeTempDirs } from '../../server/tests/temp-dirs.ts';

afterEach(async () => {
  await stopAllProcesses();
  removeTempDirs();
});

const headers = { Authorization: `Bearer ${DEV_TOKEN}`, 'Content-Type': 'application/json' };
/** A body the contract refuses: a newsletter has no field `unknown`. */
const refused = JSON.stringify({ name: 'Validated or not', unknown: true });

describe('the benchmark builds of the server', () => {
  it('without validation answers what the real server refuses with 422, and still routes by the contract', async () => {
    const real = await startServerProcess(makeTempDir('bench-validated'), {}, 60_000);
    const bare = await startServerProcess(makeTempDir('bench-unvalidated'), {}, 60_000, { script: 'bench/server-without-validation.ts' });

    expect((await fetch(`${real.baseUrl}/newsletters`, { method: 'POST', headers, body: refused })).status).toBe(422);
    const created = await fetch(`${bare.baseUrl}/newsletters`, { method: 'POST', headers, body: refused });
    expect(created.status).toBe(201);
    const id = ((await created.json()) as { id: number }).id;
    expect((await fetch(`${bare.baseUrl}/newsletters/${id}`, { headers })).status).toBe(200);
    expect((await bare.terminate()).code).toBe(0);
    // Two server starts on a busy machine.
  }, 120_000);

  it('with the probe loaded reports the event loop\'s delays on a port of its own', async () => {
    const server = await startServerProcess(makeTempDir('bench-probe'), {}, 60_000, { preload: ['bench/event-loop-probe.ts'] });
    const port = /event-loop probe on port (\d+)/.exec(server.output())?.[1];
    expect(port).toBeDefined();
    const record = (await (await fetch(`http://127.0.0.1:${port}/?reset=1`)).json()) as Record<string, number>;
    expect(Object.keys(record).sort()).toEqual(['maxMs', 'meanMs', 'p99Ms', 'samples']);
    expect(record.samples).toBeGreaterThan(0);
  }, 120_000);
});
