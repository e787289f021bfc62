/**
 * Random values judged over several made one after another (suite/random-names.ts), as the uploads'
 * URLs and the pages' domains are: what a conforming server makes passes, in every usual alphabet at
 * the fewest random bits the contract allows, many times over; a time, a counter or a fixed character
 * where the contract states randomness fails. The run that shows it: the fault upload-names-uuid-v7
 * (tests/relation-faults.ts), and every clean run.
 */
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SAMPLES, unrandomValues } from '../suite/random-names.ts';

const url = (name: string) => `https://cdn.example/images/${name}.png`;
const many = (make: (index: number) => string) => Array.from({ length: SAMPLES }, (_, index) => make(index));
const BASE36 = '0123456789abcdefghijklmnopqrstuvwxyz';

/** A UUIDv7 in 32 hex digits: 48 bits of time in ms, then the version, 74 random bits and the variant. */
function uuidV7(ms: number): string {
  const bytes = randomBytes(16);
  bytes.writeUIntBE(ms, 0, 6);
  bytes[6] = (bytes[6]! & 0x0f) | 0x70;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  return bytes.toString('hex');
}

describe('values the contract states are random, over several made one after another', () => {
  it('passes names of 96 random bits or more, in every usual alphabet, many times over', () => {
    const makers: Record<string, () => string> = {
      'hex, 96 bits': () => randomBytes(12).toString('hex'),
      'hex, 128 bits': () => randomBytes(16).toString('hex'),
      'UUIDv4': () => randomUUID(),
      'base64url, 96 bits': () => randomBytes(12).toString('base64url'),
      'base36, 98 bits': () => Array.from({ length: 19 }, () => BASE36[randomInt(36)]).join(''),
      'decimal, 29 digits': () => Array.from({ length: 29 }, () => randomInt(10)).join(''),
    };
    for (const [what, make] of Object.entries(makers)) {
      for (let round = 0; round < 40; round++) expect(unrandomValues(many(() => url(make())), 96, 'URLs'), what).toEqual([]);
    }
  });

  it("passes pages' random parts of six letters and digits", () => {
    for (let round = 0; round < 100; round++) {
      expect(unrandomValues(many(() => Array.from({ length: 6 }, () => BASE36[randomInt(36)]).join('')), 6 * Math.log2(36), 'random parts')).toEqual([]);
    }
  });

  it('fails a UUIDv7 (time and 74 random bits), by its fixed characters and by its order', () => {
    const start = Date.now();
    const problems = unrandomValues(many((index) => url(uuidV7(start + index * 7))), 96, 'URLs');
    expect(problems).toEqual([expect.stringMatching(/at most \d+ random bits, fewer than the 96/), expect.stringMatching(/rising in the order they were made/)]);
  });

  it('fails names that rise with their making, a random tail beside a counter', () => {
    const problems = unrandomValues(many((index) => url(`${index.toString(16).padStart(4, '0')}${randomBytes(16).toString('hex')}`)), 96, 'URLs');
    expect(problems).toEqual([expect.stringMatching(/rising in the order they were made/)]);
  });

  it('fails random parts with a character the same in all: fewer bits than six characters of 36', () => {
    const problems = unrandomValues(many(() => `a${Array.from({ length: 5 }, () => BASE36[randomInt(36)]).join('')}`), 6 * Math.log2(36), 'random parts');
    expect(problems).toEqual([expect.stringMatching(/only 5 characters/)]);
  });

  it('judges nothing of fewer samples, or of values that repeat (image.url-per-upload says so)', () => {
    expect(unrandomValues(many((index) => url(String(index).padStart(32, '0'))).slice(1), 96, 'URLs')).toEqual([]);
    expect(unrandomValues(many(() => url('a'.repeat(32))), 96, 'URLs')).toEqual([]);
  });
});
