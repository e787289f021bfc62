/**
 * Faults confined to one operation each, of the kinds that pass a first look: the first request is
 * right and the second is not, page 1 is right and page 2 is not, ASCII is right and other letters
 * are not, GET is right and HEAD is not, one sibling of a family is wrong. Each is a bug an
 * implementer could plausibly write, and each breaks a statement of the contract.
 */
import type { RequestHandler } from 'express';
import type { PipelineContext } from '../app.ts';
import type { ServerParts } from '../compose.ts';
import { nextFreeSlug, slugify } from '../domain/slugs.ts';
import { insertBefore, wrapStage, type Pipeline } from '../http/pipeline.ts';
import { problems } from '../http/problem.ts';
import type { FaultSet } from './fault-set.ts';

/** The page size lists default to; the offset fault multiplies by it whatever size was asked. */
const DEFAULT_PAGE_SIZE = 10;

/**
 * A hand-written slug for post titles: accents are stripped by decomposing the letters (NFD) and
 * dropping the marks, then everything outside a-z and 0-9 is a separator. It looks right for `Café`
 * and `Über`, but letters that do not decompose (ß, ø, æ, ł, đ, þ, Cyrillic, Greek) become
 * separators instead of being transliterated (`Straße in Łódź` becomes `stra-e-in-odz`).
 */
function decomposedAsciiSlug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/\//g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 90)
    .replace(/-+$/, '');
}

export function breakSingleOperationParts(on: FaultSet, { db, stores, services }: ServerParts): void {
  if (on('page-update-stale-snapshot')) {
    // updatePage merges each PATCH into a copy of the page cached at its first update and writes
    // every field of the copy back. The cache is never refreshed, so a second PATCH of another field
    // writes back the old value of the field the first one changed: the first update is lost.
    const snapshots = new Map<string, { name: string; slug: string }>();
    const update = services.pages.update.bind(services.pages);
    services.pages.update = (workspaceId, id, input) => {
      if (Object.keys(input).length === 0) return update(workspaceId, id, input);
      const key = `${workspaceId}:${id}`;
      let snapshot = snapshots.get(key);
      if (!snapshot) {
        const { name, slug } = services.pages.get(workspaceId, id);
        snapshot = { name, slug };
        snapshots.set(key, snapshot);
      }
      return update(workspaceId, id, { name: snapshot.name, slug: snapshot.slug, ...input });
    };
  }
  if (on('reschedule-keeps-first-time')) {
    // The time is written as COALESCE(scheduled_at, ?), which is right for a draft and wrong for a
    // scheduled email sent again: its first time stays stored, while the answer echoes the new one.
    const keep = db.prepare<[string, number]>('UPDATE emails SET scheduled_at = ? WHERE id = ?');
    const send = services.emails.send.bind(services.emails);
    services.emails.send = (workspaceId, newsletterId, id, at) => {
      const before = stores.emails.get(newsletterId, id);
      const answer = send(workspaceId, newsletterId, id, at);
      if (before?.status === 'scheduled' && before.scheduled_at !== null) keep.run(before.scheduled_at, id);
      return answer;
    };
  }
  if (on('upsert-existing-refreshed')) {
    // ON CONFLICT DO UPDATE instead of DO NOTHING: an address already on the newsletter is
    // "re-verified" by every upsert, so the existing subscriber does not come back unchanged.
    const exists = db.prepare<[number, string], number>('SELECT id FROM subscribers WHERE newsletter_id = ? AND email = ?').pluck();
    const refresh = db.prepare<[string, string, number]>('UPDATE subscribers SET verified_at = ?, updated_at = ? WHERE id = ?');
    const upsert = stores.subscribers.upsertActive.bind(stores.subscribers);
    stores.subscribers.upsertActive = (newsletterId, email, now) => {
      const id = exists.get(newsletterId, email);
      if (id !== undefined) refresh.run(now, now, id);
      return upsert(newsletterId, email, now);
    };
  }
  if (on('newsletters-offset-default-size')) {
    // The offset is computed with the default page size, whatever `size` asks: page 1 is right at
    // every size, and every size is right at 10; page 2 of size 5 skips five newsletters, page 2 of
    // size 20 repeats ten.
    const list = services.newsletters.list.bind(services.newsletters);
    services.newsletters.list = (workspaceId, paging) => {
      const offset = (paging.page - 1) * DEFAULT_PAGE_SIZE;
      const { total, items } = list(workspaceId, { page: 1, size: offset + paging.size });
      return { total, items: items.slice(offset, offset + paging.size) };
    };
  }
  if (on('post-slug-undecomposed-letters-dropped')) {
    const insert = stores.posts.insert.bind(stores.posts);
    stores.posts.insert = (post) => {
      if (/^[\x20-\x7e]*$/.test(post.title)) return insert(post);
      const base = decomposedAsciiSlug(post.title) || 'post';
      return insert({ ...post, slug: nextFreeSlug(base, stores.posts.slugsFrom(post.page_id, base)) });
    };
  }
  if (on('newsletter-name-taken-global')) {
    // createNewsletter checks the name against a unique key on the folded name alone, without the
    // workspace: a name another workspace uses is answered 409 (renames are checked right).
    const anywhere = db.prepare<[string, number], number>('SELECT 1 FROM newsletters WHERE name_key = ? AND workspace_id != ?').pluck();
    const create = services.newsletters.create.bind(services.newsletters);
    services.newsletters.create = (workspaceId, input) => {
      if (anywhere.get(stores.newsletters.nameKey(input.name), workspaceId) !== undefined) {
        throw problems.nameTaken(`Another newsletter of your workspace is already named "${input.name}".`);
      }
      return create(workspaceId, input);
    };
  }
  if (on('category-slug-unique-per-workspace')) {
    // createCategory looks an explicit slug up among the categories of every page of the workspace
    // (a join on pages by workspace where the page id was meant): a slug another page uses is a 409.
    const inWorkspace = db
      .prepare<[string, number, number], number>('SELECT 1 FROM categories JOIN pages ON pages.id = categories.page_id WHERE categories.slug = ? AND pages.workspace_id = ? AND pages.id != ?')
      .pluck();
    const create = services.categories.create.bind(services.categories);
    services.categories.create = (workspaceId, pageId, input) => {
      const slug = input.slug == null ? '' : slugify(input.slug);
      if (slug && stores.pages.exists(workspaceId, pageId) && inWorkspace.get(slug, workspaceId, pageId) !== undefined) {
        throw problems.slugTaken(`Another category of page ${pageId} already uses the slug "${slug}".`);
      }
      return create(workspaceId, pageId, input);
    };
  }
  if (on('category-delete-any-page')) {
    // deleteCategory finds the category by its id in the workspace; the page of the path is only
    // checked to exist. getCategory and updateCategory still answer 404 through another page.
    const pageOf = db
      .prepare<[number, number], number>('SELECT categories.page_id FROM categories JOIN pages ON pages.id = categories.page_id WHERE categories.id = ? AND pages.workspace_id = ?')
      .pluck();
    const remove = services.categories.delete.bind(services.categories);
    services.categories.delete = (workspaceId, pageId, id) => {
      if (!stores.pages.exists(workspaceId, pageId)) return remove(workspaceId, pageId, id);
      remove(workspaceId, pageOf.get(id, workspaceId) ?? pageId, id);
    };
  }
}

/** Whether an error is the validator's (a status and a list of errors), as error-handler.ts tells. */
const isValidatorError = (err: unknown): err is { status: number; errors: unknown[] } =>
  typeof err === 'object' && err !== null && typeof (err as { status?: unknown }).status === 'number' && Array.isArray((err as { errors?: unknown }).errors);

/**
 * The validator's handlers, run one after the other, with createPage's validation stopping at the
 * first error (as with Ajv's `allErrors: false`, set for one operation): a body with two invalid
 * fields is answered with one of them.
 */
function firstErrorOnly(real: RequestHandler | readonly RequestHandler[]): RequestHandler {
  const handlers = [real].flat() as RequestHandler[];
  return (req, res, next) => {
    const createPage = req.method === 'POST' && req.path === '/pages';
    const step =
      (index: number) =>
      (err?: unknown): void => {
        if (err !== undefined && err !== null) {
          if (createPage && isValidatorError(err) && err.status === 400 && err.errors.length > 1) err.errors = err.errors.slice(0, 1);
          return next(err);
        }
        const handler = handlers[index];
        if (!handler) return next();
        void handler(req, res, step(index + 1));
      };
    step(0)();
  };
}

export function breakSingleOperationPipeline(on: FaultSet, api: Pipeline['api'], _context: PipelineContext): Pipeline['api'] {
  let stages = api;
  if (on('page-errors-first-only')) stages = wrapStage(stages, 'validator', firstErrorOnly);
  if (on('head-401-without-challenge')) {
    // A HEAD answer is stripped of the header fields "only a body needs", and the list of them holds
    // WWW-Authenticate by mistake: HEAD of listPosts without a valid token is a 401 without the
    // challenge GET carries.
    stages = insertBefore(stages, 'head', {
      name: 'head-401-without-challenge',
      handler: (req, res, next) => {
        if (req.method === 'HEAD' && /^\/pages\/[^/]+\/posts$/.test(req.path)) {
          const setHeader = res.setHeader.bind(res);
          res.setHeader = (name: string, value: number | string | readonly string[]) => (name.toLowerCase() === 'www-authenticate' ? res : setHeader(name, value));
        }
        next();
      },
    });
  }
  if (on('email-location-without-base')) {
    // createEmail's Location is built from req.path, which Express gives relative to the router's
    // mount point: `/newsletters/1/emails/7` without `/api/v1`, a URL no operation answers.
    stages = insertBefore(stages, 'head', {
      name: 'email-location-without-base',
      handler: (req, res, next) => {
        if (req.method === 'POST' && /^\/newsletters\/[^/]+\/emails$/.test(req.path)) {
          const setHeader = res.setHeader.bind(res);
          const routerPath = req.path;
          res.setHeader = (name: string, value: number | string | readonly string[]) =>
            name.toLowerCase() === 'location' && typeof value === 'string' ? setHeader(name, `${routerPath}/${value.split('/').pop()}`) : setHeader(name, value);
        }
        next();
      },
    });
  }
  if (on('rate-limit-reset-as-epoch')) {
    // listSubscribers gives the reset of its RateLimit field as the moment the window ends, in
    // seconds since the epoch, as the older X-RateLimit-Reset did, not the seconds left in it.
    stages = insertBefore(stages, 'operations', {
      name: 'rate-limit-reset-as-epoch',
      handler: (req, res, next) => {
        const limit = res.getHeader('RateLimit');
        if (req.method === 'GET' && /^\/newsletters\/[^/]+\/subscribers$/.test(req.path) && typeof limit === 'string') {
          res.setHeader('RateLimit', limit.replace(/t=(\d+)/, (_all, left: string) => `t=${Math.floor(Date.now() / 1000) + Number(left)}`));
        }
        next();
      },
    });
  }
  return stages;
}
