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
 * The reset `t` of the same pairs counts down: a fixed window resets at one instant, so an answer read
 * `g` seconds after an earlier one came back, in the same window, says at most the earlier's `t` less
 * `g`, give or take the rounding of both to whole seconds (under 1 s) and a second more for the clocks.
 * Each answer is held against the oldest answer of its limit whose window still runs (the longest `g`),
 * not only the newest kept: a `t` that never moves (the window's length on every answer) shows only
 * over more than two seconds.
 *
 * What a worker has seen is its own; other workers' requests only lower the count further.
 */
import { rateLimitMember } from '../contract/header-values.ts';
import type { Exchange } from '../http/exchange.ts';

/** Answers kept per limit: the newest ones, whose windows may still run. */
const KEPT_PER_LIMIT = 64;
/** `t` is whole seconds: the window may end up to a second sooner than it says, and the clocks tick apart. */
const RESET_ROUNDING_MS = 2000;
/** How much later than the earlier answer's reset a later `t` may put it: two roundings to whole seconds, and the clocks. */
const RESET_LATER_BY_MS = 2000;

interface CountedAnswer {
  exchange: Exchange;
  remaining: number;
  resetSeconds: number;
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
  /** Per limit, the oldest answer whose window still runs: the reset of every later one is held against it. */
  private readonly oldestByLimit = new Map<string, CountedAnswer>();

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
    const oldest = this.oldestByLimit.get(key);
    const running = oldest !== undefined && oldest.windowEndsBy > startedAt ? oldest : undefined;
    if (running && running.endedAt <= startedAt && endedAt < running.windowEndsBy) {
      const gapMs = startedAt - running.endedAt;
      // The window resets at one instant: read `gapMs` later, the seconds left are fewer by as much.
      if (member.resetSeconds * 1000 > running.resetSeconds * 1000 - gapMs + RESET_LATER_BY_MS) {
        problems.push({
          earlier: running.exchange,
          problem:
            `RateLimit says t=${member.resetSeconds} under "${member.policy}", the window resetting ${member.resetSeconds} s from now; the answer to ${described(running.exchange)}, ` +
            `which came back ${(gapMs / 1000).toFixed(1)} s before this request was sent, in the same window, said t=${running.resetSeconds}: ` +
            `a window resets at one instant, so this answer should say at most t=${Math.max(0, Math.floor(running.resetSeconds - gapMs / 1000 + RESET_LATER_BY_MS / 1000))} ` +
            `(the seconds left until the window resets, not its length)`,
        });
      }
    }
    const counted = { exchange, remaining: member.remaining, resetSeconds: member.resetSeconds, windowEndsBy: startedAt + member.resetSeconds * 1000 - RESET_ROUNDING_MS, startedAt, endedAt };
    if (!running) this.oldestByLimit.set(key, counted);
    earlier.push(counted);
    this.byLimit.set(key, earlier.slice(-KEPT_PER_LIMIT));
    return problems;
  }
}
