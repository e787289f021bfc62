/**
 * Builds the Express application; only main.ts listens. The application is a list of named stages
 * (http/pipeline.ts) in the contract's enforcement order: logging, CORS, authentication with its rate
 * limits, body parsing, the OpenAPI validator (requests and responses), the handler of the operation
 * the validator matched, then one error handler that writes every failure as problem details.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cors from 'cors';
import express, { Router, type Express } from 'express';
import { mountStages, type Pipeline, type Stage } from './http/pipeline.ts';
import { authenticate } from './http/auth.ts';
import { authenticateWithLimits, type RateLimitOptions } from './http/rate-limit.ts';
import { ContractIndex } from './http/contract-index.ts';
import { refuseDeclaredOversize } from './http/declared-length.ts';
import { plainMediaTypeSeparators } from './http/media-type-white-space.ts';
import { errorHandler } from './http/error-handler.ts';
import { headAsGet } from './http/head.ts';
import { problems } from './http/problem.ts';
import { dispatchOperations, type Dispatch, type OperationHandlers, type OperationId } from './http/operations.ts';
import { requestLogging } from './http/request-log.ts';
import { docsPage } from './http/docs-page.ts';
import { BODY_RULES, JSON_BODY_LIMIT, jsonBody } from './http/json-body.ts';
import { imageUploadParser, incomingUploadsDir, UPLOAD_BODY_LIMIT } from './http/uploads.ts';
import { admitLargeBodies } from './http/body-admission.ts';
import { healthCheck } from './http/health.ts';
import { listAnswers, type ListAnswers } from './http/list-answer.ts';
import { answerBroke, CONTRACT_FORMATS, contractValidator, loadContract } from './http/validator.ts';
import { warmValidators } from './http/warm-validators.ts';
import { warmParsers } from './http/warm-parsers.ts';
import { heavyTurns } from './http/heavy-turns.ts';
import { rehearseOperations } from './services/rehearsal.ts';
import { systemClock } from './domain/clock.ts';
import { wholeNumbers } from './http/whole-numbers.ts';
import { refuseKeptErrors } from './http/kept-errors.ts';
import { unknownQueryParameters } from './http/unknown-query.ts';
import type { Logger } from './logger.ts';
import { authorOperations } from './operations/authors.ts';
import { categoryOperations } from './operations/categories.ts';
import { emailOperations } from './operations/emails.ts';
import { imageOperations } from './operations/images.ts';
import { newsletterOperations } from './operations/newsletters.ts';
import { pageOperations } from './operations/pages.ts';
import { postOperations } from './operations/posts.ts';
import { subscriberOperations } from './operations/subscribers.ts';
import type { Services } from './services/index.ts';
import type { Stores } from './store/index.ts';
import { inTransaction, type Db } from './db/database.ts';

export const API_BASE = '/api/v1';
const generatedDir = fileURLToPath(new URL('../generated/', import.meta.url));

export interface AppOptions {
  db: Db;
  stores: Stores;
  services: Services;
  logger: Logger;
  /** Directory uploaded images are served from. */
  imagesDir: string;
  /** Origins allowed to call the API from a browser. */
  corsOrigins: '*' | string[];
  /**
   * Changes the pipeline by stage name before it is mounted, for a build of the server that must
   * behave otherwise (a test build); the server itself passes nothing here.
   */
  adaptPipeline?: (pipeline: Pipeline, context: PipelineContext) => Pipeline;
  /** The rendered Redoc page served at /docs, when it has been built. */
  docsFile?: string;
  /** The origin clients reach this server at; the docs page names it as the API's server. */
  publicUrl: string;
  /** Rate limits per token and per address of failed authentication, and where they count. */
  rateLimit: RateLimitOptions;
  /** Express's `trust proxy` setting, which decides the client address (`req.ip`). */
  trustProxy?: boolean | number | string;
  /**
   * Whether the validator checks requests and responses against the contract (it always matches the
   * operation). Only the benchmark turns it off, to measure what validation costs; no configuration
   * reaches it.
   */
  validation?: boolean;
  /**
   * The warm-up's last step: sends every operation's answers once through a copy of this application
   * (compose-shadow.ts, http/warm-answers.ts), which shares these API stages' compiled validators.
   * Absent, the warm-up ends with the services' rehearsal.
   */
  rehearseAnswers?: (api: readonly Stage[], signal?: AbortSignal) => Promise<void>;
}

/** What the stages are made of, for whoever adapts the pipeline and must make a stage anew. */
export interface PipelineContext {
  readonly options: AppOptions;
  /** The contract as the validator reads it (generated/openapi.json). */
  readonly contract: Record<string, unknown>;
  readonly contractIndex: ContractIndex;
  readonly handlers: OperationHandlers<OperationId>;
  /** How the operations stage runs a handler: in a transaction, rolled back when its answer broke the contract. */
  readonly dispatch: Dispatch;
  /** Whether requests and responses are validated (see AppOptions.validation). */
  readonly validation: boolean;
}

/** The stages under /api/v1, in order. */
function apiStages(context: PipelineContext): Stage[] {
  const { options, contract, contractIndex, handlers, dispatch, validation } = context;
  return [
    // CORS first, so a browser's preflight (which carries no token) is answered before authentication.
    {
      name: 'cors',
      handler: cors({
        origin: options.corsOrigins,
        exposedHeaders: ['WWW-Authenticate', 'Allow', 'Location', 'RateLimit', 'RateLimit-Policy', 'Retry-After'],
        maxAge: 600,
      }),
    },
    { name: 'head', handler: headAsGet(contractIndex, API_BASE) },
    { name: 'authentication', handler: authenticateWithLimits(authenticate(options.stores.tokens), options.rateLimit) },
    {
      name: 'declared-length',
      handler: refuseDeclaredOversize((req) =>
        req.path === '/images/upload'
          ? { bytes: UPLOAD_BODY_LIMIT, description: '10 MiB for the image and 64 KiB for the multipart framing' }
          : { bytes: JSON_BODY_LIMIT, description: '1 MiB' },
      ),
    },
    { name: 'media-type-white-space', handler: plainMediaTypeSeparators },
    { name: 'body-admission', handler: admitLargeBodies((path) => path === '/images/upload') },
    { name: 'json-body', handler: jsonBody(BODY_RULES) },
    { name: 'upload-parser', route: { method: 'post', path: '/images/upload' }, handler: imageUploadParser(incomingUploadsDir(options.imagesDir)) },
    { name: 'whole-numbers', handler: wholeNumbers(contractIndex, API_BASE) },
    { name: 'unknown-query', handler: unknownQueryParameters(contractIndex, API_BASE) },
    { name: 'validator', handler: contractValidator(contract, { requests: validation, responses: validation }) },
    { name: 'kept-errors-refused', handler: refuseKeptErrors },
    { name: 'list-answers', handler: listAnswers(contract, { validate: validation, logger: options.logger, formats: CONTRACT_FORMATS }) },
    { name: 'operations', handler: dispatchOperations(handlers, dispatch) },
  ];
}

/** The stages around the API (the first two before it, the rest after it), and the error handler. */
function siteStages(context: PipelineContext): Omit<Pipeline, 'api'> {
  const { options, contract, contractIndex } = context;
  return {
    before: [
      { name: 'request-log', handler: requestLogging(options.logger) },
      {
        name: 'nosniff',
        handler: (_req, res, next) => {
          res.set('X-Content-Type-Options', 'nosniff');
          next();
        },
      },
    ],
    // Outside the API, after it: API requests, by far the most, do not pass these routes first.
    after: [
      {
        name: 'healthz',
        route: { method: 'get', path: '/healthz' },
        handler: healthCheck(options.db, path.dirname(options.imagesDir)),
      },
      { name: 'openapi-json', route: { method: 'get', path: '/openapi.json' }, handler: (_req, res) => res.sendFile(path.join(generatedDir, 'openapi.json')) },
      {
        name: 'openapi-yaml',
        route: { method: 'get', path: '/openapi.yaml' },
        handler: (_req, res) => res.type('application/yaml').sendFile(path.join(generatedDir, 'openapi.yaml')),
      },
      {
        name: 'docs',
        route: { method: 'get', path: '/docs' },
        handler: docsPage(options.docsFile, (contract.servers as Array<{ url: string }>)[0]!.url, `${options.publicUrl}${API_BASE}`),
      },
      // Browsers ask for an icon with every page; the server has none, and says so without a 404.
      {
        name: 'favicon',
        route: { method: 'get', path: '/favicon.ico' },
        handler: (_req, res) => {
          res.set('Cache-Control', 'public, max-age=86400').status(204).end();
        },
      },
      { name: 'root', route: { method: 'get', path: '/' }, handler: (_req, res) => res.redirect('/docs') },
      {
        name: 'images',
        route: { path: '/images' },
        handler: express.static(options.imagesDir, { immutable: true, maxAge: '365d', index: false, fallthrough: true }),
      },
      // A HEAD is answered as its GET would be, detail and Content-Length included (http.head), so the
      // detail names GET: on /images, express.static lets a HEAD of a missing file through as HEAD.
      { name: 'not-found', handler: (req, _res, next) => next(problems.notFound(`There is no route ${req.method === 'HEAD' ? 'GET' : req.method} ${req.path}.`)) },
    ],
    errors: errorHandler(contractIndex, options.logger),
  };
}

export function buildApp(options: AppOptions): Express {
  const { services } = options;
  const contract = loadContract();
  const handlers = {
    ...pageOperations(services.pages),
    ...postOperations(services.posts),
    ...categoryOperations(services.categories),
    ...newsletterOperations(services.newsletters),
    ...emailOperations(services.emails),
    ...subscriberOperations(services.subscribers),
    ...authorOperations(services.authors),
    ...imageOperations(services.images),
  } satisfies OperationHandlers<OperationId>;
  const context: PipelineContext = {
    options,
    contract,
    contractIndex: new ContractIndex(contract),
    handlers,
    dispatch: { transaction: (work) => inTransaction(options.db, work), answerBroke },
    validation: options.validation ?? true,
  };
  const assembled: Pipeline = { ...siteStages(context), api: apiStages(context) };
  const pipeline = options.adaptPipeline ? options.adaptPipeline(assembled, context) : assembled;

  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'simple');
  // No ETag: the contract declares neither the header nor 304 answers, and computing one hashes
  // every response body (about 1.5% of a request's CPU).
  app.set('etag', false);
  app.set('trust proxy', options.trustProxy ?? false);
  // One router for the API, so a request outside it passes no API middleware and an API request
  // passes only these.
  const api = Router();
  mountStages(api, pipeline.api);
  mountStages(app, pipeline.before);
  app.use(API_BASE, api);
  mountStages(app, pipeline.after);
  app.use(pipeline.errors);
  // serve.ts calls it once the server listens: every operation's validators are built before the
  // operation's first request (http/warm-validators.ts), then the list answers' own, then the request
  // parsers run once (http/warm-parsers.ts) and the operations are rehearsed in a transaction that is
  // rolled back (services/rehearsal.ts), and last every operation's answers are sent once through a
  // throwaway copy of the application (options.rehearseAnswers), so that no first request pays for
  // what runs the first time. It warms the stages actually mounted.
  const validator = pipeline.api.find((stage) => stage.name === 'validator');
  const lists = pipeline.api.find((stage) => stage.name === 'list-answers')?.handler as Partial<ListAnswers> | undefined;
  const warm: WarmUp = async (signal) => {
    await warmUpSteps(signal);
    // Said by /healthz (http/health.ts): a balancer that sends traffic to warm servers only, or a
    // benchmark that must not time the warm-up, waits for it.
    if (!signal?.aborted) app.locals.warmedUp = true;
  };
  const warmUpSteps: WarmUp = async (signal) => {
    if (validator) await warmValidators([validator.handler].flat(), contract, API_BASE, signal);
    await lists?.buildValidators?.(signal);
    if (signal?.aborted) return;
    // What follows only saves time: a failure leaves that work to the first request, as before.
    try {
      await warmParsers(pipeline.api, API_BASE);
      // In a turn of its own: connections waiting to be accepted come first (http/heavy-turns.ts).
      await heavyTurns.next();
      if (!signal?.aborted) rehearseOperations(options.db, options.stores, services, systemClock);
      if (!signal?.aborted) await options.rehearseAnswers?.(pipeline.api, signal);
    } catch (err) {
      options.logger.warn({ err }, 'the request parsers, the operations or their answers could not be warmed up ahead; their first requests do it');
    }
  };
  app.locals.warmValidators = warm;
  return app;
}

/** Builds every operation's validators ahead of its first request; resolves when all are built. */
export type WarmUp = (signal?: AbortSignal) => Promise<void>;

/** The application's warm-up, or nothing to do when its pipeline has no validator stage. */
export function warmUpOf(app: Express): WarmUp {
  return (app.locals.warmValidators as WarmUp | undefined) ?? (async () => {});
}
