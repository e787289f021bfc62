/**
 * `npm run admin -- demo load`: the demo content of the stateful mock, added to a normal server's
 * database (a file, next to whatever it holds already), with a new random token per workspace that a
 * server started on that database then honours.
 */
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { apiFor, startTestServer, type TestServer } from './harness.ts';
import { runAdmin } from './processes.ts';
import { makeTempDir, removeTempDirs } from './temp-dirs.ts';

let server: TestServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
  removeTempDirs();
});

describe('npm run admin -- demo load', () => {
  it('adds the two demo workspaces to an existing database, each with a token of its own', async () => {
    const dataDir = makeTempDir('admin-demo');
    const env = { DATA_DIR: dataDir, DATABASE_PATH: path.join(dataDir, 'publishing.sqlite') };
    const existing = await runAdmin(['workspace', 'create', '--name', 'Already here'], env);
    expect(existing.code).toBe(0);

    const loaded = await runAdmin(['demo', 'load'], env, 90_000);
    expect(loaded.code, loaded.stderr).toBe(0);
    const rows = [...loaded.stdout.matchAll(/^(\d+) +(Northwind Journal|Tidewater Software) +(pub_[A-Za-z0-9_-]{43})$/gm)];
    expect(rows.map((row) => [Number(row[1]), row[2]])).toEqual([[2, 'Northwind Journal'], [3, 'Tidewater Software']]);

    server = await startTestServer({ databasePath: env.DATABASE_PATH, dataDir });
    const northwind = apiFor(server.baseUrl, rows[0]![3]!);
    const pages = await northwind('GET', '/pages');
    expect(pages.status).toBe(200);
    expect(pages.body.result.map((page: { name: string }) => page.name)).toEqual(['Letters from Readers', 'Kitchen Table', 'Field Notes']);
    const emails = await northwind('GET', `/newsletters/${(await northwind('GET', '/newsletters')).body.result.at(-1).id}/emails?size=100`);
    expect(new Set(emails.body.result.map((email: { status: string }) => email.status))).toEqual(new Set(['draft', 'scheduled', 'sent', 'failed']));
    // The covers were stored where this server serves images from.
    const post = (await northwind('GET', `/pages/${pages.body.result.at(-1).id}/posts?status=published`)).body.result.find((p: { cover_image_url: string | null }) => p.cover_image_url);
    const cover = await fetch(post.cover_image_url.replace(/^http:\/\/localhost:\d+/, new URL(server.baseUrl).origin));
    expect(cover.status).toBe(200);
  }, 120_000);
});
