/** HTTP for posts: listPosts, createPost, getPost, updatePost, deletePost. */
import { Router } from 'express';
import type { Post } from '../../generated/openapi.d.ts';
import { workspaceOf } from '../http/auth.ts';
import { bodyOf, listEnvelope, paging, pathId, queryInteger, queryString } from '../http/request.ts';
import type { PostService } from '../services/posts.ts';

export function postRoutes(posts: PostService): Router {
  return Router()
    .get('/pages/:page_id/posts', (req, res) => {
      const page = paging(req);
      const filter = { status: queryString<Post['status']>(req, 'status'), category_id: queryInteger(req, 'category_id') };
      res.json(listEnvelope(page, posts.list(workspaceOf(res), pathId(req, 'page_id'), filter, page)));
    })
    .post('/pages/:page_id/posts', (req, res) => {
      res.status(201).json(posts.create(workspaceOf(res), pathId(req, 'page_id'), bodyOf<'createPost'>(req)));
    })
    .get('/pages/:page_id/posts/:id', (req, res) => {
      res.json(posts.get(workspaceOf(res), pathId(req, 'page_id'), pathId(req, 'id')));
    })
    .patch('/pages/:page_id/posts/:id', (req, res) => {
      res.json(posts.update(workspaceOf(res), pathId(req, 'page_id'), pathId(req, 'id'), bodyOf<'updatePost'>(req)));
    })
    .delete('/pages/:page_id/posts/:id', (req, res) => {
      posts.delete(workspaceOf(res), pathId(req, 'page_id'), pathId(req, 'id'));
      res.status(204).end();
    });
}
