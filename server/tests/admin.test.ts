/**
 * The admin command (`npm run admin -- ...`), run as a child process against a temporary database
 * file, the way an operator runs it next to a server.
 */
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { apiFor, eventually, startTestServer, type TestServer } from './harness.ts';
import { DEV_TOKEN, runAdmin, startServerProcess, stopAllProcesses } from './processes.ts';
import { readDatabase } from './sqlite-file.ts';
import { makeTempDir, removeTempDirs } from './temp-dirs.ts';

let inProcess: TestServer | undefined;

afterEach(async () => {
  await inProcess?.close();
  inProcess = undefined;
  await stopAllProcesses();
  removeTempDirs();
});

function databaseEnv() {
  const dataDir = makeTempDir('admin-test');
  return { DATA_DIR: dataDir, DATABASE_PATH: path.join(dataDir, 'publishing.sqlite') };
}

/** The value of a `key  value` line of the command's output. */
function valueOf(stdout: string, key: string): string {
  const match = new RegExp(`^${key} +(\\S.*)$`, 'm').exec(stdout);
  if (!match?.[1]) throw new Error(`no "${key}" line in:\n${stdout}`);
  return match[1];
}

async function admin(env: Record<string, string>, ...args: string[]) {
  const result = await runAdmin(args, env);
  if (result.code !== 0) throw new Error(`admin ${args.join(' ')} exited ${result.code}:\n${result.stderr}`);
  return result.stdout;
}

describe('npm run admin', () => {
  it('creates a workspace, token and author that the running API honours, and revokes tokens at once', async () => {
    const env = databaseEnv();
    const created = await admin(env, 'workspace', 'create', '--name', 'Acme Publishing');
    const workspaceId = Number(valueOf(created, 'workspace'));
    const firstToken = valueOf(created, 'token');
    expect(firstToken).toMatch(/^pub_[A-Za-z0-9_-]{43}$/);

    const authorOut = await admin(env, 'author', 'create', '--workspace', String(workspaceId), '--first-name', 'Ada', '--last-name', 'Lovelace',
      '--email', ' Ada@Example.COM ', '--position', 'Editor');
    const secondOut = await admin(env, 'token', 'create', '--workspace', String(workspaceId), '--label', 'ci');
    const secondToken = valueOf(secondOut, 'token');
    const secondTokenId = Number(valueOf(secondOut, 'token_id'));

    inProcess = await startTestServer({ databasePath: env.DATABASE_PATH });
    const api = apiFor(inProcess.baseUrl, firstToken);
    const authors = await api('GET', '/authors');
    expect(authors.status).toBe(200);
    // Only this workspace's author: the test server's own workspaces are not visible to the token.
    expect(authors.body.total).toBe(1);
    expect(authors.body.result[0]).toMatchObject({
      id: Number(valueOf(authorOut, 'author')),
      first_name: 'Ada',
      last_name: 'Lovelace',
      formatted_name: 'Ada Lovelace',
      email: 'ada@example.com',
      position: 'Editor',
      slug: 'ada-lovelace',
      active: true,
    });
    expect((await api('GET', '/newsletters', { token: secondToken })).status).toBe(200);

    const listed = await admin(env, 'token', 'list', '--workspace', String(workspaceId));
    expect(listed).toMatch(/^1 +admin +\S+ +active$/m);
    expect(listed).toMatch(new RegExp(`^${secondTokenId} +ci +\\S+ +active$`, 'm'));
    expect(listed).not.toContain(firstToken);
    expect(listed).not.toContain(secondToken);

    expect(await admin(env, 'token', 'revoke', '--id', String(secondTokenId))).toContain(`Revoked token ${secondTokenId}.`);
    // The running server reads tokens on every request: the revocation applies without a restart.
    const refused = await api('GET', '/newsletters', { token: secondToken });
    expect(refused.status).toBe(401);
    expect((await api('GET', '/newsletters')).status).toBe(200);
    expect(await admin(env, 'token', 'list', '--workspace', String(workspaceId))).toMatch(
      new RegExp(`^${secondTokenId} +ci +\\S+ +revoked \\S+$`, 'm'),
    );

    const again = await runAdmin(['token', 'revoke', '--id', String(secondTokenId)], env);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/^error: There is no active token \d+ .*already revoked/m);
  });

  it('refuses unknown ids and invalid values with a one-line error and status 1, storing nothing', async () => {
    const env = databaseEnv();
    await admin(env, 'workspace', 'create', '--name', 'Only');
    const cases: Array<{ args: string[]; error: RegExp }> = [
      { args: ['token', 'create', '--workspace', '99'], error: /There is no workspace 99 in .*publishing\.sqlite/ },
      { args: ['token', 'list', '--workspace', '99'], error: /There is no workspace 99/ },
      { args: ['author', 'create', '--workspace', '99', '--first-name', 'A', '--email', 'a@example.com'], error: /There is no workspace 99/ },
      { args: ['token', 'revoke', '--id', '99'], error: /There is no active token 99/ },
      { args: ['outbox', '--email', '99'], error: /There is no email 99/ },
      { args: ['token', 'create', '--workspace', 'abc'], error: /'abc' is invalid\. It must be a whole number from 1 up/ },
      { args: ['token', 'create', '--workspace', '0'], error: /'0' is invalid/ },
      { args: ['token', 'create', '--workspace', '9007199254740993'], error: /is invalid/ },
      { args: ['author', 'create', '--workspace', '1', '--first-name', 'A', '--email', 'not-an-address'], error: /valid email address/ },
      { args: ['author', 'create', '--workspace', '1', '--first-name', '   ', '--email', 'a@example.com'], error: /must not be blank/ },
      { args: ['author', 'create', '--workspace', '1', '--first-name', 'x'.repeat(256), '--email', 'a@example.com'], error: /at most 255/ },
      { args: ['author', 'create', '--workspace', '1', '--first-name', 'Two\nlines', '--email', 'a@example.com'], error: /one line without control characters/ },
      { args: ['author', 'create', '--workspace', '1', '--first-name', 'A'], error: /required option '--email <address>' not specified/ },
      { args: ['workspace', 'delete', '--name', 'x'], error: /unknown command|too many arguments/ },
    ];
    const results = await Promise.all(cases.map((c) => runAdmin(c.args, env)));
    results.forEach((result, i) => {
      const { args, error } = cases[i]!;
      expect({ args, code: result.code }).toEqual({ args, code: 1 });
      expect(result.stderr, args.join(' ')).toMatch(error);
      expect(result.stderr).not.toMatch(/\n\s+at /); // no stack trace
      expect(result.stdout).toBe('');
    });
    readDatabase(env.DATABASE_PATH, (db) => {
      expect(db.prepare('SELECT count(*) FROM workspaces').pluck().get()).toBe(1);
      expect(db.prepare('SELECT count(*) FROM api_tokens').pluck().get()).toBe(1);
      expect(db.prepare('SELECT count(*) FROM authors').pluck().get()).toBe(0);
    });
  });

  it('lists the messages of the local outbox, as a table and as JSON', async () => {
    const env = databaseEnv();
    expect(await admin(env, 'outbox')).toBe('The outbox is empty.\n');

    inProcess = await startTestServer({ databasePath: env.DATABASE_PATH });
    const { api } = inProcess;
    const newsletter = (await api('POST', '/newsletters', { body: { name: 'Weekly' } })).body;
    const addresses = ['ana@example.com', 'bo@example.com', 'cy@example.com'];
    for (const email of addresses) await api('POST', `/newsletters/${newsletter.id}/subscribers`, { body: { email } });
    const email = (await api('POST', `/newsletters/${newsletter.id}/emails`, { body: { subject: 'Issue 1', content_html: '<p>Hello</p>' } })).body;
    expect((await api('POST', `/newsletters/${newsletter.id}/emails/${email.id}/send`, { body: {} })).status).toBe(200);
    await eventually(async () => ((await api('GET', `/newsletters/${newsletter.id}/emails/${email.id}`)).body.status === 'sent' ? true : undefined));
    await inProcess.close();
    inProcess = undefined;

    const messages = JSON.parse(await admin(env, 'outbox', '--email', String(email.id), '--json'));
    expect(messages.map((m: { to_address: string }) => m.to_address).sort()).toEqual(addresses);
    for (const message of messages) {
      expect(message).toMatchObject({ email_id: email.id, subject: 'Issue 1', html: '<p>Hello</p>', from_address: '"Weekly" <newsletters@localhost>' });
      expect(message.message_id).toMatch(new RegExp(`^<email-${email.id}\\.subscriber-\\d+@127\\.0\\.0\\.1>$`));
    }

    const listed = await admin(env, 'outbox', '--email', String(email.id));
    expect(listed.split('\n')[0]).toMatch(/^created_at +email +to +subject +message_id$/);
    for (const address of addresses) expect(listed).toMatch(new RegExp(`^\\S+ +${email.id} +${address} +Issue 1 +<email-`, 'm'));
    expect(listed).toMatch(/^3 messages$/m);
  });

  it('keeps a revoked development token revoked when the server starts again', async () => {
    const dataDir = makeTempDir('admin-dev-token');
    const env = { DATA_DIR: dataDir, DATABASE_PATH: path.join(dataDir, 'publishing.sqlite') };
    const first = await startServerProcess(dataDir);
    expect((await apiFor(first.baseUrl, DEV_TOKEN)('GET', '/newsletters')).status).toBe(200);
    expect(await admin(env, 'token', 'list', '--workspace', '1')).toMatch(/^1 +development +\S+ +active$/m);
    await admin(env, 'token', 'revoke', '--id', '1');
    expect((await first.terminate()).code).toBe(0);

    // PUBLISHING_DEV_TOKEN is still set: the server must start, and must not bring the token back.
    const second = await startServerProcess(dataDir);
    expect((await apiFor(second.baseUrl, DEV_TOKEN)('GET', '/newsletters')).status).toBe(401);
    expect(second.output()).toContain('create one with: npm run admin -- token create --workspace 1');
    expect((await second.terminate()).code).toBe(0);
  });
});
