/**
 * Invalid inputs, one mutation at a time, derived from the schemas of the contract: a missing required
 * field, a wrong type, an unknown field, a value too long, out of range, outside an enum, in a bad format.
 * The caller re-validates every mutated input against the schema before judging the answer, so a
 * mutation that happens to leave the input valid is never held against a server.
 */
import type { ContractDocument, Node, ParameterInfo } from '../contract/document.ts';
import { constrainedBranch, resolveSchema, typesOf } from './values.ts';

export interface BodyMutation {
  /** Reads like the rule it breaks: "name missing", "color longer than 7 characters". */
  description: string;
  apply(valid: Record<string, unknown>): unknown;
}

export interface ParameterMutation {
  parameter: ParameterInfo;
  description: string;
  /** The raw text sent in the path or query string. */
  value: string;
}

/** A field name no schema of the contract uses. */
export const UNKNOWN_FIELD = 'conformance_unknown_field';

/** A JSON value of each type, for "wrong type" mutations. */
const VALUE_OF_TYPE: [string, unknown][] = [
  ['integer', 12345],
  ['string', 'conformance-text'],
  ['boolean', true],
  ['object', { conformance: true }],
  ['array', ['conformance']],
];

function wrongTypeValue(allowed: string[]): [string, unknown] | undefined {
  const accepts = (type: string) => allowed.includes(type) || (type === 'integer' && allowed.includes('number'));
  return VALUE_OF_TYPE.find(([type]) => !accepts(type));
}

// The last two break the patterns of free text, which refuse control characters: a line feed in
// one-line text, NUL in text that may span lines.
const PATTERN_BREAKERS = ['', ' ', '   ', '!!', '#zzzzzz', '--', 'not a valid value ✗', 'line\nfeed', 'nul\u0000byte'];
const FORMAT_BREAKERS: Record<string, string> = {
  'date-time': '2026-13-45T25:61:00Z',
  uri: 'not a uri',
  email: 'not-an-address',
};

function withField(valid: Record<string, unknown>, field: string, value: unknown): Record<string, unknown> {
  return { ...valid, [field]: value };
}

/** The values of every enum the contract's component schemas give a property named `field`, once each. */
function siblingEnumValues(contract: ContractDocument, field: string): unknown[] {
  const schemas = ((contract.document as { components?: { schemas?: Record<string, Node> } }).components?.schemas ?? {}) as Record<string, Node>;
  const values = new Set<unknown>();
  for (const raw of Object.values(schemas)) {
    const property = resolveSchema(contract, raw)?.properties?.[field];
    if (property === undefined) continue;
    const constrained = constrainedBranch(contract, resolveSchema(contract, property));
    if (Array.isArray(constrained?.enum)) for (const value of constrained.enum) if (value !== null) values.add(value);
  }
  return [...values];
}

function propertyMutations(contract: ContractDocument, field: string, raw: Node): BodyMutation[] {
  const schema = resolveSchema(contract, raw);
  const { types, nullable } = typesOf(contract, schema);
  const mutations: BodyMutation[] = [];
  const set = (description: string, value: unknown) => mutations.push({ description, apply: (valid) => withField(valid, field, value) });

  const wrong = wrongTypeValue(types);
  if (wrong && types.length > 0) set(`${field} of the wrong type (${wrong[0]} instead of ${types.join(' or ')})`, wrong[1]);
  if (!nullable && types.length > 0) set(`${field} null`, null);

  // Constraints may sit on the schema itself or on its non-null oneOf branch (`Slug | null`).
  const constrained = constrainedBranch(contract, schema);
  if (Array.isArray(constrained.enum)) {
    const values: unknown[] = constrained.enum;
    set(`${field} not one of ${values.filter((v: unknown) => v !== null).join(', ')}`, 'conformance-not-a-value');
    // A value another schema's enum of the same field takes (a post's `scheduled` sent to an update
    // that refuses it): a server that handles it as in that schema names more than the field.
    for (const value of siblingEnumValues(contract, field).filter((candidate) => !values.includes(candidate))) {
      set(`${field} ${JSON.stringify(value)}, which another schema's ${field} takes and this one refuses`, value);
    }
  }
  if (typeof constrained.maxLength === 'number') set(`${field} longer than ${constrained.maxLength} characters`, 'a'.repeat(constrained.maxLength + 1));
  if (typeof constrained.minLength === 'number' && constrained.minLength > 0) set(`${field} empty`, '');
  if (typeof constrained.pattern === 'string') {
    const pattern = new RegExp(constrained.pattern, 'u');
    const breaker = PATTERN_BREAKERS.find(
      (candidate) => !pattern.test(candidate) && candidate.length >= (constrained.minLength ?? 0) && candidate.length <= (constrained.maxLength ?? Infinity),
    );
    if (breaker !== undefined) set(`${field} not matching ${constrained.pattern}`, breaker);
  }
  if (typeof constrained.format === 'string' && FORMAT_BREAKERS[constrained.format]) {
    set(`${field} not a valid ${constrained.format}`, FORMAT_BREAKERS[constrained.format]);
  }
  if (types.includes('integer') || types.includes('number')) {
    if (typeof constrained.minimum === 'number') set(`${field} below its minimum ${constrained.minimum}`, constrained.minimum - 1);
    if (typeof constrained.maximum === 'number') set(`${field} above its maximum ${constrained.maximum}`, constrained.maximum + 1);
    if (types.includes('integer') && !types.includes('number')) set(`${field} not a whole number`, 1.5);
  }
  return mutations;
}

/** One-mutation-at-a-time invalid versions of a JSON object body. */
export function bodyMutations(contract: ContractDocument, raw: Node): BodyMutation[] {
  const schema = resolveSchema(contract, raw);
  const mutations: BodyMutation[] = [
    { description: 'a body that is an array, not an object', apply: () => [] },
    { description: `an unknown field ${UNKNOWN_FIELD}`, apply: (valid) => withField(valid, UNKNOWN_FIELD, 'x') },
  ];
  for (const field of schema.required ?? []) {
    mutations.push({
      description: `${field} missing`,
      apply: (valid) => Object.fromEntries(Object.entries(valid).filter(([name]) => name !== field)),
    });
  }
  for (const [field, property] of Object.entries<Node>(schema.properties ?? {})) {
    mutations.push(...propertyMutations(contract, field, property));
  }
  return mutations;
}

/** Invalid values for a path or query parameter, as the raw text of the request. */
export function parameterMutations(contract: ContractDocument, parameter: ParameterInfo): ParameterMutation[] {
  const schema = resolveSchema(contract, parameter.schema);
  const { types } = typesOf(contract, schema);
  const mutations: ParameterMutation[] = [];
  const add = (description: string, value: string) => mutations.push({ parameter, description: `${parameter.in} ${parameter.name} ${description}`, value });
  if (types.includes('integer') || types.includes('number')) {
    add('not a number', 'abc');
    if (types.includes('integer')) add('not a whole number', '1.5');
    if (typeof schema.minimum === 'number') add(`below its minimum ${schema.minimum}`, String(schema.minimum - 1));
    if (typeof schema.maximum === 'number') add(`above its maximum ${schema.maximum}`, BigInt(schema.maximum) + 1n + '');
  }
  if (types.includes('boolean')) add('not true or false', 'maybe');
  if (Array.isArray(schema.enum)) add(`not one of ${schema.enum.join(', ')}`, 'conformance-not-a-value');
  return mutations;
}
