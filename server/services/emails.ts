/** Emails: drafts that can be changed and deleted, and the send state table. */
import type { components, Email } from '../../generated/openapi.d.ts';
import { timestamp } from '../domain/clock.ts';
import { contentHtmlFrom } from '../domain/markdown.ts';
import { missingForSend, sendTime } from '../domain/sending.ts';
import { nextFreeSlug, slugOr } from '../domain/slugs.ts';
import { problems } from '../http/problem.ts';
import { presentOnly, type Paging, type Value } from '../store/common.ts';
import { inTransaction, type ServiceContext } from './context.ts';
import { ensureNewsletterInWorkspace } from './scope.ts';

type EmailCreate = components['schemas']['EmailCreate'];
type EmailUpdate = components['schemas']['EmailUpdate'];

export class EmailService {
  /**
   * @param onQueued called after a send is accepted, so delivery of an email due now starts at
   * once instead of at the worker's next poll.
   */
  constructor(
    private readonly context: ServiceContext,
    private readonly onQueued: () => void = () => {},
  ) {}

  private get stores() {
    return this.context.stores;
  }

  list(workspaceId: number, newsletterId: number, status: Email['status'] | undefined, paging: Paging) {
    ensureNewsletterInWorkspace(this.context, workspaceId, newsletterId);
    return this.stores.emails.list(newsletterId, status, paging);
  }

  get(workspaceId: number, newsletterId: number, id: number): Email {
    ensureNewsletterInWorkspace(this.context, workspaceId, newsletterId);
    const email = this.stores.emails.get(newsletterId, id);
    if (!email) throw problems.notFound(`There is no email ${id} in newsletter ${newsletterId}.`);
    return email;
  }

  create(workspaceId: number, newsletterId: number, input: EmailCreate): Email {
    return inTransaction(this.context, () => {
      ensureNewsletterInWorkspace(this.context, workspaceId, newsletterId);
      this.checkAuthor(workspaceId, input.author_id);
      const base = slugOr(input.subject, 'email');
      const id = this.stores.emails.insert({
        newsletter_id: newsletterId,
        subject: input.subject,
        preview: input.preview ?? null,
        slug: nextFreeSlug(base, this.stores.emails.slugsFrom(newsletterId, base)),
        content_html: contentHtmlFrom(input) ?? null,
        content_md: input.content_md ?? null,
        author_id: input.author_id ?? null,
        created_at: timestamp(this.context.clock),
      });
      return this.stores.emails.get(newsletterId, id)!;
    });
  }

  update(workspaceId: number, newsletterId: number, id: number, input: EmailUpdate): Email {
    return inTransaction(this.context, () => {
      const email = this.draft(workspaceId, newsletterId, id, 'changed');
      this.checkAuthor(workspaceId, input.author_id);
      const changes = presentOnly({
        subject: input.subject,
        preview: input.preview,
        content_html: contentHtmlFrom(input),
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
    inTransaction(this.context, () => {
      this.draft(workspaceId, newsletterId, id, 'deleted');
      this.stores.emails.delete(newsletterId, id);
    });
  }

  /** Queues the email at once or for a later time, per the send state table. */
  send(workspaceId: number, newsletterId: number, id: number, scheduledAt: string | null | undefined): Email {
    const email = inTransaction(this.context, () => {
      this.get(workspaceId, newsletterId, id);
      const state = this.stores.emails.state(id)!;
      const at = sendTime(state, scheduledAt, this.context.clock.now());
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
    if (authorId != null && !this.stores.authors.exists(workspaceId, authorId)) {
      throw problems.invalidField('author_id', 'must be an author of your workspace');
    }
  }
}
