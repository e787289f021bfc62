/**
 * Faults written from the contract alone, each confined to one operation and each one a first test
 * passes: an author's slug derived again when a PATCH names the last name, subscribers listed by
 * address instead of newest first, newsletters listed by their last change, a category rename that
 * keeps the old updated_at, a page's new slug copied into its name_slug, uploads over 1 MiB refused
 * as too large, an email's 409 email-not-draft sent as application/json, and post descriptions cut to
 * 255 characters in the post list. Each breaks a statement of the contract (named in its comment).
 */
import { stat, rm } from 'node:fs/promises';
import type { PipelineContext } from '../app.ts';
import type { ServerParts } from '../compose.ts';
import { nextFreeSlug, slugOr } from '../domain/slugs.ts';
import { insertBefore, type Pipeline } from '../http/pipeline.ts';
import { problems } from '../http/problem.ts';
import { beforeHeaders } from './answer-rewrites.ts';
import type { FaultSet } from './fault-set.ts';

/** Every item of a list, in one page large enough to hold them all, for a fault to order itself. */
const WHOLE_LIST = { page: 1, size: Number.MAX_SAFE_INTEGER };

/** The window `paging` names of `items`, already in the order they are to be listed. */
const windowOf = <T>(items: T[], paging: { page: number; size: number }) => items.slice((paging.page - 1) * paging.size, paging.page * paging.size);

/** The JSON body limit the upload wrongly borrows (the upload's own limit is 10 MiB). */
const JSON_BODY_LIMIT = 1024 * 1024;

/** The length of a one-line text column the post list wrongly cuts descriptions to. */
const SHORT_TEXT = 255;

export function breakTwentiethLookParts(on: FaultSet, { stores, services }: ServerParts): void {
  if (on('author-last-name-rederives-slug')) {
    // updateAuthor derives the slug again from the full name when a PATCH names last_name (the code
    // that recomputes formatted_name also recomputes the slug); a PATCH of first_name alone, or of
    // any other field, keeps it. Breaks the updateAuthor description ("the slug does not change")
    // and resources.patch-named-fields-only.
    const update = services.authors.update.bind(services.authors);
    services.authors.update = (workspaceId, id, input) => {
      const before = stores.authors.get(workspaceId, id);
      const author = update(workspaceId, id, input);
      if (input.last_name === undefined || !before) return author;
      const base = slugOr(author.formatted_name, 'author');
      const slug = nextFreeSlug(base, stores.authors.slugsFrom(workspaceId, base).filter((taken) => taken !== before.slug));
      if (slug === author.slug) return author;
      stores.authors.update(id, { slug });
      return { ...author, slug };
    };
  }
  if (on('subscribers-ordered-by-address-desc')) {
    // listSubscribers sorts by address, descending (the admin screen's order), not by created_at:
    // addresses subscribed in reverse alphabetical order list exactly as newest first would, so a
    // first test of b@ after a@ passes; a@ subscribed after b@ lists second. Breaks lists.newest-first
    // and lists.same-items-any-size.
    const list = stores.subscribers.list.bind(stores.subscribers);
    stores.subscribers.list = (newsletterId, filter, paging) => {
      const all = list(newsletterId, filter, WHOLE_LIST);
      const sorted = [...all.items].sort((a, b) => (a.email < b.email ? 1 : a.email > b.email ? -1 : b.id - a.id));
      return { total: all.total, items: windowOf(sorted, paging) };
    };
  }
  if (on('newsletters-ordered-by-update')) {
    // listNewsletters orders by updated_at, not created_at: before any rename the two agree, and a
    // renamed older newsletter then moves to the front. Breaks lists.newest-first ("created_at
    // descending, then id descending") and lists.same-items-any-size.
    const list = stores.newsletters.list.bind(stores.newsletters);
    stores.newsletters.list = (workspaceId, paging) => {
      const all = list(workspaceId, WHOLE_LIST);
      const sorted = [...all.items].sort((a, b) => (a.updated_at < b.updated_at ? 1 : a.updated_at > b.updated_at ? -1 : b.id - a.id));
      return { total: all.total, items: windowOf(sorted, paging) };
    };
  }
  if (on('category-rename-keeps-updated-at')) {
    // updateCategory writes a PATCH that names only `name` with the statement for the name and its
    // slug, which leaves updated_at alone: the rename is kept but updated_at stays the creation time.
    // A recolour, a new description, or a rename together with another field are right. Breaks
    // responses.timestamps-in-order ("updated_at of an update that changes something") and the
    // Category schema ("date of the last change").
    const update = services.categories.update.bind(services.categories);
    services.categories.update = (workspaceId, pageId, id, input) => {
      const before = stores.categories.get(pageId, id);
      const category = update(workspaceId, pageId, id, input);
      const keys = Object.keys(input);
      if (!before || keys.length !== 1 || keys[0] !== 'name' || category.name === before.name) return category;
      stores.categories.update(id, { updated_at: before.updated_at });
      return { ...category, updated_at: before.updated_at };
    };
  }
  if (on('page-slug-update-copies-name-slug')) {
    // updatePage with a new explicit slug writes it into name_slug too (both columns are "the page's
    // slug" in the update code): name_slug no longer follows the page's name. A rename, and a PATCH of
    // name and slug together, are right. Breaks resources.patch-named-fields-only ("every field it
    // leaves out keeps its value ... the values derived from the named fields aside") and the Page
    // schema (name_slug derived from the name).
    const update = services.pages.update.bind(services.pages);
    services.pages.update = (workspaceId, id, input) => {
      const page = update(workspaceId, id, input);
      if (input.slug === undefined || input.name !== undefined || page.name_slug === page.slug) return page;
      stores.pages.update(id, { name_slug: page.slug });
      return stores.pages.get(workspaceId, id)!;
    };
  }
  if (on('upload-over-1mib-413')) {
    // uploadImage checks the stored file against the JSON body limit (1 MiB) instead of the upload's
    // 10 MiB: a small photo is stored, a 2 MiB one is refused with 413. Breaks the ImageUpload schema
    // ("an image of at most 10 MiB"), the 413 row of the error table ("10 MiB for an image") and
    // requests.valid-input-accepted.
    const store = services.images.store.bind(services.images);
    services.images.store = async (incoming) => {
      if ((await stat(incoming)).size > JSON_BODY_LIMIT) {
        await rm(incoming, { force: true });
        throw problems.tooLarge('The body is over 1 MiB.');
      }
      return store(incoming);
    };
  }
  if (on('post-list-description-cut-255')) {
    // listPosts reads descriptions through the summary query, which cuts them to 255 characters (the
    // length of a title): getPost answers a long description whole, the list cut. Descriptions up to
    // 255 characters are right. Breaks resources.update-kept ("create, get, list and update agree")
    // and resources.answer-as-stored.
    const list = services.posts.list.bind(services.posts);
    services.posts.list = (workspaceId, pageId, filter, paging) => {
      const answer = list(workspaceId, pageId, filter, paging);
      const cut = (description: string | null) => (description !== null && description.length > SHORT_TEXT ? description.slice(0, SHORT_TEXT) : description);
      return { ...answer, items: answer.items.map((post) => ({ ...post, description: cut(post.description) })) };
    };
  }
}

export function breakTwentiethLookPipeline(on: FaultSet, api: Pipeline['api'], _context: PipelineContext): Pipeline['api'] {
  let stages = api;
  if (on('email-not-draft-409-as-json')) {
    // updateEmail's 409 email-not-draft is written with the success path's content type: the body is a
    // problem document but its Content-Type is application/json. Its 200, 404 and 422 are right, and
    // so is deleteEmail's 409. Breaks responses.media-type ("an error body application/problem+json").
    const emailPath = /^\/newsletters\/\d+\/emails\/\d+$/;
    stages = insertBefore(stages, 'head', {
      name: 'email-not-draft-409-as-json',
      handler: (req, res, next) => {
        if (req.method === 'PATCH' && emailPath.test(req.path)) {
          beforeHeaders(res, (status) => {
            if (status === 409) res.setHeader('Content-Type', 'application/json; charset=utf-8');
          });
        }
        next();
      },
    });
  }
  return stages;
}
