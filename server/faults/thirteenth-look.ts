/**
 * Faults written from the contract alone, each confined to one operation and each one a first test
 * passes: an author deactivated twice who is active again, a page list whose total counts only as far
 * as the page asked for, a post slug judged free by its title (Café after Cafe is a 500), `HEAD` of an
 * uploaded image answered 404, a category recoloured through another page of the workspace, a post
 * update's 422 that lists one cause per message, a 405 on /authors whose Allow lists POST, a newsletter
 * created under another's name in other letter case answered with that newsletter, a subscriber
 * address with a `+tag` taken for the address without it, a page update refused for its slug that keeps
 * the new name it carried, a scheduled email refused a past time that is returned to draft, and an
 * email update of its content alone that keeps its old `updated_at`. Each is a bug an implementer could
 * plausibly write, and each breaks a statement of the contract (named in its comment).
 */
import type { PipelineContext } from '../app.ts';
import type { ServerParts } from '../compose.ts';
import { inTransaction } from '../db/database.ts';
import { normaliseAddress } from '../domain/people.ts';
import { slugify, slugOr } from '../domain/slugs.ts';
import { insertBefore, type Pipeline } from '../http/pipeline.ts';
import { ProblemError, problems } from '../http/problem.ts';
import { beforeHeaders, rewriteSentJson } from './answer-rewrites.ts';
import type { FaultSet } from './fault-set.ts';

export function breakThirteenthLookParts(on: FaultSet, { db, stores, services }: ServerParts): void {
  if (on('author-deactivation-toggles')) {
    // updateAuthor reads `active: false` as "switch the author's state" (the admin screen's toggle
    // button behind the same code): an active author is made inactive, right, but sending
    // `active: false` again to the inactive author makes them active. Breaks resources.rewrite-accepted
    // ("changes nothing but updated_at, however often it is sent") and author.update-kept.
    const update = services.authors.update.bind(services.authors);
    services.authors.update = (workspaceId, id, input) => {
      if (input.active === false && !services.authors.get(workspaceId, id).active) return update(workspaceId, id, { ...input, active: true });
      return update(workspaceId, id, input);
    };
  }
  if (on('pages-total-counted-to-page-end')) {
    // listPages counts its total over the rows up to the end of the page asked for (a COUNT over the
    // page query with its LIMIT offset + size, to spare counting rows no one asked for): at the default
    // size and with few pages the total is right, but page 1 of size 1 says 1 of 3, page 2 says 2.
    // Past the end it is right again. Breaks lists.envelope-arithmetic ("total counts every match
    // across pages") and lists.same-items-any-size.
    const list = services.pages.list.bind(services.pages);
    services.pages.list = (workspaceId, paging) => {
      const answer = list(workspaceId, paging);
      return { ...answer, total: Math.min(answer.total, paging.page * paging.size) };
    };
  }
  if (on('post-slug-checked-by-title')) {
    // createPost decides whether its derived slug needs a suffix by looking for a post of the page with
    // the same title, not the same slug: a second "Cafe" gets cafe-1, right, but "Café" (or "CAFE")
    // after "Cafe" derives cafe, finds no post of that title, and the page's unique slug index refuses
    // the insert: a 500. Breaks post.slug-unique-in-page, requests.valid-input-accepted and
    // responses.no-server-error.
    const sameTitle = db.prepare<[number, string], number>('SELECT 1 FROM posts WHERE page_id = ? AND title = ?').pluck();
    const create = services.posts.create.bind(services.posts);
    services.posts.create = (workspaceId, pageId, input, contentHtml) => {
      const base = slugOr(input.title, 'post');
      if (sameTitle.get(pageId, input.title) !== undefined || !stores.posts.slugsFrom(pageId, base).includes(base)) {
        return create(workspaceId, pageId, input, contentHtml);
      }
      return inTransaction(db, () => {
        const post = create(workspaceId, pageId, input, contentHtml);
        stores.posts.update(post.id, { slug: base });
        return { ...post, slug: base };
      });
    };
  }
  if (on('category-recolour-any-page')) {
    // updateCategory takes a PATCH of the colour alone by a shortcut that finds the category by its id
    // in the workspace (the palette's quick recolour), whatever page the path names: through another
    // page of the workspace it answers 200 and changes the colour. Any other PATCH through another page
    // is 404, right. Breaks resources.child-of-its-parent ("through another page ... every operation
    // on it answers 404 and changes nothing").
    const pageOf = db
      .prepare<[number, number], number>('SELECT c.page_id FROM categories c JOIN pages p ON p.id = c.page_id WHERE c.id = ? AND p.workspace_id = ?')
      .pluck();
    const update = services.categories.update.bind(services.categories);
    services.categories.update = (workspaceId, pageId, id, input) => {
      const colourOnly = Object.keys(input).length === 1 && input.color !== undefined;
      if (colourOnly && stores.pages.exists(workspaceId, pageId) && !stores.categories.get(pageId, id)) {
        const own = pageOf.get(id, workspaceId);
        if (own !== undefined) return update(workspaceId, own, id, input);
      }
      return update(workspaceId, pageId, id, input);
    };
  }
  if (on('newsletter-recased-name-returns-existing')) {
    // createNewsletter is written as a get-or-create for a name that is taken in another letter case
    // (a retried import with "WEEKLY" for "Weekly"): it answers 201 with the newsletter that has the
    // name, and creates none. The same name exactly is 409 name-taken, right. Breaks
    // names.unique-any-case ("a name already used in the workspace is answered 409") and
    // headers.location-created (the Location of a 201 names no newly created resource).
    const create = services.newsletters.create.bind(services.newsletters);
    services.newsletters.create = (workspaceId, input) => {
      try {
        return create(workspaceId, input);
      } catch (error) {
        if (!(error instanceof ProblemError && error.status === 409)) throw error;
        const holder = stores.newsletters.idByName(workspaceId, input.name);
        const existing = holder === undefined ? undefined : stores.newsletters.get(workspaceId, holder);
        if (!existing || existing.name === input.name) throw error;
        return existing;
      }
    };
  }
  if (on('subscriber-plus-alias-merged')) {
    // createSubscriber matches an address with a `+tag` in its local part to the address without it
    // (as one mailbox provider delivers them): ada+news@example.com, sent to a newsletter that has
    // ada@example.com, answers ada's subscriber and adds no one. A first address with a tag, and any
    // address in other letter case, are right. Breaks subscriber.new-active-verified (a new address is
    // a new subscriber, stored as sent but trimmed and lowercased) and subscriber.upsert-same-id (only
    // the same address in other case or white space is the existing one).
    const onNewsletter = db.prepare<[number, string], number>('SELECT 1 FROM subscribers WHERE newsletter_id = ? AND email = ?').pluck();
    const upsert = services.subscribers.upsert.bind(services.subscribers);
    services.subscribers.upsert = (workspaceId, newsletterId, email) => {
      const address = normaliseAddress(email);
      const at = address.lastIndexOf('@');
      const untagged = `${address.slice(0, at).split('+')[0]}${address.slice(at)}`;
      if (untagged !== address && stores.newsletters.exists(workspaceId, newsletterId) && onNewsletter.get(newsletterId, untagged) !== undefined) {
        return upsert(workspaceId, newsletterId, untagged);
      }
      return upsert(workspaceId, newsletterId, email);
    };
  }
  if (on('page-update-409-keeps-rename')) {
    // updatePage writes the name of a PATCH on its own, apart from the transaction the slug's check
    // belongs to (written once that transaction has ended, so the 409 does not undo it): a PATCH of a
    // new name and a slug another page holds answers 409 slug-taken, right, but the page has the new
    // name (and its name_slug) after. A PATCH of the taken slug alone changes nothing, right. Breaks
    // resources.refused-write-changes-nothing ("a refused write changes nothing") and page.slug-taken.
    const update = services.pages.update.bind(services.pages);
    services.pages.update = (workspaceId, id, input) => {
      try {
        return update(workspaceId, id, input);
      } catch (error) {
        if (error instanceof ProblemError && error.kind === 'slug-taken' && input.name != null) {
          const name = input.name;
          setImmediate(() => {
            try {
              update(workspaceId, id, { name });
            } catch {
              // A name taken meanwhile is left as it was: the name's own write fails alone.
            }
          });
        }
        throw error;
      }
    };
  }
  if (on('reschedule-past-time-unschedules')) {
    // sendEmail to a scheduled email takes it off its schedule in a write of its own (outside the
    // transaction the refusal rolls back), and only then judges the new time: a `scheduled_at` in the
    // past is answered 422, right, but the email is left a draft with no time and is never delivered.
    // A past time for a draft leaves the draft as it was, right. Breaks email.send-past-time ("the
    // email stays as it was") and resources.refused-write-changes-nothing.
    const send = services.emails.send.bind(services.emails);
    services.emails.send = (workspaceId, newsletterId, id, at) => {
      try {
        return send(workspaceId, newsletterId, id, at);
      } catch (error) {
        if (error instanceof ProblemError && error.status === 422 && at != null && Date.parse(at) <= Date.now() && stores.newsletters.exists(workspaceId, newsletterId)) {
          const state = stores.emails.state(id);
          if (state?.newsletter_id === newsletterId && state.status === 'scheduled' && state.delivery_started_at === null) {
            setImmediate(() => stores.emails.update(id, { status: 'draft', scheduled_at: null, updated_at: new Date().toISOString() }));
          }
        }
        throw error;
      }
    };
  }
  if (on('email-content-update-keeps-updated-at')) {
    // updateEmail leaves updated_at alone when a PATCH changes only the content (content_md or
    // content_html): the content counts as the body of the email, not as a change of its fields. A
    // PATCH of the subject or the preview moves updated_at, right. Breaks the introduction's PATCH
    // rules ("updated_at tells when a resource was last written") and resources.update-kept.
    const contentFields = new Set(['content_md', 'content_html']);
    const update = services.emails.update.bind(services.emails);
    services.emails.update = (workspaceId, newsletterId, id, input, contentHtml) => {
      const named = Object.keys(input);
      if (named.length === 0 || !named.every((field) => contentFields.has(field))) return update(workspaceId, newsletterId, id, input, contentHtml);
      const before = services.emails.get(workspaceId, newsletterId, id).updated_at;
      const email = update(workspaceId, newsletterId, id, input, contentHtml);
      stores.emails.update(id, { updated_at: before });
      return { ...email, updated_at: before };
    };
  }
}

export function breakThirteenthLookPipeline(on: FaultSet, pipeline: Pipeline, _context: PipelineContext): Pipeline {
  let api = pipeline.api;
  let after = pipeline.after;
  if (on('image-head-404')) {
    // The uploaded images are served by a route written for GET alone: HEAD of an image's public URL
    // falls through to the not-found answer, 404, while GET answers 200 with the image. Breaks
    // http.head ("HEAD is answered wherever GET is, with the status and headers GET would have") and
    // image.public-url.
    after = insertBefore(after, 'images', {
      name: 'images-get-only',
      handler: (req, _res, next) => next(req.method === 'HEAD' && req.path.startsWith('/images/') ? problems.notFound(`There is no route HEAD ${req.path}.`) : undefined),
    });
  }
  if (on('post-update-errors-merged-by-message')) {
    // updatePost's 422 keeps one error per message (a de-duplication meant for repeated validator
    // reports): seo_title and og_title both sent as numbers give two alike causes (neither a string nor
    // null) and the answer names seo_title alone. Causes with different messages (title and seo_title
    // sent as numbers) are all listed, right. Breaks
    // errors.field-names ("names each invalid input in errors, every one of a request with several").
    const postPath = /^\/pages\/[^/]+\/posts\/[^/]+$/;
    const inputs = (n: number) => `${n} invalid input${n === 1 ? '' : 's'}`;
    api = insertBefore(api, 'whole-numbers', {
      name: 'post-update-errors-by-message',
      handler: (req, res, next) => {
        if (req.method === 'PATCH' && postPath.test(req.path)) {
          rewriteSentJson(
            res,
            (status) => status === 422,
            (problem) => {
              const errors = problem.errors as { field: string; message: string }[] | undefined;
              if (!errors) return problem;
              const seen = new Set<string>();
              const kept = errors.filter((error) => !seen.has(error.message) && seen.add(error.message));
              if (kept.length === errors.length) return problem;
              return { ...problem, detail: String(problem.detail).replace(/\d+ invalid inputs?/, inputs(kept.length)), errors: kept };
            },
          );
        }
        next();
      },
    });
  }
  if (on('authors-405-allow-lists-post')) {
    // A 405 on /authors takes its Allow from the template every collection path shares (GET, HEAD,
    // POST), though authors are made on the platform and the path has no POST. The 405 of
    // /authors/{id}, and of every other path, is right. Breaks http.method-not-allowed ("an Allow
    // header listing exactly the methods the contract gives the path").
    api = insertBefore(api, 'head', {
      name: 'authors-collection-allow',
      handler: (req, res, next) => {
        if (req.path === '/authors') {
          beforeHeaders(res, (status) => {
            if (status === 405) res.setHeader('Allow', 'GET, HEAD, POST');
          });
        }
        next();
      },
    });
  }
  return { ...pipeline, api, after };
}
