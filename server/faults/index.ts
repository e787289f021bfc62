/**
 * Applies the faults of catalog.ts. Each fault is a small, named deviation layered over the real
 * server (a patched method, a looser copy of the contract for the validator, a rewritten response),
 * so the server's own code stays free of test switches and `noFaults` changes nothing at all.
 */
import { randomBytes } from 'node:crypto';
import { constants as fsConstants } from 'node:fs';
import { copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import slugifyText from '@sindresorhus/slugify';
import type { Request, RequestHandler } from 'express';
import type { Email } from '../../generated/openapi.d.ts';
import type { Db } from '../db/database.ts';
import type { MarkdownRenderer } from '../domain/markdown-pool.ts';
import { normaliseAddress } from '../domain/people.ts';
import { nextFreeSlug, slugify, slugOr } from '../domain/slugs.ts';
import type { BodyRules } from '../http/json-body.ts';
import { IMAGE_SIZE_LIMIT } from '../http/uploads.ts';
import { ProblemError, problems } from '../http/problem.ts';
import type { Services } from '../services/index.ts';
import type { Stores } from '../store/index.ts';
import { FAULT_CATALOG, isFaultName, type FaultName } from './catalog.ts';

// The contract is walked as plain JSON.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

export interface Faults {
  readonly names: readonly FaultName[];
  /** The contract the validator enforces: the real one, or a looser copy. */
  contract(document: Json): Json;
  readonly validateRequests: boolean;
  readonly validateResponses: boolean;
  /** Whether integers in paths and queries are checked as written (http/whole-numbers.ts). */
  readonly checkWholeNumbers: boolean;
  /** Whether HEAD is answered wherever GET is (http/head.ts). */
  readonly answerHead: boolean;
  /** Wraps authentication. */
  authenticate(real: RequestHandler): RequestHandler;
  /** Wraps authentication with its rate limits. */
  limits(real: RequestHandler): RequestHandler;
  /** Middleware that rewrites responses, if any fault does. */
  readonly rewriteResponses: RequestHandler | undefined;
  /** Middleware run just before the operation handlers, with the request valid, if any fault needs it. */
  readonly beforeOperations: RequestHandler | undefined;
  /** The problem actually sent for a problem the server meant to send. */
  problem(intended: ProblemError, req: Request): ProblemError;
  /** What a JSON body must be. */
  bodyRules(real: BodyRules): BodyRules;
  /** Wraps the early 413 for a declared body over the limit. */
  declaredLength(real: RequestHandler): RequestHandler;
  /** Wraps the multipart parser of the image upload. */
  uploadParser(real: RequestHandler): RequestHandler;
  /** Wraps the handler that serves uploaded images (outside the API). */
  serveImages(real: RequestHandler): RequestHandler;
  /** Whether a write is rolled back because its answer failed response validation. */
  answerBroke(real: (req: Request) => boolean): (req: Request) => boolean;
  /** Patches stores, services and the Markdown renderer in place. */
  patch(parts: { db: Db; stores: Stores; services: Services; markdown: MarkdownRenderer }): void;
}

export const noFaults: Faults = {
  names: [],
  contract: (document) => document,
  validateRequests: true,
  validateResponses: true,
  checkWholeNumbers: true,
  answerHead: true,
  authenticate: (real) => real,
  limits: (real) => real,
  rewriteResponses: undefined,
  beforeOperations: undefined,
  problem: (intended) => intended,
  bodyRules: (real) => real,
  declaredLength: (real) => real,
  uploadParser: (real) => real,
  serveImages: (real) => real,
  answerBroke: (real) => real,
  patch: () => {},
};

/**
 * Faults that re-create a bug of the server as it was, response validation included: a server
 * with only these on still validates its answers (the others need to send what the contract forbids).
 */
const ANSWER_CHECKED: readonly FaultName[] = [
  'errors-unbounded',
  'lone-surrogates-stored',
  'invalid-utf8-replaced',
  'any-charset',
  'bad-encoding-500',
  'any-multipart',
  'late-413',
  'commit-unreadable-write',
  'control-characters-accepted',
];

export function parseFaults(list: string | undefined): FaultName[] {
  const names = (list ?? '').split(',').map((n) => n.trim()).filter(Boolean);
  const unknown = names.filter((n) => !isFaultName(n));
  if (unknown.length > 0) {
    throw new Error(`Unknown fault ${unknown.join(', ')}; known: ${Object.keys(FAULT_CATALOG).join(', ')}`);
  }
  return names as FaultName[];
}

/**
 * The slugs in use, as a derived slug's numbering sees them, include `base-1` once `base` is taken:
 * the first free suffix is then -2.
 */
function numberSlugsFromTwo(store: { slugsFrom(pageId: number, base: string): string[] }): void {
  const slugsFrom = store.slugsFrom.bind(store);
  store.slugsFrom = (pageId, base) => {
    const used = slugsFrom(pageId, base);
    return used.includes(base) ? [...used, `${base}-1`] : used;
  };
}

/** Every UTC timestamp the server writes, spelled with the offset `+00:00` instead of `Z`. */
function withOffsets(value: Json): Json {
  if (typeof value === 'string') return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(value) ? `${value.slice(0, -1)}+00:00` : value;
  if (Array.isArray(value)) return value.map(withOffsets);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withOffsets(v)]));
  return value;
}

function dropNulls(value: Json): Json {
  if (Array.isArray(value)) return value.map(dropNulls);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null).map(([k, v]) => [k, dropNulls(v)]));
  }
  return value;
}

/** The patterns of free text (one line; lines), which refuse control characters and nothing else. */
const TEXT_PATTERNS = ['^[^\\u0000-\\u001F\\u007F]*$', '^[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F]*$'];

function dropTextPatterns(node: Json): void {
  if (Array.isArray(node)) return node.forEach(dropTextPatterns);
  if (!node || typeof node !== 'object') return;
  if (TEXT_PATTERNS.includes(node.pattern)) delete node.pattern;
  Object.values(node).forEach(dropTextPatterns);
}

/**
 * The contract without its refusal of control characters, in requests and responses alike: the
 * patterns of free text go, and a name or a slug keeps only its need for a character that is not
 * white space, or for a letter or digit.
 */
function looseText(contract: Json): void {
  dropTextPatterns(contract);
  const schemas = contract.components.schemas;
  schemas.Name.pattern = '\\S';
  schemas.Slug.pattern = '[A-Za-z0-9]';
}

export function faultsFrom(names: readonly FaultName[]): Faults {
  if (names.length === 0) return noFaults;
  const on = (name: FaultName) => names.includes(name);
  // What a fault's middleware reads and writes; set by patch(), which runs before any request.
  let parts: { db: Db; stores: Stores } | undefined;
  // The stores, once patch() has them: problem() looks resources up for not-found-before-validation.
  let storesSeen: Stores | undefined;

  return {
    names,
    // A faulty server must be able to send what the contract forbids, so it does not validate its
    // own responses, unless its faults are all of those that need it.
    validateResponses: names.every((name) => ANSWER_CHECKED.includes(name)),
    validateRequests: !on('accept-invalid-input'),
    checkWholeNumbers: !on('lax-numbers'),
    answerHead: !on('head-405'),

    contract(document) {
      const copy = structuredClone(document);
      const schemas = copy.components.schemas;
      const parameters = copy.components.parameters;
      if (on('default-size-20')) parameters.ListSize.schema.default = 20;
      if (on('size-limit-off-by-one')) parameters.ListSize.schema.maximum = 101;
      if (on('name-length-unchecked')) delete schemas.Name.maxLength;
      if (on('enum-value-missing')) {
        parameters.EmailStatusFilter.schema = { type: 'string', enum: ['draft', 'scheduled', 'sent'] };
      }
      // The validator fills in a body's defaults before the handler sees it.
      if (on('post-published-by-default')) schemas.PostCreate.properties.status.default = 'published';
      if (on('unknown-query-ignored')) {
        // express-openapi-validator's own switch, per operation: unknown query parameters pass.
        for (const item of Object.values<Json>(copy.paths)) {
          for (const operation of Object.values<Json>(item)) {
            if (operation && typeof operation === 'object' && 'responses' in operation) operation['x-eov-allow-unknown-query-parameters'] = true;
          }
        }
      }
      if (on('empty-filter-ignored')) {
        // The empty value passes validation; the service then reads it as no filter (patch below).
        parameters.EmailStatusFilter.allowEmptyValue = true;
        parameters.EmailStatusFilter.schema = { anyOf: [parameters.EmailStatusFilter.schema, { const: '' }] };
      }
      if (on('control-characters-accepted')) looseText(copy);
      return copy;
    },

    authenticate(real) {
      if (!on('accept-any-token')) return real;
      return (req, res, next) =>
        real(req, res, (err?: unknown) => {
          if ((err as ProblemError | undefined)?.status !== 401) return next(err);
          res.locals.workspaceId = 1;
          next();
        });
    },

    limits(real) {
      if (!on('rate-limit-header-malformed') && !on('rate-limit-not-enforced') && !on('rate-limit-without-retry-after')) return real;
      return (req, res, next) =>
        real(req, res, (err?: unknown) => {
          if (on('rate-limit-header-malformed') && res.hasHeader('RateLimit')) {
            // The older draft's syntax, a plausible slip when following a library's defaults.
            res.setHeader('RateLimit', 'limit=100, remaining=99, reset=60');
          }
          const limited = err instanceof ProblemError && err.status === 429;
          if (limited && on('rate-limit-not-enforced') && res.locals.workspaceId !== undefined) return next();
          if (limited && on('rate-limit-without-retry-after')) {
            res.removeHeader('Retry-After');
            return next(new ProblemError(429, err.kind, err.title, err.detail));
          }
          next(err);
        });
    },

    rewriteResponses:
      on('drop-null-fields') || on('wrong-success-status') || on('timestamps-with-offset')
        ? (req, res, next) => {
            const json = res.json.bind(res);
            res.json = (body: Json) => {
              if (on('wrong-success-status') && req.method === 'POST' && /\/pages$/.test(req.path) && res.statusCode === 201) res.status(200);
              if (on('timestamps-with-offset') && res.statusCode < 300) body = withOffsets(body);
              return json(on('drop-null-fields') && res.statusCode < 300 ? dropNulls(body) : body);
            };
            next();
          }
        : undefined,

    beforeOperations: on('upsert-check-then-insert')
      ? async (req, res, next) => {
          const match = req.method === 'POST' ? /^\/newsletters\/(\d+)\/subscribers$/.exec(req.path) : null;
          const workspaceId = res.locals.workspaceId as number | undefined;
          if (!match || !parts || workspaceId === undefined || !parts.stores.newsletters.exists(workspaceId, Number(match[1]))) return next();
          const newsletterId = Number(match[1]);
          const email = normaliseAddress((req.body as { email: string }).email);
          const find = parts.db.prepare<[number, string], number>('SELECT id FROM subscribers WHERE newsletter_id = ? AND email = ?').pluck();
          // The lookup, then a gap before the insert: an upsert that ran in the gap is not seen.
          const seenBefore = find.get(newsletterId, email) !== undefined;
          await sleep(50);
          if (!seenBefore && find.get(newsletterId, email) !== undefined) {
            // The unique key allows one row per address, so the row inserted meanwhile steps aside
            // under a marked address (still a valid one), and this upsert inserts another, as an
            // upsert without the key would.
            parts.db
              .prepare(
                "UPDATE subscribers SET email = substr(email, 1, instr(email, '@') - 1) || '+' || id || substr(email, instr(email, '@')) WHERE newsletter_id = ? AND email = ?",
              )
              .run(newsletterId, email);
          }
          next();
        }
      : undefined,

    problem(intended, req) {
      if (on('server-error-on-invalid-input') && (intended.status === 400 || intended.status === 422)) return problems.internal();
      const encoded = (req.get('content-encoding') ?? 'identity').trim().toLowerCase() !== 'identity';
      if (on('bad-encoding-500') && encoded && (intended.status === 400 || intended.status === 415)) return problems.internal();
      if (on('errors-unbounded') && intended.errors && intended.status === 422) {
        return new ProblemError(intended.status, intended.kind, intended.title, 'The request has invalid inputs.', intended.errors, intended.headers, Infinity);
      }
      if (on('method-not-allowed-without-allow') && intended.status === 405) {
        return new ProblemError(405, intended.kind, intended.title, intended.detail, intended.errors);
      }
      if (on('malformed-json-422') && intended.status === 400 && intended.detail.startsWith('The request body is not valid JSON')) {
        return problems.invalidField('body', 'must be a JSON object');
      }
      if (on('not-found-before-validation') && intended.status === 422 && storesSeen) {
        // Looks up the newsletter (and email) the path names before answering the invalid request.
        const workspaceId = req.res?.locals.workspaceId as number | undefined;
        const ids = /\/newsletters\/(\d+)(?:\/emails\/(\d+))?/.exec(req.path);
        if (workspaceId !== undefined && ids) {
          const newsletterId = Number(ids[1]);
          const missing =
            !storesSeen.newsletters.exists(workspaceId, newsletterId) || (ids[2] !== undefined && !storesSeen.emails.get(newsletterId, Number(ids[2])));
          if (missing) return problems.notFound('There is no such resource.');
        }
      }
      if (on('error-fields-unprefixed') && intended.status === 422 && intended.errors) {
        // Query and path parameters named like body fields: `size` for `query.size`, `id` for `path.id`.
        const errors = intended.errors.map((error) => ({ ...error, field: error.field.replace(/^(query|path)\./, '') }));
        return new ProblemError(intended.status, intended.kind, intended.title, intended.detail, errors, intended.headers);
      }
      if (on('not-sendable-field-names') && intended.kind === 'email-not-sendable' && intended.errors) {
        const words: Record<string, string> = { content_html: 'content', 'path.newsletter_id': 'subscribers' };
        const errors = intended.errors.map((error) => ({ ...error, field: words[error.field] ?? error.field }));
        return new ProblemError(intended.status, intended.kind, intended.title, intended.detail, errors, intended.headers);
      }
      return intended;
    },

    bodyRules(real) {
      return {
        ...real,
        ...(on('errors-unbounded') ? { maxMembers: Infinity } : {}),
        ...(on('invalid-utf8-replaced') ? { requireUtf8: false } : {}),
        ...(on('any-charset') ? { anyCharset: true } : {}),
        ...(on('lone-surrogates-stored') || on('commit-unreadable-write') ? { refuseLoneSurrogates: false } : {}),
      };
    },

    declaredLength(real) {
      return on('late-413') ? (_req, _res, next) => next() : real;
    },

    uploadParser(real) {
      if (!on('any-multipart') && !on('upload-limit-counts-body')) return real;
      return (req, res, next) => {
        const type = req.get('content-type') ?? '';
        if (on('any-multipart') && /^multipart\//i.test(type)) req.headers['content-type'] = type.replace(/^multipart\/[^;]*/i, 'multipart/form-data');
        if (on('upload-limit-counts-body') && Number(req.get('content-length')) > IMAGE_SIZE_LIMIT) {
          // Read to the end first, so the client hears the 413 instead of a reset connection.
          req.resume();
          req.once('end', () => next(problems.tooLarge('The upload is over 10 MiB.')));
          return;
        }
        real(req, res, next);
      };
    },

    serveImages(real) {
      if (!on('images-need-token')) return real;
      return (req, res, next) => {
        if (!/^Bearer \S/.test(req.get('authorization') ?? '')) return next(problems.unauthorized('Send a bearer token to fetch an image.'));
        real(req, res, next);
      };
    },

    answerBroke(real) {
      return on('commit-unreadable-write') ? () => false : real;
    },

    patch({ db, stores, services, markdown }) {
      parts = { db, stores };
      storesSeen = stores;
      if (on('send-state-before-time')) {
        const send = services.emails.send.bind(services.emails);
        services.emails.send = (workspaceId, newsletterId, id, at) => {
          if (services.emails.get(workspaceId, newsletterId, id).status === 'sent') throw problems.emailAlreadySent(`Email ${id} has been sent.`);
          return send(workspaceId, newsletterId, id, at);
        };
      }
      if (on('empty-filter-ignored')) {
        const list = services.emails.list.bind(services.emails);
        services.emails.list = (workspaceId, newsletterId, status, paging) => list(workspaceId, newsletterId, (status as string) === '' ? undefined : status, paging);
      }
      if (on('empty-update-touches')) {
        const update = services.categories.update.bind(services.categories);
        const touch = db.prepare('UPDATE categories SET updated_at = ? WHERE id = ? AND page_id = ?');
        services.categories.update = (workspaceId, pageId, id, input) => {
          if (Object.keys(input).length === 0) touch.run(new Date().toISOString(), id, pageId);
          return update(workspaceId, pageId, id, input);
        };
      }
      if (on('slug-suffix-past-limit')) {
        // The slug as it would be cut at the limit itself, leaving no room for the suffix.
        const create = services.categories.create.bind(services.categories);
        const slugs = db.prepare<[number, number], string>('SELECT slug FROM categories WHERE page_id = ? AND id != ?').pluck();
        const setSlug = db.prepare('UPDATE categories SET slug = ? WHERE id = ?');
        services.categories.create = (workspaceId, pageId, input) => {
          const category = create(workspaceId, pageId, input);
          const base = slugifyText(input.name.replace(/\//g, ''), { decamelize: false }).slice(0, 100).replace(/-+$/, '');
          if (input.slug != null || base.length <= 90) return category;
          setSlug.run(nextFreeSlug(base, slugs.all(pageId, category.id).filter((slug) => slug.startsWith(base))), category.id);
          return services.categories.get(workspaceId, pageId, category.id);
        };
      }
      if (on('cross-workspace-leak')) {
        const anyWorkspace = db.prepare('SELECT id, name, name_slug, workspace_id, created_at, updated_at FROM newsletters WHERE id = ?');
        stores.newsletters.get = (_workspaceId, id) => anyWorkspace.get(id) as ReturnType<typeof stores.newsletters.get>;
        // Emails and subscribers check their newsletter with exists(): the leak reaches them too.
        stores.newsletters.exists = (_workspaceId, id) => anyWorkspace.get(id) !== undefined;
      }
      if (on('upsert-case-sensitive')) {
        services.subscribers.upsert = (workspaceId, newsletterId, email) => {
          if (!stores.newsletters.get(workspaceId, newsletterId)) throw problems.notFound(`There is no newsletter ${newsletterId}.`);
          return stores.subscribers.upsertActive(newsletterId, email, new Date().toISOString());
        };
      }
      if (on('upsert-duplicates')) {
        // The unique key forbids two rows for one address, so the older row steps aside under a
        // marked address: both stay listed, as a duplicate would.
        const upsert = stores.subscribers.upsertActive.bind(stores.subscribers);
        const setAside = db.prepare("UPDATE subscribers SET email = email || '#' || id WHERE newsletter_id = ? AND email = ?");
        stores.subscribers.upsertActive = (newsletterId, email, now) => {
          setAside.run(newsletterId, email);
          return upsert(newsletterId, email, now);
        };
      }
      if (on('send-accepts-past-time')) {
        const send = services.emails.send.bind(services.emails);
        services.emails.send = (workspaceId, newsletterId, id, at) =>
          send(workspaceId, newsletterId, id, at != null && new Date(at).getTime() <= Date.now() ? undefined : at);
      }
      if (on('resend-sent-email')) {
        const send = services.emails.send.bind(services.emails);
        const reopen = db.prepare("UPDATE emails SET status = 'draft', delivery_started_at = NULL WHERE id = ? AND status = 'sent'");
        services.emails.send = (workspaceId, newsletterId, id, at) => {
          reopen.run(id);
          return send(workspaceId, newsletterId, id, at);
        };
      }
      if (on('ignore-status-filter') || on('ignore-size') || on('total-counts-page')) {
        const list = services.emails.list.bind(services.emails);
        services.emails.list = (workspaceId, newsletterId, status, paging) => {
          const page = list(
            workspaceId,
            newsletterId,
            on('ignore-status-filter') ? undefined : status,
            on('ignore-size') ? { page: paging.page, size: paging.size * 2 } : paging,
          );
          return on('total-counts-page') ? { ...page, total: page.items.length } : page;
        };
      }
      if (on('ignore-verified-false')) {
        const list = services.subscribers.list.bind(services.subscribers);
        services.subscribers.list = (workspaceId, newsletterId, filter, paging) =>
          list(workspaceId, newsletterId, filter.verified === false ? { ...filter, verified: undefined } : filter, paging);
      }
      if (on('publish-without-timestamp')) {
        const create = services.posts.create.bind(services.posts);
        const clear = db.prepare('UPDATE posts SET first_published_at = NULL WHERE id = ?');
        services.posts.create = (workspaceId, pageId, input, contentHtml) => {
          const post = create(workspaceId, pageId, input, contentHtml);
          clear.run(post.id);
          return { ...post, first_published_at: null };
        };
      }
      if (on('markdown-unbounded')) {
        // marked, the renderer the server had before: on the event loop, nesting without bound.
        markdown.render = async (text) => {
          const { marked } = await import('marked');
          return { html: marked.parse(text, { async: false, gfm: true }) };
        };
      }
      if (on('ascii-case-folding')) {
        const asciiLower = (name: string) => name.replace(/[A-Z]/g, (letter) => letter.toLowerCase());
        stores.pages.nameKey = asciiLower;
        stores.newsletters.nameKey = asciiLower;
      }
      if (on('domain-leak')) {
        // The label counts the pages of that name in every workspace: `-1` says another has one.
        const insert = stores.pages.insert.bind(stores.pages);
        const labels = db.prepare<[string, string], string>('SELECT domain FROM pages WHERE domain >= ? AND domain < ?').pluck();
        stores.pages.insert = (page) => {
          const suffix = page.domain.slice(page.domain.indexOf('.') + 1);
          const label = page.name_slug.slice(0, 55);
          const inUse = labels.all(label, `${label}/`).filter((d) => d.endsWith(`.${suffix}`)).map((d) => d.slice(0, -(suffix.length + 1)));
          return insert({ ...page, domain: `${nextFreeSlug(label, inUse)}.${suffix}` });
        };
      }
      if (on('past-the-end-total-zero')) {
        // As a total counted over the rows of the page query itself (a window count): past the
        // end there are no rows to count.
        const list = services.pages.list.bind(services.pages);
        services.pages.list = (workspaceId, paging) => {
          const page = list(workspaceId, paging);
          return page.items.length === 0 ? { ...page, total: 0 } : page;
        };
      }
      if (on('emails-oldest-first')) {
        const list = services.emails.list.bind(services.emails);
        services.emails.list = (workspaceId, newsletterId, status, paging) => {
          const { total } = list(workspaceId, newsletterId, status, { page: 1, size: 1 });
          const oldestFirst = list(workspaceId, newsletterId, status, { page: 1, size: Math.max(total, 1) }).items.reverse();
          const start = (paging.page - 1) * paging.size;
          return { total, items: oldestFirst.slice(start, start + paging.size) };
        };
      }
      if (on('new-pages-unlisted')) {
        // Lists read a replica that is 5 s behind: what was created since is not there yet.
        const lagMs = 5_000;
        const list = services.pages.list.bind(services.pages);
        const recent = db.prepare<[number, string], number>('SELECT count(*) FROM pages WHERE workspace_id = ? AND created_at > ?').pluck();
        services.pages.list = (workspaceId, paging) => {
          const since = new Date(Date.now() - lagMs).toISOString();
          const page = list(workspaceId, paging);
          return { total: page.total - recent.get(workspaceId, since)!, items: page.items.filter((item) => item.created_at <= since) };
        };
      }
      if (on('update-null-ignored')) {
        const update = services.categories.update.bind(services.categories);
        services.categories.update = (workspaceId, pageId, id, input) =>
          update(workspaceId, pageId, id, Object.fromEntries(Object.entries(input).filter(([, value]) => value !== null)));
      }
      if (on('delete-keeps-post')) {
        // A missing post is still a 404; an existing one is answered as deleted and left in place.
        const get = services.posts.get.bind(services.posts);
        services.posts.delete = (workspaceId, pageId, id) => void get(workspaceId, pageId, id);
      }
      if (on('post-found-in-any-page')) {
        const pageOf = db
          .prepare<[number, number], number>('SELECT posts.page_id FROM posts JOIN pages ON pages.id = posts.page_id WHERE posts.id = ? AND pages.workspace_id = ?')
          .pluck();
        const get = services.posts.get.bind(services.posts);
        services.posts.get = (workspaceId, pageId, id) => get(workspaceId, pageOf.get(id, workspaceId) ?? pageId, id);
      }
      if (on('category-checked-after-write')) {
        // A post refused for its category is written first, without it, and the refusal undoes nothing.
        const prepare = services.posts.contentForCreate.bind(services.posts);
        const create = services.posts.create.bind(services.posts);
        services.posts.contentForCreate = async (workspaceId, pageId, input) => {
          try {
            return await prepare(workspaceId, pageId, input);
          } catch (error) {
            if (input.category_id != null && error instanceof ProblemError && error.status === 422) {
              const withoutCategory = { ...input, category_id: null };
              create(workspaceId, pageId, withoutCategory, await prepare(workspaceId, pageId, withoutCategory));
            }
            throw error;
          }
        };
      }
      if (on('page-slug-ascii-only') || on('page-slug-taken-suffixed')) {
        const create = services.pages.create.bind(services.pages);
        const freeSlug = (workspaceId: number, base: string) => nextFreeSlug(base, stores.pages.slugsFrom(workspaceId, 'slug', base));
        services.pages.create = (workspaceId, input) => {
          if (input.slug == null && on('page-slug-ascii-only')) {
            // A hand-made slugifier: lowercase, then every run of other characters becomes one hyphen.
            const ascii = input.name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'page';
            return create(workspaceId, { ...input, slug: freeSlug(workspaceId, ascii) });
          }
          const explicit = input.slug == null ? '' : slugify(input.slug);
          if (explicit && on('page-slug-taken-suffixed') && stores.pages.idBySlug(workspaceId, explicit) !== undefined) {
            return create(workspaceId, { ...input, slug: freeSlug(workspaceId, explicit) });
          }
          return create(workspaceId, input);
        };
      }
      if (on('rename-moves-slug')) {
        const update = services.pages.update.bind(services.pages);
        services.pages.update = (workspaceId, id, input) => {
          if (input.name == null || input.slug !== undefined) return update(workspaceId, id, input);
          const current = services.pages.get(workspaceId, id).slug;
          const base = slugOr(input.name, 'page');
          const slug = nextFreeSlug(base, stores.pages.slugsFrom(workspaceId, 'slug', base).filter((taken) => taken !== current));
          return update(workspaceId, id, { ...input, slug });
        };
      }
      if (on('markdown-over-html')) {
        const prepare = services.posts.contentForCreate.bind(services.posts);
        services.posts.contentForCreate = (workspaceId, pageId, input) =>
          prepare(workspaceId, pageId, input.content_md != null ? { ...input, content_html: null } : input);
      }
      if (on('post-slug-from-2')) numberSlugsFromTwo(stores.posts);
      if (on('category-of-any-page')) {
        // The reference check, private to the service, is replaced: a category of another page of
        // the workspace passes as if no category had been given.
        type References = { category_id?: number | null; author_id?: number | null };
        const posts = services.posts as unknown as { checkReferences(workspaceId: number, pageId: number, input: References): void };
        const check = posts.checkReferences.bind(posts);
        const inWorkspace = db
          .prepare<[number, number], number>('SELECT 1 FROM categories JOIN pages ON pages.id = categories.page_id WHERE categories.id = ? AND pages.workspace_id = ?')
          .pluck();
        posts.checkReferences = (workspaceId, pageId, input) =>
          check(workspaceId, pageId, input.category_id != null && inWorkspace.get(input.category_id, workspaceId) !== undefined ? { ...input, category_id: null } : input);
      }
      if (on('unpublish-clears-first-published')) {
        const update = services.posts.update.bind(services.posts);
        const clear = db.prepare('UPDATE posts SET first_published_at = NULL WHERE id = ?');
        services.posts.update = (workspaceId, pageId, id, input, contentHtml) => {
          const post = update(workspaceId, pageId, id, input, contentHtml);
          if (input.status !== 'draft') return post;
          clear.run(id);
          return { ...post, first_published_at: null };
        };
      }
      if (on('category-slug-skips-one')) numberSlugsFromTwo(stores.categories);
      if (on('category-slug-taken-suffixed')) {
        // An explicit slug is never found taken; the store makes it free the way a derived one is.
        stores.categories.idBySlug = () => undefined;
        const free = (pageId: number, slug: string) => nextFreeSlug(slug, stores.categories.slugsFrom(pageId, slug));
        const insert = stores.categories.insert.bind(stores.categories);
        stores.categories.insert = (category) => insert({ ...category, slug: free(category.page_id, category.slug) });
        const update = stores.categories.update.bind(stores.categories);
        const pageOf = db.prepare<[number], number>('SELECT page_id FROM categories WHERE id = ?').pluck();
        stores.categories.update = (id, changes) =>
          update(id, typeof changes.slug === 'string' ? { ...changes, slug: free(pageOf.get(id)!, changes.slug) } : changes);
      }
      if (on('category-color-lowercased')) {
        const insert = stores.categories.insert.bind(stores.categories);
        stores.categories.insert = (category) => insert({ ...category, color: category.color?.toLowerCase() ?? null });
      }
      if (on('category-delete-removes-posts')) {
        const remove = stores.categories.delete.bind(stores.categories);
        const removePosts = db.prepare<[number, number]>('DELETE FROM posts WHERE page_id = ? AND category_id = ?');
        stores.categories.delete = (pageId, id) => {
          removePosts.run(pageId, id);
          return remove(pageId, id);
        };
      }
      if (on('subscriber-created-pending')) {
        const upsert = stores.subscribers.upsertActive.bind(stores.subscribers);
        const pending = db.prepare<[number]>("UPDATE subscribers SET verified = 0, active = 0, status = 'pending', verified_at = NULL WHERE id = ?");
        stores.subscribers.upsertActive = (newsletterId, email, now) => {
          const subscriber = upsert(newsletterId, email, now);
          // Created by this upsert: its creation time is this upsert's.
          if (subscriber.created_at !== now) return subscriber;
          pending.run(subscriber.id);
          return stores.subscribers.get(newsletterId, subscriber.id)!;
        };
      }
      if (on('subscriber-id-restored')) {
        // Remembers the id of each deleted address, and inserts the address under it when it comes back.
        const deleted = new Map<string, number>();
        const remove = stores.subscribers.delete.bind(stores.subscribers);
        stores.subscribers.delete = (newsletterId, id) => {
          const gone = stores.subscribers.get(newsletterId, id);
          const removed = remove(newsletterId, id);
          if (removed && gone) deleted.set(`${newsletterId} ${gone.email}`, id);
          return removed;
        };
        const upsert = stores.subscribers.upsertActive.bind(stores.subscribers);
        const restore = db.prepare(
          `INSERT INTO subscribers (id, newsletter_id, email, verified, active, status, verified_at, created_at, updated_at)
           VALUES (@id, @newsletter_id, @email, 1, 1, 'active', @now, @now, @now) ON CONFLICT DO NOTHING`,
        );
        stores.subscribers.upsertActive = (newsletterId, email, now) => {
          const id = deleted.get(`${newsletterId} ${email}`);
          if (id !== undefined) {
            deleted.delete(`${newsletterId} ${email}`);
            restore.run({ id, newsletter_id: newsletterId, email, now });
          }
          return upsert(newsletterId, email, now);
        };
      }
      if (on('newsletter-empty-update-touches')) {
        const update = services.newsletters.update.bind(services.newsletters);
        services.newsletters.update = (workspaceId, id, input) => {
          if (input.name === undefined && stores.newsletters.exists(workspaceId, id)) stores.newsletters.update(id, { updated_at: new Date().toISOString() });
          return update(workspaceId, id, input);
        };
      }
      if (on('newsletter-rename-keeps-name-slug')) {
        const update = stores.newsletters.update.bind(stores.newsletters);
        stores.newsletters.update = (id, changes) => {
          const { name_slug: _kept, ...rest } = changes;
          update(id, rest);
        };
      }
      if (on('newsletter-name-slug-ascii-only')) {
        // A hand-written slug: lowercase, then everything but a-z and 0-9 is a separator.
        const asciiSlug = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 90) || 'newsletter';
        const insert = stores.newsletters.insert.bind(stores.newsletters);
        stores.newsletters.insert = (newsletter) => {
          const base = asciiSlug(newsletter.name);
          return insert({ ...newsletter, name_slug: nextFreeSlug(base, stores.newsletters.nameSlugsFrom(newsletter.workspace_id, base)) });
        };
      }
      if (on('email-markdown-not-rendered')) {
        const contentForCreate = services.emails.contentForCreate.bind(services.emails);
        services.emails.contentForCreate = (workspaceId, newsletterId, input) => contentForCreate(workspaceId, newsletterId, { ...input, content_md: undefined });
      }
      if (on('email-change-any-status')) {
        // The check that an email is a draft, before a change or a delete, finds any email.
        const emails = services.emails as unknown as { draft(workspaceId: number, newsletterId: number, id: number): Email };
        emails.draft = (workspaceId, newsletterId, id) => services.emails.get(workspaceId, newsletterId, id);
      }
      if (on('send-later-drops-offset')) {
        const send = services.emails.send.bind(services.emails);
        services.emails.send = (workspaceId, newsletterId, id, at) =>
          send(workspaceId, newsletterId, id, at == null ? at : at.replace(/(?:[+-]\d\d:\d\d|z)$/i, 'Z'));
      }
      if (on('send-without-audience')) {
        const countAudience = stores.subscribers.countAudience.bind(stores.subscribers);
        stores.subscribers.countAudience = (newsletterId) => Math.max(1, countAudience(newsletterId));
      }
      if (on('author-position-not-stored')) {
        const update = stores.authors.update.bind(stores.authors);
        stores.authors.update = (id, changes) => {
          const { position: _dropped, ...rest } = changes;
          update(id, rest);
        };
      }
      if (on('image-url-without-extension')) {
        const store = services.images.store.bind(services.images);
        services.images.store = async (content) => {
          const { url } = await store(content);
          return { url: url.replace(/\.[a-z]+$/, '') };
        };
      }
      if (on('image-any-type')) {
        const store = services.images.store.bind(services.images);
        const { directory, publicUrl } = services.images as unknown as { directory: string; publicUrl: string };
        services.images.store = async (incoming) => {
          try {
            return await store(incoming);
          } catch (error) {
            if (!(error instanceof ProblemError && error.status === 415)) throw error;
            const name = `${randomBytes(16).toString('hex')}.bin`;
            await mkdir(directory, { recursive: true });
            await copyFile(incoming, path.join(directory, name), fsConstants.COPYFILE_EXCL);
            return { url: `${publicUrl}/images/${name}` };
          }
        };
      }
    },
  };
}
