/** Subscribers: the upsert by address, listing and removal. */
import type { Subscriber } from '../../generated/openapi.d.ts';
import { inTransaction } from '../db/database.ts';
import { timestamp } from '../domain/clock.ts';
import { normaliseAddress } from '../domain/people.ts';
import { problems } from '../http/problem.ts';
import type { Paging } from '../store/common.ts';
import type { SubscriberFilter } from '../store/subscribers.ts';
import type { ServiceContext } from './context.ts';
import { ensureNewsletterInWorkspace } from './scope.ts';

export class SubscriberService {
  constructor(private readonly context: ServiceContext) {}

  list(workspaceId: number, newsletterId: number, filter: SubscriberFilter, paging: Paging) {
    ensureNewsletterInWorkspace(this.context, workspaceId, newsletterId);
    return this.context.stores.subscribers.list(newsletterId, filter, paging);
  }

  /**
   * The subscriber for the address: the existing one unchanged (a suppressed one stays suppressed),
   * or a new one, active and verified at once as for every API import.
   */
  upsert(workspaceId: number, newsletterId: number, email: string): Subscriber {
    return inTransaction(this.context.db, () => {
      ensureNewsletterInWorkspace(this.context, workspaceId, newsletterId);
      return this.context.stores.subscribers.upsertActive(newsletterId, normaliseAddress(email), timestamp(this.context.clock));
    });
  }

  delete(workspaceId: number, newsletterId: number, id: number): void {
    inTransaction(this.context.db, () => {
      ensureNewsletterInWorkspace(this.context, workspaceId, newsletterId);
      if (!this.context.stores.subscribers.delete(newsletterId, id)) {
        throw problems.notFound(`There is no subscriber ${id} on newsletter ${newsletterId}.`);
      }
    });
  }
}
