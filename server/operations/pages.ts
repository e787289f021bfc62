/** Handlers of the page operations: listPages, createPage, getPage, updatePage. */
import { workspaceOf } from '../http/auth.ts';
import { sendCreated } from '../http/created.ts';
import { bodyOf, paging, pathId } from '../http/request.ts';
import { sendList } from '../http/list-answer.ts';
import type { PageService } from '../services/pages.ts';
import type { OperationHandlers } from '../http/operations.ts';

export function pageOperations(pages: PageService): OperationHandlers<'listPages' | 'createPage' | 'getPage' | 'updatePage'> {
  return {
    listPages: (req, res) => {
      const page = paging(req);
      return sendList(res, page, pages.list(workspaceOf(res), page));
    },
    createPage: (req, res) => {
      sendCreated(req, res, pages.create(workspaceOf(res), bodyOf<'createPage'>(req)));
    },
    getPage: (req, res) => {
      res.json(pages.get(workspaceOf(res), pathId(req, 'id')));
    },
    updatePage: (req, res) => {
      res.json(pages.update(workspaceOf(res), pathId(req, 'id'), bodyOf<'updatePage'>(req)));
    },
  };
}
