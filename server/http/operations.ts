/**
 * Operation handlers, keyed by the contract's operationIds. The OpenAPI validator has already matched
 * each request to an operation of the contract (`req.openapi`), so one dispatcher calls that
 * operation's handler: the contract alone decides routing, no second route table can drift from it,
 * and a contract operation without a handler is a compile error where the handlers are assembled.
 *
 * Nothing is stored that cannot be answered: a write runs in one transaction together with the
 * validation of its answer (which happens inside `res.json`), and an answer that breaks the
 * contract rolls the write back before the 500 for it leaves. The answer is held until the
 * transaction has committed, so a client is never told of a write that did not land. A write that
 * must await something first is a PreparedHandler: only its synchronous part is in the transaction.
 */
import type { Request, RequestHandler, Response } from 'express';
import type { operations } from '../../generated/openapi.d.ts';
import { clientGone } from './client-gone.ts';

export type OperationId = keyof operations;

/**
 * A handler of a write that needs slow work first (Markdown rendered off the event loop): `prepare`
 * runs outside the transaction and may await; `answer` writes and answers synchronously inside it,
 * with what `prepare` returned, so its write is rolled back if its answer breaks the contract.
 */
export interface PreparedHandler<Prepared> {
  prepare(req: Request, res: Response): Promise<Prepared>;
  answer(req: Request, res: Response, prepared: Prepared): void;
}

export const prepared = <Prepared>(handler: PreparedHandler<Prepared>): PreparedHandler<Prepared> => handler;

export type OperationHandler =
  | ((req: Request, res: Response) => void | Promise<void>)
  // The prepared value is private to each handler: `prepare`'s result only ever goes to its own `answer`.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  | PreparedHandler<any>;
/** Handlers for some operations; the app assembles them into one for every operation. */
export type OperationHandlers<Id extends OperationId> = Record<Id, OperationHandler>;

/** What express-openapi-validator attaches to a request it matched to an operation. */
interface MatchedRequest extends Request {
  openapi?: { schema?: { operationId?: string }; pathParams?: Record<string, string> };
}

/** The path parameters of the matched operation, as text (the validator has checked their form). */
export function pathParamsOf(req: Request): Record<string, string> {
  return (req as MatchedRequest).openapi?.pathParams ?? {};
}

export interface Dispatch {
  /** Runs `work` in one database transaction: it commits when `work` returns, rolls back when it throws. */
  transaction<T>(work: () => T): T;
  /** Whether the answer given to `req` failed response validation. */
  answerBroke(req: Request): boolean;
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Thrown inside the transaction to roll back a write whose answer broke the contract. */
class UnanswerableWrite extends Error {}

/**
 * Holds what the handler writes with `res.end` (every answer ends there, `res.json` included)
 * until `release()`: then it goes out, or, after `discard()`, never does.
 */
function holdAnswer(res: Response) {
  const end = res.end;
  let held: unknown[] | undefined;
  res.end = ((...args: unknown[]) => {
    held = args;
    return res;
  }) as Response['end'];
  return {
    discard: () => {
      held = undefined;
    },
    release: () => {
      res.end = end;
      if (held) (end as (...args: unknown[]) => Response).apply(res, held);
    },
  };
}

export function dispatchOperations(handlers: OperationHandlers<OperationId>, dispatch: Dispatch): RequestHandler {
  /**
   * Runs the synchronous part of a write, `work`, in the transaction, holding its answer until the
   * commit. The database is synchronous, so every write happens before `work`'s first await; an
   * asynchronous `work` (the image upload) writes files, not rows, and its later answer is not held.
   */
  function inTransactionAnswered(req: Request, res: Response, work: () => void | Promise<void>): void | Promise<void> {
    const answer = holdAnswer(res);
    let result: void | Promise<void> = undefined;
    try {
      dispatch.transaction(() => {
        // Kept outside: a transaction must not return a promise.
        result = work();
        if (dispatch.answerBroke(req)) throw new UnanswerableWrite();
      });
    } catch (err) {
      // Rolled back: what is held is the 500 the validator answered for the broken answer; any
      // other failure has not answered yet and goes to the error handler.
      if (!(err instanceof UnanswerableWrite)) {
        answer.discard();
        answer.release();
        throw err;
      }
    }
    answer.release();
    return result;
  }

  return (req, res, next) => {
    const operationId = (req as MatchedRequest).openapi?.schema?.operationId;
    if (operationId === undefined || !Object.hasOwn(handlers, operationId)) return next();
    const handler = handlers[operationId as OperationId];
    // A rejected promise reaches the error handler: Express 5 passes it to next().
    if (typeof handler !== 'function') {
      // A client that has gone while the slow part ran is not there to be told of a write: nothing
      // is stored for it, and its failure is nobody's to answer.
      const gone = clientGone(res);
      return handler.prepare(req, res).then(
        (ready) => (gone.aborted ? undefined : inTransactionAnswered(req, res, () => handler.answer(req, res, ready))),
        (err: unknown) => {
          if (!gone.aborted) throw err;
        },
      );
    }
    if (READS.has(req.method)) return handler(req, res);
    return inTransactionAnswered(req, res, () => handler(req, res));
  };
}
