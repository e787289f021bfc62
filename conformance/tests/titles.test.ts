/** A generated test's title shows the value it sends, never an example that differs from it. */
import { describe, expect, it } from 'vitest';
import { hostileCases } from '../cases/hostile.ts';
import { NUMBER_SPELLINGS } from '../cases/hostile-inputs.ts';
import { loadContract } from '../contract/document.ts';

describe('the titles of the number spellings', () => {
  it('quote the value sent for a query parameter', () => {
    const contract = loadContract();
    let checked = 0;
    for (const operation of contract.operations) {
      for (const generated of hostileCases(contract, operation)) {
        const hostile = generated.input.hostile;
        if (hostile?.kind !== 'number' || !NUMBER_SPELLINGS[hostile.spelling].canonicalOnly) continue;
        if (hostile.in === 'query') {
          expect(generated.title).toContain(JSON.stringify(NUMBER_SPELLINGS[hostile.spelling].spell(hostile.value ?? 1)));
          checked++;
        } else {
          expect(generated.title).toContain('the id the run made');
        }
        expect(generated.title).not.toMatch(/\b007\b|0x1F|39\.0/);
      }
    }
    expect(checked).toBeGreaterThan(0);
  });
});
