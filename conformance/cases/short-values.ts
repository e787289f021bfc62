/**
 * The values of one-character boundary cases (a name or slug at its minLength 1). Drawn from a few
 * letters, two cases would send the same value (createPage's name and updatePage's, createCategory's
 * slug and updateCategory's) and the second would meet a 409 for a value that is taken, so the
 * boundary would never be judged. So every such field of the contract gets a character of its own:
 * from every character its pattern allows (ASCII letters and digits, and accented Latin letters where
 * the pattern allows them), in an order the seed shuffles, never two that are the same to the server.
 *
 * Two values are the same when they fold to the same key (the contract compares names by Unicode case
 * folding after NFKC: `A` and `a`, `Ä` and `ä`), and also when they give the same slug: a page or
 * category named `é` is given the slug `e` (slugs are lowercased and transliterated to ASCII), which an
 * explicit slug `e` of another case would then find taken. So a character is taken only when its slug
 * is known, its letter without accents (Unicode decomposition) being a letter or digit of ASCII, and no
 * two characters of a run share that letter; a character NFKC would change is left out. Scripts whose
 * transliteration the contract does not spell out (Greek, Cyrillic) are left out for the same reason.
 * The assignment depends on the contract and the seed alone, so every worker process computes the same.
 */
import type { ContractDocument } from '../contract/document.ts';
import { Random } from '../generate/random.ts';
import { inputFields, type InputField } from './fields.ts';

/** The blocks characters are drawn from: digits and ASCII letters, Latin-1 Supplement, Latin Extended-A and -B. */
const BLOCKS: [number, number][] = [
  [0x30, 0x39],
  [0x41, 0x5a],
  [0x61, 0x7a],
  [0xc0, 0x24f],
];

/** The key two names are the same by: full case folding after NFKC (as the contract says names compare). */
export function sameNameKey(text: string): string {
  return text.normalize('NFKC').toUpperCase().toLowerCase().normalize('NFKC');
}

/** The slug a one-character value gives: its letter without accents, lowercased; undefined when that is not ASCII. */
export function slugOfCharacter(character: string): string | undefined {
  const bare = character.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  return /^[a-z0-9]$/.test(bare) ? bare : undefined;
}

/** Every letter or digit of the blocks that NFKC leaves as it is and whose slug is known, one per name key. */
function pool(): string[] {
  const seen = new Set<string>();
  const characters: string[] = [];
  for (const [first, last] of BLOCKS) {
    for (let code = first; code <= last; code++) {
      const character = String.fromCodePoint(code);
      if (!/^[\p{L}\p{Nd}]$/u.test(character) || character.normalize('NFKC') !== character || slugOfCharacter(character) === undefined) continue;
      const key = sameNameKey(character);
      if (seen.has(key)) continue;
      seen.add(key);
      characters.push(character);
    }
  }
  return characters;
}

/** A field whose shortest valid value is one character of free text (no format, no enum). */
function isOneCharacterField(field: InputField): boolean {
  const c = field.constrained;
  return field.types.includes('string') && c.format === undefined && !Array.isArray(c.enum) && c.minLength === 1;
}

function allows(field: InputField, character: string): boolean {
  const pattern = field.constrained.pattern;
  return typeof pattern !== 'string' || new RegExp(pattern, 'u').test(character);
}

const assignments = new WeakMap<ContractDocument, Map<number, Map<string, string>>>();

/**
 * The one-character value of every such field of the contract, by `operationId location`: no two the
 * same key. Fields with the fewest allowed characters choose first, so a slug (letters and digits
 * only) is never left without one by the names.
 */
function assign(contract: ContractDocument, seed: number): Map<string, string> {
  const bySeed = assignments.get(contract) ?? new Map<number, Map<string, string>>();
  assignments.set(contract, bySeed);
  const known = bySeed.get(seed);
  if (known) return known;
  const random = new Random(seed).fork('one-character values');
  const shuffled = pool();
  for (let index = shuffled.length - 1; index > 0; index--) {
    const other = random.int(0, index);
    [shuffled[index], shuffled[other]] = [shuffled[other]!, shuffled[index]!];
  }
  const fields = contract.operations.flatMap((operation) => inputFields(contract, operation).filter(isOneCharacterField).map((field) => ({ key: `${operation.operationId} ${field.location}`, field })));
  const choices = fields.map(({ key, field }) => ({ key, allowed: shuffled.filter((character) => allows(field, character)) }));
  choices.sort((a, b) => a.allowed.length - b.allowed.length);
  // One character per slug: folding keeps a letter's base letter, so characters of different slugs are different names too.
  const used = new Set<string>();
  const result = new Map<string, string>();
  for (const { key, allowed } of choices) {
    const character = allowed.find((candidate) => !used.has(slugOfCharacter(candidate)!));
    if (character === undefined) continue;
    used.add(slugOfCharacter(character)!);
    result.set(key, character);
  }
  bySeed.set(seed, result);
  return result;
}

/** The one-character value of this field for this run's seed, or undefined when it has none. */
export function oneCharacterValue(contract: ContractDocument, operationId: string, field: InputField, seed: number): string | undefined {
  if (!isOneCharacterField(field)) return undefined;
  return assign(contract, seed).get(`${operationId} ${field.location}`);
}
