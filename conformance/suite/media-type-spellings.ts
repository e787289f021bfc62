/**
 * A request body's media type spelt otherwise than the usual lower case, and still the same type to HTTP
 * (requests.media-type-any-case; RFC 9110 section 8.3.1: "The type and subtype tokens are
 * case-insensitive", and so are parameter names; a charset's value is too, section 8.3.2; a parameter's
 * value may be a quoted string, "The quoted and unquoted values are equivalent", section 5.6.6). A server
 * that compares the header as text (`startsWith('multipart/form-data')`, `=== 'application/json'`)
 * answers the usual spelling right and refuses the same type in capitals with 415.
 *
 * Every spelling changes the case of the type and of the subtype, and of each parameter's name; the
 * rest (which letters, a charset's value in other case, quotes around a value) is drawn from the seed.
 * A multipart boundary's value is the one thing kept as it is: it is matched against the body's bytes.
 */
import type { Random } from '../generate/random.ts';

/** The text with each letter's case drawn from the seed, and at least one letter in upper case. */
export function recased(text: string, random: Random): string {
  const letters = [...text].map((character) => (random.bool() ? character.toUpperCase() : character.toLowerCase()));
  if (letters.join('') !== text.toLowerCase()) return letters.join('');
  const first = letters.findIndex((character) => character.toLowerCase() !== character.toUpperCase());
  if (first >= 0) letters[first] = letters[first]!.toUpperCase();
  return letters.join('');
}

/** A parameter's value as a token or as a quoted string, drawn from the seed. */
const maybeQuoted = (value: string, random: Random) => (random.bool() ? `"${value}"` : value);

/** `type/subtype` with both parts in other letter case. */
const recasedType = (type: string, random: Random) => type.split('/').map((part) => recased(part, random)).join('/');

/** `application/json; charset=utf-8`, the charset the contract takes, in other letter case throughout. */
export function jsonMediaTypeSpelledOtherwise(random: Random): string {
  const charset = random.bool() ? recased('utf-8', random) : 'UTF-8';
  return `${recasedType('application/json', random)}; ${recased('charset', random)}=${maybeQuoted(charset, random)}`;
}

/** `multipart/form-data; boundary=...` in other letter case, the boundary's value unchanged. */
export function formDataMediaTypeSpelledOtherwise(boundary: string, random: Random): string {
  return `${recasedType('multipart/form-data', random)}; ${recased('boundary', random)}=${maybeQuoted(boundary, random)}`;
}

/** A form's body as bytes, and the boundary its parts are framed by, as fetch would send it. */
export async function formBytes(form: FormData): Promise<{ bytes: Buffer; boundary: string }> {
  const request = new Request('http://form.invalid/', { method: 'POST', body: form });
  const boundary = /boundary=([^;]+)/i.exec(request.headers.get('content-type') ?? '')?.[1];
  if (!boundary) throw new Error('fetch framed a form without a boundary; this is a fault of the suite');
  return { bytes: Buffer.from(await request.arrayBuffer()), boundary };
}
