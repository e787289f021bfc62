/**
 * Storage faults, as an operator meets them: the server refuses to start on a data directory it
 * cannot write or a database it cannot read, with one line that names the file and says what to do;
 * /healthz says whether the server can take writes; a full disk is a 507 problem.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { startServerProcess, stopAllProcesses } from './processes.ts';
import { makeTempDir, removeTempDirs } from './temp-dirs.ts';

afterEach(async () => {
  await stopAllProcesses();
  removeTempDirs();
});

/** The output of a server start that must fail. */
async function failedStart(dataDir: string, env: Record<string, string> = {}): Promise<string> {
  const error = await startServerProcess(dataDir, env).then(
    () => undefined,
    (err: unknown) => err as Error,
  );
  expect(error?.message).toMatch(/exited during start-up/);
  return error!.message.replace(/^the server exited during start-up:\n/, '').trim();
}

describe('start-up on storage it cannot use', () => {
  it('a database file that is not SQLite: one line naming the file and what to do, no stack trace', async () => {
    const dataDir = makeTempDir('storage-corrupt');
    const file = path.join(dataDir, 'publishing.sqlite');
    writeFileSync(file, 'this is not a database, but it is long enough to have a header of a hundred bytes or so, so SQLite reads it');
    const output = await failedStart(dataDir);
    expect(output.split('\n')).toHaveLength(1);
    expect(output).toContain(file);
    expect(output).toMatch(/^Cannot start: .*Restore it from a backup, or move it away/);
    expect(output).not.toMatch(/\bat .*\.ts:\d+/);
  }, 60_000);

  it('a data directory that cannot be written: one line naming it and what to do', async () => {
    const parent = makeTempDir('storage-unwritable');
    // A file where the directory should be: nothing can be created in it, whoever runs the server.
    const dataDir = path.join(parent, 'data');
    writeFileSync(dataDir, '');
    const output = await failedStart(dataDir, { DATABASE_PATH: path.join(parent, 'publishing.sqlite') });
    expect(output.split('\n')).toHaveLength(1);
    expect(output).toMatch(new RegExp(`^Cannot start: the data directory ${dataDir} is not usable: .*set DATA_DIR`));
  }, 60_000);
});

describe('/healthz and a full disk', () => {
  let t: TestServer | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('says the server can take writes, and says why not when it cannot', async () => {
    t = await startTestServer();
    const origin = new URL(t.baseUrl).origin;
    expect(await (await fetch(`${origin}/healthz`)).json()).toEqual({ status: 'ok', writable: true, warm: false });
    // The data directory replaced by something that cannot be written.
    const { rmSync } = await import('node:fs');
    rmSync(t.config.dataDir, { recursive: true, force: true });
    writeFileSync(t.config.dataDir, '');
    const health = await fetch(`${origin}/healthz`);
    expect(health.status).toBe(200);
    const body = (await health.json()) as { status: string; writable: boolean; reason: string };
    expect(body).toMatchObject({ status: 'read-only', writable: false });
    expect(body.reason).toContain(t.config.dataDir);
    rmSync(t.config.dataDir, { force: true });
  });

  it('a write that finds the disk full is a 507 storage-full problem, and nothing of it is stored', async () => {
    t = await startTestServer();
    // The next insert of a page fails as SQLite fails on a full disk.
    const pages = t.server.stores.pages as unknown as { insert: (...args: unknown[]) => unknown };
    pages.insert = () => {
      throw Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
    };
    const answer = await t.api('POST', '/pages', { body: { name: 'No room' } });
    expect(answer.status).toBe(507);
    expect(answer.body).toMatchObject({ type: 'https://publishing.example/problems/storage-full', status: 507 });
    expect((await t.api('GET', '/pages')).body.total).toBe(0);
  });
});
