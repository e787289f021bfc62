/**
 * Faults written from the contract alone, each confined to one operation of the mail or images family
 * and each one a first test passes: a newsletter update that trims the white space around a new name
 * (a name kept otherwise than sent), a getNewsletter that takes the id 2^53 (one past the largest
 * identifier) for an id and answers 404 instead of 422, a newsletter create whose name_slug turns a `/`
 * into a hyphen instead of removing it (News/Views gives news-views), an email create that gives a
 * subject of digits without letters (2024) the fallback slug email, an email update whose Markdown
 * rendering loses the language class of fenced code blocks, a send whose offset arithmetic does not
 * carry the day (a scheduled_at whose UTC instant falls on another date than its local one is scheduled
 * a day off), a send that refuses a scheduled_at with more than nine fraction digits, a subscriber
 * delete whose 204 goes out without the RateLimit fields, a subscriber upsert that trims the address
 * before checking its length (an address of 254 characters with white space around it is accepted), an
 * upload that refuses `Content-Encoding: identity` as an encoding, an upload that finds the multipart
 * boundary only when it is the first parameter of the Content-Type, and an upload that strips the text
 * chunks (tEXt, iTXt, zTXt) of a PNG before it is stored. Each is a bug an implementer could plausibly
 * write, and each breaks a statement of the contract (named in its comment).
 */
import { readFile, writeFile } from 'node:fs/promises';
import type { PipelineContext } from '../app.ts';
import type { ServerParts } from '../compose.ts';
import { inTransaction } from '../db/database.ts';
import { nextFreeSlug, slugOr } from '../domain/slugs.ts';
import { insertBefore, replaceStage, type Pipeline } from '../http/pipeline.ts';
import { problems } from '../http/problem.ts';
import { imageUploadParser, incomingUploadsDir } from '../http/uploads.ts';
import type { FaultSet } from './fault-set.ts';

/** The PNG signature. */
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** The PNG chunks that carry text (comments, authors, software, ...). */
const TEXT_CHUNKS = new Set(['tEXt', 'iTXt', 'zTXt']);

/** The PNG without its text chunks; the bytes unchanged when they are not a PNG of whole chunks. */
function withoutTextChunks(bytes: Buffer): Buffer {
  if (bytes.length < 8 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return bytes;
  const kept: Buffer[] = [bytes.subarray(0, 8)];
  let at = 8;
  while (at + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(at);
    const end = at + 12 + length;
    if (end > bytes.length) return bytes;
    const type = bytes.toString('latin1', at + 4, at + 8);
    if (!TEXT_CHUNKS.has(type)) kept.push(bytes.subarray(at, end));
    at = end;
    if (type === 'IEND') break;
  }
  kept.push(bytes.subarray(at));
  return Buffer.concat(kept);
}

/**
 * The instant of an RFC 3339 date-time as a hand-written converter computes it: the local time of day
 * moved by the offset and wrapped around midnight, on the local date. Undefined for a text it does not
 * read (the real parser then judges it).
 */
function instantWithoutDayCarry(text: string): string | undefined {
  const parts = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?([+-])(\d{2}):(\d{2})$/.exec(text.trim());
  if (!parts) return undefined;
  const [, year, month, day, hour, minute, second, fraction, sign, offsetHours, offsetMinutes] = parts;
  const offset = (sign === '-' ? -1 : 1) * (Number(offsetHours) * 60 + Number(offsetMinutes));
  const minutesOfDay = (((Number(hour) * 60 + Number(minute) - offset) % 1440) + 1440) % 1440;
  const millis = fraction ? Math.floor(Number(`0${fraction}`) * 1000) : 0;
  const at = Date.UTC(Number(year), Number(month) - 1, Number(day), 0, minutesOfDay, Number(second), millis);
  return Number.isNaN(at) ? undefined : new Date(at).toISOString();
}

export function breakFortySecondLookParts(on: FaultSet, { db, stores, services }: ServerParts): void {
  if (on('newsletter-rename-name-trimmed')) {
    // updateNewsletter tidies a new name with trim() before it stores it ("nobody means the spaces a
    // form leaves around a name"), a line createNewsletter never got: a rename to " Daily " (white space
    // at its ends, which the Name pattern allows) is answered and stored as "Daily". A rename without
    // such white space, and every create, are right. Breaks newsletter.rename-moves-name-slug ("A new
    // name is kept and `name_slug` follows it"), resources.update-kept ("an accepted update is kept") and
    // resources.answer-as-stored.
    const update = services.newsletters.update.bind(services.newsletters);
    services.newsletters.update = (workspaceId, id, input) => update(workspaceId, id, typeof input.name === 'string' ? { ...input, name: input.name.trim() } : input);
  }
  if (on('newsletter-name-slug-slash-as-hyphen')) {
    // createNewsletter's name_slug is made by the slug helper as it was before the contract's rule for
    // `/` was added: a slash is punctuation like any other, so it becomes a hyphen instead of being
    // removed. News/Views gets news-views, AC/DC Fans ac-dc-fans, where the contract gives newsviews and
    // acdc-fans. Names without a slash (every name of a first test) are right, and so is a rename. Breaks
    // newsletter.name-slug-derived ("A new newsletter's `name_slug` is derived from its name") as the
    // introduction's Slugs section derives it ("transliterated to ASCII and lowercased, `/` removed").
    const create = services.newsletters.create.bind(services.newsletters);
    services.newsletters.create = (workspaceId, input) =>
      inTransaction(db, () => {
        const newsletter = create(workspaceId, input);
        if (!input.name.includes('/')) return newsletter;
        const base = slugOr(input.name.replace(/\//g, ' '), 'newsletter');
        const taken = stores.newsletters.nameSlugsFrom(workspaceId, base).filter((slug) => slug !== newsletter.name_slug);
        stores.newsletters.update(newsletter.id, { name_slug: nextFreeSlug(base, taken) });
        return stores.newsletters.get(workspaceId, newsletter.id)!;
      });
  }
  if (on('email-digit-subject-fallback-slug')) {
    // createEmail decides that a subject has nothing to derive a slug from by testing it for letters
    // (\p{L}) where the contract says letters or digits: a subject of digits and punctuation alone
    // (2024, 10:30, 3 2 1) gets the fallback slug email (email-1, ... for the next) instead of 2024,
    // 10-30, 3-2-1. Subjects with a letter, and subjects with neither (an empty subject, emoji), are
    // right. Breaks the Email schema's slug ("Derived from the subject (or `email` when the subject has
    // no letters or digits)") and email.created-draft ("its slug derived from the subject").
    const create = services.emails.create.bind(services.emails);
    services.emails.create = (workspaceId, newsletterId, input, contentHtml) =>
      inTransaction(db, () => {
        const email = create(workspaceId, newsletterId, input, contentHtml);
        if (/\p{L}/u.test(input.subject) || !/\p{N}/u.test(input.subject)) return email;
        stores.emails.update(email.id, { slug: nextFreeSlug('email', stores.emails.slugsFrom(newsletterId, 'email')) });
        return stores.emails.get(newsletterId, email.id)!;
      });
  }
  if (on('email-update-code-info-class-dropped')) {
    // updateEmail passes the HTML it renders from Markdown through a "mail-safe" clean-up that drops
    // class attributes (mail clients ignore style sheets), written for the rendered <code> elements: a
    // fenced code block with an info string (```js) loses its class="language-js". Markdown without a
    // fenced block with an info string, HTML sent as content_html, and createEmail's rendering are right.
    // Breaks markdown.commonmark ("rendered as CommonMark specifies ... alike by every operation that
    // takes it": CommonMark gives the info string's first word as class="language-...") and the
    // EmailUpdate content_md ("rendered to HTML and replaces `content_html`").
    const contentForUpdate = services.emails.contentForUpdate.bind(services.emails);
    services.emails.contentForUpdate = async (workspaceId, newsletterId, id, input, signal) => {
      const html = await contentForUpdate(workspaceId, newsletterId, id, input, signal);
      const rendered = (input.content_html === undefined || input.content_html === null) && typeof input.content_md === 'string';
      return rendered && typeof html === 'string' ? html.replace(/<code class="language-[^"]*">/g, '<code>') : html;
    };
  }
  if (on('send-later-offset-day-not-carried')) {
    // sendEmail converts a scheduled_at to UTC by hand: it moves the time of day by the offset and wraps
    // it around midnight, but keeps the local date. 2036-12-01T02:00:00+05:00 is scheduled at
    // 2036-12-01T21:00:00Z (a day late, not 2036-11-30T21:00:00Z), 2036-12-01T22:00:00-05:00 at
    // 2036-12-01T03:00:00Z (a day early). Times whose UTC instant falls on the local date (every Z time,
    // 08:00+01:00) are right. Breaks email.send-later ("A send with a future `scheduled_at`, given with
    // any offset, answers `200` `scheduled` at that instant in UTC") and the introduction's Responses
    // ("they are answered converted to UTC").
    const send = services.emails.send.bind(services.emails);
    services.emails.send = (workspaceId, newsletterId, id, scheduledAt) => {
      const converted = typeof scheduledAt === 'string' ? instantWithoutDayCarry(scheduledAt) : undefined;
      return send(workspaceId, newsletterId, id, converted ?? scheduledAt);
    };
  }
  if (on('send-later-long-fraction-refused')) {
    // sendEmail checks scheduled_at against a hand-written RFC 3339 pattern whose fraction of a second
    // is `(\.\d{1,9})?`, nanoseconds at most, as in Go and Java: a time with ten or more fraction digits,
    // which RFC 3339 (time-secfrac = "." 1*DIGIT) allows, is answered 422 naming scheduled_at. Times with
    // up to nine fraction digits are right. Breaks EmailSend's scheduled_at ("Future time in ISO 8601
    // (RFC 3339) format, with a time-zone offset"), email.send-later and requests.valid-input-accepted.
    const send = services.emails.send.bind(services.emails);
    services.emails.send = (workspaceId, newsletterId, id, scheduledAt) => {
      if (typeof scheduledAt === 'string' && /\.\d{10,}/.test(scheduledAt)) {
        throw problems.invalidField('scheduled_at', 'must be an RFC 3339 date-time with a time-zone offset');
      }
      return send(workspaceId, newsletterId, id, scheduledAt);
    };
  }
  if (on('upload-png-text-chunks-stripped')) {
    // uploadImage removes a PNG's text chunks (tEXt, iTXt, zTXt: author, software, comments) before it
    // keeps the file, a privacy clean-up ("uploads should not leak metadata"): a PNG with such a chunk is
    // answered 201 and served without it, shorter than it was uploaded. PNGs without text chunks, JPEG,
    // GIF and WebP are served byte for byte. Breaks image.served-at-url ("An uploaded image is served,
    // byte for byte, at the URL the answer gives") and image.public-url ("answers `200` with the bytes
    // uploaded").
    const store = services.images.store.bind(services.images);
    services.images.store = async (incoming) => {
      const bytes = await readFile(incoming);
      const stripped = withoutTextChunks(bytes);
      if (stripped.length !== bytes.length) await writeFile(incoming, stripped);
      return store(incoming);
    };
  }
}

export function breakFortySecondLookPipeline(on: FaultSet, pipeline: Pipeline, context: PipelineContext): Pipeline {
  let { api } = pipeline;
  if (on('newsletter-get-id-past-largest-404')) {
    // getNewsletter's id check was written as `Number(id) <= 2 ** 53` (the size of a double's mantissa)
    // instead of against Number.MAX_SAFE_INTEGER: the id 9007199254740992, one past the largest the
    // contract allows (and 9007199254740993, which Number rounds to it), passes as an id and is answered
    // 404 not-found instead of 422 naming path.id. The largest id itself, and every id the suite makes,
    // are right; so are the other operations. Breaks the introduction's Requests ("Identifiers are whole
    // numbers from 1 to 9007199254740991") with requests.schema-validation (a path value out of its
    // range is answered `422`) and errors.precedence (the request judged on its own before the resource).
    api = insertBefore(api, 'whole-numbers', {
      name: 'newsletter-get-id-past-largest-404',
      handler: (req, _res, next) => {
        const id = /^\/newsletters\/(\d+)$/.exec(req.path)?.[1];
        if ((req.method === 'GET' || req.method === 'HEAD') && id !== undefined && Number(id) === 2 ** 53) {
          return next(problems.notFound(`There is no newsletter ${id} in your workspace.`));
        }
        next();
      },
    });
  }
  if (on('subscriber-address-length-after-trim')) {
    // createSubscriber trims the address before the validator sees it ("the limit is for the address,
    // not the spaces a CSV export leaves around it"): the 254-character limit is measured without the
    // white space around the address, so an address of 254 characters sent with a space on each side (256
    // in all) is accepted and stored instead of answered 422 naming email. Addresses within the limit as
    // sent, and addresses over it without white space, are right. Breaks SubscriberCreate's email
    // (maxLength 254, over the whole string, which the pattern lets hold the white space), the
    // introduction ("email addresses 254") and requests.schema-validation (a value that breaks its length
    // "is answered `422`, never accepted").
    api = insertBefore(api, 'validator', {
      name: 'subscriber-address-length-after-trim',
      handler: (req, _res, next) => {
        const body = req.body as Record<string, unknown> | undefined;
        if (req.method === 'POST' && /^\/newsletters\/[^/]+\/subscribers\/?$/.test(req.path) && body && typeof body === 'object' && typeof body.email === 'string') {
          body.email = body.email.trim();
        }
        next();
      },
    });
  }
  if (on('subscriber-delete-204-without-rate-limit')) {
    // deleteSubscriber's handler makes sure its 204 carries no content fields by clearing the answer's
    // header fields before it writes the status, then puts back the CORS fields it knew it needed: the
    // RateLimit and RateLimit-Policy fields the authentication stage set are lost. Its errors (404, 422)
    // and every other operation's answers carry them. Breaks responses.declared-headers ("Every header
    // the contract declares for a status is present and valid": deleteSubscriber's 204 declares
    // RateLimit and RateLimit-Policy) and headers.rate-limit-values.
    api = insertBefore(api, 'operations', {
      name: 'subscriber-delete-204-without-rate-limit',
      handler: (req, res, next) => {
        if (req.method === 'DELETE' && /^\/newsletters\/[^/]+\/subscribers\/[^/]+$/.test(req.path)) {
          const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => typeof res;
          res.writeHead = ((...args: unknown[]) => {
            if (args[0] === 204 || res.statusCode === 204) {
              res.removeHeader('RateLimit');
              res.removeHeader('RateLimit-Policy');
            }
            return writeHead(...args);
          }) as typeof res.writeHead;
        }
        next();
      },
    });
  }
  if (on('upload-identity-encoding-refused') || on('upload-boundary-not-first-parameter-400')) {
    const parse = imageUploadParser(incomingUploadsDir(context.options.imagesDir));
    const identityRefused = on('upload-identity-encoding-refused');
    const boundaryFirst = on('upload-boundary-not-first-parameter-400');
    api = replaceStage(api, 'upload-parser', (req, res, next) => {
      // upload-identity-encoding-refused: uploadImage refuses an upload by the presence of a
      // Content-Encoding field, not by its coding ("an upload is never content-encoded"): an upload
      // sent with `Content-Encoding: identity`, which names no coding, is answered 415 instead of
      // stored. Uploads without the field are right, and so is the 415 for gzip and the rest. Breaks
      // image.no-content-encoding ("`Content-Encoding: identity` names no coding (RFC 9110 reserves
      // `identity` for none) and is taken as no header") and requests.valid-input-accepted.
      if (identityRefused && req.is('multipart/form-data') && req.get('content-encoding') !== undefined) {
        return next(problems.unsupportedMediaType('Send the upload without a Content-Encoding.'));
      }
      // upload-boundary-not-first-parameter-400: uploadImage reads the boundary with a pattern anchored
      // right after the type (`multipart/form-data; boundary=...`), as browsers and fetch write it: a
      // Content-Type with another parameter before the boundary (`multipart/form-data; charset=utf-8;
      // boundary=...`), which RFC 9110 allows in any order, is answered 400 as not multipart. Breaks
      // requests.media-type-any-case ("matched as RFC 9110 specifies"), requests.malformed-body (only a
      // body "not parseable ... multipart" is a `400`) and requests.valid-input-accepted.
      if (boundaryFirst && req.is('multipart/form-data') && !/^\s*multipart\/form-data\s*;\s*boundary=/i.test(req.get('content-type') ?? '')) {
        return next(problems.malformed('The body is not multipart/form-data: its Content-Type names no boundary.'));
      }
      return parse(req, res, next);
    });
  }
  return { ...pipeline, api };
}
