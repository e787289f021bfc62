/**
 * fast-check's arbitrary of the strings a regular expression matches, made once per expression.
 * Building one parses the expression into a tree of arbitraries, 4 to 30 ms of CPU each time (more than
 * drawing 200 samples from it), and the suite asks for the same few patterns of the contract thousands
 * of times in a run. An arbitrary holds no state: the same one draws the same samples from the same seed.
 */
import fc from 'fast-check';

const arbitraries = new Map<string, fc.Arbitrary<string>>();

export function stringMatching(pattern: RegExp): fc.Arbitrary<string> {
  const key = `${pattern.flags}/${pattern.source}`;
  let arbitrary = arbitraries.get(key);
  if (!arbitrary) arbitraries.set(key, (arbitrary = fc.stringMatching(pattern)));
  return arbitrary;
}
