/**
 * Bearer-token authentication. It runs before anything else under /api/v1, so a request without a
 * valid token learns nothing (not even whether its path or body is valid). The workspace the token
 * acts for is put on `res.locals.workspaceId`, and every query is scoped to it.
 */
import type { RequestHandler, Response } from 'express';
import type { TokenStore } from '../store/tokens.ts';
import { problems } from './problem.ts';

const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i;

export function authenticate(tokens: TokenStore): RequestHandler {
  return (req, res, next) => {
    const header = req.get('authorization');
    if (!header) return next(problems.unauthorized('Send a workspace API token as "Authorization: Bearer <token>".'));
    const match = BEARER.exec(header);
    if (!match?.[1]) return next(problems.unauthorized('The Authorization header must use the Bearer scheme: "Bearer <token>".'));
    const workspaceId = tokens.workspaceFor(match[1]);
    if (workspaceId === undefined) return next(problems.unauthorized('The token is unknown or has been revoked.'));
    res.locals.workspaceId = workspaceId;
    next();
  };
}

/** The caller's workspace, set by `authenticate`. */
export function workspaceOf(res: Response): number {
  const id = res.locals.workspaceId;
  if (typeof id !== 'number') throw new Error('workspaceOf() used on a route without authentication');
  return id;
}
