/**
 * The slug the contract derives from a name, for the inputs the suite uses: transliterated to ASCII,
 * lowercase, `/` removed where the contract says so, every other run of characters that are not letters
 * or digits turned into one hyphen. The suite only asks this of names where every reading of the rule
 * agrees: plain letters in either case and digits (a word stays one word however its case changes),
 * spaces, punctuation, accented Latin letters (which decompose into a letter and its marks), and the
 * letters of UNDECOMPOSED below.
 */

/**
 * Latin letters that have no decomposition, so dropping marks does not reach ASCII, with the one
 * transliteration every common table gives them (ICU's Latin-ASCII, Unidecode, the slug libraries).
 * Letters whose reading differs by language (`ø` as `o` or `oe`, `ä` as `a` or `ae`) are left out.
 */
const UNDECOMPOSED: Record<string, string> = {
  ß: 'ss',
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Æ: 'AE',
  æ: 'ae',
  ı: 'i',
  Þ: 'TH',
  þ: 'th',
  Œ: 'OE',
  œ: 'oe',
};

/** A text with letters that do not decompose, for the tests of derived slugs: a slug of ASCII letters alone cannot come from dropping them. */
export const UNDECOMPOSED_SAMPLE = 'Straße in Łódź, Æbleskiver đ';

/**
 * Compatibility characters: a ligature and full-width letters, whose compatibility decomposition is
 * their ASCII letters (`ﬁ` is `fi`, `Ｂ` is `B`). A derivation whose table lacks them must not drop them.
 */
export const COMPATIBILITY_SAMPLE = 'ﬁ Ｂ';

/**
 * Words whose letters change case inside them, and digits against letters: `GitHub`, `iPad2Go`, `MP3`.
 * The contract's rule lowercases letters and makes a hyphen of every run of *other* characters, so a
 * word stays one word whatever the case of its letters (`github`, `ipad2go`, `mp3`): a derivation that
 * splits camel case (slug libraries' `decamelize`, on by default in some) gives `git-hub`, `i-pad-2-go`.
 */
export const WORD_SHAPES_SAMPLE = 'GitHub iPad2Go MP3';

/**
 * Punctuation inside words, each mark alone between two letters, where slug libraries do otherwise than
 * the contract's "every run of other characters turned into one hyphen": a straight, a right and a left
 * apostrophe (libraries join a possessive or a contraction: `Ada’s` into `adas`, `Don't` into `dont`),
 * `&` (spelt `and`), a dot, `+`, `@` (dropped by some, spelt `at` by others: `v1.2` became `v12`), a
 * backtick and `^` (dropped by transliteration tables). Each is one hyphen: `a-s-d-t-o-n-d-v-e-x-y-z`.
 */
export const SEPARATORS_SAMPLE = "A’s D't O‘N&D.v+e@x`y^z";

/**
 * A text with every kind of character the derivation treats on its own: words in mixed case with
 * digits against letters (WORD_SHAPES_SAMPLE), a `/` (removed, not a hyphen: `MP3/Ada` is `mp3ada`),
 * punctuation inside words (SEPARATORS_SAMPLE), accented letters, letters that do not decompose and
 * compatibility characters.
 * Every operation that derives or normalises a slug is given it, after a generated name of about 40
 * characters (a label of at most 4 letters): short enough that the slug (51 characters of it) stays
 * under the 90-character cut, so every part is judged.
 */
export const SLUG_SAMPLE = `${WORD_SHAPES_SAMPLE}/${SEPARATORS_SAMPLE} Łóæ ${COMPATIBILITY_SAMPLE}`;

/**
 * Every character the Slugs section turns into a hyphen where readings of "transliterated to ASCII"
 * cannot part: all ASCII punctuation but `/` (removed, not a hyphen), the underscore among them (a word
 * character to `\w`, so `[^\w-]+` keeps it: `snake_case` became `snake_case`, not `snake-case`), and
 * non-ASCII punctuation and symbols that every table reads as punctuation or drops (dashes, ellipsis,
 * guillemets, inverted marks, curly quotes, a dagger, a minus, ideographic comma and stop, an arrow).
 * Left out: symbols some tables spell as letters (currency signs as `c`, `y`, `eur`; `©` as `c`,
 * `§` as `ss`, `°` as `deg`, `×` as `x`, `•` as `o`, `™` as `tm`), `÷` (read as `/` by some).
 */
export const SEPARATOR_MARKS: readonly string[] = [...'_!"#$%&\'()*+,-.:;<=>?@[\\]^`{|}~', ...'—–…«»¿¡·“”„‹›†‐−、。¬¦′‚→'];

const LETTERS = 'abcdefghijklmnopqrstuvwz';
const DIGITS = '0123456789';
/** Accented letters that decompose to one ASCII letter each. */
const ACCENTED = 'éèáíóúñçàâêîôûý';

/**
 * The neighbours a separator is put between, one pair of kinds a round of SEPARATOR_MARKS: two ASCII
 * letters, two digits, two accented letters, then the mixed neighbours, a letter and a digit, a digit and
 * an accented letter, an accented letter and a letter (in a mixed round the two kinds take turns, so the
 * marks stand between them in both orders). The Slugs section makes one hyphen of a run "of other
 * characters" whatever stands beside it: `2.0` is `2-0`, `1,000` is `1-000`, `é·è` is `e-e`, `2.é` is
 * `2-e`, where a derivation that joins the parts of a number, reads `\w` in ASCII alone, or treats marks
 * beside a digit or an accented letter as part of a word, does otherwise. Each neighbour fills one slug
 * character, like a letter.
 */
const ROUNDS: readonly (readonly string[])[] = [[LETTERS], [DIGITS], [ACCENTED], [LETTERS, DIGITS], [DIGITS, ACCENTED], [ACCENTED, LETTERS]];

/**
 * Each round opens with a space: the one mark that stands between the last neighbour of a round and the
 * first of the next, so that every mark of SEPARATOR_MARKS stands between two neighbours of its round.
 */
const ROUND_MARKS: readonly string[] = [' ', ...SEPARATOR_MARKS];

/**
 * A text whose slug is exactly `length` characters: neighbours of the round's kinds, each pair apart by
 * the next mark of `marks` (taken in turn, each round between neighbours of the next kinds), so that
 * each mark is judged alone between two neighbours of each kind, where a table that keeps or drops it
 * shows (`x_y` is `x-y`, `2.0` is `2-0`). It starts and ends with such a neighbour.
 */
export function separatedLetters(length: number, marks: MarkQueue): string {
  if (length <= 0) return '';
  let text = marks.beside(0);
  if (length % 2 === 0) text += marks.beside(1);
  while ([...text].length < length) {
    text += marks.next();
    text += marks.beside(text.length);
  }
  return text;
}

/** The marks of SEPARATOR_MARKS in turn, and the neighbours of the round the queue is in. */
export interface MarkQueue {
  next: () => string;
  /** A neighbour of the current round's kinds (taking turns in a mixed round), varied by `at`. */
  beside: (at: number) => string;
  /** Whether every mark has stood between the neighbours of every round. */
  exhausted: () => boolean;
}

/** The marks of SEPARATOR_MARKS one after the other, a round for each pair of kinds of ROUNDS, round again at the end. */
export function markQueue(): MarkQueue {
  let index = 0;
  let placed = 0;
  // The round of the mark last given (the first round before any), so a mark's right neighbour is of its round.
  const round = () => Math.floor(Math.max(index - 1, 0) / ROUND_MARKS.length);
  return {
    next: () => ROUND_MARKS[index++ % ROUND_MARKS.length]!,
    beside: (at) => {
      const kinds = ROUNDS[round() % ROUNDS.length]!;
      const kind = kinds[placed++ % kinds.length]!;
      return kind[at % kind.length]!;
    },
    exhausted: () => index >= ROUNDS.length * ROUND_MARKS.length,
  };
}

/** The contract's cut: a slug longer than this is cut after it, and a hyphen left at the end dropped. */
export const SLUG_CUT = 90;

export function expectedSlug(text: string, options: { removeSlash?: boolean } = {}): string {
  const transliterated = [...text].map((character) => UNDECOMPOSED[character] ?? character).join('');
  let slug = transliterated.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
  if (options.removeSlash) slug = slug.replace(/\//g, '');
  return slug.replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, SLUG_CUT).replace(/-$/, '');
}
