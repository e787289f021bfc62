/**
 * responses.timestamps-not-ahead: a timestamp that records something that has happened (a creation, a
 * change, a first publication, a delivery, a verification) is never later than the answer that shows
 * it. A timestamp is a field named `..._at` (the contract's convention for every date-time of a
 * resource); `scheduled_at` plans a send or a publication and is the one that may lie ahead.
 *
 * When the answer was given: its `Date` (RFC 9110 section 6.6.1: an origin server with a clock sends
 * it), which has a resolution of one second. A busy server may send a `Date` older than that (Node
 * caches it and refreshes it between turns of its event loop), so a timestamp counts as ahead only
 * when it is also ahead of the moment the suite read the answer, by the same margin: on one machine a
 * stamp can never be, and a target whose clock runs ahead of the suite's is still judged by its
 * `Date`. Without a `Date`, only the suite's clock is left, and a margin for the two clocks' skew.
 */
import { parseAnswerJson } from './answer-json.ts';
import { resourcesOf } from './write-only.ts';

/** Timestamps that plan rather than record: they may be ahead of the answer. */
const PLANNED = new Set(['scheduled_at']);
/** `Date` is whole seconds: a stamp taken in the same second is up to one second after it. */
const DATE_RESOLUTION_MS = 1000;
/** What a stamp may exceed its bound by besides: the time between taking it and sending the answer is not in either. */
const MARGIN_MS = 1000;
/** Without `Date`, the target's clock against the suite's. */
const CLOCK_SKEW_MS = 60_000;

export interface AnswerTime {
  /** The answer's `Date` header, if it had one. */
  date: string | null;
  /** When the suite had read the answer, in epoch milliseconds. */
  receivedAt: number;
}

/**
 * The latest instant an event shown in this answer may carry (a stamp later than it is ahead), and what
 * it was taken from, in words: written only for an answer that has a stamp ahead of it.
 */
function latestAllowed({ date, receivedAt }: AnswerTime): { latest: number; against: () => string } {
  const dated = date === null ? Number.NaN : Date.parse(date);
  if (Number.isNaN(dated)) return { latest: receivedAt + CLOCK_SKEW_MS, against: () => `the moment the suite received the answer (${new Date(receivedAt).toISOString()}; the answer has no Date), with ${CLOCK_SKEW_MS / 1000} s for the clocks' skew` };
  const latest = Math.max(dated + DATE_RESOLUTION_MS, receivedAt) + MARGIN_MS;
  return { latest, against: () => `the answer's Date (${date}) and the moment the suite received it (${new Date(receivedAt).toISOString()})` };
}

/** The event timestamps of a success answer that are later than the answer itself, in words; empty when none are. */
export function timestampsAhead(status: number, bodyText: string, time: AnswerTime): string[] {
  if (status < 200 || status >= 300 || bodyText === '') return [];
  let body: unknown;
  try {
    body = parseAnswerJson(bodyText);
  } catch {
    return []; // Not JSON: response_schema_conformance says so.
  }
  const { latest, against } = latestAllowed(time);
  const problems: string[] = [];
  // The resource, or each item of a list.
  for (const resource of resourcesOf(body)) {
    for (const [field, value] of Object.entries(resource)) {
      if (!field.endsWith('_at') || PLANNED.has(field) || typeof value !== 'string') continue;
      const at = Date.parse(value);
      if (Number.isNaN(at) || at <= latest) continue; // An unreadable time is response_schema_conformance's.
      const which = typeof resource.id === 'number' || typeof resource.id === 'string' ? ` of ${String(resource.id)}` : '';
      problems.push(`${field}${which} is ${value}, ${Math.round((at - latest) / 1000)} s or more after ${against()}: it records something that has happened, so it cannot be later than the answer that shows it`);
    }
  }
  return problems;
}
