/**
 * The declared statuses a default run does not provoke on purpose, each with the reason. Status
 * coverage (report/status-coverage.ts) shows a declared status no answer had as "not exercised" with
 * this reason, or, when it is not listed here, as a gap. The project's tests require a default run
 * against the reference server to leave no gap: every declared status is either answered or listed
 * here, so adding a status to the contract means adding a test that provokes it, or its reason here.
 */
import type { OperationInfo } from '../contract/document.ts';

export interface UnexercisedStatus {
  status: string;
  /** The operations it holds for; absent: every operation. */
  operations?: readonly string[];
  reason: string;
}

export const UNEXERCISED_STATUSES: readonly UnexercisedStatus[] = [
  {
    status: '500',
    reason:
      'a server error: a correct server answers no request with it, so nothing the suite sends can provoke it from outside; every answer of every test is checked not to be one (not_a_server_error)',
  },
  {
    status: '429',
    reason:
      "the rate limit: reaching it spends the token's quota, which a default run must not do to a target, so only --probe-rate-limit provokes it (on listNewsletters, in a run of its own); any 429 met is judged",
  },
  {
    status: '503',
    reason:
      'the server at capacity: provoking it takes many of the largest requests at once, too heavy for a shared target by default, so only the opt-in load phase sends them; any 503 met must carry Retry-After',
  },
  {
    status: '507',
    reason: 'storage full: only a target whose disk is full answers it, which nothing the suite sends can bring about',
  },
];

/** Why a default run does not provoke this declared status of the operation; undefined when it should. */
export function whyNotExercised(operation: OperationInfo, status: string): string | undefined {
  return UNEXERCISED_STATUSES.find((entry) => entry.status === status && (!entry.operations || entry.operations.includes(operation.operationId)))?.reason;
}
