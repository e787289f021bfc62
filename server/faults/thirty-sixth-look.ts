/**
 * Faults written from the contract alone, each confined to one operation of the mail or images family
 * and each one a first test passes: a subscriber upsert that reactivates a suppressed subscriber, a
 * subscriber upsert that checks addresses with the common `[A-Za-z0-9._%+-]+@…\.[a-z]{2,}` pattern (so
 * o'neil@example.com or ada@localhost, valid addresses, are refused), a subscribers list that joins
 * ?status and ?verified with OR instead of AND, a subscriber delete that finds only active
 * subscribers (a suppressed one is 404 and stays), an email update whose draft check is a blocklist of
 * scheduled and sent (a failed email is changed), a send that refuses offsets outside the real-world
 * range -12:00 to +14:00 that RFC 3339 allows, a new email whose Markdown leaves e-mail addresses as
 * text (GitHub's autolinks link them), a newsletter get served from a cache keyed by id alone (once
 * its workspace has read it, another workspace's token reads it too), a newsletter create that
 * compares names trimmed (Weekly and "Weekly " are two names), a missing image's URL answered with
 * Express's plain-text 404 instead of a problem document, an upload whose file limit lets one byte
 * over 10 MiB through, and an upload of an empty file answered 422 as if no file were sent instead of
 * 415. Each is a bug an implementer could plausibly write, and each breaks a statement of the contract
 * (named in its comment).
 */
import { stat } from 'node:fs/promises';
import type { RequestHandler } from 'express';
import type { Subscriber } from '../../generated/openapi.d.ts';
import type { PipelineContext } from '../app.ts';
import type { ServerParts } from '../compose.ts';
import { timestamp, type Clock } from '../domain/clock.ts';
import { normaliseAddress } from '../domain/people.ts';
import { wrapStage, replaceStage, type Pipeline } from '../http/pipeline.ts';
import { problems } from '../http/problem.ts';
import { IMAGE_SIZE_LIMIT, imageUploadParser, incomingUploadsDir } from '../http/uploads.ts';
import { contentHtmlFrom } from '../services/content.ts';
import { authorError } from '../services/scope.ts';
import type { ServiceContext } from '../services/context.ts';
import { presentOnly, type Value } from '../store/common.ts';
import type { FaultSet } from './fault-set.ts';

/** The address pattern found in many tutorials: stricter than the HTML standard's valid address. */
const COMMON_ADDRESS = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;

/** An offset at the end of an RFC 3339 date-time. */
const OFFSET = /([+-])(\d{2}):(\d{2})$/;

const SUBSCRIBER_COLUMNS = 'id, email, verified, active, status, newsletter_id, verified_at, created_at, updated_at';
type SubscriberRow = Omit<Subscriber, 'verified' | 'active'> & { verified: number; active: number };

export function breakThirtySixthLookParts(on: FaultSet, { db, stores, services, markdown }: ServerParts): void {
  const clockOf = (service: object) => (service as unknown as { context: ServiceContext }).context.clock as Clock;
  const contextOf = (service: object) => (service as unknown as { context: ServiceContext }).context;

  if (on('subscriber-suppressed-reactivated')) {
    // createSubscriber's upsert was rewritten as `ON CONFLICT (newsletter_id, email) DO UPDATE SET
    // status = 'active', active = 1` so that a reader who unsubscribed and signs up again is brought
    // back: an address already on the newsletter as a suppressed subscriber is answered 200 with the
    // same id but active again (and receives the next email). New addresses, and addresses of active
    // subscribers, are answered right. Breaks the createSubscriber description ("a `suppressed`
    // subscriber stays suppressed"), subscriber.upsert-same-id ("answers `200` with the existing
    // subscriber unchanged ... every field as it was") and the SubscriberStatus schema ("creating the
    // address again does not reactivate it").
    const clock = clockOf(services.subscribers);
    const upsert = services.subscribers.upsert.bind(services.subscribers);
    services.subscribers.upsert = (workspaceId, newsletterId, email) => {
      const subscriber = upsert(workspaceId, newsletterId, email);
      if (subscriber.status !== 'suppressed') return subscriber;
      db.prepare("UPDATE subscribers SET status = 'active', active = 1, updated_at = ? WHERE id = ?").run(timestamp(clock), subscriber.id);
      return stores.subscribers.get(newsletterId, subscriber.id)!;
    };
  }
  if (on('subscriber-address-common-regex')) {
    // createSubscriber checks the address a second time with the pattern found in many tutorials,
    // `^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$`, stricter than the HTML standard's valid address
    // the contract takes: a local part with ' ! # $ & * / = ? ^ ` { | } ~ (o'neil@example.com) or a
    // domain without a dot (ada@localhost) is answered 422 naming email. The usual addresses
    // (letters, digits, dots, plus tags) are right. Breaks requests.valid-input-accepted ("Every input
    // that its schemas allow ... is accepted with the operation's success status") and SubscriberCreate's
    // email ("as the HTML standard defines a valid one").
    const upsert = services.subscribers.upsert.bind(services.subscribers);
    services.subscribers.upsert = (workspaceId, newsletterId, email) => {
      if (stores.newsletters.exists(workspaceId, newsletterId) && !COMMON_ADDRESS.test(normaliseAddress(email))) {
        throw problems.invalidField('email', 'must be a valid email address');
      }
      return upsert(workspaceId, newsletterId, email);
    };
  }
  if (on('subscribers-status-or-verified')) {
    // listSubscribers builds its WHERE clause from the filters joined with OR (the list screen's
    // search box joined its terms that way, and the query builder was shared): with ?status and
    // ?verified both given, it lists and counts the subscribers that match either, not both. Each
    // filter alone, and no filter, is right. Breaks lists.exact-filters ("A filter lists exactly the
    // items that match it, and `total` counts only them") and the listSubscribers description
    // ("optionally only those with one status or verification state").
    const list = services.subscribers.list.bind(services.subscribers);
    services.subscribers.list = (workspaceId, newsletterId, filter, paging) => {
      const answer = list(workspaceId, newsletterId, filter, paging);
      if (filter.status === undefined || filter.verified === undefined) return answer;
      const rows = db
        .prepare<[number, string, number], SubscriberRow>(
          `SELECT ${SUBSCRIBER_COLUMNS} FROM subscribers WHERE newsletter_id = ? AND (status = ? OR verified = ?) ORDER BY created_at DESC, id DESC`,
        )
        .all(newsletterId, filter.status, Number(filter.verified));
      const items = rows.slice((paging.page - 1) * paging.size, paging.page * paging.size).map((row) => ({ ...row, verified: row.verified === 1, active: row.active === 1 }));
      return { total: rows.length, items };
    };
  }
  if (on('subscriber-delete-suppressed-404')) {
    // deleteSubscriber looks the subscriber up with the query the delivery worker uses for the
    // newsletter's audience (`active = 1`), so a suppressed (inactive) subscriber is not found: 404,
    // and the subscriber stays, listed and counted. Active subscribers are deleted right. Breaks the
    // deleteSubscriber description ("Removes a subscriber from the newsletter for good") and
    // resources.missing-is-404 (a 404 for an id that names a subscriber of the newsletter).
    const remove = services.subscribers.delete.bind(services.subscribers);
    services.subscribers.delete = (workspaceId, newsletterId, id) => {
      const subscriber = stores.newsletters.exists(workspaceId, newsletterId) ? stores.subscribers.get(newsletterId, id) : undefined;
      if (subscriber && !subscriber.active) throw problems.notFound(`There is no subscriber ${id} on newsletter ${newsletterId}.`);
      remove(workspaceId, newsletterId, id);
    };
  }
  if (on('email-update-failed-accepted')) {
    // updateEmail's draft check was written as a blocklist, `status === 'scheduled' || status ===
    // 'sent'`, before the failed status existed: a failed email is changed and answered 200 (it stays
    // failed). Drafts are changed, and scheduled and sent emails refused 409, right. Breaks
    // email.only-draft-changes ("Only a draft email can be changed or deleted; any other is answered
    // `409` with type `email-not-draft` and stays as it was") and the updateEmail description ("An
    // email that is not a `draft` (scheduled, sent or failed) cannot be changed: `409`").
    const context = contextOf(services.emails);
    const failed = (workspaceId: number, newsletterId: number, id: number) => services.emails.get(workspaceId, newsletterId, id).status === 'failed';
    const contentForUpdate = services.emails.contentForUpdate.bind(services.emails);
    services.emails.contentForUpdate = async (workspaceId, newsletterId, id, input, signal) => {
      if (!failed(workspaceId, newsletterId, id)) return contentForUpdate(workspaceId, newsletterId, id, input, signal);
      const error = authorError(context, workspaceId, input.author_id);
      if (error) throw problems.invalid([error]);
      return contentHtmlFrom(markdown, input, { workspace: workspaceId, ...(signal ? { signal } : {}) });
    };
    const update = services.emails.update.bind(services.emails);
    services.emails.update = (workspaceId, newsletterId, id, input, contentHtml) => {
      if (!failed(workspaceId, newsletterId, id)) return update(workspaceId, newsletterId, id, input, contentHtml);
      const changes = presentOnly({ subject: input.subject, preview: input.preview, content_html: contentHtml, content_md: input.content_md, author_id: input.author_id }) as Record<string, Value>;
      if (Object.keys(changes).length > 0) stores.emails.update(id, { ...changes, updated_at: timestamp(context.clock) });
      return stores.emails.get(newsletterId, id)!;
    };
  }
  if (on('send-later-offset-beyond-14-refused')) {
    // sendEmail checks the offset of a scheduled_at against the range of the world's time zones,
    // -12:00 to +14:00, a check copied from the settings form where a person picks a zone: an offset
    // beyond it (+15:00, -13:30), which RFC 3339 and the date-time format allow (hours up to 23), is
    // answered 422 naming scheduled_at. Times in UTC and in every real offset are right. Breaks
    // email.send-later ("A send with a future `scheduled_at`, given with any offset, answers `200`
    // `scheduled` at that instant in UTC") and requests.valid-input-accepted.
    const send = services.emails.send.bind(services.emails);
    services.emails.send = (workspaceId, newsletterId, id, scheduledAt) => {
      const offset = typeof scheduledAt === 'string' ? OFFSET.exec(scheduledAt) : null;
      if (offset) {
        const minutes = Number(offset[2]) * 60 + Number(offset[3]);
        if (minutes > (offset[1] === '+' ? 14 * 60 : 12 * 60)) throw problems.invalidField('scheduled_at', 'must have a time-zone offset from -12:00 to +14:00');
      }
      return send(workspaceId, newsletterId, id, scheduledAt);
    };
  }
  if (on('email-create-address-autolinks-missing')) {
    // createEmail removes the mailto: links from the HTML its Markdown renders to, a filter added so
    // that the addresses in a newsletter's footer would not be turned into links that spam filters
    // score: `Write to ada@example.com` renders as text, where GitHub's autolinks (and updateEmail)
    // make the address a mailto: link. URLs, www. addresses and explicit links are right, and so is
    // HTML sent as content_html. Breaks markdown.commonmark ("rendered as CommonMark specifies, with
    // GitHub's tables, strikethrough and autolinks ... alike by every operation that takes it").
    const contentForCreate = services.emails.contentForCreate.bind(services.emails);
    services.emails.contentForCreate = async (workspaceId, newsletterId, input, signal) => {
      const html = await contentForCreate(workspaceId, newsletterId, input, signal);
      const rendered = (input.content_html === undefined || input.content_html === null) && typeof input.content_md === 'string';
      if (!rendered || typeof html !== 'string') return html;
      return html.replace(/<a href="mailto:[^"]*">([^<]*@[^<]*)<\/a>/g, '$1');
    };
  }
  if (on('newsletter-get-cached-by-id')) {
    // getNewsletter reads through a cache keyed by the newsletter's id alone (ids are unique in the
    // database, so the workspace seemed not to matter), and checks the workspace only on a miss: once
    // a newsletter has been read by its own workspace, a request of another workspace for that id is
    // answered 200 with it. What is cached is only that the id was found; the newsletter itself is read
    // afresh by its id alone. A first read of another workspace's newsletter is a 404, and
    // updateNewsletter checks the workspace as it should. Breaks auth.workspace-scope ("a resource of
    // another workspace is answered `404` (never `403` or `200`)").
    const seen = new Set<number>();
    const workspaceOf = (id: number) => db.prepare<[number], number>('SELECT workspace_id FROM newsletters WHERE id = ?').pluck().get(id);
    let writing = false;
    const get = services.newsletters.get.bind(services.newsletters);
    services.newsletters.get = (workspaceId, id) => {
      const owner = !writing && seen.has(id) ? workspaceOf(id) : undefined;
      if (owner !== undefined) return get(owner, id);
      const newsletter = get(workspaceId, id);
      seen.add(id);
      return newsletter;
    };
    const update = services.newsletters.update.bind(services.newsletters);
    services.newsletters.update = (workspaceId, id, input) => {
      writing = true;
      try {
        return update(workspaceId, id, input);
      } finally {
        writing = false;
      }
    };
  }
  if (on('newsletter-name-taken-trimmed')) {
    // createNewsletter looks a new name up with white space trimmed from its ends (the check was
    // written for the web form, which trims what it sends): a name that differs from one in use only by
    // a space before or after it ("Weekly " beside Weekly) is answered 409 name-taken, though the name
    // is stored as sent and the contract compares names by case folding after NFKC alone. Names
    // without such spaces are right. Breaks names.unique-any-case ("a name already used in the
    // workspace is answered `409`"; the introduction: names are "compared by Unicode full case folding
    // after NFKC normalisation") and requests.valid-input-accepted (Name allows spaces at its ends).
    const create = services.newsletters.create.bind(services.newsletters);
    services.newsletters.create = (workspaceId, input) => {
      const trimmed = input.name.trim();
      if (trimmed !== input.name && trimmed !== '' && stores.newsletters.idByName(workspaceId, trimmed) !== undefined) {
        throw problems.nameTaken(`Another newsletter of your workspace is already named "${trimmed}".`);
      }
      return create(workspaceId, input);
    };
  }
  if (on('upload-empty-file-422')) {
    // uploadImage treats a file part of zero bytes as no file (`if (!file || !file.size)`, the check
    // for a form sent without choosing a file), so it is answered 422 naming file, the answer for no
    // file part, instead of the 415 for a file that is not a supported image. Every non-empty file,
    // image or not, is answered right. Breaks image.supported-types ("An upload that is not a PNG,
    // JPEG, GIF or WebP image is answered `415`; ... no file part, or two, `422`").
    const store = services.images.store.bind(services.images);
    services.images.store = async (incoming) => {
      if ((await stat(incoming)).size === 0) throw problems.invalidField('file', 'send exactly one part, named file');
      return store(incoming);
    };
  }
}

export function breakThirtySixthLookPipeline(on: FaultSet, pipeline: Pipeline, context: PipelineContext): Pipeline {
  let { api, after } = pipeline;
  if (on('upload-limit-one-byte-over-accepted')) {
    // uploadImage's parser is given `fileSize: IMAGE_SIZE_LIMIT + 1`, its author reading multer's
    // limit as "refused from this size on" when multer refuses only a file larger than it: a file of
    // 10 MiB and one byte is accepted (201) and served. Files up to 10 MiB are accepted, and files of
    // 10 MiB and two bytes or more refused 413, right. Breaks image.size-limit ("a file of exactly 10
    // MiB (10,485,760 bytes) is accepted and one byte more is answered `413`") and the uploadImage
    // description ("one byte more is a `413`").
    api = replaceStage(api, 'upload-parser', imageUploadParser(incomingUploadsDir(context.options.imagesDir), { fileSize: IMAGE_SIZE_LIMIT + 1 }));
  }
  if (on('image-missing-404-plain-text')) {
    // The images directory is served by a router of its own that ends in Express's final handler: a
    // GET of an image URL whose file is not there is answered 404 with Express's text/plain "Cannot
    // GET /images/…", not a problem document. Images that are there are served right. Breaks
    // errors.problem-details ("Every error is an RFC 9457 problem document whose `type`, `title` and
    // `status` are present") and responses.media-type ("an error body `application/problem+json`").
    after = wrapStage(after, 'images', (real) => {
      const serve = [real].flat()[0] as RequestHandler;
      return (req, res, next) =>
        serve(req, res, (err?: unknown) => {
          if (err || (req.method !== 'GET' && req.method !== 'HEAD')) return next(err);
          res.status(404).type('text/plain').send(`Cannot GET ${req.originalUrl}`);
        });
    });
  }
  return { ...pipeline, api, after };
}
