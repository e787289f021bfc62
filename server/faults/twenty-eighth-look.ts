/**
 * Faults written from the contract alone, each confined to one operation and each one a first test
 * passes: an emails list whose deep pages (from the 257th email on) start from positions remembered
 * without the list's change counter, a new email whose empty content_html is replaced by the rendering
 * of the Markdown sent beside it, a second email without letters or digits in its subject given the
 * fallback slug email again (a 500), an email update that renders Markdown without GitHub's tables,
 * strikethrough and autolinks, an email update that checks author_id before the email's state, a send
 * refused for a time less than ten minutes ahead, a send that judges content by its text without
 * tags (an email of one image is not sendable), a subscriber's deletion that moves its newsletter's
 * updated_at, a renamed newsletter's name_slug that joins a possessive (Ada's gives adas), a
 * newsletter read with its newest email's updated_at, an upload whose file name has a character past
 * U+00FF answered 500, and image names made by UUIDv7 (a time and 74 random bits). Each is a bug an
 * implementer could plausibly write, and each breaks a statement of the contract (named in its
 * comment).
 */
import { randomBytes } from 'node:crypto';
import { rename } from 'node:fs/promises';
import path from 'node:path';
import slugifyText from '@sindresorhus/slugify';
import MarkdownIt from 'markdown-it';
import type { PipelineContext } from '../app.ts';
import type { ServerParts } from '../compose.ts';
import { timestamp } from '../domain/clock.ts';
import { instantOf } from '../domain/instants.ts';
import { ensureNotSent, missingForSend } from '../domain/sending.ts';
import { nextFreeSlug, slugify, slugOr } from '../domain/slugs.ts';
import { insertBefore, type Pipeline } from '../http/pipeline.ts';
import { problems } from '../http/problem.ts';
import { POSITION_STEP } from '../store/list-positions.ts';
import type { FaultSet } from './fault-set.ts';

/** The one file part of an upload, as the operation takes it; undefined when there is not exactly one named file. */
const uploadedFile = (files: unknown): Express.Multer.File | undefined => {
  const parts = (files ?? []) as Express.Multer.File[];
  return parts.length === 1 && parts[0]!.fieldname === 'file' ? parts[0] : undefined;
};

export function breakTwentyEighthLookParts(on: FaultSet, { db, stores, services }: ServerParts): void {
  if (on('emails-deep-page-positions-unversioned')) {
    // listEmails reaches a page from the 257th email on by a remembered position (store/list-positions.ts:
    // the email every 256th place of the list), kept here by newsletter and filter alone, without the
    // list's change counter that tells when the list moved: a position found once is used ever after.
    // Once a new email pushes the list down by one, a deep page starts one email late: it leaves out
    // the email pushed onto it from the page before and repeats the first of the page after. Pages
    // whose offset is under 256, and deep pages of a list that has not changed since they were first
    // read, are right. Breaks lists.envelope-arithmetic ("walking the pages visits every item once")
    // and resources.readable-after-create (the emails of the newsletter, walked, do not all show).
    const kept = new Map<string, number>();
    const list = services.emails.list.bind(services.emails);
    services.emails.list = (workspaceId, newsletterId, status, paging) => {
      const answer = list(workspaceId, newsletterId, status, paging);
      const offset = (paging.page - 1) * paging.size;
      if (offset < POSITION_STEP || answer.total <= offset) return answer;
      const index = Math.floor(offset / POSITION_STEP);
      const key = `${newsletterId}/${status ?? '*'}/${index}`;
      const all = list(workspaceId, newsletterId, status, { page: 1, size: answer.total });
      const anchor = kept.get(key);
      if (anchor === undefined) {
        const found = all.items[index * POSITION_STEP];
        if (found) kept.set(key, found.id);
        return answer;
      }
      const from = all.items.findIndex((email) => email.id === anchor);
      if (from < 0) return answer;
      const start = from + (offset - index * POSITION_STEP);
      return { total: answer.total, items: all.items.slice(start, start + paging.size) };
    };
  }
  if (on('email-empty-html-replaced-by-markdown')) {
    // createEmail picks the HTML to store as `content_html || render(content_md)`: an empty string is
    // falsy, so an email created with content_html "" beside content_md (a form whose HTML box was
    // left empty) stores the rendering of the Markdown instead of the empty HTML it was sent. HTML
    // that is not empty wins, and Markdown alone is rendered, right. Breaks EmailCreate's content_html
    // ("Takes precedence over content_md when both are given") and createEmail's description
    // ("content_md is rendered to HTML when content_html is absent or null").
    const contentForCreate = services.emails.contentForCreate.bind(services.emails);
    services.emails.contentForCreate = (workspaceId, newsletterId, input, signal) => {
      const { content_html: _empty, ...rest } = input;
      return contentForCreate(workspaceId, newsletterId, input.content_html === '' && typeof input.content_md === 'string' ? rest : input, signal);
    };
  }
  if (on('email-fallback-slug-unsuffixed')) {
    // createEmail makes the slug unique first and falls back to `email` after:
    // `nextFreeSlug(slugify(subject), ...) || 'email'`. A subject without letters or digits (empty,
    // emoji alone) has the empty slug, which is never taken, so every such email is given `email`
    // itself: the first is right, the second is refused by the newsletter's unique key and answered
    // 500. Subjects with letters are suffixed right. Breaks the Email schema's slug ("Derived from the
    // subject (or email when the subject has no letters or digits), unique in the newsletter with a
    // -1, -2 suffix") and responses.no-server-error.
    const create = services.emails.create.bind(services.emails);
    services.emails.create = (workspaceId, newsletterId, input, contentHtml) => {
      if (slugify(input.subject) === '' && stores.emails.slugsFrom(newsletterId, 'email').includes('email')) {
        throw new Error('UNIQUE constraint failed: emails.newsletter_id, emails.slug');
      }
      return create(workspaceId, newsletterId, input, contentHtml);
    };
  }
  if (on('email-update-markdown-without-gfm')) {
    // updateEmail renders Markdown with markdown-it's `commonmark` preset (the update path was written
    // against the CommonMark spec before GitHub's extensions were turned on for createEmail): tables,
    // ~~strikethrough~~ and bare URLs are left as text. Markdown of CommonMark alone (emphasis,
    // links, lists, raw HTML) renders the same either way, and createEmail is right. Breaks
    // markdown.commonmark ("with GitHub's tables, strikethrough and autolinks ... alike by every
    // operation that takes it") and EmailUpdate's content_md. The real rendering runs first, so its
    // limits (nesting, size, time) still hold; only Markdown of up to 64 KiB is rendered again.
    const plainCommonMark = new MarkdownIt('commonmark', { html: true });
    const contentForUpdate = services.emails.contentForUpdate.bind(services.emails);
    services.emails.contentForUpdate = async (workspaceId, newsletterId, id, input, signal) => {
      const content = await contentForUpdate(workspaceId, newsletterId, id, input, signal);
      if (input.content_html != null || typeof input.content_md !== 'string' || input.content_md.length > 64 * 1024) return content;
      const html = plainCommonMark.render(input.content_md).replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '\uFFFD');
      return html.length > 1_000_000 ? content : html;
    };
  }
  if (on('email-update-author-before-state')) {
    // updateEmail loads the email (404), then checks the author it names, then the email's state:
    // two lines in the wrong order. An unknown author_id sent to a scheduled or sent email is answered
    // 422 naming author_id instead of 409 email-not-draft. A draft with an unknown author (422), and a
    // scheduled email changed in any other way (409), are right. Breaks errors.precedence ("409 for a
    // resource's state; 422 for what only the operation's work can tell (references ...)") and
    // email.only-draft-changes ("any other is answered 409 with type email-not-draft").
    const contentForUpdate = services.emails.contentForUpdate.bind(services.emails);
    services.emails.contentForUpdate = (workspaceId, newsletterId, id, input, signal) => {
      if (input.author_id != null) {
        services.emails.get(workspaceId, newsletterId, id);
        if (!stores.authors.exists(workspaceId, input.author_id)) throw problems.invalidField('author_id', 'must be an author of your workspace');
      }
      return contentForUpdate(workspaceId, newsletterId, id, input, signal);
    };
  }
  if (on('send-later-lead-time-refused')) {
    // sendEmail takes the platform editor's rule that a send is scheduled at least ten minutes ahead
    // (meant for the scheduling screen) as its test of "in the future": a scheduled_at one to ten
    // minutes ahead is answered 422 naming scheduled_at, like a past time. Times further ahead, and
    // sends without a time, are right. Breaks email.send-later ("a send with a future scheduled_at
    // ... answers 200 scheduled at that instant") and requests.valid-input-accepted.
    const clock = services.emails['context'].clock;
    const send = services.emails.send.bind(services.emails);
    services.emails.send = (workspaceId, newsletterId, id, scheduledAt) => {
      const at = typeof scheduledAt === 'string' ? instantOf(scheduledAt) : undefined;
      const ahead = at === undefined ? undefined : at.getTime() - clock.now().getTime();
      if (ahead !== undefined && ahead > 0 && ahead < 10 * 60_000) throw problems.invalidField('scheduled_at', 'must be in the future');
      return send(workspaceId, newsletterId, id, scheduledAt);
    };
  }
  if (on('not-sendable-markup-only-content')) {
    // sendEmail asks whether an email has content by its text: the HTML with its tags stripped, then
    // trimmed. An email whose HTML is markup alone (an image, a banner: `<img src="...">`) is answered
    // 422 email-not-sendable naming content_html, though it has content. Emails with text are right,
    // and so are the time, 404 and 409 checks before it. Breaks email.send-now and email.not-sendable-
    // fields (content_html is named for "no content: the email has no content_html (or only white
    // space)", and only for that).
    const clock = services.emails['context'].clock;
    const send = services.emails.send.bind(services.emails);
    services.emails.send = (workspaceId, newsletterId, id, scheduledAt) => {
      const at = scheduledAt == null ? undefined : instantOf(scheduledAt);
      const timeValid = scheduledAt == null || (at !== undefined && at.getTime() > clock.now().getTime());
      const state = stores.newsletters.exists(workspaceId, newsletterId) ? stores.emails.state(id) : undefined;
      if (!timeValid || !state || state.newsletter_id !== newsletterId || state.content_html === null) {
        return send(workspaceId, newsletterId, id, scheduledAt);
      }
      try {
        ensureNotSent(state);
      } catch {
        return send(workspaceId, newsletterId, id, scheduledAt);
      }
      const audience = stores.subscribers.countAudience(newsletterId);
      const asText = missingForSend({ ...state, content_html: state.content_html.replace(/<[^>]*>/g, '') }, audience);
      if (asText.length > missingForSend(state, audience).length) throw problems.notSendable(`Email ${id} cannot be sent yet.`, asText);
      return send(workspaceId, newsletterId, id, scheduledAt);
    };
  }
  if (on('subscriber-delete-touches-newsletter')) {
    // deleteSubscriber records the change on the newsletter too (its updated_at taken for "the date of
    // the last change" of the newsletter and everything in it): after the subscriber is deleted, the
    // newsletter's updated_at is set to now. The subscriber is deleted right, and a subscriber's
    // creation leaves the newsletter alone. Breaks resources.delete-named-only ("every other resource
    // (the page or newsletter it was under ...) reads as before") and the introduction's Requests ("A
    // DELETE removes only the resource it names").
    const clock = services.subscribers['context'].clock;
    const remove = services.subscribers.delete.bind(services.subscribers);
    services.subscribers.delete = (workspaceId, newsletterId, id) => {
      remove(workspaceId, newsletterId, id);
      stores.newsletters.update(newsletterId, { updated_at: timestamp(clock) });
    };
  }
  if (on('newsletter-rename-possessive-joined')) {
    // updateNewsletter derives the new name_slug with the slug library called directly, with the
    // shared options (no decamelizing, & and ♥ as separators) but without the shared step that makes
    // apostrophes spaces: the library joins a word-final 's or 't to its word, so Ada's Picks gives
    // adas-picks and Don't Panic dont-panic. Names without an apostrophe, and createNewsletter, are
    // right. Breaks newsletter.rename-moves-name-slug (name_slug follows the name, derived as the
    // Slugs section says: "every run of other characters turned into one hyphen") and the Newsletter
    // schema's name_slug ("Derived from the name").
    const librarySlug = (name: string) =>
      slugifyText(name.normalize('NFKC').replace(/\//g, ''), {
        decamelize: false,
        customReplacements: [
          ['&', ' '],
          ['♥', ' '],
          ['🦄', ' '],
        ],
      })
        .slice(0, 90)
        .replace(/-+$/, '');
    const update = services.newsletters.update.bind(services.newsletters);
    services.newsletters.update = (workspaceId, id, input) => {
      const updated = update(workspaceId, id, input);
      if (input.name === undefined) return updated;
      const base = librarySlug(input.name) || 'newsletter';
      if (base === slugOr(input.name, 'newsletter')) return updated;
      const nameSlug = nextFreeSlug(base, stores.newsletters.nameSlugsFrom(workspaceId, base).filter((slug) => slug !== updated.name_slug));
      stores.newsletters.update(id, { name_slug: nameSlug });
      return stores.newsletters.get(workspaceId, id)!;
    };
  }
  if (on('newsletter-get-updated-at-from-emails')) {
    // getNewsletter answers as updated_at the last change of the newsletter or of any of its emails
    // (a "last activity" column joined in for a dashboard): once an email is created or changed, the
    // newsletter reads as changed then, while listNewsletters and updateNewsletter show its own
    // updated_at. A newsletter without emails is right. Breaks resources.update-kept ("create, get,
    // list and update agree with each other") and the Newsletter schema's updated_at ("Date of the
    // last change" of the newsletter).
    const lastEmailChange = db.prepare<[number], string | null>('SELECT max(updated_at) FROM emails WHERE newsletter_id = ?').pluck();
    const get = services.newsletters.get.bind(services.newsletters);
    services.newsletters.get = (workspaceId, id) => {
      const newsletter = get(workspaceId, id);
      const last = lastEmailChange.get(id);
      return typeof last === 'string' && last > newsletter.updated_at ? { ...newsletter, updated_at: last } : newsletter;
    };
  }
}

/** A UUIDv7 in 32 hex digits: 48 bits of Unix time in milliseconds, the version, 74 random bits and the variant. */
function uuidV7Hex(ms: number): string {
  const bytes = randomBytes(16);
  bytes.writeUIntBE(ms, 0, 6);
  bytes[6] = (bytes[6]! & 0x0f) | 0x70;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  return bytes.toString('hex');
}

export function breakTwentyEighthLookPipeline(on: FaultSet, pipeline: Pipeline, context: PipelineContext): Pipeline {
  let { api } = pipeline;
  const { imagesDir, services } = context.options;
  if (on('upload-non-latin1-filename-500')) {
    // uploadImage echoes the file's name in a `Content-Disposition: inline; filename="..."` field of
    // its answer, as the storage SDK it was copied from does, after undoing multer's latin1 reading of
    // the name (`Buffer.from(name, 'latin1').toString('utf8')`, the usual fix for mojibake). Node
    // refuses a field value with a character past U+00FF, so a file named 写真.png (or with an emoji
    // in its name) is answered 500; ASCII names and names such as café.png are right. Breaks the
    // uploadImage description (the image is "decided from the file's content (not its name ...)"),
    // requests.valid-input-accepted and responses.no-server-error.
    api = insertBefore(api, 'operations', {
      name: 'upload-non-latin1-filename-500',
      route: { method: 'post', path: '/images/upload' },
      handler: (req, res, next) => {
        const file = uploadedFile(req.files);
        if (!file) return next();
        const shown = Buffer.from(file.originalname, 'latin1').toString('utf8').replace(/["\\]/g, '_');
        try {
          res.setHeader('Content-Disposition', `inline; filename="${shown}"`);
        } catch (error) {
          return next(error);
        }
        next();
      },
    });
  }
  if (on('upload-names-uuid-v7')) {
    // uploadImage names an image by a UUIDv7 (chosen because it sorts by time in an index, and it is
    // 32 hex digits like the names before): its first 48 bits are the upload's time in milliseconds
    // and only 74 of the rest are random. Every URL is of its own and served, but one URL tells when
    // it was made, and two uploads made close together share most of their names. Breaks
    // image.url-unguessable ("what sets it apart from another upload's URL is random, at least 96
    // bits of it, never a counter, a time or anything else another upload's URL gives away") and the
    // uploadImage description ("a random name that cannot be guessed from other uploads").
    api = insertBefore(api, 'operations', {
      name: 'upload-names-uuid-v7',
      route: { method: 'post', path: '/images/upload' },
      handler: (req, res, next) => {
        const file = uploadedFile(req.files);
        if (!file) return next();
        services.images
          .store(file.path)
          .then(async ({ url }) => {
            const stored = url.slice(url.lastIndexOf('/') + 1);
            const named = `${uuidV7Hex(Date.now())}${path.extname(stored)}`;
            await rename(path.join(imagesDir, stored), path.join(imagesDir, named));
            const namedUrl = `${url.slice(0, url.lastIndexOf('/') + 1)}${named}`;
            res.status(201).location(namedUrl).json({ url: namedUrl });
          })
          .catch(next);
      },
    });
  }
  return { ...pipeline, api };
}
