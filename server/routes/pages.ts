/** HTTP for pages: listPages, createPage, getPage, updatePage. */
import { Router } from 'express';
import { workspaceOf } from '../http/auth.ts';
import { bodyOf, listEnvelope, paging, pathId } from '../http/request.ts';
import type { PageService } from '../services/pages.ts';

export function pageRoutes(pages: PageService): Router {
  return Router()
    .get('/pages', (req, res) => {
      const page = paging(req);
      res.json(listEnvelope(page, pages.list(workspaceOf(res), page)));
    })
    .post('/pages', (req, res) => {
      res.status(201).json(pages.create(workspaceOf(res), bodyOf<'createPage'>(req)));
    })
    .get('/pages/:id', (req, res) => {
      res.json(pages.get(workspaceOf(res), pathId(req, 'id')));
    })
    .patch('/pages/:id', (req, res) => {
      res.json(pages.update(workspaceOf(res), pathId(req, 'id'), bodyOf<'updatePage'>(req)));
    });
}
