/**
 * Faults of relations that span requests: what a later read, another page size, another page of a
 * filter, HEAD instead of GET, another workspace or another parent must show. Each is in one operation
 * only, the way such bugs hide: every request on its own looks right.
 */
import type { RequestHandler } from 'express';
import type { PipelineContext } from '../app.ts';
import type { ServerParts } from '../compose.ts';
import { nextFreeSlug } from '../domain/slugs.ts';
import { insertBefore, wrapStage, type Pipeline } from '../http/pipeline.ts';
import { ProblemError, problems } from '../http/problem.ts';
import type { FaultSet } from './fault-set.ts';

/** The same problem with more text in its detail. */
function withDetail(error: unknown, more: string): unknown {
  if (!(error instanceof ProblemError)) return error;
  return new ProblemError(error.status, error.kind, error.title, `${error.detail}${more}`, error.errors, error.headers);
}

export function breakRelationParts(on: FaultSet, { db, stores, services }: ServerParts): void {
  if (on('categories-size-3-skips')) {
    // An offset computed one too far on the pages after the first, at one page size only.
    const list = services.categories.list.bind(services.categories);
    services.categories.list = (workspaceId, pageId, paging) => {
      const answer = list(workspaceId, pageId, paging);
      return paging.size === 3 && paging.page > 1 ? { ...answer, items: answer.items.slice(1) } : answer;
    };
  }
  if (on('posts-filter-first-page-only')) {
    const list = services.posts.list.bind(services.posts);
    services.posts.list = (workspaceId, pageId, filter, paging) => list(workspaceId, pageId, paging.page > 1 ? { ...filter, status: undefined } : filter, paging);
  }
  if (on('subscribers-filtered-total-unfiltered')) {
    const list = services.subscribers.list.bind(services.subscribers);
    services.subscribers.list = (workspaceId, newsletterId, filter, paging) => {
      const answer = list(workspaceId, newsletterId, filter, paging);
      const filtered = filter.status !== undefined || filter.verified !== undefined;
      return filtered ? { ...answer, total: list(workspaceId, newsletterId, {}, paging).total } : answer;
    };
  }
  if (on('republish-restamps')) {
    // The answer stamps a publication of a post that was already published; the row keeps the first.
    const update = services.posts.update.bind(services.posts);
    services.posts.update = (workspaceId, pageId, id, input, contentHtml) => {
      const before = services.posts.get(workspaceId, pageId, id);
      const post = update(workspaceId, pageId, id, input, contentHtml);
      const again = input.status === 'published' && before.first_published_at !== null;
      return again ? { ...post, first_published_at: new Date(Date.now() + 1000).toISOString() } : post;
    };
  }
  if (on('email-slug-answered-unsuffixed')) {
    // The slug is made unique when stored, but the answer is built from the slug as first derived.
    const create = services.emails.create.bind(services.emails);
    services.emails.create = (workspaceId, newsletterId, input, contentHtml) => {
      const email = create(workspaceId, newsletterId, input, contentHtml);
      return { ...email, slug: email.slug.replace(/-\d+$/, '') };
    };
  }
  if (on('newsletter-name-slug-global')) {
    // The name_slug is made unique over every workspace's newsletters.
    const everywhere = db.prepare<[string, string], string>("SELECT name_slug FROM newsletters WHERE name_slug = ? OR name_slug LIKE ? || '-%'").pluck();
    stores.newsletters.nameSlugsFrom = (_workspaceId, base) => everywhere.all(base, base);
  }
  if (on('unsubscribe-everywhere')) {
    // Deleting a subscriber deletes the address from every newsletter, of every workspace.
    const address = db.prepare<[number, number], string>('SELECT email FROM subscribers WHERE newsletter_id = ? AND id = ?').pluck();
    const removeAddress = db.prepare('DELETE FROM subscribers WHERE email = ?');
    const remove = services.subscribers.delete.bind(services.subscribers);
    services.subscribers.delete = (workspaceId, newsletterId, id) => {
      const email = address.get(newsletterId, id);
      remove(workspaceId, newsletterId, id);
      if (email !== undefined) removeAddress.run(email);
    };
  }
  if (on('email-update-any-newsletter')) {
    // The email is looked up by its id in the workspace; the newsletter of the path is not compared.
    const newsletterOf = db
      .prepare<[number, number], number>('SELECT emails.newsletter_id FROM emails JOIN newsletters ON newsletters.id = emails.newsletter_id WHERE emails.id = ? AND newsletters.workspace_id = ?')
      .pluck();
    const prepare = services.emails.contentForUpdate.bind(services.emails);
    services.emails.contentForUpdate = (workspaceId, newsletterId, id, input) => prepare(workspaceId, newsletterOf.get(id, workspaceId) ?? newsletterId, id, input);
    const update = services.emails.update.bind(services.emails);
    services.emails.update = (workspaceId, newsletterId, id, input, contentHtml) => update(workspaceId, newsletterOf.get(id, workspaceId) ?? newsletterId, id, input, contentHtml);
  }
  if (on('subscriber-delete-any-newsletter')) {
    const newsletterOf = db
      .prepare<[number, number], number>('SELECT subscribers.newsletter_id FROM subscribers JOIN newsletters ON newsletters.id = subscribers.newsletter_id WHERE subscribers.id = ? AND newsletters.workspace_id = ?')
      .pluck();
    const remove = services.subscribers.delete.bind(services.subscribers);
    services.subscribers.delete = (workspaceId, newsletterId, id) => remove(workspaceId, newsletterOf.get(id, workspaceId) ?? newsletterId, id);
  }
  if (on('domain-without-random-part')) {
    // The page's name slug alone, numbered when taken: `engineering-blog.pages.example`.
    const insert = stores.pages.insert.bind(stores.pages);
    const domains = db.prepare<[string, string], string>('SELECT domain FROM pages WHERE domain >= ? AND domain < ?').pluck();
    stores.pages.insert = (page) => {
      const pagesDomain = page.domain.slice(page.domain.indexOf('.') + 1);
      const label = page.name_slug.slice(0, 56).replace(/-+$/, '');
      const taken = domains.all(label, `${label}/`).filter((domain) => domain.endsWith(`.${pagesDomain}`)).map((domain) => domain.slice(0, -(pagesDomain.length + 1)));
      return insert({ ...page, domain: `${nextFreeSlug(label, taken)}.${pagesDomain}` });
    };
  }
  if (on('email-update-drops-content')) {
    // An update that names no content is taken as one that empties it.
    const update = services.emails.update.bind(services.emails);
    services.emails.update = (workspaceId, newsletterId, id, input, contentHtml) =>
      update(workspaceId, newsletterId, id, input, contentHtml === undefined && input.content_html === undefined && input.content_md === undefined ? null : contentHtml);
  }
  if (on('email-author-unchecked')) {
    // An author of no workspace is dropped instead of refused.
    const known = (workspaceId: number, authorId: number | null | undefined) => authorId == null || stores.authors.exists(workspaceId, authorId);
    const prepare = services.emails.contentForCreate.bind(services.emails);
    services.emails.contentForCreate = (workspaceId, newsletterId, input, signal) => prepare(workspaceId, newsletterId, known(workspaceId, input.author_id) ? input : { ...input, author_id: null }, signal);
    const create = services.emails.create.bind(services.emails);
    services.emails.create = (workspaceId, newsletterId, input, contentHtml) => create(workspaceId, newsletterId, known(workspaceId, input.author_id) ? input : { ...input, author_id: null }, contentHtml);
  }
  if (on('deactivation-clears-email-author')) {
    // Deactivation taken for removal: the author's emails lose their author, in the same write.
    const clearAuthor = db.prepare('UPDATE emails SET author_id = NULL WHERE author_id = ?');
    const update = services.authors.update.bind(services.authors);
    services.authors.update = (workspaceId, id, input) => {
      const author = update(workspaceId, id, input);
      if (input.active === false) clearAuthor.run(id);
      return author;
    };
  }
  if (on('problem-shows-stack')) {
    const get = services.categories.get.bind(services.categories);
    services.categories.get = (workspaceId, pageId, id) => {
      try {
        return get(workspaceId, pageId, id);
      } catch (error) {
        throw withDetail(error, '\n    at CategoriesService.get (/srv/app/server/services/categories.ts:28:13)\n    at dispatch (/srv/app/server/http/operations.ts:61:22)');
      }
    };
  }
  if (on('problem-shows-sql')) {
    const create = services.newsletters.create.bind(services.newsletters);
    services.newsletters.create = (workspaceId, input) => {
      try {
        return create(workspaceId, input);
      } catch (error) {
        throw withDetail(error, ' (SqliteError: UNIQUE constraint failed: newsletters.workspace_id, newsletters.name_key)');
      }
    };
  }
  if (on('problem-shows-source-line')) {
    const prepare = services.posts.contentForUpdate.bind(services.posts);
    services.posts.contentForUpdate = async (workspaceId, pageId, id, input) => {
      try {
        return await prepare(workspaceId, pageId, id, input);
      } catch (error) {
        throw withDetail(error, ' [server/services/posts.ts:97]');
      }
    };
    const update = services.posts.update.bind(services.posts);
    services.posts.update = (workspaceId, pageId, id, input, contentHtml) => {
      try {
        return update(workspaceId, pageId, id, input, contentHtml);
      } catch (error) {
        throw withDetail(error, ' [server/services/posts.ts:97]');
      }
    };
  }
}

export function breakRelationPipeline(on: FaultSet, api: Pipeline['api'], { options: { db } }: PipelineContext): Pipeline['api'] {
  let stages = api;
  if (on('head-skips-auth')) {
    // HEAD of listNewsletters is answered 200 whatever the token: only GET checks it.
    stages = wrapStage(stages, 'authentication', (real) => {
      const authenticate = real as RequestHandler;
      return (req, res, next) =>
        authenticate(req, res, (error?: unknown) => {
          const head = req.method === 'HEAD' || (req.method === 'GET' && res.locals.wasHead === true);
          if ((error as ProblemError | undefined)?.status === 401 && head && req.path === '/newsletters') return void res.status(200).type('application/json').end();
          next(error);
        });
    });
    stages = insertBefore(stages, 'head', { name: 'remember-head', handler: (req, res, next) => ((res.locals.wasHead = req.method === 'HEAD'), next()) });
  }
  if (on('head-404-as-200')) {
    // HEAD of getCategory answers 200 for a category that is not there.
    stages = insertBefore(stages, 'head', {
      name: 'head-404-as-200',
      handler: (req, res, next) => {
        if (req.method === 'HEAD' && /^\/pages\/[^/]+\/categories\/[^/]+$/.test(req.path)) {
          const status = res.status.bind(res);
          res.status = (code: number) => status(code === 404 ? 200 : code);
        }
        next();
      },
    });
  }
  if (on('post-answers-markdown')) {
    // getPost's answer gets the stored write-only fields, after the validator has judged it (this
    // stage wraps res.json before the validator does, so the validator's wrapper runs first).
    const stored = db.prepare<[number], { content_md: string | null; author_id: number | null }>('SELECT content_md, author_id FROM posts WHERE id = ?');
    stages = insertBefore(stages, 'whole-numbers', {
      name: 'post-answers-markdown',
      handler: (req, res, next) => {
        if (req.method === 'GET' && /^\/pages\/[^/]+\/posts\/[^/]+$/.test(req.path)) {
          const json = res.json.bind(res);
          res.json = (body: unknown) => {
            const id = (body as { id?: unknown } | null)?.id;
            const row = res.statusCode === 200 && typeof id === 'number' ? stored.get(id) : undefined;
            return json(row ? { ...(body as object), ...row } : body);
          };
        }
        next();
      },
    });
  }
  if (on('category-location-unscoped') || on('allow-without-head') || on('upload-location-under-api')) {
    // A header set right by the real code, rewritten as it is set, for one path.
    stages = insertBefore(stages, 'head', {
      name: 'header-rewrites',
      handler: (req, res, next) => {
        const setHeader = res.setHeader.bind(res);
        const categories = on('category-location-unscoped') && req.method === 'POST' && /^\/pages\/[^/]+\/categories$/.test(req.path);
        const newsletter = on('allow-without-head') && /^\/newsletters\/[^/]+$/.test(req.path);
        const upload = on('upload-location-under-api') && req.method === 'POST' && req.path === '/images/upload';
        res.setHeader = (name: string, value: number | string | readonly string[]) => {
          const header = name.toLowerCase();
          if (categories && header === 'location' && typeof value === 'string') return setHeader(name, value.replace(/\/pages\/[^/]+\/categories\//, '/categories/'));
          // The image's path put under the API's base path, as if the API served it: nothing does there.
          if (upload && header === 'location' && typeof value === 'string') return setHeader(name, `${req.baseUrl}${new URL(value).pathname}`);
          if (newsletter && header === 'allow' && typeof value === 'string') return setHeader(name, value.split(/,\s*/).filter((method) => method !== 'HEAD').join(', '));
          return setHeader(name, value);
        };
        next();
      },
    });
  }
  if (on('list-pages-reads-body')) {
    stages = insertBefore(stages, 'json-body', {
      name: 'list-pages-reads-body',
      handler: (req, _res, next) => {
        const sent = Number(req.get('content-length') ?? 0) > 0 || req.get('transfer-encoding') !== undefined;
        if (req.method === 'GET' && req.path === '/pages' && sent) return next(problems.malformed('The request body is not valid JSON.'));
        next();
      },
    });
  }
  const headerFaults = on('expose-headers-partial') || on('rate-limit-pk-is-token') || on('rate-limit-remaining-over-quota');
  if (headerFaults) {
    // Header values set wrong for one operation, after the stages that set them right.
    stages = insertBefore(stages, 'operations', {
      name: 'header-values',
      handler: (req, res, next) => {
        if (on('expose-headers-partial') && req.method === 'GET' && req.path === '/authors') res.setHeader('Access-Control-Expose-Headers', 'WWW-Authenticate, Allow');
        const token = /^Bearer (\S+)$/.exec(req.get('authorization') ?? '')?.[1];
        const policy = res.getHeader('RateLimit-Policy');
        if (on('rate-limit-pk-is-token') && token && typeof policy === 'string' && req.method === 'GET' && /^\/newsletters\/[^/]+$/.test(req.path)) {
          res.setHeader('RateLimit-Policy', policy.replace(/pk=:[^:]*:/, `pk=:${Buffer.from(token).toString('base64')}:`));
        }
        const limit = res.getHeader('RateLimit');
        if (on('rate-limit-remaining-over-quota') && typeof limit === 'string' && typeof policy === 'string' && req.method === 'GET' && req.path === '/pages') {
          const quota = Number(/q=(\d+)/.exec(policy)?.[1] ?? 0);
          res.setHeader('RateLimit', limit.replace(/r=\d+/, `r=${quota + 1}`));
        }
        next();
      },
    });
  }
  return stages;
}
