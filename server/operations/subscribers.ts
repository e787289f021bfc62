/** Handlers of the subscriber operations: listSubscribers, createSubscriber (the upsert), deleteSubscriber. */
import type { Subscriber } from '../../generated/openapi.d.ts';
import { workspaceOf } from '../http/auth.ts';
import { bodyOf, paging, pathId, queryBoolean, queryString } from '../http/request.ts';
import { sendList } from '../http/list-answer.ts';
import type { SubscriberService } from '../services/subscribers.ts';
import type { OperationHandlers } from '../http/operations.ts';

export function subscriberOperations(subscribers: SubscriberService): OperationHandlers<'listSubscribers' | 'createSubscriber' | 'deleteSubscriber'> {
  return {
    listSubscribers: (req, res) => {
      const page = paging(req);
      const filter = { status: queryString<Subscriber['status']>(req, 'status'), verified: queryBoolean(req, 'verified') };
      return sendList(res, page, subscribers.list(workspaceOf(res), pathId(req, 'newsletter_id'), filter, page));
    },
    createSubscriber: (req, res) => {
      // 200 whether the subscriber is new or already there: the contract makes both answers alike.
      res.status(200).json(subscribers.upsert(workspaceOf(res), pathId(req, 'newsletter_id'), bodyOf<'createSubscriber'>(req).email));
    },
    deleteSubscriber: (req, res) => {
      subscribers.delete(workspaceOf(res), pathId(req, 'newsletter_id'), pathId(req, 'id'));
      res.status(204).end();
    },
  };
}
