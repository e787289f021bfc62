/**
 * fast-check arbitraries built from the contract's schemas, for the property phase: valid inputs of
 * every shape the schema allows, which fast-check can shrink towards the smallest one that fails.
 * Values the schema cannot make meaningful (ids of other resources, unique names) are fixed up when the
 * input is sent (freshen.ts), exactly as for the other generated cases.
 */
import fc from 'fast-check';
import { stringMatching } from '../generate/string-matching.ts';
import type { ContractDocument, Node, OperationInfo } from '../contract/document.ts';
import { resolveSchema, typesOf } from '../generate/values.ts';
import { jsonMedia } from './json-media.ts';
import type { CaseInput } from './model.ts';

/** Ordinary strings stay short; the boundary phase sends the longest ones. */
const LONGEST_ORDINARY_STRING = 40;
const DAY_MS = 86_400_000;

/**
 * Absolute http(s) URLs: a domain and up to three path segments of unreserved characters. Not
 * fc.webUrl: the first time it shrinks it builds a table of every character it may use, over two
 * seconds of CPU in every run of the suite.
 */
const webUrl = fc
  .tuple(fc.constantFrom('http', 'https'), fc.domain(), fc.array(stringMatching(/^[A-Za-z0-9._~-]{1,12}$/), { maxLength: 3 }))
  .map(([scheme, domain, segments]) => `${scheme}://${domain}/${segments.join('/')}`);

function stringArbitrary(schema: Node): fc.Arbitrary<string> {
  const minLength: number = schema.minLength ?? 0;
  const maxLength: number = Math.min(schema.maxLength ?? LONGEST_ORDINARY_STRING, Math.max(minLength, LONGEST_ORDINARY_STRING));
  if (schema.format === 'date-time') {
    // A time the contract accepts everywhere: in the future (a send's scheduled_at must be).
    const now = Date.now();
    return fc.integer({ min: now + 2 * DAY_MS, max: now + 60 * DAY_MS }).map((ms) => new Date(ms).toISOString());
  }
  if (schema.format === 'uri') return webUrl.filter((url) => url.length <= (schema.maxLength ?? Infinity));
  if (typeof schema.pattern === 'string') {
    const pattern = new RegExp(schema.pattern, 'u');
    return stringMatching(pattern).filter((text) => text.length >= minLength && text.length <= (schema.maxLength ?? Infinity));
  }
  return fc.string({ minLength, maxLength });
}

export function arbitraryOf(contract: ContractDocument, raw: Node, field = ''): fc.Arbitrary<unknown> {
  const schema = resolveSchema(contract, raw);
  const branches: Node[] | undefined = schema.oneOf ?? schema.anyOf;
  if (branches) return fc.oneof(...branches.map((branch) => arbitraryOf(contract, branch, field)));
  if (schema.const !== undefined) return fc.constant(schema.const);
  const { types, nullable } = typesOf(contract, schema);
  const nonNull = (() => {
    if (Array.isArray(schema.enum)) return fc.constantFrom(...schema.enum.filter((value: unknown) => value !== null));
    // An id of another resource: any valid one is made real when sent.
    if (/(^|_)id$/.test(field) && types.includes('integer')) return fc.constant(1);
    const perType = types.map((type): fc.Arbitrary<unknown> => {
      switch (type) {
        case 'string':
          return stringArbitrary(schema);
        case 'integer':
          return fc.integer({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000 });
        case 'number':
          return fc.double({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000, noNaN: true });
        case 'boolean':
          return fc.boolean();
        case 'array':
          return fc.array(arbitraryOf(contract, schema.items ?? {}), { minLength: schema.minItems ?? 0, maxLength: 3 });
        default:
          return objectArbitrary(contract, schema);
      }
    });
    return perType.length === 0 ? undefined : perType.length === 1 ? perType[0]! : fc.oneof(...perType);
  })();
  if (!nonNull) return fc.constant(null);
  return nullable ? fc.oneof(nonNull, fc.constant(null)) : nonNull;
}

function objectArbitrary(contract: ContractDocument, schema: Node): fc.Arbitrary<Record<string, unknown>> {
  const properties = Object.entries<Node>(schema.properties ?? {});
  const model = Object.fromEntries(properties.map(([name, property]) => [name, arbitraryOf(contract, property, name)]));
  return fc.record(model, { requiredKeys: schema.required ?? [] }) as fc.Arbitrary<Record<string, unknown>>;
}

/** A whole valid-looking input of an operation: its query parameters (as text) and its JSON body. */
export function inputArbitrary(contract: ContractDocument, operation: OperationInfo): fc.Arbitrary<CaseInput> | undefined {
  const query = operation.parameters.filter((parameter) => parameter.in === 'query');
  const media = jsonMedia(operation);
  if (query.length === 0 && !media) return undefined;
  const queryModel = Object.fromEntries(query.map((parameter) => [parameter.name, arbitraryOf(contract, parameter.schema, parameter.name).map(String)]));
  const queryArbitrary = fc.record(queryModel, { requiredKeys: query.filter((parameter) => parameter.required).map((parameter) => parameter.name) });
  const bodyArbitrary = media ? arbitraryOf(contract, media.schema) : fc.constant(undefined);
  return fc.record({ query: queryArbitrary, body: bodyArbitrary }).map(({ query: q, body }) => {
    const input: CaseInput = {};
    if (Object.keys(q).length > 0) input.query = q as Record<string, string>;
    if (body !== undefined) input.body = body;
    return input;
  });
}
