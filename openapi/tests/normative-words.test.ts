/**
 * The contract's words, audited (normative-sentences.ts): every sentence of a description or summary
 * that uses a normative word is carried by a rule of the catalogue; none is let through.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CARRIED } from './normative-sentences.ts';

const NORMATIVE = /\b(must|always|never|every|only)\b/i;

interface Sentence {
  where: string;
  text: string;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Node = any;

const document: Node = JSON.parse(readFileSync(new URL('../../generated/openapi.json', import.meta.url), 'utf8'));

/** Sentences of descriptions and summaries, split at sentence ends, list items, table rows and paragraphs. */
function normativeSentences(node: Node, where = '', into: Sentence[] = []): Sentence[] {
  if (Array.isArray(node)) node.forEach((item, index) => normativeSentences(item, `${where}/${index}`, into));
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if ((key === 'description' || key === 'summary') && typeof value === 'string') {
        for (const sentence of value.split(/(?<=[.!?])\s+|\n\s*[-*|]\s+|\n\n/)) {
          if (NORMATIVE.test(sentence)) into.push({ where: `${where}/${key}`, text: sentence.replace(/\s+/g, ' ').trim() });
        }
      } else if (key !== 'x-rules') normativeSentences(value, `${where}/${key}`, into);
    }
  }
  return into;
}

function ruleIds(node: Node, into = new Set<string>()): Set<string> {
  if (Array.isArray(node)) node.forEach((item) => ruleIds(item, into));
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === 'x-rules') for (const rule of value as { id: string }[]) into.add(rule.id);
      else ruleIds(value, into);
    }
  }
  return into;
}

const sentences = normativeSentences(document);
const listed = CARRIED.map(([where, start]) => ({ where, start }));
const matches = (sentence: Sentence, entry: { where: string; start: string }) => sentence.where === entry.where && sentence.text.startsWith(entry.start);

describe("the contract's normative words", () => {
  it('are each in a sentence a rule carries', () => {
    const unlisted = sentences.filter((sentence) => !listed.some((entry) => matches(sentence, entry)));
    expect(unlisted.map((sentence) => `${sentence.where}: ${sentence.text}`)).toEqual([]);
  });

  it('name rules the catalogue has', () => {
    const known = ruleIds(document);
    expect(CARRIED.filter(([, , rule]) => !known.has(rule)).map(([where, start, rule]) => `${where} "${start}": ${rule}`)).toEqual([]);
  });

  it('list no sentence the contract no longer has', () => {
    const stale = listed.filter((entry) => !sentences.some((sentence) => matches(sentence, entry)));
    expect(stale).toEqual([]);
  });

  it('find a new normative sentence', () => {
    const added = normativeSentences({ info: { description: 'A page must have a name. Pages are listed by name.' } });
    expect(added.map((sentence) => sentence.text)).toEqual(['A page must have a name.']);
    expect(added.some((sentence) => listed.some((entry) => matches(sentence, entry)))).toBe(false);
  });
});
