/**
 * What one test says about one rule it declares: a rule fails only through a check that proves it: the
 * test's own check, the other checks the test records on purpose (a refused write that must leave
 * nothing, judged inside the test of the refusal), or a response-level check standing for the rule. The
 * response-level checks judge every answer whatever the test is about, so one of them standing for
 * another rule (a schema failure in the answer) does not break the rules the test declares. A test that
 * failed only on such a check before it judged its own says nothing about the rule either way. A failure
 * that names the rules it breaks (CheckFailure.rules) proves only those.
 */

/** The parts of a test the verdict needs (kept structural, so this file depends on no report type). */
export interface TestForRule {
  state: 'passed' | 'failed' | 'not_applicable' | 'not_run';
  check: string;
  record?: { failures: { check: string; rules?: string[] }[]; counts: { check: string; passed: number; failed: number }[] };
}

/** Whether a failure counts against this rule: it names no rules, or names this one. */
export function failureBreaks(failure: { rules?: string[] }, ruleId: string): boolean {
  return failure.rules === undefined || failure.rules.includes(ruleId);
}

/** The test's state for the rule, or undefined when the test did not judge it. */
export function ruleStateOf(test: TestForRule, ruleId: string, checksOfRule: readonly string[], responseChecks: ReadonlySet<string>): TestForRule['state'] | undefined {
  // A test that failed without a record failed in the harness (a timeout): charged to its own check.
  if (test.state !== 'failed' || !test.record) return test.state;
  const proves = (check: string) => check === test.check || !responseChecks.has(check) || checksOfRule.includes(check);
  if (test.record.failures.some((failure) => proves(failure.check) && failureBreaks(failure, ruleId))) return 'failed';
  // Its own check judged the rule and found nothing against it: a failure that names other rules only.
  const judged = test.record.counts.some((count) => count.check === test.check && (count.passed > 0 || count.failed > 0));
  return judged ? 'passed' : undefined;
}
