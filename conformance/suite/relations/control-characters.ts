/**
 * requests.text-without-control-characters over its whole class: "a field of free text (a name, title,
 * subject, slug, description, Markdown or HTML) holding a control character (U+0000 to U+001F or
 * U+007F; in text that may span lines, other than tab, line feed and carriage return) is answered `422`
 * naming the field, never stored".
 *
 * The generated cases send one control character a field refuses (a line feed in one-line text, NUL in
 * text that may span lines), and the hostile phase the same two. A server that writes its own check as
 * `[\x00-\x1F]` (DEL forgotten), or takes one class of text for the other (a tab in a title, a vertical
 * tab in a description), passes both. So each create and update with a JSON body is sent, once per
 * character of CONTROL_CHARACTERS, a body whose every free-text field holds that character: the answer
 * must be a `422` naming exactly the fields whose schema refuses it, not those that take it (a tab in a
 * description beside one in a title). The bodies ride on read-only-fields-refused.test.ts's refusals,
 * whose resource and whose check that a refused write changes nothing they share.
 */
import type { OperationInfo } from '../../contract/document.ts';
import { suiteContext } from '../context.ts';
import { codePoint } from '../white-space.ts';

const { validator } = suiteContext();

export const CONTROL_CHARACTER_RULES = ['requests.text-without-control-characters', 'requests.well-formed-text', 'errors.field-names', 'errors.only-present-causes'];

/**
 * The class's edges and the characters a hand-written check most often gets wrong: the first, the
 * three text that spans lines takes and their neighbours (backspace, vertical tab, form feed, shift
 * out), escape, the last of C0, and DEL.
 */
export const CONTROL_CHARACTERS = ['\u0000', '\u0001', '\u0008', '\t', '\n', '\u000B', '\u000C', '\r', '\u000E', '\u001B', '\u001F', '\u007F'];

const SAMPLE = 'Conformance text';
const holding = (character: string) => `Conformance${character}text`;

/**
 * The body's fields of free text: those whose schema takes a plain sentence and refuses it with NUL
 * inside (a name, a slug, one-line text, text that may span lines; not an address, a colour or a time).
 */
export function freeTextFields(properties: Record<string, unknown>, pointer: string): string[] {
  return Object.keys(properties).filter((field) => {
    const at = `${pointer}/properties/${field}`;
    return validator.schemaErrors(at, SAMPLE) === undefined && validator.schemaErrors(at, holding('\u0000')) !== undefined;
  });
}

/** A body the tests send, what it is, and the fields a 422 names besides those its schema refuses. */
export type TextBody = [what: string, body: Record<string, unknown>, alsoRefused: string[]];

/**
 * Per control character, `base` with every free-text field holding it; and once with a lone surrogate
 * in every one (requests.well-formed-text: "a lone surrogate in a JSON string is answered `422` naming
 * the field"), which no pattern refuses, so the 422 names each such field besides.
 */
export function controlCharacterBodies(operation: OperationInfo, schema: { properties: Record<string, unknown>; pointer: string }, base: Record<string, unknown>): TextBody[] {
  const fields = freeTextFields(schema.properties, schema.pointer);
  if (fields.length === 0) return [];
  const inEvery = (text: string) => ({ ...base, ...Object.fromEntries(fields.map((field) => [field, text])) });
  return [
    ...CONTROL_CHARACTERS.map((character): TextBody => [`${codePoint(character)} inside every free-text field (${fields.join(', ')}) of ${operation.operationId}'s body`, inEvery(holding(character)), []]),
    [`a lone surrogate (\\ud800) inside every free-text field (${fields.join(', ')}) of ${operation.operationId}'s body`, inEvery(holding('\ud800')), fields],
  ];
}
