/**
 * The delivery worker: a loop in the server process that sends every scheduled email whose time
 * has come to its audience, then marks it `sent` (with `sent_at`) or `failed`.
 *
 * Durability comes from the database, not from memory: the audience is written as one pending row
 * per recipient when delivery starts, each row is marked done as its message goes out, and on
 * start-up the worker picks up every due email, including one whose delivery a crash cut short.
 * So an email scheduled while the server was down goes out once after start, and an interrupted
 * delivery resumes with the recipients still pending: nobody gets it twice.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Logger } from '../logger.ts';
import { inTransaction } from '../db/database.ts';
import { timestamp } from '../domain/clock.ts';
import type { ServiceContext } from '../services/context.ts';
import type { OutgoingMessage, Transport } from './transports.ts';

export interface WorkerOptions {
  transport: Transport;
  mailFrom: string;
  /** Host name used in Message-IDs. */
  messageIdHost: string;
  batchSize: number;
  pollMs: number;
  logger: Logger;
}

export class DeliveryWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopping = false;

  constructor(
    private readonly context: ServiceContext,
    private readonly options: WorkerOptions,
  ) {}

  /** Starts polling, and delivers at once whatever is already due (the recovery after a restart). */
  start(): void {
    this.stopping = false;
    this.timer = setInterval(() => this.wake(), this.options.pollMs);
    this.timer.unref();
    this.wake();
  }

  /** Asks for a delivery round now; rounds never overlap. */
  wake(): void {
    if (this.stopping) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.round().finally(() => {
      this.running = undefined;
      if (this.again) {
        this.again = false;
        this.wake();
      }
    });
  }

  /** Resolves when no round is in progress; for tests and shutdown. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Stops after the batch in flight; the rest stays pending in the database for the next start. */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearInterval(this.timer);
    await this.idle();
  }

  private async round(): Promise<void> {
    try {
      const now = timestamp(this.context.clock);
      for (const emailId of this.context.stores.deliveries.dueEmails(now)) {
        if (this.stopping) return;
        await this.deliver(emailId);
      }
    } catch (err) {
      this.options.logger.error({ err }, 'delivery round failed; it is retried at the next poll');
    }
  }

  private async deliver(emailId: number): Promise<void> {
    const { stores } = this.context;
    const email = stores.emails.state(emailId);
    if (!email || email.status !== 'scheduled') return;
    if (email.delivery_started_at === null) {
      inTransaction(this.context.db, () => stores.deliveries.startDelivery(emailId, email.newsletter_id, timestamp(this.context.clock)));
      this.options.logger.info({ emailId }, 'delivery started');
    }
    const from = `"${stores.deliveries.newsletterName(email.newsletter_id).replace(/["\\]/g, '')}" <${this.options.mailFrom}>`;
    for (;;) {
      if (this.stopping) return;
      const recipients = stores.deliveries.pendingRecipients(emailId, this.options.batchSize);
      if (recipients.length === 0) break;
      const batch: OutgoingMessage[] = recipients.map((recipient) => ({
        emailId,
        subscriberId: recipient.subscriber_id,
        messageId: `<email-${emailId}.subscriber-${recipient.subscriber_id}@${this.options.messageIdHost}>`,
        from,
        to: recipient.address,
        subject: email.subject,
        html: email.content_html ?? '',
      }));
      await this.options.transport.deliver(batch, {
        delivered: (message) => stores.deliveries.recordSent(emailId, message.subscriberId, timestamp(this.context.clock)),
        failed: (message, error) => {
          this.options.logger.warn({ emailId, subscriberId: message.subscriberId, err: error }, 'message not delivered');
          stores.deliveries.recordFailed(emailId, message.subscriberId, error.message);
        },
      });
      // The outbox transport finishes a batch without ever waiting on I/O, so without this the
      // whole delivery would run in one turn of the event loop: requests and SIGTERM would wait
      // for the last recipient. Yielding between batches keeps the server responsive and lets
      // stop() take effect after the batch in flight, as it promises.
      await nextTurn();
    }
    this.finish(emailId);
  }

  /** Marks the email sent, or failed when any recipient could not be reached. */
  private finish(emailId: number): void {
    inTransaction(this.context.db, () => {
      const counts = this.context.stores.deliveries.countsFor(emailId);
      if (counts.pending > 0) return;
      const now = timestamp(this.context.clock);
      const status = counts.failed > 0 ? 'failed' : 'sent';
      this.context.stores.emails.update(emailId, { status, sent_at: status === 'sent' ? now : null, updated_at: now });
      this.options.logger.info({ emailId, status, ...counts }, 'delivery finished');
    });
  }
}
