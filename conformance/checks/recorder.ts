/**
 * What one test found, check by check. A test records into its recorder; the harness stores the record
 * in the test's metadata, which vitest carries from the worker to the reporter in the main process.
 */
import type { CheckName } from './catalog.ts';
import { ruleOf } from './catalog.ts';
import { toCurl, toScript } from '../http/curl.ts';
import type { Exchange } from '../http/exchange.ts';
import type { Redactor } from '../http/redact.ts';

/** Response bodies are cut here in reports; the curl line fetches the whole one. */
const MAX_BODY_IN_REPORT = 2000;

export interface Evidence {
  curl: string;
  /** Every request of the test up to the failure, when it took more than one: curl lines, concurrent ones with `&` and `wait`. */
  script?: string;
  response?: { status: number; headers: Record<string, string>; body: string; durationMs: number };
  /** Why no response came back. */
  error?: string;
}

export interface CheckFailure {
  operation: string;
  check: CheckName;
  rule: string;
  reason: string;
  /**
   * The contract rules (ids) this failure shows broken, when the check can tell which of its rules it is
   * (a header value names its own rule, a model prediction the rule it stands for); absent, the failure
   * counts against every rule its check and its test stand for.
   */
  rules?: string[];
  evidence?: Evidence;
}

export interface CheckCount {
  operation: string;
  check: CheckName;
  passed: number;
  failed: number;
}

export interface NotApplicable {
  operation: string;
  check: CheckName;
  reason: string;
}

/** How many answers of one status one operation gave during a test, whatever sent the request. */
export interface StatusSeen {
  operation: string;
  status: number;
  answers: number;
}

export interface TestRecord {
  counts: CheckCount[];
  failures: CheckFailure[];
  notApplicable: NotApplicable[];
  /** Every answer of the test by operation and status, for status coverage (absent in records that predate it). */
  statuses?: StatusSeen[];
  /** What the test says about its own reach, for the report (the model phase: answers predicted, and not). */
  notes?: string[];
  /** The operations the test sent requests to, answered or not, in the order first sent. */
  reached?: string[];
}

export function evidenceOf(exchange: Exchange, redact: Redactor, history: Exchange[] = []): Evidence {
  const evidence: Evidence = { curl: redact(toCurl(exchange.request)) };
  if (history.length > 1) evidence.script = redact(toScript(history));
  if (exchange.response) {
    const { status, headers, body, durationMs } = exchange.response;
    evidence.response = {
      status,
      headers: Object.fromEntries(headers.map(([name, value]) => [name, redact(value)])),
      body: redact(body.length > MAX_BODY_IN_REPORT ? `${body.slice(0, MAX_BODY_IN_REPORT)}… (${body.length} bytes in all)` : body),
      durationMs,
    };
  }
  if (exchange.error) evidence.error = redact(exchange.error);
  return evidence;
}

export class Recorder {
  private readonly counts = new Map<string, CheckCount>();
  private readonly failures: CheckFailure[] = [];
  private readonly notApplicable: NotApplicable[] = [];
  private readonly statuses = new Map<string, StatusSeen>();
  private readonly notes: string[] = [];
  private readonly reached = new Set<string>();

  constructor(private readonly redact: Redactor) {}

  private count(operation: string, check: CheckName): CheckCount {
    const key = `${operation} ${check}`;
    let entry = this.counts.get(key);
    if (!entry) {
      entry = { operation, check, passed: 0, failed: 0 };
      this.counts.set(key, entry);
    }
    return entry;
  }

  pass(operation: string, check: CheckName): void {
    this.count(operation, check).passed++;
  }

  /**
   * `history`: the test's requests so far, for a failure that only the whole sequence reproduces;
   * `rules`: the rules the failure breaks, when the check knows them (CheckFailure.rules).
   */
  fail(operation: string, check: CheckName, reason: string, exchange?: Exchange, history?: Exchange[], rules?: readonly string[]): void {
    this.count(operation, check).failed++;
    this.failures.push({
      operation,
      check,
      rule: ruleOf(check),
      reason: this.redact(reason),
      ...(rules && rules.length > 0 ? { rules: [...rules] } : {}),
      evidence: exchange ? evidenceOf(exchange, this.redact, history) : undefined,
    });
  }

  /** A request of this test to an operation, whatever came of it. */
  sentTo(operation: string): void {
    this.reached.add(operation);
  }

  /** An answer the target gave to a request of this test, counted for the operation the request matched. */
  sawStatus(operation: string, status: number): void {
    const key = `${operation} ${status}`;
    const seen = this.statuses.get(key);
    if (seen) seen.answers++;
    else this.statuses.set(key, { operation, status, answers: 1 });
  }

  markNotApplicable(operation: string, check: CheckName, reason: string): void {
    this.notApplicable.push({ operation, check, reason: this.redact(reason) });
  }

  get failureCount(): number {
    return this.failures.length;
  }

  /** A line about the test's own reach, shown with the rule coverage. */
  note(text: string): void {
    this.notes.push(this.redact(text));
  }

  toRecord(): TestRecord {
    return { counts: [...this.counts.values()], failures: [...this.failures], notApplicable: [...this.notApplicable], statuses: [...this.statuses.values()], ...(this.notes.length ? { notes: [...this.notes] } : {}), ...(this.reached.size ? { reached: [...this.reached] } : {}) };
  }
}

/** The failures of a test as the message vitest shows and JUnit stores. */
export function describeFailures(failures: CheckFailure[]): string {
  return failures
    .map((failure) => {
      const lines = [`${failure.operation} · ${failure.check}: ${failure.reason}`, `  rule: ${failure.rule}`];
      if (failure.rules) lines.push(`  breaks: ${failure.rules.join(', ')}`);
      if (failure.evidence) {
        lines.push(`  request: ${failure.evidence.curl}`);
        if (failure.evidence.script) lines.push(`  every request of the test:\n${indent(failure.evidence.script, '    ')}`);
        if (failure.evidence.response) {
          const body = failure.evidence.response.body.slice(0, 300);
          lines.push(`  response: ${failure.evidence.response.status} ${body}`);
        }
        if (failure.evidence.error) lines.push(`  no response: ${failure.evidence.error}`);
      }
      return lines.join('\n');
    })
    .join('\n');
}

function indent(text: string, prefix: string): string {
  return text
    .split('\n')
    .map((line) => prefix + line)
    .join('\n');
}
