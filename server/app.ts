/**
 * Builds the Express application; only main.ts listens. Middleware order is the contract's
 * enforcement order: logging, CORS, authentication with its rate limits, body parsing, the OpenAPI validator (requests and
 * responses), the handler of the operation the validator matched, then one error handler that writes every failure as problem details.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cors from 'cors';
import express, { Router, type Express } from 'express';
import { authenticate } from './http/auth.ts';
import { authenticateWithLimits, type RateLimitOptions } from './http/rate-limit.ts';
import { ContractIndex } from './http/contract-index.ts';
import { refuseDeclaredOversize } from './http/declared-length.ts';
import { errorHandler } from './http/error-handler.ts';
import { headAsGet } from './http/head.ts';
import { healthCheck } from './http/health.ts';
import { problems } from './http/problem.ts';
import { dispatchOperations, type OperationHandlers, type OperationId } from './http/operations.ts';
import { requestLogging } from './http/request-log.ts';
import { docsPage } from './http/docs-page.ts';
import { BODY_RULES, JSON_BODY_LIMIT, jsonBody } from './http/json-body.ts';
import { imageUploadParser, incomingUploadsDir, UPLOAD_BODY_LIMIT } from './http/uploads.ts';
import { admitLargeBodies } from './http/body-admission.ts';
import { answerBroke, CONTRACT_FORMATS, contractValidator, loadContract } from './http/validator.ts';
import { listAnswers } from './http/list-answer.ts';
import { wholeNumbers } from './http/whole-numbers.ts';
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
import { noFaults, type Faults } from './faults/index.ts';

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
  /** Deliberate bugs, for proving conformance suites (server/faults); none by default. */
  faults?: Faults;
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
}

export function buildApp(options: AppOptions): Express {
  const { services, logger } = options;
  const faults = options.faults ?? noFaults;
  const contract = loadContract();
  const contractIndex = new ContractIndex(contract);
  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'simple');
  // No ETag: the contract declares neither the header nor 304 answers, and computing one hashes
  // every response body (about 1.5% of a request's CPU).
  app.set('etag', false);
  app.set('trust proxy', options.trustProxy ?? false);

  app.use(requestLogging(logger));
  app.use((_req, res, next) => {
    res.set('X-Content-Type-Options', 'nosniff');
    next();
  });

  // One router for the API, so a request outside it passes no API middleware and an API request
  // passes only these. CORS first, so a browser's preflight (which carries no token) is answered
  // before authentication.
  const api = Router();
  api.use(
    cors({
      origin: options.corsOrigins,
      exposedHeaders: ['WWW-Authenticate', 'Allow', 'RateLimit', 'RateLimit-Policy', 'Retry-After'],
      maxAge: 600,
    }),
  );
  if (faults.answerHead) api.use(headAsGet(contractIndex, API_BASE));
  api.use(faults.limits(authenticateWithLimits(faults.authenticate(authenticate(options.stores.tokens)), options.rateLimit)));
  api.use(
    faults.declaredLength(
      refuseDeclaredOversize((req) =>
        req.path === '/images/upload'
          ? { bytes: UPLOAD_BODY_LIMIT, description: '10 MiB for the image and 64 KiB for the multipart framing' }
          : { bytes: JSON_BODY_LIMIT, description: '1 MiB' },
      ),
    ),
  );
  api.use(admitLargeBodies((path) => path === '/images/upload'));
  api.use(jsonBody(faults.bodyRules(BODY_RULES)));
  api.post('/images/upload', faults.uploadParser(imageUploadParser(incomingUploadsDir(options.imagesDir))));
  if (faults.rewriteResponses) api.use(faults.rewriteResponses);
  if (faults.checkWholeNumbers) api.use(wholeNumbers(contractIndex, API_BASE));
  const validation = options.validation ?? true;
  const enforced = faults.contract(contract);
  api.use(contractValidator(enforced, { requests: validation && faults.validateRequests, responses: validation && faults.validateResponses }));
  api.use(listAnswers(enforced, { validate: validation && faults.validateResponses, logger, formats: CONTRACT_FORMATS }));
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
  if (faults.beforeOperations) api.use(faults.beforeOperations);
  api.use(dispatchOperations(handlers, { transaction: (work) => inTransaction(options.db, work), answerBroke: faults.answerBroke(answerBroke) }));
  app.use(API_BASE, api);

  // Outside the API, after it: API requests, by far the most, do not pass these routes first.
  app.get('/healthz', healthCheck(options.db, path.dirname(options.imagesDir)));
  app.get('/openapi.json', (_req, res) => res.sendFile(path.join(generatedDir, 'openapi.json')));
  app.get('/openapi.yaml', (_req, res) => res.type('application/yaml').sendFile(path.join(generatedDir, 'openapi.yaml')));
  app.get('/docs', docsPage(options.docsFile, (contract.servers as Array<{ url: string }>)[0]!.url, `${options.publicUrl}${API_BASE}`));
  // Browsers ask for an icon with every page; the server has none, and says so without a 404.
  app.get('/favicon.ico', (_req, res) => {
    res.set('Cache-Control', 'public, max-age=86400').status(204).end();
  });
  app.get('/', (_req, res) => res.redirect('/docs'));
  app.use('/images', faults.serveImages(express.static(options.imagesDir, { immutable: true, maxAge: '365d', index: false, fallthrough: true })));
  app.use((req, _res, next) => next(problems.notFound(`There is no route ${req.method} ${req.path}.`)));
  app.use(errorHandler(contractIndex, logger, (problem, req) => faults.problem(problem, req)));
  return app;
}
