/**
 * The regular expressions Ajv builds from the contract's `pattern`s, with the two text patterns done
 * as a loop over character codes. Nearly every string of the contract carries one of them (free text
 * refuses control characters), and a long one is checked twice per request, on the request and on the
 * answer. As a Unicode regular expression, its first executions in V8 take 20 to 45 ms per 500,000
 * two-byte characters of event-loop time before the expression is compiled; the loop has no such
 * first-time cost and is as fast as a warm RegExp (`npm run bench:patterns`, bench/README.md).
 *
 * Same verdict, exactly: under the `u` flag a negated class matches any code point outside it, a lone
 * surrogate and an astral character included, and every code point the class names is below U+0080,
 * so neither half of a surrogate pair can be one of them. A string matches `^[^set]*$` exactly when
 * none of its UTF-16 code units is in the set. Every other pattern, and these two without the `u` flag,
 * is a RegExp as Ajv would make it.
 */

/** What Ajv calls a regular expression: anything with `test`; `toString` is its cache key. */
export interface PatternMatcher {
  test(text: string): boolean;
  toString(): string;
}

/** Control characters a line of text refuses: U+0000 to U+001F and U+007F. */
export const ONE_LINE_TEXT = '^[^\\u0000-\\u001F\\u007F]*$';
/** Text that may span lines also allows tab, line feed and carriage return. */
export const MULTI_LINE_TEXT = '^[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F]*$';

/** Which of the code units below U+0080 a pattern refuses: 1 refused, 0 allowed. */
function refusedBelow0x80(allowedControls: readonly number[]): Uint8Array {
  const refused = new Uint8Array(0x80);
  for (let code = 0; code <= 0x1f; code++) if (!allowedControls.includes(code)) refused[code] = 1;
  refused[0x7f] = 1;
  return refused;
}

function withoutCodes(refused: Uint8Array, source: string, flags: string): PatternMatcher {
  return {
    test(text: string): boolean {
      // Ajv tests only strings; a RegExp would test anything else as its string form.
      const value = String(text);
      for (let index = 0, length = value.length; index < length; index++) {
        const code = value.charCodeAt(index);
        if (code < 0x80 && refused[code] === 1) return false;
      }
      return true;
    },
    // The same key a RegExp of the pattern has, so Ajv's cache of patterns stays one entry per pattern.
    toString: () => `/${source}/${flags}`,
  };
}

const ONE_LINE_REFUSES = refusedBelow0x80([]);
const MULTI_LINE_REFUSES = refusedBelow0x80([0x09, 0x0a, 0x0d]);

/** Ajv's `code.regExp`: the matcher of a pattern with its flags. */
export function contractRegExp(pattern: string, flags: string): PatternMatcher {
  if (flags === 'u' && pattern === ONE_LINE_TEXT) return withoutCodes(ONE_LINE_REFUSES, pattern, flags);
  if (flags === 'u' && pattern === MULTI_LINE_TEXT) return withoutCodes(MULTI_LINE_REFUSES, pattern, flags);
  return new RegExp(pattern, flags);
}
// Ajv names the engine in code it generates for standalone validators; the server never makes those.
contractRegExp.code = 'contractRegExp';

/** The Ajv `code` option that puts contractRegExp in place of `new RegExp`. */
export const AJV_CODE = { regExp: contractRegExp } as const;
