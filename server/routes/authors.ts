/** HTTP for authors: listAuthors, getAuthor, updateAuthor. */
import { Router } from 'express';
import { workspaceOf } from '../http/auth.ts';
import { bodyOf, listEnvelope, paging, pathId, queryBoolean } from '../http/request.ts';
import type { AuthorService } from '../services/authors.ts';

export function authorRoutes(authors: AuthorService): Router {
  return Router()
    .get('/authors', (req, res) => {
      const page = paging(req);
      res.json(listEnvelope(page, authors.list(workspaceOf(res), queryBoolean(req, 'active') ?? true, page)));
    })
    .get('/authors/:id', (req, res) => {
      res.json(authors.get(workspaceOf(res), pathId(req, 'id')));
    })
    .patch('/authors/:id', (req, res) => {
      res.json(authors.update(workspaceOf(res), pathId(req, 'id'), bodyOf<'updateAuthor'>(req)));
    });
}
