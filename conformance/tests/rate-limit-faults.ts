/**
 * The reference server's faults that only a 429 shows, as rate-limit-probe.test.ts runs them: the
 * opt-in probe (`--probe-rate-limit`, against a small quota) is the one run that spends a token's
 * quota, so it is the one that sees a 429 at all. The rules they break count as proven
 * (rule-proofs.test.ts). rate-limits.enforced itself is not listed: the catalogue marks it not
 * checkable in a default run.
 */
import type { FaultName } from '../../server/faults/catalog.ts';

export const RATE_LIMIT_FAULT_CASES: Array<{ fault: FaultName; caughtBy: string[]; breaks: string[] }> = [
  { fault: 'rate-limit-not-enforced', caughtBy: ['rate_limit_enforced'], breaks: [] },
  { fault: 'rate-limit-without-retry-after', caughtBy: ['rate_limit_enforced', 'response_headers_conformance'], breaks: ['responses.declared-headers'] },
  { fault: 'retry-after-in-milliseconds', caughtBy: ['header_values'], breaks: ['headers.retry-after-value'] },
];
