/**
 * Faults written from the contract alone, each confined to one operation and each one a first test
 * passes: a send whose scheduled_at is written with a lowercase t or z (as RFC 3339 allows) refused
 * 422, a send whose fraction of one or two digits (.5) is read as milliseconds (.005), a subscribers
 * list ordered by when each address was last submitted (an address upserted again moves to the front),
 * an email update that takes an author_id of another workspace's author and stores it, a subscriber
 * upsert that matches the address with SQL LIKE (an _ or % in the address is a wildcard, so
 * a_b@example.com answers axb@example.com's subscriber), a JPEG served at its URL as image/jpg, an
 * upload whose file is cut at the first CRLF followed by two hyphens inside it, an email read with
 * author_id null once its author is made inactive, a new email whose empty preview is stored as null,
 * a newsletter rename that moves the updated_at of every email of the newsletter, a newsletter read whose name_slug is
 * derived again from its name (its uniqueness suffix lost), and an emails list that answers every
 * email's scheduled_at as null. Each is a bug an implementer could plausibly write, and each breaks a
 * statement of the contract (named in its comment).
 */
import { readFile, writeFile } from 'node:fs/promises';
import type { Response } from 'express';
import type { PipelineContext } from '../app.ts';
import type { ServerParts } from '../compose.ts';
import { normaliseAddress } from '../domain/people.ts';
import { slugOr } from '../domain/slugs.ts';
import { insertBefore, type Pipeline } from '../http/pipeline.ts';
import { problems } from '../http/problem.ts';
import type { FaultSet } from './fault-set.ts';

/** A fraction of seconds of one or two digits, before the offset: `.5Z`, `.25+01:00`. */
const SHORT_FRACTION = /\.(\d{1,2})(?=[Zz+-])/;

/** The multipart delimiter's start, as a parser that forgets the boundary after it looks for it. */
const DASH_LINE = Buffer.from('\r\n--');

export function breakThirtySecondLookParts(on: FaultSet, { db, stores, services }: ServerParts): void {
  if (on('send-later-lowercase-designators-refused')) {
    // sendEmail checks the time with its own pattern before it reads it,
    // `/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/`, written without the `i` flag: a
    // scheduled_at with a lowercase `t` or `z` (2036-12-01t08:00:00z), which RFC 3339 section 5.6
    // allows ("may alternatively be lower case") and the contract's validator takes, is answered 422
    // naming scheduled_at as not a date-time. Uppercase times, with any offset, are right. Breaks the
    // sendEmail table (`422` only for a time "now or in the past, or not an RFC 3339 date-time with
    // offset"), email.send-later and requests.valid-input-accepted.
    const send = services.emails.send.bind(services.emails);
    services.emails.send = (workspaceId, newsletterId, id, scheduledAt) => {
      if (typeof scheduledAt === 'string' && /[tz]/.test(scheduledAt)) {
        throw problems.invalidField('scheduled_at', 'must be an RFC 3339 date-time with a time-zone offset');
      }
      return send(workspaceId, newsletterId, id, scheduledAt);
    };
  }
  if (on('send-later-short-fraction-as-milliseconds')) {
    // sendEmail splits the time into its parts and reads the fraction of seconds as a count of
    // milliseconds (`Number(fraction)`) without padding it to three digits: `.5` (half a second) is
    // read as 5 ms and `.25` as 25 ms, so 08:00:00.5Z is scheduled, answered and stored as
    // 08:00:00.005Z. Times without a fraction, and with three digits (.500), are right. Breaks
    // email.send-later ("answers `200` `scheduled` at that instant in UTC") and EmailSend's
    // scheduled_at (an RFC 3339 date-time: `.5` is five tenths of a second).
    const send = services.emails.send.bind(services.emails);
    services.emails.send = (workspaceId, newsletterId, id, scheduledAt) => {
      if (typeof scheduledAt !== 'string' || !SHORT_FRACTION.test(scheduledAt)) return send(workspaceId, newsletterId, id, scheduledAt);
      return send(workspaceId, newsletterId, id, scheduledAt.replace(SHORT_FRACTION, (_fraction, digits: string) => `.${digits.padStart(3, '0')}`));
    };
  }
  if (on('subscribers-ordered-by-last-upsert')) {
    // listSubscribers orders by a `subscribed_at` column that the upsert sets on every request, for a
    // new address and for one already there (written for a "recently joined" view): an address
    // submitted again moves to the front of the list, though its subscriber is unchanged and its
    // created_at is the old one. While every address is submitted once, the order is right. Breaks
    // lists.newest-first ("`created_at` descending, then `id` descending"), the listSubscribers
    // description and subscriber.upsert-same-id ("answers `200` with the existing subscriber
    // unchanged").
    const submitted = new Map<number, number>();
    let sequence = 0;
    const upsert = services.subscribers.upsert.bind(services.subscribers);
    services.subscribers.upsert = (workspaceId, newsletterId, email) => {
      const subscriber = upsert(workspaceId, newsletterId, email);
      submitted.set(subscriber.id, ++sequence);
      return subscriber;
    };
    const list = services.subscribers.list.bind(services.subscribers);
    services.subscribers.list = (workspaceId, newsletterId, filter, paging) => {
      const first = list(workspaceId, newsletterId, filter, paging);
      if (first.total === 0) return first;
      const all = list(workspaceId, newsletterId, filter, { page: 1, size: first.total }).items;
      const ordered = all
        .map((subscriber, index) => ({ subscriber, index }))
        .sort((a, b) => (submitted.get(b.subscriber.id) ?? 0) - (submitted.get(a.subscriber.id) ?? 0) || a.index - b.index)
        .map(({ subscriber }) => subscriber);
      const start = (paging.page - 1) * paging.size;
      return { total: first.total, items: ordered.slice(start, start + paging.size) };
    };
  }
  if (on('email-update-author-other-workspace')) {
    // updateEmail checks author_id with the query of the platform's admin tool,
    // `SELECT 1 FROM authors WHERE id = ?`, which looks in every workspace: an author_id of another
    // workspace's author is accepted, stored and answered 200. An id of no author at all is still a
    // 422, createEmail is right, and so is an author of the workspace. Breaks
    // resources.author-of-workspace ("must name an author of the workspace; any other id is answered
    // `422` naming `author_id`, and nothing is written") and auth.workspace-scope.
    const anyAuthor = db.prepare<[number], number>('SELECT 1 FROM authors WHERE id = ?').pluck();
    const foreign = (workspaceId: number, authorId: number | null | undefined): authorId is number =>
      authorId != null && !stores.authors.exists(workspaceId, authorId) && anyAuthor.get(authorId) !== undefined;
    const contentForUpdate = services.emails.contentForUpdate.bind(services.emails);
    services.emails.contentForUpdate = (workspaceId, newsletterId, id, input, signal) =>
      contentForUpdate(workspaceId, newsletterId, id, foreign(workspaceId, input.author_id) ? { ...input, author_id: undefined } : input, signal);
    const update = services.emails.update.bind(services.emails);
    services.emails.update = (workspaceId, newsletterId, id, input, contentHtml) => {
      const authorId = input.author_id;
      if (!foreign(workspaceId, authorId)) return update(workspaceId, newsletterId, id, input, contentHtml);
      const updated = update(workspaceId, newsletterId, id, { ...input, author_id: undefined }, contentHtml);
      stores.emails.update(updated.id, { author_id: authorId, updated_at: new Date().toISOString() });
      return stores.emails.get(newsletterId, id)!;
    };
  }
  if (on('upsert-address-like-wildcards')) {
    // createSubscriber matches the address case-insensitively with SQLite's LIKE (case-insensitive for
    // ASCII, so it looked like the right tool), `WHERE email LIKE ?`, without escaping: an `_` or `%`
    // in the address, which the address pattern allows, is a wildcard, so a_b@example.com matches
    // axb@example.com and answers that subscriber, and no subscriber is made for a_b. Addresses
    // without `_` or `%` are right. Breaks subscriber.new-active-verified ("A new subscriber is active
    // and verified at once, its address stored"), the createSubscriber description (an upsert "keyed on
    // the address") and requests.valid-input-accepted.
    const byPattern = db
      .prepare<[number, string], number>('SELECT id FROM subscribers WHERE newsletter_id = ? AND email LIKE ? ORDER BY id LIMIT 1')
      .pluck();
    const upsert = services.subscribers.upsert.bind(services.subscribers);
    services.subscribers.upsert = (workspaceId, newsletterId, email) => {
      const address = normaliseAddress(email);
      if (!/[_%]/.test(address) || !stores.newsletters.exists(workspaceId, newsletterId)) return upsert(workspaceId, newsletterId, email);
      const id = byPattern.get(newsletterId, address);
      return id === undefined ? upsert(workspaceId, newsletterId, email) : stores.subscribers.get(newsletterId, id)!;
    };
  }
  if (on('upload-cut-at-dash-line')) {
    // The upload parser ends the file part at the first CRLF followed by two hyphens (the start of a
    // delimiter line), without checking that the boundary follows: a file whose bytes hold `\r\n--`
    // (binary data does, now and then) is kept cut there, answered 201, and served short. Files
    // without those four bytes are right. Breaks image.served-at-url ("served, byte for byte, at the
    // URL the answer gives") and image.public-url ("answers `200` with the bytes uploaded").
    const store = services.images.store.bind(services.images);
    services.images.store = async (incoming) => {
      const bytes = await readFile(incoming);
      const cut = bytes.indexOf(DASH_LINE);
      if (cut > 0) await writeFile(incoming, bytes.subarray(0, cut));
      return store(incoming);
    };
  }
  if (on('email-get-inactive-author-null')) {
    // getEmail reads the signing author with a join on the authors that may sign now (`LEFT JOIN
    // authors ON authors.id = emails.author_id AND authors.active = 1`), copied from the author picker:
    // once the author of an email is made inactive, getEmail answers author_id null, while
    // listEmails still shows it. Emails of active authors, and without one, are right. Breaks
    // resources.write-named-only (updateAuthor "writes only the resource it names": every other
    // resource "reads as before"), resources.update-kept and Email's author_id ("The author of the
    // workspace who signs the email").
    const get = services.emails.get.bind(services.emails);
    services.emails.get = (workspaceId, newsletterId, id) => {
      const email = get(workspaceId, newsletterId, id);
      if (email.author_id === null || stores.authors.get(workspaceId, email.author_id)?.active !== false) return email;
      return { ...email, author_id: null };
    };
  }
  if (on('email-create-empty-preview-nulled')) {
    // createEmail stores `input.preview || null`, meant to turn an absent preview into null: an empty
    // preview (`""`, a valid text of the schema, which a client sends to say "no preview text") is
    // stored and answered as null. A preview with text, none and null are right, and so is
    // updateEmail. Breaks requests.null-as-absent's converse (only `null` is taken as absent, and an
    // empty text is a value), requests.valid-input-accepted ("Every input that its schemas allow,
    // boundary values included, is accepted") and resources.update-kept (what is accepted is kept).
    const create = services.emails.create.bind(services.emails);
    services.emails.create = (workspaceId, newsletterId, input, contentHtml) =>
      create(workspaceId, newsletterId, input.preview === '' ? { ...input, preview: null } : input, contentHtml);
  }
  if (on('newsletter-rename-touches-emails')) {
    // updateNewsletter "touches" the newsletter's emails when it renames it (the ORM's touch of a
    // relation, set up so that caches of the rendered emails, which show the newsletter's name, are
    // invalidated): every email of the newsletter, drafts, scheduled and sent alike, gets the rename's
    // time as its updated_at, though none of it changed. The newsletter itself is right, and so is a
    // PATCH of {} or of the same name. Breaks resources.write-named-only ("A create, update or send
    // writes only the resource it names ... every other resource ... reads as before, `updated_at`
    // included") and Email's updated_at (when the email was last written).
    const update = services.newsletters.update.bind(services.newsletters);
    const emailIds = db.prepare<[number], number>('SELECT id FROM emails WHERE newsletter_id = ?').pluck();
    services.newsletters.update = (workspaceId, id, input) => {
      const before = stores.newsletters.get(workspaceId, id);
      const updated = update(workspaceId, id, input);
      if (!before || updated.updated_at === before.updated_at) return updated;
      for (const emailId of emailIds.all(id)) stores.emails.update(emailId, { updated_at: updated.updated_at });
      return updated;
    };
  }
  if (on('newsletter-get-name-slug-recomputed')) {
    // getNewsletter derives name_slug from the name again as it answers (a "computed field", to
    // save a column read) instead of answering the stored one: a newsletter whose name_slug was
    // suffixed to be unique (Weekly! beside Weekly, weekly-1) reads as weekly, the other newsletter's
    // slug. Newsletters whose slug needed no suffix read right, and createNewsletter, listNewsletters
    // and updateNewsletter answer the stored slug. Breaks resources.update-kept ("Create, get, list and
    // update agree with each other"), resources.answer-as-stored and the createNewsletter description
    // ("made unique in the workspace with a `-1`, `-2` suffix").
    const get = services.newsletters.get.bind(services.newsletters);
    services.newsletters.get = (workspaceId, id) => {
      const newsletter = get(workspaceId, id);
      return { ...newsletter, name_slug: slugOr(newsletter.name, 'newsletter') };
    };
  }
  if (on('emails-list-scheduled-at-null')) {
    // listEmails reads its rows with a column list written when every email was a draft, filling the
    // schedule with null: every listed email answers scheduled_at null, a scheduled one too, while
    // getEmail and sendEmail show its time. Lists of drafts (the first look) are right. Breaks
    // resources.update-kept ("Create, get, list and update agree with each other") and Email's
    // scheduled_at ("the instant given to the send operation ... `null` for an email never sent or
    // scheduled").
    const list = services.emails.list.bind(services.emails);
    services.emails.list = (workspaceId, newsletterId, status, paging) => {
      const answer = list(workspaceId, newsletterId, status, paging);
      for (const email of answer.items) email.scheduled_at = null;
      return answer;
    };
  }
}

export function breakThirtySecondLookPipeline(on: FaultSet, pipeline: Pipeline, _context: PipelineContext): Pipeline {
  let { after } = pipeline;
  if (on('image-jpeg-served-as-image-jpg')) {
    // The images' route sets each file's Content-Type from its extension, as `image/${extension}`:
    // right for .png, .gif and .webp, but a JPEG, kept as .jpg, is served as image/jpg, a type that
    // is not registered (IANA's is image/jpeg) and that strict clients refuse to show. GET and HEAD
    // alike; PNG, GIF and WebP images are right, and so is uploadImage's answer. Breaks
    // image.public-url ("answers `200` with the bytes uploaded and their image type ... as
    // `Content-Type`") and the uploadImage description ("served with the image's type as
    // `Content-Type`").
    after = insertBefore(after, 'images', {
      name: 'image-jpeg-served-as-image-jpg',
      handler: (req, res: Response, next) => {
        if ((req.method !== 'GET' && req.method !== 'HEAD') || !/^\/images\/[^/]+\.jpg$/.test(req.path)) return next();
        const setHeader = res.setHeader.bind(res) as (name: string, value: unknown) => Response;
        res.setHeader = ((name: string, value: unknown) =>
          setHeader(name, name.toLowerCase() === 'content-type' && String(value).startsWith('image/jpeg') ? 'image/jpg' : value)) as Response['setHeader'];
        next();
      },
    });
  }
  return { ...pipeline, after };
}
