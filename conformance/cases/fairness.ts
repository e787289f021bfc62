/**
 * fair_between_workspaces (overload phase, with --token2; rule requests.fair-between-workspaces): one
 * workspace's costly requests delay another workspace's request by at most about one of them.
 *
 * An absolute bound cannot tell a fair server from one that serves every request first come, first
 * served: on a quiet machine the unfair one can be quicker than the fair one on a busy machine. So every
 * bound here is relative to times measured in the same run, on the same target, a moment apart:
 *
 *   t1  one costly request of workspace A: alone (the median of three), or the median time between
 *       two of the load's successive success answers, whichever is longer (a busy machine can slow
 *       the target during the load more than in the moments measured alone)
 *   t0  one light request of workspace B, alone (the median of three)
 *
 * Then workspace A sends many costly requests at once and, while they are in flight, workspace B sends
 * one light request. A fair target answers it once a place is free (at most one costly request, t1)
 * plus its own time (t0); a first-come queue makes it wait behind every costly request ahead of it
 * (about count × t1, divided by the requests the target works on at once). The bound is
 * `COSTLY_FACTOR × t1 + 2 × t0 + SLACK_MS`, with six costly requests: a target slows each request
 * while it works on many (measured on a shared two-core machine, the reference server answered the
 * light request after 2 to 3.5 × t1, its rendering thread sharing the cores with its event loop and
 * the suite), and the slack covers a machine's scheduling pauses, which do not grow with t1. With 32
 * costly requests on a target that works on one at a time, the unfair delay is 27 to 31 × t1 there:
 * about four times the bound, whatever the machine's pace.
 *
 * B's request refused with 503 fails too: the refusal would come from A's load alone (B sends one
 * request), which is the unfairness the rule is about, in its worst form. A 429 is about B's own
 * token's quota, not about A: the check then has no verdict.
 */
import type { Exchange } from '../http/exchange.ts';
import type { Kit, RawRequest, RawResult } from '../suite/kit.ts';
import { successStatus } from './run-case.ts';

/** The costly requests' time the light request may wait: one, with room for a target that slows under load. */
export const COSTLY_FACTOR = 6;
/** For scheduling pauses of a busy machine, which are not proportional to anything measured. */
export const SLACK_MS = 100;
const SAMPLES = 3;
/** Refusals at capacity waited out while measuring alone, at most this many times per sample. */
const MOST_RETRIES = 10;

export interface FairnessLoad {
  /** What the load is, for the messages: "24 createEmail requests of costly Markdown". */
  description: string;
  count: number;
  /** A costly request of workspace A (the run's token). */
  costly: () => RawRequest;
  /** A light request of workspace B (it carries B's Authorization). */
  light: () => RawRequest;
}

const tookMs = (exchange: Exchange): number => (exchange.endedAt ?? 0) - (exchange.startedAt ?? 0);
const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One request alone, a refusal at capacity (503, 429) waited out as Retry-After says. */
async function alone(t: Kit, request: RawRequest, timeoutMs: number): Promise<RawResult> {
  for (let attempt = 1; ; attempt++) {
    const result = await t.raw({ ...request, rateLimitIsTheAnswer: true, timeoutMs });
    if ((result.status !== 503 && result.status !== 429) || attempt === MOST_RETRIES) return result;
    const retryAfter = Number(result.exchange.response?.headers.find(([name]) => name.toLowerCase() === 'retry-after')?.[1]);
    await sleep(Math.min(30, Number.isFinite(retryAfter) ? retryAfter : 1) * 1000);
  }
}

/** Measures a request alone: its time, or a failure that ends the test (the measurement needs a success). */
async function sample(t: Kit, what: string, request: RawRequest, timeoutMs: number, accepted: RawResult[]): Promise<number> {
  const result = await alone(t, request, timeoutMs);
  if (result.status === successStatus(t.operation)) accepted.push(result);
  t.ensure(result.status === successStatus(t.operation), `measuring ${what} alone: ${t.operation.operationId} answered ${result.status ?? `nothing (${result.exchange.error})`}`, {
    check: 'positive_data_acceptance',
    evidence: result.exchange,
  });
  return tookMs(result.exchange);
}

export interface Accepted {
  /** Workspace A's answers with the success status. */
  costly: RawResult[];
  /** Workspace B's. */
  light: RawResult[];
}

interface Round {
  light: RawResult;
  delayMs: number;
  boundMs: number;
  figures: string;
  tally: string;
  pendingWhenSent: number;
}

/**
 * The median time between two of the load's successive success answers: one costly request's time
 * as the target works through the load, on the machine as it is during the load (undefined with
 * fewer than three).
 */
function paceUnderLoad(t: Kit, results: RawResult[]): number | undefined {
  const ends = results.filter((result) => result.status === successStatus(t.operation)).map((result) => result.exchange.endedAt ?? 0).sort((a, b) => a - b);
  if (ends.length < 3) return undefined;
  return median(ends.slice(1).map((end, i) => end - ends[i]!));
}

/** One measurement: t1 and t0 alone, then the load with B's light request in its midst. */
async function measure(t: Kit, load: FairnessLoad, accepted: Accepted): Promise<Round> {
  const withinMs = (t.options.overloadWithinSeconds ?? 30) * 1000;
  const costlyTimes: number[] = [];
  const lightTimes: number[] = [];
  for (let i = 0; i < SAMPLES - 1; i++) {
    costlyTimes.push(await sample(t, 'a costly request of the first workspace', load.costly(), withinMs, accepted.costly));
    lightTimes.push(await sample(t, 'a light request of the second workspace', load.light(), withinMs, accepted.light));
  }

  const sending = Array.from({ length: load.count }, () => t.raw({ ...load.costly(), rateLimitIsTheAnswer: true, timeoutMs: withinMs }));
  let answered = 0;
  for (const request of sending) void request.then(() => answered++);
  // The light request goes once the target holds the load: at its first answer (then every costly
  // request has reached it), or after one costly request's time alone, whichever comes first.
  await Promise.race([...sending, sleep(median(costlyTimes))]);
  const pendingWhenSent = load.count - answered;
  const light = await t.raw({ ...load.light(), rateLimitIsTheAnswer: true, timeoutMs: withinMs });
  const results = await Promise.all(sending);
  accepted.costly.push(...results.filter((result) => result.status === successStatus(t.operation)));
  if (light.status === successStatus(t.operation)) accepted.light.push(light);

  // The third samples, after the load: the pace of the machine before and after it.
  costlyTimes.push(await sample(t, 'a costly request of the first workspace', load.costly(), withinMs, accepted.costly));
  lightTimes.push(await sample(t, 'a light request of the second workspace', load.light(), withinMs, accepted.light));

  const alone = median(costlyTimes);
  const pace = paceUnderLoad(t, results);
  // A busy machine slows the target during the load more than in the moments measured alone.
  const t1 = Math.max(alone, pace ?? 0);
  const t0 = median(lightTimes);
  const boundMs = Math.round(COSTLY_FACTOR * t1 + 2 * t0 + SLACK_MS);
  const figures = `t1 = ${Math.round(t1)} ms (a costly request: ${Math.round(alone)} ms alone${pace === undefined ? '' : `, ${Math.round(pace)} ms apart under the load`}), t0 = ${Math.round(t0)} ms (a light one alone), bound ${COSTLY_FACTOR} × t1 + 2 × t0 + ${SLACK_MS} ms = ${boundMs} ms`;
  return { light, delayMs: Math.round(tookMs(light.exchange)), boundMs, figures, tally: tallyOf(results), pendingWhenSent };
}

const late = (t: Kit, round: Round) => round.light.status === successStatus(t.operation) && round.delayMs > round.boundMs;

/**
 * Measures, sends the load with B's light request in its midst, and records the verdict of
 * fair_between_workspaces. A light request answered late is measured once more before it is a
 * failure: a busy machine can stall any target for a moment, a first-come queue delays it every time
 * (as stays_responsive confirms a hold-up). Every answer with the success status goes into `accepted`
 * as it comes, so the caller can delete what was created however the test ends.
 */
export async function judgeFairness(t: Kit, load: FairnessLoad, accepted: Accepted): Promise<void> {
  const first = await measure(t, load, accepted);
  const round = late(t, first) ? await measure(t, load, accepted) : first;
  const { light, delayMs, boundMs, figures, tally, pendingWhenSent } = round;
  if (light.status === 429) t.notApplicable(`the second workspace's light request was answered 429 (its own token's quota, not the other workspace's load), so fairness has no verdict`);
  if (pendingWhenSent === 0) t.notApplicable(`every one of ${load.description} was answered (${tally}) before the second workspace's light request was sent: there was no load to be fair under`);
  const context = `while the first workspace had ${load.description} in flight (${pendingWhenSent} unanswered when it was sent), the second workspace's light request`;
  if (light.status === undefined) {
    t.verify(false, `${context} got no answer: ${light.exchange.error} (${figures}; the load's answers: ${tally})`, { evidence: light.exchange });
    return;
  }
  if (light.status === 503) {
    t.verify(false, `${context} was refused 503: the first workspace's load took all of the target's capacity (${figures}; the load's answers: ${tally})`, { evidence: light.exchange });
    return;
  }
  if (light.status !== successStatus(t.operation)) {
    t.verify(false, `${context} was answered ${light.status}, where alone it is ${successStatus(t.operation)} (the load's answers: ${tally})`, { evidence: light.exchange });
    return;
  }
  const once = round === first ? '' : `; measured twice, the first time it took ${first.delayMs} ms against ${first.boundMs} ms`;
  if (round !== first && delayMs <= boundMs) {
    t.recorder.note(`fair_between_workspaces: the light request took ${first.delayMs} ms (bound ${first.boundMs} ms), then ${delayMs} ms (bound ${boundMs} ms)`);
    t.notApplicable(`fair_between_workspaces has no verdict: the light request was late once (${first.delayMs} ms, bound ${first.boundMs} ms) but not when measured again (${delayMs} ms, ${figures}), so the machine's pace, not the target, may explain it`);
  }
  t.verify(
    delayMs <= boundMs,
    `${context} took ${delayMs} ms: ${figures}. It waited behind the other workspace's requests, not for one of them (the load's answers: ${tally}${once})`,
    { evidence: light.exchange },
  );
  t.recorder.note(`fair_between_workspaces: the light request took ${delayMs} ms; ${figures}${once}`);
}

function tallyOf(results: RawResult[]): string {
  const counts = new Map<string, number>();
  for (const { status } of results) counts.set(String(status ?? 'no answer'), (counts.get(String(status ?? 'no answer')) ?? 0) + 1);
  return [...counts].map(([status, count]) => `${count} × ${status}`).join(', ');
}
