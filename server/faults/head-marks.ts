/**
 * A fault that breaks only HEAD cannot tell it from GET after the stage that answers a HEAD as the GET
 * it mirrors (http/head.ts): from there on, `req.method` reads GET. This stage goes before that one and
 * remembers, in `res.locals[key]`, whether the request is a HEAD of a path `path` matches; the fault's
 * own stage, later in the pipeline, reads it.
 */
import type { Stage } from '../http/pipeline.ts';

export function rememberHead(key: string, path: RegExp): Stage {
  return {
    name: `remember-head-${key}`,
    handler: (req, res, next) => {
      res.locals[key] = req.method === 'HEAD' && path.test(req.path);
      next();
    },
  };
}
