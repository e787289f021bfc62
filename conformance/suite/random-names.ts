/**
 * Values the contract states are random, judged over several made one after another, for structure
 * randomness does not have. image.url-unguessable: "what sets it apart from another upload's URL is
 * random, at least 96 bits of it, never a counter, a time or anything else another upload's URL gives
 * away"; page.domain-random-part: "six random lowercase letters and digits" (31 bits). Two values alone
 * (guessable-urls.ts) cannot tell a name of 96 random bits from one of a time and 74 random bits (a
 * UUIDv7): both differ in some 90 bits. Values made one after another can:
 *
 * - **Varying characters.** The values are cut to what lies between the prefix and the suffix all of
 *   them share (an origin, a path, an extension, a part drawn once at start-up). Where those parts are
 *   of one length, a character that is the same in every one of them is not random (a version digit, a
 *   time's high digits), and the rest can hold at most log2(alphabet) bits each: 10 for digits alone,
 *   16 for hexadecimal digits, 36 for letters of one case and digits (base32 and base36), 64 for
 *   letters of both cases, digits, `-` and `_` (base62, base64url), 256 for anything else, rounded up
 *   so that a conforming value whose characters happen to fall in a smaller set is not cut short. Fewer
 *   bits in all than stated is fewer than the contract states. A random character is the same in all
 *   of SAMPLES values with a chance of at most 10^-(SAMPLES - 1), so a conforming value keeps every
 *   position; a time's low digits count as random, so a time shows by its high digits, or by the order.
 * - **Order.** Values in the order of their making, rising (or falling) from each to the next but at
 *   most once: a counter or a time that leads the value. Random values come so with a chance of
 *   2 (2^n - n) / n!, about 6e-9 for 16.
 */

/** How many values made one after another the judgement takes. */
export const SAMPLES = 16;

/** The usual alphabets of random values, smallest first, each as large as the largest usual one its characters fit. */
const ALPHABETS: Array<{ name: string; characters: RegExp; size: number }> = [
  { name: 'decimal', characters: /^[0-9]*$/, size: 10 },
  { name: 'hexadecimal', characters: /^[0-9a-f]*$/, size: 16 },
  { name: 'hexadecimal', characters: /^[0-9A-F]*$/, size: 16 },
  { name: 'letters of one case and digits', characters: /^[0-9a-z]*$/, size: 36 },
  { name: 'letters of one case and digits', characters: /^[0-9A-Z]*$/, size: 36 },
  { name: 'letters, digits, - and _', characters: /^[0-9A-Za-z_-]*$/, size: 64 },
];

/** What all the texts share at their start and at their end, taken off each. */
export function middles(texts: string[]): string[] {
  const shortest = Math.min(...texts.map((text) => text.length));
  let prefix = 0;
  while (prefix < shortest && texts.every((text) => text[prefix] === texts[0]![prefix])) prefix++;
  let suffix = 0;
  while (suffix < shortest - prefix && texts.every((text) => text[text.length - 1 - suffix] === texts[0]![texts[0]!.length - 1 - suffix])) suffix++;
  return texts.map((text) => text.slice(prefix, text.length - suffix));
}

/** At most how many random bits the values can hold, from the characters that vary; undefined for values of several lengths. */
function randomBitsAtMost(values: string[]): { bits: number; varying: number; alphabet: string } | undefined {
  const length = values[0]!.length;
  if (values.some((value) => value.length !== length)) return undefined;
  const varying = Array.from({ length }, (_, position) => position).filter((position) => values.some((value) => value[position] !== values[0]![position]));
  const seen = varying.flatMap((position) => values.map((value) => value[position]!)).join('');
  const alphabet = ALPHABETS.find(({ characters }) => characters.test(seen)) ?? { name: 'any characters', size: 256 };
  return { bits: varying.length * Math.log2(alphabet.size), varying: varying.length, alphabet: alphabet.name };
}

/** Orders values as numbers of their alphabet would be: the shorter first, then character by character. */
const compareValues = (a: string, b: string) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);

/**
 * What in `values` (each one thing's, in the order they were made: `of` says what they are) shows less
 * randomness than `leastBits`, the bits the contract states; empty when nothing does.
 */
export function unrandomValues(values: string[], leastBits: number, of: string): string[] {
  if (values.length < SAMPLES || new Set(values).size !== values.length) return [];
  const parts = middles(values);
  const shown = `${parts.slice(0, 3).map((part) => JSON.stringify(part)).join(', ')}, ...`;
  const problems: string[] = [];
  const bits = randomBitsAtMost(parts);
  // A hundredth of a bit of room: six characters of 36 are 31.02 bits, stated as such.
  if (bits && bits.bits < leastBits - 0.01) {
    problems.push(`across ${values.length} ${of} made one after another, only ${bits.varying} characters of what sets them apart vary (${bits.alphabet}): at most ${Math.floor(bits.bits)} random bits, fewer than the ${Math.floor(leastBits)} the contract states (${shown})`);
  }
  const steps = parts.slice(1).map((part, index) => Math.sign(compareValues(parts[index]!, part)));
  const rising = steps.filter((step) => step < 0).length;
  const falling = steps.filter((step) => step > 0).length;
  if (Math.max(rising, falling) >= steps.length - 1) {
    const way = rising > falling ? 'rising' : 'falling';
    problems.push(`${values.length} ${of} made one after another are ${way} in the order they were made (${Math.max(rising, falling)} of ${steps.length} steps): a counter or a time, which random values follow with a chance of about 1e-8 (${shown})`);
  }
  return problems;
}
