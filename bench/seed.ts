/**
 * Writes the large fixtures straight into a new SQLite file before the server starts: a million
 * emails in one newsletter, an empty newsletter to compare with, and a newsletter with ten thousand
 * active, verified subscribers. Through the API this would take many minutes; here it is one
 * transaction of set-based INSERTs. The schema comes from the server's own migrations, and the
 * `email_counts` triggers run for every row, so list totals are right when the server starts.
 */
import { inTransaction, openDatabase } from '../server/db/database.ts';
import { createStores } from '../server/store/index.ts';

export interface SeededDatabase {
  bigNewsletterId: number;
  emptyNewsletterId: number;
  audienceNewsletterId: number;
}

export function seedDatabase(file: string, options: { token: string; emails: number; subscribers: number }): SeededDatabase {
  // Through the server's own helpers (openDatabase, inTransaction, the stores) and plain SQL only, so
  // the seed follows whichever SQLite driver the server uses.
  const db = openDatabase(file);
  // A large page cache for the bulk insert only; the server opens the file with its own settings.
  db.exec('PRAGMA cache_size = -262144');
  const stores = createStores(db);
  const now = new Date().toISOString();
  try {
    return inTransaction(db, () => {
      const workspaceId = stores.tokens.createWorkspace('Benchmark workspace', now);
      stores.tokens.addToken(workspaceId, options.token, 'benchmark', now);
      const newsletter = (name: string) => stores.newsletters.insert({ workspace_id: workspaceId, name, name_slug: name.toLowerCase(), created_at: now });
      const seeded = { bigNewsletterId: newsletter('Million'), emptyNewsletterId: newsletter('Empty'), audienceNewsletterId: newsletter('Audience') };

      // One email a minute from 2020 on, three in four sent. Zero-padded slugs keep the unique index
      // appended in order, which makes the insert several seconds faster.
      db.prepare(
        `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < @count)
         INSERT INTO emails (newsletter_id, subject, slug, status, content_html, sent_at, created_at, updated_at)
         SELECT @newsletter, 'Issue ' || i, 'issue-' || printf('%07d', i),
                CASE WHEN i % 4 = 0 THEN 'draft' ELSE 'sent' END, '<p>Issue ' || i || '</p>',
                CASE WHEN i % 4 = 0 THEN NULL ELSE strftime('%Y-%m-%dT%H:%M:%fZ', '2020-01-01', '+' || i || ' minutes') END,
                strftime('%Y-%m-%dT%H:%M:%fZ', '2020-01-01', '+' || i || ' minutes'),
                strftime('%Y-%m-%dT%H:%M:%fZ', '2020-01-01', '+' || i || ' minutes')
         FROM n`,
      ).run({ count: options.emails, newsletter: seeded.bigNewsletterId });

      db.prepare(
        `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < @count)
         INSERT INTO subscribers (newsletter_id, email, verified, active, status, verified_at, created_at, updated_at)
         SELECT @newsletter, 'reader-' || printf('%05d', i) || '@example.com', 1, 1, 'active', @now, @now, @now FROM n`,
      ).run({ count: options.subscribers, newsletter: seeded.audienceNewsletterId, now });
      return seeded;
    });
  } finally {
    db.close();
  }
}
