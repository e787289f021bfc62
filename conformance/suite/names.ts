/**
 * Names for what the suite creates. Every one starts with `conformance-<run id>-`, so a person looking
 * at a real server can tell which resources a run left behind (pages and newsletters cannot be deleted).
 */
import type { Random } from '../generate/random.ts';

export class Namer {
  private counter = 0;

  constructor(readonly runId: string, private readonly random: Random) {}

  get prefix(): string {
    return `conformance-${this.runId}-`;
  }

  /**
   * A unique, recognisable name; padded with random characters to `length` when given. The random part
   * comes before the counter, so names made one after another are in no alphabetical order: a list
   * sorted by a name, title or address instead of by creation shows as soon as it holds a few of them
   * (with the counter first, later names sort after earlier ones, and such a list looks newest first
   * read backwards).
   */
  name(label: string, length?: number): string {
    const base = `${this.prefix}${label}-${this.random.alphanumeric(6)}-${++this.counter}`;
    if (length === undefined) return base;
    if (length < base.length) {
      // Too short for the whole label: keep the prefix and as much randomness as fits.
      const short = `${this.prefix}${this.random.alphanumeric(Math.max(0, length - this.prefix.length))}`;
      return short.slice(0, length);
    }
    return base + this.random.alphanumeric(length - base.length);
  }

  /** A unique address at example.com (reserved for documentation: nothing is ever delivered there). */
  email(label: string, length?: number): string {
    const domain = '@example.com';
    const local = this.name(label);
    if (length === undefined) return `${local}${domain}`;
    return `${local}${this.random.alphanumeric(Math.max(0, length - local.length - domain.length))}${domain}`;
  }
}
