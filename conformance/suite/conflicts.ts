/**
 * The problem type of a 409: the contract's table of problem types (in `info.description`) gives each
 * conflict a type of its own (a name already used, an explicit slug already taken, an email already
 * sent, an email that is not a draft), so a client can tell them apart. Every test that provokes a 409
 * checks the answer's `type` against the one the table gives that conflict, not only its status.
 */
import type { Exchange } from '../http/exchange.ts';
import { jsonBody } from '../http/exchange.ts';
import { suiteContext } from './context.ts';
import type { Kit } from './kit.ts';

/** The conflicts the contract's problem table names, by the last segment of their type URI. */
export type Conflict = 'name-taken' | 'slug-taken' | 'email-already-sent' | 'email-not-draft';

/** The type URIs the contract's problem table gives status 409, read from its rows `| \`uri\` | 409 | ... |`. */
function conflictTypesOfContract(): string[] {
  const description = String((suiteContext().contract.document as { info?: { description?: unknown } }).info?.description ?? '');
  return [...description.matchAll(/^\|\s*`([^`]+)`\s*\|\s*409\s*\|/gm)].map((match) => match[1]!);
}

/** The type the contract gives a conflict; a conflict its table does not list is an error of the suite. */
export function conflictType(conflict: Conflict): string {
  const type = conflictTypesOfContract().find((uri) => uri.endsWith(`/${conflict}`));
  if (!type) throw new Error(`The contract's problem table has no 409 type ending in /${conflict}`);
  return type;
}

/**
 * Judges the problem type of an answer the test expects to be a 409 for `conflict` (check
 * conflict_detection, on the test's rules). An answer of another status is the caller's to judge: its
 * type says nothing then.
 */
export function verifyConflictType(t: Kit, evidence: Response | Exchange | undefined, conflict: Conflict, what: string): boolean {
  const exchange = t.exchangeOf(evidence);
  if (exchange?.response?.status !== 409) return true;
  const expected = conflictType(conflict);
  const type = (jsonBody(exchange) as { type?: unknown } | undefined)?.type;
  return t.verify(type === expected, `${what} answered 409 with type ${JSON.stringify(type)}; the contract gives this conflict type ${expected}`, { check: 'conflict_detection', evidence: exchange });
}
