/**
 * The JSON body's bytes are decoded and parsed by the server itself (http/json-body.ts, parseJsonBytes),
 * as body-parser's JSON reader with `strict: false` did: a leading byte order mark is dropped, an
 * empty body is `{}`, any JSON value is accepted, and a text that is not JSON fails with JSON.parse's
 * own message (which the 400's detail quotes).
 */
import { describe, expect, it } from 'vitest';
import { parseJsonBytes } from '../http/json-body.ts';

const bytes = (text: string) => Buffer.from(text, 'utf8');

describe('parsing a JSON body from its bytes', () => {
  it('parses any JSON value, astral and CJK text included', () => {
    expect(parseJsonBytes(bytes('{"title":"漢字 😀","n":[1,2]}'))).toEqual({ value: { title: '漢字 😀', n: [1, 2] } });
    expect(parseJsonBytes(bytes('"text"'))).toEqual({ value: 'text' });
    expect(parseJsonBytes(bytes(' null '))).toEqual({ value: null });
  });

  it('drops a leading byte order mark, and only a leading one', () => {
    expect(parseJsonBytes(bytes('\ufeff{"a":1}'))).toEqual({ value: { a: 1 } });
    expect(parseJsonBytes(bytes('{"a":"\ufeff"}'))).toEqual({ value: { a: '\ufeff' } });
  });

  it('takes an empty body, or a byte order mark alone, as {}', () => {
    expect(parseJsonBytes(Buffer.alloc(0))).toEqual({ value: {} });
    expect(parseJsonBytes(bytes('\ufeff'))).toEqual({ value: {} });
  });

  it("fails on what is not JSON, with JSON.parse's message", () => {
    let expected = '';
    try {
      JSON.parse('{"a":');
    } catch (error) {
      expected = (error as Error).message;
    }
    expect(parseJsonBytes(bytes('{"a":'))).toEqual({ error: { type: 'entity.parse.failed', message: expected } });
    expect(parseJsonBytes(bytes('   '))).toMatchObject({ error: { type: 'entity.parse.failed' } });
  });
});
