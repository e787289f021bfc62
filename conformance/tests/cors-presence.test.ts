/**
 * headers.cors-present as `header_values` judges one answer: both CORS fields on every answer, the
 * origin named being `*` or the request's own (`--header 'Origin: ...'` for a target restricted to a list).
 * The runs that show it: the fault newsletter-409-without-cors (tests/relation-faults.ts), and every clean
 * run, where each answer is judged by it.
 */
import { describe, expect, it } from 'vitest';
import { EXPOSED_HEADERS, corsPresenceProblems, headerValueProblems } from '../contract/header-values.ts';

const EXPOSED = EXPOSED_HEADERS.join(',');

describe('the CORS fields every answer carries', () => {
  it('accepts * with the exposed headers, to a request with Origin or without', () => {
    const headers = new Headers({ 'Access-Control-Allow-Origin': '*', 'Access-Control-Expose-Headers': EXPOSED });
    expect(corsPresenceProblems(headers, null)).toEqual([]);
    expect(corsPresenceProblems(headers, 'https://app.example')).toEqual([]);
  });

  it("accepts the request's own origin, and no other", () => {
    const headers = new Headers({ 'Access-Control-Allow-Origin': 'https://app.example', 'Access-Control-Expose-Headers': EXPOSED });
    expect(corsPresenceProblems(headers, 'https://app.example')).toEqual([]);
    expect(corsPresenceProblems(headers, 'https://other.example')).toEqual([expect.stringMatching(/"https:\/\/app.example" .*expected \* or the request's own origin/)]);
    // Without an Origin, only `*` says every origin may read it.
    expect(corsPresenceProblems(headers, null)).toHaveLength(1);
  });

  it('names each field an answer lacks, with how to check a target restricted to a list of origins', () => {
    const problems = corsPresenceProblems(new Headers({ 'Content-Type': 'application/problem+json' }), null);
    expect(problems).toEqual([
      expect.stringMatching(/no Access-Control-Allow-Origin.*--header 'Origin: <an origin on its list>'/),
      expect.stringMatching(/no Access-Control-Expose-Headers: a browser script cannot read WWW-Authenticate/),
    ]);
    expect(corsPresenceProblems(new Headers({ 'Access-Control-Allow-Origin': '*' }), null)).toEqual([expect.stringMatching(/no Access-Control-Expose-Headers/)]);
  });

  it('charges a missing field to headers.cors-present alone, whatever the status', () => {
    for (const status of [200, 401, 409, 422, 429]) {
      const rules = headerValueProblems(new Headers({ 'Retry-After': '1' }), [], status, null).map((problem) => problem.rule);
      expect(rules).toEqual(['headers.cors-present', 'headers.cors-present']);
    }
  });
});
