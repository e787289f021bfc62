/** HTTP for subscribers: listSubscribers, createSubscriber (the upsert), deleteSubscriber. */
import { Router } from 'express';
import type { Subscriber } from '../../generated/openapi.d.ts';
import { workspaceOf } from '../http/auth.ts';
import { bodyOf, listEnvelope, paging, pathId, queryBoolean, queryString } from '../http/request.ts';
import type { SubscriberService } from '../services/subscribers.ts';

export function subscriberRoutes(subscribers: SubscriberService): Router {
  return Router()
    .get('/newsletters/:newsletter_id/subscribers', (req, res) => {
      const page = paging(req);
      const filter = { status: queryString<Subscriber['status']>(req, 'status'), verified: queryBoolean(req, 'verified') };
      res.json(listEnvelope(page, subscribers.list(workspaceOf(res), pathId(req, 'newsletter_id'), filter, page)));
    })
    .post('/newsletters/:newsletter_id/subscribers', (req, res) => {
      // 200 whether the subscriber is new or already there: the contract makes both answers alike.
      res.status(200).json(subscribers.upsert(workspaceOf(res), pathId(req, 'newsletter_id'), bodyOf<'createSubscriber'>(req).email));
    })
    .delete('/newsletters/:newsletter_id/subscribers/:id', (req, res) => {
      subscribers.delete(workspaceOf(res), pathId(req, 'newsletter_id'), pathId(req, 'id'));
      res.status(204).end();
    });
}
