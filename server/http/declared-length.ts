/**
 * A request that declares a body over the limit is answered 413 at once, from its headers, before
 * a byte of the body is read: the parsers would otherwise read (and discard) the whole declared
 * body before answering, and a client that stalls mid-body would get no answer at all.
 *
 * The connection stays open: Node discards what the client still sends (within the request
 * timeout, http/listen.ts). Closing it at once would make the kernel reset a connection with unread
 * data, and a client still sending its body would lose the answer along with it.
 */
import type { Request, RequestHandler } from 'express';
import { problems } from './problem.ts';

/** @param limitFor the largest body the request's route takes, in bytes, with what it says when exceeded. */
export function refuseDeclaredOversize(limitFor: (req: Request) => { bytes: number; description: string }): RequestHandler {
  return (req, res, next) => {
    const declared = req.get('content-length');
    if (declared === undefined) return next();
    const limit = limitFor(req);
    // Node has already refused a Content-Length that is not a number (400, http/listen.ts).
    if (Number(declared) <= limit.bytes) return next();
    next(problems.tooLarge(`The request declares a body of ${declared} bytes; the limit is ${limit.description}.`));
  };
}
