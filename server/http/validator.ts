/**
 * express-openapi-validator, configured from the bundled contract: every request and every response
 * is checked against generated/openapi.json. Strictness follows the contract: unknown body fields
 * are rejected (never stripped; unknown query parameters are refused by unknown-query.ts), and body values are never coerced
 * (`"5"` is not a number); path and query values, which arrive as text, are still converted.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import type * as OpenApiValidatorTypes from 'express-openapi-validator';
import type { RequestHandler } from 'express';
// The validator's own parts, as its `middleware()` puts them together, so that reading the contract
// can wait until the server listens (see `contractValidator`).
import { OpenApiValidator } from 'express-openapi-validator/dist/openapi.validator.js';
import { OpenApiSpecLoader } from 'express-openapi-validator/dist/framework/openapi.spec.loader.js';
import { AJV_CODE } from './text-patterns.ts';

const contractFile = fileURLToPath(new URL('../../generated/openapi.json', import.meta.url));

/** The longest URL the contract takes (Url.yaml). */
const LONGEST_URL = 2048;
const isUri = fullFormats.uri as (text: string) => boolean;

/**
 * Formats the validator checks beyond ajv-formats' own. Every keyword of a field is checked
 * (allErrors), so a 1 MiB string sent for a URL would also run the URI regular expression, about
 * 100 ms on the event loop. Text longer than any URL the contract takes is already refused by
 * maxLength; the format is not checked on it.
 */
export const CONTRACT_FORMATS = { uri: { type: 'string', validate: (text: string) => text.length > LONGEST_URL || isUri(text) } } as const;

/** Requests whose answer failed response validation (see `answerBroke`). */
const brokenAnswers = new WeakSet<object>();

/**
 * Whether the answer the handler gave this request failed response validation. The operation
 * dispatcher asks inside the request's transaction, so such a write is rolled back
 * (http/operations.ts); the validator itself goes on to answer the request with a 500.
 */
export const answerBroke = (req: object): boolean => brokenAnswers.has(req);

export function loadContract(): Record<string, unknown> {
  return JSON.parse(readFileSync(contractFile, 'utf8'));
}

/**
 * The validator's middleware (as express-openapi-validator's `middleware()` makes it), except that it
 * reads the contract (its reference resolution, route table and schema preprocessing: 100 to 200 ms
 * of CPU on the event loop) only when one of its handlers first runs, not when it is made. The
 * validator's own `middleware()` starts that work at once, and it ran before the server's first
 * answer; now the server listens first, and the warm-up after listening (warm-validators.ts), or
 * the first API request, whichever comes first, starts it.
 */
export function contractValidator(
  contract: Record<string, unknown> = loadContract(),
  enforce: { requests: boolean; responses: boolean } = { requests: true, responses: true },
): RequestHandler[] {
  let beginReading!: () => void;
  const wanted = new Promise<void>((resolve) => (beginReading = resolve));
  // The validator keeps and rewrites parts of the document it is given: hand it its own copy, made
  // when it reads it.
  const spec = wanted.then(() => new OpenApiSpecLoader({ apiDoc: structuredClone(contract) as never, validateApiSpec: false }).load());
  const handlers: RequestHandler[] = new OpenApiValidator(validatorOptions(contract, enforce)).installMiddleware(spec);
  return handlers.map((handler) => {
    const reading: RequestHandler = (req, res, next) => {
      beginReading();
      return handler(req, res, next);
    };
    return reading;
  });
}

function validatorOptions(contract: Record<string, unknown>, enforce: { requests: boolean; responses: boolean }) {
  // `code` is not among the validator's declared options: this project's patch passes it on to Ajv.
  const options: Parameters<typeof OpenApiValidatorTypes.middleware>[0] & { code: typeof AJV_CODE } = {
    // Checked for presence only: the contract the validator reads is the copy made above.
    apiSpec: contract as never,
    validateApiSpec: false,
    validateRequests: enforce.requests && {
      // Refused by a stage of the server's own, which names every one (unknown-query.ts); the
      // validator's own refusal stops at the first.
      allowUnknownQueryParameters: true,
      coerceTypes: false,
      removeAdditional: false,
      allErrors: true,
    },
    validateResponses: enforce.responses && {
      coerceTypes: false,
      removeAdditional: false,
      // Called with the violation before the validator answers 500 for it: remember the request,
      // and throw on to keep that 500 (without the throw the invalid body would be sent).
      onError: (err: unknown, _body: unknown, req: object) => {
        brokenAnswers.add(req);
        throw err;
      },
    },
    // Authentication runs before the validator (http/auth.ts), so an unauthenticated request is a
    // 401 whatever else is wrong with it.
    validateSecurity: false,
    validateFormats: true,
    ajvFormats: { mode: 'full' },
    formats: CONTRACT_FORMATS,
    // The contract's text patterns as a loop over character codes (http/text-patterns.ts), in every Ajv
    // the validator makes; passed on by this project's patch of express-openapi-validator.
    code: AJV_CODE,
    // Multipart bodies are parsed before the validator (http/uploads.ts).
    fileUploader: false,
  };
  return options;
}
