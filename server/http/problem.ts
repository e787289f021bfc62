/**
 * The one error type handlers and services throw: an RFC 9457 problem with its HTTP status. The
 * error handler writes it as `application/problem+json`; anything else thrown becomes a generic 500.
 */
export const PROBLEM_BASE = 'https://publishing.example/problems/';

/**
 * A problem lists at most this many invalid inputs in `errors`, and a 422's detail says how many
 * there were: the size of the answer stays small whatever the request got wrong.
 */
export const MAX_LISTED_ERRORS = 20;

/**
 * The bounds the contract declares on a problem (Problem and FieldError schemas). Most problems are
 * far inside them; the ones that quote the request (an unknown field's name, a long path) are cut
 * to fit, so no input makes an error answer large.
 */
export const PROBLEM_BOUNDS = { detail: 4096, instance: 2048, errors: MAX_LISTED_ERRORS, field: 1024, message: 1024 } as const;

/**
 * Control characters (U+0000 to U+001F, U+007F) as the text `\u0007`: a problem quotes what the
 * client sent (a parser's message with a piece of the body, a field name, a header value), and the
 * contract's patterns forbid control characters in every string of a problem, as in all text. Tab,
 * line feed and carriage return are escaped too, although `detail` and `message` may hold them: a
 * quoted value stays on one line.
 */
export const escapeControls = (text: string): string =>
  text.replace(/[\u0000-\u001F\u007F]/g, (control) => `\\u${control.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`);

/** Escaped first, then cut: the bound holds for what is sent. */
const fit = (raw: string, max: number) => {
  const text = escapeControls(raw);
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
};

export interface FieldError {
  field: string;
  message: string;
}

export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  detail?: string;
  instance?: string;
  errors?: FieldError[];
}

export class ProblemError extends Error {
  constructor(
    readonly status: number,
    readonly kind: string,
    readonly title: string,
    readonly detail: string,
    readonly errors?: FieldError[],
    readonly headers: Record<string, string> = {},
    /** How many of `errors` the body lists. */
    readonly listLimit: number = MAX_LISTED_ERRORS,
  ) {
    super(detail);
    this.name = 'ProblemError';
  }

  body(instance?: string): ProblemBody {
    return {
      type: PROBLEM_BASE + this.kind,
      title: escapeControls(this.title),
      status: this.status,
      detail: fit(this.detail, PROBLEM_BOUNDS.detail),
      ...(instance ? { instance: fit(instance, PROBLEM_BOUNDS.instance) } : {}),
      ...(this.errors
        ? {
            errors: this.errors.slice(0, this.listLimit).map((error) => ({
              field: fit(error.field, PROBLEM_BOUNDS.field),
              message: fit(error.message, PROBLEM_BOUNDS.message),
            })),
          }
        : {}),
    };
  }
}

const inputs = (count: number) => `${count} invalid input${count === 1 ? '' : 's'}`;

/**
 * One entry per input (FieldError: "One invalid input"): an input found wrong in several ways (a name
 * too long and with a control character, a query parameter given twice) is listed once, its messages
 * joined, so `errors` and the count in `detail` are of inputs, not of findings (errors.field-names).
 */
function oneEntryPerInput(errors: FieldError[]): FieldError[] {
  const messages = new Map<string, string[]>();
  for (const error of errors) {
    const own = messages.get(error.field);
    if (!own) messages.set(error.field, [error.message]);
    else if (!own.includes(error.message)) own.push(error.message);
  }
  return [...messages].map(([field, own]) => ({ field, message: own.join('; ') }));
}

function validationDetail(count: number): string {
  const listed = count > MAX_LISTED_ERRORS ? `; the first ${MAX_LISTED_ERRORS} are listed` : '';
  return `The request has ${inputs(count)}${listed}.`;
}

export const problems = {
  malformed: (detail: string) => new ProblemError(400, 'malformed-request', 'Malformed request', detail),
  unauthorized: (detail: string) =>
    new ProblemError(401, 'unauthorized', 'Unauthorized', detail, undefined, {
      'WWW-Authenticate': 'Bearer realm="publishing-api"',
    }),
  notFound: (detail: string) => new ProblemError(404, 'not-found', 'Not found', detail),
  methodNotAllowed: (detail: string, allow: string) =>
    new ProblemError(405, 'method-not-allowed', 'Method not allowed', detail, undefined, { Allow: allow }),
  nameTaken: (detail: string) => new ProblemError(409, 'name-taken', 'Name already taken', detail),
  slugTaken: (detail: string) => new ProblemError(409, 'slug-taken', 'Slug already taken', detail),
  emailAlreadySent: (detail: string) => new ProblemError(409, 'email-already-sent', 'Email already sent', detail),
  emailNotDraft: (detail: string) => new ProblemError(409, 'email-not-draft', 'Email is not a draft', detail),
  tooLarge: (detail: string) => new ProblemError(413, 'payload-too-large', 'Payload too large', detail),
  unsupportedMediaType: (detail: string) =>
    new ProblemError(415, 'unsupported-media-type', 'Unsupported media type', detail),
  tooManyRequests: (limit: 'token' | 'address', count: number, windowSeconds: number, retryAfterSeconds: number) =>
    new ProblemError(
      429,
      'too-many-requests',
      'Too many requests',
      limit === 'token'
        ? `This token has made more than ${count} requests in ${windowSeconds} seconds. Try again in ${retryAfterSeconds} seconds.`
        : `This address has failed authentication more than ${count} times in ${windowSeconds} seconds. Try again in ${retryAfterSeconds} seconds.`,
      undefined,
      { 'Retry-After': String(retryAfterSeconds) },
    ),
  invalid: (errors: FieldError[]) => {
    const each = oneEntryPerInput(errors);
    return new ProblemError(422, 'validation-failed', 'Validation failed', validationDetail(each.length), each);
  },
  invalidField: (field: string, message: string) => problems.invalid([{ field, message }]),
  notSendable: (detail: string, errors: FieldError[]) =>
    new ProblemError(422, 'email-not-sendable', 'Email cannot be sent', detail, errors),
  overloaded: (detail: string, retryAfterSeconds: number) =>
    new ProblemError(503, 'overloaded', 'Server at capacity', `${detail} Try again in ${retryAfterSeconds} seconds.`, undefined, {
      'Retry-After': String(retryAfterSeconds),
    }),
  storageFull: (detail: string) => new ProblemError(507, 'storage-full', 'Storage full', detail),
  internal: () =>
    new ProblemError(
      500,
      'internal-error',
      'Internal server error',
      'The server failed to complete the request. It has been logged; try again later.',
    ),
};
