/**
 * Faults written from the contract alone, each confined to one operation and each one a first test
 * passes: a draft published by an update that gets no first_published_at, subscribers listed oldest
 * first at page sizes over 50, page names compared by simple lowercasing (Straße and STRASSE two
 * names), HEAD of an email through another newsletter answered 200, a subscriber deleted twice
 * answered 204 twice, an email-not-sendable that names only the first thing missing, a send for later
 * that stamps sent_at, pages listed by their last update, an explicit page slug whose `/` becomes a
 * hyphen on update only, an inactive author refused on a new post, updatePost's 422 exposing only two
 * header fields to scripts, and uploads named by their first bytes so a second image overwrites the
 * first. Each is a bug an implementer could plausibly write, and each breaks a statement of the
 * contract (named in its comment).
 */
import { createHash } from 'node:crypto';
import { open, rename } from 'node:fs/promises';
import path from 'node:path';
import type { PipelineContext } from '../app.ts';
import type { ServerParts } from '../compose.ts';
import { insertBefore, type Pipeline } from '../http/pipeline.ts';
import { ProblemError, problems } from '../http/problem.ts';
import type { FaultSet } from './fault-set.ts';
import { rememberHead } from './head-marks.ts';

/** Every item of a list in one piece, so a fault can order or cut it its own way. */
const EVERYTHING = { page: 1, size: Number.MAX_SAFE_INTEGER };

/** How many leading bytes of an upload name it: a GIF's header and logical screen descriptor. */
const NAMING_BYTES = 13;

async function firstBytes(file: string, count: number): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(count);
    const { bytesRead } = await handle.read(buffer, 0, count, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

export function breakSeventhLookParts(on: FaultSet, { stores, services }: ServerParts): void {
  if (on('post-publish-by-update-unstamped')) {
    // updatePost writes the status a PATCH names but sets first_published_at only where posts are
    // created: a draft published later reads `published` with first_published_at null. A post created
    // published is right. Breaks post.first-published-kept ("Publishing a draft sets
    // first_published_at").
    const update = services.posts.update.bind(services.posts);
    services.posts.update = (workspaceId, pageId, id, input, contentHtml) => {
      const before = stores.posts.get(pageId, id);
      const post = update(workspaceId, pageId, id, input, contentHtml);
      if (input.status !== 'published' || before?.first_published_at !== null) return post;
      stores.posts.update(id, { first_published_at: null });
      return stores.posts.get(pageId, id)!;
    };
  }
  if (on('subscribers-size-over-50-oldest-first')) {
    // listSubscribers answers a size over 50 from its export query, which reads the rows in the order
    // they were inserted: oldest first. The default size, and any size up to 50, are right. Breaks
    // lists.newest-first and lists.same-items-any-size.
    const list = services.subscribers.list.bind(services.subscribers);
    services.subscribers.list = (workspaceId, newsletterId, filter, paging) => {
      if (paging.size <= 50) return list(workspaceId, newsletterId, filter, paging);
      const all = list(workspaceId, newsletterId, filter, EVERYTHING);
      const offset = (paging.page - 1) * paging.size;
      return { total: all.total, items: [...all.items].reverse().slice(offset, offset + paging.size) };
    };
  }
  if (on('page-name-simple-case-folding')) {
    // createPage compares a new name with the others by NFKC and lowercasing, simple case folding, where
    // the contract asks for full folding: `Straße` and `STRASSE` are two names, though `Engineering Blog`
    // and `engineering blog` are rightly one. updatePage is right. Breaks names.unique-any-case and the
    // introduction's Requests ("and so are ... Straße and STRASSE").
    const simpleKey = (name: string) => name.normalize('NFKC').toLowerCase();
    const create = services.pages.create.bind(services.pages);
    services.pages.create = (workspaceId, input) => {
      const fullKey = stores.pages.nameKey;
      stores.pages.nameKey = simpleKey;
      try {
        return create(workspaceId, input);
      } finally {
        stores.pages.nameKey = fullKey;
      }
    };
  }
  if (on('subscriber-delete-twice-204')) {
    // deleteSubscriber remembers what it deleted and answers a second delete of it 204 again ("already
    // gone is fine"): the first delete, and an id that never was a subscriber, are right. Breaks
    // resources.gone-after-delete ("reading or deleting it again is 404").
    const deleted = new Set<string>();
    const remove = services.subscribers.delete.bind(services.subscribers);
    services.subscribers.delete = (workspaceId, newsletterId, id) => {
      const key = `${workspaceId}/${newsletterId}/${id}`;
      if (deleted.has(key)) return;
      remove(workspaceId, newsletterId, id);
      deleted.add(key);
    };
  }
  if (on('not-sendable-first-cause-only')) {
    // sendEmail stops at the first thing it finds missing: an email without content whose newsletter
    // has no active, verified subscriber is refused naming content_html alone. One cause alone is
    // right. Breaks email.not-sendable-fields ("name each thing missing") and errors.field-names.
    const send = services.emails.send.bind(services.emails);
    services.emails.send = (workspaceId, newsletterId, id, at) => {
      try {
        return send(workspaceId, newsletterId, id, at);
      } catch (error) {
        if (error instanceof ProblemError && error.kind === 'email-not-sendable' && error.errors && error.errors.length > 1) {
          throw problems.notSendable(error.detail, error.errors.slice(0, 1));
        }
        throw error;
      }
    };
  }
  if (on('send-later-stamps-sent-at')) {
    // sendEmail with a future scheduled_at writes that time into sent_at too (the time "it will be
    // sent"): the scheduled email answers and reads a sent_at before anything was delivered. A send
    // now is right (sent_at null until delivery completes). Breaks the Email schema ("sent_at: Actual
    // send date, set when delivery completes") and email.send-later.
    const send = services.emails.send.bind(services.emails);
    services.emails.send = (workspaceId, newsletterId, id, at) => {
      const email = send(workspaceId, newsletterId, id, at);
      if (at == null || email.status !== 'scheduled' || email.scheduled_at === null) return email;
      stores.emails.update(id, { sent_at: email.scheduled_at });
      return stores.emails.get(newsletterId, id)!;
    };
  }
  if (on('pages-ordered-by-update')) {
    // listPages orders by updated_at instead of created_at: a page renamed after another was created
    // moves ahead of it. Pages never updated are listed right. Breaks lists.newest-first ("created_at
    // descending, then id descending").
    const list = services.pages.list.bind(services.pages);
    services.pages.list = (workspaceId, paging) => {
      const all = list(workspaceId, EVERYTHING);
      const items = [...all.items].sort((a, b) => b.updated_at.localeCompare(a.updated_at) || b.id - a.id);
      const offset = (paging.page - 1) * paging.size;
      return { total: all.total, items: items.slice(offset, offset + paging.size) };
    };
  }
  if (on('page-update-slug-slash-as-hyphen')) {
    // updatePage normalises an explicit slug as any other text, `/` included in the runs turned into
    // one hyphen: `team/news` becomes `team-news`, where createPage rightly gives `teamnews`. A slug
    // without `/` is right. Breaks page.rename-keeps-slug ("a new explicit slug is normalised as on
    // creation") and the introduction's Slugs ("`/` removed").
    const update = services.pages.update.bind(services.pages);
    services.pages.update = (workspaceId, id, input) =>
      update(workspaceId, id, input.slug != null && input.slug.includes('/') ? { ...input, slug: input.slug.replaceAll('/', '-') } : input);
  }
  if (on('post-author-inactive-refused')) {
    // createPost checks author_id against the workspace's active authors (the list an editor's
    // author picker shows): an inactive author's id is a 422 naming author_id. An active author, and
    // an id of no author, are right. Breaks resources.author-of-workspace ("must name an author of the
    // workspace"; an inactive author still is one, author.inactive-keeps-work) and
    // requests.valid-input-accepted.
    const prepare = services.posts.contentForCreate.bind(services.posts);
    services.posts.contentForCreate = (workspaceId, pageId, input, signal) => {
      const author = input.author_id == null ? undefined : stores.authors.get(workspaceId, input.author_id);
      if (author && !author.active && stores.pages.exists(workspaceId, pageId)) {
        throw problems.invalidField('author_id', 'must be an active author of your workspace');
      }
      return prepare(workspaceId, pageId, input, signal);
    };
  }
  if (on('upload-named-by-first-bytes')) {
    // uploadImage names a stored image by a hash of its first bytes (meant to store a re-upload once)
    // and moves it over whatever has that name: a second image with the same header (two GIFs of one
    // size) takes the first one's URL, and the first URL then serves the second image's bytes. A
    // single upload is right. Breaks image.served-at-url ("served, byte for byte, at the URL the
    // answer gives") and image.public-url.
    const images = services.images;
    const directory = (images as unknown as { directory: string }).directory;
    const store = images.store.bind(images);
    images.store = async (incoming) => {
      const head = await firstBytes(incoming, NAMING_BYTES);
      const { url } = await store(incoming);
      const stored = url.slice(url.lastIndexOf('/') + 1);
      const named = `${createHash('sha256').update(head).digest('hex').slice(0, 32)}${path.extname(stored)}`;
      await rename(path.join(directory, stored), path.join(directory, named));
      return { url: `${url.slice(0, url.lastIndexOf('/') + 1)}${named}` };
    };
  }
}

export function breakSeventhLookPipeline(on: FaultSet, api: Pipeline['api'], context: PipelineContext): Pipeline['api'] {
  let stages = api;
  const { stores } = context.options;
  if (on('head-email-other-newsletter-200')) {
    // HEAD of getEmail asks only whether the email exists in the workspace, not in the newsletter of
    // the path: through another newsletter of the workspace HEAD answers 200 where GET answers 404.
    // Through its own newsletter, and for an id of no email, it is right. Breaks http.head ("with the
    // status and headers GET would have") and resources.child-of-its-parent.
    const emailPath = /^\/newsletters\/(\d+)\/emails\/(\d+)$/;
    stages = insertBefore(stages, 'head', rememberHead('headEmail', emailPath));
    stages = insertBefore(stages, 'operations', {
      name: 'head-email-in-workspace',
      handler: (req, res, next) => {
        const workspaceId = res.locals.workspaceId as number | undefined;
        const match = emailPath.exec(req.path);
        if (res.locals.headEmail !== true || workspaceId === undefined || !match) return next();
        const newsletterId = Number(match[1]);
        const state = stores.emails.state(Number(match[2]));
        if (!state || state.newsletter_id === newsletterId) return next();
        if (!stores.newsletters.exists(workspaceId, newsletterId) || !stores.newsletters.exists(workspaceId, state.newsletter_id)) return next();
        res.status(200).type('application/json').end();
      },
    });
  }
  if (on('post-update-422-exposes-partial')) {
    // updatePost's 422 is written by a validation path that sets Access-Control-Expose-Headers from an
    // older list of its own, WWW-Authenticate and Allow only: a browser script cannot read RateLimit,
    // RateLimit-Policy, Location or Retry-After on it. Its 200, and every other operation's answers,
    // are right. Breaks headers.cors-exposed ("Wherever Access-Control-Expose-Headers is sent, it names
    // ... RateLimit, RateLimit-Policy and Retry-After").
    const postPath = /^\/pages\/\d+\/posts\/\d+$/;
    stages = insertBefore(stages, 'head', {
      name: 'post-update-422-exposes-partial',
      handler: (req, res, next) => {
        if (req.method === 'PATCH' && postPath.test(req.path)) {
          const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => typeof res;
          res.writeHead = ((...args: unknown[]) => {
            if (args[0] === 422) res.setHeader('Access-Control-Expose-Headers', 'WWW-Authenticate, Allow');
            return writeHead(...args);
          }) as typeof res.writeHead;
        }
        next();
      },
    });
  }
  return stages;
}
