/**
 * Faults written from the contract alone, each confined to one operation of the content or authors
 * family and each one a first test passes: a page create refused 409 for its slug that keeps the name it
 * carried reserved (a later create of that name, with a free slug, is 409 name-taken), a posts list whose
 * category filter is applied to the page of posts after it was cut (page 1 of ?category_id holds only
 * the matches among the page's newest posts, with the true total), a getPost that counts a view and
 * so moves the post's updated_at on every GET, an updatePost that skips rendering Markdown equal to
 * the Markdown already stored (content_html sent earlier stays), a post delete that also deletes the
 * post's category once no post is left in it, a post create that answers a second create of the same
 * body within ten seconds with the first post (a "double submit"), a categories list that answers a page
 * not in the workspace (another workspace's, or none) 200 with an empty list, a getCategory that finds
 * a category by its slug when the path's id names none (/categories/2024 for the slug 2024), a category
 * update whose 422 names the colour by the model's spelling, colour, not the field color, a category
 * delete that answers a second DELETE of the same category 204 ("DELETE is idempotent"), a getAuthor
 * that fills an author's null avatar with a Gravatar URL made from the address, and an author update
 * that takes a PATCH without any body as {} and answers 200. Each is a bug an implementer could
 * plausibly write, and each breaks a statement of the contract (named in its comment).
 */
import { createHash } from 'node:crypto';
import type { PipelineContext } from '../app.ts';
import type { ServerParts } from '../compose.ts';
import { nameKey } from '../domain/names.ts';
import { workspaceOf } from '../http/auth.ts';
import { insertBefore, type Pipeline } from '../http/pipeline.ts';
import { ProblemError, problems } from '../http/problem.ts';
import type { FaultSet } from './fault-set.ts';

/** How long a create of the same body counts as the same submission. */
const REPEAT_WINDOW_MS = 10_000;

const isProblem = (error: unknown, status: number, kind?: string): error is ProblemError =>
  error instanceof ProblemError && error.status === status && (kind === undefined || error.kind === kind);

export function breakFortyThirdLookParts(on: FaultSet, { db, stores, services }: ServerParts): void {
  if (on('page-slug-409-reserves-name')) {
    // createPage reserves the name before it looks at the slug, so that two requests for one name
    // cannot both pass the name check, and the reservation is released only when the page is written:
    // a create refused 409 slug-taken leaves its name reserved, and a later create of that name with a
    // free slug (or none) is answered 409 name-taken though no page has the name. A create that
    // succeeds, and a 409 for the name itself, are right. Breaks resources.refused-write-changes-nothing
    // ("A refused write changes nothing ... no state moves"), names.unique-any-case (409 for "a name
    // already used in the workspace") and requests.valid-input-accepted.
    const reserved = new Map<number, Set<string>>();
    const create = services.pages.create.bind(services.pages);
    services.pages.create = (workspaceId, input) => {
      const key = nameKey(input.name);
      const held = reserved.get(workspaceId) ?? new Set<string>();
      reserved.set(workspaceId, held);
      if (held.has(key)) throw problems.nameTaken(`Another page of your workspace is already named "${input.name}".`);
      try {
        return create(workspaceId, input);
      } catch (error) {
        if (isProblem(error, 409, 'slug-taken')) held.add(key);
        throw error;
      }
    };
  }
  if (on('posts-category-filter-after-paging')) {
    // listPosts reads the page of posts with SQL's LIMIT and OFFSET and applies ?category_id to the
    // rows that came back (the filter was added later, in code), while the total is counted with the
    // filter: page 1 of a category holds only the matches among the page's `size` newest posts, so a
    // category whose posts are older than the newest `size` posts lists fewer than it counts, or none.
    // Without the filter, and where every post fits one page, it is right. Breaks lists.exact-filters
    // ("A filter lists exactly the items that match it"), lists.envelope-arithmetic ("walking the pages
    // visits every item once") and lists.filters-add-up ("A filter holds on every page").
    const list = services.posts.list.bind(services.posts);
    services.posts.list = (workspaceId, pageId, filter, paging) => {
      if (filter.category_id === undefined) return list(workspaceId, pageId, filter, paging);
      const { total } = list(workspaceId, pageId, filter, { page: 1, size: 1 });
      const unfiltered = list(workspaceId, pageId, { ...(filter.status === undefined ? {} : { status: filter.status }) }, paging);
      return { total, items: unfiltered.items.filter((post) => post.category_id === filter.category_id) };
    };
  }
  if (on('post-update-same-markdown-not-rendered')) {
    // updatePost renders content_md only when it differs from the Markdown already stored ("nothing to
    // render again"): a PATCH that sends the stored Markdown again, to replace a content_html sent since
    // or beside it, keeps that HTML and answers 200. New Markdown is rendered as it should be. Breaks the
    // PostUpdate schema's content_md ("When `content_html` is absent or `null`, it is rendered to HTML and
    // replaces `content_html`"), requests.html-over-markdown ("only a `content_html` absent or `null` has
    // `content_md` rendered to it") and resources.rewrite-accepted (a PATCH of values already stored is
    // accepted like any other).
    const storedMarkdown = db.prepare<[number, number], string | null>('SELECT content_md FROM posts WHERE id = ? AND page_id = ?').pluck();
    const contentForUpdate = services.posts.contentForUpdate.bind(services.posts);
    services.posts.contentForUpdate = async (workspaceId, pageId, id, input, signal) => {
      const html = await contentForUpdate(workspaceId, pageId, id, input, signal);
      if (typeof input.content_md === 'string' && input.content_html == null && storedMarkdown.get(id, pageId) === input.content_md) return undefined;
      return html;
    };
  }
  if (on('post-delete-removes-emptied-category')) {
    // deletePost tidies up after itself: once the last post of a category is deleted, the category,
    // now empty, is deleted too ("no empty categories on the page"), as some blog engines do with tags.
    // A post without a category, or one whose category keeps other posts, is deleted alone. Breaks
    // resources.delete-named-only ("A delete removes only the resource it names: every other resource
    // ... those that named it ... reads as before") and the introduction's Requests ("A `DELETE` removes
    // only the resource it names").
    const postsIn = db.prepare<[number, number], number>('SELECT count(*) FROM posts WHERE page_id = ? AND category_id = ?').pluck();
    const remove = services.posts.delete.bind(services.posts);
    services.posts.delete = (workspaceId, pageId, id) => {
      const category = stores.pages.exists(workspaceId, pageId) ? stores.posts.get(pageId, id)?.category_id : undefined;
      remove(workspaceId, pageId, id);
      if (category != null && postsIn.get(pageId, category) === 0) stores.categories.delete(pageId, category);
    };
  }
  if (on('post-create-repeat-answers-first')) {
    // createPost guards against a double submit (a form sent twice, a retry after a timeout): a create
    // with the same body on the same page within ten seconds of the previous one is answered with the
    // post that one made, 201 with its Location, and nothing new is stored. A different body, or the
    // same one later, is created. Breaks post.slug-unique-in-page (a second post of a title gets `-1`),
    // resources.readable-after-create (a created resource "is readable at once ... in its list") and the
    // createPost description (every create "Creates a post on the page").
    let last: { key: string; at: number; id: number } | undefined;
    const create = services.posts.create.bind(services.posts);
    services.posts.create = (workspaceId, pageId, input, contentHtml) => {
      const key = JSON.stringify([workspaceId, pageId, input]);
      const now = Date.now();
      if (last && last.key === key && now - last.at < REPEAT_WINDOW_MS) {
        const first = stores.posts.get(pageId, last.id);
        if (first) return first;
      }
      const post = create(workspaceId, pageId, input, contentHtml);
      last = { key, at: now, id: post.id };
      return post;
    };
  }
  if (on('categories-missing-page-empty')) {
    // listCategories reads the categories of the page joined with the caller's workspace, in one query,
    // and answers what it finds: for a page that is not in the workspace (another workspace's page, or
    // an id of no page) that is nothing, and the answer is 200 with an empty list and total 0 instead of
    // 404. The caller's own pages are listed right. Breaks auth.workspace-scope ("a resource of another
    // workspace is answered `404`"), resources.missing-is-404 ("An id that names no resource of the
    // workspace, in any position of the path, is answered `404`") and the introduction's Errors (404 "No
    // such resource in the caller's workspace").
    const list = services.categories.list.bind(services.categories);
    services.categories.list = (workspaceId, pageId, paging) => {
      try {
        return list(workspaceId, pageId, paging);
      } catch (error) {
        if (isProblem(error, 404)) return { total: 0, items: [] };
        throw error;
      }
    };
  }
  if (on('category-delete-again-204')) {
    // deleteCategory treats DELETE as idempotent, as HTTP calls the method: a category it has deleted
    // is answered 204 again when it is deleted again (the request "succeeds": the category is gone). A
    // category that never existed is still a 404, and getCategory of the deleted one is a 404. Breaks
    // resources.gone-after-delete ("A deleted resource is gone for good; reading or deleting it again is
    // `404`") and the deleteCategory 204 ("Deleted. The resource is gone").
    const deleted = new Set<string>();
    const remove = services.categories.delete.bind(services.categories);
    services.categories.delete = (workspaceId, pageId, id) => {
      const key = `${workspaceId}/${pageId}/${id}`;
      try {
        remove(workspaceId, pageId, id);
        deleted.add(key);
      } catch (error) {
        if (isProblem(error, 404) && deleted.has(key)) return;
        throw error;
      }
    };
  }
  if (on('author-get-default-avatar')) {
    // getAuthor fills an author without a picture with the Gravatar URL of their address
    // (https://www.gravatar.com/avatar/<md5 of the address>?d=identicon), "so clients always have a
    // picture to show"; listAuthors and updateAuthor answer the stored null. Authors with an avatar are
    // answered right. Breaks resources.update-kept ("Create, get, list and update agree with each
    // other"), responses.every-field ("a field without a value as `null`") and author.update-kept
    // ("getAuthor agrees").
    const get = services.authors.get.bind(services.authors);
    services.authors.get = (workspaceId, id) => {
      const author = get(workspaceId, id);
      if (author.avatar !== null) return author;
      const hash = createHash('md5').update(author.email.trim().toLowerCase()).digest('hex');
      return { ...author, avatar: `https://www.gravatar.com/avatar/${hash}?d=identicon` };
    };
  }
}

/** GET and HEAD /pages/{page_id}/posts/{id}. */
const POST_PATH = /^\/pages\/([1-9][0-9]{0,15})\/posts\/([1-9][0-9]{0,15})\/?$/;
/** GET /pages/{page_id}/categories/{id}, PATCH of the same path. */
const CATEGORY_PATH = /^\/pages\/([1-9][0-9]{0,15})\/categories\/([1-9][0-9]{0,15})\/?$/;
const CATEGORY_ANY_PATH = /^\/pages\/[^/]+\/categories\/[^/]+\/?$/;
/** PATCH /authors/{id}. */
const AUTHOR_PATH = /^\/authors\/[^/]+\/?$/;

export function breakFortyThirdLookPipeline(on: FaultSet, pipeline: Pipeline, context: PipelineContext): Pipeline {
  let { api } = pipeline;
  const { stores } = context.options;
  if (on('post-get-touches-updated-at')) {
    // getPost counts a view: each GET of a post writes its read count through the ORM's save, and the
    // save stamps updated_at, so every read answers, and stores, a later updated_at than the write
    // before it; listPosts shows the moved time too. The first read after a create shows a time a few
    // milliseconds past it, which looks like the create's. Breaks the introduction's Requests
    // ("`updated_at` tells when a resource was last written"), resources.update-kept (get and list agree
    // with the last update) and resources.empty-update-unchanged (a PATCH of {} after a read answers
    // "the resource exactly as it was", which a read moved).
    api = insertBefore(api, 'operations', {
      name: 'post-get-touches-updated-at',
      handler: (req, res, next) => {
        const match = req.method === 'GET' ? POST_PATH.exec(req.path) : null;
        if (match) {
          const [pageId, id] = [Number(match[1]), Number(match[2])];
          if (stores.pages.exists(workspaceOf(res), pageId) && stores.posts.get(pageId, id)) {
            stores.posts.update(id, { updated_at: new Date().toISOString() });
          }
        }
        next();
      },
    });
  }
  if (on('category-get-by-numeric-slug')) {
    // getCategory takes its path parameter as "an id or a slug", a convenience for front ends that
    // route by slug: when no category of the page has the id, a category whose slug is that number is
    // answered (a category named 2024 is found at /pages/{page_id}/categories/2024), 200, instead of 404.
    // Ids of categories, and slugs of other categories, are right. Breaks resources.missing-is-404 ("An
    // id that names no resource of the workspace, in any position of the path, is answered `404`"), the
    // CategoryId parameter (an Id, not a slug) and resources.gone-after-delete where a category named by
    // a number is read at another's id.
    api = insertBefore(api, 'operations', {
      name: 'category-get-by-numeric-slug',
      handler: (req, res, next) => {
        const match = req.method === 'GET' || req.method === 'HEAD' ? CATEGORY_PATH.exec(req.path) : null;
        if (!match) return next();
        const [pageId, id] = [Number(match[1]), Number(match[2])];
        if (!stores.pages.exists(workspaceOf(res), pageId) || stores.categories.get(pageId, id)) return next();
        const bySlug = stores.categories.idBySlug(pageId, match[2]!);
        if (bySlug === undefined) return next();
        res.json(stores.categories.get(pageId, bySlug));
      },
    });
  }
  if (on('category-update-color-error-named-colour')) {
    // updateCategory's model calls the field colour, and its 422 names each invalid input by the model's
    // attribute: an invalid color (red, #12345) is answered 422 naming colour, a field the request did
    // not send and the contract does not have. Every other field, and createCategory, are named right.
    // Breaks errors.field-names ("a body field by its name"), errors.only-present-causes ("never a field
    // it did not send") and the ColorInvalid example (errors naming color).
    api = insertBefore(api, 'validator', {
      name: 'category-update-color-error-named-colour',
      handler: (req, res, next) => {
        if (req.method !== 'PATCH' || !CATEGORY_ANY_PATH.test(req.path)) return next();
        const send = res.send.bind(res);
        res.send = (body?: unknown) => {
          if (typeof body === 'string' && res.statusCode === 422) {
            try {
              const problem = JSON.parse(body) as { errors?: { field: string; message: string }[] };
              if (Array.isArray(problem.errors) && problem.errors.some((error) => error.field === 'color')) {
                problem.errors = problem.errors.map((error) => (error.field === 'color' ? { ...error, field: 'colour' } : error));
                return send(JSON.stringify(problem));
              }
            } catch {
              // Not JSON: sent as it is.
            }
          }
          return send(body);
        };
        next();
      },
    });
  }
  if (on('author-update-missing-body-as-empty')) {
    // updateAuthor reads a PATCH that has no body at all (no Content-Type, no bytes) as the empty
    // change {}, "nothing to change", and answers 200 with the author, where a body is required. A body
    // of {} is rightly 200, and a body of another type rightly 415. Breaks the introduction's Requests
    // ("A request that needs a body and sends none is a `422` naming `body`"), the updateAuthor
    // requestBody (required: true) and requests.schema-validation ("required field").
    api = insertBefore(api, 'validator', {
      name: 'author-update-missing-body-as-empty',
      handler: (req, _res, next) => {
        const length = req.headers['content-length'];
        const empty = (length === undefined || length === '0') && req.headers['transfer-encoding'] === undefined;
        if (req.method === 'PATCH' && AUTHOR_PATH.test(req.path) && req.headers['content-type'] === undefined && empty) {
          req.headers['content-type'] = 'application/json';
          req.body = {};
        }
        next();
      },
    });
  }
  return { ...pipeline, api };
}
