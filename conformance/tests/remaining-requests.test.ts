/**
 * headers.rate-limit-values across answers, as `header_values` judges them (suite/remaining-requests.ts):
 * of two requests under one limit, one sent after the other's answer came back in the same window, the
 * later reports fewer requests remaining. The runs that show it: the faults
 * head-category-rate-limit-uncounted and email-create-rate-limit-counted-late (tests/relation-faults.ts),
 * and every clean run, where each answer carrying RateLimit is compared.
 */
import { describe, expect, it } from 'vitest';
import type { Exchange } from '../http/exchange.ts';
import { rateLimitMember } from '../contract/header-values.ts';
import { RemainingRequests } from '../suite/remaining-requests.ts';

const TOKEN = 'Bearer token-of-the-run';

/** An answer carrying `RateLimit`, sent at `startedAt` and read whole at `endedAt` (milliseconds). */
function answer(startedAt: number, endedAt: number, rateLimit: string, options: { status?: number; method?: string; authorization?: string } = {}): Exchange {
  return {
    request: { method: options.method ?? 'GET', url: 'http://target.example/api/v1/pages/1/categories/2', headers: [['authorization', options.authorization ?? TOKEN]] },
    response: { status: options.status ?? 200, headers: [['ratelimit', rateLimit]], body: '', durationMs: endedAt - startedAt },
    startedAt,
    endedAt,
  };
}

describe('RateLimit r across requests one after another', () => {
  it('reads the policy, r and t of the first member', () => {
    expect(rateLimitMember('"token"; r=19998; t=60')).toEqual({ policy: 'token', remaining: 19998, resetSeconds: 60 });
    expect(rateLimitMember('"token";r=5;t=9, "other"; r=1; t=1')).toEqual({ policy: 'token', remaining: 5, resetSeconds: 9 });
    expect(rateLimitMember('"token"; r=5')).toBeUndefined();
  });

  it('accepts a later request that reports fewer remaining, however many fewer', () => {
    const seen = new RemainingRequests();
    expect(seen.observe(answer(0, 10, '"token"; r=100; t=60'))).toEqual([]);
    expect(seen.observe(answer(20, 30, '"token"; r=99; t=60'))).toEqual([]);
    expect(seen.observe(answer(40, 50, '"token"; r=90; t=60'))).toEqual([]);
  });

  it('fails a later request in the same window that reports as many remaining, HEAD or 4xx alike', () => {
    const seen = new RemainingRequests();
    const first = answer(0, 10, '"token"; r=100; t=60');
    seen.observe(first);
    const problems = seen.observe(answer(20, 30, '"token"; r=100; t=60', { method: 'HEAD', status: 404 }));
    expect(problems).toEqual([{ earlier: first, problem: expect.stringMatching(/^RateLimit says 100 requests remain under "token", as many as the answer to GET .* it was not counted/) }]);
  });

  it('compares only requests where one was sent after the other was answered', () => {
    const seen = new RemainingRequests();
    seen.observe(answer(0, 50, '"token"; r=100; t=60'));
    // Sent while the first was still in flight: either may have been counted first.
    expect(seen.observe(answer(40, 60, '"token"; r=100; t=60'))).toEqual([]);
  });

  it('does not compare across windows, nor across limits', () => {
    const seen = new RemainingRequests();
    seen.observe(answer(0, 10, '"token"; r=100; t=5'));
    // Answered after the first's window may have ended (t=5, less two seconds for its rounding).
    expect(seen.observe(answer(2_000, 3_500, '"token"; r=100; t=60'))).toEqual([]);
    const other = new RemainingRequests();
    other.observe(answer(0, 10, '"token"; r=100; t=60'));
    expect(other.observe(answer(20, 30, '"token"; r=100; t=60', { authorization: 'Bearer another-token' }))).toEqual([]);
    expect(other.observe(answer(40, 50, '"address"; r=100; t=60', { status: 401 }))).toEqual([]);
  });

  it('leaves out a rise, none remaining, a 429 and a 5xx', () => {
    const seen = new RemainingRequests();
    seen.observe(answer(0, 10, '"token"; r=100; t=60'));
    expect(seen.observe(answer(20, 30, '"token"; r=101; t=60'))).toEqual([]);
    const spent = new RemainingRequests();
    spent.observe(answer(0, 10, '"token"; r=0; t=60'));
    expect(spent.observe(answer(20, 30, '"token"; r=0; t=60'))).toEqual([]);
    const refused = new RemainingRequests();
    refused.observe(answer(0, 10, '"token"; r=3; t=60'));
    expect(refused.observe(answer(20, 30, '"token"; r=3; t=60', { status: 429 }))).toEqual([]);
    expect(refused.observe(answer(40, 50, '"token"; r=3; t=60', { status: 503 }))).toEqual([]);
  });

  it('fails a later answer in the same window whose t did not count down, held against the oldest answer of the window', () => {
    const seen = new RemainingRequests();
    const first = answer(0, 10, '"token"; r=100; t=60');
    seen.observe(first);
    // Under two seconds later a whole-second t may still read the same.
    expect(seen.observe(answer(1_500, 1_510, '"token"; r=99; t=60'))).toEqual([]);
    expect(seen.observe(answer(2_500, 2_510, '"token"; r=98; t=58'))).toEqual([]);
    const frozen = answer(5_000, 5_010, '"token"; r=97; t=60');
    expect(seen.observe(frozen)).toEqual([{ earlier: first, problem: expect.stringMatching(/^RateLimit says t=60 under "token".* 5\.0 s before .* said t=60: .* at most t=57 /) }]);
  });

  it('accepts a t that counts down, and does not compare t across windows nor limits', () => {
    const seen = new RemainingRequests();
    seen.observe(answer(0, 10, '"token"; r=100; t=60'));
    expect(seen.observe(answer(10_000, 10_010, '"token"; r=90; t=50'))).toEqual([]);
    expect(seen.observe(answer(30_000, 30_010, '"token"; r=80; t=31'))).toEqual([]);
    // The first window has ended (t=60 from 0, less two seconds): a new window starts whole.
    expect(seen.observe(answer(59_000, 59_010, '"token"; r=1000; t=60'))).toEqual([]);
    expect(seen.observe(answer(64_000, 64_010, '"token"; r=990; t=56'))).toEqual([]);
    const other = new RemainingRequests();
    other.observe(answer(0, 10, '"token"; r=100; t=10'));
    expect(other.observe(answer(5_000, 5_010, '"token"; r=100; t=60', { authorization: 'Bearer another-token' }))).toEqual([]);
  });
});
