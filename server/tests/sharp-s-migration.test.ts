/**
 * Migration 0005 on a database written at the schema before it (migrations 0001 to 0004, rows as the
 * server then wrote them, name keys folding the capital sharp s ẞ to ß): opened as the server opens
 * it, the keys of names with ẞ are computed again with full case folding (ẞ is ss), every other row
 * is left as it was, an old name that now folds like another one older than it keeps no key (both
 * stay readable), and a new name that folds alike is refused with 409.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openConnection } from '../db/connection.ts';
import { nameKey } from '../domain/names.ts';
import { hashToken } from '../store/tokens.ts';
import { startTestServer, type TestServer } from './harness.ts';

const migrationsDir = new URL('../db/migrations/', import.meta.url);
const OLD_TOKEN = 'pub_written_before_migration_0005';
const AT = '2026-01-15T10:00:00.000Z';

/** The keys the server wrote before 0005 (its nameKey then: one round of upper then lower case, so ẞ became ß). */
const oldKey = (name: string) => name.normalize('NFKC').toUpperCase().toLowerCase().normalize('NFKC');

type Row = Record<string, unknown>;

/** A database file at the schema of migrations 0001 to 0004, recorded as the server records them. */
function databaseBefore0005(file: string): void {
  const db = openConnection(file);
  db.exec('CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)');
  const files = readdirSync(migrationsDir).filter((name) => /^\d{4}_.+\.sql$/.test(name)).sort();
  expect(files.map((name) => name.slice(0, 4))).toContain('0005');
  for (const name of files.filter((candidate) => Number(candidate.slice(0, 4)) < 5)) {
    db.exec(readFileSync(new URL(name, migrationsDir), 'utf8'));
    db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(Number(name.slice(0, 4)), name, AT);
  }
  db.prepare('INSERT INTO workspaces (id, name, created_at) VALUES (1, ?, ?)').run('Written before 0005', AT);
  db.prepare('INSERT INTO api_tokens (workspace_id, token_hash, label, created_at) VALUES (1, ?, ?, ?)').run(hashToken(OLD_TOKEN), 'old', AT);
  const page = db.prepare('INSERT INTO pages (id, workspace_id, name, slug, name_slug, domain, created_at, updated_at, name_key) VALUES (?, 1, ?, ?, ?, ?, ?, ?, ?)');
  page.run(1, 'Strasse Journal', 'strasse-journal', 'strasse-journal', 'strasse-journal-a1b2c3.pages.localhost', AT, AT, oldKey('Strasse Journal'));
  // Written when ẞ folded to ß: a name of its own then, the same name as the one above now.
  page.run(2, 'STRAẞE JOURNAL', 'strasse-journal-1', 'strasse-journal-1', 'strasse-journal-1-d4e5f6.pages.localhost', AT, AT, oldKey('STRAẞE JOURNAL'));
  page.run(3, 'Großstadt ẞ Notes', 'grossstadt-ss-notes', 'grossstadt-ss-notes', 'grossstadt-ss-notes-g7h8i9.pages.localhost', AT, AT, oldKey('Großstadt ẞ Notes'));
  page.run(4, 'Plain Page', 'plain-page', 'plain-page', 'plain-page-j1k2l3.pages.localhost', AT, AT, oldKey('Plain Page'));
  const newsletter = db.prepare('INSERT INTO newsletters (id, workspace_id, name, name_slug, created_at, updated_at, name_key) VALUES (?, 1, ?, ?, ?, ?, ?)');
  newsletter.run(1, 'GRÜẞE WEEKLY', 'gruesse-weekly', AT, AT, oldKey('GRÜẞE WEEKLY'));
  newsletter.run(2, 'Plain Letter', 'plain-letter', AT, AT, oldKey('Plain Letter'));
  db.close();
}

let dir: string;
let t: TestServer;
let before: { pages: Row[]; newsletters: Row[] };

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'publishing-migration-0005-'));
  const file = path.join(dir, 'publishing.sqlite');
  databaseBefore0005(file);
  const db = openConnection(file);
  before = { pages: db.prepare('SELECT * FROM pages ORDER BY id').all() as Row[], newsletters: db.prepare('SELECT * FROM newsletters ORDER BY id').all() as Row[] };
  db.close();
  // Opened as the server opens it: the migrations not applied yet, then the name keys filled in.
  t = await startTestServer({ databasePath: file });
});

afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('migration 0005 on rows written before it', () => {
  it('is applied once, after the four before it', () => {
    const versions = t.server.db.prepare('SELECT version FROM schema_migrations ORDER BY version').pluck().all();
    expect(versions).toEqual([1, 2, 3, 4, 5]);
  });

  it('computes the keys of names with ẞ again with full case folding, and changes nothing else', () => {
    const db = t.server.db;
    const pages = db.prepare('SELECT * FROM pages WHERE workspace_id = 1 ORDER BY id').all() as Row[];
    const newsletters = db.prepare('SELECT * FROM newsletters WHERE workspace_id = 1 ORDER BY id').all() as Row[];
    expect(nameKey('Großstadt ẞ Notes')).not.toBe(oldKey('Großstadt ẞ Notes'));
    expect(pages.find((row) => row.id === 3)?.name_key).toBe(nameKey('Großstadt ẞ Notes'));
    expect(newsletters.find((row) => row.id === 1)?.name_key).toBe(nameKey('GRÜẞE WEEKLY'));
    // Every other column of every row, and every row without ẞ, as it was.
    const without = (rows: Row[], changed: number[]) => rows.map((row) => (changed.includes(row.id as number) ? { ...row, name_key: 'recomputed' } : row));
    expect(without(pages, [2, 3])).toEqual(without(before.pages, [2, 3]));
    expect(without(newsletters, [1])).toEqual(without(before.newsletters, [1]));
  });

  it('leaves an old name that now folds like an older one without a key, both readable, the older keeping its key', async () => {
    const rows = t.server.db.prepare('SELECT id, name_key FROM pages WHERE id IN (1, 2) ORDER BY id').all();
    expect(nameKey('STRAẞE JOURNAL')).toBe(nameKey('Strasse Journal'));
    expect(rows).toEqual([
      { id: 1, name_key: nameKey('Strasse Journal') },
      { id: 2, name_key: null },
    ]);
    for (const id of [1, 2, 3, 4]) expect((await t.api('GET', `/pages/${id}`, { token: OLD_TOKEN })).status).toBe(200);
    const listed = await t.api('GET', '/pages?size=100', { token: OLD_TOKEN });
    expect(listed.body.result.map((page: { name: string }) => page.name).sort()).toEqual(['Großstadt ẞ Notes', 'Plain Page', 'STRAẞE JOURNAL', 'Strasse Journal']);
  });

  it('refuses a new name that folds like an old one with ẞ (409), in the old workspace only', async () => {
    expect((await t.api('POST', '/pages', { body: { name: 'GROSSSTADT SS NOTES' }, token: OLD_TOKEN })).status).toBe(409);
    expect((await t.api('POST', '/newsletters', { body: { name: 'grüsse weekly' }, token: OLD_TOKEN })).status).toBe(409);
    expect((await t.api('POST', '/newsletters', { body: { name: 'Grüße Weekly' }, token: OLD_TOKEN })).status).toBe(409);
    expect((await t.api('POST', '/newsletters', { body: { name: 'Grüße Weekly' } })).status).toBe(201);
  });
});
