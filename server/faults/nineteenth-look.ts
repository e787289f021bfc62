/**
 * Faults written from the contract alone, each confined to one operation and each one a first test
 * passes: uploads of the same bytes sharing one URL, a subscriber 422 that blames a valid address,
 * an upsert's 200 without the CORS fields, an inactive author's changes answered but not kept, a
 * refused rename that still moves updated_at, a scheduled time answered with more than millisecond
 * precision, a large page of posts gathering every page's posts, an unpublish answered but not kept, a
 * lowercase colour refused by the update alone, a category update answered over its first read,
 * `HEAD` of a page with Content-Length 0, and a later send that skips the readiness check. Each is a
 * bug an implementer could plausibly write, and each breaks a statement of the contract (named in its
 * comment).
 */
import { createHash } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import type { Category, Post } from '../../generated/openapi.d.ts';
import type { PipelineContext } from '../app.ts';
import type { ServerParts } from '../compose.ts';
import { insertBefore, type Pipeline } from '../http/pipeline.ts';
import { ProblemError, problems } from '../http/problem.ts';
import type { FaultSet } from './fault-set.ts';
import { rememberHead } from './head-marks.ts';

/** The posts of the page a fault's gathered list draws on, at most (the largest page the contract allows). */
const WHOLE_LIST = { page: 1, size: 100 };

export function breakNineteenthLookParts(on: FaultSet, { stores, services }: ServerParts): void {
  if (on('upload-same-bytes-same-url')) {
    // uploadImage names stored files by a hash of their bytes ("no need to keep the same picture
    // twice"): a second upload of the same file answers the first upload's URL. One upload, and
    // uploads of different images, are right. Breaks the uploadImage description ("a random name that
    // cannot be guessed from other uploads"): anyone holding a file learns whether, and where, it was
    // uploaded before.
    const byContent = new Map<string, { url: string }>();
    const store = services.images.store.bind(services.images);
    services.images.store = async (incoming) => {
      const digest = createHash('sha256').update(await readFile(incoming)).digest('hex');
      const known = byContent.get(digest);
      if (known) {
        await rm(incoming, { force: true });
        return known;
      }
      const stored = await store(incoming);
      byContent.set(digest, stored);
      return stored;
    };
  }
  if (on('author-inactive-update-not-stored')) {
    // updateAuthor writes with `UPDATE ... WHERE active = 1` (inactive authors are "frozen"), but
    // answers the row it meant to write: a change to an inactive author is answered 200 and lost;
    // getAuthor reads the old values. Changes to an active author, and making an author inactive or
    // active, are right. Breaks author.update-kept ("a change is kept ... getAuthor agrees") and
    // resources.update-kept.
    const update = services.authors.update.bind(services.authors);
    services.authors.update = (workspaceId, id, input) => {
      const before = stores.authors.get(workspaceId, id);
      const answer = update(workspaceId, id, input);
      if (!before || before.active || input.active !== undefined) return answer;
      stores.authors.update(id, {
        first_name: before.first_name,
        last_name: before.last_name,
        position: before.position,
        short_description: before.short_description,
        long_description: before.long_description,
        updated_at: before.updated_at,
      });
      return answer;
    };
  }
  if (on('posts-large-size-every-page')) {
    // listPosts answers a page size over 50 from a bulk query ("export" path) that lost its page
    // condition: at size 51 to 100 it lists and counts the posts of every page of the workspace. The
    // default size, and any size up to 50, are right. Breaks resources.child-of-its-parent,
    // lists.exact-filters and lists.same-items-any-size.
    const list = services.posts.list.bind(services.posts);
    services.posts.list = (workspaceId, pageId, filter, paging) => {
      const own = list(workspaceId, pageId, filter, paging);
      if (paging.size <= 50) return own;
      const every: Post[] = [];
      for (const page of stores.pages.list(workspaceId, WHOLE_LIST).items) every.push(...stores.posts.list(page.id, filter, WHOLE_LIST).items);
      every.sort((a, b) => (a.created_at === b.created_at ? b.id - a.id : a.created_at < b.created_at ? 1 : -1));
      const start = (paging.page - 1) * paging.size;
      return { ...own, total: every.length, items: every.slice(start, start + paging.size) };
    };
  }
  if (on('post-unpublish-not-stored')) {
    // updatePost treats status as a one-way switch (draft to published) and drops `status: draft` for
    // a published post, while answering the post with the status asked for: it reads published
    // again after. Publishing a draft, and other changes, are right. Breaks resources.update-kept and
    // resources.answer-as-stored.
    const update = services.posts.update.bind(services.posts);
    services.posts.update = (workspaceId, pageId, id, input, contentHtml) => {
      const before = stores.posts.get(pageId, id);
      if (input.status !== 'draft' || before?.status !== 'published') return update(workspaceId, pageId, id, input, contentHtml);
      const { status: _dropped, ...rest } = input;
      return { ...update(workspaceId, pageId, id, rest, contentHtml), status: 'draft' };
    };
  }
  if (on('category-update-color-capitals-only')) {
    // updateCategory checks a colour with its own pattern, `#[0-9A-F]{6}|#[0-9A-F]{3}`, capitals
    // only: a lowercase colour (#1e90ff) is a 422 naming color. createCategory, and colours in
    // capitals, are right. Breaks requests.valid-input-accepted (HexColor allows a-f) and
    // errors.only-present-causes (a valid value named).
    const update = services.categories.update.bind(services.categories);
    services.categories.update = (workspaceId, pageId, id, input) => {
      if (typeof input.color === 'string' && /[a-f]/.test(input.color)) throw problems.invalidField('color', 'must be a hex colour: #RRGGBB or #RGB');
      return update(workspaceId, pageId, id, input);
    };
  }
  if (on('category-update-answer-over-first-read')) {
    // updateCategory keeps the category it read for its first update, by id, and answers each later
    // update as that read with the fields the PATCH names laid over it: a second update of another
    // field answers the first update's change undone, though it is stored. A first update is right,
    // and so is getCategory. Breaks resources.answer-as-stored and resources.update-kept.
    const firstRead = new Map<number, Category>();
    const update = services.categories.update.bind(services.categories);
    services.categories.update = (workspaceId, pageId, id, input) => {
      const read = firstRead.get(id);
      if (!read) {
        firstRead.set(id, services.categories.get(workspaceId, pageId, id));
        return update(workspaceId, pageId, id, input);
      }
      const stored = update(workspaceId, pageId, id, input);
      const named = Object.fromEntries(Object.entries(input).filter(([key, value]) => value !== undefined && key !== 'slug'));
      return { ...read, ...named, slug: stored.slug, updated_at: stored.updated_at } as Category;
    };
  }
  if (on('send-later-skips-readiness')) {
    // sendEmail checks that an email is ready (subject, content, audience) only when it is sent now,
    // "since a scheduled one will be checked when its time comes": a draft without content is
    // accepted for a future time. Sending it now is the 422 email-not-sendable. Breaks
    // email.send-not-ready ("an email without content ... is answered 422") and the send state table.
    const send = services.emails.send.bind(services.emails);
    services.emails.send = (workspaceId, newsletterId, id, at) => {
      try {
        return send(workspaceId, newsletterId, id, at);
      } catch (error) {
        if (!(error instanceof ProblemError) || error.kind !== 'email-not-sendable' || at == null) throw error;
        const now = new Date().toISOString();
        stores.emails.update(id, { status: 'scheduled', scheduled_at: new Date(at).toISOString(), delivery_started_at: null, updated_at: now });
        return stores.emails.get(newsletterId, id)!;
      }
    };
  }
}

export function breakNineteenthLookPipeline(on: FaultSet, api: Pipeline['api'], context: PipelineContext): Pipeline['api'] {
  let stages = api;
  const subscribersPath = /^\/newsletters\/\d+\/subscribers$/;
  if (on('subscriber-unknown-field-names-email')) {
    // createSubscriber's 422 for a body with an unknown field adds an error for `email` ("the address
    // could not be read from the body"), though the address is valid. A 422 for an invalid address
    // alone is right. Breaks errors.only-present-causes ("never a field ... whose value is valid").
    stages = insertBefore(stages, 'validator', {
      name: 'subscriber-unknown-field-names-email',
      handler: (req, res, next) => {
        if (req.method !== 'POST' || !subscribersPath.test(req.path)) return next();
        const email = (req.body as { email?: unknown } | undefined)?.email;
        const send = res.send.bind(res);
        res.send = (body: unknown) => {
          if (res.statusCode !== 422 || typeof body !== 'string' || typeof email !== 'string') return send(body);
          const problem = JSON.parse(body) as { errors?: { field: string; message: string }[] };
          const errors = problem.errors ?? [];
          if (errors.some((e) => e.field === 'email') || !errors.some((e) => !e.field.startsWith('path.') && !e.field.startsWith('query.'))) return send(body);
          return send(JSON.stringify({ ...problem, errors: [...errors, { field: 'email', message: 'could not be read from the body' }] }));
        };
        next();
      },
    });
  }
  if (on('upsert-existing-without-cors')) {
    // createSubscriber answers an address already on the newsletter from an early-return path that
    // writes its header fields afresh and loses the CORS fields; the answer for a new address carries
    // them (both are 200). Breaks headers.cors-present ("every answer ... whatever its status").
    stages = insertBefore(stages, 'operations', {
      name: 'upsert-existing-without-cors',
      handler: (req, res, next) => {
        if (req.method !== 'POST' || !subscribersPath.test(req.path)) return next();
        const received = new Date().toISOString();
        const json = res.json.bind(res);
        res.json = (body: { created_at?: unknown }) => {
          // A subscriber created before this request arrived was already on the newsletter.
          if (res.statusCode === 200 && typeof body?.created_at === 'string' && body.created_at < received) {
            res.removeHeader('Access-Control-Allow-Origin');
            res.removeHeader('Access-Control-Expose-Headers');
          }
          return json(body);
        };
        next();
      },
    });
  }
  if (on('newsletter-rename-409-touches-updated-at')) {
    // updateNewsletter stamps updated_at on its own, outside the transaction the name check refuses
    // (a "last touched" write after the answer): a rename refused 409 name-taken leaves the newsletter
    // with a new updated_at. An accepted rename, and the 409 answer itself, are right. Breaks
    // resources.refused-write-changes-nothing ("no state moves").
    const { stores } = context.options;
    const newsletterPath = /^\/newsletters\/(\d+)$/;
    stages = insertBefore(stages, 'operations', {
      name: 'newsletter-rename-409-touches-updated-at',
      handler: (req, res, next) => {
        const match = newsletterPath.exec(req.path);
        if (req.method !== 'PATCH' || !match) return next();
        res.once('finish', () => {
          if (res.statusCode === 409) stores.newsletters.update(Number(match[1]), { updated_at: new Date().toISOString() });
        });
        next();
      },
    });
  }
  if (on('send-later-answers-sub-millisecond')) {
    // sendEmail answers scheduled_at by converting the request's time to UTC as text, keeping every
    // fraction digit it was written with: 12:00:00.123456+02:00 is answered 10:00:00.123456Z (stored,
    // and read by getEmail, with milliseconds). A time written with up to three fraction digits is
    // right. Breaks responses.timestamps-utc ("UTC with millisecond precision") and
    // resources.answer-as-stored.
    const sendPath = /^\/newsletters\/\d+\/emails\/\d+\/send$/;
    stages = insertBefore(stages, 'operations', {
      name: 'send-later-answers-sub-millisecond',
      handler: (req, res, next) => {
        const written = (req.body as { scheduled_at?: unknown } | undefined)?.scheduled_at;
        const fraction = typeof written === 'string' ? /T\d\d:\d\d:\d\d\.(\d{4,})/.exec(written) : null;
        if (req.method !== 'POST' || !sendPath.test(req.path) || !fraction) return next();
        const json = res.json.bind(res);
        res.json = (body: Record<string, unknown>) => {
          if (res.statusCode !== 200 || typeof body?.scheduled_at !== 'string') return json(body);
          const utc = new Date(Date.parse(written as string)).toISOString().slice(0, 19);
          return json({ ...body, scheduled_at: `${utc}.${fraction[1]}Z` });
        };
        next();
      },
    });
  }
  if (on('head-page-content-length-zero')) {
    // HEAD of getPage writes `Content-Length: 0` (the length of the body it sends) instead of the
    // length GET's body has. The status and the other header fields are right. Breaks http.head
    // ("with the status and headers GET would have") and RFC 9110 section 8.6 (a HEAD's
    // Content-Length is the one GET would send).
    const pagePath = /^\/pages\/\d+$/;
    stages = insertBefore(stages, 'head', rememberHead('headPage', pagePath));
    stages = insertBefore(stages, 'operations', {
      name: 'head-page-content-length-zero',
      handler: (_req, res, next) => {
        if (res.locals.headPage !== true) return next();
        const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => typeof res;
        res.writeHead = ((...args: unknown[]) => {
          res.setHeader('Content-Length', '0');
          return writeHead(...args);
        }) as typeof res.writeHead;
        next();
      },
    });
  }
  return stages;
}
