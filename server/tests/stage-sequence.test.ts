/**
 * Stages mounted as one sequence (http/pipeline.ts) take a request as a router layer per stage did: the
 * same handlers called in the same order, the same error reaching the router's end, whether a stage
 * calls `next`, passes an error, throws, returns a rejected promise, or says `next('route')` or
 * `next('router')`; and an error handler among them is called with errors only.
 */
import { Router, type ErrorRequestHandler, type Request, type RequestHandler, type Response } from 'express';
import { describe, expect, it } from 'vitest';
import { mountStages, type Stage } from '../http/pipeline.ts';

/** What a request went through: the stages called, then how the router ended. */
async function trace(mount: (router: Router, stages: Stage[]) => void, behaviours: Array<'next' | 'error' | 'throw' | 'reject' | 'route' | 'router' | 'recover'>) {
  const calls: string[] = [];
  const stages: Stage[] = behaviours.map((behaviour, i) => {
    const name = `${i}:${behaviour}`;
    if (behaviour === 'recover') {
      const handler: ErrorRequestHandler = (err, _req, _res, next) => {
        calls.push(`${name}(${(err as Error).message})`);
        next();
      };
      return { name, handler: handler as unknown as RequestHandler };
    }
    const handler: RequestHandler = (_req, _res, next) => {
      calls.push(name);
      if (behaviour === 'next') return next();
      if (behaviour === 'error') return next(new Error(`from ${i}`));
      if (behaviour === 'throw') throw new Error(`thrown by ${i}`);
      if (behaviour === 'route') return next('route');
      if (behaviour === 'router') return next('router');
      return Promise.reject(new Error(`rejected by ${i}`));
    };
    return { name, handler };
  });
  const router = Router();
  mount(router, stages);
  const req = { method: 'GET', url: '/pages/1', headers: {} } as unknown as Request;
  const end = await new Promise<string>((resolve) => {
    router(req, {} as Response, (err?: unknown) => resolve(err ? `error: ${(err as Error).message}` : 'done'));
  });
  return { calls, end };
}

/** A router layer per stage, as the stages were mounted before. */
const layerPerStage = (router: Router, stages: Stage[]) => {
  for (const stage of stages) router.use([stage.handler].flat());
};

const cases: Array<Parameters<typeof trace>[1]> = [
  ['next', 'next', 'next'],
  ['next', 'error', 'next'],
  ['throw', 'next'],
  ['next', 'reject', 'next'],
  ['route', 'next'],
  ['next', 'router', 'next'],
  ['next', 'error', 'recover', 'next'],
  ['recover', 'next', 'throw', 'next', 'recover', 'next'],
  ['reject', 'recover', 'error'],
];

describe('stages mounted as one sequence', () => {
  it.each(cases.map((behaviours) => [behaviours.join(', '), behaviours] as const))('%s: as a layer per stage', async (_name, behaviours) => {
    const expected = await trace(layerPerStage, behaviours);
    expect(await trace(mountStages, behaviours)).toEqual(expected);
  });
});
