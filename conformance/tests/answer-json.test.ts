/**
 * The one parse of the answer being judged (contract/answer-json.ts): shared by the checks of that
 * answer, and only of that answer.
 */
import { describe, expect, it } from 'vitest';
import { answerJsonOrUndefined, judgingAnswer, parseAnswerJson } from '../contract/answer-json.ts';

describe("the answer's JSON", () => {
  it('is parsed once while its answer is judged, and afresh for any other text or outside the judgement', () => {
    const text = JSON.stringify({ id: 1, result: [{ id: 2 }] });
    const [first, again, other] = judgingAnswer(text, () => [parseAnswerJson(text), parseAnswerJson(`${text}`), parseAnswerJson('{"id":1}')]);
    expect(again).toBe(first);
    expect(other).toEqual({ id: 1 });
    expect(parseAnswerJson(text)).not.toBe(first);
    expect(parseAnswerJson(text)).toEqual(first);
  });

  it('throws for a body that is not JSON, each time, as JSON.parse does', () => {
    judgingAnswer('{not json', () => {
      expect(() => parseAnswerJson('{not json')).toThrow(SyntaxError);
      expect(() => parseAnswerJson('{not json')).toThrow(SyntaxError);
      expect(answerJsonOrUndefined('{not json')).toBeUndefined();
    });
    expect(answerJsonOrUndefined('')).toBeUndefined();
  });
});
