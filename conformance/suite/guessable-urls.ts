/**
 * image.url-unguessable, judged on two upload URLs: can one be guessed from the other? The contract asks
 * that what sets one upload's URL apart from another's be random, at least 96 bits of it, never a
 * counter or a time (uploadImage's description: "Nor is it derived from other uploads"). Where images
 * live and how their URLs are built is the server's choice, so nothing here knows which part of a URL
 * is its name: two URLs are compared as strings, and the part that tells them apart is what lies
 * between their longest common prefix and their longest common suffix (the fixed parts, an origin, a
 * path, an extension, a prefix drawn once at start-up, fall into those).
 *
 * Two URLs are guessable from each other when that part is short (fewer than 8 characters, in either)
 * or when, read as hexadecimal numbers, the two parts are less than 2^32 apart: a counter, a time, or a
 * random part too small to stop a guesser who holds one URL.
 *
 * False failures: take a conforming name of B = 96 random bits (the least the contract allows), in n
 * characters of an alphabet of q symbols (decimal, hex, base32, base36, base62, base64url: what a URL
 * holds unescaped). Its differing part with another is L characters long only if the two agree on the
 * other n - L, a chance of at most n * q^-(n - L); the first test flags L < 8, the second needs both
 * parts hexadecimal (each character with a chance of (hex digits in the alphabet) / q) and, for L > 8,
 * their first digits one apart and, for L > 9, a carry through every digit between (f against 0,
 * 16^-2 each). Summed over L, the worst of those alphabets gives under 1e-15 per pair of uploads
 * (base64url, n = 16: 9e-16; hex, n = 24: 4e-18; decimal, n = 29: 7e-20). A worker sees at most a few hundred uploads
 * (under 10^5 pairs), so a run of a conforming server fails here with a chance below 1e-10.
 */

/** Fewer differing characters than this, in either URL, tell one from the other. */
const SHORTEST_DIFFERENCE = 8;
/** Differing parts, read as hexadecimal numbers, closer than this tell one from the other (a counter, a time). */
const NEAREST_HEX_DISTANCE = 2n ** 32n;

const HEX = /^[0-9a-f]+$/i;

/** The part of each URL that the other does not share: what lies between their common prefix and common suffix. */
export function differingParts(a: string, b: string): [string, string] {
  let prefix = 0;
  while (prefix < a.length && prefix < b.length && a[prefix] === b[prefix]) prefix++;
  let suffix = 0;
  while (suffix < a.length - prefix && suffix < b.length - prefix && a[a.length - 1 - suffix] === b[b.length - 1 - suffix]) suffix++;
  return [a.slice(prefix, a.length - suffix), b.slice(prefix, b.length - suffix)];
}

/**
 * Why `url` can be guessed from `other`, the URL of another upload, or undefined when it cannot. Both are
 * compared as given (normalised by the caller); the same URL twice is image.url-per-upload's, not this.
 */
export function guessableFrom(url: string, other: string): string | undefined {
  const [mine, theirs] = differingParts(url, other);
  if (mine === '' && theirs === '') return undefined;
  const shown = `${JSON.stringify(mine)} where the other has ${JSON.stringify(theirs)}`;
  if (Math.max(mine.length, theirs.length) < SHORTEST_DIFFERENCE) {
    return `it differs from ${other} only in ${shown}: fewer than ${SHORTEST_DIFFERENCE} characters, far less than 96 random bits`;
  }
  if (HEX.test(mine) && HEX.test(theirs)) {
    const distance = BigInt(`0x${mine}`) - BigInt(`0x${theirs}`);
    if ((distance < 0n ? -distance : distance) < NEAREST_HEX_DISTANCE) {
      return `it differs from ${other} in ${shown}, hexadecimal numbers ${distance < 0n ? -distance : distance} apart: the next or previous name of a counter`;
    }
  }
  return undefined;
}
