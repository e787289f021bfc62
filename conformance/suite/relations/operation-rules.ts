/**
 * The rules an operation states of itself (its `x-rules` in the contract), so that a check applied to
 * every operation it concerns names each operation's own rule instead of a list written per operation.
 */
import type { OperationInfo } from '../../contract/document.ts';
import type { Kit } from '../kit.ts';

interface StatedRule {
  id: string;
  rule: string;
}

/** The ids of the operation's own rules whose id or text matches `pattern`. */
export function operationRuleIds(contract: Kit['contract'], operation: OperationInfo, pattern: RegExp): string[] {
  const stated: unknown = contract.document.paths?.[operation.path]?.[operation.method.toLowerCase()]?.['x-rules'];
  if (!Array.isArray(stated)) return [];
  return (stated as StatedRule[]).filter(({ id, rule }) => pattern.test(id) || pattern.test(rule)).map(({ id }) => id);
}
