/**
 * Faults written from the contract alone, each confined to one operation of the mail or images family
 * and each one a first test passes: a send that counts the audience over every newsletter of the
 * workspace (an email of a newsletter without subscribers is sent when a sibling newsletter has
 * some), a send that judges readiness before the sent state (a sent email whose newsletter has lost
 * its subscribers is answered 422 email-not-sendable instead of 409 email-already-sent), a send whose
 * email-not-sendable with several causes is typed validation-failed, an email update that refuses
 * `author_id: null` as an unknown author instead of clearing it, a new email whose Markdown links
 * bare domain names (example.com) that GitHub's autolinks leave as text, a new email stamped with
 * its creation time cut to the whole second (so it reads as created before the write that was
 * answered just before it), a subscriber upsert that refuses a domain label of 63 characters, an
 * upload that refuses a JPEG that does not start with a JFIF header (a camera's Exif JPEG), an upload
 * whose Content-Encoding is not checked (a multipart body declared gzip is stored), an upload that
 * drops a text part sent beside the file instead of answering 422, an image URL with another
 * extension, none or a trailing slash that serves the image found by its 32 hex digits instead of 404,
 * and an emails list that reads its ?status filter in any letter case (?status=SENT) instead of
 * answering 422.
 * Each is a bug an implementer could plausibly write, and each breaks a statement of the contract
 * (named in its comment).
 */
import { readdirSync } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import type { RequestHandler } from 'express';
import MarkdownIt from 'markdown-it';
import type { PipelineContext } from '../app.ts';
import type { ServerParts } from '../compose.ts';
import { insertBefore, replaceStage, wrapStage, type Pipeline } from '../http/pipeline.ts';
import { ProblemError, problems } from '../http/problem.ts';
import { imageUploadParser, incomingUploadsDir } from '../http/uploads.ts';
import { missingForSend, requestedSendTime } from '../domain/sending.ts';
import type { Clock } from '../domain/clock.ts';
import type { ServiceContext } from '../services/context.ts';
import type { FaultSet } from './fault-set.ts';

/** linkify-it with fuzzy links on, as its documentation's examples set it up: bare domains become links. */
const fuzzyMarkdown = new MarkdownIt({ html: true, linkify: true });
fuzzyMarkdown.linkify.set({ fuzzyLink: true });

/** The image extensions the server stores files under. */
const IMAGE_EXTENSIONS = ['png', 'jpg', 'gif', 'webp'];

export function breakThirtyEighthLookParts(on: FaultSet, { db, stores, services }: ServerParts): void {
  const contextOf = (service: object) => (service as unknown as { context: ServiceContext }).context;

  if (on('send-audience-across-newsletters')) {
    // sendEmail's audience count was rewritten to join newsletters, so that it could check the
    // workspace, and the join lost its condition on the newsletter: it counts the active, verified
    // subscribers of every newsletter of the workspace. An email of a newsletter without any
    // subscriber is scheduled (200) as soon as a sibling newsletter has one. A workspace with a single
    // newsletter is answered right, with or without subscribers. Breaks email.send-not-ready ("An
    // email ... whose newsletter has no active, verified subscriber, is answered `422` with type
    // `email-not-sendable`") and the sendEmail description ("at least one active, verified subscriber
    // on the newsletter").
    const audience = db.prepare<[number], number>(
      `SELECT count(*) FROM subscribers s JOIN newsletters n ON n.id = s.newsletter_id
       WHERE n.workspace_id = (SELECT workspace_id FROM newsletters WHERE id = ?) AND s.active = 1 AND s.verified = 1`,
    ).pluck();
    stores.subscribers.countAudience = (newsletterId) => audience.get(newsletterId) ?? 0;
  }
  if (on('send-sent-email-judged-unready')) {
    // sendEmail checks that the email is ready before it looks at its state, moved up "so the client
    // learns what to fix first": an email already sent whose newsletter has since lost its last
    // subscriber is answered 422 email-not-sendable naming path.newsletter_id instead of 409
    // email-already-sent. A sent email of a newsletter that still has readers is answered 409 right,
    // and so is every draft. Breaks email.send-already-sent ("An email already sent is answered `409`
    // with type `email-already-sent`"), errors.precedence (409 for a resource's state before the 422 of
    // readiness) and the introduction's "sending an email already sent is a `409` even when its
    // newsletter has no subscriber left".
    const clock = contextOf(services.emails).clock as Clock;
    const send = services.emails.send.bind(services.emails);
    services.emails.send = (workspaceId, newsletterId, id, scheduledAt) => {
      requestedSendTime(scheduledAt, clock.now());
      const state = stores.newsletters.exists(workspaceId, newsletterId) ? stores.emails.state(id) : undefined;
      if (state && state.newsletter_id === newsletterId) {
        const missing = missingForSend(state, stores.subscribers.countAudience(newsletterId));
        if (missing.length > 0) throw problems.notSendable(`Email ${id} cannot be sent yet.`, missing);
      }
      return send(workspaceId, newsletterId, id, scheduledAt);
    };
  }
  if (on('not-sendable-several-causes-validation-failed')) {
    // sendEmail answers readiness with problems.notSendable when one thing is missing and with the
    // generic problems.invalid(errors) when several are (the branch for "a list of field errors" was
    // copied from the validator's): an email without content in a newsletter without subscribers, or
    // with a blank subject and no content, is a 422 of type validation-failed titled Validation
    // failed. One cause alone is typed email-not-sendable right. Breaks email.send-not-ready ("An email
    // without content, or whose newsletter has no active, verified subscriber, is answered `422` with
    // type `email-not-sendable`") and the sendEmail description ("otherwise `422` with type
    // `email-not-sendable`, whose `errors` list one entry for each thing missing").
    const send = services.emails.send.bind(services.emails);
    services.emails.send = (workspaceId, newsletterId, id, scheduledAt) => {
      try {
        return send(workspaceId, newsletterId, id, scheduledAt);
      } catch (err) {
        if (err instanceof ProblemError && err.kind === 'email-not-sendable' && (err.errors?.length ?? 0) > 1) throw problems.invalid(err.errors!);
        throw err;
      }
    };
  }
  if (on('email-update-null-author-refused')) {
    // updateEmail checks the author with `input.author_id !== undefined && !authors.exists(...)`, the
    // test for "was it sent" where null means "clear it": `author_id: null` is looked up as an author,
    // found nowhere and answered 422 naming author_id, so an email's author cannot be removed. Absent
    // and valid author ids are right, and a 404 or 409 still comes first. Breaks EmailUpdate's author_id
    // ("An author of the workspace, or `null`"), the updateEmail description ("`null` clears an
    // optional one") and requests.null-as-absent ("in an update body, `null` clears the field it names").
    const contentForUpdate = services.emails.contentForUpdate.bind(services.emails);
    services.emails.contentForUpdate = async (workspaceId, newsletterId, id, input, signal) => {
      if (input.author_id !== null) return contentForUpdate(workspaceId, newsletterId, id, input, signal);
      // The email's own checks first (404, 409), as the real order has them.
      await contentForUpdate(workspaceId, newsletterId, id, { ...input, author_id: undefined }, signal);
      throw problems.invalidField('author_id', 'must be an author of your workspace');
    };
  }
  if (on('email-create-bare-domains-linked')) {
    // createEmail's Markdown goes through a renderer of its own, set up from linkify-it's README with
    // `fuzzyLink: true`: a bare domain name (example.com, example.com/news) becomes a link to
    // http://example.com, which GitHub's autolinks leave as text (only www. and scheme:// addresses and
    // e-mail addresses are linked). URLs with a scheme, www. addresses, and HTML sent as content_html
    // are right; updateEmail renders the same Markdown right. Breaks markdown.commonmark ("rendered
    // as CommonMark specifies, with GitHub's tables, strikethrough and autolinks ... alike by every
    // operation that takes it").
    const contentForCreate = services.emails.contentForCreate.bind(services.emails);
    services.emails.contentForCreate = async (workspaceId, newsletterId, input, signal) => {
      const html = await contentForCreate(workspaceId, newsletterId, input, signal);
      const rendered = (input.content_html === undefined || input.content_html === null) && typeof input.content_md === 'string';
      return rendered && typeof html === 'string' ? fuzzyMarkdown.render(input.content_md!) : html;
    };
  }
  if (on('email-create-stamped-whole-second')) {
    // createEmail stamps a new email with SQLite's strftime('%Y-%m-%dT%H:%M:%S.000Z', 'now') (the
    // format copied from a fixture, where %f was meant): its created_at and updated_at are cut to the
    // whole second. Alone an email reads well (a valid timestamp, never ahead), but one created right
    // after another write in the same second reads as created before it: a newsletter created at
    // 12:00:00.400Z, then an email of it answered created_at 12:00:00.000Z. Breaks
    // responses.timestamps-in-order ("a write sent after another write's answer was received records
    // for itself (`created_at` of a create ...) a time no earlier than the one that answer recorded").
    const create = services.emails.create.bind(services.emails);
    services.emails.create = (workspaceId, newsletterId, input, contentHtml) => {
      const email = create(workspaceId, newsletterId, input, contentHtml);
      const second = `${email.created_at.slice(0, 19)}.000Z`;
      stores.emails.update(email.id, { created_at: second, updated_at: second });
      return stores.emails.get(newsletterId, email.id)!;
    };
  }
  if (on('subscriber-domain-label-63-refused')) {
    // createSubscriber checks the address's domain once more with a hand-typed copy of the HTML
    // standard's label rule, `[A-Za-z0-9](?:[A-Za-z0-9-]{0,60}[A-Za-z0-9])?`, 60 where the standard
    // has 61: a domain label of exactly 63 characters, the longest DNS and the contract allow, is
    // answered 422 naming email. Labels up to 62 characters are right. Breaks
    // requests.valid-input-accepted ("Every input that its schemas allow, boundary values included, is
    // accepted") and SubscriberCreate's email ("as the HTML standard defines a valid one").
    const label = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,60}[A-Za-z0-9])?$/;
    const upsert = services.subscribers.upsert.bind(services.subscribers);
    services.subscribers.upsert = (workspaceId, newsletterId, email) => {
      const domain = email.trim().split('@')[1] ?? '';
      if (stores.newsletters.exists(workspaceId, newsletterId) && domain.split('.').some((part) => !label.test(part))) {
        throw problems.invalidField('email', 'must be a valid email address');
      }
      return upsert(workspaceId, newsletterId, email);
    };
  }
  if (on('upload-exif-jpeg-refused')) {
    // uploadImage checks a JPEG against a table of magic numbers that gives JPEG as FF D8 FF E0, the
    // start of a JFIF file: a JPEG whose first segment is another (Exif, FF D8 FF E1, as cameras and
    // phones write them; or a quantisation table, FF D8 FF DB) is answered 415 as not an image. JFIF
    // JPEGs, PNG, GIF and WebP are right. Breaks image.supported-types (only an upload that "is not a
    // PNG, JPEG, GIF or WebP image is answered `415`") and requests.valid-input-accepted.
    const store = services.images.store.bind(services.images);
    services.images.store = async (incoming) => {
      const handle = await open(incoming, 'r');
      const head = Buffer.alloc(4);
      try {
        await handle.read(head, 0, 4, 0);
      } finally {
        await handle.close();
      }
      if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff && head[3] !== 0xe0) {
        throw problems.unsupportedMediaType('The file is not a PNG, JPEG, GIF or WebP image.');
      }
      return store(incoming);
    };
  }
}

export function breakThirtyEighthLookPipeline(on: FaultSet, pipeline: Pipeline, context: PipelineContext): Pipeline {
  let { api, after } = pipeline;
  const incoming = incomingUploadsDir(context.options.imagesDir);
  if (on('upload-content-encoding-unchecked')) {
    // uploadImage's parser lost its check of Content-Encoding when it was rewritten ("uploads are never
    // encoded, images are compressed already"): an upload sent with Content-Encoding: gzip (or br) is
    // handed to the multipart parser as is, so a body a proxy labelled gzip but sent plain is stored
    // (201), and a body really compressed is answered 400 as not multipart. Uploads without the header,
    // or with identity, are right. Breaks the uploadImage description ("The body is sent as is, without
    // a `Content-Encoding`") and its 415 ("it is sent with a `Content-Encoding`"), and the introduction
    // ("The image upload is sent without a `Content-Encoding`"; "Another encoding is a `415`").
    const parse = imageUploadParser(incoming);
    api = replaceStage(api, 'upload-parser', (req, res, next) => {
      delete req.headers['content-encoding'];
      parse(req, res, next);
    });
  }
  if (on('upload-text-part-dropped')) {
    // uploadImage's parser takes the text parts an HTML form sends beside the file (a caption, a
    // title) and drops them, so that a form with more fields still uploads: a body with the file part
    // and a text part is stored (201) instead of answered 422. A body with two file parts, or with no
    // file, is still a 422. Breaks image.supported-types ("no file part, or two, `422`"), uploadImage's
    // 422 ("there is more than one part") and its description ("a single part named `file`").
    const parse = imageUploadParser(incoming, { fields: Infinity, parts: Infinity });
    api = replaceStage(api, 'upload-parser', (req, res, next) =>
      parse(req, res, (err?: unknown) => {
        // Only the file parts stay in the body the validator sees.
        if (!err && req.files) req.body = Object.fromEntries((req.files as Express.Multer.File[]).map((file) => [file.fieldname, '']));
        next(err);
      }),
    );
  }
  if (on('image-served-at-any-extension')) {
    // The images route falls back, when no file has the requested name, to the image whose name has
    // the same 32 hex digits (written so that links typed with .jpeg for .jpg, or without the
    // extension, still show the picture): an image's URL with another extension, none, or a
    // trailing slash is answered 200 with the image instead of 404. The URL the upload answered is
    // served right, and a name of no image is a 404. Breaks errors.no-such-path ("an image URL of
    // the service that serves nothing (another name, another extension, a trailing slash, none)
    // included" is answered `404` with a problem document).
    const dir = context.options.imagesDir;
    after = wrapStage(after, 'images', (real) => {
      const serve = [real].flat()[0] as RequestHandler;
      return (req, res, next) =>
        serve(req, res, (err?: unknown) => {
          if (err || (req.method !== 'GET' && req.method !== 'HEAD')) return next(err);
          const stem = /^\/([0-9a-f]{32})(?:[./][^/]*)?\/?$/.exec(req.path)?.[1];
          if (!stem) return next();
          let names: string[] = [];
          try {
            names = readdirSync(dir);
          } catch {
            return next();
          }
          const found = IMAGE_EXTENSIONS.map((extension) => `${stem}.${extension}`).find((name) => names.includes(name));
          if (!found) return next();
          res.sendFile(path.join(dir, found), (sendErr?: Error) => {
            if (sendErr && !res.headersSent) next(sendErr);
          });
        });
    });
  }
  if (on('emails-status-filter-any-case')) {
    // listEmails lowercases its ?status value before anything reads it ("be liberal in what you
    // accept", for links typed by hand): ?status=SENT or ?status=Draft lists the sent or draft emails
    // (200) instead of answering 422 naming query.status. The four statuses as the contract spells
    // them, an empty value and an unknown word are answered right; listSubscribers' ?status is exact.
    // Breaks the introduction's Lists ("Filters are exact matches; an unknown enum value is a `422`")
    // and requests.schema-validation ("A ... query ... value that breaks its schema (... enum ...) is
    // answered `422`, never accepted").
    api = insertBefore(api, 'whole-numbers', {
      name: 'emails-status-filter-any-case',
      handler: (req, _res, next) => {
        if ((req.method === 'GET' || req.method === 'HEAD') && /^\/newsletters\/[^/]+\/emails\/?$/.test(req.path)) {
          req.url = req.url.replace(/([?&]status=)([^&#]*)/g, (_all, name: string, value: string) => `${name}${value.toLowerCase()}`);
        }
        next();
      },
    });
  }
  return { ...pipeline, api, after };
}
