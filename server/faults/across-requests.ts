/**
 * Faults that show only across requests, each confined to one operation: a later read or write that
 * must see an earlier one, a property that must hold on every page and at every size, slugs of
 * subjects that are not ASCII, names unique in the right scope, HEAD next to GET, one sibling of a
 * family reached through the wrong parent, a problem that lists a cause the request does not have,
 * header values on one status or one operation, timestamps that must not move, and one operation
 * that reaches another workspace. Each is a bug an implementer could plausibly write, and each breaks
 * a statement of the contract (named in its comment).
 */
import type { RequestHandler } from 'express';
import type { PipelineContext } from '../app.ts';
import type { ServerParts } from '../compose.ts';
import { nextFreeSlug, slugOr } from '../domain/slugs.ts';
import { insertBefore, wrapStage, type Pipeline } from '../http/pipeline.ts';
import { ProblemError, problems } from '../http/problem.ts';
import type { FaultSet } from './fault-set.ts';
import { withoutCorsOn } from './wrong-answers.ts';
import { rememberHead } from './head-marks.ts';

/** How many bytes of a subject the non-ASCII slug helper keeps before it slugifies. */
const SUBJECT_BYTES_BEFORE_SLUG = 90;

/** The longest prefix of `text` whose UTF-8 encoding fits in `bytes`, without splitting a character. */
function utf8Prefix(text: string, bytes: number): string {
  let used = 0;
  let prefix = '';
  for (const character of text) {
    used += Buffer.byteLength(character);
    if (used > bytes) break;
    prefix += character;
  }
  return prefix;
}

export function breakAcrossRequestsParts(on: FaultSet, { db, stores, services }: ServerParts): void {
  if (on('category-recolor-not-stored')) {
    // The colour is written as COALESCE(color, @color), meant to keep the column when a request has no
    // colour: a category's first colour is stored, every later one is answered (the answer is built
    // from the request) and never stored. Breaks resources.update-kept and resources.answer-as-stored:
    // "an accepted update is kept"; "a read right after it answers the same fields".
    const restore = db.prepare<[string, number]>('UPDATE categories SET color = ? WHERE id = ?');
    const update = services.categories.update.bind(services.categories);
    services.categories.update = (workspaceId, pageId, id, input) => {
      const before = services.categories.get(workspaceId, pageId, id);
      const answer = update(workspaceId, pageId, id, input);
      if (typeof input.color === 'string' && before.color !== null) restore.run(before.color, id);
      return answer;
    };
  }
  if (on('newsletter-rename-keeps-name-key')) {
    // updateNewsletter writes the new name but not its folded key (the column unique names are checked
    // on): after a rename the old name stays taken and the new one looks free to a second newsletter.
    // Breaks names.unique-any-case: "a name already used in the workspace is answered 409", and the
    // description of createNewsletter ("must not be used by another newsletter of the workspace").
    const keyOf = db.prepare<[number], string | null>('SELECT name_key FROM newsletters WHERE id = ?').pluck();
    const restoreKey = db.prepare<[string | null, number]>('UPDATE newsletters SET name_key = ? WHERE id = ?');
    const update = stores.newsletters.update.bind(stores.newsletters);
    stores.newsletters.update = (id, changes) => {
      const oldKey = keyOf.get(id);
      update(id, changes);
      if (typeof changes.name === 'string' && oldKey !== undefined) restoreKey.run(oldKey, id);
    };
  }
  if (on('emails-status-filtered-after-paging')) {
    // listEmails takes the page of every email, then keeps the ones with the status asked for: the
    // total is the filtered count, but a page holds fewer items than it should (none, at times) and
    // walking the pages misses emails. Page 1 is right while the newest emails all have the status.
    // Breaks lists.envelope-arithmetic ("walking the pages visits every item once"),
    // lists.exact-filters and lists.same-items-any-size ("with a filter or without").
    const list = services.emails.list.bind(services.emails);
    services.emails.list = (workspaceId, newsletterId, status, paging) => {
      if (status === undefined) return list(workspaceId, newsletterId, status, paging);
      const { total } = list(workspaceId, newsletterId, status, paging);
      const { items } = list(workspaceId, newsletterId, undefined, paging);
      return { total, items: items.filter((email) => email.status === status) };
    };
  }
  if (on('email-slug-cut-before-transliteration')) {
    // A subject that is not ASCII goes through a helper that cuts it to 90 UTF-8 bytes before it is
    // slugified (to bound the transliterator's work), so a long subject in accented or other letters
    // gets a slug of 45 letters, or 30, where the contract's cut keeps 90 (ASCII subjects keep the
    // shared slugify). Breaks slugs.cut-to-fit ("cut after its 90th character") and email.created-draft
    // ("its slug derived from the subject").
    const insert = stores.emails.insert.bind(stores.emails);
    stores.emails.insert = (email) => {
      if (/^[\x00-\x7f]*$/.test(email.subject)) return insert(email);
      const base = slugOr(utf8Prefix(email.subject, SUBJECT_BYTES_BEFORE_SLUG), 'email');
      return insert({ ...email, slug: nextFreeSlug(base, stores.emails.slugsFrom(email.newsletter_id, base)) });
    };
  }
  if (on('page-rename-name-taken-global')) {
    // updatePage checks a new name against the folded names of every workspace's pages (the workspace
    // was left out of the rename's query; createPage's check is right): renaming a page to a name only
    // another workspace uses is a 409. Breaks names.unique-any-case: "a name only another workspace
    // uses is accepted".
    const anywhere = db.prepare<[string, number], number>('SELECT 1 FROM pages WHERE name_key = ? AND workspace_id != ?').pluck();
    const update = services.pages.update.bind(services.pages);
    services.pages.update = (workspaceId, id, input) => {
      if (typeof input.name === 'string' && stores.pages.exists(workspaceId, id) && anywhere.get(stores.pages.nameKey(input.name), workspaceId) !== undefined) {
        throw problems.nameTaken(`Another page of your workspace is already named "${input.name}".`);
      }
      return update(workspaceId, id, input);
    };
  }
  if (on('email-send-any-newsletter')) {
    // sendEmail finds the email by its id in the workspace; the newsletter of the path is only checked
    // to exist. getEmail, updateEmail and deleteEmail still answer 404 through another newsletter.
    // Breaks resources.child-of-its-parent: "through another page or newsletter of the workspace every
    // operation on it answers 404 and changes nothing".
    const newsletterOf = db
      .prepare<[number, number], number>('SELECT emails.newsletter_id FROM emails JOIN newsletters ON newsletters.id = emails.newsletter_id WHERE emails.id = ? AND newsletters.workspace_id = ?')
      .pluck();
    const send = services.emails.send.bind(services.emails);
    services.emails.send = (workspaceId, newsletterId, id, at) => {
      if (!stores.newsletters.exists(workspaceId, newsletterId)) return send(workspaceId, newsletterId, id, at);
      return send(workspaceId, newsletterOf.get(id, workspaceId) ?? newsletterId, id, at);
    };
  }
  if (on('not-sendable-lists-audience')) {
    // The audience is counted only for an email that has content (to spare the count when the send is
    // refused anyway), and the count left at 0 then reads as "no subscriber": an email without content
    // is refused with path.newsletter_id listed too, on a newsletter that has active, verified
    // subscribers. Breaks email.not-sendable-fields ("name each thing missing, and only those") and
    // errors.only-present-causes.
    const send = services.emails.send.bind(services.emails);
    services.emails.send = (workspaceId, newsletterId, id, at) => {
      try {
        return send(workspaceId, newsletterId, id, at);
      } catch (error) {
        if (!(error instanceof ProblemError) || error.kind !== 'email-not-sendable') throw error;
        const errors = error.errors ?? [];
        const fields = errors.map((e) => e.field);
        if (!fields.includes('content_html') || fields.includes('path.newsletter_id')) throw error;
        throw problems.notSendable(error.detail, [...errors, { field: 'path.newsletter_id', message: `newsletter ${newsletterId} has no active, verified subscriber` }]);
      }
    };
  }
  if (on('page-update-moves-created-at')) {
    // updatePage writes the row back whole, with created_at taken from the clock like updated_at: every
    // accepted change moves the page's creation date (and the page to the top of listPages). Breaks
    // resources.patch-named-fields-only: "every field it leaves out keeps its value (updated_at ...
    // aside)", and the Page schema's created_at ("Creation date").
    const moveCreated = db.prepare<[number]>('UPDATE pages SET created_at = updated_at WHERE id = ?');
    const update = services.pages.update.bind(services.pages);
    services.pages.update = (workspaceId, id, input) => {
      const before = services.pages.get(workspaceId, id);
      const page = update(workspaceId, id, input);
      if (page.updated_at === before.updated_at) return page;
      moveCreated.run(id);
      return services.pages.get(workspaceId, id);
    };
  }
  if (on('category-update-other-workspace')) {
    // updateCategory checks the page of the path by its id alone, not in the caller's workspace: a
    // category of another workspace's page is changed and answered 200 (getCategory, listCategories and
    // deleteCategory still answer 404). Breaks auth.workspace-scope: "a resource of another workspace is
    // answered 404 ... and is not changed".
    const workspaceOf = db.prepare<[number], number>('SELECT workspace_id FROM pages WHERE id = ?').pluck();
    const update = services.categories.update.bind(services.categories);
    services.categories.update = (workspaceId, pageId, id, input) => update(stores.pages.exists(workspaceId, pageId) ? workspaceId : (workspaceOf.get(pageId) ?? workspaceId), pageId, id, input);
  }
}

/** Whether an error is the validator's (a status and a list of errors), as error-handler.ts tells. */
const isValidatorError = (err: unknown): err is { status: number; errors: unknown[] } =>
  typeof err === 'object' && err !== null && typeof (err as { status?: unknown }).status === 'number' && Array.isArray((err as { errors?: unknown }).errors);

/**
 * The validator's handlers, run one after the other, with the query of a HEAD of listSubscribers left
 * unjudged: the query is checked where GET builds its body, which a HEAD skips, so HEAD answers the
 * 200 of a list where GET answers 422.
 */
function headQueryUnchecked(real: RequestHandler | readonly RequestHandler[]): RequestHandler {
  const handlers = [real].flat() as RequestHandler[];
  return (req, res, next) => {
    const headOfSubscribers = res.locals.headOfSubscribers === true;
    const step =
      (index: number) =>
      (err?: unknown): void => {
        if (err !== undefined && err !== null) {
          if (headOfSubscribers && isValidatorError(err) && err.status === 400) return void res.status(200).type('application/json').end();
          return next(err);
        }
        const handler = handlers[index];
        if (!handler) return next();
        void handler(req, res, step(index + 1));
      };
    step(0)();
  };
}

/** A response's header setter that rewrites the value of one header as it is set. */
function rewriteHeader(res: Parameters<RequestHandler>[1], header: string, rewrite: (value: string) => string): void {
  const setHeader = res.setHeader.bind(res);
  res.setHeader = (name: string, value: number | string | readonly string[]) => (name.toLowerCase() === header && typeof value === 'string' ? setHeader(name, rewrite(value)) : setHeader(name, value));
}

export function breakAcrossRequestsPipeline(on: FaultSet, api: Pipeline['api'], _context: PipelineContext): Pipeline['api'] {
  let stages = api;
  if (on('head-422-as-200')) {
    // HEAD of listSubscribers with an invalid query (size=0, an unknown parameter) answers 200 where
    // GET answers 422. Breaks http.head: "HEAD is answered wherever GET is, with the status and headers
    // GET would have".
    stages = insertBefore(stages, 'head', rememberHead('headOfSubscribers', /^\/newsletters\/[^/]+\/subscribers$/));
    stages = wrapStage(stages, 'validator', headQueryUnchecked);
  }
  if (on('post-location-ids-swapped')) {
    // createPost's Location is built with its two ids in the wrong order, /pages/{post id}/posts/{page
    // id}: right whenever they are equal (the first post of the first page), a 404 or another post
    // otherwise. Breaks headers.location-created: "a GET of it with the same token answers 200 with
    // the same body as the 201".
    stages = insertBefore(stages, 'head', {
      name: 'post-location-ids-swapped',
      handler: (req, res, next) => {
        if (req.method === 'POST' && /^\/pages\/[^/]+\/posts$/.test(req.path)) {
          rewriteHeader(res, 'location', (value) => value.replace(/\/pages\/(\d+)\/posts\/(\d+)$/, '/pages/$2/posts/$1'));
        }
        next();
      },
    });
  }
  if (on('newsletter-409-without-cors')) {
    // createNewsletter's 409 is written by a path of its own that sends its header fields afresh, and
    // the CORS fields are lost: a browser script cannot read the conflict. Breaks the contract's
    // "Every answer carries Access-Control-Allow-Origin ... and Access-Control-Expose-Headers", and
    // responses.declared-headers ("every header the contract declares for a status is present").
    stages = insertBefore(stages, 'head', {
      name: 'newsletter-409-without-cors',
      handler: withoutCorsOn('POST', '/newsletters', 409),
    });
  }
  return stages;
}
