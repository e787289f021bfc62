/**
 * Applies the faults of catalog.ts. Each fault is a small, named deviation layered over the real
 * server (a patched method, a looser copy of the contract for the validator, a rewritten response),
 * so the server's own code stays free of test switches and `noFaults` changes nothing at all.
 */
import type { Request, RequestHandler } from 'express';
import type { Db } from '../db/database.ts';
import type { MarkdownRenderer } from '../domain/markdown-pool.ts';
import { nextFreeSlug } from '../domain/slugs.ts';
import type { BodyRules } from '../http/json-body.ts';
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
  /** The problem actually sent for a problem the server meant to send. */
  problem(intended: ProblemError, req: Request): ProblemError;
  /** What a JSON body must be. */
  bodyRules(real: BodyRules): BodyRules;
  /** Wraps the early 413 for a declared body over the limit. */
  declaredLength(real: RequestHandler): RequestHandler;
  /** Wraps the multipart parser of the image upload. */
  uploadParser(real: RequestHandler): RequestHandler;
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
  problem: (intended) => intended,
  bodyRules: (real) => real,
  declaredLength: (real) => real,
  uploadParser: (real) => real,
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
      on('drop-null-fields') || on('wrong-success-status')
        ? (req, res, next) => {
            const json = res.json.bind(res);
            res.json = (body: Json) => {
              if (on('wrong-success-status') && req.method === 'POST' && /\/pages$/.test(req.path) && res.statusCode === 201) res.status(200);
              return json(on('drop-null-fields') && res.statusCode < 300 ? dropNulls(body) : body);
            };
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
      if (!on('any-multipart')) return real;
      return (req, res, next) => {
        const type = req.get('content-type') ?? '';
        if (/^multipart\//i.test(type)) req.headers['content-type'] = type.replace(/^multipart\/[^;]*/i, 'multipart/form-data');
        real(req, res, next);
      };
    },

    answerBroke(real) {
      return on('commit-unreadable-write') ? () => false : real;
    },

    patch({ db, stores, services, markdown }) {
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
    },
  };
}
