/**
 * White space as Unicode defines it (the White_Space property), for the rules that judge a text blank
 * or "only white space" (sendEmail: "the email has no `content_html` (or only white space)"; a "blank
 * subject", email.not-sendable-fields): every such character, and characters that look empty but are
 * not white space. A server that judges blankness by ASCII white space (HTML's, `[ \t\n\f\r]`) sends a
 * no-break space; one that uses JavaScript's `trim` misses U+0085 and takes U+FEFF for white space.
 */
import { jsonMedia } from '../cases/json-media.ts';
import { constrainedBranch } from '../generate/values.ts';
import type { Kit } from './kit.ts';

/** Every character with Unicode's White_Space property (all lie below U+3001). */
export const UNICODE_WHITE_SPACE: readonly string[] = Array.from({ length: 0x3001 }, (_, code) => String.fromCodePoint(code)).filter((character) => /\p{White_Space}/u.test(character));

/**
 * Characters that show nothing but are not white space: a zero-width space (U+200B), a zero-width
 * no-break space (U+FEFF, JavaScript's `trim` strips it), the Mongolian vowel separator (U+180E, white
 * space until Unicode 6.3) and a word joiner (U+2060). Text of one of them is not blank.
 */
export const EMPTY_LOOKING_NOT_WHITE_SPACE: readonly string[] = ['\u200B', '\uFEFF', '\u180E', '\u2060'];

/** A character as its code point, for a message: `U+00A0`. */
export const codePoint = (character: string): string => `U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/** The characters the pattern of the operation's body field allows (all, when it has none). */
export function allowedIn(t: Kit, operationId: string, field: string, characters: readonly string[]): string[] {
  const media = jsonMedia(t.contract.operation(operationId));
  const schema = media && constrainedBranch(t.contract, media.schema);
  const property = schema?.properties?.[field];
  const pattern: unknown = property === undefined ? undefined : constrainedBranch(t.contract, property).pattern;
  return typeof pattern === 'string' ? characters.filter((character) => new RegExp(pattern, 'u').test(character)) : [...characters];
}
