/**
 * Builds the Express application; only main.ts listens. Middleware order is the contract's
 * enforcement order: logging, authentication, body parsing, the OpenAPI validator (requests and
 * responses), the handler of the operation the validator matched, then one error handler that writes every failure as problem details.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cors from 'cors';
import express, { Router, type Express } from 'express';
import { authenticate } from './http/auth.ts';
import { ContractIndex } from './http/contract-index.ts';
import { refuseDeclaredOversize } from './http/declared-length.ts';
import { errorHandler } from './http/error-handler.ts';
import { problems } from './http/problem.ts';
import { dispatchOperations, type OperationHandlers, type OperationId } from './http/operations.ts';
import { requestLogging } from './http/request-log.ts';
import { BODY_RULES, JSON_BODY_LIMIT, jsonBody } from './http/json-body.ts';
import { imageUploadParser, UPLOAD_BODY_LIMIT } from './http/uploads.ts';
import { answerBroke, contractValidator, loadContract } from './http/validator.ts';
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
}

export function buildApp(options: AppOptions): Express {
  const { services, logger } = options;
  const faults = options.faults ?? noFaults;
  const contract = loadContract();
  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'simple');
  // No ETag: the contract declares neither the header nor 304 answers, and computing one hashes
  // every response body (about 1.5% of a request's CPU).
  app.set('etag', false);

  app.use(requestLogging(logger));
  app.use((_req, res, next) => {
    res.set('X-Content-Type-Options', 'nosniff');
    next();
  });

  // One router for the API, so a request outside it passes no API middleware and an API request
  // passes only these. CORS first, so a browser's preflight (which carries no token) is answered
  // before authentication.
  const api = Router();
  api.use(cors({ origin: options.corsOrigins, exposedHeaders: ['WWW-Authenticate', 'Allow'], maxAge: 600 }));
  api.use(faults.authenticate(authenticate(options.stores.tokens)));
  api.use(
    faults.declaredLength(
      refuseDeclaredOversize((req) =>
        req.path === '/images/upload'
          ? { bytes: UPLOAD_BODY_LIMIT, description: '10 MiB for the image and 64 KiB for the multipart framing' }
          : { bytes: JSON_BODY_LIMIT, description: '1 MiB' },
      ),
    ),
  );
  api.use(jsonBody(faults.bodyRules(BODY_RULES)));
  api.post('/images/upload', faults.uploadParser(imageUploadParser()));
  if (faults.rewriteResponses) api.use(faults.rewriteResponses);
  api.use(contractValidator(faults.contract(contract), { requests: faults.validateRequests, responses: faults.validateResponses }));
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
  api.use(dispatchOperations(handlers, { transaction: (work) => inTransaction(options.db, work), answerBroke: faults.answerBroke(answerBroke) }));
  app.use(API_BASE, api);

  // Outside the API, after it: API requests, by far the most, do not pass these routes first.
  app.get('/healthz', (_req, res) => {
    options.db.prepare('SELECT 1').get();
    res.json({ status: 'ok' });
  });
  app.get('/openapi.json', (_req, res) => res.sendFile(path.join(generatedDir, 'openapi.json')));
  app.get('/openapi.yaml', (_req, res) => res.type('application/yaml').sendFile(path.join(generatedDir, 'openapi.yaml')));
  app.get('/docs', (_req, res, next) => {
    if (options.docsFile && existsSync(options.docsFile)) return res.sendFile(options.docsFile);
    next(problems.notFound('The docs page has not been built; run `npm run docs`.'));
  });
  app.get('/', (_req, res) => res.redirect('/docs'));
  app.use('/images', express.static(options.imagesDir, { immutable: true, maxAge: '365d', index: false, fallthrough: true }));
  app.use((req, _res, next) => next(problems.notFound(`There is no route ${req.method} ${req.path}.`)));
  app.use(errorHandler(new ContractIndex(contract), logger, (problem, req) => faults.problem(problem, req)));
  return app;
}
