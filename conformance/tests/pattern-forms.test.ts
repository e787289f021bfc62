/** The forms a string schema allows (generate/pattern-forms.ts): one value of each alternative, each case. */
import { describe, expect, it } from 'vitest';
import { formsOf, hasForms, patternAlternatives } from '../generate/pattern-forms.ts';

const HEX_COLOUR = '^#([0-9A-Fa-f]{6}|[0-9A-Fa-f]{3})$';
const FREE_TEXT = '^[^\\u0000-\\u001F\\u007F]*$';

describe('forms of a string schema', () => {
  it('splits the first alternation of a pattern, the rest kept, and ignores a | in a class or escaped', () => {
    expect(patternAlternatives(HEX_COLOUR).map((pattern) => new RegExp(pattern, 'u')).map((pattern) => ['#a1B', '#a1B2c3'].filter((value) => pattern.test(value)))).toEqual([['#a1B2c3'], ['#a1B']]);
    expect(patternAlternatives('^a|b$')).toEqual(['(?:^a)', '(?:b$)']);
    expect(patternAlternatives('^[|(]x\\|$')).toEqual(['^[|(]x\\|$']);
  });

  it('finds forms only where the schema allows several', () => {
    expect(hasForms({ pattern: HEX_COLOUR })).toBe(true);
    expect(hasForms({ pattern: FREE_TEXT, examples: ['one'] })).toBe(false);
    expect(hasForms({ examples: ['a', 'b'] })).toBe(true);
  });

  it('gives a colour in six and three digits, lower and upper case, each one the pattern takes', () => {
    const accepts = (value: string) => new RegExp(HEX_COLOUR, 'u').test(value);
    for (const seed of [7, 11, 23]) {
      const forms = formsOf({ pattern: HEX_COLOUR, examples: ['#1E90FF'] }, seed, accepts);
      expect(forms.every(accepts)).toBe(true);
      expect(forms).toContain('#1E90FF');
      expect(forms).toContain('#1e90ff');
      expect(forms.some((form) => form.length === 4 && form === form.toLowerCase())).toBe(true);
      expect(forms.some((form) => form.length === 4 && form === form.toUpperCase())).toBe(true);
      expect(new Set(forms).size).toBe(forms.length);
    }
  });
});
