/**
 * The stateful mock's layer over the reference server: a stage of its own in the API's pipeline,
 * after authentication (a bad token is still a real 401, and every request counts against the rate
 * limit) and before anything reads the body, that honours `Prefer: code=` and `Prefer: delay=`
 * (prefer-header.ts, forced-answers.ts). A request without `Prefer` passes straight through: the
 * mock is then the reference server. Only the mock's entry point applies it (variant.ts); the
 * server's own code does not know of it.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { RequestHandler } from 'express';
import { problems } from '../http/problem.ts';
import { DeclaredAnswers, forcedProblem, isSuccess } from './forced-answers.ts';
import { parsePrefer } from './prefer-header.ts';

/** The longest delay a request may ask for: enough to see any loading state, short enough to hold no connection for long. */
export const MAX_DELAY_MS = 30_000;

/** Says, on the answer, what was honoured (RFC 7240), and lets a browser script read it. */
function markApplied(res: Parameters<RequestHandler>[1], applied: string[]): void {
  if (applied.length === 0) return;
  res.set('Preference-Applied', applied.join(', '));
  const exposed = res.get('Access-Control-Expose-Headers');
  if (exposed) res.set('Access-Control-Expose-Headers', `${exposed},Preference-Applied`);
}

export function preferStage(contract: Record<string, unknown>): RequestHandler {
  const declared = new DeclaredAnswers(contract);
  return async (req, res, next) => {
    const header = req.get('prefer');
    if (header === undefined) return next();
    const preferences = parsePrefer(header);
    const applied: string[] = [];

    if (preferences.delay !== undefined) {
      const ms = /^\d{1,6}$/.test(preferences.delay) ? Number(preferences.delay) : Number.NaN;
      if (!(ms <= MAX_DELAY_MS)) return next(problems.invalidField('header.prefer', `delay must be a whole number of milliseconds from 0 to ${MAX_DELAY_MS}`));
      // A client that gives up during the delay gets nothing done: its request stops here.
      const gone = new AbortController();
      const onClose = () => gone.abort();
      res.once('close', onClose);
      try {
        await sleep(ms, undefined, { signal: gone.signal });
      } catch {
        return;
      } finally {
        res.off('close', onClose);
      }
      applied.push(`delay=${ms}`);
    }

    if (preferences.code === undefined) {
      markApplied(res, applied);
      return next();
    }
    const matched = declared.match(req.method, req.baseUrl + req.path);
    // A path or method the contract does not have: the real 404 or 405 follows.
    if (!matched) return next();
    if (!/^\d{3}$/.test(preferences.code)) return next(problems.invalidField('header.prefer', 'code must be an HTTP status of three digits'));
    const status = preferences.code;
    if (isSuccess(status) && matched.operation.responses.has(status)) {
      // A success is what the request does: it is carried out, and answered as it turns out.
      markApplied(res, applied);
      return next();
    }
    const { problem, forced } = forcedProblem({ method: req.method, operation: matched.operation, params: matched.params, status, example: preferences.example });
    if (forced) applied.push(`code=${status}${preferences.example === undefined ? '' : `, example=${preferences.example}`}`);
    markApplied(res, applied);
    next(problem);
  };
}
