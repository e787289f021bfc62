/**
 * Faults written from the contract alone, each confined to one operation and each one a first test
 * passes: a page's domain made from its name by IDN (Punycode) instead of its name_slug, a category
 * slug still held by a deleted category, a post list filtered by another page's category that lists
 * that page's posts, a newsletter renamed back to a former name whose name_slug is suffixed, an
 * email's second Markdown update answered with the first rendering, a post with two bad references
 * refused naming one, a failed email refused a new send as already sent, an empty author update
 * answered as text/html, HEAD of the inactive authors answered 422, a category page past the end
 * answered with the last page's items, a subscriber's address stored with its local part in capitals,
 * and an upload named (and served) by the extension of its file name. Each is a bug an implementer
 * could plausibly write, and each breaks a statement of the contract (named in its comment).
 */
import { renameSync } from 'node:fs';
import path from 'node:path';
import { domainToASCII } from 'node:url';
import type { PipelineContext } from '../app.ts';
import type { ServerParts } from '../compose.ts';
import { requestedSendTime } from '../domain/sending.ts';
import { nextFreeSlug, slugify, slugOr } from '../domain/slugs.ts';
import { insertBefore, type Pipeline } from '../http/pipeline.ts';
import { problems } from '../http/problem.ts';
import type { FaultSet } from './fault-set.ts';

/** The longest first label of a page's domain before its hyphen and six random characters (63 - 7). */
const DOMAIN_BASE_MAX = 56;

/** A name as one host-name label, the way browsers write an international domain: NFKC, lowercase, Punycode. */
function idnLabel(name: string): string {
  const unicode = name.normalize('NFKC').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '');
  return domainToASCII(unicode).slice(0, DOMAIN_BASE_MAX).replace(/-+$/, '');
}

/** The extension an upload's file name claims, as the images directory names its files. */
function extensionOfName(name: string): string | undefined {
  const claimed = path.extname(name).slice(1).toLowerCase();
  return ({ png: 'png', jpg: 'jpg', jpeg: 'jpg', gif: 'gif', webp: 'webp' } as Record<string, string>)[claimed];
}

export function breakEighthLookParts(on: FaultSet, { db, stores, services }: ServerParts): void {
  if (on('page-domain-punycode')) {
    // createPage builds the domain's first label from the name as an international domain name
    // (NFKC, lowercase, Punycode) instead of from its name_slug: for an ASCII name the two are the
    // same, so `Engineering Blog` is right, but `Café Crème` gets `xn--caf-crme-…` where its
    // name_slug is `cafe-creme`. Breaks page.domain-random-part ("A new page's domain is its
    // name_slug ..., a hyphen and six random lowercase letters and digits").
    const create = services.pages.create.bind(services.pages);
    services.pages.create = (workspaceId, input) => {
      const page = create(workspaceId, input);
      if (/^[\x00-\x7f]*$/.test(page.name)) return page;
      const label = idnLabel(page.name);
      const [first, ...rest] = page.domain.split('.');
      if (!label || !first) return page;
      stores.pages.update(page.id, { domain: [`${label}-${first.slice(-6)}`, ...rest].join('.') });
      return stores.pages.get(workspaceId, page.id)!;
    };
  }
  if (on('category-slug-held-after-delete')) {
    // deleteCategory is a soft delete, and createCategory checks an explicit slug against every row
    // of the page, deleted ones too: the slug of a deleted category is a 409 slug-taken for good. A
    // slug no category ever had, and one a living category has (409), are right. Breaks
    // category.slug-taken ("An explicit slug already used in the page ... is answered 409"; a
    // deleted category uses none) and resources.gone-after-delete.
    const held = new Map<number, Set<string>>();
    const remove = services.categories.delete.bind(services.categories);
    services.categories.delete = (workspaceId, pageId, id) => {
      const slug = stores.categories.get(pageId, id)?.slug;
      remove(workspaceId, pageId, id);
      if (slug !== undefined) held.set(pageId, (held.get(pageId) ?? new Set()).add(slug));
    };
    const create = services.categories.create.bind(services.categories);
    services.categories.create = (workspaceId, pageId, input) => {
      if (input.slug != null && stores.pages.exists(workspaceId, pageId) && held.get(pageId)?.has(slugify(input.slug))) {
        throw problems.slugTaken(`Another category of page ${pageId} already uses the slug "${slugify(input.slug)}".`);
      }
      return create(workspaceId, pageId, input);
    };
  }
  if (on('posts-category-filter-other-page')) {
    // listPosts with ?category_id reads the posts by their category alone (a category belongs to one
    // page, so the page's condition looked redundant): a category of another page of the workspace
    // lists that page's posts. A category of the page itself is right. Breaks
    // resources.child-of-its-parent and lists.exact-filters (the page has no post in that category).
    const pageOfCategory = db.prepare<[number], number>('SELECT page_id FROM categories WHERE id = ?').pluck();
    const list = services.posts.list.bind(services.posts);
    services.posts.list = (workspaceId, pageId, filter, paging) => {
      if (filter.category_id !== undefined && stores.pages.exists(workspaceId, pageId)) {
        const owner = pageOfCategory.get(filter.category_id);
        if (owner !== undefined && owner !== pageId && stores.pages.exists(workspaceId, owner)) return list(workspaceId, owner, filter, paging);
      }
      return list(workspaceId, pageId, filter, paging);
    };
  }
  if (on('newsletter-rename-back-name-slug-suffixed')) {
    // updateNewsletter keeps the name_slugs a newsletter had before (for redirects) and counts them
    // as taken when it derives a new one: renamed back to a former name, a newsletter gets
    // `weekly-1` though no newsletter has `weekly`. A first rename is right. Breaks
    // newsletter.rename-moves-name-slug ("name_slug follows it") and the introduction's Slugs (a
    // suffix only where the derived slug is already taken).
    const former = new Map<number, Set<string>>();
    const update = services.newsletters.update.bind(services.newsletters);
    services.newsletters.update = (workspaceId, id, input) => {
      const before = stores.newsletters.get(workspaceId, id);
      const newsletter = update(workspaceId, id, input);
      if (!before || newsletter.name_slug === before.name_slug) return newsletter;
      const history = former.get(id) ?? new Set<string>();
      history.add(before.name_slug);
      former.set(id, history);
      if (!history.has(newsletter.name_slug)) return newsletter;
      const base = slugOr(newsletter.name, 'newsletter');
      const inUse = stores.newsletters.nameSlugsFrom(workspaceId, base).filter((slug) => slug !== newsletter.name_slug);
      stores.newsletters.update(id, { name_slug: nextFreeSlug(base, [...inUse, ...history]) });
      return stores.newsletters.get(workspaceId, id)!;
    };
  }
  if (on('email-rerender-cached-by-id')) {
    // updateEmail caches a draft's rendered Markdown by the email's id, not by the Markdown: the
    // first update with content_md is rendered and stored, a second one with other Markdown stores
    // (and answers) the first rendering again. Breaks resources.update-kept ("an accepted update is
    // kept") and email.created-draft's rule that content_md is rendered to content_html.
    const renderings = new Map<number, string>();
    const update = services.emails.update.bind(services.emails);
    services.emails.update = (workspaceId, newsletterId, id, input, contentHtml) => {
      const rendered = input.content_md != null && input.content_html == null && typeof contentHtml === 'string';
      const cached = rendered ? renderings.get(id) : undefined;
      const email = update(workspaceId, newsletterId, id, input, cached ?? contentHtml);
      if (rendered && cached === undefined) renderings.set(id, contentHtml);
      return email;
    };
  }
  if (on('post-references-first-only')) {
    // createPost checks its references one at a time and stops at the first bad one: a category_id
    // not of the page and an author_id of no author are refused naming category_id alone. Each bad
    // reference alone is right. Breaks errors.field-names ("names each invalid input ..., every one of
    // a request with several").
    const firstBadReference = (workspaceId: number, pageId: number, categoryId: number | null | undefined) => {
      if (categoryId != null && stores.pages.exists(workspaceId, pageId) && !stores.categories.get(pageId, categoryId)) {
        throw problems.invalid([{ field: 'category_id', message: `must be a category of page ${pageId}` }]);
      }
    };
    const prepare = services.posts.contentForCreate.bind(services.posts);
    services.posts.contentForCreate = async (workspaceId, pageId, input, signal) => {
      firstBadReference(workspaceId, pageId, input.category_id);
      return prepare(workspaceId, pageId, input, signal);
    };
    const create = services.posts.create.bind(services.posts);
    services.posts.create = (workspaceId, pageId, input, contentHtml) => {
      firstBadReference(workspaceId, pageId, input.category_id);
      return create(workspaceId, pageId, input, contentHtml);
    };
  }
  if (on('send-failed-refused-409')) {
    // sendEmail takes a `failed` email for one already sent (its delivery was attempted): a new send
    // is a 409 email-already-sent. A draft, and a scheduled email, are right. Breaks the send state
    // table ("draft, scheduled or failed ... 200, status scheduled") and email.send-now.
    const send = services.emails.send.bind(services.emails);
    services.emails.send = (workspaceId, newsletterId, id, at) => {
      requestedSendTime(at, new Date());
      const state = stores.emails.state(id);
      if (state?.status === 'failed' && state.newsletter_id === newsletterId && stores.newsletters.exists(workspaceId, newsletterId)) {
        throw problems.emailAlreadySent(`Email ${id} was delivered once and cannot be sent again.`);
      }
      return send(workspaceId, newsletterId, id, at);
    };
  }
  if (on('categories-past-the-end-clamped')) {
    // listCategories clamps a page past the end to the last page: the items of the last page come back
    // under the page number asked for. Every page up to the last is right. Breaks lists.past-the-end
    // ("an empty result and the true total"), the introduction's Lists ("never clamped") and
    // lists.envelope-arithmetic (walking on past the end repeats items).
    const list = services.categories.list.bind(services.categories);
    services.categories.list = (workspaceId, pageId, paging) => {
      const answer = list(workspaceId, pageId, paging);
      if (answer.items.length > 0 || answer.total === 0) return answer;
      return list(workspaceId, pageId, { page: Math.ceil(answer.total / paging.size), size: paging.size });
    };
  }
  if (on('subscriber-local-part-case-kept')) {
    // createSubscriber matches addresses case-insensitively but stores a new one with only its domain
    // lowercased (the local part of an address is case-sensitive in SMTP): `Ada@Example.com` is stored
    // as `Ada@example.com`, and the upsert of `ADA@example.com` finds it. An address sent in lowercase
    // is right. Breaks subscriber.new-active-verified ("its address stored trimmed and in lowercase").
    const byFoldedAddress = db.prepare<[number, string], number>('SELECT id FROM subscribers WHERE newsletter_id = ? AND lower(email) = ?').pluck();
    const upsert = services.subscribers.upsert.bind(services.subscribers);
    services.subscribers.upsert = (workspaceId, newsletterId, email) => {
      const trimmed = email.trim();
      const at = trimmed.lastIndexOf('@');
      if (at < 0 || !stores.newsletters.exists(workspaceId, newsletterId)) return upsert(workspaceId, newsletterId, email);
      const existing = byFoldedAddress.get(newsletterId, trimmed.toLowerCase());
      if (existing !== undefined) return stores.subscribers.get(newsletterId, existing)!;
      const created = upsert(workspaceId, newsletterId, trimmed);
      const stored = trimmed.slice(0, at) + trimmed.slice(at).toLowerCase();
      db.prepare('UPDATE subscribers SET email = ? WHERE id = ?').run(stored, created.id);
      return stores.subscribers.get(newsletterId, created.id)!;
    };
  }
}

export function breakEighthLookPipeline(on: FaultSet, api: Pipeline['api'], context: PipelineContext): Pipeline['api'] {
  let stages = api;
  const { stores, imagesDir } = context.options;
  if (on('author-empty-update-text-html')) {
    // updateAuthor answers a PATCH of {} from a shortcut that sends the author's JSON text with
    // `res.send`, which labels a string text/html: the body is right, its Content-Type is not. A PATCH
    // that changes something is answered application/json. Breaks responses.media-type ("A success
    // body is application/json").
    const authorPath = /^\/authors\/(\d+)$/;
    stages = insertBefore(stages, 'operations', {
      name: 'empty-author-update-shortcut',
      handler: (req, res, next) => {
        const workspaceId = res.locals.workspaceId as number | undefined;
        const match = authorPath.exec(req.path);
        const body: unknown = req.body;
        if (req.method !== 'PATCH' || !match || workspaceId === undefined || typeof body !== 'object' || body === null || Object.keys(body).length > 0) return next();
        const author = stores.authors.get(workspaceId, Number(match[1]));
        if (!author) return next();
        res.status(200).send(JSON.stringify(author));
      },
    });
  }
  if (on('head-authors-active-filter-422')) {
    // HEAD of listAuthors is answered by a mirror of GET that knows only the paging parameters of the
    // lists: ?active=false is an unknown query parameter there, a 422, where GET answers 200. HEAD
    // of /authors, and with page and size, are right. Breaks http.head ("with the status and headers
    // GET would have").
    stages = insertBefore(stages, 'head', {
      name: 'head-authors-marked',
      handler: (req, res, next) => {
        if (req.method === 'HEAD' && req.path === '/authors' && Object.hasOwn(req.query, 'active')) res.locals.headAuthorsFiltered = true;
        next();
      },
    });
    stages = insertBefore(stages, 'operations', {
      name: 'head-authors-paging-only',
      handler: (_req, res, next) => {
        if (res.locals.headAuthorsFiltered !== true) return next();
        next(problems.invalid([{ field: 'query.active', message: 'is not a parameter of this list' }]));
      },
    });
  }
  if (on('upload-type-from-filename')) {
    // uploadImage checks the file's content, then names the stored file with the extension of the
    // name the client gave it: a PNG sent as `photo.jpg` gets a `.jpg` URL and is served as
    // image/jpeg. A file whose name matches its content is right. Breaks image.public-url ("with ...
    // their image type as Content-Type") and the uploadImage description (the type is "decided from
    // the file's content (not its name or declared type)").
    stages = insertBefore(stages, 'operations', {
      name: 'upload-named-by-file-name',
      route: { method: 'post', path: '/images/upload' },
      handler: (req, res, next) => {
        const file = ((req.files ?? []) as Express.Multer.File[]).find((f) => f.fieldname === 'file');
        const claimed = file && extensionOfName(file.originalname);
        const json = res.json.bind(res);
        res.json = (body: unknown) => {
          const url = res.statusCode === 201 && typeof body === 'object' && body !== null ? (body as { url?: unknown }).url : undefined;
          const stored = typeof url === 'string' ? path.posix.basename(new URL(url).pathname) : undefined;
          if (!claimed || !stored || path.extname(stored) === `.${claimed}`) return json(body);
          const renamed = `${path.basename(stored, path.extname(stored))}.${claimed}`;
          renameSync(path.join(imagesDir, stored), path.join(imagesDir, renamed));
          const moved = (url as string).replace(/[^/]+$/, renamed);
          res.location(moved);
          return json({ ...(body as object), url: moved });
        };
        next();
      },
    });
  }
  return stages;
}
