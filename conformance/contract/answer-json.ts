/**
 * The JSON of the answer being judged, parsed once for all of its checks.
 *
 * Each response-level check takes an answer's body as text and parses it itself, so that it stands and
 * is tested alone; judging one answer parsed the same text up to nine times (the schema, write-only
 * fields, two timestamp checks, two list checks, fixed fields, the upload URL, the problem title, the
 * Location), about 3 s of the 47 s of CPU a default run's workers spent. While `judgingAnswer` runs the
 * checks of one answer (synchronously: nothing else runs in between), a parse of that very text returns
 * the value parsed first, and throws the error thrown first. The checks only read what they are given;
 * a test's own value (`jsonBody`) is parsed apart, so nothing a test does to it reaches a check.
 */

let judged: { text: string; parsed?: { value: unknown } | { error: unknown } } | undefined;

/** Runs the checks of one answer whose body is `bodyText`, each parse of it done once. */
export function judgingAnswer<T>(bodyText: string, judge: () => T): T {
  const outer = judged;
  judged = { text: bodyText };
  try {
    return judge();
  } finally {
    judged = outer;
  }
}

function parsed(text: string): { value: unknown } | { error: unknown } {
  try {
    return { value: JSON.parse(text) };
  } catch (error) {
    return { error };
  }
}

/** `JSON.parse(text)`, done once per answer being judged. */
export function parseAnswerJson(text: string): unknown {
  if (judged === undefined || text !== judged.text) return JSON.parse(text);
  judged.parsed ??= parsed(text);
  if ('error' in judged.parsed) throw judged.parsed.error;
  return judged.parsed.value;
}

/** The answer's JSON, or undefined when it is not JSON. */
export function answerJsonOrUndefined(text: string): unknown {
  if (text === '') return undefined;
  try {
    return parseAnswerJson(text);
  } catch {
    return undefined;
  }
}
