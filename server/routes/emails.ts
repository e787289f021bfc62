/** HTTP for emails: listEmails, createEmail, getEmail, updateEmail, deleteEmail, sendEmail. */
import { Router } from 'express';
import type { Email } from '../../generated/openapi.d.ts';
import { workspaceOf } from '../http/auth.ts';
import { bodyOf, listEnvelope, paging, pathId, queryString } from '../http/request.ts';
import type { EmailService } from '../services/emails.ts';

export function emailRoutes(emails: EmailService): Router {
  return Router()
    .get('/newsletters/:newsletter_id/emails', (req, res) => {
      const page = paging(req);
      const status = queryString<Email['status']>(req, 'status');
      res.json(listEnvelope(page, emails.list(workspaceOf(res), pathId(req, 'newsletter_id'), status, page)));
    })
    .post('/newsletters/:newsletter_id/emails', (req, res) => {
      res.status(201).json(emails.create(workspaceOf(res), pathId(req, 'newsletter_id'), bodyOf<'createEmail'>(req)));
    })
    .get('/newsletters/:newsletter_id/emails/:id', (req, res) => {
      res.json(emails.get(workspaceOf(res), pathId(req, 'newsletter_id'), pathId(req, 'id')));
    })
    .patch('/newsletters/:newsletter_id/emails/:id', (req, res) => {
      res.json(emails.update(workspaceOf(res), pathId(req, 'newsletter_id'), pathId(req, 'id'), bodyOf<'updateEmail'>(req)));
    })
    .delete('/newsletters/:newsletter_id/emails/:id', (req, res) => {
      emails.delete(workspaceOf(res), pathId(req, 'newsletter_id'), pathId(req, 'id'));
      res.status(204).end();
    })
    .post('/newsletters/:newsletter_id/emails/:id/send', (req, res) => {
      const { scheduled_at } = bodyOf<'sendEmail'>(req);
      res.json(emails.send(workspaceOf(res), pathId(req, 'newsletter_id'), pathId(req, 'id'), scheduled_at));
    });
}
