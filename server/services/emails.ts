/** Emails: drafts that can be changed and deleted, and the send state table. */
import type { components, Email } from '../../generated/openapi.d.ts';
import { inTransaction } from '../db/database.ts';
import type { SnapshotReaders } from '../db/snapshot-readers.ts';
import type { Connection } from '../db/sqlite-api.ts';
import { timestamp } from '../domain/clock.ts';
import type { MarkdownRenderer } from '../domain/markdown-pool.ts';
import { ensureNotSent, missingForSend, requestedSendTime } from '../domain/sending.ts';
import { nextFreeSlug, slugOr } from '../domain/slugs.ts';
import { problems } from '../http/problem.ts';
import { presentOnly, type Paging, type Value } from '../store/common.ts';
import { contentHtmlFrom, type ContentHtml } from './content.ts';
import type { ServiceContext } from './context.ts';
import { authorError, ensureNewsletterInWorkspace } from './scope.ts';

type EmailCreate = components['schemas']['EmailCreate'];
type EmailUpdate = components['schemas']['EmailUpdate'];

/** The 404 for an email that is not in the newsletter. */
const noEmail = (newsletterId: number, id: number) => problems.notFound(`There is no email ${id} in newsletter ${newsletterId}.`);

export class EmailService {
  /**
   * @param onQueued called after a send is accepted, so delivery of an email due now starts at
   * once instead of at the worker's next poll.
   */
  constructor(
    private readonly context: ServiceContext,
    private readonly markdown: MarkdownRenderer,
    private readonly onQueued: () => void = () => {},
  ) {}

  private get stores() {
    return this.context.stores;
  }

  list(workspaceId: number, newsletterId: number, status: Email['status'] | undefined, paging: Paging) {
    ensureNewsletterInWorkspace(this.context, workspaceId, newsletterId);
    return this.stores.emails.list(newsletterId, status, paging);
  }

  /**
   * A listed email with the content a list leaves in the database for long emails, read through `from` (a
   * snapshot's connection, or the server's); undefined when it is not there.
   */
  withContent(email: Email, from?: Connection): Email | undefined {
    return this.stores.emails.withContent(email, from);
  }

  /** The readers a list answer holds a snapshot with (http/list-snapshot.ts); none for a database in memory. */
  get readers(): SnapshotReaders | undefined {
    return this.context.readers;
  }

  get(workspaceId: number, newsletterId: number, id: number): Email {
    ensureNewsletterInWorkspace(this.context, workspaceId, newsletterId);
    const email = this.stores.emails.get(newsletterId, id);
    if (!email) throw noEmail(newsletterId, id);
    return email;
  }

  /**
   * The HTML a new email stores: Markdown is rendered off the event loop, once the newsletter and
   * the author are known good, before `create` writes.
   */
  async contentForCreate(workspaceId: number, newsletterId: number, input: EmailCreate, signal?: AbortSignal): Promise<ContentHtml> {
    ensureNewsletterInWorkspace(this.context, workspaceId, newsletterId);
    this.checkAuthor(workspaceId, input.author_id);
    return contentHtmlFrom(this.markdown, input, { workspace: workspaceId, ...(signal ? { signal } : {}) });
  }

  /** `contentHtml` comes from contentForCreate. */
  create(workspaceId: number, newsletterId: number, input: EmailCreate, contentHtml: ContentHtml): Email {
    // Checked again inside the transaction: things may have changed while the Markdown rendered.
    return inTransaction(this.context.db, () => {
      ensureNewsletterInWorkspace(this.context, workspaceId, newsletterId);
      this.checkAuthor(workspaceId, input.author_id);
      const base = slugOr(input.subject, 'email');
      const id = this.stores.emails.insert({
        newsletter_id: newsletterId,
        subject: input.subject,
        preview: input.preview ?? null,
        slug: nextFreeSlug(base, this.stores.emails.slugsFrom(newsletterId, base)),
        content_html: contentHtml ?? null,
        content_md: input.content_md ?? null,
        author_id: input.author_id ?? null,
        created_at: timestamp(this.context.clock),
      });
      return this.stores.emails.get(newsletterId, id)!;
    });
  }

  /** As contentForCreate, for `update`. */
  async contentForUpdate(workspaceId: number, newsletterId: number, id: number, input: EmailUpdate, signal?: AbortSignal): Promise<ContentHtml> {
    this.draft(workspaceId, newsletterId, id, 'changed');
    this.checkAuthor(workspaceId, input.author_id);
    return contentHtmlFrom(this.markdown, input, { workspace: workspaceId, ...(signal ? { signal } : {}) });
  }

  /** `contentHtml` comes from contentForUpdate. */
  update(workspaceId: number, newsletterId: number, id: number, input: EmailUpdate, contentHtml: ContentHtml): Email {
    // Checked again inside the transaction: things may have changed while the Markdown rendered.
    return inTransaction(this.context.db, () => {
      const email = this.draft(workspaceId, newsletterId, id, 'changed');
      this.checkAuthor(workspaceId, input.author_id);
      const changes = presentOnly({
        subject: input.subject,
        preview: input.preview,
        content_html: contentHtml,
        content_md: input.content_md,
        author_id: input.author_id,
      }) as Record<string, Value>;
      if (Object.keys(changes).length > 0) {
        this.stores.emails.update(email.id, { ...changes, updated_at: timestamp(this.context.clock) });
      }
      return this.stores.emails.get(newsletterId, id)!;
    });
  }

  delete(workspaceId: number, newsletterId: number, id: number): void {
    inTransaction(this.context.db, () => {
      this.draft(workspaceId, newsletterId, id, 'deleted');
      this.stores.emails.delete(newsletterId, id);
    });
  }

  /** Queues the email at once or for a later time, per the send state table. */
  send(workspaceId: number, newsletterId: number, id: number, scheduledAt: string | null | undefined): Email {
    const email = inTransaction(this.context.db, () => {
      // The contract's order of errors: the time asked for (422), the email (404), its state (409),
      // then whether it is ready (422).
      const at = requestedSendTime(scheduledAt, this.context.clock.now());
      ensureNewsletterInWorkspace(this.context, workspaceId, newsletterId);
      // state() reads by id alone, so an email of another newsletter is answered as missing here.
      const state = this.stores.emails.state(id);
      if (!state || state.newsletter_id !== newsletterId) throw noEmail(newsletterId, id);
      ensureNotSent(state);
      const missing = missingForSend(state, this.stores.subscribers.countAudience(newsletterId));
      if (missing.length > 0) throw problems.notSendable(`Email ${id} cannot be sent yet.`, missing);
      if (state.status === 'failed') this.stores.deliveries.retryFailed(id);
      this.stores.emails.update(id, {
        status: 'scheduled',
        scheduled_at: at,
        delivery_started_at: null,
        updated_at: timestamp(this.context.clock),
      });
      return this.stores.emails.get(newsletterId, id)!;
    });
    this.onQueued();
    return email;
  }

  private draft(workspaceId: number, newsletterId: number, id: number, verb: string): Email {
    const email = this.get(workspaceId, newsletterId, id);
    if (email.status !== 'draft') {
      throw problems.emailNotDraft(`Email ${id} is ${email.status}; only a draft can be ${verb}.`);
    }
    return email;
  }

  private checkAuthor(workspaceId: number, authorId: number | null | undefined) {
    const error = authorError(this.context, workspaceId, authorId);
    if (error) throw problems.invalid([error]);
  }
}
