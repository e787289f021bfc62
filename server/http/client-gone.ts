/**
 * A signal that aborts when a request's client has gone before its answer was complete (the
 * connection closed). Work done for such a request is dropped: a queued Markdown rendering leaves the
 * queue, and a write is not stored, since no client is there to be told of it.
 */
import type { Response } from 'express';

const signals = new WeakMap<Response, AbortSignal>();

export function clientGone(res: Response): AbortSignal {
  const known = signals.get(res);
  if (known) return known;
  const controller = new AbortController();
  if (res.destroyed && !res.writableFinished) controller.abort(new Error('The client has gone.'));
  else res.once('close', () => {
    if (!res.writableFinished) controller.abort(new Error('The client has gone.'));
  });
  signals.set(res, controller.signal);
  return controller.signal;
}
