/**
 * Deep pages of a long email list start from remembered positions (store/list-positions.ts). Whatever
 * happens to the list between requests (emails created, deleted, moved to another status, several
 * created in the same millisecond), every page must hold exactly the rows LIMIT/OFFSET gives.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { Email } from '../../generated/openapi.d.ts';
import { openDatabase, type Db } from '../db/database.ts';
import { createStores, type Stores } from '../store/index.ts';
import { POSITION_STEP } from '../store/list-positions.ts';

const STATUSES = ['draft', 'scheduled', 'sent', 'failed'] as const;

let db: Db;
let stores: Stores;
let newsletter: number;
let created = 0;

/** Several emails share each timestamp, so the id breaks ties as the contract's order says. */
function addEmails(count: number): void {
  db.transaction(() => {
    for (let i = 0; i < count; i += 1) {
      created += 1;
      stores.emails.insert({
        newsletter_id: newsletter,
        subject: `Issue ${created}`,
        preview: null,
        slug: `issue-${created}`,
        content_html: null,
        content_md: null,
        author_id: null,
        created_at: new Date(Date.UTC(2026, 0, 1) + Math.floor(created / 3) * 1000).toISOString(),
      });
    }
  })();
}

/** The page as plain LIMIT/OFFSET answers it: what every page must equal. */
function expectedIds(status: Email['status'] | undefined, page: number, size: number): number[] {
  const filter = status === undefined ? '' : 'AND status = @status';
  return db
    .prepare(`SELECT id FROM emails WHERE newsletter_id = @newsletter ${filter} ORDER BY created_at DESC, id DESC LIMIT @size OFFSET @offset`)
    .pluck()
    .all({ newsletter, size, offset: (page - 1) * size, ...(status === undefined ? {} : { status }) }) as number[];
}

function expectEveryPageRight(status: Email['status'] | undefined, size: number): void {
  const total = (db.prepare(`SELECT count(*) FROM emails WHERE newsletter_id = ? ${status ? 'AND status = ?' : ''}`).pluck().get(...(status ? [newsletter, status] : [newsletter])) as number);
  const lastPage = Math.ceil(total / size) + 1;
  for (let page = 1; page <= lastPage; page += 1) {
    const listed = stores.emails.list(newsletter, status, { page, size });
    expect(listed.total).toBe(total);
    expect(listed.items.map((email) => email.id), `page ${page} of ${size}, status ${status ?? 'any'}`).toEqual(expectedIds(status, page, size));
  }
}

beforeEach(() => {
  db = openDatabase(':memory:');
  stores = createStores(db);
  const workspace = stores.tokens.createWorkspace('Deep pages', new Date().toISOString());
  newsletter = stores.newsletters.insert({ workspace_id: workspace, name: 'Long', name_slug: 'long', created_at: new Date().toISOString() });
  created = 0;
  addEmails(POSITION_STEP * 6 + 17);
});

describe('deep pages of a long email list', () => {
  it('hold exactly the rows LIMIT/OFFSET gives, for page sizes that do and do not divide the step', () => {
    for (const size of [10, 100, 7]) expectEveryPageRight(undefined, size);
  });

  it('follow the list after emails are created, deleted and moved between statuses', () => {
    expectEveryPageRight(undefined, 50);
    addEmails(40);
    expectEveryPageRight(undefined, 50);
    for (const id of [3, 300, 301, 900, 1200]) stores.emails.delete(newsletter, id);
    expectEveryPageRight(undefined, 50);
    db.prepare('UPDATE emails SET status = ? WHERE id % 3 = 0').run('sent');
    for (const status of STATUSES) expectEveryPageRight(status, 25);
    db.prepare("UPDATE emails SET status = 'failed' WHERE id BETWEEN 500 AND 700").run();
    for (const status of [undefined, ...STATUSES]) expectEveryPageRight(status, 25);
  });

  it('answer a page past the end with no rows and the right total', () => {
    const listed = stores.emails.list(newsletter, undefined, { page: 10_000, size: 100 });
    expect(listed).toEqual({ total: POSITION_STEP * 6 + 17, items: [] });
  });
});
