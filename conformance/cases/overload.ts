/**
 * Phase overload (opt-in: `--overload`): many of the largest requests the contract allows at once, and
 * what the target must do with them (survives_overload, rule requests.overload-answered). Every request
 * is answered within `--overload-within`, with its success status, or refused as the contract lets a
 * server at capacity refuse: `503` with `Retry-After` where the operation declares it, or `429`. No
 * answer at all (a connection dropped or reset, a server that crashed), a `500` or any other status
 * fails; so does a light request of another client that is held up past `--responsive-within` while the
 * load is in flight, or a target that no longer answers afterwards.
 *
 * The load requests go through the kit, so every answer is also judged by the response-level checks
 * (a 503 is a problem document with its declared headers); the light requests are the measuring stick
 * of responsiveness.ts, outside the recorded exchanges.
 */
import type { Exchange } from '../http/exchange.ts';
import type { Kit, RawRequest, RawResult } from '../suite/kit.ts';
import { whileProbing } from './responsiveness.ts';
import { successStatus } from './run-case.ts';

export interface Load {
  /** What the load is, for the messages: "32 createPost requests of about 1 MiB each". */
  description: string;
  /** How many requests, all sent at once. */
  count: number;
  request: (index: number) => RawRequest;
}

export interface LoadOutcome {
  /** The answers, in the order the requests were made. */
  results: RawResult[];
  /** The requests answered with the operation's success status. */
  accepted: RawResult[];
  /** How the requests were answered, by status ("no answer" for none): for the messages. */
  tally: string;
}

const retryAfterOf = (exchange: Exchange): string | undefined => exchange.response?.headers.find(([name]) => name.toLowerCase() === 'retry-after')?.[1];

/** Seconds (RFC 9110: delay-seconds) or an HTTP date. */
const validRetryAfter = (value: string | undefined): boolean => value !== undefined && (/^\d+$/.test(value.trim()) || !Number.isNaN(Date.parse(value)));

/** The statuses the contract gives a server at capacity for this operation: 503 where declared, and 429. */
function refusals(t: Kit): number[] {
  const declared = t.operation.responses.map((response) => response.status);
  return [...(declared.includes('503') ? [503] : []), 429];
}

function tallyOf(results: RawResult[]): string {
  const counts = new Map<string, number>();
  for (const { status } of results) counts.set(status === undefined ? 'no answer' : String(status), (counts.get(status === undefined ? 'no answer' : String(status)) ?? 0) + 1);
  return [...counts].map(([status, count]) => `${count} × ${status}`).join(', ');
}

/** Why this answer breaks the rule, or undefined when it keeps it. */
function answerProblem(t: Kit, result: RawResult, withinMs: number): string | undefined {
  const { exchange, status } = result;
  const tookMs = exchange.startedAt !== undefined && exchange.endedAt !== undefined ? Math.round(exchange.endedAt - exchange.startedAt) : undefined;
  if (status === undefined) {
    return /within the request timeout/.test(exchange.error ?? '') ? `no answer within ${withinMs / 1000} s` : `no answer: ${exchange.error ?? 'the connection was dropped'}`;
  }
  if (tookMs !== undefined && tookMs > withinMs) return `answered ${status} after ${tookMs} ms, over the bound of ${withinMs / 1000} s`;
  if (status === successStatus(t.operation)) return undefined;
  if (!refusals(t).includes(status)) return `answered ${status}; under load the contract allows ${successStatus(t.operation)} or the refusals ${refusals(t).join(' and ')}`;
  if (!validRetryAfter(retryAfterOf(exchange))) return `answered ${status} without a valid Retry-After (${retryAfterOf(exchange) ?? 'none'}): a client at capacity is told when to come back`;
  return undefined;
}

/**
 * Sends the load, every request at once, while a light request probes the target; records the verdicts
 * of survives_overload; returns the answers. The first answer that breaks the rule is the failure's
 * evidence, and the message counts how many did.
 */
export async function sendLoad(t: Kit, load: Load): Promise<LoadOutcome> {
  const withinMs = (t.options.overloadWithinSeconds ?? 30) * 1000;
  const send = () => Promise.all(Array.from({ length: load.count }, (_, index) => t.raw({ ...load.request(index), rateLimitIsTheAnswer: true, timeoutMs: withinMs })));
  const { result: results, responsiveness } = await whileProbing(t, send);
  const tally = tallyOf(results);
  const problems = results.flatMap((result) => {
    const problem = answerProblem(t, result, withinMs);
    return problem ? [{ problem, result }] : [];
  });
  const first = problems[0];
  t.verify(!first, `${problems.length} of ${load.description} broke the rule (answers: ${tally}); the first: ${first?.problem}`, { evidence: first?.result.exchange });
  const evidence = results[0]?.exchange;
  const bound = t.options.responsiveWithinSeconds ?? 1;
  t.verify(!responsiveness.duringFailure, `while ${load.description} were in flight, a light request of another client was held up: ${responsiveness.duringFailure} (bound ${bound} s; answers: ${tally})`, { evidence });
  t.verify(!responsiveness.afterFailure, `after ${load.description} the target no longer answers: ${responsiveness.afterFailure} (answers: ${tally})`, { evidence });
  return { results, accepted: results.filter((result) => result.status === successStatus(t.operation)), tally };
}
