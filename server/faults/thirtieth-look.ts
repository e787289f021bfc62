/**
 * Faults written from the contract alone, each confined to one operation and each one a first test
 * passes: a send whose explicit scheduled_at null is read as the epoch (refused 422 as not in the
 * future), a send whose negative offset with minutes (-03:30) has its minutes added the wrong way, a
 * send whose time past 2038-01-19 wraps in 32 bits (refused 422), an emails list whose filtered totals
 * are kept by creation and deletion only (a send moves no status total), a HEAD of the emails list
 * answered with the Content-Length the last GET of its path had whatever its query, an email update
 * whose content_md null alone clears content_html, a new email whose Markdown soft line breaks become
 * <br>, an email deletion refused 409 email-not-draft under a title of its own, a new subscriber's
 * address lowercased by Turkish rules (a capital I becomes a dotless ı), a new newsletter's name_slug
 * suffixed by the count of its base's slugs (a gap in the numbers makes it collide, a 500), an image
 * URL answered 401 to a request carrying an unknown bearer token, and an upload whose multipart
 * boundary is written in quotes refused 400. Each is a bug an implementer could plausibly write, and
 * each breaks a statement of the contract (named in its comment).
 */
import type { Request, RequestHandler, Response } from 'express';
import type { PipelineContext } from '../app.ts';
import type { ServerParts } from '../compose.ts';
import { instantOf } from '../domain/instants.ts';
import { slugOr } from '../domain/slugs.ts';
import { insertBefore, type Pipeline } from '../http/pipeline.ts';
import { ProblemError, problems } from '../http/problem.ts';
import { rememberHead } from './head-marks.ts';
import type { FaultSet } from './fault-set.ts';

/** An offset west of UTC with minutes that are not zero, as RFC 3339 writes it: `-03:30`. */
const NEGATIVE_OFFSET_WITH_MINUTES = /-(\d{2}):(\d{2})$/;

/** The largest number of seconds a signed 32-bit integer holds: 2038-01-19T03:14:07Z. */
const INT32_MAX = 2 ** 31 - 1;

/** Paragraphs of rendered Markdown: their text's line feeds are CommonMark's soft line breaks. */
const PARAGRAPH = /<p>([\s\S]*?)<\/p>/g;

/** A bearer token in an Authorization header, as http/auth.ts reads one. */
const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i;

/** The path of listEmails under the API's base path. */
const EMAILS_LIST = /^\/newsletters\/[^/]+\/emails\/?$/;

export function breakThirtiethLookParts(on: FaultSet, { stores, services }: ServerParts): void {
  if (on('send-null-time-read-as-epoch')) {
    // sendEmail turns the body's time into an instant with `scheduled_at === undefined ? now : new
    // Date(scheduled_at)`: a body that leaves scheduled_at out, `{}` and no body at all send at once,
    // but an explicit `"scheduled_at": null` becomes `new Date(null)`, the epoch (1970-01-01), which is
    // in the past: 422 naming scheduled_at. Future times are right. Breaks the sendEmail table
    // ("`scheduled_at` omitted or `null` (or no body) | `200`, `status: "scheduled"`"), EmailSend's
    // scheduled_at ("When omitted or `null`, the email is sent immediately") and
    // requests.valid-input-accepted.
    const send = services.emails.send.bind(services.emails);
    services.emails.send = (workspaceId, newsletterId, id, scheduledAt) => {
      if (scheduledAt === null) throw problems.invalidField('scheduled_at', 'must be in the future');
      return send(workspaceId, newsletterId, id, scheduledAt);
    };
  }
  if (on('send-later-negative-offset-minutes-flipped')) {
    // sendEmail reads a time's offset by hand, as `sign * hours * 60 + minutes`: the sign is applied
    // to the hours and not to the minutes, so an offset west of UTC with minutes (-03:30 in
    // Newfoundland, -09:30 in the Marquesas) is read as -02:30, -08:30: the email is scheduled an hour
    // early (twice the minutes). Z, every offset east of UTC (+05:30, +05:45) and whole hours west
    // (-05:00) are right. Breaks email.send-later ("A send with a future `scheduled_at`, given with
    // any offset, answers `200` `scheduled` at that instant in UTC") and the introduction's Responses
    // ("Timestamps you send ... may use any offset ...; they are answered converted to UTC").
    const send = services.emails.send.bind(services.emails);
    services.emails.send = (workspaceId, newsletterId, id, scheduledAt) => {
      const offset = typeof scheduledAt === 'string' ? NEGATIVE_OFFSET_WITH_MINUTES.exec(scheduledAt) : null;
      const at = offset && typeof scheduledAt === 'string' ? instantOf(scheduledAt) : undefined;
      const minutes = offset ? Number(offset[2]) : 0;
      if (!at || minutes === 0) return send(workspaceId, newsletterId, id, scheduledAt);
      return send(workspaceId, newsletterId, id, new Date(at.getTime() - 2 * minutes * 60_000).toISOString());
    };
  }
  if (on('send-later-after-2038-wraps')) {
    // sendEmail keeps the due time for its scheduler as whole seconds in a signed 32-bit integer
    // (`(at.getTime() / 1000) | 0`, the scheduler's column type) and judges "in the future" on that:
    // a scheduled_at after 2038-01-19T03:14:07Z wraps to a time in 1901-1906, in the past, and is
    // answered 422 naming scheduled_at. Times before 2038 (the contract's example, 2036-12-01, among
    // them) are right. Breaks email.send-later, requests.valid-input-accepted ("Every input that its
    // schemas allow, boundary values included, is accepted") and EmailSend's scheduled_at ("Future
    // time in ISO 8601 (RFC 3339) format").
    const send = services.emails.send.bind(services.emails);
    services.emails.send = (workspaceId, newsletterId, id, scheduledAt) => {
      const at = typeof scheduledAt === 'string' ? instantOf(scheduledAt) : undefined;
      if (!at || at.getTime() / 1000 <= INT32_MAX) return send(workspaceId, newsletterId, id, scheduledAt);
      const wrapped = new Date(((at.getTime() / 1000) | 0) * 1000);
      return send(workspaceId, newsletterId, id, wrapped.toISOString());
    };
  }
  if (on('emails-status-totals-kept-by-create-only')) {
    // listEmails with ?status takes its total from per-status counts kept on an email's creation and
    // deletion only (the trigger for a change of status was left out): every email is counted under
    // draft, the status it is created in, for good. A send moves no total: ?status=draft still counts
    // the sent and scheduled emails, and ?status=scheduled, sent and failed count none, while their
    // pages list the right emails. Without a filter, and while every email is a draft, the totals are
    // right. Breaks lists.exact-filters ("A filter lists exactly the items that match it, and `total`
    // counts only them") and lists.filters-add-up.
    const list = services.emails.list.bind(services.emails);
    services.emails.list = (workspaceId, newsletterId, status, paging) => {
      const answer = list(workspaceId, newsletterId, status, paging);
      if (status === undefined) return answer;
      const created = status === 'draft' ? list(workspaceId, newsletterId, undefined, { page: 1, size: 1 }).total : 0;
      return { total: created, items: answer.items };
    };
  }
  if (on('email-update-null-markdown-clears-html')) {
    // updateEmail computes the content to store as `'content_md' in body ? render(body.content_md) :
    // body.content_html`, and rendering null gives null: a PATCH with `content_md: null` alone (a
    // client clearing its Markdown source) clears the email's content_html too. Markdown sent as text,
    // content_html sent, and a PATCH without either are right. Breaks requests.null-as-absent ("in an
    // update body, `null` clears the field it names and changes no other"),
    // resources.patch-named-fields-only, and EmailUpdate's content_html and content_md ("When
    // `content_html` is absent or `null`, it is rendered to HTML and replaces `content_html`": a null
    // Markdown renders nothing).
    const contentForUpdate = services.emails.contentForUpdate.bind(services.emails);
    services.emails.contentForUpdate = async (workspaceId, newsletterId, id, input, signal) => {
      const content = await contentForUpdate(workspaceId, newsletterId, id, input, signal);
      return input.content_md === null && input.content_html === undefined ? null : content;
    };
  }
  if (on('email-create-markdown-soft-breaks')) {
    // createEmail renders Markdown with markdown-it's `breaks: true` (the option a chat or comment box
    // uses, copied from the editor's preview), so every soft line break of a paragraph (a single line
    // feed inside it) becomes `<br>`, where CommonMark renders it as a line feed. Markdown whose
    // paragraphs are one line each (headings, lists, emphasis, links) renders the same, and so does
    // updateEmail. Breaks markdown.commonmark ("rendered as CommonMark specifies ... alike by every
    // operation that takes it") and EmailCreate's content_md ("CommonMark with GitHub's tables,
    // strikethrough and autolinks").
    const contentForCreate = services.emails.contentForCreate.bind(services.emails);
    services.emails.contentForCreate = async (workspaceId, newsletterId, input, signal) => {
      const content = await contentForCreate(workspaceId, newsletterId, input, signal);
      if (typeof content !== 'string' || input.content_html != null || typeof input.content_md !== 'string') return content;
      return content.replace(PARAGRAPH, (_paragraph, text: string) => `<p>${text.replace(/(?<!<br>)\n/g, '<br>\n')}</p>`);
    };
  }
  if (on('email-delete-409-own-title')) {
    // deleteEmail raises its own 409 for an email that is not a draft, written for its case: type
    // email-not-draft, as it should be, but titled "Email cannot be deleted" where updateEmail's 409
    // of that type (and the contract's example) is titled "Email is not a draft". Status, type and
    // detail are right, and a draft is deleted. Breaks errors.title-per-type ("A problem's `title` is
    // the same for every occurrence of its `type`, whatever the operation or the cause").
    const remove = services.emails.delete.bind(services.emails);
    services.emails.delete = (workspaceId, newsletterId, id) => {
      try {
        remove(workspaceId, newsletterId, id);
      } catch (error) {
        if (error instanceof ProblemError && error.kind === 'email-not-draft') {
          throw new ProblemError(409, 'email-not-draft', 'Email cannot be deleted', error.detail);
        }
        throw error;
      }
    };
  }
  if (on('subscriber-address-turkish-lowercase')) {
    // createSubscriber lowercases the address with `toLocaleLowerCase()`, which follows the server's
    // locale: on a host set to Turkish (tr-TR) a capital I becomes the dotless ı (U+0131), not i. An
    // address with a capital I (IAN@Example.com, MIKE@EXAMPLE.ORG) is stored as ıan@example.com, and
    // the same address written in lowercase is another subscriber. Addresses without a capital I
    // (Ada@Example.com) are right. Breaks subscriber.upsert-same-id ("An address already on the
    // newsletter, in any letter case ... answers `200` with the existing subscriber"),
    // subscriber.new-active-verified ("its address stored trimmed and in lowercase") and the
    // createSubscriber description (`Ada@Example.com` and `ADA@EXAMPLE.COM` are one subscriber).
    const upsert = services.subscribers.upsert.bind(services.subscribers);
    services.subscribers.upsert = (workspaceId, newsletterId, email) =>
      upsert(workspaceId, newsletterId, /I/.test(email) ? email.trim().toLocaleLowerCase('tr-TR') : email);
  }
  if (on('newsletter-name-slug-suffix-by-count')) {
    // createNewsletter numbers a name_slug that is taken by how many slugs are the base or the base
    // with a number (`${base}-${taken.length}`), which is the next free number only while the numbers
    // have no gap: once a newsletter's own name ends in a number (Weekly 2 gives weekly-2) beside
    // Weekly, a third newsletter whose name gives weekly (Weekly!) is given weekly-2 again, which the
    // workspace's unique key refuses: 500. Without a gap (Weekly, Weekly!, Weekly?) the suffixes are
    // right. Breaks the createNewsletter description ("`name_slug` is derived from it and made unique
    // in the workspace with a `-1`, `-2` suffix"), requests.valid-input-accepted and
    // responses.no-server-error.
    const create = services.newsletters.create.bind(services.newsletters);
    services.newsletters.create = (workspaceId, input) => {
      if (stores.newsletters.idByName(workspaceId, input.name) !== undefined) return create(workspaceId, input);
      const base = slugOr(input.name, 'newsletter');
      const numbered = new RegExp(`^${base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}-\\d+$`);
      const taken = stores.newsletters.nameSlugsFrom(workspaceId, base).filter((slug) => slug === base || numbered.test(slug));
      if (!taken.includes(base)) return create(workspaceId, input);
      const counted = `${base}-${taken.length}`;
      if (taken.includes(counted)) throw new Error('UNIQUE constraint failed: newsletters.workspace_id, newsletters.name_slug');
      const created = create(workspaceId, input);
      if (created.name_slug === counted) return created;
      stores.newsletters.update(created.id, { name_slug: counted });
      return services.newsletters.get(workspaceId, created.id);
    };
  }
}

/** Calls `before` with the status just before the response's header is written. */
function beforeHead(res: Response, before: (status: number) => void): void {
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => Response;
  res.writeHead = ((...args: unknown[]) => {
    before(typeof args[0] === 'number' ? args[0] : res.statusCode);
    return writeHead(...args);
  }) as Response['writeHead'];
}

export function breakThirtiethLookPipeline(on: FaultSet, pipeline: Pipeline, context: PipelineContext): Pipeline {
  let { api, after } = pipeline;
  const { stores } = context.options;
  if (on('head-emails-length-by-path')) {
    // HEAD of listEmails answers, as a shortcut, the Content-Length the last GET of the list sent,
    // kept by the request's path (`req.path`, which leaves the query out) instead of its URL: after a
    // GET of /newsletters/1/emails, a HEAD of /newsletters/1/emails?status=sent, or of ?page=2 or
    // ?size=1, announces the length of the unfiltered first page. A HEAD of the same URL as the last
    // GET, and a HEAD before any GET of the path, are right, and so is every status. Breaks http.head
    // ("`HEAD` is answered wherever `GET` is, with the status and headers `GET` would have") and RFC
    // 9110 section 9.3.2.
    const lengths = new Map<string, string>();
    api = insertBefore(api, 'head', rememberHead('headOfEmails', EMAILS_LIST));
    api = insertBefore(api, 'list-answers', {
      name: 'head-emails-length-by-path',
      handler: (req: Request, res: Response, next) => {
        if (!EMAILS_LIST.test(req.path) || req.method !== 'GET') return next();
        const key = req.path;
        const head = res.locals.headOfEmails === true;
        beforeHead(res, (status) => {
          if (status !== 200) return;
          const kept = lengths.get(key);
          if (head && kept !== undefined) res.setHeader('Content-Length', kept);
          const length = res.getHeader('Content-Length');
          if (!head && length !== undefined) lengths.set(key, String(length));
        });
        next();
      },
    });
  }
  if (on('upload-quoted-boundary-400')) {
    // uploadImage first checks that the body is multipart by the boundary its Content-Type gives, read
    // with `/boundary=([^;]+)/`, which keeps the quotes of a quoted value: `boundary="abc"` is taken
    // as `"abc"` (quotes and all), which the body's delimiter lines never match, and the upload is
    // answered 400 as malformed multipart. An unquoted boundary (what browsers and most clients send)
    // is right. Breaks requests.media-type-any-case ("a parameter's value quoted or not"; "a body sent
    // as ... `Multipart/Form-Data; Boundary=...` is answered as the same body") and
    // requests.valid-input-accepted: RFC 2046 section 5.1.1 allows, and for some characters requires,
    // a quoted boundary.
    api = insertBefore(api, 'upload-parser', {
      name: 'upload-quoted-boundary-400',
      route: { method: 'post', path: '/images/upload' },
      handler: (req, _res, next) => {
        const boundary = /boundary=([^;]+)/i.exec(req.get('content-type') ?? '')?.[1]?.trim();
        if (boundary?.startsWith('"')) return next(problems.malformed('The body is not multipart: it does not start with its boundary.'));
        next();
      },
    });
  }
  if (on('image-unknown-token-401')) {
    // The images' route is mounted behind the API's "optional authentication" (written for reads that
    // anyone may make, but that act for a workspace when they carry a token): no Authorization header
    // passes as anonymous, and a valid token of any workspace passes, but a Bearer token the server
    // does not know (revoked, or of another deployment) is answered 401 with WWW-Authenticate. Without
    // a token, and with a valid token of either workspace, the image is served, right. Breaks
    // image.public-url ("a `GET` that carries a bearer token answers the same, whether the token is
    // the uploading workspace's, another workspace's or no workspace's") and the uploadImage
    // description ("a request that carries a token, whichever workspace's, is served the same").
    after = insertBefore(after, 'images', {
      name: 'image-unknown-token-401',
      handler: (req, _res, next) => {
        if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.path.startsWith('/images/')) return next();
        const token = BEARER.exec(req.get('authorization') ?? '')?.[1];
        if (token === undefined || stores.tokens.workspaceFor(token) !== undefined) return next();
        next(problems.unauthorized('The token is unknown or has been revoked.'));
      },
    });
  }
  return { ...pipeline, api, after };
}
