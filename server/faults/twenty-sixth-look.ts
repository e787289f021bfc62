/**
 * Faults written from the contract alone, each confined to one operation and each one a first test
 * passes: a send whose scheduled_at falls on a leap second refused as not a date-time, an
 * email-not-sendable problem whose title names its first cause, an emails list that cuts a long
 * email's content to its first 4,096 characters, a new email's Markdown whose raw HTML is escaped, a
 * draft's update to an empty subject refused, a newsletter renamed to a name written with the capital
 * sharp s (ẞ) that another newsletter has in SS, a new newsletter's name_slug that splits words written
 * in camel case, a subscribers list that takes a token sent without the Bearer scheme, a subscriber
 * address wrapped in a tab or line break refused, an image's URL answered 404 to another workspace's
 * token, image names that count up from one upload to the next, and an upload refused 415 for its
 * media type written in capitals. Each is a bug an implementer could plausibly write, and each breaks
 * a statement of the contract (named in its comment).
 */
import { randomBytes } from 'node:crypto';
import { rename } from 'node:fs/promises';
import path from 'node:path';
import type { Request, RequestHandler } from 'express';
import type { PipelineContext } from '../app.ts';
import type { ServerParts } from '../compose.ts';
import { nextFreeSlug, slugOr } from '../domain/slugs.ts';
import { insertBefore, type Pipeline } from '../http/pipeline.ts';
import { ProblemError, problems } from '../http/problem.ts';
import { prepared } from '../store/common.ts';
import { isDeferred } from '../store/deferred-content.ts';
import { beforeHeaders } from './answer-rewrites.ts';
import type { FaultSet } from './fault-set.ts';

/** A stage that runs `prepare` on the requests of one method whose path matches `path`, before they go on. */
function onRequestsTo(method: string, path: RegExp, prepare: (req: Request, res: Parameters<RequestHandler>[1]) => void): RequestHandler {
  return (req, res, next) => {
    if (req.method === method && path.test(req.path)) prepare(req, res);
    next();
  };
}

/** The bearer token of an Authorization header, as the real authentication reads it. */
const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i;

export function breakTwentySixthLookParts(on: FaultSet, { db, stores, services }: ServerParts): void {
  if (on('send-leap-second-refused')) {
    // sendEmail reads scheduled_at with `new Date(text)`, which counts POSIX time and has no leap
    // second: a time at 23:59:60, which RFC 3339 and the contract's date-time format allow, is
    // Invalid Date and answered 422 "must be an RFC 3339 date-time". Every other time, with any
    // offset, is right. Breaks requests.valid-input-accepted ("every input that its schemas allow,
    // boundary values included, is accepted") and email.send-later ("a future scheduled_at, given with
    // any offset, answers 200 scheduled at that instant in UTC").
    const send = services.emails.send.bind(services.emails);
    services.emails.send = (workspaceId, newsletterId, id, scheduledAt) => {
      if (typeof scheduledAt === 'string' && Number.isNaN(new Date(scheduledAt).getTime())) {
        throw problems.invalidField('scheduled_at', 'must be an RFC 3339 date-time with a time-zone offset');
      }
      return send(workspaceId, newsletterId, id, scheduledAt);
    };
  }
  if (on('not-sendable-title-per-cause')) {
    // sendEmail's email-not-sendable problem takes its title from the first thing missing, to be
    // "more helpful" ("Email has no content", "Newsletter has no subscribers"): the type, status and
    // errors are right, but two occurrences of the one type have different titles. Breaks the Problem
    // schema's title ("a short summary of the kind of problem; the same for every occurrence of a
    // type"), which the contract takes from RFC 9457.
    const titles: Record<string, string> = {
      subject: 'Email has no subject',
      content_html: 'Email has no content',
      'path.newsletter_id': 'Newsletter has no subscribers',
    };
    const send = services.emails.send.bind(services.emails);
    services.emails.send = (workspaceId, newsletterId, id, scheduledAt) => {
      try {
        return send(workspaceId, newsletterId, id, scheduledAt);
      } catch (error) {
        const first = error instanceof ProblemError && error.kind === 'email-not-sendable' ? error.errors?.[0]?.field : undefined;
        const title = first === undefined ? undefined : titles[first];
        if (!(error instanceof ProblemError) || title === undefined) throw error;
        throw new ProblemError(error.status, error.kind, title, error.detail, error.errors);
      }
    };
  }
  if (on('emails-list-long-content-cut')) {
    // listEmails completes an email whose content_html the page's query left in the database (over
    // 4,096 bytes) with `substr(content_html, 1, 4096)`, the bound the query tells long texts by,
    // written as a guard on memory: a long email is listed with its first 4,096 characters, while
    // getEmail answers it whole. Emails of 4,096 bytes or less are right. Breaks
    // resources.update-kept ("create, get, list and update agree with each other") and
    // resources.readable-after-create.
    const cutContent = 'SELECT substr(content_html, 1, 4096) FROM emails WHERE newsletter_id = ? AND id = ?';
    const withContent = services.emails.withContent.bind(services.emails);
    services.emails.withContent = (email, from) => {
      if (!isDeferred(email)) return withContent(email, from);
      const content = prepared(from ?? db, cutContent).pluck().get(email.newsletter_id, email.id) as string | null | undefined;
      return content === undefined ? undefined : { ...email, content_html: content };
    };
  }
  if (on('email-create-markdown-html-escaped')) {
    // createEmail escapes `<` in the Markdown before it renders it, a safety step meant to keep
    // scripts out of subscribers' inboxes: raw HTML in an email's Markdown comes out as text
    // (`<b>` as `&lt;b&gt;`). Markdown without HTML, HTML sent as content_html, and updateEmail's
    // renderings are right. Breaks the createEmail description ("Raw HTML in it is passed through
    // unchanged, as CommonMark specifies") and email.created-draft (its Markdown rendered).
    const contentForCreate = services.emails.contentForCreate.bind(services.emails);
    services.emails.contentForCreate = (workspaceId, newsletterId, input, signal) => {
      const markdownOnly = input.content_html == null && typeof input.content_md === 'string';
      return contentForCreate(workspaceId, newsletterId, markdownOnly ? { ...input, content_md: input.content_md!.replace(/</g, '&lt;') } : input, signal);
    };
  }
  if (on('email-update-empty-subject-refused')) {
    // updateEmail refuses a subject that is empty or blank with a 422 naming subject: the check was
    // copied from sendEmail's readiness rules ("a subject that is not blank"), which hold for a send,
    // not for a draft. createEmail takes an empty subject, and a PATCH to any other subject is right.
    // Breaks the Email schema ("A draft's subject may be empty; a blank subject cannot be sent") and
    // requests.valid-input-accepted.
    const contentForUpdate = services.emails.contentForUpdate.bind(services.emails);
    services.emails.contentForUpdate = async (workspaceId, newsletterId, id, input, signal) => {
      const content = await contentForUpdate(workspaceId, newsletterId, id, input, signal);
      if (typeof input.subject === 'string' && input.subject.trim() === '') throw problems.invalidField('subject', 'must not be blank');
      return content;
    };
  }
  if (on('newsletter-rename-capital-sharp-s-free')) {
    // updateNewsletter compares a new name by one round of case folding (NFKC, upper case, lower
    // case), where the contract's full case folding needs a second round for the capital sharp s ẞ
    // (U+1E9E), whose lower case is ß: a newsletter renamed to STRAẞE Weekly is accepted beside
    // STRASSE Weekly. Straße Weekly, the contract's own example, is refused right, and so is every
    // other name in other letter case. Breaks names.unique-any-case and the introduction's Requests
    // (names "compared by Unicode full case folding after NFKC normalisation").
    const oneRound = (name: string) => name.normalize('NFKC').toUpperCase().toLowerCase().normalize('NFKC');
    const writeRename = db.prepare<[string, string, string, string, number]>('UPDATE newsletters SET name = ?, name_key = ?, name_slug = ?, updated_at = ? WHERE id = ?');
    const update = services.newsletters.update.bind(services.newsletters);
    services.newsletters.update = (workspaceId, id, input) => {
      try {
        return update(workspaceId, id, input);
      } catch (error) {
        if (!(error instanceof ProblemError) || error.kind !== 'name-taken' || input.name === undefined) throw error;
        const holder = stores.newsletters.idByName(workspaceId, input.name);
        const held = holder === undefined ? undefined : stores.newsletters.get(workspaceId, holder);
        if (!held || oneRound(held.name) === oneRound(input.name)) throw error;
        const current = stores.newsletters.get(workspaceId, id)!;
        const base = slugOr(input.name, 'newsletter');
        const nameSlug = nextFreeSlug(base, stores.newsletters.nameSlugsFrom(workspaceId, base).filter((slug) => slug !== current.name_slug));
        writeRename.run(input.name, oneRound(input.name), nameSlug, new Date().toISOString(), id);
        return stores.newsletters.get(workspaceId, id)!;
      }
    };
  }
  if (on('newsletter-name-slug-splits-camel-case')) {
    // createNewsletter derives name_slug with the slug library's decamelize option left on (the
    // shared slugify turns it off): words written together in camel case are split, so GitHub Digest
    // gives git-hub-digest and iPhone Weekly i-phone-weekly. Names in one case per word, and the
    // name_slug of a rename, are right. Breaks newsletter.name-slug-derived and the introduction's
    // Slugs ("transliterated to ASCII and lowercased ... and every run of other characters turned
    // into one hyphen": a letter is not another character).
    const decamelized = (name: string) => name.replace(/(\p{Ll}|\p{Nd})(\p{Lu})/gu, '$1 $2').replace(/(\p{Lu}+)(\p{Lu}\p{Ll})/gu, '$1 $2');
    const create = services.newsletters.create.bind(services.newsletters);
    services.newsletters.create = (workspaceId, input) => {
      const created = create(workspaceId, input);
      const base = slugOr(decamelized(input.name), 'newsletter');
      if (base === slugOr(input.name, 'newsletter')) return created;
      const nameSlug = nextFreeSlug(base, stores.newsletters.nameSlugsFrom(workspaceId, base).filter((slug) => slug !== created.name_slug));
      stores.newsletters.update(created.id, { name_slug: nameSlug });
      return stores.newsletters.get(workspaceId, created.id)!;
    };
  }
  if (on('subscriber-address-tab-refused')) {
    // createSubscriber checks the address as free text, for control characters, before it trims it:
    // an address wrapped in a tab or a line break (a line pasted from a CSV file) is a 422 naming
    // email, though tab, line feed and carriage return are white space, which the contract trims.
    // Spaces around the address are right. Breaks subscriber.upsert-same-id ("with white space around
    // it") and the introduction's Requests ("A subscriber's address is not free text: it may be
    // surrounded by any white space, which is trimmed before it is matched and stored").
    const upsert = services.subscribers.upsert.bind(services.subscribers);
    services.subscribers.upsert = (workspaceId, newsletterId, email) => {
      if (/[\u0000-\u001F\u007F]/.test(email)) throw problems.invalidField('email', 'must not contain control characters');
      return upsert(workspaceId, newsletterId, email);
    };
  }
}

export function breakTwentySixthLookPipeline(on: FaultSet, pipeline: Pipeline, context: PipelineContext): Pipeline {
  let { api, after } = pipeline;
  const { imagesDir, stores, services } = context.options;
  if (on('subscribers-bare-token-accepted')) {
    // listSubscribers reads the token as the Authorization header with a `Bearer ` prefix stripped
    // when there is one (`header.replace(/^Bearer +/i, '')`): a header that is the bare token, without
    // the scheme, is taken as the token and served. A header with Bearer, none at all, an unknown
    // token, and every other operation are right. Breaks auth.bearer-required ("a token without
    // Bearer ... is answered 401 with WWW-Authenticate: Bearer").
    const subscribersPath = /^\/newsletters\/[^/]+\/subscribers\/?$/;
    api = insertBefore(api, 'authentication', {
      name: 'subscribers-bare-token-accepted',
      handler: (req, _res, next) => {
        const header = req.headers.authorization;
        if ((req.method === 'GET' || req.method === 'HEAD') && subscribersPath.test(req.path) && header && /^[A-Za-z0-9\-._~+/]+=*$/.test(header.trim())) {
          req.headers.authorization = `Bearer ${header.trim()}`;
        }
        next();
      },
    });
  }
  if (on('image-other-workspace-token-404')) {
    // The images an upload stores are read like every other resource, scoped to the caller's
    // workspace: a GET or HEAD of an image's URL that carries the token of another workspace than the
    // one that uploaded it is answered 404. Without a token, with an unknown one, or with the
    // uploader's, the image is served, right. Breaks image.public-url ("the image is public") and the
    // ImageLocation header ("A GET of it, with or without a token, answers 200 with the bytes
    // uploaded").
    const uploader = new Map<string, number>();
    api = insertBefore(api, 'head', {
      name: 'image-uploads-by-workspace',
      handler: onRequestsTo('POST', /^\/images\/upload$/, (_req, res) =>
        beforeHeaders(res, (status) => {
          const location = res.getHeader('Location');
          const workspaceId = res.locals.workspaceId as number | undefined;
          if (status === 201 && typeof location === 'string' && workspaceId !== undefined) uploader.set(path.basename(new URL(location, 'http://x').pathname), workspaceId);
        }),
      ),
    });
    after = insertBefore(after, 'images', {
      name: 'images-of-workspace',
      handler: (req, _res, next) => {
        if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.path.startsWith('/images/')) return next();
        const owner = uploader.get(path.basename(req.path));
        const token = BEARER.exec(req.get('authorization') ?? '')?.[1];
        const caller = token === undefined ? undefined : stores.tokens.workspaceFor(token);
        if (owner === undefined || caller === undefined || caller === owner) return next();
        next(problems.notFound(`There is no route GET ${req.path}.`));
      },
    });
  }
  if (on('upload-names-counted-up')) {
    // uploadImage names an image by a random prefix drawn once at start-up and a counter (uniqueness
    // that does not rest on chance): every URL is of its own, but the next upload's name is the last
    // one's plus one, so one URL tells where the others are. One upload is right. Breaks the
    // uploadImage description ("a random name that cannot be guessed from other uploads") and
    // image.url-per-upload ("holding a file tells nobody whether, or where, it was uploaded").
    const prefix = randomBytes(12).toString('hex');
    let counter = 0;
    api = insertBefore(api, 'operations', {
      name: 'upload-names-counted-up',
      route: { method: 'post', path: '/images/upload' },
      handler: (req, res, next) => {
        const files = (req.files ?? []) as Express.Multer.File[];
        const file = files.length === 1 && files[0]!.fieldname === 'file' ? files[0]! : undefined;
        if (!file) return next();
        services.images
          .store(file.path)
          .then(async ({ url }) => {
            const stored = url.slice(url.lastIndexOf('/') + 1);
            counter += 1;
            const named = `${prefix}${counter.toString(16).padStart(8, '0')}${path.extname(stored)}`;
            await rename(path.join(imagesDir, stored), path.join(imagesDir, named));
            const namedUrl = `${url.slice(0, url.lastIndexOf('/') + 1)}${named}`;
            res.status(201).location(namedUrl).json({ url: namedUrl });
          })
          .catch(next);
      },
    });
  }
  if (on('upload-media-type-case-sensitive')) {
    // uploadImage checks its media type with `contentType.startsWith('multipart/form-data')` before
    // it parses the body: the type written in other letter case (Multipart/Form-Data), which is the
    // same type (RFC 9110: type and subtype are case-insensitive), is answered 415. The type in lower
    // case is right. Breaks image.form-data-only (only "another type than multipart/form-data is
    // answered 415") and requests.valid-input-accepted.
    api = insertBefore(api, 'upload-parser', {
      name: 'upload-media-type-case-sensitive',
      route: { method: 'post', path: '/images/upload' },
      handler: (req, _res, next) => {
        const type = req.get('content-type') ?? '';
        if (/^\s*multipart\/form-data\b/i.test(type) && !type.startsWith('multipart/form-data')) {
          return next(problems.unsupportedMediaType('Send the upload as multipart/form-data.'));
        }
        next();
      },
    });
  }
  return { ...pipeline, api, after };
}
