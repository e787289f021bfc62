/**
 * SQL for delivering emails: which emails are due, the recipients fixed when delivery starts, and
 * the local outbox. Each recipient row moves pending → sent (or failed) exactly once.
 */
import type { Db } from '../db/database.ts';

export interface Recipient {
  subscriber_id: number;
  address: string;
}

export interface OutboxMessage {
  email_id: number;
  subscriber_id: number;
  message_id: string;
  from_address: string;
  to_address: string;
  subject: string;
  html: string;
  created_at: string;
}

export interface DeliveryCounts {
  pending: number;
  sent: number;
  failed: number;
}

export class DeliveryStore {
  private readonly due;
  private readonly snapshot;
  private readonly markStarted;
  private readonly pending;
  private readonly markSent;
  private readonly markFailed;
  private readonly counts;
  private readonly resetFailed;
  private readonly outboxInsert;

  constructor(private readonly db: Db) {
    this.due = db
      .prepare<[string], number>("SELECT id FROM emails WHERE status = 'scheduled' AND scheduled_at <= ? ORDER BY scheduled_at, id")
      .pluck();
    this.snapshot = db.prepare<[number, number]>(
      `INSERT OR IGNORE INTO email_deliveries (email_id, subscriber_id, address, status)
       SELECT ?, id, email, 'pending' FROM subscribers WHERE newsletter_id = ? AND active = 1 AND verified = 1`,
    );
    this.markStarted = db.prepare<[string, string, number]>('UPDATE emails SET delivery_started_at = ?, updated_at = ? WHERE id = ?');
    this.pending = db.prepare<[number, number], Recipient>(
      "SELECT subscriber_id, address FROM email_deliveries WHERE email_id = ? AND status = 'pending' ORDER BY subscriber_id LIMIT ?",
    );
    this.markSent = db.prepare<[string, number, number]>(
      "UPDATE email_deliveries SET status = 'sent', sent_at = ?, error = NULL WHERE email_id = ? AND subscriber_id = ? AND status = 'pending'",
    );
    this.markFailed = db.prepare<[string, number, number]>(
      "UPDATE email_deliveries SET status = 'failed', error = ? WHERE email_id = ? AND subscriber_id = ? AND status = 'pending'",
    );
    this.counts = db.prepare<[number], { status: keyof DeliveryCounts; n: number }>(
      'SELECT status, count(*) AS n FROM email_deliveries WHERE email_id = ? GROUP BY status',
    );
    this.resetFailed = db.prepare<[number]>("UPDATE email_deliveries SET status = 'pending', error = NULL WHERE email_id = ? AND status = 'failed'");
    this.outboxInsert = db.prepare(
      `INSERT OR IGNORE INTO outbox (email_id, subscriber_id, message_id, from_address, to_address, subject, html, created_at)
       VALUES (@email_id, @subscriber_id, @message_id, @from_address, @to_address, @subject, @html, @created_at)`,
    );
  }

  newsletterName(newsletterId: number): string {
    return this.db.prepare<[number], string>('SELECT name FROM newsletters WHERE id = ?').pluck().get(newsletterId) ?? '';
  }

  /** Ids of scheduled emails whose time has come, oldest first. */
  dueEmails(now: string): number[] {
    return this.due.all(now);
  }

  /**
   * Fixes the audience of an email: every subscriber active and verified now gets a pending row
   * (rows already there, from an earlier attempt, are kept as they are).
   */
  startDelivery(emailId: number, newsletterId: number, now: string): void {
    this.snapshot.run(emailId, newsletterId);
    this.markStarted.run(now, now, emailId);
  }

  pendingRecipients(emailId: number, limit: number): Recipient[] {
    return this.pending.all(emailId, limit);
  }

  recordSent(emailId: number, subscriberId: number, now: string): void {
    this.markSent.run(now, emailId, subscriberId);
  }

  recordFailed(emailId: number, subscriberId: number, error: string): void {
    this.markFailed.run(error.slice(0, 1000), emailId, subscriberId);
  }

  countsFor(emailId: number): DeliveryCounts {
    const counts: DeliveryCounts = { pending: 0, sent: 0, failed: 0 };
    for (const row of this.counts.all(emailId)) counts[row.status] = row.n;
    return counts;
  }

  /** A failed email sent again retries its failed recipients; those already sent are not sent again. */
  retryFailed(emailId: number): void {
    this.resetFailed.run(emailId);
  }

  writeToOutbox(message: OutboxMessage): void {
    this.outboxInsert.run(message);
  }

  outbox(emailId?: number): OutboxMessage[] {
    const sql = `SELECT email_id, subscriber_id, message_id, from_address, to_address, subject, html, created_at FROM outbox
                 ${emailId === undefined ? '' : 'WHERE email_id = ?'} ORDER BY id`;
    const statement = this.db.prepare(sql);
    return (emailId === undefined ? statement.all() : statement.all(emailId)) as OutboxMessage[];
  }
}
