/**
 * Schema errors to send beside something only the operation's work can judge (a body's reference to
 * another resource). errors.precedence: "`422` for the request judged on its own" (step 4) comes before
 * "`422` for what only the operation's work can tell (references, ...)" (step 7), and the contract's
 * introduction, Errors: "a request that is invalid on its own is answered without looking anything up,
 * and tells nothing about which ids exist". So a body with both is a `422` naming the schema's causes
 * only (errors.only-present-causes holds the rest: the reference is a cause only once the body is valid).
 *
 * Two forms at once, so that a server that judges its references beside one form and not the other
 * still shows: a field the body does not take (bodies are strict), and a field it takes, of the wrong
 * type (the first free-text field of the body that is not a reference: a number where text belongs).
 */
import { jsonMedia } from '../../cases/json-media.ts';
import type { OperationInfo } from '../../contract/document.ts';
import { constrainedBranch } from '../../generate/values.ts';
import { suiteContext } from '../context.ts';

const { contract, validator } = suiteContext();

/** A field no request body declares. */
const UNKNOWN_FIELD = 'conformance_unknown';

export interface SchemaErrors {
  /** The fields to add to an otherwise valid body. */
  fields: Record<string, unknown>;
  /** The body fields a 422 names for them, sorted. */
  names: string[];
}

/** Schema errors for the operation's body that leave `others` (the references) out of it; `base` is the valid rest of the body. */
export function schemaErrorsBeside(operation: OperationInfo, base: Record<string, unknown>, others: string[]): SchemaErrors {
  const media = jsonMedia(operation);
  if (!media) throw new Error(`${operation.operationId} takes no JSON body; this is a fault of the suite`);
  const properties: Record<string, unknown> = constrainedBranch(contract, media.schema)?.properties ?? {};
  // A field the body takes that refuses a number: judged by the contract's own schema, not by its name.
  const mistyped = Object.keys(properties).find((field) => !others.includes(field) && validator.schemaErrors(media.schemaPointer, { ...base, [field]: 42 }) !== undefined && validator.schemaErrors(media.schemaPointer, { ...base, [field]: 'conformance' }) === undefined);
  const fields: Record<string, unknown> = { [UNKNOWN_FIELD]: true, ...(mistyped ? { [mistyped]: 42 } : {}) };
  return { fields, names: Object.keys(fields).sort() };
}
