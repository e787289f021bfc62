/**
 * Faults written from the contract alone, each confined to one operation and each one a first test
 * passes: an email update naming its subject that clears its preview, a newsletter renamed to its own
 * name in other letter case refused as taken, the inactive authors' total counting every author, a
 * post list filtered by status and category that drops the status, a second post of a long title
 * whose suffix is cut into the slug, email slugs made unique over the workspace instead of the
 * newsletter, `HEAD` of an inactive author answered 404, an upload's 415 without the CORS fields, a
 * draft deleted through another newsletter, a category update's 409 whose body says 422, a renamed
 * page's `name_slug` suffixed for another workspace's page, and a send without a time that keeps the
 * time a scheduled email had. Each is a bug an implementer could plausibly write, and each breaks a
 * statement of the contract (named in its comment).
 */
import type { PipelineContext } from '../app.ts';
import type { ServerParts } from '../compose.ts';
import { nextFreeSlug, slugOr } from '../domain/slugs.ts';
import { insertBefore, type Pipeline } from '../http/pipeline.ts';
import { ProblemError, problems } from '../http/problem.ts';
import { slugRange } from '../store/common.ts';
import type { FaultSet } from './fault-set.ts';
import { ProblemSayingStatus, withoutCorsOn } from './wrong-answers.ts';
import { rememberHead } from './head-marks.ts';

/** The longest derived slug before a suffix, as the introduction's Slugs section says. */
const SLUG_BASE_MAX = 90;

/** `base` cut so that `-N` fits in 90 characters with it, for the first N not used in the page. */
function suffixInsideCut(base: string, used: (slug: string) => boolean): string {
  for (let n = 1; ; n++) {
    const suffix = `-${n}`;
    const slug = base.slice(0, SLUG_BASE_MAX - suffix.length).replace(/-+$/, '') + suffix;
    if (!used(slug)) return slug;
  }
}

export function breakSixthLookParts(on: FaultSet, { db, stores, services }: ServerParts): void {
  if (on('email-update-subject-clears-preview')) {
    // updateEmail writes the subject and the preview together (they are one "heading" in its form):
    // a PATCH that names subject without preview stores preview null. A PATCH of the preview, of the
    // content, or of both subject and preview is right. Breaks resources.patch-named-fields-only
    // ("every field it leaves out keeps its value") and resources.update-kept.
    const update = services.emails.update.bind(services.emails);
    services.emails.update = (workspaceId, newsletterId, id, input, contentHtml) =>
      update(workspaceId, newsletterId, id, input.subject !== undefined && input.preview === undefined ? { ...input, preview: null } : input, contentHtml);
  }
  if (on('newsletter-recase-own-name-taken')) {
    // updateNewsletter checks a new name against the newsletters of the workspace without leaving out
    // the newsletter itself: a name that differs from its own only in letter case (Weekly to WEEKLY)
    // is a 409 name-taken, though no other newsletter has it. The same name exactly, and a name no one
    // has, are right. Breaks resources.rewrite-accepted ("a name or slug is never taken by the
    // resource that holds it"), names.unique-any-case ("already used" by another) and
    // requests.valid-input-accepted.
    const update = services.newsletters.update.bind(services.newsletters);
    services.newsletters.update = (workspaceId, id, input) => {
      const current = services.newsletters.get(workspaceId, id);
      if (input.name != null && input.name !== current.name && stores.newsletters.idByName(workspaceId, input.name) !== undefined) {
        throw problems.nameTaken(`Another newsletter of your workspace is already named "${input.name}".`);
      }
      return update(workspaceId, id, input);
    };
  }
  if (on('authors-inactive-total-counts-all')) {
    // listAuthors?active=false counts its total with the query of the whole workspace (the COUNT
    // lost its active condition): the items are the inactive authors, the total counts the active
    // ones too. The default list (active authors) is right. Breaks lists.exact-filters ("total counts
    // only them"), lists.envelope-arithmetic and lists.past-the-end.
    const countAll = db.prepare<[number], number>('SELECT COUNT(*) FROM authors WHERE workspace_id = ?').pluck();
    const list = services.authors.list.bind(services.authors);
    services.authors.list = (workspaceId, active, paging) => {
      const answer = list(workspaceId, active, paging);
      return active ? answer : { ...answer, total: countAll.get(workspaceId)! };
    };
  }
  if (on('posts-status-and-category-drops-status')) {
    // listPosts picks one query per filter, and the category's query wins when both are given:
    // ?status=published&category_id=N lists every post of the category, drafts included, and counts
    // them all. Each filter alone is right. Breaks lists.exact-filters ("a filter lists exactly the
    // items that match it") and lists.filters-add-up.
    const list = services.posts.list.bind(services.posts);
    services.posts.list = (workspaceId, pageId, filter, paging) =>
      list(workspaceId, pageId, filter.status !== undefined && filter.category_id !== undefined ? { category_id: filter.category_id } : filter, paging);
  }
  if (on('post-slug-suffix-inside-cut')) {
    // createPost cuts a taken slug so that the slug with its suffix fits in 90 characters: the second
    // post of a 100-letter title gets 88 letters and `-1`, not the first post's 90 letters and `-1`.
    // Short titles, and the first post of a long one, are right. Breaks slugs.cut-to-fit ("a
    // uniqueness suffix is appended after the cut") and the introduction's Slugs example.
    const create = services.posts.create.bind(services.posts);
    services.posts.create = (workspaceId, pageId, input, contentHtml) => {
      const post = create(workspaceId, pageId, input, contentHtml);
      const suffixed = /^(.*)-\d+$/.exec(post.slug);
      if (!suffixed || post.slug.length <= SLUG_BASE_MAX || suffixed[1] !== slugOr(input.title, 'post')) return post;
      const used = (candidate: string) => candidate !== post.slug && stores.posts.slugsFrom(pageId, candidate).includes(candidate);
      const slug = suffixInsideCut(suffixed[1]!, used);
      if (slug === post.slug) return post;
      stores.posts.update(post.id, { slug });
      return { ...post, slug };
    };
  }
  if (on('email-slug-unique-per-workspace')) {
    // createEmail looks for the slugs in use among the emails of every newsletter of the workspace
    // (the query joins the newsletters by workspace instead of naming the newsletter): the first
    // email of a subject in a second newsletter gets `-1`. A subject used twice in one newsletter is
    // right. Breaks the createEmail description ("made unique in the newsletter with a -1, -2
    // suffix") and email.created-draft (the slug derived from the subject).
    const slugsOfWorkspace = db
      .prepare<[number, string, string], string>(
        `SELECT e.slug FROM emails e JOIN newsletters n ON n.id = e.newsletter_id
         WHERE n.workspace_id = (SELECT workspace_id FROM newsletters WHERE id = ?) AND e.slug >= ? AND e.slug < ?`,
      )
      .pluck();
    stores.emails.slugsFrom = (newsletterId, base) => {
      const { from, to } = slugRange(base);
      return slugsOfWorkspace.all(newsletterId, from, to);
    };
  }
  if (on('email-delete-any-newsletter')) {
    // deleteEmail finds a draft by its id in the workspace when it is not in the newsletter of the
    // path, and deletes it there: a draft deleted through another newsletter of the workspace is a
    // 204 and gone. Through its own newsletter, and for an id of no email, it is right. Breaks
    // resources.child-of-its-parent ("through another ... newsletter of the workspace every operation
    // on it answers 404 and changes nothing").
    const remove = services.emails.delete.bind(services.emails);
    services.emails.delete = (workspaceId, newsletterId, id) => {
      const state = stores.emails.state(id);
      if (
        state &&
        state.newsletter_id !== newsletterId &&
        state.status === 'draft' &&
        stores.newsletters.exists(workspaceId, newsletterId) &&
        stores.newsletters.exists(workspaceId, state.newsletter_id)
      ) {
        return remove(workspaceId, state.newsletter_id, id);
      }
      remove(workspaceId, newsletterId, id);
    };
  }
  if (on('category-update-409-status-422')) {
    // updateCategory's 409 for an explicit slug another category of the page has is written by the
    // helper of the 422s: the status line is 409 and the type slug-taken, the body's `status` 422.
    // createCategory's 409 is right. Breaks errors.problem-details ("status equal to the response's
    // status code").
    const update = services.categories.update.bind(services.categories);
    services.categories.update = (workspaceId, pageId, id, input) => {
      try {
        return update(workspaceId, pageId, id, input);
      } catch (error) {
        if (error instanceof ProblemError && error.status === 409) throw new ProblemSayingStatus(error, 422);
        throw error;
      }
    };
  }
  if (on('page-rename-name-slug-suffix-global')) {
    // updatePage makes a renamed page's `name_slug` unique over the pages of every workspace (the
    // query lost its workspace condition; createPage keeps it): a new name whose slug only another
    // workspace's page has gets `-1`. Breaks page.rename-keeps-slug ("name_slug follows the new
    // name"), the introduction's Slugs ("where a derived slug must be unique and is already taken")
    // and auth.workspace-scope (a workspace learns what another one has).
    const nameSlugsEverywhere = db.prepare<[string, string, number], string>('SELECT name_slug FROM pages WHERE name_slug >= ? AND name_slug < ? AND id <> ?').pluck();
    const update = services.pages.update.bind(services.pages);
    services.pages.update = (workspaceId, id, input) => {
      const before = services.pages.get(workspaceId, id);
      const page = update(workspaceId, id, input);
      if (input.name === undefined || page.name === before.name) return page;
      const base = slugOr(page.name, 'page');
      const { from, to } = slugRange(base);
      const nameSlug = nextFreeSlug(base, nameSlugsEverywhere.all(from, to, id));
      if (nameSlug === page.name_slug) return page;
      stores.pages.update(id, { name_slug: nameSlug });
      return stores.pages.get(workspaceId, id)!;
    };
  }
  if (on('send-now-keeps-scheduled-time')) {
    // sendEmail without a time takes the time the email already has before "now"
    // (`at ?? email.scheduled_at ?? now`): a first send now is right, and so is a reschedule to a new
    // time, but sending a scheduled email now keeps its future time and nothing is delivered until
    // then. Breaks the send state table ("scheduled_at omitted ... = the moment the request was
    // accepted; delivery starts at once") and email.send-now.
    const send = services.emails.send.bind(services.emails);
    services.emails.send = (workspaceId, newsletterId, id, at) => {
      if (at == null && stores.newsletters.exists(workspaceId, newsletterId)) {
        const state = stores.emails.state(id);
        if (state?.newsletter_id === newsletterId && state.status === 'scheduled' && state.delivery_started_at === null && state.scheduled_at !== null) {
          if (Date.parse(state.scheduled_at) > Date.now()) return send(workspaceId, newsletterId, id, state.scheduled_at);
        }
      }
      return send(workspaceId, newsletterId, id, at);
    };
  }
}

export function breakSixthLookPipeline(on: FaultSet, api: Pipeline['api'], context: PipelineContext): Pipeline['api'] {
  let stages = api;
  const { stores } = context.options;
  if (on('head-author-inactive-404')) {
    // HEAD of getAuthor answers from an "is this author listed?" check, which sees active authors
    // only: an inactive author is 404 to HEAD while GET answers 200. An active author, and an id of
    // no author, are right. Breaks http.head ("with the status and headers GET would have") and the
    // getAuthor description ("one author of the workspace, active or not").
    const authorPath = /^\/authors\/(\d+)$/;
    stages = insertBefore(stages, 'head', rememberHead('headAuthor', authorPath));
    stages = insertBefore(stages, 'operations', {
      name: 'head-author-if-active',
      handler: (req, res, next) => {
        const workspaceId = res.locals.workspaceId as number | undefined;
        const match = authorPath.exec(req.path);
        if (res.locals.headAuthor !== true || workspaceId === undefined || !match) return next();
        const author = stores.authors.get(workspaceId, Number(match[1]));
        if (!author || author.active) return next();
        res.status(404).type('application/problem+json').end();
      },
    });
  }
  if (on('upload-415-without-cors')) {
    // uploadImage's 415 for a file that is not a supported image is written by the upload's own
    // refusal path, which sends its header fields afresh and loses the CORS fields: a browser script
    // cannot read why its upload was refused. The 201, and every other operation's answers, are
    // right. Breaks headers.cors-present ("every answer ... whatever its status, carries
    // Access-Control-Allow-Origin ... and Access-Control-Expose-Headers") and
    // responses.declared-headers.
    stages = insertBefore(stages, 'head', {
      name: 'upload-415-without-cors',
      handler: withoutCorsOn('POST', '/images/upload', 415),
    });
  }
  return stages;
}
