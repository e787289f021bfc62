/**
 * Faults written from the contract alone, each confined to one operation of the mail or images family
 * and each one a first test passes: an email update that coalesces the time stamps of edits made within
 * a minute of each other, as an editor's autosave does (the second update keeps the first one's
 * updated_at), a send that checks the audience only the first time an email is queued (a scheduled email
 * sent again after its newsletter lost its last reader is rescheduled instead of answered 422
 * email-not-sendable), a subscribers list that echoes the page and size it was asked for as the query's
 * texts ("2", "5") in its envelope, a subscriber upsert that subscribes the address as soon as it reads it,
 * before the strict-body check refuses an unknown field beside it (a 422 that stored a subscriber), a
 * subscriber delete that returns the newsletter's scheduled emails to draft when the newsletter has no
 * reader left, an upload that names images by a generator seeded with the current second (two uploads in
 * one second share a URL, the second overwriting the first), the images' directory served as a listing at
 * /images/ (every image's URL given away, where the contract has no such path), an emails list whose page
 * size 1 is served by a "latest email" shortcut without an offset (every page at size 1 answers the newest
 * email), an email update that does not render Markdown equal to the stored Markdown (sent again
 * after a hand edit of the HTML, it leaves the hand-edited HTML in place), and an email delete that renumbers the suffixed slugs of the newsletter's other emails to close the gap it leaves.
 * Each is a bug an implementer could plausibly write, and each breaks a statement of the contract (named
 * in its comment).
 */
import { createHash } from 'node:crypto';
import { readdir, rename } from 'node:fs/promises';
import path from 'node:path';
import type { PipelineContext } from '../app.ts';
import type { ServerParts } from '../compose.ts';
import { inTransaction } from '../db/database.ts';
import { timestamp, type Clock } from '../domain/clock.ts';
import { requestedSendTime } from '../domain/sending.ts';
import { workspaceOf } from '../http/auth.ts';
import { insertBefore, type Pipeline } from '../http/pipeline.ts';
import type { FaultSet } from './fault-set.ts';

/** How long an editor's autosave session lasts: updates closer than this to the previous one share its stamp. */
const AUTOSAVE_WINDOW_MS = 60_000;

/** The HTML Living Standard's valid email address, as SubscriberCreate's pattern holds it once trimmed. */
const ADDRESS = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;

export function breakFortyFourthLookParts(on: FaultSet, { db, stores, services }: ServerParts): void {
  // The services keep their clock and their images' directory to themselves; a fault reads them anyway.
  const clock = (services.emails as unknown as { context: { clock: Clock } }).context.clock;

  if (on('email-update-autosave-stamp-coalesced')) {
    // updateEmail treats edits as an editor's autosave does: an update that comes within a minute of
    // the previous update of the same email is the same editing session, and keeps that update's
    // updated_at ("one edit, not forty keystrokes"). The content is stored; only the stamp stays. The
    // first update after the create, and any update a minute or more after the one before, are stamped
    // right. Breaks resources.update-stamped ("An update that changes a stored value records its own time
    // in `updated_at`: received a millisecond or more after the answer of the resource's previous write,
    // it answers, and stores, an `updated_at` later than that write's") and the introduction's Requests
    // ("`updated_at` tells when a resource was last written").
    const sessions = new Map<number, { stamp: string; at: number }>();
    const update = services.emails.update.bind(services.emails);
    services.emails.update = (workspaceId, newsletterId, id, input, contentHtml) =>
      inTransaction(db, () => {
        const email = update(workspaceId, newsletterId, id, input, contentHtml);
        if (!Object.values(input).some((value) => value !== undefined)) return email;
        const now = Date.now();
        const session = sessions.get(id);
        if (session && now - session.at < AUTOSAVE_WINDOW_MS) {
          sessions.set(id, { stamp: session.stamp, at: now });
          stores.emails.update(id, { updated_at: session.stamp });
          return stores.emails.get(newsletterId, id)!;
        }
        sessions.set(id, { stamp: email.updated_at, at: now });
        return email;
      });
  }

  if (on('email-reschedule-audience-unchecked')) {
    // sendEmail checks that an email is ready (content, a subject, an active, verified subscriber) when
    // it leaves draft, and takes a scheduled email sent again as a change of its time alone ("it was
    // checked when it was queued"): a scheduled email whose newsletter has since lost its last active,
    // verified subscriber is rescheduled, 200 scheduled at the new time, instead of answered 422
    // email-not-sendable naming path.newsletter_id. A first send, and a reschedule while the newsletter
    // has readers, are right. Breaks email.send-not-ready ("An email ... whose newsletter has no active,
    // verified subscriber, is answered `422` with type `email-not-sendable`"), the send state table (a
    // `scheduled` email must be ready like a draft: "The email must be ready ... otherwise `422`") and
    // resources.refused-write-changes-nothing.
    const send = services.emails.send.bind(services.emails);
    services.emails.send = (workspaceId, newsletterId, id, scheduledAt) => {
      const state = stores.emails.state(id);
      const rescheduled =
        state !== undefined &&
        state.newsletter_id === newsletterId &&
        state.status === 'scheduled' &&
        state.delivery_started_at === null &&
        stores.newsletters.exists(workspaceId, newsletterId) &&
        stores.subscribers.countAudience(newsletterId) === 0;
      if (!rescheduled) return send(workspaceId, newsletterId, id, scheduledAt);
      const at = requestedSendTime(scheduledAt, clock.now());
      return inTransaction(db, () => {
        stores.emails.update(id, { status: 'scheduled', scheduled_at: at, delivery_started_at: null, updated_at: timestamp(clock) });
        return stores.emails.get(newsletterId, id)!;
      });
    };
  }

  if (on('subscriber-delete-last-unschedules-emails')) {
    // deleteSubscriber tidies up after the newsletter's last reader leaves: with no active, verified
    // subscriber left, the newsletter's scheduled emails (delivery not begun) "can no longer go out" and
    // are returned to draft, their scheduled_at cleared, so the editor sees they need attention. A
    // delete that leaves a reader, and a newsletter without scheduled emails, are right. Breaks
    // resources.delete-named-only ("A delete removes only the resource it names: every other resource
    // ... reads as before, but for what the operation says follows from it": deleteSubscriber says
    // nothing follows) and the introduction's Requests ("A `DELETE` removes only the resource it names").
    const unschedule = db.prepare<[string, number]>(
      "UPDATE emails SET status = 'draft', scheduled_at = NULL, updated_at = ? WHERE newsletter_id = ? AND status = 'scheduled' AND delivery_started_at IS NULL",
    );
    const remove = services.subscribers.delete.bind(services.subscribers);
    services.subscribers.delete = (workspaceId, newsletterId, id) =>
      inTransaction(db, () => {
        remove(workspaceId, newsletterId, id);
        if (stores.subscribers.countAudience(newsletterId) === 0) unschedule.run(timestamp(clock), newsletterId);
      });
  }

  if (on('image-upload-names-seeded-by-second')) {
    // uploadImage names an image by 32 hex digits of a generator seeded with the time in whole seconds
    // (a hash of the second, as a seeded PRNG's first output is), and moves it there, replacing what
    // is there: uploads in different seconds get different, random-looking URLs, but two uploads in the
    // same second get the same one, and the second upload's bytes are served at the first's URL. Breaks
    // image.url-per-upload ("Every accepted upload is answered a URL of its own, that no other upload was
    // answered"), image.url-unguessable ("never a counter, a time or anything else") and
    // image.served-at-url (the first upload's URL no longer serves its bytes).
    const images = services.images as unknown as { directory: string; publicUrl: string };
    const store = services.images.store.bind(services.images);
    services.images.store = async (incoming) => {
      const { url } = await store(incoming);
      const stored = url.slice(url.lastIndexOf('/') + 1);
      const extension = stored.slice(stored.indexOf('.') + 1);
      const second = Math.floor(Date.now() / 1000);
      const name = `${createHash('sha256').update(`seed:${second}`).digest('hex').slice(0, 32)}.${extension}`;
      await rename(path.join(images.directory, stored), path.join(images.directory, name));
      return { url: `${images.publicUrl}/images/${name}` };
    };
  }

  if (on('emails-size-one-latest-shortcut')) {
    // listEmails serves size=1 by the "latest issue" shortcut a newsletter's sign-up page uses (the
    // newest email, ORDER BY ... LIMIT 1), without an offset: every page at size 1 answers the newest
    // email, a page past the end too, while the envelope keeps the page asked for and the true total.
    // Page 1 at size 1, and every other size, are right. Breaks lists.same-items-any-size ("Walking a list
    // page by page visits the same items in the same order at every page size from 1 to 100"),
    // lists.envelope-arithmetic ("walking the pages visits every item once") and lists.past-the-end.
    const list = services.emails.list.bind(services.emails);
    services.emails.list = (workspaceId, newsletterId, status, paging) => list(workspaceId, newsletterId, status, paging.size === 1 ? { page: 1, size: 1 } : paging);
  }

  if (on('email-update-same-markdown-not-rendered')) {
    // updateEmail saves a rendering when the Markdown sent is the Markdown already stored ("nothing to
    // render, the HTML is already its rendering"), and keeps content_html as it is: but a content_html
    // written directly since (a hand edit of the HTML) is not that rendering, so a PATCH that sends the
    // earlier Markdown again answers 200 with the hand-edited HTML. Markdown that differs from the stored
    // one, a first update, and createEmail, are right. Breaks the EmailUpdate schema's content_md ("When
    // `content_html` is absent or `null`, it is rendered to HTML and replaces `content_html`"),
    // resources.update-kept ("an accepted update is kept") and resources.rewrite-accepted (a PATCH that
    // repeats a stored value is an update like any other).
    const storedMarkdown = db.prepare<[number], string | null>('SELECT content_md FROM emails WHERE id = ?').pluck();
    const contentForUpdate = services.emails.contentForUpdate.bind(services.emails);
    services.emails.contentForUpdate = async (workspaceId, newsletterId, id, input, signal) => {
      const html = await contentForUpdate(workspaceId, newsletterId, id, input, signal);
      const rendered = (input.content_html === undefined || input.content_html === null) && typeof input.content_md === 'string';
      return rendered && storedMarkdown.get(id) === input.content_md ? undefined : html;
    };
  }

  if (on('email-delete-slug-suffixes-renumbered')) {
    // deleteEmail keeps a newsletter's slugs "without gaps": after a draft is deleted, the other emails
    // whose slug has the same base and a higher suffix move down one (hello-2 becomes hello-1, hello-1
    // becomes hello when hello was deleted), as a tidy-minded implementer renumbers a sequence. The
    // deleted draft goes, as it should; an email whose slug shares no base with it, and every delete of
    // the highest suffix, are right. Breaks resources.delete-named-only ("every other resource ... the
    // resources beside it ... reads as before"), resources.fixed-fields' spirit for a derived slug that
    // "does not change" (EmailUpdate: "the slug does not change with it") and the Email schema's slug
    // ("unique in the newsletter with a `-1`, `-2` suffix", fixed when it is made).
    const idBySlug = db.prepare<[number, string], number>('SELECT id FROM emails WHERE newsletter_id = ? AND slug = ?').pluck();
    const remove = services.emails.delete.bind(services.emails);
    services.emails.delete = (workspaceId, newsletterId, id) =>
      inTransaction(db, () => {
        const deleted = stores.emails.get(newsletterId, id);
        remove(workspaceId, newsletterId, id);
        if (!deleted) return;
        const suffixed = /^(.+)-([1-9][0-9]*)$/.exec(deleted.slug);
        const base = suffixed ? suffixed[1]! : deleted.slug;
        const gap = suffixed ? Number(suffixed[2]) : 0;
        const later = stores.emails
          .slugsFrom(newsletterId, base)
          .map((slug) => ({ slug, suffix: slug.startsWith(`${base}-`) ? Number(slug.slice(base.length + 1)) : Number.NaN }))
          .filter(({ suffix }) => Number.isSafeInteger(suffix) && suffix > gap)
          .sort((a, b) => a.suffix - b.suffix);
        for (const { slug, suffix } of later) {
          const other = idBySlug.get(newsletterId, slug);
          if (other !== undefined) stores.emails.update(other, { slug: suffix - 1 === 0 ? base : `${base}-${suffix - 1}` });
        }
      });
  }
}

/** GET /newsletters/{newsletter_id}/subscribers. */
const SUBSCRIBERS_PATH = /^\/newsletters\/([1-9][0-9]{0,15})\/subscribers\/?$/;

const objectBody = (body: unknown): Record<string, unknown> | undefined =>
  body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;

export function breakFortyFourthLookPipeline(on: FaultSet, pipeline: Pipeline, context: PipelineContext): Pipeline {
  let { api, after } = pipeline;
  const { services, imagesDir } = context.options;
  if (on('subscribers-envelope-paging-as-strings')) {
    // listSubscribers writes its envelope's page and size from the query as it read them, strings, when
    // the request gave them ("echo the paging back"), and the defaults, numbers, when it did not: with
    // ?page=2 or ?size=5 the envelope says "page":"2" or "size":"5". A list without paging parameters,
    // every item and the total, and the other lists, are right. Breaks the SubscriberList schema (page and
    // size are integers), the introduction's Lists ("`page` is the 1-based page number ...; `size` the page
    // size"), lists.envelope-arithmetic and responses.schema-valid answers.
    api = insertBefore(api, 'operations', {
      name: 'subscribers-envelope-paging-as-strings',
      handler: (req, res, next) => {
        if ((req.method !== 'GET' && req.method !== 'HEAD') || !SUBSCRIBERS_PATH.test(req.path)) return next();
        const query = new URLSearchParams(req.originalUrl.split('?')[1] ?? '');
        const page = query.get('page') ?? undefined;
        const size = query.get('size') ?? undefined;
        if (page === undefined && size === undefined) return next();
        const end = res.end.bind(res) as (...args: unknown[]) => typeof res;
        res.end = ((...args: unknown[]) => {
          const [chunk] = args;
          const text = Buffer.isBuffer(chunk) ? chunk.toString('utf8') : chunk;
          if (typeof text === 'string' && text.startsWith('{"page":')) {
            const echoed = text.replace(/^\{"page":(\d+),"size":(\d+),/, (_all, p: string, s: string) =>
              `{"page":${page === undefined ? p : JSON.stringify(p)},"size":${size === undefined ? s : JSON.stringify(s)},`,
            );
            if (!res.headersSent && res.getHeader('Content-Length') !== undefined) res.setHeader('Content-Length', String(Buffer.byteLength(echoed)));
            args[0] = echoed;
          }
          return end(...args);
        }) as typeof res.end;
        next();
      },
    });
  }
  if (on('subscriber-unknown-field-upserted-first')) {
    // createSubscriber subscribes the address as soon as it has read a valid one ("an import never loses
    // an address to a stray column"), and the strict-body check comes after: a body with an unknown field
    // beside a valid email ({"email": ..., "name": "Ada"}) is answered 422 naming the unknown field, as it
    // should be, but the subscriber has been created and is listed. A valid body, and a body whose email
    // is invalid, are right. Breaks resources.refused-write-changes-nothing ("A refused write changes
    // nothing; no resource is created"), the introduction's Requests ("Request bodies are strict: an
    // unknown field is a `422`, never silently ignored") and the Errors order (the request judged on its own
    // before any work is done).
    api = insertBefore(api, 'validator', {
      name: 'subscriber-unknown-field-upserted-first',
      handler: (req, res, next) => {
        const match = req.method === 'POST' ? SUBSCRIBERS_PATH.exec(req.path) : null;
        const body = objectBody(req.body);
        if (!match || !body || typeof body.email !== 'string' || Object.keys(body).length < 2) return next();
        const address = body.email.trim();
        if (address.length <= 254 && body.email.length <= 254 && ADDRESS.test(address)) {
          try {
            services.subscribers.upsert(workspaceOf(res), Number(match[1]), body.email);
          } catch {
            // No such newsletter in the workspace: the 422 that follows is all the client sees.
          }
        }
        next();
      },
    });
  }
  if (on('newsletter-location-by-name-slug')) {
    // createNewsletter's Location names the new newsletter by its name_slug, the readable URL a
    // dashboard shows (/api/v1/newsletters/weekly), not by its id: the header is there, an absolute path
    // under the collection, but a GET of it is a 422 (path.id is not a whole number). The body, and the
    // Locations of every other create, are right. Breaks headers.location-created ("carries `Location`,
    // the URL of that resource ...: a `GET` of it with the same token answers `200` with the same body as
    // the `201`") and the Location header's description.
    api = insertBefore(api, 'validator', {
      name: 'newsletter-location-by-name-slug',
      handler: (req, res, next) => {
        if (req.method !== 'POST' || !/^\/newsletters\/?$/.test(req.path)) return next();
        const json = res.json.bind(res);
        res.json = ((body: unknown) => {
          const created = objectBody(body);
          const location = res.getHeader('Location');
          if (res.statusCode === 201 && created && typeof created.name_slug === 'string' && typeof location === 'string') {
            res.setHeader('Location', location.replace(/\/[0-9]+$/, `/${created.name_slug}`));
          }
          return json(body);
        }) as typeof res.json;
        next();
      },
    });
  }
  if (on('email-get-links-made-absolute')) {
    // getEmail makes the email "mail-ready" as it reads it: every relative link or image source in its
    // content_html (href="/offers", src="images/logo.png") is rewritten as an absolute URL under the
    // service's public origin, since mail clients have no base URL to resolve them against. HTML without
    // relative URLs (absolute links, mailto:, #anchors) reads as stored, and createEmail, updateEmail
    // and listEmails answer the HTML as sent. Breaks resources.update-kept ("Create, get, list and update
    // agree with each other"), resources.answer-as-stored and the createEmail description ("HTML sent
    // as `content_html` is stored as sent").
    const origin = context.options.publicUrl;
    api = insertBefore(api, 'validator', {
      name: 'email-get-links-made-absolute',
      handler: (req, res, next) => {
        if ((req.method !== 'GET' && req.method !== 'HEAD') || !/^\/newsletters\/[^/]+\/emails\/[^/]+\/?$/.test(req.path)) return next();
        const json = res.json.bind(res);
        res.json = ((body: unknown) => {
          const email = objectBody(body);
          if (res.statusCode === 200 && email && typeof email.content_html === 'string') {
            const absolute = email.content_html.replace(/\b(href|src)="(?![a-zA-Z][a-zA-Z0-9+.-]*:|#|\/\/)([^"]*)"/g, (_all, attribute: string, url: string) =>
              `${attribute}="${origin}/${url.replace(/^\/+/, '')}"`,
            );
            return json({ ...email, content_html: absolute });
          }
          return json(body);
        }) as typeof res.json;
        next();
      },
    });
  }
  if (on('images-directory-listed')) {
    // The images' directory is served with a listing at /images/ (serve-index beside express.static, left
    // on from development "to see what was uploaded"): a GET of /images/ answers 200 with an HTML list of
    // every stored image's name, linked. Each image's own URL is served right. Breaks
    // errors.unknown-path ("A path no operation has is answered `404` with a problem document ... beside
    // it on the service's origin: image URLs of the service included: an image is served at the URL its
    // upload answered and at no other") and image.url-unguessable ("one URL tells nothing of where the
    // others are": the listing gives every one away, to anyone, without a token).
    after = insertBefore(after, 'images', {
      name: 'images-directory-listed',
      handler: async (req, res, next) => {
        if ((req.method !== 'GET' && req.method !== 'HEAD') || req.path !== '/images/') return next();
        try {
          const names = (await readdir(imagesDir)).filter((name) => /^[0-9a-f]{32}\.(png|jpg|gif|webp)$/.test(name)).sort();
          const items = names.map((name) => `<li><a href="/images/${name}">${name}</a></li>`).join('\n');
          res.status(200).type('text/html; charset=utf-8').send(`<!DOCTYPE html>\n<title>/images/</title>\n<ul>\n${items}\n</ul>\n`);
        } catch (err) {
          next(err);
        }
      },
    });
  }
  return { ...pipeline, api, after };
}
