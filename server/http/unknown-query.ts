/**
 * Unknown query parameters (requests.unknown-query-parameter), every one of them. The validator can
 * refuse them itself, but it stops at the first: `?foo=1&bar=2` named only `query.foo`, and
 * `?size=0&foo=1` only `query.foo`, where a 422 names every invalid input of a request
 * (errors.field-names). So the validator lets them pass (validator.ts), and this stage names each
 * one and keeps them for the request's 422 (kept-errors.ts), beside what the validator finds. A
 * declared parameter given more than once is kept here too, named once.
 */
import type { RequestHandler } from 'express';
import type { ContractIndex } from './contract-index.ts';
import { keepErrors } from './kept-errors.ts';
import type { FieldError } from './problem.ts';

const MESSAGE = 'is not a query parameter of this operation';
/** A declared parameter given more than once (`?status=draft&status=sent`): each takes one value. */
const REPEATED = 'must be given once, not repeated';

/** @param basePath where the API router is mounted, which the contract's paths do not include. */
export function unknownQueryParameters(contract: ContractIndex, basePath: string): RequestHandler {
  return (req, _res, next) => {
    const names = Object.keys(req.query);
    if (names.length === 0) return next();
    const operation = contract.operationAt(req.method === 'HEAD' ? 'GET' : req.method, basePath + req.path);
    // No such operation: routing answers 404 or 405, whatever the query holds.
    if (!operation) return next();
    const known = new Set(operation.parameters.filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name as string));
    const errors: FieldError[] = names.flatMap((name) => {
      if (!known.has(name)) return [{ field: `query.${name}`, message: MESSAGE }];
      // Every query parameter of the contract takes one value: given twice it is an array, which its
      // schema refuses (requests.schema-validation), named once with this message rather than the
      // validator's findings on an array ("must be string", "must be one of").
      return Array.isArray(req.query[name]) ? [{ field: `query.${name}`, message: REPEATED }] : [];
    });
    keepErrors(req, errors);
    next();
  };
}
