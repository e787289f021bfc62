/** A fingerprint of everything the server has stored, to prove a refused request changed nothing. */
import { createHash } from 'node:crypto';
import type { Db } from '../db/database.ts';

const TABLES = ['pages', 'categories', 'posts', 'newsletters', 'emails', 'subscribers', 'authors', 'email_deliveries', 'outbox'];

export function storedFingerprint(db: Db): string {
  const hash = createHash('sha256');
  for (const table of TABLES) hash.update(JSON.stringify(db.prepare(`SELECT * FROM ${table} ORDER BY 1, 2`).all()));
  return hash.digest('hex');
}
