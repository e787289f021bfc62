/**
 * Faults written from the contract alone, each confined to one operation and each one a first test
 * passes: an author list that sorts each page's window instead of the list, an author made inactive
 * who loses their position, a subscriber address trimmed of ASCII white space only, `HEAD` of the send
 * path answered 404 where `GET` is a 405, another workspace's newsletter whose subscribers list as
 * empty, an email update's 422 that drops its unknown fields when another field is invalid, a
 * category's `Location` remembered per page, a post published by update stamped with its creation time,
 * an upload named after its file name, a post slug suffixed by how many slugs start like it, a
 * newsletter renamed to a name of the same slug whose `name_slug` is suffixed, and `getPage` answered
 * from a cache of its first read. Each is a bug an implementer could plausibly write, and each breaks a
 * statement of the contract (named in its comment).
 */
import { rename } from 'node:fs/promises';
import path from 'node:path';
import type { Response } from 'express';
import type { PipelineContext } from '../app.ts';
import type { ServerParts } from '../compose.ts';
import { nextFreeSlug, slugOr } from '../domain/slugs.ts';
import { insertBefore, type Pipeline } from '../http/pipeline.ts';
import { problems } from '../http/problem.ts';
import { rewriteSentJson } from './answer-rewrites.ts';
import type { FaultSet } from './fault-set.ts';

/** ASCII white space only: what `trim()` was replaced with, by someone who thought of spaces and tabs. */
const ASCII_SPACE_AT_ENDS = /^[ \t\r\n\f\v]+|[ \t\r\n\f\v]+$/g;

export function breakFourteenthLookParts(on: FaultSet, { db, stores, services }: ServerParts): void {
  if (on('authors-page-windows-reversed')) {
    // listAuthors reads each page's window in insertion order (ORDER BY id LIMIT/OFFSET) and reverses
    // the window in memory to show it newest first: a list that fits in one page is right, so the
    // default page of a few authors is, but with more authors than the size each page holds the
    // oldest ones and the walk is oldest-page first. Breaks lists.newest-first and
    // lists.same-items-any-size.
    const oldestFirst = db
      .prepare<[number, number, number, number], number>('SELECT id FROM authors WHERE workspace_id = ? AND active = ? ORDER BY created_at ASC, id ASC LIMIT ? OFFSET ?')
      .pluck();
    const list = services.authors.list.bind(services.authors);
    services.authors.list = (workspaceId, active, paging) => {
      const answer = list(workspaceId, active, paging);
      if (answer.total <= paging.size) return answer;
      const window = oldestFirst.all(workspaceId, Number(active), paging.size, (paging.page - 1) * paging.size).reverse();
      return { ...answer, items: window.map((id) => services.authors.get(workspaceId, id)) };
    };
  }
  if (on('author-deactivation-clears-position')) {
    // updateAuthor treats `active: false` as archiving the author and clears their position with it
    // (a former employee's title): the author reads inactive, right, but a position the PATCH did
    // not name is gone. A PATCH that names position, and reactivation, are right. Breaks
    // resources.patch-named-fields-only ("every field it leaves out keeps its value"),
    // author.inactive-keeps-work and author.update-kept.
    const update = services.authors.update.bind(services.authors);
    services.authors.update = (workspaceId, id, input) =>
      update(workspaceId, id, input.active === false && input.position === undefined ? { ...input, position: null } : input);
  }
  if (on('subscriber-trim-ascii-space-only')) {
    // createSubscriber trims the address with a hand-written ASCII white-space pattern instead of
    // trim(): an address wrapped in a no-break space (U+00A0) or an ideographic space (U+3000),
    // which the request's pattern allows as white space, is stored with it, and the same address
    // sent plainly is a second subscriber. Plain spaces and tabs are right. Breaks the introduction
    // ("may be surrounded by any white space, which is trimmed before it is matched and stored"),
    // subscriber.new-active-verified and subscriber.upsert-same-id.
    const upsert = services.subscribers.upsert.bind(services.subscribers);
    services.subscribers.upsert = (workspaceId, newsletterId, email) => {
      const asciiTrimmed = email.replace(ASCII_SPACE_AT_ENDS, '');
      if (asciiTrimmed === asciiTrimmed.trim()) return upsert(workspaceId, newsletterId, email);
      services.newsletters.get(workspaceId, newsletterId);
      return stores.subscribers.upsertActive(newsletterId, asciiTrimmed.toLowerCase(), new Date().toISOString());
    };
  }
  if (on('subscribers-other-workspace-listed-empty')) {
    // listSubscribers checks that the newsletter exists by its id alone, then lists its subscribers
    // joined to the caller's workspace: an id of no newsletter is 404, right, but another
    // workspace's newsletter answers 200 with an empty list, telling the caller it exists.
    // listEmails answers it 404. Breaks auth.workspace-scope ("answered 404, never 403 or 200") and
    // resources.missing-is-404.
    const existsAnywhere = db.prepare<[number], number>('SELECT 1 FROM newsletters WHERE id = ?').pluck();
    const list = services.subscribers.list.bind(services.subscribers);
    services.subscribers.list = (workspaceId, newsletterId, filter, paging) => {
      if (!stores.newsletters.exists(workspaceId, newsletterId) && existsAnywhere.get(newsletterId) !== undefined) return { total: 0, items: [] };
      return list(workspaceId, newsletterId, filter, paging);
    };
  }
  if (on('post-publish-stamped-with-created-at')) {
    // updatePost publishing a draft copies the post's created_at into first_published_at (the field
    // was meant to default to "when it was written"): it is set, as a first test checks, but to a
    // moment before the post was published. A post created as published is right. Breaks the
    // Post schema ("first published date: set once, when the post is first published"),
    // post.first-published-kept ("publishing a draft sets first_published_at") and
    // resources.answer-as-stored.
    const update = services.posts.update.bind(services.posts);
    services.posts.update = (workspaceId, pageId, id, input, contentHtml) => {
      const before = stores.posts.get(pageId, id);
      const post = update(workspaceId, pageId, id, input, contentHtml);
      if (!before || before.first_published_at !== null || post.first_published_at === null) return post;
      stores.posts.update(id, { first_published_at: post.created_at });
      return stores.posts.get(pageId, id)!;
    };
  }
  if (on('post-slug-suffix-counts-prefix-matches')) {
    // createPost numbers a derived slug by how many slugs of the page start with it (a COUNT over
    // `slug LIKE 'base%'`): a title used twice gets -1, then -2, right, but "Hello" after
    // "Hello World" gets hello-1 though hello is free. Breaks post.slug-unique-in-page (a suffix only
    // where the slug is taken) and the introduction's Slugs ("where a derived slug must be unique and
    // is already taken").
    const create = services.posts.create.bind(services.posts);
    services.posts.create = (workspaceId, pageId, input, contentHtml) => {
      const post = create(workspaceId, pageId, input, contentHtml);
      const base = slugOr(input.title, 'post');
      if (post.slug !== base) return post;
      const others = stores.posts.slugsFrom(pageId, base).filter((slug) => slug !== base);
      const counted = `${base}-${others.length}`;
      if (others.length === 0 || others.includes(counted)) return post;
      stores.posts.update(post.id, { slug: counted });
      return { ...post, slug: counted };
    };
  }
  if (on('newsletter-rename-same-slug-suffixed')) {
    // updateNewsletter derives the new name's name_slug among every name_slug of the workspace, its
    // own included: a rename to a name of another slug is right, but a rename to a name with the
    // same slug (Weekly to Weekly!, or to weekly) gets weekly-1, its own slug counted as taken.
    // Breaks newsletter.rename-moves-name-slug ("name_slug follows it") and the introduction's
    // "a name or slug is never taken by the resource that holds it".
    const update = services.newsletters.update.bind(services.newsletters);
    services.newsletters.update = (workspaceId, id, input) => {
      const before = services.newsletters.get(workspaceId, id);
      const newsletter = update(workspaceId, id, input);
      if (newsletter.name === before.name || newsletter.name_slug !== before.name_slug) return newsletter;
      const base = slugOr(newsletter.name, 'newsletter');
      const nameSlug = nextFreeSlug(base, stores.newsletters.nameSlugsFrom(workspaceId, base));
      stores.newsletters.update(id, { name_slug: nameSlug });
      return services.newsletters.get(workspaceId, id);
    };
  }
}

export function breakFourteenthLookPipeline(on: FaultSet, api: Pipeline['api'], context: PipelineContext): Pipeline['api'] {
  let stages = api;
  const { services, imagesDir } = context.options;
  if (on('head-send-path-404')) {
    // HEAD is routed only where a GET is; the send path has POST alone, so HEAD of it falls through
    // to "no such route" (404) where GET is a 405 naming POST. Every path with a GET is right, and so
    // is the send itself. Breaks http.method-not-allowed ("a path answers a method it does not have
    // with 405, an Allow header ...") and the Errors table ("404: no such path").
    const sendPath = /^\/newsletters\/\d+\/emails\/\d+\/send$/;
    stages = insertBefore(stages, 'validator', {
      name: 'head-send-path-unrouted',
      handler: (req, _res, next) => {
        if (req.method === 'HEAD' && sendPath.test(req.path)) return next(problems.notFound(`There is no route HEAD ${req.path}.`));
        next();
      },
    });
  }
  if (on('email-update-422-unknown-field-unnamed')) {
    // updateEmail checks the fields it knows first and answers their 422 at once; unknown fields are
    // checked only when the known ones are valid: an unknown field alone is named, right, but sent
    // with an invalid subject only the subject is named. Breaks errors.field-names ("names each
    // invalid input in errors, every one of a request with several") and
    // requests.schema-validation.
    const emailPath = /^\/newsletters\/\d+\/emails\/\d+$/;
    stages = insertBefore(stages, 'head', {
      name: 'email-update-known-fields-first',
      handler: (req, res, next) => {
        if (req.method === 'PATCH' && emailPath.test(req.path)) {
          rewriteSentJson(
            res,
            (status) => status === 422,
            (body) => {
              if (!Array.isArray(body.errors)) return body;
              const unknown = (error: { message: string }) => error.message === 'is not a field of this request body';
              const known = body.errors.filter((error: { message: string }) => !unknown(error));
              return known.length > 0 && known.length < body.errors.length ? { ...body, errors: known } : body;
            },
          );
        }
        next();
      },
    });
  }
  if (on('category-location-memoized-per-page')) {
    // createCategory's Location is built once per page and kept (a URL builder memoized by its page
    // argument): the first category of a page is right, every later one's Location names that first
    // category, whose GET answers another body. Breaks headers.location-created ("a GET of it ...
    // answers 200 with the same body as the 201").
    const categoriesPath = /^\/pages\/(\d+)\/categories$/;
    const firstLocation = new Map<string, string>();
    stages = insertBefore(stages, 'operations', {
      name: 'category-location-per-page',
      handler: (req, res, next) => {
        const match = categoriesPath.exec(req.path);
        if (req.method === 'POST' && match) {
          const key = `${String(res.locals.workspaceId)}:${match[1]}`;
          const location = res.location.bind(res);
          res.location = ((url: string) => {
            const first = firstLocation.get(key) ?? url;
            firstLocation.set(key, first);
            return location(first);
          }) as Response['location'];
        }
        next();
      },
    });
  }
  if (on('upload-named-after-file')) {
    // uploadImage keeps the image under the name the client gave its file (cleaned, with the
    // extension of its detected type) so URLs read well: a first photo.png is right, but a second
    // upload of another file called photo.png replaces it, and the first URL serves the second
    // image. Breaks image.served-at-url ("served, byte for byte, at the URL the answer gives") and
    // image.public-url.
    stages = insertBefore(stages, 'operations', {
      name: 'upload-named-after-file',
      handler: (req, res, next) => {
        if (req.method !== 'POST' || req.path !== '/images/upload') return next();
        const files = (req.files ?? []) as Express.Multer.File[];
        const file = files.length === 1 && files[0]!.fieldname === 'file' ? files[0]! : undefined;
        const base = file ? path.parse(file.originalname).name.toLowerCase().replace(/[^a-z0-9-]+/g, '-').replace(/^-+|-+$/g, '') : '';
        if (!file || !base) return next();
        services.images
          .store(file.path)
          .then(async ({ url }) => {
            const stored = url.slice(url.lastIndexOf('/') + 1);
            const named = `${base}${path.extname(stored)}`;
            await rename(path.join(imagesDir, stored), path.join(imagesDir, named));
            const namedUrl = `${url.slice(0, url.lastIndexOf('/') + 1)}${named}`;
            res.status(201).location(namedUrl).json({ url: namedUrl });
          })
          .catch(next);
      },
    });
  }
  if (on('page-get-cached-after-first-read')) {
    // getPage answers from a cache filled by its first read and never told of updates: a page read
    // once, renamed and read again answers its old name and name_slug (listPages and updatePage show
    // the new ones). A page read only after its update is right. Breaks resources.update-kept
    // ("create, get, list and update agree with each other, and an accepted update is kept") and
    // resources.answer-as-stored.
    const pagePath = /^\/pages\/(\d+)$/;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const firstRead = new Map<string, any>();
    stages = insertBefore(stages, 'operations', {
      name: 'page-read-cache',
      handler: (req, res, next) => {
        const match = pagePath.exec(req.path);
        if (req.method !== 'GET' || !match) return next();
        const key = `${String(res.locals.workspaceId)}:${match[1]}`;
        const cached = firstRead.get(key);
        if (cached !== undefined) {
          res.status(200).json(cached);
          return;
        }
        rewriteSentJson(
          res,
          (status) => status === 200,
          (body) => {
            firstRead.set(key, body);
            return body;
          },
        );
        next();
      },
    });
  }
  return stages;
}
