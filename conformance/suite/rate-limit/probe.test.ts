/**
 * rate_limit_enforced, an opt-in probe (`--probe-rate-limit`, which runs this file alone): it pushes one
 * cheap read until the target answers 429, and checks that answer. It reads the quota from the first
 * answer's RateLimit field (`r`, the requests left in the window) and sends at most that many and one
 * more, never more than MAX_REQUESTS nor for longer than MAX_SECONDS: a target whose quota is above the
 * bound is "not applicable" with the numbers, not hammered. Every answer is also judged by the
 * response-level checks (a 429 must be a problem with Retry-After; RateLimit in its declared syntax).
 *
 * It spends the token's quota: the token is refused until the window resets (RateLimit's `t`).
 */
import type { Kit, RawRequest, RawResult } from '../kit.ts';
import { forOperation } from '../harness.ts';

/** The most requests one probe sends, and for how long at most. */
export const MAX_REQUESTS = 1000;
export const MAX_SECONDS = 60;

/** A parameter of the first item of a RateLimit-style field (`"token"; r=5; t=60`), as a number. */
function parameterOf(field: string | undefined, name: string): number | undefined {
  const match = field?.split(',')[0]?.match(new RegExp(`;\\s*${name}=(\\d+)`));
  return match ? Number(match[1]) : undefined;
}

const header = (result: RawResult, name: string): string | undefined =>
  result.exchange.response?.headers.find(([key]) => key.toLowerCase() === name.toLowerCase())?.[1];

forOperation('listNewsletters', (test) => {
  test('answers 429 with a problem and Retry-After once the quota it announces is spent', { check: 'rate_limit_enforced', rules: ['rate-limits.enforced'], needs: ['rate_limiting'], timeoutMs: (MAX_SECONDS + 60) * 1000 }, async (t: Kit) => {
    const request: RawRequest = { method: 'GET', path: t.operation.path, query: { size: 1 }, rateLimitIsTheAnswer: true };
    const first = await t.raw(request);
    t.ensure(first.status === 200 || first.status === 429, `the first request was answered ${first.status ?? 'nothing'}, not 200`);
    const remaining = parameterOf(header(first, 'RateLimit'), 'r');
    if (first.status === 200 && remaining !== undefined && remaining + 1 > MAX_REQUESTS) {
      t.notApplicable(
        `the target announces ${remaining} requests left in its window (RateLimit r=${remaining}); the probe sends at most ${MAX_REQUESTS}: run it against a server with a smaller quota`,
      );
    }

    const started = Date.now();
    let sent = 1;
    let limited: RawResult | undefined = first.status === 429 ? first : undefined;
    while (!limited && sent < MAX_REQUESTS && Date.now() - started < MAX_SECONDS * 1000) {
      const result = await t.raw(request);
      sent++;
      if (result.status === 429) limited = result;
      else t.ensure(result.status === 200, `request ${sent} was answered ${result.status ?? 'nothing'}, neither 200 nor 429`);
    }

    if (!limited) {
      if (remaining === undefined) {
        return t.notApplicable(`${sent} requests met no 429 and no answer carried a RateLimit field: the probe cannot tell a quota above ${sent} from none`);
      }
      if (sent <= remaining) return t.notApplicable(`the probe's ${MAX_SECONDS} s ran out after ${sent} of the ${remaining + 1} requests the quota needs`);
      t.verify(false, `the first answer said ${remaining} requests remained, yet ${sent} requests in a row were all served; none was answered 429`);
      return;
    }

    const retryAfter = header(limited, 'Retry-After');
    t.verify(
      retryAfter !== undefined && (/^\d+$/.test(retryAfter.trim()) || !Number.isNaN(Date.parse(retryAfter))),
      `the 429 has ${retryAfter === undefined ? 'no Retry-After' : `Retry-After "${retryAfter}", neither seconds nor an HTTP date`}`,
      { evidence: limited.exchange },
    );
    const body = limited.json as { status?: unknown; type?: unknown } | undefined;
    t.verify(
      /^application\/problem\+json/i.test(header(limited, 'Content-Type') ?? '') && body?.status === 429 && typeof body.type === 'string',
      'the 429 is not a problem document (application/problem+json with type and status 429)',
      { evidence: limited.exchange },
    );
    const left = parameterOf(header(limited, 'RateLimit'), 'r');
    if (left !== undefined) t.verify(left === 0, `the 429's RateLimit says ${left} requests remain`, { evidence: limited.exchange });
  });
});
