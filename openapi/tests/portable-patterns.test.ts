/**
 * Every `pattern` of the contract means the same in every regular-expression engine an implementer may
 * validate with. JSON Schema names ECMAScript's dialect, but implementations in other languages use
 * their own engine, where the shorthand classes differ: `\s` and `\d` are ASCII in Go's RE2 and Java,
 * Unicode in Python 3 and .NET, and ECMAScript's `\s` has a list of its own (U+FEFF in, U+0085 out).
 * So a pattern spells its classes out (`[0-9]`, the white space it means), and uses nothing RE2 lacks
 * (lookaround, back-references): Go's engine is the narrowest one in wide use.
 */
import { describe, expect, it } from 'vitest';
import { document, type Node } from './document.ts';

/** Every `pattern` in the document, with where it is. */
function patterns(node: Node, where = '#'): Array<{ where: string; pattern: string }> {
  if (!node || typeof node !== 'object') return [];
  const found: Array<{ where: string; pattern: string }> = [];
  for (const [key, value] of Object.entries(node)) {
    if (key === 'pattern' && typeof value === 'string') found.push({ where, pattern: value });
    else found.push(...patterns(value, `${where}/${key}`));
  }
  return found;
}

/** What makes a pattern read differently in another engine, or not at all in RE2. */
function unportable(pattern: string): string[] {
  const found: string[] = [];
  for (let index = 0; index < pattern.length; index += 1) {
    const character = pattern[index];
    if (character === '\\') {
      const next = pattern[index + 1] ?? '';
      if ('sSdDwWbB'.includes(next)) found.push(`\\${next}`);
      else if (/[1-9k]/.test(next)) found.push(`a back-reference \\${next}`);
      index += 1;
    } else if (character === '(' && pattern[index + 1] === '?' && /[=!<]/.test(pattern[index + 2] ?? '')) {
      found.push('a lookaround');
    }
  }
  return found;
}

const all = patterns(document);

describe('patterns', () => {
  it('are found (the walk reaches schemas, parameters and headers)', () => {
    expect(all.length).toBeGreaterThan(10);
    expect(all.some(({ where }) => where.includes('/headers/'))).toBe(true);
  });

  it('compile as the Unicode regular expressions JSON Schema names', () => {
    for (const { pattern } of all) expect(() => new RegExp(pattern, 'u')).not.toThrow();
  });

  it('use no shorthand class, back-reference or lookaround', () => {
    const offending = all.map(({ where, pattern }) => ({ where, found: unportable(pattern) })).filter(({ found }) => found.length > 0);
    expect(offending).toEqual([]);
  });

  it('the test finds what it is meant to', () => {
    expect(unportable('^\\s*a\\d$')).toEqual(['\\s', '\\d']);
    expect(unportable('^Bearer\\b')).toEqual(['\\b']);
    expect(unportable('^(?!x)(a)\\1$')).toEqual(['a lookaround', 'a back-reference \\1']);
    expect(unportable('^[^"\\\\]*\\.[0-9]{3}$')).toEqual([]);
  });
});
