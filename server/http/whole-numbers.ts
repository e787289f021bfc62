/**
 * Whole numbers in paths and queries, checked as the client wrote them. express-openapi-validator
 * turns a parameter's text into a number before it checks the schema, and JavaScript reads numbers
 * generously: `1e2`, `0x27`, `39.0`, `+39`, `0039`, ` 39` and `39\n` all became a valid id, and
 * `Infinity` or `1e400` got past the range check to fail later as a 500. The contract says an
 * integer parameter is a whole number in decimal digits, so that is all that gets through:
 * anything else is a 422 naming the parameter. The range is still the validator's to check.
 *
 * A 422 names every invalid input of the request (errors.field-names), so such a parameter does not
 * end the request here: its error is kept (kept-errors.ts) for the 422 the request ends with, this
 * stage's message for the parameter in place of the validator's. A path whose text is not even valid
 * percent-encoding goes no further: nothing after this stage could read it.
 */
import type { RequestHandler } from 'express';
import type { ContractIndex, Operation } from './contract-index.ts';
import { keepErrors } from './kept-errors.ts';
import { problems, type FieldError } from './problem.ts';

/** Decimal digits, without sign, leading zero, point, exponent or white space. */
const WHOLE_NUMBER = /^(?:0|[1-9][0-9]*)$/;
const MESSAGE = 'must be a whole number in decimal digits, without sign, leading zeros, decimal point, exponent or spaces';

/** The raw text of each `{name}` of a path template, decoded, in a request path that matches it. */
function pathValues(template: string, requestPath: string): Map<string, string | undefined> {
  const names = template.split('/');
  const segments = requestPath.replace(/\/$/, '').split('/');
  const values = new Map<string, string | undefined>();
  names.forEach((part, i) => {
    const name = /^\{(.+)\}$/.exec(part)?.[1];
    if (!name) return;
    try {
      values.set(name, decodeURIComponent(segments[i] ?? ''));
    } catch {
      values.set(name, undefined); // not even valid percent-encoding
    }
  });
  return values;
}

/** Each operation's integer parameters, found once. */
const integersOf = new WeakMap<Operation, readonly Operation['parameters'][number][]>();

function integerParameters(operation: Operation): readonly Operation['parameters'][number][] {
  let integers = integersOf.get(operation);
  if (!integers) {
    integers = operation.parameters.filter((p) => p.schema?.type === 'integer');
    integersOf.set(operation, integers);
  }
  return integers;
}

/** @param basePath where the API router is mounted, which the contract's paths do not include. */
export function wholeNumbers(contract: ContractIndex, basePath: string): RequestHandler {
  return (req, _res, next) => {
    const operation = contract.operationAt(req.method === 'HEAD' ? 'GET' : req.method, basePath + req.path);
    const integers = operation ? integerParameters(operation) : [];
    if (!operation || integers.length === 0) return next();
    const inPath = pathValues(operation.template, req.path);
    const errors: FieldError[] = [];
    let unreadable = false;
    for (const parameter of integers) {
      if (parameter.in === 'path') {
        const value = inPath.get(parameter.name);
        unreadable ||= value === undefined;
        if (value === undefined || !WHOLE_NUMBER.test(value)) errors.push({ field: `path.${parameter.name}`, message: MESSAGE });
      } else if (parameter.in === 'query') {
        const value = req.query[parameter.name];
        // Absent is the validator's to judge (default or required), and so is a repeated parameter.
        if (typeof value === 'string' && !WHOLE_NUMBER.test(value)) errors.push({ field: `query.${parameter.name}`, message: MESSAGE });
      }
    }
    if (errors.length === 0) return next();
    if (unreadable) return next(problems.invalid(errors));
    keepErrors(req, errors);
    next();
  };
}
