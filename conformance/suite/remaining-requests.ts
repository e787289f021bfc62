/**
 * headers.rate-limit-values across answers: the `r` of an answer counts the request it answers.
 * Requests are counted in fixed windows and every request counts, so of two requests under one limit
 * where the second was sent after the first's answer came back, in one window, the second was counted
 * after the first and reports fewer requests remaining; requests of other tests in between only lower
 * it more. An answer that reports as many as such an earlier one was not counted, or reports the count
 * from before it was counted.
 *
 * What makes the comparison sound:
 * - only pairs where one request happened before the other are compared (the tests of a worker run
 *   at the same time and share the token): the second was sent (`startedAt`, taken before any pacing
 *   or retry) no earlier than the first's answer was read whole (`endedAt`);
 * - one limit: the policy the field names and the Authorization the request carried (a token's
 *   requests, or the failed authentications from this client, which are counted against its address);
 * - one window: the earlier answer's `t` says how long its window still ran; the pair is compared only
 *   when everything from the first's sending to the second's answer took less than that, less two
 *   seconds for the rounding of `t` to whole seconds;
 * - answers the limit may not have counted are left out: a 429 (counted against either limit) and a
 *   5xx (which may come before authentication);
 * - a rise of `r` is not judged: only the same count twice is.
 *
 * What a worker has seen is its own; other workers' requests only lower the count further.
 */
import { rateLimitMember } from '../contract/header-values.ts';
import type { Exchange } from '../http/exchange.ts';

/** Answers kept per limit: the newest ones, whose windows may still run. */
const KEPT_PER_LIMIT = 64;
/** `t` is whole seconds: the window may end up to a second sooner than it says, and the clocks tick apart. */
const RESET_ROUNDING_MS = 2000;

interface CountedAnswer {
  exchange: Exchange;
  remaining: number;
  /** When the window this answer was counted in ends at the latest, on this worker's clock (performance.now()). */
  windowEndsBy: number;
  startedAt: number;
  endedAt: number;
}

function described(exchange: Exchange): string {
  return `${exchange.request.method} ${new URL(exchange.request.url).pathname} (answered ${exchange.response?.status})`;
}

export class RemainingRequests {
  private readonly byLimit = new Map<string, CountedAnswer[]>();

  /**
   * What is wrong with the `r` of this answer given the earlier answers under the same limit, in words
   * (empty when nothing is, or when it cannot be judged); records the answer for the later ones.
   */
  observe(exchange: Exchange): { problem: string; earlier: Exchange }[] {
    const { response, startedAt, endedAt } = exchange;
    if (!response || startedAt === undefined || endedAt === undefined) return [];
    if (response.status === 429 || response.status >= 500) return [];
    const field = response.headers.find(([name]) => name.toLowerCase() === 'ratelimit')?.[1];
    const member = field === undefined ? undefined : rateLimitMember(field);
    if (!member) return [];
    const authorization = exchange.request.headers.find(([name]) => name.toLowerCase() === 'authorization')?.[1] ?? '';
    const key = `${member.policy}\n${authorization}`;
    const earlier = (this.byLimit.get(key) ?? []).filter((answer) => answer.windowEndsBy > startedAt);
    const problems: { problem: string; earlier: Exchange }[] = [];
    // One earlier answer that reports as many is enough to show it.
    const same = earlier.find(
      (answer) => answer.endedAt <= startedAt && endedAt < answer.windowEndsBy && answer.remaining > 0 && member.remaining === answer.remaining,
    );
    if (same) {
      problems.push({
        earlier: same.exchange,
        problem:
          `RateLimit says ${member.remaining} requests remain under "${member.policy}", as many as the answer to ${described(same.exchange)}, ` +
          `which came back before this request was sent, ${Math.round(startedAt - same.endedAt)} ms earlier, in the same window (it had ${Math.round((same.windowEndsBy - same.startedAt) / 1000)} s or more to run): ` +
          `every request counts, so this one should report fewer; it was not counted, or reports the count from before it was counted`,
      });
    }
    earlier.push({ exchange, remaining: member.remaining, windowEndsBy: startedAt + member.resetSeconds * 1000 - RESET_ROUNDING_MS, startedAt, endedAt });
    this.byLimit.set(key, earlier.slice(-KEPT_PER_LIMIT));
    return problems;
  }
}
