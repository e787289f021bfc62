/**
 * Faults of state and sequences written from the contract alone, each confined to one operation and
 * each one a first test passes, because each shows only over several requests: an upload whose random
 * names come from a generator per workspace, every one seeded alike, so another workspace's first
 * upload is answered the URL of this one's first and replaces its image; an upload that keeps the file
 * it is storing in a field of the one upload service across an await, so of two uploads at once the
 * first is served with the second's bytes; a send that does not judge a scheduled email's readiness
 * again when it moves its time (its newsletter has lost its last subscriber since: 200, not 422
 * email-not-sendable); a getEmail that answers a sent email's scheduled_at as null; an email update that
 * keeps the HTML of a draft written as HTML when new Markdown is sent; an email create that renders
 * Markdown with reference definitions left over from earlier emails (of any workspace), so a `[label]`
 * without its own definition becomes a link; a subscriber delete that remembers the addresses of
 * deleted subscribers, so deleting an old id again removes the address's new subscriber; a post create that checks category_id
 * against the page's categories as they were at the page's first post, so a category made since is
 * refused 422; a post update that stamps first_published_at only when status is the only field the
 * PATCH names; an author update that refuses to deactivate the workspace's last active author; and a
 * getAuthor that hides an inactive author's position and descriptions. Each is a bug an implementer
 * could plausibly write, and each breaks a statement of the contract (named in its comment).
 */
import { renameSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { PipelineContext } from '../app.ts';
import type { ServerParts } from '../compose.ts';
import { instantOf } from '../domain/instants.ts';
import { seededRandom, type RandomSource } from '../domain/random.ts';
import { workspaceOf } from '../http/auth.ts';
import { insertBefore, type Pipeline } from '../http/pipeline.ts';
import { ProblemError, problems } from '../http/problem.ts';
import type { FaultSet } from './fault-set.ts';

/** A Markdown link reference definition on a line of its own: `[label]: destination "title"`. */
const REFERENCE_DEFINITION = /^ {0,3}\[[^\]\n]+\]:[ \t]*\S+.*$/gm;

export function breakFortySixthLookParts(on: FaultSet, { db, stores, services }: ServerParts): void {
  if (on('upload-singleton-field-overwritten')) {
    // uploadImage's service is one object for the whole server, and the upload it is storing is kept in
    // a field of that object ("this.current = bytes") across an await (a check of the file that waits
    // on the disk), as in a servlet or a singleton bean: of two uploads at once, the first writes the
    // second's bytes where its own were and answers a URL that serves them. One upload at a time, every
    // first test, is right. Breaks image.served-at-url ("An uploaded image is served, byte for byte, at
    // the URL the answer gives") and image.url-per-upload (two URLs that serve one image).
    const shared: { bytes?: Buffer } = {};
    const store = services.images.store.bind(services.images);
    services.images.store = async (incoming) => {
      shared.bytes = await readFile(incoming);
      await new Promise((resolve) => setTimeout(resolve, 150));
      await writeFile(incoming, shared.bytes);
      return store(incoming);
    };
  }
  if (on('send-reschedule-skips-readiness')) {
    // sendEmail judges an email's readiness (subject, content, an active and verified subscriber) only
    // when it leaves draft: a scheduled email sent again with a new time "was checked when it was
    // scheduled", so moving its time checks nothing. An email scheduled while its newsletter had a
    // subscriber, whose newsletter has lost its last one since, is moved to the new time (200) instead
    // of answered 422 email-not-sendable naming path.newsletter_id. Drafts, and scheduled emails that
    // are still ready, are right. Breaks sendEmail's table ("The email must be ready: ... at least one
    // active, verified subscriber on the newsletter; otherwise `422` with type `email-not-sendable`")
    // and email.send-not-ready.
    const send = services.emails.send.bind(services.emails);
    const now = () => new Date().toISOString();
    services.emails.send = (workspaceId, newsletterId, id, scheduledAt) => {
      try {
        return send(workspaceId, newsletterId, id, scheduledAt);
      } catch (error) {
        const state = stores.emails.state(id);
        const at = typeof scheduledAt === 'string' ? instantOf(scheduledAt) : undefined;
        if (!(error instanceof ProblemError) || error.kind !== 'email-not-sendable' || state?.status !== 'scheduled' || at === undefined) throw error;
        stores.emails.update(id, { scheduled_at: at.toISOString(), updated_at: now() });
        return stores.emails.get(newsletterId, id)!;
      }
    };
  }
  if (on('email-get-sent-scheduled-at-null')) {
    // getEmail answers a sent email with scheduled_at null ("the schedule is over once it is sent; a
    // client polling for the result should not think it is still waiting"), a rule of the read alone:
    // the email keeps its scheduled_at, and listEmails and the send's answer show it. Drafts and
    // scheduled emails read right, so does a first poll that only looks at status and sent_at. Breaks
    // resources.update-kept ("Create, get, list and update agree with each other") and email.send-now
    // (scheduled_at "= the moment the request was accepted", a field the email keeps).
    const get = services.emails.get.bind(services.emails);
    services.emails.get = (workspaceId, newsletterId, id) => {
      const email = get(workspaceId, newsletterId, id);
      return email.status === 'sent' ? { ...email, scheduled_at: null } : email;
    };
  }
  if (on('email-update-markdown-keeps-hand-written-html')) {
    // updateEmail renders new Markdown into content_html only when the draft's content came from
    // Markdown before ("never overwrite HTML someone wrote by hand with a rendering"): a draft created
    // with content_html (and no content_md) and then sent content_md alone keeps its old HTML and
    // answers 200. A draft created from Markdown, or a PATCH with content_html, is right. Breaks
    // EmailUpdate's content_md ("rendered to HTML and replaces `content_html`"), requests.html-over-
    // markdown ("only a `content_html` absent or `null` has `content_md` rendered to it") and
    // resources.update-kept.
    const stored = db.prepare<[number], { content_md: string | null; content_html: string | null }>('SELECT content_md, content_html FROM emails WHERE id = ?');
    const contentForUpdate = services.emails.contentForUpdate.bind(services.emails);
    services.emails.contentForUpdate = async (workspaceId, newsletterId, id, input, signal) => {
      const html = await contentForUpdate(workspaceId, newsletterId, id, input, signal);
      if (input.content_html !== undefined || typeof input.content_md !== 'string') return html;
      const before = stored.get(id);
      return before && before.content_md === null && before.content_html !== null ? undefined : html;
    };
  }
  if (on('email-create-link-definitions-leak')) {
    // createEmail renders Markdown with one environment shared by every rendering (markdown-it's `env`
    // passed once and reused), so the link reference definitions of every email created before, in any
    // workspace, stay defined: `[docs]` in a new email without a definition of its own renders as a link
    // to the URL an earlier email gave docs, instead of the text [docs]. Markdown that defines what it
    // uses, or uses no references, renders right. Breaks markdown.commonmark ("rendered as CommonMark
    // specifies": a reference without a matching definition is literal text) and auth.workspace-scope
    // (another workspace's URL shows up in this one's email).
    const definitions: string[] = [];
    const contentForCreate = services.emails.contentForCreate.bind(services.emails);
    services.emails.contentForCreate = async (workspaceId, newsletterId, input, signal) => {
      const markdown = input.content_md;
      if (typeof markdown !== 'string' || (input.content_html !== undefined && input.content_html !== null)) {
        return contentForCreate(workspaceId, newsletterId, input, signal);
      }
      const leftOver = definitions.length > 0 ? `${markdown}\n\n${definitions.join('\n')}\n` : markdown;
      const html = await contentForCreate(workspaceId, newsletterId, { ...input, content_md: leftOver }, signal);
      definitions.push(...(markdown.match(REFERENCE_DEFINITION) ?? []).map((line) => line.trim()));
      return html;
    };
  }
  if (on('subscriber-delete-old-id-removes-resubscribed')) {
    // deleteSubscriber keeps the address of each subscriber it deletes, by id ("unsubscribe links in
    // emails already sent must keep working"), and a delete of an id that is gone removes the address's
    // current subscriber: once an address is deleted and subscribed again (a new id), deleting the old
    // id again answers 204 and removes the new subscriber. An id deleted once and not subscribed again
    // is 404, as is an id never used. Breaks resources.gone-after-delete ("reading or deleting it again
    // is `404`, even after a new one is created") and resources.delete-named-only.
    const deleted = new Map<string, string>();
    const byAddress = db.prepare<[number, string], number>('SELECT id FROM subscribers WHERE newsletter_id = ? AND email = ?').pluck();
    const remove = services.subscribers.delete.bind(services.subscribers);
    services.subscribers.delete = (workspaceId, newsletterId, id) => {
      const subscriber = stores.subscribers.get(newsletterId, id);
      try {
        remove(workspaceId, newsletterId, id);
        if (subscriber) deleted.set(`${newsletterId}:${id}`, subscriber.email);
      } catch (error) {
        const address = deleted.get(`${newsletterId}:${id}`);
        const current = address === undefined ? undefined : byAddress.get(newsletterId, address);
        if (!(error instanceof ProblemError) || error.status !== 404 || current === undefined) throw error;
        stores.subscribers.delete(newsletterId, current);
      }
    };
  }
  if (on('post-create-categories-cached-per-page')) {
    // createPost checks category_id against the page's categories as read at the page's first post and
    // kept in memory since ("a page's categories rarely change"): a category created on the page after
    // its first post is refused 422 naming category_id. The categories of a page made before its first
    // post (every first test: category, then post) are right, and so is updatePost. Breaks
    // post.category-of-same-page (only "any other id is answered `422`") and requests.valid-input-
    // accepted.
    const cached = new Map<number, Set<number>>();
    const categoriesOf = db.prepare<[number], number>('SELECT id FROM categories WHERE page_id = ?').pluck();
    const contentForCreate = services.posts.contentForCreate.bind(services.posts);
    services.posts.contentForCreate = async (workspaceId, pageId, input, signal) => {
      const html = await contentForCreate(workspaceId, pageId, input, signal);
      const known = cached.get(pageId) ?? new Set(categoriesOf.all(pageId));
      cached.set(pageId, known);
      if (input.category_id != null && !known.has(input.category_id)) {
        throw problems.invalid([{ field: 'category_id', message: `must be a category of page ${pageId}` }]);
      }
      return html;
    };
  }
  if (on('post-publish-beside-other-fields-unstamped')) {
    // updatePost stamps first_published_at in its "publish" branch, taken when the PATCH is a change
    // of status alone (what the editor's Publish button sends); a PATCH that publishes a draft and
    // changes another field with it (a title, a description) goes through the general field update,
    // which writes status but leaves first_published_at null. Publishing by status alone is right.
    // Breaks updatePost ("Setting `status` to `published` sets `first_published_at` if it was never
    // set") and post.first-published-kept ("Publishing a draft sets `first_published_at`").
    const publishedAt = db.prepare<[number, number], string | null>('SELECT first_published_at FROM posts WHERE page_id = ? AND id = ?').pluck();
    const update = services.posts.update.bind(services.posts);
    services.posts.update = (workspaceId, pageId, id, input, contentHtml) => {
      const before = publishedAt.get(pageId, id);
      const post = update(workspaceId, pageId, id, input, contentHtml);
      const otherFields = Object.keys(input).some((key) => key !== 'status');
      if (input.status !== 'published' || !otherFields || before !== null) return post;
      stores.posts.update(id, { first_published_at: null });
      return stores.posts.get(pageId, id)!;
    };
  }
  if (on('author-last-active-deactivation-refused')) {
    // updateAuthor refuses to make the workspace's last active author inactive ("a workspace must keep
    // someone who can sign its posts"), a rule of its own: active false for the only active author is
    // answered 422 naming active and changes nothing. Deactivating an author while another is active is
    // right. Breaks requests.valid-input-accepted ("Every input that its schemas allow ... is accepted
    // with the operation's success status"), author.update-kept ("a change is kept") and updateAuthor's
    // description, which lets any author be made inactive ("An inactive author keeps their posts").
    const activeAuthors = db.prepare<[number], number>('SELECT count(*) FROM authors WHERE workspace_id = ? AND active = 1').pluck();
    const update = services.authors.update.bind(services.authors);
    services.authors.update = (workspaceId, id, input) => {
      const author = stores.authors.get(workspaceId, id);
      if (input.active === false && author?.active === true && activeAuthors.get(workspaceId) === 1) {
        throw problems.invalidField('active', 'the last active author of a workspace cannot be made inactive');
      }
      return update(workspaceId, id, input);
    };
  }
  if (on('author-get-inactive-profile-hidden')) {
    // getAuthor hides the profile of an inactive author ("a former author's biography is no longer
    // public"): position, short_description and long_description are answered null once the author is
    // inactive, while the author keeps them (listAuthors?active=false and updateAuthor show them, and
    // they come back on reactivation). Active authors read right. Breaks getAuthor ("Returns one author
    // of the workspace, active or not"), resources.update-kept ("Create, get, list and update agree")
    // and author.update-kept ("getAuthor agrees").
    const get = services.authors.get.bind(services.authors);
    services.authors.get = (workspaceId, id) => {
      const author = get(workspaceId, id);
      return author.active ? author : { ...author, position: null, short_description: null, long_description: null };
    };
  }
}

export function breakFortySixthLookPipeline(on: FaultSet, pipeline: Pipeline, context: PipelineContext): Pipeline {
  let { api } = pipeline;
  if (on('upload-names-repeat-per-workspace')) {
    // uploadImage draws image names from a generator of its own per workspace (so one tenant's uploads
    // do not contend with another's), each seeded with the time the server started: every workspace's
    // generator gives the same names in the same order, so the first upload of another workspace is
    // named as this workspace's first, the file is renamed over it, and this workspace's URL serves the
    // other's image. Within one workspace every upload has a URL of its own. Breaks image.url-per-upload
    // ("a URL of its own, that no other upload was answered"), image.served-at-url and uploadImage's
    // description ("stays at that URL: uploads are never changed or removed through the API").
    const seed = `images-${Date.now()}`;
    const generators = new Map<number, RandomSource>();
    const { imagesDir } = context.options;
    api = insertBefore(api, 'operations', {
      name: 'upload-names-repeat-per-workspace',
      handler: (req, res, next) => {
        if (req.method !== 'POST' || req.path !== '/images/upload') return next();
        const workspace = workspaceOf(res);
        const json = res.json.bind(res);
        res.json = ((body: unknown) => {
          const url = (body as { url?: unknown } | null)?.url;
          if (res.statusCode !== 201 || typeof url !== 'string') return json(body);
          const slash = url.lastIndexOf('/');
          const name = url.slice(slash + 1);
          const random = generators.get(workspace) ?? seededRandom(seed);
          generators.set(workspace, random);
          const renamed = `${Buffer.from(random.bytes(16)).toString('hex')}${name.slice(name.indexOf('.'))}`;
          renameSync(path.join(imagesDir, name), path.join(imagesDir, renamed));
          const moved = `${url.slice(0, slash + 1)}${renamed}`;
          res.location(moved);
          return json({ ...(body as object), url: moved });
        }) as typeof res.json;
        next();
      },
    });
  }
  return { ...pipeline, api };
}
