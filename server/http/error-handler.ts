/**
 * The single error handler: whatever went wrong (a thrown ProblemError, the OpenAPI validator, the
 * JSON or multipart parsers, an unexpected bug) leaves as a problem-details response with the
 * status the contract declares. Unexpected failures are logged in full and answered generically,
 * so no stack trace, SQL or file path ever reaches a client.
 */
import type { ErrorRequestHandler, Request } from 'express';
import type { ContractIndex } from './contract-index.ts';
import type { Logger } from '../logger.ts';
import { Overloaded } from './admission.ts';
import { ProblemError, problems } from './problem.ts';
import { validationProblem, type ValidatorError } from './validation-errors.ts';
import { withKeptErrors } from './kept-errors.ts';

interface ParserError {
  type?: string;
  code?: string;
  status?: number;
  message?: string;
}

const isValidatorError = (err: unknown): err is ValidatorError =>
  typeof err === 'object' && err !== null && typeof (err as ValidatorError).status === 'number' && Array.isArray((err as ValidatorError).errors);

/** Errors of body-parser (JSON) and multer (multipart), which run before the validator. */
function parserProblem(err: ParserError): ProblemError | undefined {
  switch (err.type) {
    case 'entity.parse.failed':
      return problems.malformed(`The request body is not valid JSON: ${err.message ?? 'parse error'}.`);
    case 'entity.too.large':
      return problems.tooLarge('The request body is larger than the limit of 1 MiB.');
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return problems.unsupportedMediaType('Send the body as UTF-8 application/json.');
    case 'request.aborted':
      return problems.malformed('The request body was not received completely.');
  }
  switch (err.code) {
    case 'LIMIT_FILE_SIZE':
      return problems.tooLarge('The image is larger than the limit of 10 MiB.');
    case 'LIMIT_FILE_COUNT':
    case 'LIMIT_UNEXPECTED_FILE':
    case 'LIMIT_PART_COUNT':
    case 'LIMIT_FIELD_COUNT':
    case 'LIMIT_FIELD_KEY':
      return problems.invalidField('file', 'send exactly one part, named file');
    case 'LIMIT_FIELD_VALUE':
      return problems.tooLarge('A form field is larger than allowed.');
  }
  // busboy's messages for a body that is not well-formed multipart.
  if (/Unexpected end of form|Malformed part header|Boundary not found|Malformed urlencoded form/i.test(err.message ?? '')) {
    return problems.malformed(`The request body is not valid multipart/form-data: ${err.message}.`);
  }
  return undefined;
}

/** A write that failed for want of space: the disk (ENOSPC), a quota (EDQUOT), or SQLite's file (SQLITE_FULL). */
const isStorageFull = (err: unknown): boolean =>
  typeof err === 'object' && err !== null && ['ENOSPC', 'EDQUOT', 'SQLITE_FULL'].includes(String((err as { code?: unknown }).code));

export function toProblem(err: unknown, req: Request, contract: ContractIndex, logger: Logger): ProblemError {
  if (err instanceof ProblemError) return err;
  if (err instanceof Overloaded) return problems.overloaded(err.message, err.retryAfterSeconds);
  if (isStorageFull(err)) {
    logger.error({ err }, 'storage is full');
    return problems.storageFull('The server has no room left to store this. Nothing of this request was stored; try again once space has been freed.');
  }
  const fromParser = typeof err === 'object' && err !== null ? parserProblem(err as ParserError) : undefined;
  if (fromParser) return fromParser;
  if (isValidatorError(err)) {
    const problem = validationProblem(err, {
      path: req.path,
      enumAt: (errorPath) => contract.enumAt(req.method, req.path, errorPath),
      allowedMethods: () => contract.allowedMethods(req.path),
      contentType: req.get('content-type'),
      hasBody: Number(req.get('content-length') ?? 0) > 0 || req.get('transfer-encoding') !== undefined,
    });
    // With the inputs the stages before the validator found invalid (kept-errors.ts), each named once.
    if (problem?.status === 422 && problem.errors) return problems.invalid(withKeptErrors(req, problem.errors));
    if (problem) return problem;
    // A response that breaks the contract is a server bug: log what broke, answer generically.
    logger.error({ err, violations: err.errors }, 'response does not conform to the contract');
    return problems.internal();
  }
  logger.error({ err }, 'unexpected failure');
  return problems.internal();
}

/**
 * @param deliver the problem actually sent for the one meant (the identity, but for a server started
 * with faults: server/faults).
 */
export function errorHandler(
  contract: ContractIndex,
  logger: Logger,
  deliver: (problem: ProblemError, req: Request) => ProblemError = (problem) => problem,
): ErrorRequestHandler {
  return (err, req, res, next) => {
    if (res.headersSent) return next(err);
    const problem = deliver(toProblem(err, req, contract, logger), req);
    res
      .status(problem.status)
      .set(problem.headers)
      .type('application/problem+json')
      .send(JSON.stringify(problem.body(req.originalUrl.split('?')[0])));
  };
}
