/**
 * The inputs of an operation the generated cases vary: its path and query parameters and the top-level
 * fields of its JSON body, each with the constraints the contract puts on it. Everything comes from the
 * document, so a field or limit added to the contract yields new cases without new test code.
 */
import type { ContractDocument, Node, OperationInfo, ParameterInfo } from '../contract/document.ts';
import { constrainedBranch, resolveSchema, typesOf } from '../generate/values.ts';
import { jsonMedia } from './json-media.ts';

/** Keywords the coverage report counts, in the order it shows them. */
export const COVERED_KEYWORDS = ['type', 'required', 'nullable', 'enum', 'minimum', 'maximum', 'minLength', 'maxLength', 'pattern', 'format', 'additionalProperties'] as const;
export type CoveredKeyword = (typeof COVERED_KEYWORDS)[number];

export interface InputField {
  /** `body.name`, `query.size`, `path.page_id`. */
  location: string;
  name: string;
  in: 'body' | 'query' | 'path';
  required: boolean;
  /** The schema as written (may be `X | null`), and the branch that carries the constraints. */
  schema: Node;
  constrained: Node;
  types: string[];
  nullable: boolean;
  /** Names a resource (`*_id`): only real ids are valid, so no value can be made up for it. */
  reference: boolean;
  keywords: CoveredKeyword[];
  parameter?: ParameterInfo;
}

function keywordsOf(field: Omit<InputField, 'keywords' | 'location'>): CoveredKeyword[] {
  const c = field.constrained;
  const keywords: CoveredKeyword[] = [];
  if (field.types.length > 0) keywords.push('type');
  if (field.required && field.in === 'body') keywords.push('required');
  if (field.nullable) keywords.push('nullable');
  for (const keyword of ['enum', 'minimum', 'maximum', 'minLength', 'maxLength', 'pattern', 'format'] as const) {
    if (c[keyword] !== undefined) keywords.push(keyword);
  }
  return keywords;
}

function field(contract: ContractDocument, spec: { name: string; in: InputField['in']; required: boolean; schema: Node; parameter?: ParameterInfo }): InputField {
  const schema = resolveSchema(contract, spec.schema);
  const constrained = constrainedBranch(contract, schema);
  const { types, nullable } = typesOf(contract, schema);
  const base = { ...spec, schema, constrained, types, nullable, reference: /(^|_)id$/.test(spec.name) && types.includes('integer') };
  return { ...base, location: `${spec.in}.${spec.name}`, keywords: keywordsOf(base) };
}

export function inputFields(contract: ContractDocument, operation: OperationInfo): InputField[] {
  const fields: InputField[] = operation.parameters
    .filter((parameter) => parameter.in === 'path' || parameter.in === 'query')
    .map((parameter) => field(contract, { name: parameter.name, in: parameter.in as 'path' | 'query', required: parameter.required, schema: parameter.schema, parameter }));
  const media = jsonMedia(operation);
  if (media) {
    const body = resolveSchema(contract, media.schema);
    const required = new Set<string>(body.required ?? []);
    for (const [name, schema] of Object.entries<Node>(body.properties ?? {})) {
      fields.push(field(contract, { name, in: 'body', required: required.has(name), schema }));
    }
  }
  return fields;
}

/** The body's own keywords (unknown fields refused), counted at location `body`. */
export function bodyKeywords(contract: ContractDocument, operation: OperationInfo): CoveredKeyword[] {
  const media = jsonMedia(operation);
  if (!media) return [];
  return resolveSchema(contract, media.schema).additionalProperties === false ? ['type', 'additionalProperties'] : ['type'];
}
