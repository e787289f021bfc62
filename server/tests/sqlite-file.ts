/**
 * Looks into a server's SQLite file from the test process, read-only, while the server runs or
 * after it has stopped: what is really stored, not what the API chooses to show.
 */
import { openConnection } from '../db/connection.ts';
import type { Connection } from '../db/sqlite-api.ts';

export function readDatabase<T>(file: string, read: (db: Connection) => T): T {
  const db = openConnection(file, { readonly: true, fileMustExist: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

/** As readDatabase, for a reader that keeps the connection across awaits (polling while a server writes). */
export async function watchDatabase<T>(file: string, watch: (db: Connection) => Promise<T>): Promise<T> {
  const db = openConnection(file, { readonly: true, fileMustExist: true });
  try {
    return await watch(db);
  } finally {
    db.close();
  }
}

/**
 * The subscriber ids an email's outbox messages went to, in order. The outbox's unique key
 * (email, subscriber) would hide a second write, so callers compare this with the audience and
 * with the delivery rows rather than only counting.
 */
export function outboxRecipients(file: string, emailId: number): number[] {
  return readDatabase(file, (db) =>
    db.prepare('SELECT subscriber_id FROM outbox WHERE email_id = ? ORDER BY subscriber_id').pluck().all(emailId) as number[],
  );
}

/** How many delivery rows of an email are in each state. */
export function deliveryStates(file: string, emailId: number): Record<string, number> {
  return readDatabase(file, (db) =>
    Object.fromEntries(
      (db.prepare('SELECT status, count(*) AS n FROM email_deliveries WHERE email_id = ? GROUP BY status').all(emailId) as Array<{ status: string; n: number }>).map(
        (row) => [row.status, row.n],
      ),
    ),
  );
}

/** Changes a server's SQLite file directly, for fixtures the API cannot make (a suppressed subscriber). */
export function writeDatabase<T>(file: string, write: (db: Connection) => T): T {
  const db = openConnection(file, { fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  try {
    return db.transaction(() => write(db))();
  } finally {
    db.close();
  }
}
