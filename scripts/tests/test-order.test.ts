/**
 * The test files start longest first (scripts/test-order.ts): the measured ones in order of their
 * seconds, every other file after them in the order it was given, and each file exactly once.
 */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { longestFirst, MEASURED_SECONDS } from '../test-order.ts';

describe('the order of the test files', () => {
  it('starts the measured files first, longest first, and keeps the order of the rest', () => {
    const given = ['a.test.ts', 'server/tests/markdown.test.ts', 'b.test.ts', 'conformance/tests/reference-server-faults.test.ts', 'c.test.ts', 'conformance/tests/faults.test.ts'];
    expect(longestFirst(given, (file) => file)).toEqual([
      'conformance/tests/reference-server-faults.test.ts',
      'conformance/tests/faults.test.ts',
      'server/tests/markdown.test.ts',
      'a.test.ts',
      'b.test.ts',
      'c.test.ts',
    ]);
  });

  it('names files that exist', () => {
    // A renamed file would silently lose its place at the front.
    expect(Object.keys(MEASURED_SECONDS).filter((file) => !existsSync(new URL(`../../${file}`, import.meta.url)))).toEqual([]);
  });
});
