/**
 * Valid values generated from a schema of the contract: the structure (which fields, types, lengths,
 * ranges, enums, nullability) comes from the schema; what no schema can say (a name must be unique, an id
 * must name an existing resource) comes from the overrides the caller gives. Seeded, so it repeats.
 */
import fc from 'fast-check';
import { stringMatching } from './string-matching.ts';
import type { ContractDocument, Node } from '../contract/document.ts';
import type { Random } from './random.ts';

/**
 * - minimal: required fields only, shortest values;
 * - typical: every field, ordinary values;
 * - longest: every field at its maximum length or value (boundary);
 * - nulls: every field that may be null is null;
 * - random: each optional field or not, random lengths.
 */
export type Strategy = 'minimal' | 'typical' | 'longest' | 'nulls' | 'random';

export const STRATEGIES: readonly Strategy[] = ['minimal', 'typical', 'longest', 'nulls', 'random'];

/** A value for a field the schema alone cannot get right, or undefined to let the schema decide. */
export type Override = (field: string, schema: Node, strategy: Strategy) => unknown;

/** Strings longer than this are never generated for ordinary values (the `longest` strategy ignores it). */
const TYPICAL_LENGTH = 24;

export interface SchemaFacts {
  types: string[];
  nullable: boolean;
}

/** A schema with its `$ref` followed. */
export function resolveSchema(contract: ContractDocument, schema: Node): Node {
  return schema && typeof schema === 'object' && typeof schema.$ref === 'string' ? contract.resolve(schema, '').node : schema;
}

/** The JSON types a schema allows, looking through `oneOf`/`anyOf` branches. */
export function typesOf(contract: ContractDocument, raw: Node): SchemaFacts {
  const schema = resolveSchema(contract, raw);
  const branches: Node[] = schema.oneOf ?? schema.anyOf;
  if (branches) {
    const facts = branches.map((branch) => typesOf(contract, branch));
    const types = [...new Set(facts.flatMap((fact) => fact.types))];
    return { types: types.filter((type) => type !== 'null'), nullable: types.includes('null') || facts.some((fact) => fact.nullable) };
  }
  const declared: string[] = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  return { types: declared.filter((type) => type !== 'null'), nullable: declared.includes('null') };
}

/** The branch of a schema that carries its constraints: itself, or the non-null branch of `X | null`. */
export function constrainedBranch(contract: ContractDocument, raw: Node): Node {
  const schema = resolveSchema(contract, raw);
  const branches: Node[] | undefined = schema.oneOf ?? schema.anyOf;
  if (!branches) return schema;
  return branches.map((branch) => resolveSchema(contract, branch)).find((branch) => typesOf(contract, branch).types.length > 0) ?? schema;
}

function formatOffset(minutes: number): string {
  if (minutes === 0) return 'Z';
  const sign = minutes > 0 ? '+' : '-';
  const absolute = Math.abs(minutes);
  return `${sign}${String(Math.floor(absolute / 60)).padStart(2, '0')}:${String(absolute % 60).padStart(2, '0')}`;
}

/** An RFC 3339 date-time for the instant, written in the given UTC offset. */
export function dateTimeWithOffset(instant: Date, offsetMinutes: number): string {
  const local = new Date(instant.getTime() + offsetMinutes * 60_000).toISOString().replace(/Z$/, '');
  return `${local}${formatOffset(offsetMinutes)}`;
}

export class ValueGenerator {
  constructor(
    private readonly contract: ContractDocument,
    private readonly random: Random,
    private readonly override: Override = () => undefined,
  ) {}

  value(raw: Node, strategy: Strategy, field = ''): unknown {
    const schema = resolveSchema(this.contract, raw);
    const overridden = field ? this.override(field, schema, strategy) : undefined;
    if (overridden !== undefined) return overridden;

    const branches: Node[] | undefined = schema.oneOf ?? schema.anyOf;
    if (branches) {
      const nullBranch = branches.find((branch) => typesOf(this.contract, branch).types.length === 0 && typesOf(this.contract, branch).nullable);
      const others = branches.filter((branch) => branch !== nullBranch);
      if (strategy === 'nulls' && nullBranch) return null;
      const branch = strategy === 'random' ? this.random.pick(others.length ? others : branches) : (others[0] ?? branches[0]);
      return this.value(branch, strategy, field);
    }
    if (schema.const !== undefined) return schema.const;
    const { types, nullable } = typesOf(this.contract, schema);
    if (nullable && (strategy === 'nulls' || types.length === 0)) return null;
    if (Array.isArray(schema.enum)) {
      const values = schema.enum.filter((item: unknown) => item !== null);
      if (strategy === 'minimal') return values[0];
      if (strategy === 'longest') return values.at(-1);
      return this.random.pick(values);
    }
    const type = strategy === 'random' ? this.random.pick(types) : types[0];
    switch (type) {
      case 'object':
        return this.object(schema, strategy);
      case 'array':
        return Array.from({ length: schema.minItems ?? 0 }, () => this.value(schema.items ?? {}, strategy));
      case 'string':
        return this.string(schema, strategy);
      case 'integer':
      case 'number':
        return this.number(schema, strategy, type === 'integer');
      case 'boolean':
        return strategy === 'minimal' ? false : strategy === 'longest' ? true : this.random.bool();
      default:
        return null;
    }
  }

  private object(schema: Node, strategy: Strategy): Record<string, unknown> {
    const required = new Set<string>(schema.required ?? []);
    const result: Record<string, unknown> = {};
    for (const [name, property] of Object.entries<Node>(schema.properties ?? {})) {
      const include = required.has(name) || (strategy === 'random' ? this.random.bool() : strategy !== 'minimal');
      if (include) result[name] = this.value(property, strategy, name);
    }
    return result;
  }

  private length(schema: Node, strategy: Strategy): number {
    const min = schema.minLength ?? 0;
    const max = schema.maxLength ?? 10_000;
    if (strategy === 'longest') return max;
    if (strategy === 'minimal') return Math.max(min, 1);
    return this.random.int(Math.max(min, 1), Math.max(Math.min(max, TYPICAL_LENGTH), Math.max(min, 1)));
  }

  private string(schema: Node, strategy: Strategy): string {
    const length = this.length(schema, strategy);
    if (schema.format === 'date-time') {
      // In the future (a `scheduled_at` must be), in a random offset: servers must accept any offset.
      const instant = new Date(Date.now() + this.random.int(2, 60) * 86_400_000 + this.random.int(0, 86_399) * 1000);
      return dateTimeWithOffset(instant, strategy === 'minimal' ? 0 : this.random.pick([0, 60, -300, 330, 345, -210]));
    }
    if (schema.format === 'uri') {
      const base = `https://conformance.example/${this.random.alphanumeric(8)}/`;
      return `${base}${this.random.alphanumeric(Math.max(1, length - base.length - 4))}.png`;
    }
    if (typeof schema.pattern !== 'string') return this.random.alphanumeric(length);
    // Free text's pattern refuses only control characters: letters and digits of the wanted length
    // honour it, the longest included. A pattern they do not match gets a sample of its own.
    const pattern = new RegExp(schema.pattern, 'u');
    const plain = this.random.alphanumeric(length);
    return pattern.test(plain) ? plain : this.matching(pattern, schema, strategy);
  }

  /** A string matching a pattern, through fast-check's generator, preferring the wanted length. */
  private matching(pattern: RegExp, schema: Node, strategy: Strategy): string {
    const min = schema.minLength ?? 0;
    const max = schema.maxLength ?? Number.POSITIVE_INFINITY;
    const samples = fc.sample(stringMatching(pattern), { seed: this.random.int32(), numRuns: 200 });
    const fitting = samples.filter((sample) => sample.length >= min && sample.length <= max);
    if (fitting.length === 0) throw new Error(`Cannot generate a string of ${min} to ${max} characters matching ${pattern}`);
    if (strategy === 'longest') return fitting.reduce((longest, sample) => (sample.length > longest.length ? sample : longest));
    if (strategy === 'minimal') return fitting.reduce((shortest, sample) => (sample.length < shortest.length ? sample : shortest));
    return this.random.pick(fitting);
  }

  private number(schema: Node, strategy: Strategy, integer: boolean): number {
    const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 0);
    const max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : min + 1000);
    if (strategy === 'minimal') return min;
    if (strategy === 'longest') return max;
    const value = this.random.int(min, Math.min(max, min + 1000));
    return integer ? value : value + 0.5 <= max ? value + 0.5 : value;
  }
}
