/**
 * Remembered positions in long lists, so that a deep page costs about what the first one does.
 *
 * The contract pages by number: page n is `LIMIT size OFFSET (n - 1) * size`, and SQLite reaches an
 * offset only by stepping over every index entry before it (about 0.1 µs each: 90 ms for the last
 * page of a million emails, on every request). Instead, this keeps the sort key of every STEP-th
 * row of a list, each found once by stepping from the one before, and a deep page seeks to the
 * nearest kept key and steps over fewer than STEP rows from there.
 *
 * Kept keys belong to one version of a list: the list's change counter (kept by triggers in the
 * database) moves whenever a row joins, leaves or moves within it, and the keys are found again.
 */

/** Where a row sorts in a newest-first list: `created_at DESC, id DESC`. */
export interface SortKey {
  createdAt: string;
  id: number;
}

/**
 * The key of the row `skip` rows past `after` in the list's order (`after` itself not counted), or of
 * the first row when `after` is undefined; undefined when the list ends before.
 */
export type Stepper = (after: SortKey | undefined, skip: number) => SortKey | undefined;

/** Rows between kept keys: a deep page steps over fewer than this many (about 25 µs). */
export const POSITION_STEP = 256;

interface KeptKeys {
  version: number;
  /** keys[i] is the key of the row at offset i * POSITION_STEP. */
  keys: SortKey[];
  /** Whether the list ends before the row the next key would belong to. */
  complete: boolean;
}

export class ListPositions {
  private readonly lists = new Map<string, KeptKeys>();

  /** @param maxLists lists whose keys are kept at once (least recently used go first); a list of a million rows keeps about 300 KB. */
  constructor(private readonly maxLists = 32) {}

  /**
   * The key of the row at `offset` rounded down to a multiple of POSITION_STEP, and how many rows
   * past it `offset` lies; undefined when the list has no row there.
   */
  anchorFor(list: string, version: number, offset: number, step: Stepper): { key: SortKey; rest: number } | undefined {
    const kept = this.keptFor(list, version);
    const index = Math.floor(offset / POSITION_STEP);
    while (kept.keys.length <= index && !kept.complete) {
      const last = kept.keys.at(-1);
      const next = step(last, last === undefined ? 0 : POSITION_STEP - 1);
      if (next === undefined) kept.complete = true;
      else kept.keys.push(next);
    }
    const key = kept.keys[index];
    return key && { key, rest: offset - index * POSITION_STEP };
  }

  private keptFor(list: string, version: number): KeptKeys {
    const known = this.lists.get(list);
    const kept = known?.version === version ? known : { version, keys: [], complete: false };
    // Map keeps insertion order: deleting and setting again makes this list the most recently used.
    this.lists.delete(list);
    this.lists.set(list, kept);
    if (this.lists.size > this.maxLists) this.lists.delete(this.lists.keys().next().value as string);
    return kept;
  }
}
