/** Handlers of the categorie operations: listCategories, createCategory, getCategory, updateCategory, deleteCategory. */
import { workspaceOf } from '../http/auth.ts';
import { sendCreated } from '../http/created.ts';
import { bodyOf, paging, pathId } from '../http/request.ts';
import { sendList } from '../http/list-answer.ts';
import type { CategoryService } from '../services/categories.ts';
import type { OperationHandlers } from '../http/operations.ts';

export function categoryOperations(categories: CategoryService): OperationHandlers<'listCategories' | 'createCategory' | 'getCategory' | 'updateCategory' | 'deleteCategory'> {
  return {
    listCategories: (req, res) => {
      const page = paging(req);
      return sendList(res, page, categories.list(workspaceOf(res), pathId(req, 'page_id'), page));
    },
    createCategory: (req, res) => {
      sendCreated(req, res, categories.create(workspaceOf(res), pathId(req, 'page_id'), bodyOf<'createCategory'>(req)));
    },
    getCategory: (req, res) => {
      res.json(categories.get(workspaceOf(res), pathId(req, 'page_id'), pathId(req, 'id')));
    },
    updateCategory: (req, res) => {
      res.json(categories.update(workspaceOf(res), pathId(req, 'page_id'), pathId(req, 'id'), bodyOf<'updateCategory'>(req)));
    },
    deleteCategory: (req, res) => {
      categories.delete(workspaceOf(res), pathId(req, 'page_id'), pathId(req, 'id'));
      res.status(204).end();
    },
  };
}
