/**
 * Seeded randomness. Every test gets its own stream, derived from the run's seed and the test's name,
 * so a run with the same `--seed` generates the same values whatever order the tests run in.
 */

/** A 32-bit hash of a string (FNV-1a), used to derive independent streams from one seed. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

const ALPHANUMERIC = 'abcdefghijklmnopqrstuvwxyz0123456789';

export class Random {
  private state: number;

  constructor(readonly seed: number) {
    this.state = seed >>> 0 || 0x9e3779b9;
  }

  /** A child stream that depends only on this stream's seed and the label. */
  fork(label: string): Random {
    return new Random(hashString(`${this.seed}:${label}`));
  }

  /** mulberry32: small, fast and good enough for test data. */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer from min to max, both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  bool(probability = 0.5): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[this.int(0, items.length - 1)]!;
  }

  /** Lowercase letters and digits: safe in names, slugs, URLs and addresses. */
  alphanumeric(length: number): string {
    let text = '';
    for (let index = 0; index < length; index++) text += ALPHANUMERIC[this.int(0, ALPHANUMERIC.length - 1)];
    return text;
  }

  /** A seed for libraries that take one (fast-check). */
  int32(): number {
    return this.int(0, 0x7fffffff);
  }
}
