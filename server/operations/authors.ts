/** Handlers of the author operations: listAuthors, getAuthor, updateAuthor. */
import { workspaceOf } from '../http/auth.ts';
import { bodyOf, paging, pathId, queryBoolean } from '../http/request.ts';
import { sendList } from '../http/list-answer.ts';
import type { AuthorService } from '../services/authors.ts';
import type { OperationHandlers } from '../http/operations.ts';

export function authorOperations(authors: AuthorService): OperationHandlers<'listAuthors' | 'getAuthor' | 'updateAuthor'> {
  return {
    listAuthors: (req, res) => {
      const page = paging(req);
      return sendList(res, page, authors.list(workspaceOf(res), queryBoolean(req, 'active') ?? true, page));
    },
    getAuthor: (req, res) => {
      res.json(authors.get(workspaceOf(res), pathId(req, 'id')));
    },
    updateAuthor: (req, res) => {
      res.json(authors.update(workspaceOf(res), pathId(req, 'id'), bodyOf<'updateAuthor'>(req)));
    },
  };
}
