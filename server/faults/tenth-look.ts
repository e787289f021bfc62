/**
 * Faults written from the contract alone, each confined to one operation and each one a first test
 * passes: a subscriber list whose total still counts the subscribers deleted from it, email lists
 * whose later pages lose the preview, page domains whose "random" part is a hash of the name, a
 * renamed newsletter's name_slug derived without NFKC, `HEAD` of the posts of a missing page answered
 * 200, a category found through another page once it has been updated, a subscriber's invalid id
 * named as the newsletter's in a 422, an author answered without the CORS fields to a request without
 * `Origin`, a send refused as not sendable that keeps the time it asked for, a post's new Markdown
 * rendered only into a post without content, an email's state judged before its body, and an upload
 * whose single part may have any name. Each is a bug an implementer could plausibly write, and each
 * breaks a statement of the contract (named in its comment).
 */
import { createHash } from 'node:crypto';
import slugifyText from '@sindresorhus/slugify';
import type { PipelineContext } from '../app.ts';
import type { ServerParts } from '../compose.ts';
import { nextFreeSlug } from '../domain/slugs.ts';
import { insertBefore, type Pipeline } from '../http/pipeline.ts';
import { ProblemError, problems } from '../http/problem.ts';
import type { FaultSet } from './fault-set.ts';
import { rememberHead } from './head-marks.ts';

/** The longest derived slug before a suffix, as the introduction's Slugs section says. */
const SLUG_BASE_MAX = 90;

export function breakTenthLookParts(on: FaultSet, { db, stores, services }: ServerParts): void {
  if (on('subscribers-total-counts-deleted')) {
    // listSubscribers counts its total from a tally of every subscriber ever added to the newsletter
    // (as a soft delete's COUNT without its "not deleted" condition would): the items are right, the
    // total still counts the subscribers deleted since. Before any delete it is right. Breaks
    // lists.envelope-arithmetic ("total counts every match"), lists.past-the-end (the true total) and
    // resources.gone-after-delete ("no longer listed").
    const deletedFrom = new Map<number, number>();
    const remove = services.subscribers.delete.bind(services.subscribers);
    services.subscribers.delete = (workspaceId, newsletterId, id) => {
      remove(workspaceId, newsletterId, id);
      deletedFrom.set(newsletterId, (deletedFrom.get(newsletterId) ?? 0) + 1);
    };
    const list = services.subscribers.list.bind(services.subscribers);
    services.subscribers.list = (workspaceId, newsletterId, filter, paging) => {
      const answer = list(workspaceId, newsletterId, filter, paging);
      return { ...answer, total: answer.total + (deletedFrom.get(newsletterId) ?? 0) };
    };
  }
  if (on('emails-later-pages-without-preview')) {
    // listEmails reads pages after the first with a query of their own whose column list leaves out
    // `preview`, so every email there answers `preview: null`; page 1, at any size, is right. Breaks
    // lists.same-items-any-size ("the same items ... at every page size") and resources.update-kept
    // ("create, get, list and update agree").
    const list = services.emails.list.bind(services.emails);
    services.emails.list = (workspaceId, newsletterId, status, paging) => {
      const answer = list(workspaceId, newsletterId, status, paging);
      return paging.page > 1 ? { ...answer, items: answer.items.map((email) => ({ ...email, preview: null })) } : answer;
    };
  }
  if (on('page-domain-part-hashed-from-name')) {
    // createPage makes the six characters after the name slug from a hash of the workspace and the
    // name slug instead of drawing them at random: each domain looks random, but a page created with
    // the name another page of the workspace had before a rename gets that page's domain (domains never
    // change), and the unique domain refuses it with a 500. Breaks page.domain-random-part ("two pages
    // never share one"), names.unique-any-case (a name no page has any more is accepted) and
    // requests.valid-input-accepted.
    const insert = stores.pages.insert.bind(stores.pages);
    stores.pages.insert = (page) => {
      const part = createHash('sha256').update(`${page.workspace_id}:${page.name_slug}`).digest('hex').slice(0, 6);
      return insert({ ...page, domain: page.domain.replace(/-[a-z0-9]{6}\./, `-${part}.`) });
    };
  }
  if (on('newsletter-rename-name-slug-without-nfkc')) {
    // updateNewsletter derives the new name_slug from the raw name, without the NFKC normalisation
    // createNewsletter applies first: letters in compatibility forms are dropped by the
    // transliteration (`ﬁne` gives `ne`, full-width `Ｔｈｅ` nothing). ASCII and accented names are
    // right. Breaks newsletter.rename-moves-name-slug ("name_slug follows it") and the introduction's
    // Slugs ("transliterated to ASCII").
    const update = services.newsletters.update.bind(services.newsletters);
    services.newsletters.update = (workspaceId, id, input) => {
      const before = services.newsletters.get(workspaceId, id);
      const newsletter = update(workspaceId, id, input);
      if (input.name == null || input.name === before.name) return newsletter;
      const raw = slugifyText(input.name.replace(/\//g, ''), { decamelize: false }).slice(0, SLUG_BASE_MAX).replace(/-+$/, '');
      const base = raw || 'newsletter';
      const nameSlug = nextFreeSlug(base, stores.newsletters.nameSlugsFrom(workspaceId, base).filter((slug) => slug !== newsletter.name_slug));
      if (nameSlug === newsletter.name_slug) return newsletter;
      stores.newsletters.update(id, { name_slug: nameSlug });
      return stores.newsletters.get(workspaceId, id)!;
    };
  }
  if (on('category-get-any-page-once-updated')) {
    // getCategory reads a category that has been updated from a copy kept by its id alone (the cache
    // updateCategory fills), whatever page of the workspace the path names: through another page, a
    // category never updated is a 404, one updated since is a 200. Breaks resources.child-of-its-parent
    // ("through another page ... every operation on it answers 404").
    const updatedCategoryPage = db
      .prepare<[number, number], number>('SELECT c.page_id FROM categories c JOIN pages p ON p.id = c.page_id WHERE c.id = ? AND p.workspace_id = ?')
      .pluck();
    const updated = new Set<number>();
    const update = services.categories.update.bind(services.categories);
    services.categories.update = (workspaceId, pageId, id, input) => {
      const category = update(workspaceId, pageId, id, input);
      updated.add(category.id);
      return category;
    };
    const get = services.categories.get.bind(services.categories);
    services.categories.get = (workspaceId, pageId, id) => {
      try {
        return get(workspaceId, pageId, id);
      } catch (error) {
        const cached = error instanceof ProblemError && error.status === 404 && updated.has(id) && stores.pages.exists(workspaceId, pageId);
        const ownPage = cached ? updatedCategoryPage.get(id, workspaceId) : undefined;
        const category = ownPage === undefined ? undefined : stores.categories.get(ownPage, id);
        if (!category) throw error;
        return category;
      }
    };
  }
  if (on('not-sendable-keeps-requested-time')) {
    // sendEmail with a future scheduled_at records the time it was asked for on its own, outside the
    // transaction that the email-not-sendable refusal rolls back (written once that transaction has
    // ended): the 422 is right, but the draft reads with that scheduled_at after. A refused send without a time, and a send that is
    // accepted, are right. Breaks resources.refused-write-changes-nothing ("no state moves") and the
    // send state table (a draft is not scheduled).
    const send = services.emails.send.bind(services.emails);
    services.emails.send = (workspaceId, newsletterId, id, at) => {
      try {
        return send(workspaceId, newsletterId, id, at);
      } catch (error) {
        if (error instanceof ProblemError && error.kind === 'email-not-sendable' && at != null) {
          const state = stores.emails.state(id);
          if (state?.newsletter_id === newsletterId && state.status === 'draft') {
            const requested = new Date(at).toISOString();
            setImmediate(() => stores.emails.update(id, { scheduled_at: requested }));
          }
        }
        throw error;
      }
    };
  }
  if (on('post-markdown-rendered-only-into-empty')) {
    // updatePost fills content_html from new Markdown only when the post has none yet
    // (`content_html ??= rendered`): a post created without content gets its first rendering, but new
    // Markdown for a post that has content is stored and never shown. Breaks post.markdown-rendered
    // ("content_md is rendered to content_html when content_html is absent"), resources.update-kept
    // and resources.answer-as-stored.
    const update = services.posts.update.bind(services.posts);
    services.posts.update = (workspaceId, pageId, id, input, contentHtml) => {
      const renderedFromMarkdown = input.content_md !== undefined && input.content_html === undefined;
      const current = stores.posts.get(pageId, id);
      const keep = renderedFromMarkdown && current !== undefined && current.content_html !== null && stores.pages.exists(workspaceId, pageId);
      return update(workspaceId, pageId, id, input, keep ? undefined : contentHtml);
    };
  }
}

export function breakTenthLookPipeline(on: FaultSet, api: Pipeline['api'], context: PipelineContext): Pipeline['api'] {
  let stages = api;
  const { stores } = context.options;
  if (on('head-posts-missing-page-200')) {
    // HEAD of listPosts is answered from a shortcut that sends a list's status and header fields
    // without reading the list, and so without looking for its page: for a page that is not in the
    // workspace HEAD answers 200 where GET answers 404. A page that exists is right. Breaks http.head
    // ("with the status and headers GET would have") and resources.missing-is-404.
    const postsPath = /^\/pages\/(\d+)\/posts$/;
    stages = insertBefore(stages, 'head', rememberHead('headPosts', postsPath));
    stages = insertBefore(stages, 'operations', {
      name: 'head-posts-shortcut',
      handler: (req, res, next) => {
        const workspaceId = res.locals.workspaceId as number | undefined;
        const match = postsPath.exec(req.path);
        if (res.locals.headPosts !== true || workspaceId === undefined || !match) return next();
        if (stores.pages.exists(workspaceId, Number(match[1]))) return next();
        res.status(200).type('application/json').end();
      },
    });
  }
  if (on('author-cors-only-with-origin')) {
    // getAuthor's answers carry Access-Control-Allow-Origin and Access-Control-Expose-Headers only to a
    // request that has an Origin header (its own "is this a browser?" test): a request with Origin is
    // right, one without gets neither field. Breaks headers.cors-present ("to a request with an Origin
    // header or without one") and responses.declared-headers.
    const authorPath = /^\/authors\/\d+$/;
    stages = insertBefore(stages, 'head', {
      name: 'author-cors-only-with-origin',
      handler: (req, res, next) => {
        if ((req.method === 'GET' || req.method === 'HEAD') && authorPath.test(req.path) && req.get('origin') === undefined) {
          const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => typeof res;
          res.writeHead = ((...args: unknown[]) => {
            res.removeHeader('Access-Control-Allow-Origin');
            res.removeHeader('Access-Control-Expose-Headers');
            return writeHead(...args);
          }) as typeof res.writeHead;
        }
        next();
      },
    });
  }
  if (on('subscriber-delete-422-names-newsletter-id')) {
    // deleteSubscriber names an invalid subscriber id as `path.newsletter_id` in its 422 (the
    // operation's error mapper knows one path parameter, the parent's): an invalid newsletter id is
    // right, an invalid subscriber id is named as the valid newsletter id. Breaks errors.field-names
    // ("a path parameter as path.<name>") and errors.only-present-causes ("nor one whose value is
    // valid").
    const subscriberPath = /^\/newsletters\/[^/]+\/subscribers\/[^/]+$/;
    stages = insertBefore(stages, 'whole-numbers', {
      name: 'subscriber-delete-422-names-newsletter-id',
      handler: (req, res, next) => {
        if (req.method !== 'DELETE' || !subscriberPath.test(req.path)) return next();
        const send = res.send.bind(res);
        res.send = ((body?: unknown) => {
          if (res.statusCode !== 422 || typeof body !== 'string') return send(body);
          const problem = JSON.parse(body) as { errors?: { field: string }[] };
          for (const error of problem.errors ?? []) if (error.field === 'path.id') error.field = 'path.newsletter_id';
          return send(JSON.stringify(problem));
        }) as typeof res.send;
        next();
      },
    });
  }
  if (on('email-update-409-before-422')) {
    // updateEmail looks the email up and refuses one that is not a draft before the body is validated:
    // an invalid body sent to a scheduled or sent email is a 409 email-not-draft, not the 422. A valid
    // body to such an email (409), and an invalid one to a draft (422), are right. Breaks
    // errors.precedence ("422 for the request judged on its own" before "409 for a resource's state").
    const emailPath = /^\/newsletters\/(\d+)\/emails\/(\d+)$/;
    stages = insertBefore(stages, 'validator', {
      name: 'email-update-state-first',
      handler: (req, res, next) => {
        const workspaceId = res.locals.workspaceId as number | undefined;
        const match = emailPath.exec(req.path);
        if (req.method !== 'PATCH' || workspaceId === undefined || !match) return next();
        const newsletterId = Number(match[1]);
        const state = stores.emails.state(Number(match[2]));
        if (!stores.newsletters.exists(workspaceId, newsletterId) || state?.newsletter_id !== newsletterId || state.status === 'draft') return next();
        next(problems.emailNotDraft(`Email ${match[2]} is ${state.status}; only a draft can be changed.`));
      },
    });
  }
  if (on('upload-any-part-name')) {
    // uploadImage takes the one file part of the body whatever it is named (the first file, as
    // multer's any() gives it): a part named `image` or `photo` is stored and answered 201, where the
    // contract asks for a single part named `file`. A part named file is right. Breaks the
    // uploadImage description ("a single part named file") and image.supported-types ("no file part
    // ... 422").
    stages = insertBefore(stages, 'validator', {
      name: 'upload-any-part-name',
      handler: (req, _res, next) => {
        const files = (req.files ?? []) as Express.Multer.File[];
        if (req.method === 'POST' && req.path === '/images/upload' && files.length === 1 && files[0]!.fieldname !== 'file') {
          delete (req.body as Record<string, unknown>)[files[0]!.fieldname];
          (req.body as Record<string, unknown>).file = '';
          files[0]!.fieldname = 'file';
        }
        next();
      },
    });
  }
  return stages;
}
