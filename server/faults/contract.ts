/**
 * The faults that live in the contract the validator enforces: a looser copy of the contract, so the
 * server accepts (or fills in) what the real one refuses.
 */
import type { FaultSet } from './fault-set.ts';
import { loosenRuleInputsContract } from './rule-inputs.ts';

// The contract is walked as plain JSON.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/** The patterns of free text (one line; lines), which refuse control characters and nothing else. */
const TEXT_PATTERNS = ['^[^\\u0000-\\u001F\\u007F]*$', '^[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F]*$'];

function dropTextPatterns(node: Json): void {
  if (Array.isArray(node)) return node.forEach(dropTextPatterns);
  if (!node || typeof node !== 'object') return;
  if (TEXT_PATTERNS.includes(node.pattern)) delete node.pattern;
  Object.values(node).forEach(dropTextPatterns);
}

/**
 * The contract without its refusal of control characters, in requests and responses alike: the
 * patterns of free text go, and a name or a slug keeps only its need for a character that is not
 * white space, or for a letter or digit.
 */
function looseText(contract: Json): void {
  dropTextPatterns(contract);
  const schemas = contract.components.schemas;
  schemas.Name.pattern = '\\S';
  schemas.Slug.pattern = '[A-Za-z0-9]';
}

/** The contract the validator of a server with these faults enforces: a changed copy, or the contract itself. */
export function faultyContract(on: FaultSet, document: Json): Json {
  const copy = structuredClone(document);
  const schemas = copy.components.schemas;
  const parameters = copy.components.parameters;
  if (on('default-size-20')) parameters.ListSize.schema.default = 20;
  if (on('size-limit-off-by-one')) parameters.ListSize.schema.maximum = 101;
  if (on('name-length-unchecked')) delete schemas.Name.maxLength;
  if (on('enum-value-missing')) {
    parameters.EmailStatusFilter.schema = { type: 'string', enum: ['draft', 'scheduled', 'sent'] };
  }
  // The validator fills in a body's defaults before the handler sees it.
  if (on('post-published-by-default')) schemas.PostCreate.properties.status.default = 'published';
  if (on('unknown-query-first-only')) {
    // The validator's own refusal, per operation (the server's own stage is removed, pipeline.ts): it
    // ends the request at the first unknown parameter, naming it alone.
    for (const item of Object.values<Json>(copy.paths)) {
      for (const operation of Object.values<Json>(item)) {
        if (operation && typeof operation === 'object' && 'responses' in operation) operation['x-eov-allow-unknown-query-parameters'] = false;
      }
    }
  }
  if (on('empty-filter-ignored')) {
    // The empty value passes validation; the service then reads it as no filter (parts.ts).
    parameters.EmailStatusFilter.allowEmptyValue = true;
    parameters.EmailStatusFilter.schema = { anyOf: [parameters.EmailStatusFilter.schema, { const: '' }] };
  }
  if (on('control-characters-accepted')) looseText(copy);
  loosenRuleInputsContract(on, copy);
  return copy;
}
