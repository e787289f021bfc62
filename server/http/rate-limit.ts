/**
 * Rate limits (express-rate-limit). Two limits, one per kind of caller:
 *
 * - an authenticated request counts against its token (keyed on the token's SHA-256 hash, never
 *   the token itself), so one token cannot take the whole server;
 * - a request that fails authentication counts against its client address, so guessing tokens is
 *   slow too. A valid token is never slowed by strangers failing from the same address.
 *
 * Every answer under /api/v1 carries the limit it was counted against in the IETF `RateLimit` and
 * `RateLimit-Policy` fields (draft-ietf-httpapi-ratelimit-headers-08, express-rate-limit's 'draft-8').
 * Over the limit, the answer is a 429 problem with `Retry-After`. The counters live in a `Store`
 * of express-rate-limit: in memory by default; processes that must share one limit pass a shared
 * store (rate-limit-redis, for example) through `RateLimitOptions.store`.
 */
import type { Request, RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit, type RateLimitInfo, type Store } from 'express-rate-limit';
import { hashToken } from '../store/tokens.ts';
import { problems } from './problem.ts';

export interface RateLimitSettings {
  /** Length of the window both limits count in, in seconds. */
  windowSeconds: number;
  /** Requests one token may make in a window. */
  perToken: number;
  /** Requests failing authentication one client address may make in a window. */
  failedAuthPerAddress: number;
}

export interface RateLimitOptions extends RateLimitSettings {
  /** Makes the store of one limit (its name tells which); in memory when absent. */
  store?: (limit: 'token' | 'address') => Store;
}

const BEARER_TOKEN = /^Bearer +(\S+)/i;

function limiter(
  options: RateLimitOptions,
  name: 'token' | 'address',
  limit: number,
  keyOf: (req: Request) => string,
): RequestHandler {
  const windowMs = options.windowSeconds * 1000;
  return rateLimit({
    windowMs,
    limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    // The policy's name in the RateLimit fields: which of the two limits counted this request.
    identifier: name,
    keyGenerator: (req) => keyOf(req),
    handler: (req, _res, next) => {
      // express-rate-limit puts what it counted on the request.
      const reset = (req as Request & { rateLimit?: RateLimitInfo }).rateLimit?.resetTime;
      const seconds = reset ? Math.max(1, Math.ceil((reset.getTime() - Date.now()) / 1000)) : options.windowSeconds;
      next(problems.tooManyRequests(name, limit, options.windowSeconds, seconds));
    },
    ...(options.store ? { store: options.store(name) } : {}),
  });
}

/**
 * Wraps authentication with both limits: the per-token limit runs after a token is accepted; a
 * failed authentication counts against the address, and once that limit is spent the answer is a
 * 429 instead of the 401.
 */
export function authenticateWithLimits(authenticate: RequestHandler, options: RateLimitOptions): RequestHandler {
  const perToken = limiter(options, 'token', options.perToken, (req) => {
    const token = BEARER_TOKEN.exec(req.get('authorization') ?? '')?.[1] ?? '';
    return hashToken(token);
  });
  const perAddress = limiter(options, 'address', options.failedAuthPerAddress, (req) => ipKeyGenerator(req.ip ?? 'unknown'));
  return (req, res, next) =>
    authenticate(req, res, (failure?: unknown) => {
      if (failure === undefined) return perToken(req, res, next);
      perAddress(req, res, (limited?: unknown) => next(limited ?? failure));
    });
}
