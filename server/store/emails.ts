/**
 * SQL for emails. A list's total comes from `email_counts` (kept by triggers) rather than count(*),
 * and a deep page starts from a remembered position (list-positions.ts) rather than stepping over
 * every email before it, so listing a newsletter with a million emails costs about what listing an
 * empty one does, on any page.
 */
import type { Email } from '../../generated/openapi.d.ts';
import { inTransaction, type Db } from '../db/database.ts';
import { limitOffset, prepared, slugRange, updateRow, type PageOf, type Paging, type Value } from './common.ts';
import { ListPositions, POSITION_STEP, type SortKey } from './list-positions.ts';
import { contentDeferredSql, inlineContentSql, isDeferred, markDeferred } from './deferred-content.ts';

/** The columns an email is read from, in the order `emailOf` takes them. */
const COLUMNS = `id, subject, preview, slug, status, content_html, content_json, author_id, newsletter_id,
  scheduled_at, sent_at, created_at, updated_at`;
/**
 * The same columns for a list, with a flag at the end: a long content_html stays in the database
 * (deferred-content.ts).
 */
const LIST_COLUMNS = `${COLUMNS.replace('content_html', inlineContentSql)}, ${contentDeferredSql}`;
/** A listed email's content_html, which the list left in the database. */
const CONTENT = 'SELECT content_html FROM emails WHERE newsletter_id = ? AND id = ?';

type EmailValues = [
  number, string, string | null, string, Email['status'], string | null, string | null, number | null, number,
  string | null, string | null, string, string,
];

/**
 * An email from its row's values. Rows are read as arrays (`.raw()`) and each email is built as one
 * object literal: better-sqlite3's own row objects are assembled key by key, which costs about twice
 * as much here and leaves objects that V8 serialises to JSON more slowly.
 */
const emailOf = ([id, subject, preview, slug, status, content_html, content_json, author_id, newsletter_id, scheduled_at, sent_at, created_at, updated_at]:
  EmailValues): Email => ({
  id,
  subject,
  preview,
  slug,
  status,
  content_html,
  content_json: content_json === null ? null : (JSON.parse(content_json) as Email['content_json']),
  author_id,
  newsletter_id,
  scheduled_at,
  sent_at,
  created_at,
  updated_at,
});

/** A listed email's values, with the flag that says its content_html was left out. */
type ListedValues = [...EmailValues, number];

/** A listed email, marked when its content_html is still in the database. */
const listedEmailOf = (values: ListedValues): Email => {
  const email = emailOf(values as unknown as EmailValues);
  return values[13] ? markDeferred(email) : email;
};

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

type ListParams = { newsletter: number; status?: string };

/** The statements of one kind of list: all of a newsletter's emails, or those in one status. */
function listStatements(db: Db, filter: '' | 'AND status = @status') {
  const newestFirst = 'ORDER BY created_at DESC, id DESC';
  return {
    totals: db.prepare<[ListParams], { total: number; version: number }>(
      `SELECT coalesce(sum(count), 0) AS total, coalesce(sum(changes), 0) AS version FROM email_counts WHERE newsletter_id = @newsletter ${filter}`,
    ),
    page: db
      .prepare<[ListParams & { limit: number; offset: number }], ListedValues>(
        `SELECT ${LIST_COLUMNS} FROM emails WHERE newsletter_id = @newsletter ${filter} ${newestFirst} LIMIT @limit OFFSET @offset`,
      )
      .raw(),
    pageFrom: db
      .prepare<[ListParams & SortKey & { limit: number; offset: number }], ListedValues>(
        `SELECT ${LIST_COLUMNS} FROM emails WHERE newsletter_id = @newsletter ${filter} AND (created_at, id) <= (@createdAt, @id)
         ${newestFirst} LIMIT @limit OFFSET @offset`,
      )
      .raw(),
    first: db.prepare<[ListParams], SortKey>(`SELECT created_at AS createdAt, id FROM emails WHERE newsletter_id = @newsletter ${filter} ${newestFirst} LIMIT 1`),
    after: db.prepare<[ListParams & SortKey & { skip: number }], SortKey>(
      `SELECT created_at AS createdAt, id FROM emails WHERE newsletter_id = @newsletter ${filter} AND (created_at, id) < (@createdAt, @id)
       ${newestFirst} LIMIT 1 OFFSET @skip`,
    ),
  };
}

export class EmailStore {
  private readonly byId;
  private readonly stateById;
  private readonly lists;
  private readonly positions = new ListPositions();
  private readonly insertRow;
  private readonly slugs;
  private readonly remove;

  constructor(private readonly db: Db) {
    this.byId = db.prepare<[number, number], EmailValues>(`SELECT ${COLUMNS} FROM emails WHERE newsletter_id = ? AND id = ?`).raw();
    this.stateById = db.prepare<[number], [...EmailValues, string | null]>(`SELECT ${COLUMNS}, delivery_started_at FROM emails WHERE id = ?`).raw();
    this.lists = { all: listStatements(db, ''), byStatus: listStatements(db, 'AND status = @status') };
    this.insertRow = db.prepare(
      `INSERT INTO emails (newsletter_id, subject, preview, slug, status, content_html, content_md, author_id, created_at, updated_at)
       VALUES (@newsletter_id, @subject, @preview, @slug, 'draft', @content_html, @content_md, @author_id, @created_at, @created_at)`,
    );
    this.slugs = db.prepare<[number, string, string], string>('SELECT slug FROM emails WHERE newsletter_id = ? AND slug >= ? AND slug < ?').pluck();
    this.remove = db.prepare<[number, number]>('DELETE FROM emails WHERE newsletter_id = ? AND id = ?');
    prepared(db, CONTENT);
  }

  /**
   * A listed email with its content_html, if the list left it out, read through `from`: a snapshot's
   * connection of the moment the list was read (http/list-snapshot.ts), or this store's. Undefined if
   * the email is not there.
   */
  withContent(email: Email, from: Db = this.db): Email | undefined {
    if (!isDeferred(email)) return email;
    const content = prepared(from, CONTENT).pluck().get(email.newsletter_id, email.id) as string | null | undefined;
    return content === undefined ? undefined : { ...email, content_html: content };
  }

  get(newsletterId: number, id: number): Email | undefined {
    const row = this.byId.get(newsletterId, id);
    return row && emailOf(row);
  }

  /** The email with its delivery bookkeeping, by id alone: for the worker, which has no workspace. */
  state(id: number): EmailState | undefined {
    const row = this.stateById.get(id);
    return row && { ...emailOf(row.slice(0, -1) as EmailValues), delivery_started_at: row.at(-1) as string | null };
  }

  list(newsletterId: number, status: Email['status'] | undefined, paging: Paging): PageOf<Email> {
    const { limit, offset } = limitOffset(paging);
    const statements = status === undefined ? this.lists.all : this.lists.byStatus;
    const params: ListParams = status === undefined ? { newsletter: newsletterId } : { newsletter: newsletterId, status };
    if (offset < POSITION_STEP) {
      const { total } = statements.totals.get(params)!;
      return { total, items: statements.page.all({ ...params, limit, offset }).map(listedEmailOf) };
    }
    // One read transaction, so the list's version, its total and its rows are of one moment.
    return inTransaction(this.db, () => {
      const { total, version } = statements.totals.get(params)!;
      const step = (after: SortKey | undefined, skip: number) =>
        after === undefined ? statements.first.get(params) : statements.after.get({ ...params, ...after, skip });
      const anchor = this.positions.anchorFor(`${newsletterId}/${status ?? '*'}`, version, offset, step);
      const rows = anchor ? statements.pageFrom.all({ ...params, ...anchor.key, limit, offset: anchor.rest }) : [];
      return { total, items: rows.map(listedEmailOf) };
    });
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
