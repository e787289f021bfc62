/**
 * Names, titles and subjects at the longest length their schema allows, made of the run's name and
 * filler: ASCII, where letters, bytes and slug characters are one for one, and not ASCII, where they
 * are not (a cut made on the text, its bytes or its characters before transliteration shows there).
 */
import { jsonMedia } from '../cases/json-media.ts';
import { constrainedBranch } from '../generate/values.ts';
import type { Kit } from './kit.ts';

/**
 * Words whose letters take two or three bytes in UTF-8 and transliterate to one ASCII letter (`é`, `ḗ`)
 * or two (`ß`, `œ`), with a word that ends in a letter that does not decompose (`ł`): the slug of a
 * 255-character text made of them is far longer than 90 characters, and much longer than its first
 * 90 bytes' slug.
 */
const NON_ASCII_WORDS = 'Crème brûlée ḗḗ Straße cœur Łódź ł ';
const ASCII_WORDS = 'Long name filler words ';

function filled(t: Kit, label: string, words: string, length: number): string {
  const head = `${t.names.name(label)} `;
  return (head + words.repeat(Math.ceil(length / words.length))).slice(0, length).trimEnd();
}

/** A name of the run followed by words that are not ASCII, to `length` characters. */
export function longNonAsciiText(t: Kit, label: string, length: number): string {
  return filled(t, label, NON_ASCII_WORDS, length);
}

/** A name of the run followed by ASCII words, to `length` characters. */
export function longAsciiText(t: Kit, label: string, length: number): string {
  return filled(t, label, ASCII_WORDS, length);
}

/** The `maxLength` the contract gives a top-level field of the operation's JSON body. */
export function longestOf(t: Kit, operationId: string, field: string): number {
  const media = jsonMedia(t.contract.operation(operationId));
  const schema = media && constrainedBranch(t.contract, media.schema);
  const property = schema?.properties?.[field];
  const maxLength: unknown = property === undefined ? undefined : constrainedBranch(t.contract, property).maxLength;
  if (typeof maxLength !== 'number') throw new Error(`the contract gives ${operationId}'s body field ${field} no maxLength; this is a fault of the suite`);
  return maxLength;
}
