/**
 * Migration 0004: rows written before text refused control characters are brought within the rule,
 * so they can be read back. One-line text gets a space for each such character (U+FFFD when the name
 * with spaces is taken), multi-line text U+FFFD for all but tab, line feed and carriage return.
 * (NUL is beyond SQL's reach: SQLite's text functions stop at it.)
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillNameKeys } from '../db/name-keys.ts';
import { nameKey } from '../domain/names.ts';
import { startTestServer, type TestServer } from './harness.ts';

const migration = readFileSync(new URL('../db/migrations/0004_text_without_control_characters.sql', import.meta.url), 'utf8');

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

describe('migration 0004: stored text without control characters', () => {
  it('rewrites what older rows hold, so that every one of them is answered again', async () => {
    const db = t.server.db;
    const page = (await t.api('POST', '/pages', { body: { name: 'Tabbed page' } })).body.id;
    const post = (await t.api('POST', `/pages/${page}/posts`, { body: { title: 'Bell', content_md: 'one' } })).body.id;
    const taken = (await t.api('POST', '/newsletters', { body: { name: 'Line Break' } })).body.id;
    const newsletter = (await t.api('POST', '/newsletters', { body: { name: 'Other' } })).body.id;
    const email = (await t.api('POST', `/newsletters/${newsletter}/emails`, { body: { subject: 'Nul' } })).body.id;

    // As a database written before the rule may hold them.
    db.prepare('UPDATE pages SET name = ? WHERE id = ?').run('Tab\tbed\u0001page', page);
    db.prepare('UPDATE posts SET title = ?, content_md = ?, description = ? WHERE id = ?').run('Be\u0007ll', 'line one\nline\ttwo\r\n\u0007\u007f', 'a\u000bb', post);
    db.prepare('UPDATE newsletters SET name = ? WHERE id = ?').run('Line\nBreak', newsletter);
    db.prepare('UPDATE emails SET subject = ? WHERE id = ?').run('N\u001ful', email);
    // The contract's response schema refuses these rows: the server cannot answer them.
    expect((await t.api('GET', `/pages/${page}`)).status).toBe(500);

    db.exec(migration);
    fillNameKeys(db);

    const gotPage = await t.api('GET', `/pages/${page}`);
    expect(gotPage.status).toBe(200);
    expect(gotPage.body.name).toBe('Tab bed page');
    const gotPost = await t.api('GET', `/pages/${page}/posts/${post}`);
    expect(gotPost.status).toBe(200);
    expect(gotPost.body).toMatchObject({ title: 'Be ll', description: 'a\uFFFDb' });
    expect(db.prepare('SELECT content_md FROM posts WHERE id = ?').pluck().get(post)).toBe('line one\nline\ttwo\r\n\uFFFD\uFFFD');
    // "Line Break" is taken in the workspace: U+FFFD stands in, and the name gets its folded key again.
    const gotNewsletter = await t.api('GET', `/newsletters/${newsletter}`);
    expect(gotNewsletter.status).toBe(200);
    expect(gotNewsletter.body.name).toBe('Line\uFFFDBreak');
    expect(db.prepare('SELECT name_key FROM newsletters WHERE id = ?').pluck().get(newsletter)).toBe(nameKey('Line\uFFFDBreak'));
    expect((await t.api('GET', `/newsletters/${taken}`)).body.name).toBe('Line Break');
    const gotEmail = await t.api('GET', `/newsletters/${newsletter}/emails/${email}`);
    expect(gotEmail.status).toBe(200);
    expect(gotEmail.body.subject).toBe('N ul');
  });

  it('leaves rows within the rule as they are', async () => {
    const db = t.server.db;
    const newsletter = (await t.api('POST', '/newsletters', { body: { name: 'Untouched' } })).body;
    db.exec(migration);
    expect((await t.api('GET', `/newsletters/${newsletter.id}`)).body).toEqual(newsletter);
  });

  it('replaces every control character in every free-text column, one statement each, on the rows found for it', () => {
    // The review list: each column the rule governs, and whether it is one line (every control
    // character becomes a space) or lines (all but tab, LF and CR become U+FFFD).
    const oneLine = ['authors.first_name', 'authors.last_name', 'authors.position', 'pages.name', 'categories.name', 'posts.title', 'posts.seo_title', 'posts.og_title', 'newsletters.name', 'emails.subject', 'emails.preview'];
    const lines = ['authors.short_description', 'authors.long_description', 'categories.description', 'posts.description', 'posts.content_html', 'posts.content_md', 'posts.seo_description', 'posts.og_description', 'emails.content_html', 'emails.content_md'];
    const controls = [...Array.from({ length: 31 }, (_, i) => i + 1), 127];
    const kept = new Set([9, 10, 13]);

    const statement = /^UPDATE (OR IGNORE )?(\w+) SET (\w+) = replace\(\3, char\((\d+)\), (' '|char\(65533\))\) WHERE id IN \(SELECT id FROM text_to_fix WHERE tbl = '\2'\);$/;
    const replaced = new Map<string, number[]>();
    for (const line of migration.split('\n').filter((l) => /^UPDATE .* = replace\(/.test(l))) {
      const match = statement.exec(line);
      expect(match, line).not.toBeNull();
      const [, orIgnore, table, column, char, by] = match!;
      const key = `${table}.${column} ${by === "' '" ? 'space' : 'U+FFFD'}${orIgnore ? ' or ignore' : ''}`;
      replaced.set(key, [...(replaced.get(key) ?? []), Number(char)]);
    }
    const expected = new Map<string, number[]>();
    for (const column of oneLine) {
      // A name is unique in its workspace: spaces where they do not collide, U+FFFD for the rest.
      const unique = column === 'pages.name' || column === 'newsletters.name';
      expected.set(`${column} space${unique ? ' or ignore' : ''}`, controls);
      if (unique) expected.set(`${column} U+FFFD`, controls);
    }
    for (const column of lines) expected.set(`${column} U+FFFD`, controls.filter((c) => !kept.has(c)));
    expect(Object.fromEntries(replaced)).toEqual(Object.fromEntries(expected));

    // Each of those columns is among those its table's rows are found by.
    for (const column of [...oneLine, ...lines]) {
      const [table, name] = column.split('.');
      const finding = new RegExp(`INSERT INTO text_to_fix SELECT '${table}', id FROM ${table}\\nWHERE [^;]*\\b${name} GLOB '\\*\\[' \\|\\| char\\(1\\) \\|\\| '-' \\|\\| char\\(31\\) \\|\\| char\\(127\\) \\|\\| '\\]\\*'`);
      expect(migration, column).toMatch(finding);
    }
  });
});
