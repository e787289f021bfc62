/**
 * Faults written from the contract alone, each confined to one operation and each one a first test
 * passes: a deleted category's posts handed to the page's oldest category, a category deleted through
 * another page answered 204 and kept, a draft's slug following a new title, an author's short
 * description copied into an empty long one, an address unsubscribed from one newsletter made pending
 * on another, a JPEG answered at a URL whose extension differs from the file's, a second page named
 * without letters refused as a taken slug, a 401 for a wrong token without its challenge, a newsletter
 * renamed in letter case alone keeping its updated_at, a category 422 that drops the body's causes
 * when the path is invalid too, and a page of emails past the end refused. Each is a bug an implementer
 * could plausibly write, and each breaks a statement of the contract (named in its comment).
 */
import type { RequestHandler } from 'express';
import type { PipelineContext } from '../app.ts';
import type { ServerParts } from '../compose.ts';
import { nextFreeSlug, slugOr } from '../domain/slugs.ts';
import type { Pipeline } from '../http/pipeline.ts';
import { problems } from '../http/problem.ts';
import { beforeHeaders, rewriteSentJson } from './answer-rewrites.ts';
import type { FaultSet } from './fault-set.ts';

/** An address as the subscriber upsert stores it. */
const storedAddress = (email: string) => email.trim().toLowerCase();

export function breakTwentySecondLookParts(on: FaultSet, { db, stores, services }: ServerParts): void {
  if (on('category-delete-posts-to-oldest-category')) {
    // deleteCategory hands the category's posts to the page's oldest remaining category, as a blog
    // engine with an "uncategorised" default does, instead of leaving them without one. A page with
    // one category is right (its posts become null). Breaks the category rule "the posts of a deleted
    // category stay on the page with category_id null".
    const oldestOther = db
      .prepare<[number, number], number>('SELECT id FROM categories WHERE page_id = ? AND id != ? ORDER BY created_at, id LIMIT 1')
      .pluck();
    const postsOf = db.prepare<[number, number], number>('SELECT id FROM posts WHERE page_id = ? AND category_id = ?').pluck();
    const moveTo = db.prepare('UPDATE posts SET category_id = ? WHERE id = ?');
    const remove = services.categories.delete.bind(services.categories);
    services.categories.delete = (workspaceId, pageId, id) => {
      const heir = oldestOther.get(pageId, id);
      const posts = postsOf.all(pageId, id);
      remove(workspaceId, pageId, id);
      if (heir !== undefined) for (const post of posts) moveTo.run(heir, post);
    };
  }
  if (on('category-delete-other-page-204-kept')) {
    // deleteCategory runs its DELETE scoped to the page the path names and answers 204 without looking
    // at how many rows went: a category of another page of the workspace is answered 204 and stays.
    // An id of no category at all is still 404. Breaks resources.child-of-its-parent ("every operation
    // on it answers 404 and changes nothing") and resources.missing-is-404.
    const inWorkspace = db
      .prepare<[number, number], number>('SELECT 1 FROM categories JOIN pages ON pages.id = categories.page_id WHERE categories.id = ? AND pages.workspace_id = ?')
      .pluck();
    const remove = services.categories.delete.bind(services.categories);
    services.categories.delete = (workspaceId, pageId, id) => {
      if (stores.pages.get(workspaceId, pageId) && !stores.categories.get(pageId, id) && inWorkspace.get(id, workspaceId) !== undefined) return;
      remove(workspaceId, pageId, id);
    };
  }
  if (on('post-draft-retitle-moves-slug')) {
    // updatePost derives a draft's slug again from a new title (the slug is taken to be settled only
    // once the post is published): a published post keeps its slug, a retitled draft gets a new one.
    // Breaks updatePost's "The slug does not change" and resources.patch-named-fields-only.
    const setSlug = db.prepare('UPDATE posts SET slug = ? WHERE id = ?');
    const update = services.posts.update.bind(services.posts);
    services.posts.update = (workspaceId, pageId, id, input, contentHtml) => {
      const before = services.posts.get(workspaceId, pageId, id);
      const post = update(workspaceId, pageId, id, input, contentHtml);
      if (typeof input.title !== 'string' || input.title === before.title || post.status !== 'draft') return post;
      const base = slugOr(input.title, before.slug);
      setSlug.run(nextFreeSlug(base, stores.posts.slugsFrom(pageId, base).filter((slug) => slug !== before.slug)), id);
      return services.posts.get(workspaceId, pageId, id);
    };
  }
  if (on('author-short-description-fills-long')) {
    // updateAuthor fills an empty long_description with a new short_description (the author card
    // falls back to it): an author who has a long description keeps it, one without gets the short
    // one copied. Breaks resources.patch-named-fields-only ("every field it leaves out keeps its
    // value").
    const update = services.authors.update.bind(services.authors);
    services.authors.update = (workspaceId, id, input) => {
      const before = services.authors.get(workspaceId, id);
      const fill = typeof input.short_description === 'string' && input.long_description === undefined && before.long_description == null;
      return update(workspaceId, id, fill ? { ...input, long_description: input.short_description } : input);
    };
  }
  if (on('subscriber-pending-after-unsubscribe-elsewhere')) {
    // createSubscriber treats an address deleted from any newsletter of the workspace as one that must
    // confirm again: subscribed to another newsletter after that, it is created pending and
    // unverified. An address never deleted is active at once. Breaks the subscriber rule "a new
    // subscriber is active and verified at once".
    const unsubscribed = new Set<string>();
    const key = (workspaceId: number, email: string) => `${workspaceId} ${storedAddress(email)}`;
    const addressOf = db.prepare<[number, number], string>('SELECT email FROM subscribers WHERE newsletter_id = ? AND id = ?').pluck();
    const makePending = db.prepare("UPDATE subscribers SET status = 'pending', active = 0, verified = 0, verified_at = NULL WHERE id = ?");
    const remove = services.subscribers.delete.bind(services.subscribers);
    services.subscribers.delete = (workspaceId, newsletterId, id) => {
      const email = addressOf.get(newsletterId, id);
      remove(workspaceId, newsletterId, id);
      if (email !== undefined) unsubscribed.add(key(workspaceId, email));
    };
    const upsert = services.subscribers.upsert.bind(services.subscribers);
    services.subscribers.upsert = (workspaceId, newsletterId, email) => {
      const existed = stores.newsletters.exists(workspaceId, newsletterId) && stores.subscribers.list(newsletterId, {}, { page: 1, size: Number.MAX_SAFE_INTEGER }).items.some((s) => s.email === storedAddress(email));
      const subscriber = upsert(workspaceId, newsletterId, email);
      if (existed || !unsubscribed.has(key(workspaceId, email))) return subscriber;
      makePending.run(subscriber.id);
      return stores.subscribers.get(newsletterId, subscriber.id)!;
    };
  }
  if (on('upload-jpeg-url-extension-jpeg')) {
    // uploadImage names the stored JPEG with the detector's extension (.jpg) but writes the URL with
    // the media type's subtype (.jpeg): a PNG, GIF or WebP is served at its URL, a JPEG's URL answers
    // 404. Breaks image.served ("served, byte for byte, at the URL the answer gives").
    const store = services.images.store.bind(services.images);
    services.images.store = async (incoming) => {
      const { url } = await store(incoming);
      return { url: url.replace(/\.jpg$/, '.jpeg') };
    };
  }
  if (on('page-letterless-name-slug-taken')) {
    // createPage hands a name without letters or digits (emoji alone) to the explicit-slug path with
    // the fallback "page": the first such page gets slug page, the second is answered 409 slug-taken
    // instead of page-1. Breaks the page rule "slug derived from its name ... made unique in the
    // workspace with a -1 suffix" and requests.valid-input-accepted.
    const create = services.pages.create.bind(services.pages);
    services.pages.create = (workspaceId, input) =>
      create(workspaceId, input.slug == null && slugOr(input.name, '') === '' ? { ...input, slug: 'page' } : input);
  }
  if (on('newsletter-recase-keeps-updated-at')) {
    // updateNewsletter treats a rename that keeps the folded name (Weekly to WEEKLY) as no change of
    // the stored row's time: the name is kept, updated_at stays where it was. A rename to another name
    // moves it. Breaks resources.update-stamped ("an update that changes a stored value records its
    // own time in updated_at").
    const restamp = db.prepare('UPDATE newsletters SET updated_at = ? WHERE id = ?');
    const update = services.newsletters.update.bind(services.newsletters);
    services.newsletters.update = (workspaceId, id, input) => {
      const before = services.newsletters.get(workspaceId, id);
      const after = update(workspaceId, id, input);
      if (typeof input.name !== 'string' || input.name === before.name || stores.newsletters.nameKey(input.name) !== stores.newsletters.nameKey(before.name)) return after;
      restamp.run(before.updated_at, id);
      return services.newsletters.get(workspaceId, id);
    };
  }
  if (on('emails-past-the-end-422')) {
    // listEmails refuses a page past the last one as out of range: 422 naming query.page, where the
    // contract answers 200 with an empty result and the true total. Pages within the list, and page 1
    // of an empty list, are right. Breaks lists.past-the-end.
    const list = services.emails.list.bind(services.emails);
    services.emails.list = (workspaceId, newsletterId, status, paging) => {
      const answer = list(workspaceId, newsletterId, status, paging);
      if (paging.page > 1 && answer.items.length === 0) {
        throw problems.invalid([{ field: 'query.page', message: `must be at most ${Math.max(1, Math.ceil(answer.total / paging.size))}` }]);
      }
      return answer;
    };
  }
}

const categoriesPath = /^\/pages\/[^/]+\/categories$/;
const authorPath = /^\/authors\/[^/]+$/;

export function breakTwentySecondLookPipeline(on: FaultSet, pipeline: Pipeline, _context: PipelineContext): Pipeline {
  let { api } = pipeline;
  if (on('author-401-wrong-token-unchallenged')) {
    // getAuthor answers a request that carries a Bearer token the service does not know with a 401
    // without WWW-Authenticate (the challenge is only written when no credentials came at all). A
    // request without Authorization is challenged. Breaks auth.bearer-required ("answered 401 with
    // WWW-Authenticate: Bearer") and responses.declared-headers.
    const unchallenged: RequestHandler = (req, res, next) => {
      if (req.method === 'GET' && authorPath.test(req.path) && req.headers.authorization !== undefined) {
        beforeHeaders(res, (status) => {
          if (status === 401) res.removeHeader('WWW-Authenticate');
        });
      }
      next();
    };
    api = [{ name: 'author-401-wrong-token-unchallenged', handler: unchallenged }, ...api];
  }
  if (on('category-create-422-path-only')) {
    // createCategory's 422 for a page id that is not a whole number lists only path.page_id, and
    // leaves out the body's invalid fields (the path is judged first and the body's errors dropped).
    // An invalid body under a valid page id names its fields. Breaks errors.field-names ("every one of
    // a request with several").
    const pathOnly: RequestHandler = (req, res, next) => {
      if (req.method === 'POST' && categoriesPath.test(req.path)) {
        rewriteSentJson(
          res,
          (status) => status === 422,
          (body: { errors?: { field: string }[] }) => {
            const onPath = body.errors?.filter((error) => error.field.startsWith('path.')) ?? [];
            return onPath.length > 0 ? { ...body, errors: onPath } : body;
          },
        );
      }
      next();
    };
    api = [{ name: 'category-create-422-path-only', handler: pathOnly }, ...api];
  }
  return { ...pipeline, api };
}
