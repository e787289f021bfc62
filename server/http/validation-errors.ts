/**
 * Turns express-openapi-validator's errors into the contract's problems. A schema violation (the
 * validator's 400) becomes a 422 whose `errors` name each input the way the contract does (`email`,
 * `query.size`, `path.page_id`) with a message a developer can act on.
 */
import type { FieldError } from './problem.ts';
import { ProblemError, problems } from './problem.ts';

export interface ValidatorError {
  status: number;
  message: string;
  errors: Array<{ path: string; message: string; errorCode?: string }>;
}

/** Messages for pattern and format violations, which Ajv words as a raw regular expression. */
const patternMessages: Record<string, string> = {
  email: 'must be a valid email address',
  color: 'must be a hex colour such as #1E90FF or #F80',
  slug: 'must contain a letter or a digit, and no control characters',
  name: 'must contain a character that is not white space, on one line without control characters',
  title: 'must contain a character that is not white space, on one line without control characters',
  first_name: 'must contain a character that is not white space, on one line without control characters',
};
/** The patterns of free text (the contract's own words for them), told apart by what they allow. */
const ONE_LINE = 'must be one line without control characters (U+0000 to U+001F, U+007F)';
const LINES = 'must not contain control characters (U+0000 to U+001F, U+007F) other than tab, line feed and carriage return';
const textPatternMessage = (message: string) =>
  message.includes('\\u0000-\\u001F') ? ONE_LINE : message.includes('\\u0000-\\u0008') ? LINES : undefined;
const formatMessages: Record<string, string> = {
  'date-time': 'must be an RFC 3339 date-time with a time-zone offset, such as 2026-12-01T08:00:00+01:00',
  uri: 'must be an absolute URL',
};

/** `/body/author/name` → `author.name`; `/query/size` → `query.size`; `/params/id` → `path.id`. */
export function fieldName(path: string): string {
  const [, location = '', ...rest] = path.split('/');
  const name = rest.join('.');
  switch (location) {
    case 'body':
      return name || 'body';
    case 'query':
      return `query.${name}`;
    case 'params':
      return `path.${name}`;
    case 'headers':
      return `header.${name}`;
    default:
      return name || location;
  }
}

function messageFor(field: string, item: ValidatorError['errors'][number], allowed?: readonly unknown[]): string {
  const code = item.errorCode?.split('.')[0];
  const leaf = field.split('.').pop() ?? field;
  switch (code) {
    case 'additionalProperties':
      return field.startsWith('query.') ? 'is not a query parameter of this operation' : 'is not a field of this request body';
    case 'required':
      return 'is required';
    case 'pattern':
      return patternMessages[leaf] ?? textPatternMessage(item.message) ?? 'is not in the expected format';
    case 'format': {
      const format = /format "([^"]+)"/.exec(item.message)?.[1] ?? '';
      return formatMessages[format] ?? item.message;
    }
    case 'enum':
      return allowed ? `must be one of: ${allowed.join(', ')}` : item.message;
    case undefined:
      if (/^Unknown query parameter/.test(item.message)) return 'is not a query parameter of this operation';
      return item.message;
    default:
      return item.message;
  }
}

/** What the mapping needs to know of the request that failed. */
export interface FailedRequest {
  path: string;
  /** The values an enum input admits, given the validator's path to it. */
  enumAt(errorPath: string): readonly unknown[] | undefined;
  /** The methods the path allows, for a 405. */
  allowedMethods(): string[] | undefined;
  /** The request's Content-Type, if it sent one. */
  contentType: string | undefined;
  /** Whether the request carried a body at all. */
  hasBody: boolean;
}

function dedupe(errors: FieldError[]): FieldError[] {
  const seen = new Set<string>();
  return errors.filter((e) => {
    const key = `${e.field}\u0000${e.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export function validationProblem(err: ValidatorError, request: FailedRequest): ProblemError | undefined {
  switch (err.status) {
    case 400:
      return problems.invalid(
        dedupe(
          err.errors.map((item) => {
            const field = fieldName(item.path);
            return { field, message: messageFor(field, item, request.enumAt(item.path)) };
          }),
        ),
      );
    case 404:
      return problems.notFound('There is no such route in this API. The paths are listed at /docs.');
    case 405: {
      const allowed = request.allowedMethods() ?? [];
      return problems.methodNotAllowed(`This path allows ${allowed.join(', ')}.`, allowed.join(', '));
    }
    case 413:
      return problems.tooLarge('The request body is larger than allowed.');
    case 415:
      // No body at all where one is required is a missing input, not a wrong media type.
      if (!request.hasBody && request.contentType === undefined) return problems.invalidField('body', 'is required');
      return problems.unsupportedMediaType(
        request.path.endsWith('/images/upload')
          ? 'Send the image as multipart/form-data with one part named file.'
          : `Send the body as application/json${request.contentType ? `, not ${request.contentType}` : ''}.`,
      );
    default:
      return undefined;
  }
}
