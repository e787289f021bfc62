/**
 * Rule coverage: for every rule of the contract's catalogue (`x-rules`), the tests and checks that verify
 * it and what they found on this run. A rule no test declares and no response-level check stands for is
 * a gap; a rule the catalogue marks not checkable is listed with its reason.
 */
import { CHECK_NAMES, CHECKS, responseCheckNotApplied, rulesOfCheck, type CheckName } from '../checks/catalog.ts';
import type { Profile } from '../checks/profile.ts';
import type { ContractRule } from '../../openapi/rules.ts';
import type { MatrixCell, TestEntry, TestState } from './test-entry.ts';
import { failureBreaks, ruleStateOf } from './rule-verdict.ts';

export type RuleStatus = 'passed' | 'failed' | 'not_applicable' | 'not_run' | 'gap' | 'not_checkable';

export interface RuleCoverage {
  id: string;
  rule: string;
  /** Where the contract writes it: `info`, an operationId, or `schema Name`. */
  where: string;
  status: RuleStatus;
  /** The checks that verify it: those of its tests, and the response-level checks that stand for it. */
  checks: CheckName[];
  /** The tests that declare it, with their state on this run. */
  tests: { name: string; state: TestState }[];
  /** Response-level verdicts on every exchange that counted for it (passes and failures). */
  exchanges: { passed: number; failed: number };
  /** For a rule marked not checkable: why; for a gap: what is missing. */
  reason?: string;
}

export interface RuleCoverageSection {
  rules: RuleCoverage[];
  counts: Record<RuleStatus, number>;
  /** Rule ids tests declare that the contract does not have: an error of the suite, never silently dropped. */
  unknown: { test: string; rule: string }[];
}

/** The checks run on every answer of every test, whatever the test is about. */
const RESPONSE_CHECKS: ReadonlySet<string> = new Set(CHECK_NAMES.filter((check) => CHECKS[check].group === 'response'));

const STATE_ORDER: TestState[] = ['failed', 'passed', 'not_applicable', 'not_run'];

export function buildRuleCoverage(
  catalogue: ContractRule[],
  entries: TestEntry[],
  matrix: Record<string, Partial<Record<CheckName, MatrixCell>>>,
  profile: Profile = 'live',
): RuleCoverageSection {
  const known = new Set(catalogue.map((rule) => rule.id));
  const unknown: RuleCoverageSection['unknown'] = [];
  for (const entry of entries) for (const rule of entry.rules) if (!known.has(rule)) unknown.push({ test: entry.name, rule });

  const rules = catalogue.map((rule): RuleCoverage => {
    const tests = entries.filter((entry) => entry.rules.includes(rule.id));
    const responseChecks = CHECK_NAMES.filter((check) => rulesOfCheck(check).includes(rule.id));
    const exchanges = { passed: 0, failed: 0 };
    for (const row of Object.values(matrix)) {
      for (const check of responseChecks) {
        exchanges.passed += row[check]?.passed ?? 0;
        exchanges.failed += row[check]?.failed ?? 0;
      }
    }
    // A response-level failure that names the rules it breaks counts against those alone.
    const elsewhere = entries.flatMap((entry) => entry.record?.failures ?? []).filter((failure) => responseChecks.includes(failure.check) && !failureBreaks(failure, rule.id)).length;
    exchanges.failed = Math.max(0, exchanges.failed - elsewhere);
    const checks = [...new Set([...tests.map((test) => test.check), ...responseChecks])];
    const coverage: RuleCoverage = {
      id: rule.id,
      rule: rule.rule,
      where: rule.where,
      status: 'gap',
      checks,
      // Each test's state for this rule: a failure of another check in the same test does not break it.
      tests: tests.map((test) => ({ name: test.name, state: ruleStateOf(test, rule.id, responseChecks, RESPONSE_CHECKS) ?? 'not_run' })),
      exchanges,
    };
    if (rule.notCheckable !== undefined) {
      coverage.status = 'not_checkable';
      coverage.reason = rule.notCheckable;
      return coverage;
    }
    const states = new Set<TestState>(tests.map((test) => ruleStateOf(test, rule.id, responseChecks, RESPONSE_CHECKS)).filter((state): state is TestState => state !== undefined));
    if (exchanges.failed > 0) states.add('failed');
    else if (exchanges.passed > 0) states.add('passed');
    const state = STATE_ORDER.find((candidate) => states.has(candidate));
    // A rule only response-level checks stand for, none of them applied to this target: not applicable, with why.
    const notApplied = responseChecks.map((check) => responseCheckNotApplied(check, profile));
    if (state) coverage.status = state;
    else if (tests.length === 0 && responseChecks.length > 0 && notApplied.every((reason) => reason !== undefined)) {
      coverage.status = 'not_applicable';
      coverage.reason = [...new Set(notApplied)].join('; ');
    } else if (tests.length > 0) {
      coverage.status = 'not_run';
      coverage.reason = 'every test declaring it stopped on another check\'s failure before judging it';
    } else coverage.reason = 'no test of this run declares it and no response-level check stands for it';
    return coverage;
  });

  const counts: Record<RuleStatus, number> = { passed: 0, failed: 0, not_applicable: 0, not_run: 0, gap: 0, not_checkable: 0 };
  for (const rule of rules) counts[rule.status]++;
  return { rules, counts, unknown };
}
