/**
 * A request body's media type spelt otherwise than the usual lower case, and still the same type to HTTP
 * (requests.media-type-any-case; RFC 9110 section 8.3.1: "The type and subtype tokens are
 * case-insensitive", and so are parameter names; a charset's value is too, section 8.3.2; a parameter's
 * value may be a quoted string, "The quoted and unquoted values are equivalent", section 5.6.6). A server
 * that compares the header as text (`startsWith('multipart/form-data')`, `=== 'application/json'`)
 * answers the usual spelling right and refuses the same type in capitals with 415.
 *
 * Every spelling changes the case of the type and of the subtype, and of each parameter's name; the
 * rest (which letters, a charset's value in other case, quotes around the other values) is drawn from the seed.
 * A multipart boundary's value is the one thing kept as it is: it is matched against the body's bytes.
 *
 * The parameter the type takes never stands alone: another comes before it and another after it (a
 * `charset` or one the type does not define, which a recipient ignores), since parameters come in any
 * order (RFC 6838 section 4.3: "the ordering of parameters is not significant"; a server that reads the
 * boundary only right after the type refuses `multipart/form-data; charset=utf-8; boundary=...`), and
 * each `;` has optional white space around it as RFC 9110 section 5.6.6 writes parameters
 * (`*( OWS ";" OWS [ parameter ] )`, OWS being spaces and tabs), drawn from the seed.
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

/**
 * A `;` with the optional white space RFC 9110 allows on either side of it, drawn from the seed: spaces,
 * and tabs where the target reads them (the mock does not: checks/profile.ts tab_white_space).
 */
const separator = (random: Random, tabs: boolean) =>
  tabs ? `${random.pick(['', ' ', '\t', '  '])};${random.pick(['', ' ', '\t', ' \t'])}` : `${random.pick(['', ' ', '  '])};${random.pick(['', ' ', '  '])}`;

/** Parameters the media types of the contract do not define: a recipient ignores them. */
const UNKNOWN_PARAMETERS = [['x-sent-by', 'conformance'], ['x-attempt', '1'], ['x-note', 'same-type']] as const;

/** One parameter, its name in other letter case and its value quoted or not. */
const parameter = ([name, value]: readonly [string, string], random: Random) => `${recased(name, random)}=${maybeQuoted(value, random)}`;

/** The type with its parameters in the order given, each after a `;` with white space drawn around it. */
const withParameters = (type: string, parameters: string[], random: Random, tabs: boolean) => `${recasedType(type, random)}${parameters.map((written) => `${separator(random, tabs)}${written}`).join('')}`;

/**
 * `application/json; charset=utf-8`, the charset the contract takes, in other letter case throughout,
 * between two parameters JSON does not define.
 */
export function jsonMediaTypeSpelledOtherwise(random: Random, tabs = true): string {
  const charset = random.bool() ? recased('utf-8', random) : 'UTF-8';
  const [before, after] = random.bool() ? [UNKNOWN_PARAMETERS[0], UNKNOWN_PARAMETERS[1]] : [UNKNOWN_PARAMETERS[2], UNKNOWN_PARAMETERS[0]];
  // The charset is always quoted: every other request sends it plain, so this one is where a server that
  // reads `charset="utf-8"` as another charset shows it (the other parameters' quotes are drawn).
  return withParameters('application/json', [parameter(before, random), `${recased('charset', random)}="${charset}"`, parameter(after, random)], random, tabs);
}

/**
 * `multipart/form-data; boundary=...` in other letter case, the boundary's value unchanged, between a
 * `charset` of UTF-8 and a parameter the type does not define, in either order.
 */
export function formDataMediaTypeSpelledOtherwise(boundary: string, random: Random, tabs = true): string {
  const extras = [parameter(['charset', 'utf-8'], random), parameter(random.pick(UNKNOWN_PARAMETERS), random)];
  const [before, after] = random.bool() ? extras : extras.reverse();
  return withParameters('multipart/form-data', [before!, `${recased('boundary', random)}=${maybeQuoted(boundary, random)}`, after!], random, tabs);
}

/** A form's body as bytes, and the boundary its parts are framed by, as fetch would send it. */
export async function formBytes(form: FormData): Promise<{ bytes: Buffer; boundary: string }> {
  const request = new Request('http://form.invalid/', { method: 'POST', body: form });
  const boundary = /boundary=([^;]+)/i.exec(request.headers.get('content-type') ?? '')?.[1];
  if (!boundary) throw new Error('fetch framed a form without a boundary; this is a fault of the suite');
  return { bytes: Buffer.from(await request.arrayBuffer()), boundary };
}
