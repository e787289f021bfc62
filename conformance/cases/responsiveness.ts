/**
 * stays_responsive: while a hostile request is in flight, a light request of another client still
 * answers within the bound; and once the hostile request is over, the target still answers at all.
 * The light request is a read of the run's shared newsletter (or the first list of the contract): it
 * costs the target next to nothing, so a late answer means the hostile request is holding the target.
 *
 * The probes are plain fetches, outside the test's recorded exchanges: they are the measuring stick,
 * not the subject, and a failure names the hostile request as its reproduction.
 */
import type { OperationInfo } from '../contract/document.ts';
import type { Exchange } from '../http/exchange.ts';
import { fillPath } from '../suite/requests.ts';
import type { Kit } from '../suite/kit.ts';
import { probeFromThread } from './probe-thread.ts';

/** Give the hostile request a head start, then probe at this pace until it is answered. */
const FIRST_PROBE_AFTER_MS = 20;
const PROBE_INTERVAL_MS = 200;
/** However long the hostile request takes, no more probes than this. */
const MOST_PROBES = 50;

export interface Probe {
  path: string;
  description: string;
}

export function probeOf(t: Kit): Probe {
  const newsletterId = t.fixtures.newsletterId;
  const get = t.contract.operations.find((operation) => operation.operationId === 'getNewsletter');
  if (get && newsletterId !== undefined) {
    const path = fillPath(get.path, { id: newsletterId });
    return { path, description: `GET ${path}` };
  }
  const list = t.contract.operations.find((operation) => operation.method === 'GET' && !operation.path.includes('{'));
  if (!list) throw new Error('the contract has no operation the suite can use as a light request');
  return { path: list.path, description: `GET ${list.path}` };
}

/**
 * Undefined when the probe answered (below 500) in time; otherwise what went wrong. Sent and timed on
 * a thread of its own (probe-thread.ts), so the suite's own work on other answers cannot make it late.
 */
async function probe(t: Kit, target: Probe, timeoutMs: number): Promise<string | undefined> {
  const outcome = await probeFromThread({ url: t.options.baseUrl + target.path, headers: { ...t.options.headers, Authorization: `Bearer ${t.options.token}` }, timeoutMs });
  if ('timedOut' in outcome) return `${target.description} did not answer within ${timeoutMs / 1000} s`;
  if ('failed' in outcome) return `${target.description} failed: ${outcome.failed}`;
  if (outcome.status >= 500) return `${target.description} answered ${outcome.status} after ${outcome.tookMs} ms`;
  return undefined;
}

export interface Responsiveness {
  /** Set when a light request was late or failed while the hostile request was in flight. */
  duringFailure?: string;
  /** Set when the target no longer answered after it. */
  afterFailure?: string;
  probes: number;
}

/** Sends the hostile request and probes the target meanwhile and afterwards. */
export async function whileProbing<T>(t: Kit, send: () => Promise<T>): Promise<{ result: T; responsiveness: Responsiveness }> {
  const target = probeOf(t);
  const boundMs = (t.options.responsiveWithinSeconds ?? 1) * 1000;
  let inFlight = true;
  const sending = send().finally(() => {
    inFlight = false;
  });
  const responsiveness: Responsiveness = { probes: 0 };
  // Most hostile requests are answered in a few milliseconds: then there is nothing in flight to probe.
  await Promise.race([sending.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, FIRST_PROBE_AFTER_MS))]);
  while (inFlight && responsiveness.probes < MOST_PROBES && !responsiveness.duringFailure) {
    responsiveness.probes++;
    responsiveness.duringFailure = await probe(t, target, boundMs);
    if (inFlight && !responsiveness.duringFailure) await Promise.race([sending.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, PROBE_INTERVAL_MS))]);
  }
  const result = await sending;
  responsiveness.afterFailure = await probe(t, target, t.options.requestTimeoutSeconds * 1000);
  return { result, responsiveness };
}

/** Records stays_responsive for the case, the hostile request being the evidence. */
export function verifyResponsive(t: Kit, responsiveness: Responsiveness, evidence: Exchange): void {
  const bound = t.options.responsiveWithinSeconds ?? 1;
  const { duringFailure, afterFailure } = responsiveness;
  t.verify(!duringFailure, `while this request was in flight, a light request of another client was held up: ${duringFailure} (bound ${bound} s)`, { check: 'stays_responsive', evidence });
  t.verify(!afterFailure, `after this request the target no longer answers: ${afterFailure}`, { check: 'stays_responsive', evidence });
}

/**
 * stays_responsive, with a hold-up confirmed before it is a failure. A light request can be late for
 * reasons of the machine's (another process took the cores for a second), and a verdict that can be
 * wrong is worse than none: when the light request was late and the hostile request can be sent again
 * without changing anything (a read, or a write the target refused), it is sent again, probed the same
 * way, and the hold-up is a failure only if it happens again. A hold-up that does not repeat leaves the
 * check without a verdict: the reason returned makes the test not applicable once its other checks are
 * recorded. An accepted write is not sent again (it would store a second resource): its hold-up stands.
 */
export async function judgeResponsiveness(t: Kit, operation: Pick<OperationInfo, 'operationId'>, first: Responsiveness, evidence: Exchange, sendAgain: (() => Promise<Exchange>) | undefined): Promise<string | undefined> {
  if (!first.duringFailure || first.afterFailure || !sendAgain) {
    verifyResponsive(t, first, evidence);
    return undefined;
  }
  const again = await whileProbing(t, sendAgain);
  if (again.responsiveness.duringFailure || again.responsiveness.afterFailure) {
    verifyResponsive(t, { ...again.responsiveness, duringFailure: again.responsiveness.duringFailure && `${first.duringFailure}, and again when the request was sent a second time: ${again.responsiveness.duringFailure}` }, again.result);
    return undefined;
  }
  return `stays_responsive has no verdict: while this request was in flight a light request was held up (${first.duringFailure}), but not when the same request was sent again to ${operation.operationId}, so the machine's pace, not the request, may explain it`;
}
