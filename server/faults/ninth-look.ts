/**
 * Faults written from the contract alone, each confined to one operation and each one a first test
 * passes: a renamed page whose domain follows its new name, an inactive author made active again by an
 * update of another field, an existing subscriber answered with the address as sent, a last page of
 * pages whose envelope gives its own length as the size, a newsletter name refused because its slug
 * is taken, `HEAD` of another workspace's page answered 200, a list of sent emails that reaches every
 * newsletter of the workspace, a subject of spaces counted as written when an email is sent, a 401 of
 * the category list that challenges with the scheme the client sent, a post whose creation date
 * moves to the moment it is published, an explicit `slug: null` refused when a category is created,
 * and WebP uploads served as untyped bytes. Each is a bug an implementer could plausibly write, and
 * each breaks a statement of the contract (named in its comment).
 */
import type { RequestHandler } from 'express';
import type { PipelineContext } from '../app.ts';
import type { ServerParts } from '../compose.ts';
import { requestedSendTime } from '../domain/sending.ts';
import { slugOr } from '../domain/slugs.ts';
import { normaliseAddress } from '../domain/people.ts';
import { insertBefore, wrapStage, type Pipeline } from '../http/pipeline.ts';
import { ProblemError, problems } from '../http/problem.ts';
import type { FaultSet } from './fault-set.ts';
import { rememberHead } from './head-marks.ts';

/** The longest first label of a page's domain before its hyphen and six random characters (63 - 7). */
const DOMAIN_BASE_MAX = 56;

export function breakNinthLookParts(on: FaultSet, { db, stores, services }: ServerParts): void {
  if (on('page-rename-moves-domain')) {
    // updatePage builds the page's labels again from a new name, the domain with them: the first
    // label becomes the new name_slug, the random part kept. A PATCH of the slug alone, and every
    // creation, are right. Breaks page.rename-keeps-slug ("A page's domain never changes") and the
    // updatePage description ("`domain` never changes").
    const update = services.pages.update.bind(services.pages);
    services.pages.update = (workspaceId, id, input) => {
      const before = services.pages.get(workspaceId, id);
      const page = update(workspaceId, id, input);
      if (page.name === before.name) return page;
      const [first, ...rest] = page.domain.split('.');
      const randomPart = first?.slice(-6);
      const base = page.name_slug.slice(0, DOMAIN_BASE_MAX).replace(/-+$/, '');
      const domain = [`${base}-${randomPart}`, ...rest].join('.');
      if (!randomPart || domain === page.domain || stores.pages.domainTaken(domain)) return page;
      stores.pages.update(id, { domain });
      return stores.pages.get(workspaceId, id)!;
    };
  }
  if (on('author-update-reactivates')) {
    // updateAuthor fills the fields a PATCH leaves out from a form whose `active` defaults to true:
    // any PATCH that names a field but not `active` makes the author active. On an active author
    // nothing shows, and `{}` is right; an inactive author given a new position is active again.
    // Breaks resources.patch-named-fields-only ("every field it leaves out keeps its value") and
    // author.update-kept.
    const update = services.authors.update.bind(services.authors);
    services.authors.update = (workspaceId, id, input) =>
      update(workspaceId, id, input.active === undefined && Object.keys(input).length > 0 ? { ...input, active: true } : input);
  }
  if (on('subscriber-upsert-echoes-address')) {
    // createSubscriber answers an address already on the newsletter with the stored subscriber, but
    // its `email` as the request wrote it (trimmed, letter case kept): `ADA@Example.com` for the
    // stored `ada@example.com`. A new address, and the same address in the stored case, are right;
    // the list and every later read show the stored address. Breaks subscriber.upsert-same-id ("the
    // existing subscriber unchanged ... every field as it was") and resources.answer-as-stored.
    const onNewsletter = db.prepare<[number, string], number>('SELECT 1 FROM subscribers WHERE newsletter_id = ? AND email = ?').pluck();
    const upsert = services.subscribers.upsert.bind(services.subscribers);
    services.subscribers.upsert = (workspaceId, newsletterId, email) => {
      const existed = onNewsletter.get(newsletterId, normaliseAddress(email)) !== undefined;
      const subscriber = upsert(workspaceId, newsletterId, email);
      return existed ? { ...subscriber, email: email.trim() } : subscriber;
    };
  }
  if (on('pages-envelope-size-is-count')) {
    // listPages writes the envelope's `size` from the page it read: a last page that is not full says
    // its own length (`size: 3` for the last 3 of 13 pages at size 10). Full pages, and a page past
    // the end, are right. Breaks the Lists section ("`size` the page size") and
    // lists.envelope-arithmetic. (The handler reads the envelope from the paging it passed the list,
    // so the paging is where the wrong size goes.)
    const list = services.pages.list.bind(services.pages);
    services.pages.list = (workspaceId, paging) => {
      const answer = list(workspaceId, paging);
      if (answer.items.length > 0 && answer.items.length < paging.size) paging.size = answer.items.length;
      return answer;
    };
  }
  if (on('newsletter-name-taken-by-slug')) {
    // createNewsletter tells whether a name is used by its slug: a name whose slug another newsletter
    // of the workspace has is a 409 name-taken, though the names differ by more than letter case
    // (`Cafe Weekly` after `Café Weekly`, `Weekly!` after `Weekly`). The same name in other letter
    // case (409) and a name of another slug are right. Breaks names.unique-any-case, the
    // createNewsletter description ("`name_slug` ... made unique in the workspace with a `-1`, `-2`
    // suffix") and requests.valid-input-accepted.
    const create = services.newsletters.create.bind(services.newsletters);
    services.newsletters.create = (workspaceId, input) => {
      const base = slugOr(input.name, 'newsletter');
      if (stores.newsletters.nameSlugsFrom(workspaceId, base).includes(base)) {
        throw problems.nameTaken(`Another newsletter of your workspace is already named "${input.name}".`);
      }
      return create(workspaceId, input);
    };
  }
  if (on('emails-sent-filter-across-newsletters')) {
    // listEmails?status=sent reads the workspace's sent mail: the sent emails of every newsletter of
    // the workspace, counted in its total. Every other status, and the list without a filter, are
    // right, and so is a workspace with one newsletter. Breaks resources.child-of-its-parent, the
    // listEmails description ("the emails of a newsletter") and lists.filters-add-up.
    const sentOfWorkspace = db.prepare<[number, number, number], { id: number; newsletter_id: number }>(
      `SELECT e.id, e.newsletter_id FROM emails e JOIN newsletters n ON n.id = e.newsletter_id
       WHERE n.workspace_id = ? AND e.status = 'sent' ORDER BY e.created_at DESC, e.id DESC LIMIT ? OFFSET ?`,
    );
    const countSent = db
      .prepare<[number], number>(`SELECT count(*) FROM emails e JOIN newsletters n ON n.id = e.newsletter_id WHERE n.workspace_id = ? AND e.status = 'sent'`)
      .pluck();
    const list = services.emails.list.bind(services.emails);
    services.emails.list = (workspaceId, newsletterId, status, paging) => {
      const answer = list(workspaceId, newsletterId, status, paging);
      if (status !== 'sent') return answer;
      const rows = sentOfWorkspace.all(workspaceId, paging.size, (paging.page - 1) * paging.size);
      return { total: countSent.get(workspaceId)!, items: rows.map((row) => stores.emails.get(row.newsletter_id, row.id)!) };
    };
  }
  if (on('not-sendable-blank-subject-unseen')) {
    // sendEmail tests the subject for emptiness, not blankness: a subject of spaces counts as
    // written. An empty subject is refused, naming `subject`; a subject of spaces is sent when the
    // rest is ready, and left out of the errors when something else is missing. Breaks
    // email.not-sendable-fields ("`subject` for a blank subject") and email.send-not-ready.
    const send = services.emails.send.bind(services.emails);
    services.emails.send = (workspaceId, newsletterId, id, at) => {
      try {
        return send(workspaceId, newsletterId, id, at);
      } catch (error) {
        const state = stores.emails.state(id);
        if (!(error instanceof ProblemError) || error.kind !== 'email-not-sendable' || !state || state.subject === '') throw error;
        if (!error.errors?.some((cause) => cause.field === 'subject')) throw error;
        const rest = error.errors.filter((cause) => cause.field !== 'subject');
        if (rest.length > 0) throw problems.notSendable(error.detail, rest);
        // The service's clock is its own; the fault server and the contrast tests run on the system clock.
        const now = new Date();
        if (state.status === 'failed') stores.deliveries.retryFailed(id);
        stores.emails.update(id, { status: 'scheduled', scheduled_at: requestedSendTime(at, now), delivery_started_at: null, updated_at: now.toISOString() });
        return stores.emails.get(newsletterId, id)!;
      }
    };
  }
  if (on('post-publish-moves-created-at')) {
    // updatePost publishing a draft takes the moment of publishing as the post's date, created_at
    // included, as a blog that dates posts by publication would: the post moves to the top of the
    // list. Creating a post published, other changes and a return to draft are right. Breaks
    // resources.patch-named-fields-only (created_at is no field the PATCH names nor derives from
    // one), the Post schema ("created_at: Creation date") and lists.newest-first with it.
    const update = services.posts.update.bind(services.posts);
    services.posts.update = (workspaceId, pageId, id, input, contentHtml) => {
      const before = services.posts.get(workspaceId, pageId, id);
      const post = update(workspaceId, pageId, id, input, contentHtml);
      if (before.status === 'published' || post.status !== 'published') return post;
      stores.posts.update(id, { created_at: post.updated_at });
      return stores.posts.get(pageId, id)!;
    };
  }
  if (on('category-null-slug-refused')) {
    // createCategory reads an explicit slug as `input.slug ?? ''` whenever the key is there, so
    // `slug: null`, which the contract reads as absent, is normalised to nothing and refused with a
    // 422 naming slug. A category without the key, and one with an explicit slug, are right. Breaks
    // the createCategory description ("When absent or `null` it is derived from the name"),
    // requests.valid-input-accepted and errors.only-present-causes.
    const create = services.categories.create.bind(services.categories);
    services.categories.create = (workspaceId, pageId, input) => create(workspaceId, pageId, input.slug === null ? { ...input, slug: '' } : input);
  }
}

/** The auth-scheme a client's Authorization header names, when it is not Bearer. */
function otherScheme(authorization: string | undefined): string | undefined {
  const scheme = /^\s*([A-Za-z][A-Za-z0-9!#$%&'*+.^_`|~-]*)(?:\s|$)/.exec(authorization ?? '')?.[1];
  return scheme && scheme.toLowerCase() !== 'bearer' ? scheme : undefined;
}

/** A stage that, for a request `valueFor` gives a value, writes the header field `name` (lowercase) with that value instead. */
function rewriteHeader(valueFor: (req: Parameters<RequestHandler>[0]) => string | undefined, name: string): RequestHandler {
  return (req, res, next) => {
    const value = valueFor(req);
    if (value !== undefined) {
      const setHeader = res.setHeader.bind(res);
      res.setHeader = ((field: string, original: unknown) =>
        setHeader(field, field.toLowerCase() === name ? value : (original as string))) as typeof res.setHeader;
    }
    next();
  };
}

export function breakNinthLookPipeline(on: FaultSet, pipeline: Pipeline, context: PipelineContext): Pipeline {
  let { api, after } = pipeline;
  if (on('head-page-other-workspace-200')) {
    // HEAD of getPage answers from an "is there such a page?" check that looks the id up in every
    // workspace: another workspace's page is 200 to HEAD while GET answers 404. The caller's own
    // pages, and an id of no page, are right. Breaks http.head ("with the status and headers GET
    // would have") and auth.workspace-scope (a workspace learns which ids another one has).
    const anyPage = context.options.db.prepare<[number], number>('SELECT 1 FROM pages WHERE id = ?').pluck();
    const pagePath = /^\/pages\/(\d+)$/;
    api = insertBefore(api, 'head', rememberHead('headPage', pagePath));
    api = insertBefore(api, 'operations', {
      name: 'head-page-anywhere',
      handler: (req, res, next) => {
        const workspaceId = res.locals.workspaceId as number | undefined;
        const match = pagePath.exec(req.path);
        if (res.locals.headPage !== true || workspaceId === undefined || !match) return next();
        const id = Number(match[1]);
        if (context.options.stores.pages.exists(workspaceId, id) || anyPage.get(id) === undefined) return next();
        res.status(200).type('application/json').end();
      },
    });
  }
  if (on('categories-401-challenge-echoes-scheme')) {
    // listCategories' 401 challenges with the scheme the client tried: a request sent with
    // `Authorization: Basic ...` is told `WWW-Authenticate: Basic realm="publishing-api"`, as if Basic
    // would do. No header, an unknown bearer token, and every other operation's 401 are right.
    // Breaks auth.bearer-required ("answered 401 with WWW-Authenticate: Bearer") and the
    // WWW-Authenticate header ("always Bearer").
    const categoriesPath = /^\/pages\/[^/]+\/categories\/?$/;
    api = insertBefore(api, 'authentication', {
      name: 'categories-challenge-as-sent',
      handler: rewriteHeader((req) => {
        const scheme = (req.method === 'GET' || req.method === 'HEAD') && categoriesPath.test(req.path) ? otherScheme(req.get('authorization')) : undefined;
        return scheme && `${scheme} realm="publishing-api"`;
      }, 'www-authenticate'),
    });
  }
  if (on('image-webp-served-untyped')) {
    // The images an upload stores are served with a type table of their own that knows PNG, JPEG and
    // GIF: a WebP image, which uploadImage accepts, is served as application/octet-stream. The other
    // three types are right. Breaks image.public-url ("answers 200 with the bytes uploaded and their
    // image type ... as Content-Type") and image.served-at-url.
    after = wrapStage(after, 'images', (real) => [
      rewriteHeader((req) => (/\.webp$/i.test(req.path) ? 'application/octet-stream' : undefined), 'content-type'),
      ...[real].flat(),
    ]);
  }
  return { ...pipeline, api, after };
}
