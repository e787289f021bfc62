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

export function mountStages(router: Router, stages: readonly Stage[]): void {
  for (const { route, handler } of stages) {
    const handlers = [handler].flat();
    if (!route) router.use(handlers);
    else if (route.method) router[route.method](route.path, handlers);
    else router.use(route.path, handlers);
  }
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
