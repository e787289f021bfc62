/**
 * Names of pages and newsletters are unique in a workspace by Unicode case folding (full folding,
 * after NFKC), on create and on rename, and a refused name stores nothing. Rows written before the
 * folded keys existed get theirs when the database is opened.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillNameKeys } from '../db/name-keys.ts';
import { nameKey } from '../domain/names.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { storedFingerprint } from './stored.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

/** A name taken, and another spelling of the same name. */
const sameNames: Array<[string, string, string]> = [
  ['letters beyond ASCII', 'Ärger Blog', 'ärger blog'],
  ['full folding: ß is ss', 'Straße Notes', 'STRASSE NOTES'],
  ['full folding: the capital sharp s ẞ is ss', 'Straße Blog', 'STRAẞE BLOG'],
  ['Greek final sigma', 'ΟΔΟΣ News', 'οδοσ news'],
  ['full-width letters', 'Ｗｉｄｅ Ｌｅｔｔｅｒｓ', 'wide letters'],
  ['a composed and a decomposed é', 'Caf\u00e9 Society', 'CAFE\u0301 SOCIETY'],
  ['a ligature', 'ﬁnal Words', 'FINAL words'],
];

const kinds = [
  { kind: 'page', collection: '/pages' },
  { kind: 'newsletter', collection: '/newsletters' },
] as const;

describe.each(kinds)('$kind names', ({ collection }) => {
  it.each(sameNames)('create: %s (%s, then %s) is a 409 and stores nothing', async (_, taken, same) => {
    expect((await t.api('POST', collection, { body: { name: taken } })).status).toBe(201);
    const before = storedFingerprint(t.server.db);
    const { status, body } = await t.api('POST', collection, { body: { name: same } });
    expect(status).toBe(409);
    expect(body.type).toMatch(/name-taken$/);
    expect(storedFingerprint(t.server.db)).toBe(before);
  });

  it.each(sameNames)('rename: %s is a 409 and changes nothing', async (_, taken, same) => {
    const other = (await t.api('POST', collection, { body: { name: `Other ${taken} ${collection}` } })).body.id;
    const before = storedFingerprint(t.server.db);
    const { status } = await t.api('PATCH', `${collection}/${other}`, { body: { name: same } });
    expect(status).toBe(409);
    expect(storedFingerprint(t.server.db)).toBe(before);
  });

  it('takes names that differ by more than case, and a new letter case of its own name', async () => {
    const id = (await t.api('POST', collection, { body: { name: 'Ärger Blogs' } })).body.id;
    expect((await t.api('POST', collection, { body: { name: 'Arger Blog' } })).status).toBe(201);
    const renamed = await t.api('PATCH', `${collection}/${id}`, { body: { name: 'ÄRGER BLOGS' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe('ÄRGER BLOGS');
  });

  it('keeps names per workspace: another workspace may use the same name', async () => {
    expect((await t.api('POST', collection, { body: { name: 'ärger blog' }, token: t.otherToken })).status).toBe(201);
  });
});

describe('folded keys of older rows', () => {
  it('are filled in when the database is opened; two old names that fold alike both stay', async () => {
    const db = t.server.db;
    const a = (await t.api('POST', '/newsletters', { body: { name: 'Öl Weekly' } })).body.id;
    const b = (await t.api('POST', '/newsletters', { body: { name: 'Öl Monthly' } })).body.id;
    // As a database written before migration 0003 has them: no keys, and ASCII-only uniqueness let
    // two names that fold alike in.
    db.prepare("UPDATE newsletters SET name_key = NULL, name = 'öl weekly' WHERE id = ?").run(b);
    db.prepare("UPDATE newsletters SET name_key = NULL WHERE id = ?").run(a);
    fillNameKeys(db);
    const keys = db.prepare('SELECT id, name_key FROM newsletters WHERE id IN (?, ?) ORDER BY id').all(a, b);
    expect(keys).toEqual([{ id: a, name_key: nameKey('Öl Weekly') }, { id: b, name_key: null }]);
    expect((await t.api('GET', `/newsletters/${b}`)).status).toBe(200);
    expect((await t.api('POST', '/newsletters', { body: { name: 'ÖL WEEKLY' } })).status).toBe(409);
  });
});
