/**
 * errors.only-present-causes: a 422 lists in `errors` only what is wrong with the request as sent. A
 * field it names that the request did not send (and that is not required), or whose value is valid
 * against its own schema, is a cause that is not there: a client that shows it, or fixes it, is misled.
 *
 * Only what can be judged alone is judged: a top-level body field, a query or path parameter. `body`
 * itself and nested names (`content.type`) are left alone, since whether they are at fault can depend
 * on the rest of the body.
 */
import type { ContractDocument, OperationInfo } from '../contract/document.ts';
import type { ContractValidator } from '../contract/validator.ts';
import { jsonMedia } from './json-media.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Node = any;

export interface SentInput {
  /** The JSON body as sent, if it was a JSON object. */
  body?: Record<string, unknown>;
  query: Record<string, string>;
  path: Record<string, string>;
}

const escapePointer = (name: string) => name.replace(/~/g, '~0').replace(/\//g, '~1');

/** Why each named field is not a cause of this request, in words; empty when every one is. */
export function absentCauses(contract: ContractDocument, validator: ContractValidator, operation: OperationInfo, sent: SentInput, named: unknown[]): string[] {
  const problems: string[] = [];
  for (const field of new Set(named.filter((name): name is string => typeof name === 'string'))) {
    const parameter = /^(query|path)\.(.+)$/.exec(field);
    if (parameter) {
      const declared = operation.parameters.find((candidate) => candidate.in === parameter[1] && candidate.name === parameter[2]);
      const value = (parameter[1] === 'query' ? sent.query : sent.path)[parameter[2]!];
      if (!declared) continue; // An unknown parameter sent is a cause; one not sent is not named by a sane server, and not judged.
      if (value === undefined && !declared.required) problems.push(`${field}, which the request did not send`);
      else if (value !== undefined && !validator.parameterErrors(declared, value)) problems.push(`${field}, whose value ${JSON.stringify(value)} is valid`);
      continue;
    }
    if (field === 'body' || /[.[]/.test(field)) continue;
    const media = jsonMedia(operation);
    if (!media || !sent.body) continue;
    const { node: schema, pointer } = contract.resolve(media.schema, media.schemaPointer) as { node: Node; pointer: string };
    const property = schema?.properties?.[field];
    const required: string[] = Array.isArray(schema?.required) ? schema.required : [];
    if (!(field in sent.body)) {
      if (!required.includes(field)) problems.push(`${field}, which the request did not send`);
      continue;
    }
    if (property !== undefined && !validator.schemaErrors(`${pointer}/properties/${escapePointer(field)}`, sent.body[field])) {
      problems.push(`${field}, whose value ${JSON.stringify(sent.body[field]).slice(0, 80)} is valid`);
    }
  }
  return problems;
}
