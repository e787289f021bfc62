/**
 * Operation handlers, keyed by the contract's operationIds. The OpenAPI validator has already matched
 * each request to an operation of the contract (`req.openapi`), so one dispatcher calls that
 * operation's handler: the contract alone decides routing, no second route table can drift from it,
 * and a contract operation without a handler is a compile error where the handlers are assembled.
 */
import type { Request, RequestHandler, Response } from 'express';
import type { operations } from '../../generated/openapi.d.ts';

export type OperationId = keyof operations;
export type OperationHandler = (req: Request, res: Response) => void | Promise<void>;
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

export function dispatchOperations(handlers: OperationHandlers<OperationId>): RequestHandler {
  return (req, res, next) => {
    const operationId = (req as MatchedRequest).openapi?.schema?.operationId;
    if (operationId === undefined || !Object.hasOwn(handlers, operationId)) return next();
    // A rejected promise reaches the error handler: Express 5 passes it to next().
    return handlers[operationId as OperationId](req, res);
  };
}
