/**
 * The forms a string schema allows, one value of each: its examples, a value of every alternative of
 * its pattern (`#RRGGBB` and `#RGB` of `^#([0-9A-Fa-f]{6}|[0-9A-Fa-f]{3})$`), and each of those in lower
 * and in upper case where the pattern takes that too. A server that keeps only some forms as given (a
 * colour written out to six digits, a code upper-cased) shows only on the forms it changes; a random
 * value of the whole pattern may never reach the rarer alternative.
 */
import fc from 'fast-check';
import { stringMatching } from './string-matching.ts';

/** Where the first alternation of a pattern sits: a group with `|` at its own depth, or the whole pattern. */
function firstAlternation(pattern: string): { start: number; end: number; alternatives: string[] } | undefined {
  // For each open group: where its content starts and where its own `|` split it.
  const open: { contentStart: number; splits: number[] }[] = [];
  const topSplits: number[] = [];
  let inClass = false;
  for (let index = 0; index < pattern.length; index++) {
    const char = pattern[index];
    if (char === '\\') {
      index++;
      continue;
    }
    if (inClass) {
      if (char === ']') inClass = false;
      continue;
    }
    if (char === '[') inClass = true;
    else if (char === '(') {
      // A non-capturing or named group's marker is not part of its alternatives.
      const marker = /^\(\?(?::|<[A-Za-z_][A-Za-z0-9_]*>|=|!|<=|<!)/.exec(pattern.slice(index));
      open.push({ contentStart: index + (marker ? marker[0].length : 1), splits: [] });
    } else if (char === ')') {
      const group = open.pop();
      if (group && group.splits.length > 0) {
        const bounds = [group.contentStart - 1, ...group.splits, index];
        const alternatives = bounds.slice(1).map((end, at) => pattern.slice(bounds[at]! + 1, end));
        return { start: group.contentStart, end: index, alternatives };
      }
    } else if (char === '|') {
      (open.at(-1)?.splits ?? topSplits).push(index);
    }
  }
  if (topSplits.length === 0) return undefined;
  const bounds = [-1, ...topSplits, pattern.length];
  return { start: 0, end: pattern.length, alternatives: bounds.slice(1).map((end, at) => pattern.slice(bounds[at]! + 1, end)) };
}

/**
 * One pattern per alternative of the pattern's first alternation, the rest of the pattern kept
 * (`^#(?:[0-9A-Fa-f]{6})$`, `^#(?:[0-9A-Fa-f]{3})$`); the pattern alone when it has none.
 */
export function patternAlternatives(pattern: string): string[] {
  const found = firstAlternation(pattern);
  if (!found) return [pattern];
  return found.alternatives.map((alternative) => `${pattern.slice(0, found.start)}(?:${alternative})${pattern.slice(found.end)}`);
}

/** Whether the schema allows more than one form: several examples, or a pattern with alternatives. */
export function hasForms(schema: { pattern?: unknown; examples?: unknown }): boolean {
  const examples = Array.isArray(schema.examples) ? schema.examples.filter((example) => typeof example === 'string') : [];
  return examples.length > 1 || (typeof schema.pattern === 'string' && firstAlternation(schema.pattern) !== undefined);
}

/**
 * A value of each form of the schema (see the file's comment), each taken by `accepts` (the schema's
 * whole validation: its length, its pattern), without repeats. `seed` picks the value of each alternative.
 */
export function formsOf(schema: { pattern?: unknown; examples?: unknown }, seed: number, accepts: (value: string) => boolean): string[] {
  const examples = Array.isArray(schema.examples) ? schema.examples.filter((example): example is string => typeof example === 'string') : [];
  const sampled =
    typeof schema.pattern === 'string'
      ? patternAlternatives(schema.pattern).flatMap((alternative) => fc.sample(stringMatching(new RegExp(alternative, 'u')), { seed, numRuns: 50 }).filter(accepts).slice(0, 1))
      : [];
  const forms = [...examples, ...sampled].flatMap((value) => [value, value.toLowerCase(), value.toUpperCase()]);
  return [...new Set(forms)].filter(accepts);
}
