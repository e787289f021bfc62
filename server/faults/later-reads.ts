/**
 * Faults a first look misses, each confined to one operation and written from the contract alone: a
 * write answered right whose effect a later read does not show, a last page filled from the page
 * before it, a slug cut at the limit or made unique in the wrong scope, HEAD and a preflight that
 * differ from what every other answer carries, one sibling of a family reached through the wrong
 * parent, a 404 answered before the 422 that comes first, a problem of the wrong type or media type,
 * a scheduled email delivered at once, and one read that reaches another workspace. Each is a bug an
 * implementer could plausibly write, and each breaks a statement of the contract (named in its
 * comment).
 */
import slugifyText from '@sindresorhus/slugify';
import type { RequestHandler } from 'express';
import type { PipelineContext } from '../app.ts';
import type { ServerParts } from '../compose.ts';
import { nextFreeSlug, slugOr } from '../domain/slugs.ts';
import { insertBefore, wrapStage, type Pipeline } from '../http/pipeline.ts';
import { ProblemError, problems } from '../http/problem.ts';
import type { FaultSet } from './fault-set.ts';

/** Where the contract cuts a derived slug (slugs.cut-to-fit). */
const SLUG_CUT = 90;

export function breakLaterReadsParts(on: FaultSet, { db, stores, services }: ServerParts): void {
  if (on('author-reactivation-not-stored')) {
    // Deactivation is treated as one-way in storage: `active: true` for an inactive author is answered
    // (the answer is built before the flag is written back) but the stored author stays inactive, so
    // getAuthor and listAuthors still show it inactive. Breaks author.update-kept ("a change is kept,
    // ... and getAuthor agrees") and resources.update-kept.
    const keepInactive = db.prepare<[number]>('UPDATE authors SET active = 0 WHERE id = ?');
    const update = services.authors.update.bind(services.authors);
    services.authors.update = (workspaceId, id, input) => {
      const before = stores.authors.get(workspaceId, id);
      const answer = update(workspaceId, id, input);
      if (input.active === true && before !== undefined && !before.active) keepInactive.run(id);
      return answer;
    };
  }
  if (on('posts-last-page-filled')) {
    // listPosts fills a last page that is not full with the items before it (the offset is clamped to
    // total - size, so the last page "always looks complete"): the last page repeats items of the page
    // before, at every size that does not divide the total. Breaks lists.envelope-arithmetic
    // ("walking the pages visits every item once") and lists.same-items-any-size.
    const list = services.posts.list.bind(services.posts);
    services.posts.list = (workspaceId, pageId, filter, paging) => {
      const answer = list(workspaceId, pageId, filter, paging);
      const start = (paging.page - 1) * paging.size;
      if (paging.page === 1 || start >= answer.total || start + paging.size <= answer.total) return answer;
      const all = list(workspaceId, pageId, filter, { page: 1, size: answer.total }).items;
      return { total: answer.total, items: all.slice(answer.total - paging.size) };
    };
  }
  if (on('post-slug-cut-keeps-hyphen')) {
    // createPost cuts the title's slug after its 90th character but does not drop a hyphen the cut
    // leaves at the end (a title whose 91st slug character follows a word break gets a slug ending in
    // `-`). Breaks slugs.cut-to-fit: "a hyphen left at its end dropped".
    const insert = stores.posts.insert.bind(stores.posts);
    stores.posts.insert = (post) => {
      const cut = slugifyText(post.title.replace(/\//g, ''), { decamelize: false }).slice(0, SLUG_CUT);
      if (!cut.endsWith('-')) return insert(post);
      return insert({ ...post, slug: nextFreeSlug(cut, stores.posts.slugsFrom(post.page_id, cut)) });
    };
  }
  if (on('post-slug-unique-per-workspace')) {
    // createPost makes a derived slug unique over the posts of every page of the workspace, not of its
    // own page: a title used on another page gets `-1`. Breaks post.slug-unique-in-page ("made unique
    // in its page") and the Post schema's slug ("made unique in the page").
    const slugsInWorkspace = db
      .prepare<[number, string, string], string>(
        `SELECT posts.slug FROM posts JOIN pages ON pages.id = posts.page_id
         WHERE pages.workspace_id = (SELECT workspace_id FROM pages WHERE id = ?) AND posts.slug >= ? AND posts.slug < ?`,
      )
      .pluck();
    const insert = stores.posts.insert.bind(stores.posts);
    stores.posts.insert = (post) => {
      const base = slugOr(post.title, 'post');
      return insert({ ...post, slug: nextFreeSlug(base, slugsInWorkspace.all(post.page_id, base, `${base}.`)) });
    };
  }
  if (on('post-delete-any-page')) {
    // deletePost checks that the page of the path is in the workspace, then deletes the post by its id
    // in the workspace, whatever page it is on (getPost, updatePost still answer 404 through another
    // page). Breaks resources.child-of-its-parent: "through another page ... every operation on it
    // answers 404 and changes nothing".
    const pageOf = db
      .prepare<[number, number], number>('SELECT posts.page_id FROM posts JOIN pages ON pages.id = posts.page_id WHERE posts.id = ? AND pages.workspace_id = ?')
      .pluck();
    const remove = services.posts.delete.bind(services.posts);
    services.posts.delete = (workspaceId, pageId, id) => {
      if (!stores.pages.exists(workspaceId, pageId)) return remove(workspaceId, pageId, id);
      return remove(workspaceId, pageOf.get(id, workspaceId) ?? pageId, id);
    };
  }
  if (on('category-slug-taken-as-name-taken')) {
    // createCategory's conflict is raised with the problem of the page and newsletter names (a helper
    // copied from createPage): a taken slug answers 409 with type name-taken. Breaks the problem table
    // ("slug-taken | 409 | The explicit slug is already used") and category.slug-taken.
    const create = services.categories.create.bind(services.categories);
    services.categories.create = (workspaceId, pageId, input) => {
      try {
        return create(workspaceId, pageId, input);
      } catch (error) {
        if (error instanceof ProblemError && error.kind === 'slug-taken') throw problems.nameTaken(error.detail);
        throw error;
      }
    };
  }
  if (on('send-later-delivers-now')) {
    // sendEmail with a future scheduled_at answers it scheduled at that time, but queues it with the
    // time the send was made (the requested time is used for the answer only): the email is delivered
    // at once and reads sent long before its time. Breaks email.send-later ("answers 200 scheduled at
    // that instant") and the Email states: a scheduled email stays scheduled until its time.
    const queueNow = db.prepare<[string, number]>("UPDATE emails SET scheduled_at = ? WHERE id = ? AND status = 'scheduled'");
    const send = services.emails.send.bind(services.emails);
    services.emails.send = (workspaceId, newsletterId, id, at) => {
      const answer = send(workspaceId, newsletterId, id, at);
      if (at != null) queueNow.run(new Date().toISOString(), id);
      return answer;
    };
  }
  if (on('author-get-other-workspace')) {
    // getAuthor looks an author up by id alone when the workspace has none of that id (a fallback
    // meant for the admin command): another workspace's author is answered 200. updateAuthor still
    // answers 404. Breaks auth.workspace-scope: "a resource of another workspace is answered 404
    // (never 403 or 200)".
    const workspaceOf = db.prepare<[number], number>('SELECT workspace_id FROM authors WHERE id = ?').pluck();
    const get = services.authors.get.bind(services.authors);
    const update = services.authors.update.bind(services.authors);
    let updating = false;
    services.authors.get = (workspaceId, id) => (updating || stores.authors.exists(workspaceId, id) ? get(workspaceId, id) : get(workspaceOf.get(id) ?? workspaceId, id));
    services.authors.update = (workspaceId, id, input) => {
      updating = true;
      try {
        return update(workspaceId, id, input);
      } finally {
        updating = false;
      }
    };
  }
}

/** Whether an error is the validator's (a status and a list of errors), as error-handler.ts tells. */
const isValidatorError = (err: unknown): err is { status: number; errors: unknown[] } =>
  typeof err === 'object' && err !== null && typeof (err as { status?: unknown }).status === 'number' && Array.isArray((err as { errors?: unknown }).errors);

/** The validator's handlers, run one after the other, with `onError` deciding what a failure becomes. */
function validatorWithErrorHook(real: RequestHandler | readonly RequestHandler[], onError: (req: Parameters<RequestHandler>[0], res: Parameters<RequestHandler>[1], err: unknown) => unknown): RequestHandler {
  const handlers = [real].flat() as RequestHandler[];
  return (req, res, next) => {
    const step =
      (index: number) =>
      (err?: unknown): void => {
        if (err !== undefined && err !== null) return next(onError(req, res, err));
        const handler = handlers[index];
        if (!handler) return next();
        void handler(req, res, step(index + 1));
      };
    step(0)();
  };
}

export function breakLaterReadsPipeline(on: FaultSet, api: Pipeline['api'], context: PipelineContext): Pipeline['api'] {
  let stages = api;
  const { stores } = context.options;
  if (on('head-newsletter-without-rate-limit')) {
    // HEAD of getNewsletter is answered by a shortcut that skips the rate-limit fields (a HEAD "costs
    // nothing"): GET carries RateLimit and RateLimit-Policy, HEAD does not. Breaks http.head ("with the
    // status and headers GET would have") and responses.declared-headers.
    stages = insertBefore(stages, 'head', {
      name: 'head-newsletter-without-rate-limit',
      handler: (req, res, next) => {
        if (req.method === 'HEAD' && /^\/newsletters\/[^/]+$/.test(req.path)) {
          const setHeader = res.setHeader.bind(res);
          res.setHeader = (name: string, value: number | string | readonly string[]) => (/^ratelimit(-policy)?$/i.test(name) ? res : setHeader(name, value));
        }
        next();
      },
    });
  }
  if (on('preflight-subscribers-unanswered')) {
    // The CORS layer is left out for the subscribers' path (its router was mounted before CORS): a
    // preflight there meets authentication and is answered 401 without Access-Control-Allow-Origin,
    // so a browser can never create or list subscribers. Breaks headers.cors-present ("Every answer
    // ... whatever its status, carries Access-Control-Allow-Origin ... and
    // Access-Control-Expose-Headers").
    stages = wrapStage(stages, 'cors', (real) => {
      const handlers = [real].flat() as RequestHandler[];
      return (req, res, next) => {
        if (req.method === 'OPTIONS' && /^\/newsletters\/[^/]+\/subscribers$/.test(req.path)) return next();
        const step =
          (index: number) =>
          (err?: unknown): void => {
            if (err !== undefined && err !== null) return next(err);
            const handler = handlers[index];
            if (!handler) return next();
            void handler(req, res, step(index + 1));
          };
        step(0)();
      };
    });
  }
  if (on('category-update-404-before-422')) {
    // updateCategory looks the category up when its request fails validation, to word the error, and
    // answers 404 when it is not there: an invalid body sent to a category that does not exist is a
    // 404 (createCategory, getCategory and the other operations keep the contract's order). Breaks
    // errors.precedence: "422 for the request judged on its own" comes before "404 for a resource the
    // path names".
    stages = wrapStage(stages, 'validator', (real) =>
      validatorWithErrorHook(real, (req, res, err) => {
        const ids = /^\/pages\/(\d+)\/categories\/(\d+)$/.exec(req.path);
        const workspaceId = res.locals.workspaceId as number | undefined;
        if (req.method !== 'PATCH' || !ids || workspaceId === undefined || !isValidatorError(err)) return err;
        const pageId = Number(ids[1]);
        const found = stores.pages.exists(workspaceId, pageId) && stores.categories.get(pageId, Number(ids[2])) !== undefined;
        return found ? err : problems.notFound(`There is no category ${ids[2]} on page ${ids[1]}.`);
      }),
    );
  }
  if (on('page-404-as-json')) {
    // getPage writes its 404 with the success media type: the problem document is sent as
    // application/json, not application/problem+json. Breaks responses.media-type ("an error body
    // application/problem+json") and the contract's Errors section.
    stages = insertBefore(stages, 'head', {
      name: 'page-404-as-json',
      handler: (req, res, next) => {
        if ((req.method === 'GET' || req.method === 'HEAD') && /^\/pages\/[^/]+$/.test(req.path)) {
          const setHeader = res.setHeader.bind(res);
          res.setHeader = (name: string, value: number | string | readonly string[]) =>
            name.toLowerCase() === 'content-type' && res.statusCode === 404 && typeof value === 'string' ? setHeader(name, value.replace('application/problem+json', 'application/json')) : setHeader(name, value);
        }
        next();
      },
    });
  }
  return stages;
}
