/** HTTP for categories: listCategories, createCategory, getCategory, updateCategory, deleteCategory. */
import { Router } from 'express';
import { workspaceOf } from '../http/auth.ts';
import { bodyOf, listEnvelope, paging, pathId } from '../http/request.ts';
import type { CategoryService } from '../services/categories.ts';

export function categoryRoutes(categories: CategoryService): Router {
  return Router()
    .get('/pages/:page_id/categories', (req, res) => {
      const page = paging(req);
      res.json(listEnvelope(page, categories.list(workspaceOf(res), pathId(req, 'page_id'), page)));
    })
    .post('/pages/:page_id/categories', (req, res) => {
      res.status(201).json(categories.create(workspaceOf(res), pathId(req, 'page_id'), bodyOf<'createCategory'>(req)));
    })
    .get('/pages/:page_id/categories/:id', (req, res) => {
      res.json(categories.get(workspaceOf(res), pathId(req, 'page_id'), pathId(req, 'id')));
    })
    .patch('/pages/:page_id/categories/:id', (req, res) => {
      res.json(categories.update(workspaceOf(res), pathId(req, 'page_id'), pathId(req, 'id'), bodyOf<'updateCategory'>(req)));
    })
    .delete('/pages/:page_id/categories/:id', (req, res) => {
      categories.delete(workspaceOf(res), pathId(req, 'page_id'), pathId(req, 'id'));
      res.status(204).end();
    });
}
