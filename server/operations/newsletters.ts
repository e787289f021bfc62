/** Handlers of the newsletter operations: listNewsletters, createNewsletter, getNewsletter, updateNewsletter. */
import { workspaceOf } from '../http/auth.ts';
import { sendCreated } from '../http/created.ts';
import { bodyOf, paging, pathId } from '../http/request.ts';
import { sendList } from '../http/list-answer.ts';
import type { NewsletterService } from '../services/newsletters.ts';
import type { OperationHandlers } from '../http/operations.ts';

export function newsletterOperations(newsletters: NewsletterService): OperationHandlers<'listNewsletters' | 'createNewsletter' | 'getNewsletter' | 'updateNewsletter'> {
  return {
    listNewsletters: (req, res) => {
      const page = paging(req);
      return sendList(res, page, newsletters.list(workspaceOf(res), page));
    },
    createNewsletter: (req, res) => {
      sendCreated(req, res, newsletters.create(workspaceOf(res), bodyOf<'createNewsletter'>(req)));
    },
    getNewsletter: (req, res) => {
      res.json(newsletters.get(workspaceOf(res), pathId(req, 'id')));
    },
    updateNewsletter: (req, res) => {
      res.json(newsletters.update(workspaceOf(res), pathId(req, 'id'), bodyOf<'updateNewsletter'>(req)));
    },
  };
}
