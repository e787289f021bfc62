/**
 * The application as a list of named stages, in the order a request meets them. app.ts assembles the
 * list and mounts it; a build of the server that must behave differently (a test build) changes the
 * list by stage name before it is mounted, with the functions below, and never the code of a stage.
 */
import type { ErrorRequestHandler, RequestHandler, Router } from 'express';

export interface Stage {
  readonly name: string;
  /** Which requests reach it: all of its router's (under `path`, if given), or one method and path. */
  readonly route?: { readonly path: string; readonly method?: 'get' | 'post' };
  readonly handler: RequestHandler | readonly RequestHandler[];
}

/**
 * The application's stages: those every request passes, those of the API (a router of its own under
 * its base path), those after the API, and last the handler every error reaches.
 */
export interface Pipeline {
  readonly before: readonly Stage[];
  readonly api: readonly Stage[];
  readonly after: readonly Stage[];
  readonly errors: ErrorRequestHandler;
}

/**
 * Mounts the stages in order. Consecutive stages without a route (most of them) are mounted as one
 * handler that runs them in turn as the router would (inSequence): the router's own work for each of
 * its layers (matching the path, resetting the parameters, three closures) found, for every request,
 * what is known here, that every such stage takes every request. A getPage cost the server 0.81 to
 * 0.95 ms of CPU with a layer per stage, 0.64 to 0.82 ms so (alternate runs on a busy machine).
 */
export function mountStages(router: Router, stages: readonly Stage[]): void {
  let run: RequestHandler[] = [];
  const mountRun = () => {
    if (run.length > 0) router.use(run.length === 1 ? run[0]! : inSequence(run));
    run = [];
  };
  for (const { route, handler } of stages) {
    const handlers = [handler].flat();
    // An error handler (four parameters) is the router's to call: with errors only.
    if (!route && handlers.every((one) => one.length <= 3)) {
      run.push(...handlers);
      continue;
    }
    mountRun();
    if (!route) router.use(handlers);
    else if (route.method) router[route.method](route.path, handlers);
    else router.use(route.path, handlers);
  }
  mountRun();
}

const isPromise = (value: unknown): value is Promise<unknown> =>
  value !== null && (typeof value === 'object' || typeof value === 'function') && typeof (value as { then?: unknown }).then === 'function';

/**
 * The handlers as one: each is called as the router calls a handler mounted with `use` (a throw or a
 * rejected promise is passed to `next`), and an error, or `next('router')`, leaves the sequence for
 * the router, which skips the rest as it skipped the remaining layers.
 */
export function inSequence(handlers: readonly RequestHandler[]): RequestHandler {
  return (req, res, done) => {
    let index = 0;
    const next = (err?: unknown): void => {
      if (err === 'router' || (err && err !== 'route')) return done(err);
      if (index >= handlers.length) return done();
      const handler = handlers[index++]!;
      try {
        const result: unknown = handler(req, res, next);
        if (isPromise(result)) result.then(null, (error: unknown) => next(error || new Error('Rejected promise')));
      } catch (error) {
        next(error);
      }
    };
    next();
  };
}

function indexOf(stages: readonly Stage[], name: string): number {
  const index = stages.findIndex((stage) => stage.name === name);
  if (index < 0) throw new Error(`There is no stage "${name}"; the stages are ${stages.map((stage) => stage.name).join(', ')}`);
  return index;
}

/** The stage of that name; throws when there is none, so a renamed stage cannot be missed silently. */
export function stageNamed(stages: readonly Stage[], name: string): Stage {
  return stages[indexOf(stages, name)]!;
}

/** The list with the stage of that name given another handler, mounted where it was. */
export function replaceStage(stages: readonly Stage[], name: string, handler: Stage['handler']): Stage[] {
  const index = indexOf(stages, name);
  return stages.map((stage, i) => (i === index ? { ...stage, handler } : stage));
}

/** The list with the handler of the stage of that name passed through `wrap`. */
export function wrapStage(stages: readonly Stage[], name: string, wrap: (real: Stage['handler']) => Stage['handler']): Stage[] {
  return replaceStage(stages, name, wrap(stageNamed(stages, name).handler));
}

export function removeStage(stages: readonly Stage[], name: string): Stage[] {
  const index = indexOf(stages, name);
  return stages.filter((_stage, i) => i !== index);
}

export function insertBefore(stages: readonly Stage[], name: string, stage: Stage): Stage[] {
  const index = indexOf(stages, name);
  return [...stages.slice(0, index), stage, ...stages.slice(index)];
}
