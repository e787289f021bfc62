/**
 * Slugs: URL path segments derived from names. Transliteration and word splitting are left to
 * @sindresorhus/slugify; this module adds the contract's rules on top (`/` removed, length limit,
 * a fallback when nothing is left, `-1`, `-2` suffixes for uniqueness).
 */
import slugifyText from '@sindresorhus/slugify';

export const SLUG_MAX_LENGTH = 100;
/** Room kept for a `-N` suffix, so a suffixed slug still fits the limit. */
const BASE_MAX_LENGTH = SLUG_MAX_LENGTH - 10;

/**
 * What the library would turn into words or drop, where the contract (Slugs: "every run of other
 * characters turned into one hyphen") makes a hyphen: its built-in replacements (`&` as `and`, `♥` as
 * `love`, `🦄` as `unicorn`) are overridden with a space, and apostrophes are made spaces before it
 * runs, since it joins a contraction or possessive (`Ada's` became `adas`, where the contract gives
 * `ada-s`).
 */
const WORDS_AS_SEPARATORS: [string, string][] = [
  ['&', ' '],
  ['♥', ' '],
  ['🦄', ' '],
];
const APOSTROPHES = /['\u2019]/g;
/**
 * Symbols the library's transliteration table drops instead of leaving for the separator: the modifier
 * symbols (`^`, a backtick, ...) and the middle dot (`l·l`, Greek ano teleia). None is a letter or a
 * digit, so each is a hyphen like every other such character (`a`b` is `a-b`, not `ab`).
 */
const DROPPED_SYMBOLS = /[\p{Sk}\u00B7\u0387]/gu;

/**
 * The slug of a text, or '' when the text has no letters or digits. NFKC first: the library's
 * transliteration table knows letters, not their compatibility forms, and drops what it does not know
 * (`ﬁne` became `ne`, full-width `Ｂｌｏｇ` nothing at all), where the contract asks for ASCII.
 */
export function slugify(text: string): string {
  const slug = slugifyText(text.normalize('NFKC').replace(/\//g, '').replace(APOSTROPHES, ' ').replace(DROPPED_SYMBOLS, ' '), { decamelize: false, customReplacements: WORDS_AS_SEPARATORS });
  return slug.slice(0, BASE_MAX_LENGTH).replace(/-+$/, '');
}

/** The slug of a text, or `fallback` when the text has none (a name made only of emoji, say). */
export function slugOr(text: string, fallback: string): string {
  return slugify(text) || fallback;
}

/**
 * The first free slug among `base`, `base-1`, `base-2`, ...: one more than the highest suffix in use,
 * given the slugs in the same scope that start with `base`.
 */
export function nextFreeSlug(base: string, slugsStartingWithBase: readonly string[]): string {
  const suffixPattern = new RegExp(`^${base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}-(\\d+)$`);
  let taken = false;
  let highest = 0;
  for (const slug of slugsStartingWithBase) {
    if (slug === base) taken = true;
    const match = suffixPattern.exec(slug);
    if (match) highest = Math.max(highest, Number(match[1]));
  }
  if (!taken) return base;
  return `${base}-${highest + 1}`;
}
