/**
 * Faults written from the contract alone, each confined to one operation of the mail or images family
 * and each one a first test passes: a send that refuses a scheduled_at with the offset -00:00 (which
 * RFC 3339 allows) as if it had none, a send that counts a suppressed subscriber in the audience (it
 * is verified, but not active), a send for later that stamps the email's updated_at with the future
 * time it is scheduled for, a newsletter update that takes `name: null` as absent (200, unchanged)
 * instead of answering 422, a new email whose Markdown links are percent-encoded twice (a %20 or a
 * non-ASCII letter in a URL becomes %2520, %25C3%25A9), an email update that stores an empty
 * content_html as null, a subscriber upsert that enforces RFC 5322's dot-atom on the local part (a
 * leading, trailing or doubled dot is refused though the HTML standard allows it), an upload that
 * refuses a WebP that is not lossy (VP8L, VP8X), an image URL served in any letter case (as on a
 * case-insensitive file system), an upload that refuses a multipart body with a preamble before its
 * first boundary, an emails list whose total without a filter leaves out failed emails, and a
 * subscribers list whose ?verified=true leaves out the verified subscribers that are not active.
 * Each is a bug an implementer could plausibly write, and each breaks a statement of the contract
 * (named in its comment).
 */
import { open } from 'node:fs/promises';
import type { RequestHandler } from 'express';
import type { PipelineContext } from '../app.ts';
import type { ServerParts } from '../compose.ts';
import { insertBefore, replaceStage, wrapStage, type Pipeline } from '../http/pipeline.ts';
import { problems } from '../http/problem.ts';
import { imageUploadParser, incomingUploadsDir } from '../http/uploads.ts';
import { filteredPage } from '../store/common.ts';
import type { Subscriber } from '../../generated/openapi.d.ts';
import type { FaultSet } from './fault-set.ts';

type SubscriberRow = Omit<Subscriber, 'verified' | 'active'> & { verified: number; active: number };

export function breakFortiethLookParts(on: FaultSet, { db, stores, services }: ServerParts): void {
  if (on('send-later-minus-zero-offset-refused')) {
    // sendEmail reads RFC 3339's note on "-00:00" (section 4.3: the time is in UTC and the local
    // offset is unknown) as "no offset", which the contract requires, and answers a scheduled_at
    // written with -00:00 422 naming scheduled_at. Z, +00:00 and every other offset are right. Breaks
    // email.send-later ("A send with a future `scheduled_at`, given with any offset, answers `200`
    // `scheduled` at that instant in UTC"), EmailSend's scheduled_at ("ISO 8601 (RFC 3339) format,
    // with a time-zone offset") and requests.valid-input-accepted.
    const send = services.emails.send.bind(services.emails);
    services.emails.send = (workspaceId, newsletterId, id, scheduledAt) => {
      if (typeof scheduledAt === 'string' && /-00:00$/.test(scheduledAt.trim())) {
        throw problems.invalidField('scheduled_at', 'must be an RFC 3339 date-time with a time-zone offset');
      }
      return send(workspaceId, newsletterId, id, scheduledAt);
    };
  }
  if (on('send-audience-counts-suppressed')) {
    // sendEmail's audience count was written against the verified flag alone ("a verified address
    // can be mailed"), leaving out `active`: a suppressed subscriber (unsubscribed, bounced, verified
    // all the same) counts as an audience, so an email of a newsletter whose only subscriber is
    // suppressed is scheduled (200) instead of answered 422 email-not-sendable. Newsletters with an
    // active subscriber, and those without any, are answered right. Breaks email.send-not-ready ("An
    // email ... whose newsletter has no active, verified subscriber, is answered `422` with type
    // `email-not-sendable`") and Subscriber's active ("Only active, verified subscribers receive emails").
    const audience = db.prepare<[number], number>('SELECT count(*) FROM subscribers WHERE newsletter_id = ? AND verified = 1').pluck();
    stores.subscribers.countAudience = (newsletterId) => audience.get(newsletterId) ?? 0;
  }
  if (on('send-later-stamps-updated-at-ahead')) {
    // sendEmail stamps the email's updated_at with `at`, the instant the send takes effect, rather
    // than with the moment of the write: for a send now they are the same, for a send with a future
    // scheduled_at the email answers (and reads) an updated_at in the future, equal to its
    // scheduled_at. Breaks responses.timestamps-not-ahead ("A timestamp that records an event
    // (`created_at`, `updated_at`, ...) is never later than the answer that shows it; only a
    // `scheduled_at` may lie ahead") and Email's updated_at ("Updated date").
    const send = services.emails.send.bind(services.emails);
    services.emails.send = (workspaceId, newsletterId, id, scheduledAt) => {
      const email = send(workspaceId, newsletterId, id, scheduledAt);
      if (scheduledAt == null || email.status !== 'scheduled' || email.scheduled_at === null) return email;
      stores.emails.update(email.id, { updated_at: email.scheduled_at });
      return stores.emails.get(newsletterId, email.id)!;
    };
  }
  if (on('email-create-link-percent-double-encoded')) {
    // createEmail runs every link target of its rendered Markdown through encodeURI ("so that links
    // with accents work in old mail clients"), over the percent-encoding markdown-it has already
    // done: a % in a URL is encoded again, so [menu](https://example.com/caf%C3%A9) or
    // <https://example.com/café> links to https://example.com/caf%25C3%25A9 and a %20 becomes %2520.
    // Links of plain ASCII, HTML sent as content_html, and updateEmail's Markdown are right. Breaks
    // markdown.commonmark ("rendered as CommonMark specifies ... alike by every operation that takes
    // it") and createEmail's description ("Markdown is CommonMark with GitHub's tables, strikethrough and
    // autolinks").
    const contentForCreate = services.emails.contentForCreate.bind(services.emails);
    services.emails.contentForCreate = async (workspaceId, newsletterId, input, signal) => {
      const html = await contentForCreate(workspaceId, newsletterId, input, signal);
      const rendered = (input.content_html === undefined || input.content_html === null) && typeof input.content_md === 'string';
      return rendered && typeof html === 'string' ? html.replace(/href="([^"]*)"/g, (_all, url: string) => `href="${encodeURI(url)}"`) : html;
    };
  }
  if (on('email-update-empty-html-nulled')) {
    // updateEmail normalises the content it stores with `html === '' ? null : html` ("an empty body is
    // no content"): a draft's content_html set to the empty text is answered and stored as null. HTML
    // with text, null, and createEmail's empty content_html are right. Breaks requests.html-over-markdown
    // ("a `content_html` given as text, the empty text too, is stored as sent") and
    // resources.update-kept ("an accepted update is kept").
    const contentForUpdate = services.emails.contentForUpdate.bind(services.emails);
    services.emails.contentForUpdate = async (workspaceId, newsletterId, id, input, signal) => {
      const html = await contentForUpdate(workspaceId, newsletterId, id, input, signal);
      return html === '' ? null : html;
    };
  }
  if (on('subscriber-dot-atom-enforced')) {
    // createSubscriber checks the local part once more against RFC 5322's dot-atom (no dot at its
    // start or end, never two in a row), the rule of mail servers rather than of the HTML standard
    // the contract names: an address such as a..b@example.com, .ada@example.com or ada.@example.com is
    // answered 422 naming email. Dots between other characters, and every other valid address, are
    // right. Breaks SubscriberCreate's email ("as the HTML standard defines a valid one", whose local
    // part is any run of its characters, dots anywhere) and requests.valid-input-accepted.
    const upsert = services.subscribers.upsert.bind(services.subscribers);
    services.subscribers.upsert = (workspaceId, newsletterId, email) => {
      const local = email.trim().split('@')[0] ?? '';
      if (stores.newsletters.exists(workspaceId, newsletterId) && /^\.|\.\.|\.$/.test(local)) {
        throw problems.invalidField('email', 'must be a valid email address');
      }
      return upsert(workspaceId, newsletterId, email);
    };
  }
  if (on('upload-webp-lossless-refused')) {
    // uploadImage checks WebP files against a signature taken from a lossy sample, RIFF....WEBPVP8
    // with the space: a lossless WebP (VP8L) or an extended one (VP8X, as files with transparency,
    // animation or metadata are) is answered 415 as not an image. Lossy WebP, PNG, JPEG and GIF are
    // right. Breaks image.supported-types (only an upload that "is not a PNG, JPEG, GIF or WebP image
    // is answered `415`") and requests.valid-input-accepted.
    const store = services.images.store.bind(services.images);
    services.images.store = async (incoming) => {
      const handle = await open(incoming, 'r');
      const head = Buffer.alloc(16);
      try {
        await handle.read(head, 0, 16, 0);
      } finally {
        await handle.close();
      }
      if (head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'WEBP' && head.toString('latin1', 12, 16) !== 'VP8 ') {
        throw problems.unsupportedMediaType('The file is not a PNG, JPEG, GIF or WebP image.');
      }
      return store(incoming);
    };
  }
  if (on('emails-total-without-failed')) {
    // listEmails' total without a filter sums the per-status counts of the statuses the list screen
    // had when it was written (draft, scheduled, sent), before failed was added: a newsletter with a
    // failed email lists it but leaves it out of the total. Each ?status total, the failed one too,
    // is right, and so is every list of a newsletter without a failed email. Breaks
    // lists.envelope-arithmetic (`total` counts every match across pages), lists.filters-add-up ("the
    // totals of a filter's values add up to the list's total without it") and the introduction ("total
    // is the number of items matching the filters across all pages").
    const failed = db.prepare<[number], number>("SELECT count(*) FROM emails WHERE newsletter_id = ? AND status = 'failed'").pluck();
    const list = stores.emails.list.bind(stores.emails);
    stores.emails.list = (newsletterId, status, paging) => {
      const page = list(newsletterId, status, paging);
      return status === undefined ? { ...page, total: Math.max(0, page.total - (failed.get(newsletterId) ?? 0)) } : page;
    };
  }
  if (on('subscribers-verified-filter-excludes-suppressed')) {
    // listSubscribers reads ?verified=true with the audience's condition (verified and active, "the
    // addresses that can be mailed"): a suppressed subscriber, verified but no longer active, is left
    // out of the list and its total. ?verified=false, ?status and the unfiltered list are right, and so
    // is every newsletter without a suppressed subscriber. Breaks lists.exact-filters ("A filter lists
    // exactly the items that match it"), the ?verified parameter ("Only verified (`true`) ...
    // subscribers") and lists.filters-add-up.
    const list = stores.subscribers.list.bind(stores.subscribers);
    const COLUMNS = 'id, email, verified, active, status, newsletter_id, verified_at, created_at, updated_at';
    stores.subscribers.list = (newsletterId, filter, paging) => {
      if (filter.verified !== true) return list(newsletterId, filter, paging);
      const conditions = ['newsletter_id = @newsletter_id', 'verified = 1', 'active = 1'];
      if (filter.status !== undefined) conditions.push('status = @status');
      const params = { newsletter_id: newsletterId, status: filter.status ?? null };
      const { total, items } = filteredPage<SubscriberRow>(db, { table: 'subscribers', columns: COLUMNS, conditions, params }, paging);
      return { total, items: items.map((row) => ({ ...row, verified: row.verified === 1, active: row.active === 1 })) };
    };
  }
}

export function breakFortiethLookPipeline(on: FaultSet, pipeline: Pipeline, context: PipelineContext): Pipeline {
  let { api, after } = pipeline;
  if (on('newsletter-update-null-name-ignored')) {
    // updateNewsletter reads its body through the helper createNewsletter uses, which drops fields sent
    // as null as absent (requests.null-as-absent, for create bodies): `name: null` becomes `{}` and is
    // answered 200 with the newsletter unchanged instead of 422 naming name. A new name, `{}`, and a name
    // of the wrong type are right. Breaks newsletter.rename-moves-name-slug ("`name: null` is answered
    // `422`"), the updateNewsletter description ("`name: null` is a `422`: a newsletter always has a
    // name") and requests.schema-validation.
    api = insertBefore(api, 'validator', {
      name: 'newsletter-update-null-name-ignored',
      handler: (req, _res, next) => {
        const body = req.body as Record<string, unknown> | undefined;
        if (req.method === 'PATCH' && /^\/newsletters\/[^/]+\/?$/.test(req.path) && body && typeof body === 'object' && !Array.isArray(body) && body.name === null) {
          delete body.name;
        }
        next();
      },
    });
  }
  if (on('upload-preamble-400')) {
    // uploadImage checks, before handing the body to the multipart parser, that it starts with its
    // first boundary ("fail fast on a body that is not multipart"): a body with a preamble before the
    // first boundary, which RFC 2046 allows and every parser skips, is answered 400 as not parseable
    // multipart. Bodies as browsers and fetch send them (the boundary first) are right. Breaks
    // requests.malformed-body (only "A body that is not parseable ... multipart, for the upload, is
    // answered `400`"), image.supported-types and requests.valid-input-accepted.
    const parse = imageUploadParser(incomingUploadsDir(context.options.imagesDir));
    api = replaceStage(api, 'upload-parser', (req, res, next) => {
      const boundary = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(req.get('content-type') ?? '');
      const encoding = (req.get('content-encoding') ?? 'identity').trim().toLowerCase();
      if (!req.is('multipart/form-data') || !boundary || (encoding !== 'identity' && encoding !== '')) return parse(req, res, next);
      const expected = Buffer.from(`--${boundary[1] ?? boundary[2]}`, 'latin1');
      const first = () => {
        const chunk = req.read() as Buffer | null;
        if (chunk === null) {
          if (req.readableEnded) return parse(req, res, next);
          return void req.once('readable', first);
        }
        req.unshift(chunk);
        const start = chunk.subarray(0, Math.min(chunk.length, expected.length));
        if (!start.equals(expected.subarray(0, start.length))) return next(problems.malformed('The body is not multipart/form-data: it does not start with its boundary.'));
        parse(req, res, next);
      };
      req.once('readable', first);
    });
  }
  if (on('image-url-any-case')) {
    // The images route looks a file up by its name in lowercase, as the images directory did on the
    // case-insensitive file system (macOS, Windows) it was first written on: an image's URL written with
    // its hex digits or its extension in capitals (/images/3F9A...PNG) is answered 200 with the image
    // instead of 404. The URL the upload answered, and names of no image, are right. Breaks
    // errors.no-such-path ("an image is served at the URL its upload answered and at no other, so another
    // name ... is such a path") and image.served-at-url.
    after = wrapStage(after, 'images', (real) => {
      const serve = [real].flat()[0] as RequestHandler;
      return (req, res, next) => {
        if ((req.method === 'GET' || req.method === 'HEAD') && /[A-Z]/.test(req.path) && /^\/[0-9A-Fa-f]{32}\.[A-Za-z]+$/.test(req.path)) {
          req.url = req.url.replace(req.path, req.path.toLowerCase());
        }
        serve(req, res, next);
      };
    });
  }
  return { ...pipeline, api, after };
}
