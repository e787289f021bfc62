/**
 * The contract's text patterns as loops over character codes (http/text-patterns.ts) give exactly the
 * verdict of the Unicode regular expression Ajv would build, on every edge: each control character and
 * its neighbours, lone surrogates of either half, a pair in the wrong order, astral characters; every
 * other pattern is still a RegExp; and the option reaches every Ajv the validator makes.
 */
import { describe, expect, it } from 'vitest';
// The validator's own option mapping, as patched by this project (patches/).
import { AjvOptions } from 'express-openapi-validator/dist/framework/ajv/options.js';
import { AJV_CODE, contractRegExp, MULTI_LINE_TEXT, ONE_LINE_TEXT } from '../http/text-patterns.ts';
import { loadContract } from '../http/validator.ts';

const PATTERNS = [ONE_LINE_TEXT, MULTI_LINE_TEXT];

/** Every code unit from U+0000 to U+00A0, and the edges of the surrogate ranges and of the BMP. */
const SINGLE_UNITS = [...Array.from({ length: 0xa1 }, (_, code) => code), 0xd7ff, 0xd800, 0xdbff, 0xdc00, 0xdfff, 0xe000, 0xfeff, 0xfffd, 0xffff].map((code) => String.fromCharCode(code));

const EDGE_CASES = [
  '',
  'plain text',
  'Ärger, 東京, Ελληνικά',
  '\ud800',
  '\udfff',
  'a\ud800b',
  'a\udc00b',
  '\udc00\ud800',
  '\ud83d\ude00',
  '😀 emoji and 𝄞 clef',
  '\ud83d\ude00\ud83d',
  'line\nbreak',
  'tab\there',
  'carriage\rreturn',
  'crlf\r\n',
  'nul\u0000',
  '\u0000',
  'del\u007f',
  '\u0080 first C1 control (allowed by both)',
  `${'x'.repeat(100_000)}\u001f`,
  `\ud800${'y'.repeat(10_000)}\n`,
  ...SINGLE_UNITS,
  ...SINGLE_UNITS.map((unit) => `before ${unit} after`),
  ...SINGLE_UNITS.map((unit) => `\ud800${unit}\udc00`),
];

describe('the contract text patterns as loops over character codes', () => {
  it.each(PATTERNS)('give the verdict of the Unicode regular expression %s on every edge case', (pattern) => {
    const regExp = new RegExp(pattern, 'u');
    const fast = contractRegExp(pattern, 'u');
    expect(fast).not.toBeInstanceOf(RegExp);
    for (const text of EDGE_CASES) expect(fast.test(text), JSON.stringify(text.slice(0, 40))).toBe(regExp.test(text));
  });

  it('refuse exactly the control characters each pattern names', () => {
    const oneLine = contractRegExp(ONE_LINE_TEXT, 'u');
    const multiLine = contractRegExp(MULTI_LINE_TEXT, 'u');
    for (let code = 0; code < 0x80; code++) {
      const text = String.fromCharCode(code);
      expect(oneLine.test(text), `U+${code.toString(16)}`).toBe(code > 0x1f && code !== 0x7f);
      expect(multiLine.test(text), `U+${code.toString(16)}`).toBe((code > 0x1f && code !== 0x7f) || code === 0x09 || code === 0x0a || code === 0x0d);
    }
  });

  it('keep the key Ajv caches a pattern by, and leave every other pattern and flag a RegExp', () => {
    for (const pattern of PATTERNS) expect(String(contractRegExp(pattern, 'u'))).toBe(String(new RegExp(pattern, 'u')));
    expect(contractRegExp(ONE_LINE_TEXT, '')).toBeInstanceOf(RegExp);
    const others = new Set<string>();
    (function walk(node: unknown): void {
      if (!node || typeof node !== 'object') return;
      const { pattern } = node as { pattern?: unknown };
      if (typeof pattern === 'string' && !PATTERNS.includes(pattern)) others.add(pattern);
      for (const value of Object.values(node)) walk(value);
    })(loadContract());
    expect(others.size).toBeGreaterThan(5);
    for (const pattern of others) expect(contractRegExp(pattern, 'u')).toEqual(new RegExp(pattern, 'u'));
  });

  it('reach every Ajv express-openapi-validator makes, for requests, responses and its preprocessor', () => {
    const options = new AjvOptions({ apiSpec: {}, code: AJV_CODE, serDes: [], validateRequests: {}, validateResponses: {} } as never);
    for (const use of ['request', 'response', 'preprocessor', 'multipart'] as const) expect((options[use] as { code?: unknown }).code, use).toBe(AJV_CODE);
  });
});
