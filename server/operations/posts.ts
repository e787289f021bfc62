/** Handlers of the post operations: listPosts, createPost, getPost, updatePost, deletePost. */
import type { Post } from '../../generated/openapi.d.ts';
import { workspaceOf } from '../http/auth.ts';
import { sendCreated } from '../http/created.ts';
import { bodyOf, paging, pathId, queryInteger, queryString } from '../http/request.ts';
import { sendList } from '../http/list-answer.ts';
import type { PostService } from '../services/posts.ts';
import { prepared, type OperationHandlers } from '../http/operations.ts';
import { clientGone } from '../http/client-gone.ts';

export function postOperations(posts: PostService): OperationHandlers<'listPosts' | 'createPost' | 'getPost' | 'updatePost' | 'deletePost'> {
  return {
    listPosts: (req, res) => {
      const page = paging(req);
      const filter = { status: queryString<Post['status']>(req, 'status'), category_id: queryInteger(req, 'category_id') };
      const workspace = workspaceOf(res);
      const parent = pathId(req, 'page_id');
      return sendList(res, page, {
        read: () => posts.list(workspace, parent, filter, page),
        complete: (item, from) => posts.withContent(item, from),
        readers: posts.readers,
      });
    },
    createPost: prepared({
      prepare: (req, res) => posts.contentForCreate(workspaceOf(res), pathId(req, 'page_id'), bodyOf<'createPost'>(req), clientGone(res)),
      answer: (req, res, contentHtml) => {
        sendCreated(req, res, posts.create(workspaceOf(res), pathId(req, 'page_id'), bodyOf<'createPost'>(req), contentHtml));
      },
    }),
    getPost: (req, res) => {
      res.json(posts.get(workspaceOf(res), pathId(req, 'page_id'), pathId(req, 'id')));
    },
    updatePost: prepared({
      prepare: (req, res) => posts.contentForUpdate(workspaceOf(res), pathId(req, 'page_id'), pathId(req, 'id'), bodyOf<'updatePost'>(req), clientGone(res)),
      answer: (req, res, contentHtml) => {
        res.json(posts.update(workspaceOf(res), pathId(req, 'page_id'), pathId(req, 'id'), bodyOf<'updatePost'>(req), contentHtml));
      },
    }),
    deletePost: (req, res) => {
      posts.delete(workspaceOf(res), pathId(req, 'page_id'), pathId(req, 'id'));
      res.status(204).end();
    },
  };
}
