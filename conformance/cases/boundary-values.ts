/**
 * Values at the edges of a field's constraints: a string of exactly n characters that still matches the
 * field's pattern and format, so a length case breaks (or keeps) one rule only.
 */
import fc from 'fast-check';
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
  const sampled = fc.sample(fc.stringMatching(new RegExp(schema.pattern, 'u')), { seed, numRuns: 500 });
  return sampled.find((sample) => sample.length === length);
}

/** One character more than a valid value, keeping its pattern where possible: breaks only maxLength. */
export function oneLonger(schema: Node, valid: string): string {
  const longer = valid.includes('@') || valid.startsWith('#') ? `${valid.slice(0, 1)}a${valid.slice(1)}` : `${valid}a`;
  return matches(schema, longer) ? longer : 'a'.repeat(valid.length + 1);
}
