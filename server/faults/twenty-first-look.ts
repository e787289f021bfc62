/**
 * Faults written from the contract alone, each confined to one operation and each one a first test
 * passes: an author's position stored HTML-escaped, a category recoloured to `#RGB` stored as
 * `#RRGGBB`, a newsletter rename that checks the name before the newsletter, pages after the first
 * offset by at most 50 items a page, a subscriber upsert answered as a problem document, an image's
 * `HEAD` without its image type, a send through another newsletter judged on that newsletter's
 * audience, a subject of emoji called blank, a reschedule cut to whole seconds, a PNG served without
 * the bytes after its last chunk, the post list without its images, and a post update that judges its
 * category before it finds the post. Each is a bug an implementer could plausibly write, and each
 * breaks a statement of the contract (named in its comment).
 */
import { readFile, writeFile } from 'node:fs/promises';
import type { RequestHandler } from 'express';
import type { PipelineContext } from '../app.ts';
import type { ServerParts } from '../compose.ts';
import { missingForSend } from '../domain/sending.ts';
import { slugOr } from '../domain/slugs.ts';
import { insertBefore, wrapStage, type Pipeline } from '../http/pipeline.ts';
import { ProblemError, problems } from '../http/problem.ts';
import { beforeHeaders } from './answer-rewrites.ts';
import type { FaultSet } from './fault-set.ts';

/** Every item of a list, in one page large enough to hold them all, for a fault to cut its own window. */
const WHOLE_LIST = { page: 1, size: Number.MAX_SAFE_INTEGER };

/** The largest page size an older version of the list allowed, which the page offset still assumes. */
const OLD_SIZE_LIMIT = 50;

/** The characters an HTML escaper rewrites, and what it writes for them. */
const HTML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** The eight bytes every PNG file starts with. */
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Where the last chunk of a PNG (IEND: its length, type and CRC, 12 bytes) ends, or -1 without one. */
function pngEnd(bytes: Buffer): number {
  const iend = bytes.lastIndexOf('IEND', undefined, 'latin1');
  return iend < 4 ? -1 : iend + 8;
}

/** `#abc` written out as `#aabbcc`; any other colour as it is. */
const expandedColour = (color: string) => (/^#[0-9A-Fa-f]{3}$/.test(color) ? `#${[...color.slice(1)].map((digit) => digit + digit).join('')}` : color);

/** Whether a send's time (absent, or a future instant) passes the check of the time. */
const timeAccepted = (at: string | null | undefined) => at == null || Date.parse(at) > Date.now();

export function breakTwentyFirstLookParts(on: FaultSet, { stores, services }: ServerParts): void {
  if (on('author-position-html-escaped')) {
    // updateAuthor escapes the position for HTML before storing it (the author card prints it into a
    // page): "Editor" is stored as sent, "R&D lead" as "R&amp;D lead", in the answer and in every read
    // after. Breaks resources.update-kept ("an accepted update is kept") and resources.answer-as-stored.
    const update = services.authors.update.bind(services.authors);
    services.authors.update = (workspaceId, id, input) =>
      update(workspaceId, id, typeof input.position === 'string' ? { ...input, position: input.position.replace(/[&<>"']/g, (c) => HTML_ENTITIES[c]!) } : input);
  }
  if (on('category-short-colour-expanded-on-update')) {
    // updateCategory writes a three-digit colour out to six digits (#f80 becomes #ff8800) before
    // storing it; createCategory keeps it as given, and so does an update to a six-digit colour.
    // Breaks createCategory's rule ("color is kept as given"), the Category schema ("#RRGGBB or #RGB,
    // as given") and resources.update-kept.
    const update = services.categories.update.bind(services.categories);
    services.categories.update = (workspaceId, pageId, id, input) =>
      update(workspaceId, pageId, id, typeof input.color === 'string' ? { ...input, color: expandedColour(input.color) } : input);
  }
  if (on('newsletter-rename-409-before-404')) {
    // updateNewsletter checks that a new name is free before it looks the newsletter up: a rename of a
    // newsletter that does not exist to a name the workspace uses is a 409 name-taken, not a 404. A
    // free name sent to a missing id, and any name sent to an existing one, are right. Breaks
    // errors.precedence ("404 for a resource the path names" before "409 for the state").
    const update = services.newsletters.update.bind(services.newsletters);
    services.newsletters.update = (workspaceId, id, input) => {
      if (input.name != null && !stores.newsletters.exists(workspaceId, id) && stores.newsletters.idByName(workspaceId, input.name) !== undefined) {
        throw problems.nameTaken(`Another newsletter of your workspace is already named "${input.name}".`);
      }
      return update(workspaceId, id, input);
    };
  }
  if (on('pages-offset-size-capped-at-50')) {
    // listPages computes a page's offset with the size capped at 50, the list's old limit, though it
    // answers up to the size asked for: at 50 or less, and on page 1 at any size, the pages are right;
    // at size 51 page 2 starts at the 51st page, repeating the last of page 1. Breaks
    // lists.envelope-arithmetic ("walking the pages visits every item once") and
    // lists.same-items-any-size.
    const list = services.pages.list.bind(services.pages);
    services.pages.list = (workspaceId, paging) => {
      if (paging.size <= OLD_SIZE_LIMIT || paging.page === 1) return list(workspaceId, paging);
      const all = list(workspaceId, WHOLE_LIST);
      const offset = (paging.page - 1) * OLD_SIZE_LIMIT;
      return { ...all, items: all.items.slice(offset, offset + paging.size) };
    };
  }
  if (on('send-other-newsletter-unready-422')) {
    // sendEmail judges the audience of the newsletter the path names before it checks that the email
    // belongs to it: an email sent through another newsletter of the workspace that has no subscriber
    // is a 422 email-not-sendable naming path.newsletter_id, not a 404. Through a newsletter with
    // subscribers it is a 404, as it should be. Breaks resources.child-of-its-parent ("every operation
    // on it answers 404") and errors.precedence.
    const send = services.emails.send.bind(services.emails);
    services.emails.send = (workspaceId, newsletterId, id, at) => {
      const state = stores.emails.state(id);
      if (
        timeAccepted(at) &&
        state &&
        state.newsletter_id !== newsletterId &&
        stores.newsletters.exists(workspaceId, newsletterId) &&
        stores.newsletters.exists(workspaceId, state.newsletter_id) &&
        stores.subscribers.countAudience(newsletterId) === 0
      ) {
        throw problems.notSendable(`Email ${id} cannot be sent yet.`, [
          { field: 'path.newsletter_id', message: `newsletter ${newsletterId} has no active, verified subscriber` },
        ]);
      }
      return send(workspaceId, newsletterId, id, at);
    };
  }
  if (on('not-sendable-emoji-subject-blank')) {
    // sendEmail calls a subject blank when no slug can be made of it (it reuses the slug's "has letters
    // or digits" test): a subject of emoji alone ("🎉🎉") is refused 422 email-not-sendable naming
    // subject, though it is not blank. A subject of words, and a subject of spaces, are judged right.
    // Breaks the not-sendable rule ("subject for a blank subject ... and only those") and
    // errors.only-present-causes.
    const send = services.emails.send.bind(services.emails);
    services.emails.send = (workspaceId, newsletterId, id, at) => {
      const state = stores.emails.state(id);
      if (
        timeAccepted(at) &&
        state?.newsletter_id === newsletterId &&
        stores.newsletters.exists(workspaceId, newsletterId) &&
        state.status !== 'sent' &&
        state.subject.trim() !== '' &&
        slugOr(state.subject, '') === ''
      ) {
        const missing = missingForSend({ ...state, subject: '' }, stores.subscribers.countAudience(newsletterId));
        throw problems.notSendable(`Email ${id} cannot be sent yet.`, missing);
      }
      return send(workspaceId, newsletterId, id, at);
    };
  }
  if (on('reschedule-drops-milliseconds')) {
    // sendEmail moving an already scheduled email to a new time stores that time cut to whole seconds
    // (the reschedule path goes through a helper that formats seconds): a first send later keeps
    // 10:00:00.250Z, a reschedule to 11:00:00.250Z answers and stores 11:00:00.000Z. Breaks the send
    // rule ("answers 200 scheduled at that instant ... sending a scheduled email again replaces its
    // time") and resources.update-kept.
    const send = services.emails.send.bind(services.emails);
    services.emails.send = (workspaceId, newsletterId, id, at) => {
      const state = stores.emails.state(id);
      if (at != null && state?.newsletter_id === newsletterId && state.status === 'scheduled' && state.delivery_started_at === null) {
        const whole = Math.floor(Date.parse(at) / 1000) * 1000;
        if (whole > Date.now()) return send(workspaceId, newsletterId, id, new Date(whole).toISOString());
      }
      return send(workspaceId, newsletterId, id, at);
    };
  }
  if (on('upload-png-trailing-bytes-dropped')) {
    // uploadImage "cleans" a PNG by cutting whatever follows its IEND chunk (data some tools append)
    // before keeping it: a plain PNG, and every other type, is served byte for byte; a PNG with bytes
    // after its last chunk is served without them. Breaks image.served ("served, byte for byte, at
    // the URL the answer gives") and the public-image rule ("the bytes uploaded").
    const store = services.images.store.bind(services.images);
    services.images.store = async (incoming) => {
      const bytes = await readFile(incoming);
      if (bytes.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) {
        const end = pngEnd(bytes);
        if (end > 0 && end < bytes.length) await writeFile(incoming, bytes.subarray(0, end));
      }
      return store(incoming);
    };
  }
  if (on('posts-list-without-images')) {
    // listPosts reads posts through the summary query, which leaves out the image columns: every listed
    // post has cover_image_url and og_image_url null, while getPost answers them. A post without
    // images lists right. Breaks resources.update-kept ("create, get, list and update agree") and
    // resources.readable-after-create.
    const list = services.posts.list.bind(services.posts);
    services.posts.list = (workspaceId, pageId, filter, paging) => {
      const answer = list(workspaceId, pageId, filter, paging);
      return { ...answer, items: answer.items.map((post) => ({ ...post, cover_image_url: null, og_image_url: null })) };
    };
  }
  if (on('post-update-reference-before-404')) {
    // updatePost judges a category_id before it finds the post: a PATCH naming a category of another
    // page, sent to a post id the page does not have, is a 422 naming category_id, not a 404. The same
    // PATCH to an existing post (422), and a valid PATCH to a missing one (404), are right; so is
    // createPost. Breaks errors.precedence ("404 for a resource the path names" before "422 for ... a
    // body's reference to another resource") and resources.missing-is-404.
    const prepare = services.posts.contentForUpdate.bind(services.posts);
    services.posts.contentForUpdate = async (workspaceId, pageId, id, input, signal) => {
      if (input.category_id != null && stores.pages.get(workspaceId, pageId) && !stores.categories.get(pageId, input.category_id)) {
        try {
          services.posts.get(workspaceId, pageId, id);
        } catch (error) {
          if (error instanceof ProblemError && error.status === 404) {
            throw problems.invalid([{ field: 'category_id', message: `must be a category of page ${pageId}` }]);
          }
          throw error;
        }
      }
      return prepare(workspaceId, pageId, id, input, signal);
    };
  }
}

export function breakTwentyFirstLookPipeline(on: FaultSet, pipeline: Pipeline, context: PipelineContext): Pipeline {
  let { api, after } = pipeline;
  if (on('upsert-existing-as-problem-json')) {
    // createSubscriber answers an address already on the newsletter from the branch that used to
    // answer a conflict, which sets the problem media type: the 200's body is the subscriber, its
    // Content-Type application/problem+json. The 200 of a new address, and every error, are right.
    // Breaks responses.media-type ("a success body is application/json").
    const subscribersPath = /^\/newsletters\/(\d+)\/subscribers$/;
    const { stores } = context.options;
    const alreadyThere = (newsletterId: number, email: unknown) =>
      typeof email === 'string' && stores.subscribers.list(newsletterId, {}, WHOLE_LIST).items.some((subscriber) => subscriber.email === email.trim().toLowerCase());
    api = insertBefore(api, 'operations', {
      name: 'upsert-existing-as-problem-json',
      handler: (req, res, next) => {
        const match = subscribersPath.exec(req.path);
        if (req.method === 'POST' && match && alreadyThere(Number(match[1]), (req.body as { email?: unknown } | undefined)?.email)) {
          beforeHeaders(res, (status) => {
            if (status === 200) res.setHeader('Content-Type', 'application/problem+json; charset=utf-8');
          });
        }
        next();
      },
    });
  }
  if (on('image-head-untyped')) {
    // The images an upload answers are served by a static handler whose HEAD branch does not look at
    // the file's type: HEAD of an image's URL answers 200 with Content-Type application/octet-stream,
    // where GET answers its image type. Breaks http.head ("with the status and headers GET would
    // have") for the URL uploadImage answers, and the public-image rule (its image type as
    // Content-Type).
    const untypedHead: RequestHandler = (req, res, next) => {
      if (req.method === 'HEAD') {
        beforeHeaders(res, (status) => {
          if (status === 200) res.setHeader('Content-Type', 'application/octet-stream');
        });
      }
      next();
    };
    after = wrapStage(after, 'images', (serve) => [untypedHead, ...[serve].flat()]);
  }
  return { ...pipeline, api, after };
}
