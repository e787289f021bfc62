/**
 * The faults that live in the application's pipeline (server/http/pipeline.ts): each wraps, replaces
 * or removes a stage by its name, or puts a stage of its own before one.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Request, RequestHandler } from 'express';
import type { PipelineContext } from '../app.ts';
import { normaliseAddress } from '../domain/people.ts';
import { authenticate } from '../http/auth.ts';
import { errorHandler } from '../http/error-handler.ts';
import { BODY_RULES, jsonBody } from '../http/json-body.ts';
import { dispatchOperations } from '../http/operations.ts';
import { insertBefore, removeStage, replaceStage, wrapStage, type Pipeline, type Stage } from '../http/pipeline.ts';
import { ProblemError, problems } from '../http/problem.ts';
import { authenticateWithLimits } from '../http/rate-limit.ts';
import { IMAGE_SIZE_LIMIT } from '../http/uploads.ts';
import { CONTRACT_FORMATS, contractValidator } from '../http/validator.ts';
import { listAnswers } from '../http/list-answer.ts';
import type { FaultName } from './catalog.ts';
import { faultyContract } from './contract.ts';
import type { FaultSet } from './fault-set.ts';

// Response bodies are rewritten as plain JSON.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

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
  'markdown-queue-unbounded',
  'list-built-whole',
  'upload-buffered',
];

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

/** Authentication as the faults leave it: the real one when none of them is on. */
function faultyAuthentication(on: FaultSet, { options }: PipelineContext): RequestHandler | undefined {
  const anyToken = on('accept-any-token');
  const limitFaults = on('rate-limit-header-malformed') || on('rate-limit-not-enforced') || on('rate-limit-without-retry-after') || on('retry-after-in-milliseconds');
  if (!anyToken && !limitFaults) return undefined;
  const real = authenticate(options.stores.tokens);
  const inner: RequestHandler = !anyToken
    ? real
    : (req, res, next) =>
        real(req, res, (err?: unknown) => {
          if ((err as ProblemError | undefined)?.status !== 401) return next(err);
          res.locals.workspaceId = 1;
          next();
        });
  const limited = authenticateWithLimits(inner, options.rateLimit);
  if (!limitFaults) return limited;
  return (req, res, next) =>
    limited(req, res, (err?: unknown) => {
      if (on('rate-limit-header-malformed') && res.hasHeader('RateLimit')) {
        // The older draft's syntax, a plausible slip when following a library's defaults.
        res.setHeader('RateLimit', 'limit=100, remaining=99, reset=60');
      }
      const refused = err instanceof ProblemError && err.status === 429;
      if (refused && on('rate-limit-not-enforced') && res.locals.workspaceId !== undefined) return next();
      if (refused && on('retry-after-in-milliseconds')) {
        const seconds = Number(err.headers?.['Retry-After'] ?? 1);
        return next(new ProblemError(429, err.kind, err.title, err.detail, undefined, { 'Retry-After': String(seconds * 1000) }));
      }
      if (refused && on('rate-limit-without-retry-after')) {
        res.removeHeader('Retry-After');
        return next(new ProblemError(429, err.kind, err.title, err.detail));
      }
      next(err);
    });
}

/** Middleware that rewrites successful answers, when a fault does. */
function responseRewriter(on: FaultSet): Stage | undefined {
  if (!on('drop-null-fields') && !on('wrong-success-status') && !on('timestamps-with-offset')) return undefined;
  return {
    name: 'rewrite-responses',
    handler: (req, res, next) => {
      const json = res.json.bind(res);
      res.json = (body: Json) => {
        if (on('wrong-success-status') && req.method === 'POST' && /\/pages$/.test(req.path) && res.statusCode === 201) res.status(200);
        if (on('timestamps-with-offset') && res.statusCode < 300) body = withOffsets(body);
        return json(on('drop-null-fields') && res.statusCode < 300 ? dropNulls(body) : body);
      };
      next();
    },
  };
}

/** A subscriber upsert that looks the address up, then inserts after a gap (upsert-check-then-insert). */
function checkThenInsert({ options }: PipelineContext): Stage {
  const { db, stores } = options;
  const find = db.prepare<[number, string], number>('SELECT id FROM subscribers WHERE newsletter_id = ? AND email = ?').pluck();
  // The unique key allows one row per address, so the row inserted meanwhile steps aside under a
  // marked address (still a valid one), and this upsert inserts another, as an upsert without the
  // key would.
  const stepAside = db.prepare(
    "UPDATE subscribers SET email = substr(email, 1, instr(email, '@') - 1) || '+' || id || substr(email, instr(email, '@')) WHERE newsletter_id = ? AND email = ?",
  );
  return {
    name: 'upsert-check-then-insert',
    handler: async (req, res, next) => {
      const match = req.method === 'POST' ? /^\/newsletters\/(\d+)\/subscribers$/.exec(req.path) : null;
      const workspaceId = res.locals.workspaceId as number | undefined;
      if (!match || workspaceId === undefined || !stores.newsletters.exists(workspaceId, Number(match[1]))) return next();
      const newsletterId = Number(match[1]);
      const email = normaliseAddress((req.body as { email: string }).email);
      // The lookup, then a gap before the insert: an upsert that ran in the gap is not seen.
      const seenBefore = find.get(newsletterId, email) !== undefined;
      await sleep(50);
      if (!seenBefore && find.get(newsletterId, email) !== undefined) stepAside.run(newsletterId, email);
      next();
    },
  };
}

/** The problem a faulty server sends for the problem the real one meant to send. */
function faultyProblem(on: FaultSet, { options }: PipelineContext): (intended: ProblemError, req: Request) => ProblemError {
  const { stores } = options;
  return (intended, req) => {
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
    if (on('not-found-before-validation') && intended.status === 422) {
      // Looks up the newsletter (and email) the path names before answering the invalid request.
      const workspaceId = req.res?.locals.workspaceId as number | undefined;
      const ids = /\/newsletters\/(\d+)(?:\/emails\/(\d+))?/.exec(req.path);
      if (workspaceId !== undefined && ids) {
        const newsletterId = Number(ids[1]);
        const missing = !stores.newsletters.exists(workspaceId, newsletterId) || (ids[2] !== undefined && !stores.emails.get(newsletterId, Number(ids[2])));
        if (missing) return problems.notFound('There is no such resource.');
      }
    }
    if (on('error-fields-unprefixed') && intended.status === 422 && intended.errors) {
      // Query and path parameters named like body fields: `size` for `query.size`, `id` for `path.id`.
      const errors = intended.errors.map((error) => ({ ...error, field: error.field.replace(/^(query|path)\./, '') }));
      return new ProblemError(intended.status, intended.kind, intended.title, intended.detail, errors, intended.headers);
    }
    if (on('category-errors-name-description') && intended.status === 422 && intended.errors && req.method === 'POST' && /\/pages\/[^/]+\/categories$/.test(req.path)) {
      // A cause copied into every answer of the operation, present in the request or not.
      if (!intended.errors.some((error) => error.field === 'description')) {
        const errors = [...intended.errors, { field: 'description', message: 'must be at most 1000 characters' }];
        return new ProblemError(intended.status, intended.kind, intended.title, intended.detail, errors, intended.headers);
      }
    }
    if (on('not-sendable-field-names') && intended.kind === 'email-not-sendable' && intended.errors) {
      const words: Record<string, string> = { content_html: 'content', 'path.newsletter_id': 'subscribers' };
      const errors = intended.errors.map((error) => ({ ...error, field: words[error.field] ?? error.field }));
      return new ProblemError(intended.status, intended.kind, intended.title, intended.detail, errors, intended.headers);
    }
    return intended;
  };
}

/** The upload parser as the faults leave it: `real` when none of them is on. */
function faultyUploadParser(on: FaultSet, real: RequestHandler): RequestHandler {
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
}

/** The pipeline of a server with these faults on (at least one). */
export function breakPipeline(on: FaultSet, names: readonly FaultName[], pipeline: Pipeline, context: PipelineContext): Pipeline {
  let api = [...pipeline.api];
  let after = [...pipeline.after];

  if (on('head-405')) api = removeStage(api, 'head');
  const authentication = faultyAuthentication(on, context);
  if (authentication) api = replaceStage(api, 'authentication', authentication);
  if (on('late-413')) api = replaceStage(api, 'declared-length', (_req, _res, next) => next());
  api = replaceStage(
    api,
    'json-body',
    jsonBody({
      ...BODY_RULES,
      ...(on('errors-unbounded') ? { maxMembers: Infinity } : {}),
      ...(on('invalid-utf8-replaced') ? { requireUtf8: false } : {}),
      ...(on('any-charset') ? { anyCharset: true } : {}),
      ...(on('lone-surrogates-stored') || on('commit-unreadable-write') ? { refuseLoneSurrogates: false } : {}),
    }),
  );
  api = wrapStage(api, 'upload-parser', (real) => faultyUploadParser(on, real as RequestHandler));
  const rewriter = responseRewriter(on);
  if (rewriter) api = insertBefore(api, 'whole-numbers', rewriter);
  if (on('lax-numbers')) api = removeStage(api, 'whole-numbers');
  // The server's own refusal of unknown query parameters (http/unknown-query.ts): without it they pass.
  if (on('unknown-query-ignored') || on('accept-invalid-input') || on('unknown-query-first-only')) api = removeStage(api, 'unknown-query');
  // A faulty server must be able to send what the contract forbids, so it does not validate its own
  // responses, unless its faults are all of those that need it.
  const contract = faultyContract(on, context.contract);
  const responses = context.validation && names.every((name) => ANSWER_CHECKED.includes(name));
  api = replaceStage(api, 'validator', contractValidator(contract, { requests: context.validation && !on('accept-invalid-input'), responses }));
  // List answers are validated item by item against the same contract, as the validator would.
  api = replaceStage(api, 'list-answers', listAnswers(contract, { validate: responses, logger: context.options.logger, formats: CONTRACT_FORMATS }));
  if (on('upsert-check-then-insert')) api = insertBefore(api, 'operations', checkThenInsert(context));
  if (on('commit-unreadable-write')) api = replaceStage(api, 'operations', dispatchOperations(context.handlers, { ...context.dispatch, answerBroke: () => false }));

  if (on('images-need-token')) {
    after = wrapStage(after, 'images', (real) => [
      (req, _res, next) => next(/^Bearer \S/.test(req.get('authorization') ?? '') ? undefined : problems.unauthorized('Send a bearer token to fetch an image.')),
      ...[real].flat(),
    ]);
  }
  const errors = errorHandler(context.contractIndex, context.options.logger, faultyProblem(on, context));
  return { before: pipeline.before, api, after, errors };
}
