/**
 * SQL for emails. A list's total comes from `email_counts` (kept by triggers) rather than count(*),
 * so listing a newsletter with a million emails costs the same as listing an empty one.
 */
import type { Email } from '../../generated/openapi.d.ts';
import type { Db } from '../db/database.ts';
import { limitOffset, slugRange, updateRow, type PageOf, type Paging, type Value } from './common.ts';

const COLUMNS = `id, subject, preview, slug, status, content_html, content_json, author_id, newsletter_id,
  scheduled_at, sent_at, created_at, updated_at`;

type EmailRow = Omit<Email, 'content_json'> & { content_json: string | null };

const toEmail = (row: EmailRow): Email => ({
  ...row,
  content_json: row.content_json === null ? null : (JSON.parse(row.content_json) as Email['content_json']),
});

/** An email as the send rules and the delivery worker see it. */
export interface EmailState extends Email {
  delivery_started_at: string | null;
}

export interface NewEmail {
  newsletter_id: number;
  subject: string;
  preview: string | null;
  slug: string;
  content_html: string | null;
  content_md: string | null;
  author_id: number | null;
  created_at: string;
}

export class EmailStore {
  private readonly byId;
  private readonly stateById;
  private readonly listAll;
  private readonly listByStatus;
  private readonly countAll;
  private readonly countByStatus;
  private readonly insertRow;
  private readonly slugs;
  private readonly remove;

  constructor(private readonly db: Db) {
    this.byId = db.prepare<[number, number], EmailRow>(`SELECT ${COLUMNS} FROM emails WHERE newsletter_id = ? AND id = ?`);
    this.stateById = db.prepare<[number], EmailRow & { delivery_started_at: string | null }>(
      `SELECT ${COLUMNS}, delivery_started_at FROM emails WHERE id = ?`,
    );
    this.listAll = db.prepare<[number, number, number], EmailRow>(
      `SELECT ${COLUMNS} FROM emails WHERE newsletter_id = ? ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`,
    );
    this.listByStatus = db.prepare<[number, string, number, number], EmailRow>(
      `SELECT ${COLUMNS} FROM emails WHERE newsletter_id = ? AND status = ? ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`,
    );
    this.countAll = db.prepare<[number], number>('SELECT coalesce(sum(count), 0) FROM email_counts WHERE newsletter_id = ?').pluck();
    this.countByStatus = db
      .prepare<[number, string], number>('SELECT coalesce(sum(count), 0) FROM email_counts WHERE newsletter_id = ? AND status = ?')
      .pluck();
    this.insertRow = db.prepare(
      `INSERT INTO emails (newsletter_id, subject, preview, slug, status, content_html, content_md, author_id, created_at, updated_at)
       VALUES (@newsletter_id, @subject, @preview, @slug, 'draft', @content_html, @content_md, @author_id, @created_at, @created_at)`,
    );
    this.slugs = db.prepare<[number, string, string], string>('SELECT slug FROM emails WHERE newsletter_id = ? AND slug >= ? AND slug < ?').pluck();
    this.remove = db.prepare<[number, number]>('DELETE FROM emails WHERE newsletter_id = ? AND id = ?');
  }

  get(newsletterId: number, id: number): Email | undefined {
    const row = this.byId.get(newsletterId, id);
    return row && toEmail(row);
  }

  /** The email with its delivery bookkeeping, by id alone: for the worker, which has no workspace. */
  state(id: number): EmailState | undefined {
    const row = this.stateById.get(id);
    return row && { ...toEmail(row), delivery_started_at: row.delivery_started_at };
  }

  list(newsletterId: number, status: Email['status'] | undefined, paging: Paging): PageOf<Email> {
    const { limit, offset } = limitOffset(paging);
    if (status === undefined) {
      return { total: this.countAll.get(newsletterId) ?? 0, items: this.listAll.all(newsletterId, limit, offset).map(toEmail) };
    }
    return {
      total: this.countByStatus.get(newsletterId, status) ?? 0,
      items: this.listByStatus.all(newsletterId, status, limit, offset).map(toEmail),
    };
  }

  slugsFrom(newsletterId: number, base: string): string[] {
    const { from, to } = slugRange(base);
    return this.slugs.all(newsletterId, from, to);
  }

  insert(email: NewEmail): number {
    return Number(this.insertRow.run(email).lastInsertRowid);
  }

  update(id: number, changes: Record<string, Value>): void {
    updateRow(this.db, 'emails', id, changes);
  }

  delete(newsletterId: number, id: number): boolean {
    return this.remove.run(newsletterId, id).changes === 1;
  }
}
