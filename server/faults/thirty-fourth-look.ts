/**
 * Faults written from the contract alone, each confined to one operation of the mail or images family
 * and each one a first test passes: an upload that prunes the served images to the ten newest (the
 * eleventh upload removes the first image from its URL), an upload whose file over 10 MiB is refused
 * 413 under a title of its own (File too large, where every other 413 says Payload too large), a send
 * without a body refused 415 as if a JSON body were required, a send that judges content blank by ASCII
 * white space alone (an email whose content_html is a no-break or ideographic space is scheduled), a new
 * email whose content_html has its CR LF line ends turned into LF, a new email whose Markdown headings get
 * id attributes (an anchor plugin CommonMark does not have), an email update that stores its subject
 * HTML-escaped (Q&A kept as Q&amp;A), an email update whose 422 for more than 20 invalid inputs counts
 * only the 20 it lists, an email delete refused 409 for a scheduled email that still returns it to
 * draft, a subscriber upsert that refuses an address of exactly 254 characters, a new email left without a
 * preview that gets the start of its content's text as one, and an emails list that answers a
 * draft without content with content_html "" instead of null. Each is a bug an implementer could
 * plausibly write, and each breaks a statement of the contract (named in its comment).
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { PipelineContext } from '../app.ts';
import type { ServerParts } from '../compose.ts';
import { timestamp, type Clock } from '../domain/clock.ts';
import { normaliseAddress } from '../domain/people.ts';
import { ensureNotSent, missingForSend, requestedSendTime } from '../domain/sending.ts';
import { insertBefore, wrapStage, type Pipeline } from '../http/pipeline.ts';
import { ProblemError, problems } from '../http/problem.ts';
import { isDeferred } from '../store/deferred-content.ts';
import type { FaultSet } from './fault-set.ts';

/** How many uploaded images the pruning fault keeps. */
const KEPT_IMAGES = 10;

/** Blank as a hand-written check sees it: the ASCII white space of HTML, nothing else. */
const ASCII_BLANK = /^[ \t\n\f\r]*$/;

const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** The id an anchor plugin gives a heading: its text, lowercased, with runs of other characters as one hyphen. */
const anchorOf = (html: string): string =>
  html
    .replace(/<[^>]*>/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

export function breakThirtyFourthLookParts(on: FaultSet, { stores, services }: ServerParts): void {
  if (on('images-pruned-to-last-ten')) {
    // uploadImage keeps the images directory to the ten newest uploads, a clean-up copied from the
    // avatar uploader (where each user has one picture and old ones are garbage): once an eleventh
    // image is stored, the oldest is deleted, and its URL answers 404 from then on. The first ten
    // uploads, and each newest ten, are served right. Breaks the uploadImage description (an image
    // "stays at that URL: uploads are never changed or removed through the API"), image.served-at-url
    // ("An uploaded image is served, byte for byte, at the URL the answer gives") and image.public-url.
    const directory = (services.images as unknown as { directory: string }).directory;
    const kept: string[] = [];
    const store = services.images.store.bind(services.images);
    services.images.store = async (incoming) => {
      const image = await store(incoming);
      kept.push(path.basename(new URL(image.url).pathname));
      while (kept.length > KEPT_IMAGES) await rm(path.join(directory, kept.shift()!), { force: true });
      return image;
    };
  }
  if (on('send-unicode-blank-content-sent')) {
    // sendEmail judges whether an email has content with a hand-written test for blank HTML,
    // `/^[ \t\n\f\r]*$/` (HTML's ASCII white space), instead of trimming the text as Unicode does: an
    // email whose content_html is only a no-break space (U+00A0), an em space or an ideographic space
    // (U+3000), which an editor leaves behind when its text is deleted, counts as written and is
    // scheduled. Empty content, content of ASCII spaces and line breaks, and real content are judged
    // right. Breaks email.send-not-ready ("An email without content ... is answered `422` with type
    // `email-not-sendable`"), email.not-sendable-fields and the sendEmail description ("the email has no
    // `content_html` (or only white space)").
    const clock = (services.emails as unknown as { context: { clock: Clock } }).context.clock;
    const send = services.emails.send.bind(services.emails);
    services.emails.send = (workspaceId, newsletterId, id, scheduledAt) => {
      const state = stores.emails.state(id);
      const html = state?.content_html;
      if (!state || state.newsletter_id !== newsletterId || typeof html !== 'string' || html.trim() !== '' || ASCII_BLANK.test(html)) {
        return send(workspaceId, newsletterId, id, scheduledAt);
      }
      const at = requestedSendTime(scheduledAt, clock.now());
      services.newsletters.get(workspaceId, newsletterId);
      ensureNotSent(state);
      // The content counts as written: only the subject and the audience are judged.
      const missing = missingForSend({ ...state, content_html: html.replace(/\s/g, '\u00a0') + '.' }, stores.subscribers.countAudience(newsletterId));
      if (missing.length > 0) throw problems.notSendable(`Email ${id} cannot be sent yet.`, missing);
      stores.emails.update(id, { status: 'scheduled', scheduled_at: at, delivery_started_at: null, updated_at: timestamp(clock) });
      return stores.emails.get(newsletterId, id)!;
    };
  }
  if (on('email-create-html-crlf-as-lf')) {
    // createEmail passes the content_html it is sent through the line-end normaliser of the Markdown
    // path (which turns CR LF and lone CR into LF before rendering, as CommonMark reads them): HTML
    // written with CR LF line ends, as a Windows editor or a textarea form sends it, is stored and
    // answered with LF alone. HTML with LF line ends, or on one line, is kept right, and so is
    // updateEmail. Breaks requests.html-over-markdown ("a `content_html` given as text ... is stored as
    // sent") and the createEmail description ("HTML sent as `content_html` is stored as sent too").
    const create = services.emails.create.bind(services.emails);
    services.emails.create = (workspaceId, newsletterId, input, contentHtml) =>
      create(
        workspaceId,
        newsletterId,
        input,
        typeof input.content_html === 'string' && typeof contentHtml === 'string' ? contentHtml.replace(/\r\n?/g, '\n') : contentHtml,
      );
  }
  if (on('email-create-markdown-heading-ids')) {
    // createEmail renders Markdown with the heading-anchor plugin the team added for a table of
    // contents (every heading gets an `id` made from its text), enabled on the renderer of new emails
    // by mistake: `# Hello World` renders as `<h1 id="hello-world">Hello World</h1>`, not CommonMark's
    // `<h1>Hello World</h1>`. Markdown without headings (paragraphs, emphasis, lists, links) renders
    // right, and so does updateEmail. Breaks markdown.commonmark ("rendered as CommonMark specifies ...
    // alike by every operation that takes it").
    const contentForCreate = services.emails.contentForCreate.bind(services.emails);
    services.emails.contentForCreate = async (workspaceId, newsletterId, input, signal) => {
      const html = await contentForCreate(workspaceId, newsletterId, input, signal);
      const rendered = (input.content_html === undefined || input.content_html === null) && typeof input.content_md === 'string';
      if (!rendered || typeof html !== 'string') return html;
      return html.replace(/<h([1-6])>([\s\S]*?)<\/h\1>/g, (_heading, level: string, text: string) => `<h${level} id="${anchorOf(text)}">${text}</h${level}>`);
    };
  }
  if (on('email-update-subject-html-escaped')) {
    // updateEmail escapes the new subject for HTML before it stores it (the mail template shows the
    // subject in the HTML's <title>, and the escaping was put where the value is written instead of
    // where it is shown): a subject with &, <, >, " or ' (Q&A, "Hello") is stored and answered
    // escaped (Q&amp;A, &quot;Hello&quot;). Subjects of letters, digits and other punctuation are kept
    // right, and so is createEmail. Breaks resources.update-kept ("an accepted update is kept"),
    // resources.answer-as-stored and requests.valid-input-accepted.
    const update = services.emails.update.bind(services.emails);
    services.emails.update = (workspaceId, newsletterId, id, input, contentHtml) =>
      update(workspaceId, newsletterId, id, typeof input.subject === 'string' ? { ...input, subject: escapeHtml(input.subject) } : input, contentHtml);
  }
  if (on('email-delete-409-unschedules')) {
    // deleteEmail first cancels the email's schedule (so the delivery worker cannot pick it up while
    // it is being deleted), in a write of its own outside the transaction that the refusal rolls back,
    // then checks, on the email as it read it before, that it is a draft: a scheduled email is
    // answered 409 email-not-draft, as it should be, but the cancellation stays, and the email reads
    // as a draft with scheduled_at null (and can then be changed or deleted). Drafts are deleted right, and sent emails are refused right. Breaks
    // email.only-draft-changes ("any other is answered `409` with type `email-not-draft` and stays as
    // it was") and resources.refused-write-changes-nothing.
    const remove = services.emails.delete.bind(services.emails);
    services.emails.delete = (workspaceId, newsletterId, id) => {
      const email = services.emails.get(workspaceId, newsletterId, id);
      const state = stores.emails.state(id);
      if (email.status !== 'scheduled' || state?.delivery_started_at !== null) return remove(workspaceId, newsletterId, id);
      // The cancellation is a write of its own, queued to run after the request's transaction (which
      // the refusal rolls back) is done with.
      setImmediate(() => stores.emails.update(id, { status: 'draft', scheduled_at: null }));
      throw problems.emailNotDraft(`Email ${id} is ${email.status}; only a draft can be deleted.`);
    };
  }
  if (on('subscriber-address-254-refused')) {
    // createSubscriber checks the address's length itself, against the SMTP limit it remembered as
    // "under 254", `address.length >= 254`: an address of exactly 254 characters, the longest the
    // contract allows (maxLength 254; RFC 5321's 256-octet path less its angle brackets), is answered
    // 422 naming email. Every shorter address is right. Breaks requests.valid-input-accepted ("Every
    // input that its schemas allow, boundary values included, is accepted with the operation's success
    // status") and subscriber.new-active-verified.
    const upsert = services.subscribers.upsert.bind(services.subscribers);
    services.subscribers.upsert = (workspaceId, newsletterId, email) => {
      if (normaliseAddress(email).length >= 254) throw problems.invalidField('email', 'must be shorter than 254 characters');
      return upsert(workspaceId, newsletterId, email);
    };
  }
  if (on('email-create-preview-from-content')) {
    // createEmail fills a preview left out of the body with the start of the email's text (its
    // content_html without tags, white space collapsed, cut to 100 characters), the "preheader" mail
    // clients would show anyway, written as a convenience for clients that send none. It checks the
    // key's absence (`!('preview' in input)`), so a preview sent as null, or as text, is right, and so
    // is an email created without content. Breaks requests.absent-as-default ("An optional field left
    // out of a create body reads as its default (`null` ...) whatever the other fields hold: only what
    // the contract derives is filled from another field") and requests.null-as-absent (the same create
    // with `preview: null` reads otherwise).
    const create = services.emails.create.bind(services.emails);
    services.emails.create = (workspaceId, newsletterId, input, contentHtml) => {
      if ('preview' in input || typeof contentHtml !== 'string') return create(workspaceId, newsletterId, input, contentHtml);
      const text = contentHtml.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 100).trim();
      return create(workspaceId, newsletterId, text === '' ? input : { ...input, preview: text }, contentHtml);
    };
  }
  if (on('emails-list-null-content-as-empty')) {
    // listEmails reads content_html with `coalesce(content_html, '')` (written so that the list's
    // length check of long contents, `length(content_html) > 4096`, never sees a NULL): a draft
    // without content is listed with content_html "", while getEmail, createEmail and updateEmail
    // answer null. Emails with content are listed right. Breaks resources.update-kept ("Create, get,
    // list and update agree with each other"), responses.every-field ("a field without a value as
    // `null`") and the Email schema (`content_html` is `null` until content is given).
    const list = services.emails.list.bind(services.emails);
    services.emails.list = (workspaceId, newsletterId, status, paging) => {
      const answer = list(workspaceId, newsletterId, status, paging);
      for (const email of answer.items) if (email.content_html === null && !isDeferred(email)) email.content_html = '';
      return answer;
    };
  }
}

/** POST /newsletters/{id}/emails/{id}/send, under the API's base path. */
const SEND_PATH = /^\/newsletters\/[^/]+\/emails\/[^/]+\/send\/?$/;
/** PATCH /newsletters/{id}/emails/{id}, under the API's base path or not. */
const EMAIL_PATH = /^(?:\/api\/v1)?\/newsletters\/[^/]+\/emails\/[^/]+\/?$/;

export function breakThirtyFourthLookPipeline(on: FaultSet, pipeline: Pipeline, _context: PipelineContext): Pipeline {
  let { api, errors } = pipeline;
  if (on('upload-file-413-own-title')) {
    // uploadImage's parser turns multer's error for a file over the limit into a problem of its own,
    // with multer's message as the title ("File too large") instead of the title of its type: a file
    // over 10 MiB in a body whose declared length is within the limit is answered 413
    // payload-too-large titled File too large, while every other 413 (a declared Content-Length over
    // the limit, here as on every operation) says Payload too large. Status, type and detail are right.
    // Breaks errors.title-per-type ("A problem's `title` is the same for every occurrence of its `type`,
    // whatever the operation or the cause").
    api = wrapStage(api, 'upload-parser', (real) => {
      const parse = real as RequestHandler;
      return (req, res, next) =>
        parse(req, res, (err?: unknown) => {
          if ((err as { code?: unknown } | undefined)?.code !== 'LIMIT_FILE_SIZE') return next(err);
          next(new ProblemError(413, 'payload-too-large', 'File too large', 'The image is larger than the limit of 10 MiB.'));
        });
    });
  }
  if (on('send-without-body-415')) {
    // sendEmail's route checks the Content-Type of every POST before the JSON parser, as the routes
    // that require a body do: a send with no body at all (no Content-Type, nothing sent), which the
    // sendEmail table answers like an empty object (send at once), is answered 415. A send with `{}`
    // or with a scheduled_at is right. Breaks the sendEmail table ("`scheduled_at` omitted or `null`
    // (or no body) | `200`"), its request body ("The body may be left out to send at once"), EmailSend
    // ("An empty object, or no body at all, sends at once") and requests.valid-input-accepted.
    api = insertBefore(api, 'json-body', {
      name: 'send-without-body-415',
      handler: (req, _res, next) => {
        if (req.method !== 'POST' || !SEND_PATH.test(req.path) || req.get('content-type') !== undefined) return next();
        next(problems.unsupportedMediaType('Send the body as UTF-8 application/json.'));
      },
    });
  }
  if (on('email-update-error-count-capped')) {
    // updateEmail's validation runs with a cap of 20 errors (the validator's option to stop collecting
    // after 20, set on the operation with the largest body to bound its cost), so the 422 is built from
    // at most 20 errors: a PATCH with more than 20 invalid inputs lists 20 and its detail says "The
    // request has 20 invalid inputs." instead of their number and that the first 20 are listed. A 422
    // with 20 or fewer is right. Breaks errors.count-beyond-list ("A `422` for a request with more
    // invalid inputs than the 20 it lists says in `detail` how many there were").
    const handle = errors;
    errors = ((err: unknown, req, res, next) => {
      if (req.method !== 'PATCH' || !EMAIL_PATH.test(req.path)) return handle(err, req, res, next);
      if (err instanceof ProblemError) {
        const capped = err.kind === 'validation-failed' && err.errors && err.errors.length > 20;
        return handle(capped ? problems.invalid(err.errors!.slice(0, 20)) : err, req, res, next);
      }
      const found = err as { status?: unknown; errors?: unknown } | undefined;
      if (typeof found?.status === 'number' && Array.isArray(found.errors) && found.errors.length > 20) found.errors = found.errors.slice(0, 20);
      return handle(err, req, res, next);
    }) as ErrorRequestHandler;
  }
  return { ...pipeline, api, errors };
}
