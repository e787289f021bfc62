/**
 * Faults written from the contract alone, each confined to one operation and each one a first test
 * passes: a page's explicit slug refused because another page's name_slug has it, a page renamed to a
 * full-width form of another page's name accepted, a subscriber deleted through another newsletter
 * answered 404 yet deleted, the authors' envelope naming the page before the one asked for, a renamed
 * newsletter answered with its former updated_at, `HEAD` of a missing newsletter typed as JSON, an
 * email's 404 reported against the address limit, a subscriber's 422 that loses its path error beside
 * a body error, a category's derived slug suffixed while the slug itself is free again, a post's new
 * title copied into an empty seo_title, an author's empty position stored as null, and a GIF87a image
 * refused. Each is a bug an implementer could plausibly write, and each breaks a statement of the
 * contract (named in its comment).
 */
import { open } from 'node:fs/promises';
import type { PipelineContext } from '../app.ts';
import type { ServerParts } from '../compose.ts';
import { slugify, slugOr } from '../domain/slugs.ts';
import { insertBefore, type Pipeline } from '../http/pipeline.ts';
import { problems } from '../http/problem.ts';
import { beforeHeaders, rewriteSentJson } from './answer-rewrites.ts';
import type { FaultSet } from './fault-set.ts';

/** Case folding as names.ts does it, after NFC where the contract asks for NFKC. */
const foldAfterNfc = (name: string) => {
  const round = (text: string) => text.toUpperCase().toLowerCase();
  return round(round(name.normalize('NFC'))).normalize('NFC');
};

/** The first bytes of a file, as a string of Latin-1 characters. */
async function firstBytes(file: string, count: number): Promise<string> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(count);
    const { bytesRead } = await handle.read(buffer, 0, count, 0);
    return buffer.subarray(0, bytesRead).toString('latin1');
  } finally {
    await handle.close();
  }
}

export function breakTwelfthLookParts(on: FaultSet, { db, stores, services }: ServerParts): void {
  if (on('page-explicit-slug-taken-by-name-slug')) {
    // createPage checks an explicit slug against both slug columns of the workspace's pages: a slug
    // that only another page's name_slug holds (a page named Blog whose slug was set to home) is a
    // 409 slug-taken. A slug another page has as its slug (409) and a slug nobody has (201) are
    // right. Breaks page.slug-taken ("an explicit slug already used in the workspace"; name_slug is
    // another field) and requests.valid-input-accepted.
    const nameSlugHeld = db.prepare<[number, string], number>('SELECT id FROM pages WHERE workspace_id = ? AND name_slug = ?').pluck();
    const create = services.pages.create.bind(services.pages);
    services.pages.create = (workspaceId, input) => {
      if (input.slug != null) {
        const slug = slugify(input.slug);
        if (slug && nameSlugHeld.get(workspaceId, slug) !== undefined) {
          throw problems.slugTaken(`Another page of your workspace already uses the slug "${slug}".`);
        }
      }
      return create(workspaceId, input);
    };
  }
  if (on('page-rename-name-nfc-only')) {
    // updatePage keys the new name with NFC instead of NFKC before it folds the case (createPage is
    // right): a page renamed to the full-width form of another page's name (Ｂｌｏｇ beside Blog) is
    // accepted, where the two are one name. A rename to another page's name in other letter case
    // is still a 409. Breaks names.unique-any-case ("compared by Unicode full case folding after
    // NFKC normalisation") and the introduction's Requests.
    const update = services.pages.update.bind(services.pages);
    services.pages.update = (workspaceId, id, input) => {
      if (input.name === undefined) return update(workspaceId, id, input);
      const real = stores.pages.nameKey;
      stores.pages.nameKey = foldAfterNfc;
      try {
        return update(workspaceId, id, input);
      } finally {
        stores.pages.nameKey = real;
      }
    };
  }
  if (on('subscriber-delete-other-newsletter-deletes-then-404')) {
    // deleteSubscriber queues the unsubscribe of the id (found in the workspace) before it checks the
    // newsletter of the path, and the queued job runs whatever the answer: through another newsletter
    // of the workspace the answer is the right 404, but the subscriber is gone from its own
    // newsletter a moment later. Through its own newsletter, and for an id of no subscriber, it is
    // right. Breaks resources.child-of-its-parent ("every operation
    // on it answers 404 and changes nothing") and resources.refused-write-changes-nothing.
    const newsletterOf = db
      .prepare<[number, number], number>('SELECT s.newsletter_id FROM subscribers s JOIN newsletters n ON n.id = s.newsletter_id WHERE s.id = ? AND n.workspace_id = ?')
      .pluck();
    const remove = services.subscribers.delete.bind(services.subscribers);
    services.subscribers.delete = (workspaceId, newsletterId, id) => {
      const owner = newsletterOf.get(id, workspaceId);
      if (owner !== undefined && owner !== newsletterId && stores.newsletters.exists(workspaceId, newsletterId)) {
        // Outside the request's transaction, as a queued job is: the 404 below does not undo it.
        setImmediate(() => stores.subscribers.delete(owner, id));
      }
      remove(workspaceId, newsletterId, id);
    };
  }
  if (on('authors-envelope-page-behind')) {
    // listAuthors writes the envelope's `page` back from the offset it queried,
    // `Math.ceil(offset / size) || 1`: page 1 says 1, and every later page says the one before it
    // (page 3 says 2). The items are those of the page asked for. Breaks the Lists section ("`page`
    // is the 1-based page number") and lists.envelope-arithmetic. (The handler writes the envelope
    // from the paging it passed the list, so the paging is where the wrong page goes.)
    const list = services.authors.list.bind(services.authors);
    services.authors.list = (workspaceId, active, paging) => {
      const answer = list(workspaceId, active, paging);
      paging.page = Math.ceil(((paging.page - 1) * paging.size) / paging.size) || 1;
      return answer;
    };
  }
  if (on('newsletter-rename-answers-old-updated-at')) {
    // updateNewsletter answers the newsletter it read before the write with the new name and
    // name_slug laid over it: a rename answers the former updated_at, while getNewsletter reads the
    // new one. The name and name_slug are right, and so is `{}`. Breaks resources.answer-as-stored
    // ("a read right after it answers the same fields") and resources.update-kept.
    const update = services.newsletters.update.bind(services.newsletters);
    services.newsletters.update = (workspaceId, id, input) => {
      const before = services.newsletters.get(workspaceId, id);
      const after = update(workspaceId, id, input);
      return { ...after, updated_at: before.updated_at };
    };
  }
  if (on('post-retitle-fills-seo-title')) {
    // updatePost fills an empty seo_title with the new title when a PATCH changes the title (an
    // SEO default an editor applies): the PATCH did not name seo_title, yet it reads the title after.
    // A post with its own seo_title, and a PATCH of other fields, are right. Breaks
    // resources.patch-named-fields-only ("every field it leaves out keeps its value").
    const update = services.posts.update.bind(services.posts);
    services.posts.update = (workspaceId, pageId, id, input, contentHtml) => {
      const before = stores.posts.get(pageId, id);
      const post = update(workspaceId, pageId, id, input, contentHtml);
      if (input.title === undefined || input.seo_title !== undefined || before?.seo_title !== null || post.seo_title !== null) return post;
      stores.posts.update(id, { seo_title: input.title });
      return stores.posts.get(pageId, id)!;
    };
  }
  if (on('author-empty-position-nulled')) {
    // updateAuthor writes `position || null`: an empty position, which the schema allows, is stored
    // and answered as null. Any other position, and null, are right. Breaks author.update-kept ("a
    // change is kept"), resources.update-kept and requests.valid-input-accepted (boundary values).
    const update = services.authors.update.bind(services.authors);
    services.authors.update = (workspaceId, id, input) => update(workspaceId, id, input.position === '' ? { ...input, position: null } : input);
  }
  if (on('category-slug-suffixed-while-base-free')) {
    // createCategory numbers a derived slug after the highest suffix in use whenever any suffixed
    // slug of that base is on the page, without asking whether the base itself is free: after News
    // (news) and News (news-1), and news deleted, a third News gets news-2 instead of news. Two
    // categories of one name are right. Breaks category.slug-derived ("made unique in the page with
    // -1, -2": only when taken) and resources.gone-after-delete ("nor holds a slug: ... the same
    // derived one without a suffix").
    const create = services.categories.create.bind(services.categories);
    services.categories.create = (workspaceId, pageId, input) => {
      const category = create(workspaceId, pageId, input);
      if (input.slug != null) return category;
      const base = slugOr(input.name, 'category');
      if (category.slug !== base) return category;
      const suffixed = new RegExp(`^${base}-(\\d+)$`);
      const highest = Math.max(0, ...stores.categories.slugsFrom(pageId, base).map((slug) => Number(suffixed.exec(slug)?.[1] ?? 0)));
      if (highest === 0) return category;
      stores.categories.update(category.id, { slug: `${base}-${highest + 1}` });
      return stores.categories.get(pageId, category.id)!;
    };
  }
  if (on('upload-gif87a-refused')) {
    // uploadImage's check for GIF looks for the signature GIF89a alone: a GIF of the older 87a
    // version, which every browser shows, is a 415 as not an image. PNG, JPEG, WebP and GIF89a are
    // right. Breaks image.supported-types (a GIF is a supported image) and
    // requests.valid-input-accepted.
    const store = services.images.store.bind(services.images);
    services.images.store = async (incoming) => {
      if ((await firstBytes(incoming, 6)) === 'GIF87a') throw problems.unsupportedMediaType('The file is not a PNG, JPEG, GIF or WebP image.');
      return store(incoming);
    };
  }
}

export function breakTwelfthLookPipeline(on: FaultSet, api: Pipeline['api'], context: PipelineContext): Pipeline['api'] {
  let stages = api;
  const { rateLimit } = context.options;
  if (on('head-newsletter-404-as-json')) {
    // HEAD of getNewsletter sends a 404's header fields from the JSON default: Content-Type
    // application/json where GET's 404 is application/problem+json. A HEAD of a newsletter that
    // exists, and GET of one that does not, are right. Breaks http.head ("with the status and headers
    // GET would have") and responses.media-type.
    const newsletterPath = /^\/newsletters\/[^/]+$/;
    stages = insertBefore(stages, 'head', {
      name: 'head-newsletter-404-as-json',
      handler: (req, res, next) => {
        if (req.method === 'HEAD' && newsletterPath.test(req.path)) {
          beforeHeaders(res, (status) => {
            if (status === 404) res.setHeader('Content-Type', 'application/json; charset=utf-8');
          });
        }
        next();
      },
    });
  }
  if (on('email-404-reports-address-policy')) {
    // getEmail's 404 is labelled as counted against the client address (its fields are written by
    // the id-guessing guard of failed look-ups): `"address"; q=3000` where the token's limit counted
    // the request. The 200, and the 404s of other operations, are right. Breaks
    // headers.rate-limit-values ("`token` for a request whose token was accepted") and the
    // introduction's Rate limits ("every answer reports the limit it was counted against").
    const emailPath = /^\/newsletters\/[^/]+\/emails\/[^/]+$/;
    stages = insertBefore(stages, 'authentication', {
      name: 'email-404-address-policy',
      handler: (req, res, next) => {
        if ((req.method === 'GET' || req.method === 'HEAD') && emailPath.test(req.path)) {
          beforeHeaders(res, (status) => {
            if (status !== 404) return;
            const policy = res.getHeader('RateLimit-Policy');
            const limit = res.getHeader('RateLimit');
            if (typeof policy === 'string') res.setHeader('RateLimit-Policy', policy.replace('"token"', '"address"').replace(/q=\d+/, `q=${rateLimit.failedAuthPerAddress}`));
            if (typeof limit === 'string') res.setHeader('RateLimit', limit.replace('"token"', '"address"').replace(/r=\d+/, `r=${rateLimit.failedAuthPerAddress - 1}`));
          });
        }
        next();
      },
    });
  }
  if (on('subscriber-create-422-drops-path-error')) {
    // createSubscriber reports the body's errors alone when the body is invalid too: a POST to
    // /newsletters/0/subscribers with an invalid email names `email` and not `path.newsletter_id`.
    // A bad path id with a good body, and a bad body with a good path, are right. Breaks
    // errors.field-names ("names each invalid input ... every one of a request with several").
    const subscribersPath = /^\/newsletters\/[^/]+\/subscribers$/;
    const count = (n: number) => `${n} invalid input${n === 1 ? '' : 's'}`;
    stages = insertBefore(stages, 'whole-numbers', {
      name: 'subscriber-create-body-errors-only',
      handler: (req, res, next) => {
        if (req.method === 'POST' && subscribersPath.test(req.path)) {
          rewriteSentJson(
            res,
            (status) => status === 422,
            (problem) => {
              const errors = problem.errors as { field: string; message: string }[] | undefined;
              const ofBody = errors?.filter((error) => !error.field.startsWith('path.')) ?? [];
              if (!errors || ofBody.length === 0 || ofBody.length === errors.length) return problem;
              return { ...problem, detail: String(problem.detail).replace(/\d+ invalid inputs?/, count(ofBody.length)), errors: ofBody };
            },
          );
        }
        next();
      },
    });
  }
  return stages;
}
