/**
 * Fills in the folded name keys (migration 0003) of pages and newsletters written before the keys
 * existed. SQL alone cannot fold Unicode case, so this runs in the server each time the database is
 * opened; it finds nothing to do once every row has its key. Two old names that fold alike (written
 * when only ASCII case was compared) both stay: the older one gets the key, the newer keeps none
 * until it is renamed, and any new name that folds alike still collides with the older one.
 */
import { nameKey } from '../domain/names.ts';
import type { Connection } from './sqlite-api.ts';

/** Runs as the database is opened (database.ts), before anything else uses it. */
export function fillNameKeys(db: Connection): void {
  for (const table of ['pages', 'newsletters'] as const) {
    const missing = db.prepare(`SELECT id, workspace_id, name FROM ${table} WHERE name_key IS NULL ORDER BY id`).all() as Array<{ id: number; workspace_id: number; name: string }>;
    if (missing.length === 0) continue;
    const taken = db.prepare(`SELECT 1 FROM ${table} WHERE workspace_id = ? AND name_key = ?`);
    const setKey = db.prepare(`UPDATE ${table} SET name_key = ? WHERE id = ?`);
    db.transaction(() => {
      for (const row of missing) {
        const key = nameKey(row.name);
        if (taken.get(row.workspace_id, key) === undefined) setKey.run(key, row.id);
      }
    })();
  }
}
