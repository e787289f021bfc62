/**
 * The times on each side of the bound of a field that takes a future time (its description in the
 * contract says "Future time": sendEmail's `scheduled_at`, "A time now or in the past is a `422`";
 * the example EmailSendLater: "any time after the request is accepted"). The bound is the server's
 * "now", so the times are counted from the server's clock as its last answer's `Date` shows it (RFC
 * 9110 section 6.6.1), which is whole seconds: the server's now lies in the second after it, plus the
 * time since that answer came. Without a `Date`, only the suite's clock is left, give or take
 * CLOCK_SKEW_MS (the margin event-times.ts allows the two clocks).
 *
 * Accepted: a few seconds past the latest the server's now can be (AHEAD_MARGIN_MS, room for the
 * request's own way to it), a minute, five minutes and an hour past it. Refused: the earliest the
 * server's now can be (at the bound, or already behind it when the request arrives), and a minute
 * before. A server that adds a bound of its own (a lead time of some minutes) refuses the near ones.
 */
import { constrainedBranch } from '../../generate/values.ts';
import type { Exchange } from '../../http/exchange.ts';
import type { ContractDocument } from '../../contract/document.ts';

/** The target's clock against the suite's, when the target sends no `Date`. */
const CLOCK_SKEW_MS = 60_000;
/** How far past the server's latest possible now the nearest accepted time lies: the request's way there. */
const AHEAD_MARGIN_MS = 30_000;

export interface BoundTime {
  what: string;
  at: string;
  accepted: boolean;
}

/** Whether a field's schema says it takes a future time. */
export function takesFutureTime(contract: ContractDocument, schema: unknown): boolean {
  const description = constrainedBranch(contract, schema)?.description;
  return typeof description === 'string' && /\bfuture time\b/i.test(description);
}

/** The earliest and latest the server's now can be, from its last answer (its `Date`) or the suite's clock. */
function serverNow(last: Exchange | undefined): { earliest: number; latest: number; by: string } {
  const now = Date.now();
  const date = last?.response?.headers.find(([name]) => name.toLowerCase() === 'date')?.[1];
  const dated = date === undefined ? Number.NaN : Date.parse(date);
  if (Number.isNaN(dated) || last?.endedAt === undefined) return { earliest: now - CLOCK_SKEW_MS, latest: now + CLOCK_SKEW_MS, by: `the suite's clock, give or take ${CLOCK_SKEW_MS / 1000} s (no Date to go by)` };
  const since = Math.max(0, performance.now() - last.endedAt);
  return { earliest: dated + since, latest: dated + 1000 + since, by: `the server's clock (its Date ${date}, ${Math.round(since)} ms before)` };
}

/** The times to send, refused ones first (the resource stays as it was), then accepted ones from the furthest to the nearest. */
export function timesAroundNow(last: Exchange | undefined): { times: BoundTime[]; by: string } {
  const { earliest, latest, by } = serverNow(last);
  const iso = (ms: number) => new Date(Math.floor(ms)).toISOString();
  return {
    by,
    times: [
      { what: 'a minute before now', at: iso(earliest - 60_000), accepted: false },
      { what: 'now', at: iso(earliest), accepted: false },
      { what: 'an hour ahead', at: iso(latest + 3_600_000), accepted: true },
      { what: 'five minutes ahead', at: iso(latest + 300_000), accepted: true },
      { what: 'a minute ahead', at: iso(latest + 60_000), accepted: true },
      { what: `${AHEAD_MARGIN_MS / 1000} seconds ahead`, at: iso(latest + AHEAD_MARGIN_MS), accepted: true },
    ],
  };
}
