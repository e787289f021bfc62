/**
 * A pipeline stage for faults that act on some requests only, before the route runs: the fault's check
 * sees each request of the given methods whose path matches, and may refuse it by returning an error.
 */
import type { Request, RequestHandler, Response } from 'express';

/** A stage that runs `check` on the requests of these methods whose path matches `path`; `check` may refuse with an error. */
export function onRequestsTo(methods: string[], path: RegExp, check: (req: Request, res: Response) => unknown): RequestHandler {
  return (req, res, next) => {
    if (!methods.includes(req.method) || !path.test(req.path)) return next();
    const refusal = check(req, res);
    next(refusal === undefined ? undefined : refusal);
  };
}
