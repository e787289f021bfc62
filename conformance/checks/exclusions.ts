/**
 * --exclude-check and --exclude-rule: what a run leaves out on purpose, as --include leaves out
 * operations. An excluded test is not declared at all (so it is neither passed nor failed), and an
 * excluded response-level check is not judged on any answer; rule coverage then shows the rules only
 * those tests and checks verify as unchecked, so nothing excluded can read as verified.
 */
import { rulesOfCheck, type CheckName } from './catalog.ts';

export interface Exclusions {
  excludeChecks?: string[];
  excludeRules?: string[];
}

function allExcluded(rules: readonly string[], excluded: string[] | undefined): boolean {
  return rules.length > 0 && excluded !== undefined && excluded.length > 0 && rules.every((rule) => excluded.includes(rule));
}

/** A test deciding this check and verifying these rules is left out. */
export function isExcludedTest(options: Exclusions, check: CheckName, rules: readonly string[]): boolean {
  return (options.excludeChecks ?? []).includes(check) || allExcluded(rules, options.excludeRules);
}

/** A response-level check is not judged. */
export function isExcludedCheck(options: Exclusions, check: CheckName): boolean {
  return (options.excludeChecks ?? []).includes(check) || allExcluded(rulesOfCheck(check), options.excludeRules);
}

/**
 * A rule left out of a check that judges several (header_values): its failures are not recorded, and the
 * check's other rules are judged as before.
 */
export function isExcludedRule(options: Exclusions, rule: string): boolean {
  return (options.excludeRules ?? []).includes(rule);
}
