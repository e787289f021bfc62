/**
 * Reading a JSON request body, with every rule that keeps its cost bounded and its text well formed:
 *
 * - only operations that take a body have one read (POST, PUT, PATCH); a body sent with another
 *   method has no meaning (RFC 9110) and is discarded unread by Node;
 * - the body is UTF-8: a declared charset other than UTF-8 is a 415, bytes that are not UTF-8 a 400;
 * - Content-Encoding is identity, gzip, deflate or br: another one is a 415, a body that does not
 *   decode a 400, and the 1 MiB limit applies to the decoded body too (a small gzip bomb is a 413);
 * - the structure is bounded before it is parsed: nesting depth and the number of members (fields
 *   and array elements) are counted on the bytes, so a body with 95,000 unknown keys or 500,000
 *   nested arrays is refused as soon as a bound is crossed, before any object is built and before
 *   the validator could list every key;
 * - strings are well-formed Unicode: a lone surrogate (`"\ud800"`, which JSON's escapes can spell
 *   and UTF-8 cannot store) in any field or key is a 422 naming the field.
 */
import { isUtf8 } from 'node:buffer';
import contentType from 'content-type';
import express, { type Request, type RequestHandler } from 'express';
import { problems, type ProblemError } from './problem.ts';
import { LARGE_BODY_BYTES } from './body-admission.ts';
import { heavyTurns } from './heavy-turns.ts';

export const JSON_BODY_LIMIT = 1024 * 1024;
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);
/** Content codings a JSON body may use; the same on every Node version the server runs on. */
export const CONTENT_ENCODINGS = ['identity', 'gzip', 'deflate', 'br'] as const;

/** What the server requires of a JSON body. */
export interface BodyRules {
  /** Whether a body may declare any charset iconv knows, rather than UTF-8 alone. */
  anyCharset: boolean;
  /** Whether bytes that are not UTF-8 are refused (rather than decoded to U+FFFD). */
  requireUtf8: boolean;
  /** Deepest nesting of objects and arrays. */
  maxDepth: number;
  /** Most members (object fields and array elements, counted together) in the whole body. */
  maxMembers: number;
  /** Whether strings and keys with lone surrogates are refused. */
  refuseLoneSurrogates: boolean;
}

export const BODY_RULES: BodyRules = {
  anyCharset: false,
  requireUtf8: true,
  // The contract's bodies are flat objects of at most a dozen fields; these bounds leave a wide
  // margin and still cap what the validator and the 422 can be made to do.
  maxDepth: 16,
  maxMembers: 1000,
  refuseLoneSurrogates: true,
};

/** An error the parser's `verify` step throws; carried through body-parser to `translate`. */
class BodyRefused extends Error {
  constructor(readonly problem: ProblemError) {
    super(problem.detail);
  }
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;

/**
 * Refuses a JSON text nested deeper than `maxDepth` or with more than `maxMembers` members, from
 * its bytes alone: one pass, no allocation, stopping at the first bound crossed. Members are counted
 * by their separators, so the count is exact for a well-formed text up to one member per container.
 */
export function checkStructure(bytes: Uint8Array, rules: Pick<BodyRules, 'maxDepth' | 'maxMembers'>): ProblemError | undefined {
  let depth = 0;
  let separators = 0;
  for (let i = 0; i < bytes.length; i++) {
    switch (bytes[i]) {
      case QUOTE:
        i = closingQuote(bytes, i);
        if (i < 0) return undefined; // unterminated: the parser says so
        break;
      case 0x7b: // {
      case 0x5b: // [
        if (++depth > rules.maxDepth) {
          return problems.invalidField('body', `nests objects and arrays deeper than ${rules.maxDepth} levels`);
        }
        break;
      case 0x7d: // }
      case 0x5d: // ]
        depth--;
        break;
      case COMMA:
        if (++separators >= rules.maxMembers) {
          return problems.invalidField('body', `has more than ${rules.maxMembers} fields and array elements; a request body of this API has a few dozen at most`);
        }
        break;
    }
  }
  return undefined;
}

/**
 * The index of the quote that closes the string opened at `open`, or -1. The search for quotes is
 * native (indexOf); a quote preceded by an odd run of backslashes is escaped. Each backslash is
 * looked at once, so the whole scan stays linear.
 */
function closingQuote(bytes: Uint8Array, open: number): number {
  let at = open;
  for (;;) {
    at = bytes.indexOf(QUOTE, at + 1);
    if (at < 0) return -1;
    let before = at - 1;
    while (bytes[before] === BACKSLASH) before--;
    if ((at - 1 - before) % 2 === 0) return at;
  }
}

/**
 * Whether a string has no lone surrogate. `String.prototype.isWellFormed` (ES2024, in every Node.js
 * the server runs on) answers without a regular expression: about a tenth of the time of `/\p{Cs}/u`
 * on a megabyte of CJK text, which every large body pays once per string.
 */
const isWellFormed = (text: string) => (text as string & { isWellFormed(): boolean }).isWellFormed();

/**
 * Every place of `value` that holds a lone surrogate, in the body's order: a 422 names each invalid
 * input, every one of a request with several (errors.field-names), not the first alone.
 */
export function loneSurrogateFields(value: unknown, path: string[] = [], found: string[] = []): string[] {
  if (typeof value === 'string') {
    if (!isWellFormed(value)) found.push(path.join('.') || 'body');
    return found;
  }
  if (typeof value !== 'object' || value === null) return found;
  // Depth is bounded by checkStructure before parsing, and members by maxMembers, so this walk is too.
  const entries: Array<[string, unknown]> = Array.isArray(value) ? value.map((item, index) => [String(index), item]) : Object.entries(value);
  for (const [key, item] of entries) {
    if (!isWellFormed(key)) found.push([...path, key.replace(/\p{Cs}/gu, '\uFFFD')].join('.'));
    else loneSurrogateFields(item, [...path, key], found);
  }
  return found;
}

function declaredCharset(req: Request): string | undefined {
  try {
    return contentType.parse(req).parameters.charset?.toLowerCase();
  } catch {
    return undefined; // An unparseable Content-Type is answered by the validator (415).
  }
}

function contentEncoding(req: Request): string {
  return (req.get('content-encoding') ?? 'identity').trim().toLowerCase() || 'identity';
}

interface ParserError {
  type?: string;
  status?: number;
  message?: string;
}

/** A header value as quoted in a problem's detail: short, whatever the client sent. */
const quoted = (value: string) => (value.length > 40 ? `${value.slice(0, 40)}...` : value);

/** body-parser's errors, as the problems the contract declares. */
function translate(err: ParserError, encoding: string): unknown {
  if (err instanceof BodyRefused) return err.problem;
  switch (err.type) {
    case 'entity.too.large':
      return problems.tooLarge(`The request body is larger than the limit of 1 MiB${encoding === 'identity' ? '' : ' once decoded'}.`);
    case 'entity.parse.failed':
      return problems.malformed(`The request body is not valid JSON: ${err.message ?? 'parse error'}.`);
    case 'request.aborted':
    case 'request.size.invalid':
      return problems.malformed('The request body was not received completely.');
  }
  // What is left with a 400 is the decompression stream failing: the body is not what its
  // Content-Encoding says.
  if (encoding !== 'identity' && err.status === 400) {
    return problems.malformed(`The request body does not decode as ${quoted(encoding)}.`);
  }
  return err;
}

export function jsonBody(rules: BodyRules = BODY_RULES): RequestHandler {
  const verify = (_req: Request, _res: unknown, bytes: Buffer) => {
    if (rules.requireUtf8 && !isUtf8(bytes)) {
      throw new BodyRefused(problems.malformed('The request body is not valid UTF-8.'));
    }
    const refused = checkStructure(bytes, rules);
    if (refused) throw new BodyRefused(refused);
  };
  // The body's bytes, read (and decoded from its Content-Encoding) by body-parser, decoded and parsed
  // here: body-parser's JSON reader decodes UTF-8 through iconv-lite's stream decoder, about half as
  // slow again as Buffer#toString on a megabyte of CJK text (bench/README.md, "Capacity").
  const readBytes = express.raw({ limit: JSON_BODY_LIMIT, type: 'application/json', verify });
  // For a server that takes any charset (a fault, server/faults): body-parser's text reader
  // decodes every charset iconv knows, and the text is then parsed as JSON.
  const parseAnyCharset = express.text({ limit: JSON_BODY_LIMIT, type: 'application/json' });

  return (req, res, next) => {
    if (!BODY_METHODS.has(req.method) || !req.is('application/json')) return next();
    const charset = declaredCharset(req);
    const otherCharset = charset !== undefined && charset !== 'utf-8';
    if (otherCharset && !rules.anyCharset) {
      return next(problems.unsupportedMediaType(`Send JSON in UTF-8; the charset ${quoted(charset)} is not accepted.`));
    }
    const encoding = contentEncoding(req);
    if (!(CONTENT_ENCODINGS as readonly string[]).includes(encoding)) {
      return next(problems.unsupportedMediaType(`The Content-Encoding ${quoted(encoding)} is not supported; send the body as identity, gzip, deflate or br.`));
    }
    const done = (err?: unknown) => {
      if (err) return next(translate(err as ParserError, encoding));
      if (rules.refuseLoneSurrogates) {
        const fields = loneSurrogateFields(req.body);
        if (fields.length > 0) return next(problems.invalid(fields.map((field) => ({ field, message: 'is not well-formed Unicode: it contains a lone surrogate' }))));
      }
      next();
    };
    if (otherCharset) {
      return parseAnyCharset(req, res, (err?: unknown) => {
        if (err) return done(err);
        try {
          req.body = JSON.parse(req.body as string);
        } catch (parseError) {
          return done({ type: 'entity.parse.failed', message: (parseError as Error).message });
        }
        done();
      });
    }
    readBytes(req, res, (err?: unknown) => {
      if (err) return done(err);
      // No body at all (Content-Length: 0, or none): nothing to parse, as before.
      if (!Buffer.isBuffer(req.body)) return done();
      const bytes = req.body;
      const parse = () => {
        const parsed = parseJsonBytes(bytes);
        if ('error' in parsed) return done(parsed.error);
        req.body = parsed.value;
        done();
      };
      // A large body is parsed, validated and served (all in the same turn) in a turn of its own,
      // once no connection waits to be accepted (http/heavy-turns.ts).
      if (bytes.length > LARGE_BODY_BYTES) heavyTurns.next().then(parse, done);
      else parse();
    });
  };
}

/**
 * The bytes (valid UTF-8, checked by `verify`) as JSON, as body-parser's JSON reader with `strict:
 * false` parses them: a leading byte order mark is dropped, an empty body is `{}`, and a text that is
 * not JSON is a parse failure with JSON.parse's message.
 */
export function parseJsonBytes(bytes: Buffer): { value: unknown } | { error: ParserError } {
  let text = bytes.toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (text.length === 0) return { value: {} };
  try {
    return { value: JSON.parse(text) };
  } catch (parseError) {
    return { error: { type: 'entity.parse.failed', message: (parseError as Error).message } };
  }
}
