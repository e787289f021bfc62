/**
 * What one test says about one rule it declares: a rule fails only through a check that proves it: the
 * test's own check, the other checks the test records on purpose (a refused write that must leave
 * nothing, judged inside the test of the refusal), or a response-level check standing for the rule. The
 * response-level checks judge every answer whatever the test is about, so one of them standing for
 * another rule (a schema failure in the answer) does not break the rules the test declares. A test that
 * failed only on such a check before it judged its own says nothing about the rule either way.
 */

/** The parts of a test the verdict needs (kept structural, so this file depends on no report type). */
export interface TestForRule {
  state: 'passed' | 'failed' | 'not_applicable' | 'not_run';
  check: string;
  record?: { failures: { check: string }[]; counts: { check: string; passed: number; failed: number }[] };
}

/** The test's state for the rule, or undefined when the test did not judge it. */
export function ruleStateOf(test: TestForRule, checksOfRule: readonly string[], responseChecks: ReadonlySet<string>): TestForRule['state'] | undefined {
  if (test.state !== 'failed') return test.state;
  // A test that failed without a record failed in the harness (a timeout): charged to its own check.
  if (!test.record) return 'failed';
  const proves = (check: string) => check === test.check || !responseChecks.has(check) || checksOfRule.includes(check);
  if (test.record.failures.some((failure) => proves(failure.check))) return 'failed';
  const judged = test.record.counts.some((count) => count.check === test.check && count.passed > 0);
  return judged ? 'passed' : undefined;
}
