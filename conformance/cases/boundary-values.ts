/**
 * Values at the edges of a field's constraints: a string of exactly n characters that still matches the
 * field's pattern and format, so a length case breaks (or keeps) one rule only.
 */
import fc from 'fast-check';
import { stringMatching } from '../generate/string-matching.ts';
import type { Node } from '../contract/document.ts';

const EMAIL_DOMAIN = '@example.com';

function matches(schema: Node, text: string): boolean {
  if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern, 'u').test(text)) return false;
  if (schema.format === 'email' && !text.includes('@')) return false;
  return true;
}

/** A string of exactly `length` characters valid for the schema's pattern, or undefined if none is found. */
export function stringOfLength(schema: Node, length: number, seed: number): string | undefined {
  if (length < 0) return undefined;
  const candidates = [
    'a'.repeat(length),
    length > EMAIL_DOMAIN.length ? `${'a'.repeat(length - EMAIL_DOMAIN.length)}${EMAIL_DOMAIN}` : undefined,
    length > 1 ? `#${'a'.repeat(length - 1)}` : undefined,
  ].filter((candidate): candidate is string => candidate !== undefined);
  const plain = candidates.find((candidate) => matches(schema, candidate));
  if (plain !== undefined) return plain;
  if (typeof schema.pattern !== 'string') return undefined;
  const sampled = fc.sample(stringMatching(new RegExp(schema.pattern, 'u')), { seed, numRuns: 500 });
  return sampled.find((sample) => sample.length === length);
}

/**
 * Characters outside the Basic Multilingual Plane: each is one character (JSON Schema's maxLength counts
 * characters) and two UTF-16 code units, so a server that counts code units sees twice the length.
 * An emoji, a Gothic letter, a CJK ideograph of Extension B: none is changed by Unicode normalisation
 * or letter case.
 */
const ASTRAL = ['\u{1F600}', '\u{10348}', '\u{2000B}', '\u{1F389}'];
/** At most this many in one value (4 bytes each in UTF-8), so a long field's value stays far below the body limit. */
const MOST_ASTRAL = 1000;

/** `count` characters outside the Basic Multilingual Plane. */
export function astralText(count: number): string {
  return Array.from({ length: count }, (_, index) => ASTRAL[index % ASTRAL.length]).join('');
}

/** Whether a text has a character outside the Basic Multilingual Plane. */
export function hasAstral(text: string): boolean {
  return /[\u{10000}-\u{10FFFF}]/u.test(text);
}

/**
 * A string of exactly `length` characters that begins with characters outside the Basic Multilingual
 * Plane (all of it, up to MOST_ASTRAL), valid for the schema's pattern and format, or undefined if the
 * pattern refuses them (a slug, an address).
 */
export function astralStringOfLength(schema: Node, length: number): string | undefined {
  if (length < 1) return undefined;
  const astral = Math.min(length, MOST_ASTRAL);
  const value = `${astralText(astral)}${'a'.repeat(length - astral)}`;
  return matches(schema, value) ? value : undefined;
}

/** One character more than a valid value, keeping its pattern where possible: breaks only maxLength. */
export function oneLonger(schema: Node, valid: string): string {
  const longer = valid.includes('@') || valid.startsWith('#') ? `${valid.slice(0, 1)}a${valid.slice(1)}` : `${valid}a`;
  return matches(schema, longer) ? longer : 'a'.repeat(valid.length + 1);
}

/** The white space put around a value: the space, which every pattern that lets text be surrounded by white space allows. */
const AROUND = ' ';

/**
 * A string of exactly `length` characters in all, a space at each end of a value valid for the schema,
 * or undefined when the pattern refuses white space there (a colour, a slug-only pattern). maxLength
 * counts the whole string as sent, the white space around it included, whatever the server trims
 * before it keeps the value (requests.schema-validation).
 */
export function spacedStringOfLength(schema: Node, length: number, seed: number): string | undefined {
  if (length < 3) return undefined;
  const core = stringOfLength(schema, length - 2, seed);
  if (core === undefined) return undefined;
  const spaced = `${AROUND}${core}${AROUND}`;
  return matches(schema, spaced) ? spaced : undefined;
}
