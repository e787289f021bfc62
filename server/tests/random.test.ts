/**
 * The server's random source (domain/random.ts): a seeded source repeats itself exactly, draws every
 * value of a range evenly, and a page domain it draws twice is drawn again, as with real randomness,
 * so two pages never share a domain (rule page.domain-random-part).
 */
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database.ts';
import { systemClock } from '../domain/clock.ts';
import type { MarkdownRenderer } from '../domain/markdown-pool.ts';
import { cryptoRandom, seededRandom, type RandomSource } from '../domain/random.ts';
import { createServices } from '../services/index.ts';
import { createStores } from '../store/index.ts';

const draws = (random: RandomSource) => [random.int(36), random.int(1000), Buffer.from(random.bytes(40)).toString('hex'), random.int(2 ** 32)];

describe('a seeded random source', () => {
  it('draws the same sequence for the same seed, and another for another seed', () => {
    expect(draws(seededRandom('demo'))).toEqual(draws(seededRandom('demo')));
    expect(draws(seededRandom('demo'))).not.toEqual(draws(seededRandom('other')));
    expect(draws(cryptoRandom)).not.toEqual(draws(cryptoRandom));
  });

  it('draws every whole number of a range, none outside it, about equally often', () => {
    const random = seededRandom('spread');
    const counts = new Array<number>(36).fill(0);
    const outside: number[] = [];
    for (let i = 0; i < 36_000; i += 1) {
      const value = random.int(36);
      if (Number.isInteger(value) && value >= 0 && value < 36) counts[value]! += 1;
      else outside.push(value);
    }
    expect(outside).toEqual([]);
    // 1,000 expected each; a fair source stays within ±20% (over 6 standard deviations).
    for (const count of counts) expect(count).toBeGreaterThan(800), expect(count).toBeLessThan(1200);
  });

  it('refuses a range it cannot draw from evenly', () => {
    expect(() => seededRandom('x').int(0)).toThrow(RangeError);
    expect(() => seededRandom('x').int(2 ** 32 + 1)).toThrow(RangeError);
    expect(() => seededRandom('x').int(1.5)).toThrow(RangeError);
  });
});

/** The services of a fresh database, drawing from `seed`. */
function seededServices(seed: string, db = openDatabase(':memory:')) {
  const stores = createStores(db);
  const markdown: MarkdownRenderer = { render: async () => ({ html: '' }), close: async () => {} };
  const services = createServices({ db, stores, clock: systemClock }, { markdown, pagesDomain: 'pages.test', imagesDir: '/nonexistent', publicUrl: 'http://localhost', onEmailQueued: () => {}, random: seededRandom(seed) });
  return { db, services, workspace: (name: string) => stores.tokens.createWorkspace(name, new Date().toISOString()) };
}

describe('page domains from a seeded source', () => {
  it('are the same on every database', () => {
    const [one, other] = [seededServices('same'), seededServices('same')];
    const domain = (at: typeof one) => at.services.pages.create(at.workspace('Mine'), { name: 'Field Notes' }).domain;
    expect(domain(one)).toBe(domain(other));
    expect(domain(one)).toMatch(/^field-notes-[a-z0-9]{6}\.pages\.test$/);
    one.db.close();
    other.db.close();
  });

  it('are drawn again where the first draw is taken, so two pages never share one', () => {
    // Two sets of services with the same seed over one database: the second's first draw is the
    // domain the first already gave, as when the same seeded content is loaded twice.
    const first = seededServices('same');
    const second = seededServices('same', first.db);
    const mine = first.services.pages.create(first.workspace('Mine'), { name: 'Field Notes' });
    const theirs = second.services.pages.create(second.workspace('Theirs'), { name: 'Field Notes' });
    expect(theirs.domain).toMatch(/^field-notes-[a-z0-9]{6}\.pages\.test$/);
    expect(theirs.domain).not.toBe(mine.domain);
    first.db.close();
  });
});
