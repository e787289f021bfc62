/**
 * Input errors found by the stages that read a request's raw text before the validator
 * (whole-numbers.ts, then unknown-query.ts). A 422 names every invalid input of a request
 * (errors.field-names), so such a stage does not end the request: it keeps its errors here, the
 * validator judges the rest of the request, and the problem the validator finds lists both
 * (error-handler.ts). A request the validator lets through is refused with the kept errors alone by
 * `refuseKeptErrors`, which follows the validator, before any handler.
 */
import type { RequestHandler } from 'express';
import { problems, type FieldError } from './problem.ts';

const kept = new WeakMap<object, FieldError[]>();

/** Keeps a stage's errors for the request's 422, after those of earlier stages. */
export function keepErrors(req: object, errors: FieldError[]): void {
  if (errors.length > 0) kept.set(req, [...(kept.get(req) ?? []), ...errors]);
}

/** After the validator: a request it let through with kept errors is refused with them. */
export const refuseKeptErrors: RequestHandler = (req, _res, next) => {
  const errors = kept.get(req);
  next(errors ? problems.invalid(errors) : undefined);
};

/**
 * The errors of a problem the validator found, with the kept errors first: an input both judged is
 * named once, with the kept message (the stage read the value as the client wrote it).
 */
export function withKeptErrors(req: object, errors: FieldError[]): FieldError[] {
  const own = kept.get(req);
  if (!own) return errors;
  const fields = new Set(own.map((error) => error.field));
  return [...own, ...errors.filter((error) => !fields.has(error.field))];
}
