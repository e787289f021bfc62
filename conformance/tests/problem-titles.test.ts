/**
 * errors.title-per-type across the run, as `problem_title_per_type` judges it (suite/problem-titles.ts).
 * The runs that show it: the fault not-sendable-title-per-cause (tests/relation-faults.ts), and every
 * clean run.
 */
import { describe, expect, it } from 'vitest';
import type { Exchange } from '../http/exchange.ts';
import { loadContract } from '../contract/document.ts';
import { statedProblemTitles } from '../contract/problem-examples.ts';
import { ProblemTitles } from '../suite/problem-titles.ts';

function answer(path: string, status: number, body: string): Exchange {
  return {
    request: { method: 'POST', url: `http://target.example/api/v1${path}`, headers: [] },
    response: { status, headers: [['content-type', 'application/problem+json']], body, utf8: true, durationMs: 1 },
  };
}

const problem = (path: string, status: number, type: string, title: string) => answer(path, status, JSON.stringify({ type, title, status }));
const NOT_SENDABLE = 'https://publishing.example/problems/email-not-sendable';
const INVALID = 'https://publishing.example/problems/validation-failed';

describe('the title of every problem of the run', () => {
  it('passes one title to a type, and names the earlier answer of a type answered with another title', () => {
    const titles = new ProblemTitles();
    const first = problem('/newsletters/1/emails/2/send', 422, NOT_SENDABLE, 'Email cannot be sent');
    expect(titles.observe(first)).toEqual({ type: NOT_SENDABLE, title: 'Email cannot be sent' });
    expect(titles.observe(problem('/pages', 422, INVALID, 'Validation failed'))?.earlier).toBeUndefined();
    expect(titles.observe(problem('/newsletters/3/emails/4/send', 422, NOT_SENDABLE, 'Email cannot be sent'))?.earlier).toBeUndefined();
    const other = titles.observe(problem('/newsletters/3/emails/5/send', 422, NOT_SENDABLE, 'Newsletter has no subscribers'));
    expect(other?.earlier).toEqual({ title: 'Email cannot be sent', exchange: first });
  });

  it('groups about:blank by status, whose phrase is its title', () => {
    const titles = new ProblemTitles();
    expect(titles.observe(problem('/pages/9', 404, 'about:blank', 'Not Found'))?.earlier).toBeUndefined();
    expect(titles.observe(problem('/pages/9', 405, 'about:blank', 'Method Not Allowed'))?.earlier).toBeUndefined();
    expect(titles.observe(problem('/pages/8', 404, 'about:blank', 'Missing'))?.earlier?.title).toBe('Not Found');
  });

  it('judges only error answers with a type and a title', () => {
    const titles = new ProblemTitles();
    expect(titles.observe(answer('/pages', 201, JSON.stringify({ type: INVALID, title: 'x' })))).toBeUndefined();
    expect(titles.observe(answer('/pages', 400, 'not json'))).toBeUndefined();
    expect(titles.observe(answer('/pages', 422, JSON.stringify({ type: INVALID })))).toBeUndefined();
    // The same exchange judged twice is one occurrence.
    const once = problem('/pages', 422, INVALID, 'Validation failed');
    titles.observe(once);
    expect(titles.observe(once)?.earlier).toBeUndefined();
  });

  it("judges every answer against the contract's own example of its type, in a run with no other answer of it", () => {
    const NOT_DRAFT = 'https://publishing.example/problems/email-not-draft';
    const stated = statedProblemTitles(loadContract().document);
    expect(stated.get(NOT_DRAFT)?.title).toBe('Email is not a draft');
    expect(stated.get(INVALID)?.title).toBe('Validation failed');
    const titles = new ProblemTitles(stated);
    const own = titles.observe(problem('/newsletters/1/emails/2', 409, NOT_DRAFT, 'Email cannot be deleted'));
    expect(own?.stated).toEqual({ title: 'Email is not a draft', pointer: stated.get(NOT_DRAFT)!.pointer });
    expect(titles.observe(problem('/newsletters/1/emails/2', 409, NOT_DRAFT, 'Email is not a draft'))?.stated).toBeUndefined();
    // A type the contract shows no example of is judged against the run's answers only.
    expect(titles.observe(problem('/pages', 418, 'https://publishing.example/problems/teapot', 'Teapot'))).toEqual({ type: 'https://publishing.example/problems/teapot', title: 'Teapot' });
  });

  it("leaves out a type the contract's examples title two ways", () => {
    const example = (title: string) => ({ value: { type: 'https://x.example/a', title, status: 409 } });
    const stated = statedProblemTitles({ components: { examples: { One: example('A'), Two: example('B'), Three: { value: { type: 'https://x.example/b', title: 'B', status: 409 } } } } });
    expect([...stated.keys()]).toEqual(['https://x.example/b']);
    expect(stated.get('https://x.example/b')?.pointer).toBe('/components/examples/Three/value');
  });
});
