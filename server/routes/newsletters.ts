/** HTTP for newsletters: listNewsletters, createNewsletter, getNewsletter, updateNewsletter. */
import { Router } from 'express';
import { workspaceOf } from '../http/auth.ts';
import { bodyOf, listEnvelope, paging, pathId } from '../http/request.ts';
import type { NewsletterService } from '../services/newsletters.ts';

export function newsletterRoutes(newsletters: NewsletterService): Router {
  return Router()
    .get('/newsletters', (req, res) => {
      const page = paging(req);
      res.json(listEnvelope(page, newsletters.list(workspaceOf(res), page)));
    })
    .post('/newsletters', (req, res) => {
      res.status(201).json(newsletters.create(workspaceOf(res), bodyOf<'createNewsletter'>(req)));
    })
    .get('/newsletters/:id', (req, res) => {
      res.json(newsletters.get(workspaceOf(res), pathId(req, 'id')));
    })
    .patch('/newsletters/:id', (req, res) => {
      res.json(newsletters.update(workspaceOf(res), pathId(req, 'id'), bodyOf<'updateNewsletter'>(req)));
    });
}
