/**
 * A real target has rate limits. The suite paces its own requests when asked (--max-rate) and, when a
 * target answers 429 (or 503 with Retry-After: at capacity, nothing done), waits as Retry-After says and
 * sends the request again, a bounded number of times.
 * A request still refused after that is given up on: its test is reported not run, with the reason.
 */

/** How often one request is sent again after a 429 (or a 503 with Retry-After), and the longest wait the suite accepts for it. */
export const RATE_LIMIT_RETRIES = 3;
export const MAX_RETRY_WAIT_MS = 30_000;
/** Without Retry-After: 1 s, 2 s, 4 s. */
const BACKOFF_MS = 1000;

export interface RatePolicy {
  retries: number;
  maxWaitMs: number;
  pacer?: RequestPacer;
}

/** The wait Retry-After asks for (delay-seconds or an HTTP date), or undefined when it says nothing usable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (header === null) return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

export function backoffMs(attempt: number): number {
  return BACKOFF_MS * 2 ** attempt;
}

/** Spaces requests so that at most `perSecond` start in any second (in this process). */
export class RequestPacer {
  private nextSlot = 0;
  private readonly intervalMs: number;

  constructor(perSecond: number) {
    this.intervalMs = 1000 / perSecond;
  }

  async wait(): Promise<void> {
    const now = performance.now();
    const slot = Math.max(now, this.nextSlot);
    this.nextSlot = slot + this.intervalMs;
    if (slot > now) await new Promise((resolve) => setTimeout(resolve, slot - now));
  }
}

/**
 * The policy of one process of the run: the cap is shared out over the processes that send requests
 * (the test workers), so together they stay under it.
 */
export function ratePolicyFor(options: { maxRate?: number; workers?: number }): RatePolicy {
  const perProcess = options.maxRate === undefined ? undefined : options.maxRate / Math.max(1, options.workers ?? 1);
  return { retries: RATE_LIMIT_RETRIES, maxWaitMs: MAX_RETRY_WAIT_MS, pacer: perProcess === undefined ? undefined : new RequestPacer(perProcess) };
}
