/** generated/ is derived from openapi/ and committed; it must never be stale. */
import { describe, expect, it } from 'vitest';
import { staleFiles } from '../../scripts/derive.ts';

describe('generated/', () => {
  it('matches what `npm run generate` derives from openapi/', async () => {
    expect(await staleFiles(), 'run `npm run generate` and commit the result').toEqual([]);
  });
});
