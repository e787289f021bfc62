/** Handlers of the email operations: listEmails, createEmail, getEmail, updateEmail, deleteEmail, sendEmail. */
import type { Email } from '../../generated/openapi.d.ts';
import { workspaceOf } from '../http/auth.ts';
import { sendCreated } from '../http/created.ts';
import { bodyOf, paging, pathId, queryString } from '../http/request.ts';
import { sendList } from '../http/list-answer.ts';
import type { EmailService } from '../services/emails.ts';
import { prepared, type OperationHandlers } from '../http/operations.ts';
import { clientGone } from '../http/client-gone.ts';

export function emailOperations(emails: EmailService): OperationHandlers<'listEmails' | 'createEmail' | 'getEmail' | 'updateEmail' | 'deleteEmail' | 'sendEmail'> {
  return {
    listEmails: (req, res) => {
      const page = paging(req);
      const status = queryString<Email['status']>(req, 'status');
      const workspace = workspaceOf(res);
      const parent = pathId(req, 'newsletter_id');
      return sendList(res, page, {
        read: () => emails.list(workspace, parent, status, page),
        complete: (item, from) => emails.withContent(item, from),
        readers: emails.readers,
      });
    },
    createEmail: prepared({
      prepare: (req, res) => emails.contentForCreate(workspaceOf(res), pathId(req, 'newsletter_id'), bodyOf<'createEmail'>(req), clientGone(res)),
      answer: (req, res, contentHtml) => {
        sendCreated(req, res, emails.create(workspaceOf(res), pathId(req, 'newsletter_id'), bodyOf<'createEmail'>(req), contentHtml));
      },
    }),
    getEmail: (req, res) => {
      res.json(emails.get(workspaceOf(res), pathId(req, 'newsletter_id'), pathId(req, 'id')));
    },
    updateEmail: prepared({
      prepare: (req, res) => emails.contentForUpdate(workspaceOf(res), pathId(req, 'newsletter_id'), pathId(req, 'id'), bodyOf<'updateEmail'>(req), clientGone(res)),
      answer: (req, res, contentHtml) => {
        res.json(emails.update(workspaceOf(res), pathId(req, 'newsletter_id'), pathId(req, 'id'), bodyOf<'updateEmail'>(req), contentHtml));
      },
    }),
    deleteEmail: (req, res) => {
      emails.delete(workspaceOf(res), pathId(req, 'newsletter_id'), pathId(req, 'id'));
      res.status(204).end();
    },
    sendEmail: (req, res) => {
      const { scheduled_at } = bodyOf<'sendEmail'>(req);
      res.json(emails.send(workspaceOf(res), pathId(req, 'newsletter_id'), pathId(req, 'id'), scheduled_at));
    },
  };
}
