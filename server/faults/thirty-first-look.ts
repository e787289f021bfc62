/**
 * Faults written from the contract alone, each confined to one operation of the content or authors
 * family and each one a first test passes: a new post's Markdown whose `&` is escaped before it is
 * rendered (an entity such as &copy; renders as the text &amp;copy;, not ©), a post update whose
 * Markdown with CR LF line ends gets a paragraph per line, an author update also written to the
 * authors of other workspaces that have the same sign-in address, an author update whose body with
 * `charset=UTF-8` (the value in capitals) is refused 415, a new post whose derived slug keeps the
 * underscores of its title (snake_case-tips, not snake-case-tips), a get of the largest author id the
 * contract allows answered 422 instead of 404, a new page whose name's slug is cut for its domain at a
 * hyphen that the cut keeps (a 500 for a valid name), a category rename whose name is measured in UTF-8
 * bytes (200 accented letters refused 422), a page rename refused 422 for a C1 control character
 * (U+0080 to U+009F, which the contract's text patterns allow), a list of posts cached by its page
 * number and size alone (a filter read after another, or after no filter, answers the other's items),
 * a new category whose explicit slug is checked only against the explicit slugs of the page (one that
 * a derived slug holds is a 500, not 409), and a post update that takes image URLs only with a
 * lowercase http or https scheme (HTTPS://... refused 422). Each is a bug an implementer could
 * plausibly write, and each breaks a statement of the contract (named in its comment).
 */
import type { PipelineContext } from '../app.ts';
import type { ServerParts } from '../compose.ts';
import { DOMAIN_NAME_SLUG_MAX } from '../services/pages.ts';
import { nextFreeSlug, slugify, slugOr } from '../domain/slugs.ts';
import { insertBefore, type Pipeline } from '../http/pipeline.ts';
import { problems } from '../http/problem.ts';
import type { FaultSet } from './fault-set.ts';
import { onRequestsTo } from './request-check.ts';

/** The C1 control characters, which `\p{Cc}` covers beside the C0 ones and DEL. */
const C1_CONTROLS = /[\u0080-\u009F]/;

/** The largest identifier the contract allows (the largest integer JSON numbers carry exactly). */
const LARGEST_ID = Number.MAX_SAFE_INTEGER;

/** A stand-in for `_` that slugify keeps as letters, so the underscore can be put back after it. */
const UNDERSCORE_MARK = 'qzxunderscorexzq';

export function breakThirtyFirstLookParts(on: FaultSet, { db, stores, services }: ServerParts): void {
  if (on('post-create-markdown-entities-escaped')) {
    // createPost escapes every `&` of the Markdown (`&` to `&amp;`) before it renders it, "so that no
    // entity can be injected", a step copied from the code that builds HTML by hand: an entity or
    // numeric character reference (&copy;, &eacute;, &#169;) that CommonMark turns into its character
    // renders as its own text (&amp;copy;), and a `&` in a code span is escaped twice. Markdown with a
    // plain `&` (Fish & chips, which renders &amp; either way), without one, and content_html are right,
    // and so is updatePost. Breaks markdown.commonmark ("rendered as CommonMark specifies ... alike by
    // every operation that takes it"; CommonMark 0.31 section 2.5, entity and numeric character
    // references) and post.markdown-rendered.
    const contentForCreate = services.posts.contentForCreate.bind(services.posts);
    services.posts.contentForCreate = (workspaceId, pageId, input, signal) =>
      contentForCreate(
        workspaceId,
        pageId,
        typeof input.content_md === 'string' && input.content_html == null ? { ...input, content_md: input.content_md.replace(/&/g, '&amp;') } : input,
        signal,
      );
  }
  if (on('post-update-markdown-crlf-paragraphs')) {
    // updatePost normalises the line ends of Markdown before it renders it with
    // `replace(/[\r\n]/g, '\n')`, one line feed for each of CR and LF, where CR LF is one line end: a
    // paragraph written with CR LF line ends (a Windows editor, a textarea form post) gets a blank line
    // after each line, so each line becomes a paragraph of its own. Markdown with LF line ends is right,
    // and so is createPost. Breaks markdown.commonmark ("rendered as CommonMark specifies ... alike by
    // every operation that takes it"; CommonMark 0.31 section 2.1: a line ending is LF, CR, or CR LF)
    // and the PostUpdate content_md description.
    const contentForUpdate = services.posts.contentForUpdate.bind(services.posts);
    services.posts.contentForUpdate = (workspaceId, pageId, id, input, signal) =>
      contentForUpdate(
        workspaceId,
        pageId,
        id,
        typeof input.content_md === 'string' && input.content_html == null ? { ...input, content_md: input.content_md.replace(/[\r\n]/g, '\n') } : input,
        signal,
      );
  }
  if (on('author-update-by-address-every-workspace')) {
    // updateAuthor writes the change to the author found by id in the caller's workspace, then "keeps
    // the person's profile in step" the way the platform's account page does, by sign-in address:
    // every author of another workspace with the same address gets the same change. A person who is
    // an author in two workspaces (the same address, the same name) has a change made in one
    // workspace show in the other. An author whose address no other workspace has is right, and so is
    // every answer in the caller's workspace. Breaks auth.workspace-scope ("a resource of another
    // workspace ... is not changed") and resources.write-named-only ("every other resource (... those
    // of the workspace's other pages and newsletters, whatever slug, name or address they share) reads
    // as before, updated_at included").
    const twins = db.prepare<[number, number], number>(
      'SELECT b.id FROM authors a JOIN authors b ON b.email = a.email AND b.workspace_id <> a.workspace_id WHERE a.id = ? AND a.workspace_id = ?',
    ).pluck();
    const update = services.authors.update.bind(services.authors);
    services.authors.update = (workspaceId, id, input) => {
      const updated = update(workspaceId, id, input);
      const changes: Record<string, string | number | null> = {};
      for (const field of ['first_name', 'last_name', 'position', 'short_description', 'long_description'] as const) {
        if (input[field] !== undefined) changes[field] = input[field] ?? null;
      }
      if (input.active !== undefined) changes.active = Number(input.active);
      if (Object.keys(changes).length === 0) return updated;
      for (const twin of twins.all(id, workspaceId)) stores.authors.update(twin, { ...changes, updated_at: updated.updated_at });
      return updated;
    };
  }
  if (on('post-slug-keeps-underscores')) {
    // createPost derives the slug with the slugifier's result run through a last clean-up of its own,
    // `replace(/[^\w-]+/g, '-')`, where `\w` counts the underscore as a word character: a title with an
    // underscore (snake_case tips, __init__ explained) keeps it in its slug (snake_case-tips) where
    // the contract makes it part of a hyphen run (snake-case-tips). Titles without an underscore are
    // right, and so are categories and pages. Breaks the Slugs section ("every run of other characters
    // turned into one hyphen"), post.slug-unique-in-page ("A post's slug is derived from its title")
    // and the Post schema's slug ("derived from the title").
    const create = services.posts.create.bind(services.posts);
    services.posts.create = (workspaceId, pageId, input, contentHtml) => {
      const created = create(workspaceId, pageId, input, contentHtml);
      if (!input.title.includes('_')) return created;
      const base = slugify(input.title.replace(/_/g, UNDERSCORE_MARK)).split(UNDERSCORE_MARK).join('_');
      if (!base || base === created.slug) return created;
      const taken = stores.posts.slugsFrom(pageId, base).filter((slug) => slug !== created.slug);
      stores.posts.update(created.id, { slug: nextFreeSlug(base, taken) });
      return stores.posts.get(pageId, created.id) ?? created;
    };
  }
  if (on('page-domain-cut-keeps-hyphen')) {
    // createPage cuts the name's slug to 56 characters for the domain's first label (63, less the
    // hyphen and the six random characters) with `nameSlug.slice(0, 56)` alone, without dropping a
    // hyphen the cut leaves at its end: a name whose slug has a hyphen as its 56th character gives a
    // label with two hyphens before the random part (aaa…a--k3x9q2), which the Page schema's domain
    // pattern refuses, so the write is rolled back and answered 500. Names whose slug is shorter, or
    // whose cut ends on a letter or digit, are right. Breaks page.domain-random-part ("its name_slug
    // (cut to fit a 63-character DNS label), a hyphen and six random lowercase letters and digits"),
    // the Slugs section ("a hyphen left at the end of the cut is dropped"),
    // requests.valid-input-accepted and responses.no-server-error.
    const create = services.pages.create.bind(services.pages);
    services.pages.create = (workspaceId, input) => {
      if (stores.pages.idByName(workspaceId, input.name) !== undefined) return create(workspaceId, input);
      const base = slugOr(input.name, 'page');
      const nameSlug = nextFreeSlug(base, stores.pages.slugsFrom(workspaceId, 'name_slug', base));
      if (nameSlug.length > DOMAIN_NAME_SLUG_MAX && nameSlug.slice(0, DOMAIN_NAME_SLUG_MAX).endsWith('-')) {
        throw new Error('The answer does not match the Page schema: /domain must match its pattern; the write was rolled back');
      }
      return create(workspaceId, input);
    };
  }
  if (on('category-update-name-length-in-bytes')) {
    // updateCategory checks the new name's length itself, before its write, as `Buffer.byteLength(name)
    // > 255`, the width of the platform's old VARCHAR(255) column in bytes: a name of up to 255
    // characters that is not all ASCII (200 accented letters, 100 CJK characters) is refused 422
    // naming name. ASCII names are right up to 255 characters, and createCategory is right. Breaks
    // requests.valid-input-accepted ("Every input that its schemas allow, boundary values included, is
    // accepted") and the introduction's Requests ("names, titles and subjects 255 characters").
    const update = services.categories.update.bind(services.categories);
    services.categories.update = (workspaceId, pageId, id, input) => {
      if (typeof input.name === 'string' && Buffer.byteLength(input.name, 'utf8') > 255) {
        throw problems.invalidField('name', 'must be at most 255 characters');
      }
      return update(workspaceId, pageId, id, input);
    };
  }
  if (on('page-rename-c1-control-refused')) {
    // updatePage refuses control characters in a new name with a check of its own, `/\p{Cc}/u`, the
    // Unicode class of control characters, which holds the C1 controls (U+0080 to U+009F, NEL U+0085
    // among them) beside the C0 ones and DEL: a name holding one, which the contract's text patterns
    // allow, is answered 422 naming name. Names without one, and createPage, are right. Breaks
    // requests.valid-input-accepted and the introduction's Requests ("Text holds no control
    // characters: a string with one of U+0000 to U+001F or U+007F is a 422": no other).
    const update = services.pages.update.bind(services.pages);
    services.pages.update = (workspaceId, id, input) => {
      if (typeof input.name === 'string' && C1_CONTROLS.test(input.name)) throw problems.invalidField('name', 'must not contain control characters');
      return update(workspaceId, id, input);
    };
  }
  if (on('posts-list-cached-by-paging')) {
    // listPosts keeps the pages it answered, keyed by workspace, page id, page number and size, and
    // forgets them on every write to a post (a create, an update, a delete) or a category deletion:
    // the key was written before ?status and ?category_id were added and was never given them, so
    // between two writes a filtered list read after another list of the same page and size answers
    // that list's items and total (?status=draft after the unfiltered list, ?status=published after
    // ?status=draft). The first read after a write, whatever its filter, is right. Breaks
    // lists.exact-filters ("A filter lists exactly the items that match it, and total counts only
    // them") and lists.filters-add-up.
    const answers = new Map<string, ReturnType<typeof services.posts.list>>();
    const list = services.posts.list.bind(services.posts);
    services.posts.list = (workspaceId, pageId, filter, paging) => {
      const key = `${workspaceId}:${pageId}:${paging.page}:${paging.size}`;
      const kept = answers.get(key);
      if (kept) return kept;
      const answer = list(workspaceId, pageId, filter, paging);
      answers.set(key, answer);
      return answer;
    };
    const forget = <A extends unknown[], R>(method: (...args: A) => R) => (...args: A): R => {
      answers.clear();
      return method(...args);
    };
    services.posts.create = forget(services.posts.create.bind(services.posts));
    services.posts.update = forget(services.posts.update.bind(services.posts));
    services.posts.delete = forget(services.posts.delete.bind(services.posts));
    services.categories.delete = forget(services.categories.delete.bind(services.categories));
  }
  if (on('category-explicit-slug-checked-against-explicit')) {
    // createCategory looks an explicit slug up among the page's categories that were given an explicit
    // slug (the platform's "custom slug" flag), reasoning that derived slugs are made unique anyway:
    // an explicit slug that only a derived slug holds (news, from a category named News) passes the
    // check and meets the page's unique key, a 500, where the contract answers 409 slug-taken. An
    // explicit slug held by another explicit one is 409, right, and a free one is right. Breaks
    // category.slug-taken ("An explicit slug already used in the page ... is answered 409"), the
    // createCategory description and responses.no-server-error.
    const explicit = new Set<string>();
    const create = services.categories.create.bind(services.categories);
    services.categories.create = (workspaceId, pageId, input) => {
      if (input.slug == null) return create(workspaceId, pageId, input);
      const slug = slugify(input.slug);
      if (slug && stores.pages.exists(workspaceId, pageId) && !explicit.has(`${pageId}:${slug}`) && stores.categories.idBySlug(pageId, slug) !== undefined) {
        throw new Error('UNIQUE constraint failed: categories.page_id, categories.slug');
      }
      const created = create(workspaceId, pageId, input);
      explicit.add(`${pageId}:${created.slug}`);
      return created;
    };
  }
  if (on('post-update-image-url-scheme-lowercase')) {
    // updatePost checks the image URLs with the pattern of the upload's public URLs, `^https?:\/\/`,
    // written for URLs the server makes itself: an absolute URL whose scheme is written in capitals
    // (HTTPS://CDN.EXAMPLE/A.PNG, as some CMS exports and old clients send them) is answered 422 naming
    // the field, though a URI scheme is case-insensitive (RFC 3986 section 3.1). Lowercase http and
    // https URLs, null, and createPost are right. Breaks requests.valid-input-accepted and the Url
    // schema ("An absolute URL of up to 2048 characters").
    const contentForUpdate = services.posts.contentForUpdate.bind(services.posts);
    services.posts.contentForUpdate = (workspaceId, pageId, id, input, signal) => {
      const errors = (['cover_image_url', 'og_image_url'] as const)
        .filter((field) => typeof input[field] === 'string' && !/^https?:\/\//.test(input[field]))
        .map((field) => ({ field, message: 'must be an http or https URL' }));
      if (errors.length > 0) throw problems.invalid(errors);
      return contentForUpdate(workspaceId, pageId, id, input, signal);
    };
  }
}

export function breakThirtyFirstLookPipeline(on: FaultSet, pipeline: Pipeline, _context: PipelineContext): Pipeline {
  let { api } = pipeline;
  if (on('author-update-charset-value-case-415')) {
    // updateAuthor reads the body's media type with a small parser of its own that lowercases the type
    // and the parameter names and unquotes values, but compares the charset's value as written
    // (`params.charset === 'utf-8'`): a body sent as `application/json; charset=UTF-8`, the spelling
    // the IANA registry and many HTTP clients use, is answered 415. No charset, charset=utf-8 quoted or
    // not, and every other operation are right. Breaks requests.media-type-any-case ("a charset's
    // value, in any letter case") and the introduction's Requests (`Application/JSON;
    // Charset="UTF-8"` "is JSON in UTF-8").
    api = insertBefore(api, 'json-body', {
      name: 'author-update-charset-value-case-415',
      handler: onRequestsTo(['PATCH'], /^\/authors\/[^/]+\/?$/, (req) => {
        const parameters = (req.get('content-type') ?? '').split(';').slice(1);
        for (const parameter of parameters) {
          const equals = parameter.indexOf('=');
          if (equals < 0 || parameter.slice(0, equals).trim().toLowerCase() !== 'charset') continue;
          const value = parameter.slice(equals + 1).trim().replace(/^"(.*)"$/, '$1');
          if (value !== 'utf-8') return problems.unsupportedMediaType('Send the body as UTF-8 application/json.');
        }
        return undefined;
      }),
    });
  }
  if (on('author-get-largest-id-422')) {
    // getAuthor checks its id against the contract's range as `id < Number.MAX_SAFE_INTEGER`, strictly
    // below where it should be at most: the largest id the contract allows (9007199254740991) is
    // answered 422 naming path.id, where an id of no author is a 404. Every smaller id, and every other
    // operation, are right; ids above it are 422, right. Breaks requests.valid-input-accepted ("boundary
    // values included"), resources.missing-is-404 ("An id that names no resource of the workspace ...
    // is answered 404") and the introduction's Requests ("Identifiers are whole numbers from 1 to
    // 9007199254740991").
    api = insertBefore(api, 'operations', {
      name: 'author-get-largest-id-422',
      handler: onRequestsTo(['GET', 'HEAD'], /^\/authors\/\d+\/?$/, (req) => {
        const id = Number(/^\/authors\/(\d+)/.exec(req.path)?.[1]);
        return id >= LARGEST_ID ? problems.invalidField('path.id', `must be at most ${LARGEST_ID}`) : undefined;
      }),
    });
  }
  return { ...pipeline, api };
}
