/**
 * Generated inputs: every valid value the generator makes from the contract is valid against it, the
 * same seed makes the same values, and every one-mutation-at-a-time invalid input is invalid.
 */
import { describe, expect, it } from 'vitest';
import { loadContract } from '../contract/document.ts';
import { ContractValidator } from '../contract/validator.ts';
import { bodyMutations, parameterMutations } from '../generate/mutations.ts';
import { Random } from '../generate/random.ts';
import { dateTimeWithOffset, STRATEGIES, ValueGenerator } from '../generate/values.ts';

const contract = loadContract();
const validator = new ContractValidator(contract);
const jsonBodies = contract.operations.flatMap((operation) => {
  const media = operation.requestBody?.content.find((candidate) => candidate.mediaType === 'application/json');
  return media ? [{ operationId: operation.operationId, media }] : [];
});

describe('valid values generated from the contract', () => {
  it.each(jsonBodies.map((body) => [body.operationId, body.media] as const))('are valid %s bodies with every strategy', (_, media) => {
    const generator = new ValueGenerator(contract, new Random(42));
    for (const strategy of STRATEGIES) {
      const body = generator.value(media.schema, strategy);
      expect(validator.schemaErrors(media.schemaPointer, body), `${strategy}: ${JSON.stringify(body).slice(0, 200)}`).toBeUndefined();
    }
  });

  it('repeat exactly with the same seed, and differ with another', () => {
    const schema = contract.operation('createPost').requestBody!.content[0]!.schema;
    const make = (seed: number) => JSON.stringify(new ValueGenerator(contract, new Random(seed)).value(schema, 'random'));
    expect(make(7)).toBe(make(7));
    expect(make(7)).not.toBe(make(8));
  });

  it('give independent streams to forks, whatever order they are made in', () => {
    const first = new Random(5).fork('a').alphanumeric(12);
    const random = new Random(5);
    random.fork('b').alphanumeric(12);
    expect(random.fork('a').alphanumeric(12)).toBe(first);
  });

  it('write a date-time in the offset asked for, naming the same instant', () => {
    const instant = new Date('2026-12-01T07:00:00.000Z');
    expect(dateTimeWithOffset(instant, 60)).toBe('2026-12-01T08:00:00.000+01:00');
    expect(Date.parse(dateTimeWithOffset(instant, -330))).toBe(instant.getTime());
  });
});

describe('invalid inputs derived from the contract', () => {
  it.each(jsonBodies.map((body) => [body.operationId, body.media] as const))('are invalid %s bodies, one mutation each', (_, media) => {
    const valid = new ValueGenerator(contract, new Random(1)).value(media.schema, 'typical') as Record<string, unknown>;
    const mutations = bodyMutations(contract, media.schema);
    expect(mutations.length).toBeGreaterThan(2);
    for (const mutation of mutations) {
      expect(validator.schemaErrors(media.schemaPointer, mutation.apply(valid)), mutation.description).toBeDefined();
    }
  });

  it('cover missing required fields, wrong types, unknown fields, lengths, patterns, enums and formats', () => {
    const descriptions = (operationId: string) => bodyMutations(contract, contract.operation(operationId).requestBody!.content[0]!.schema).map((mutation) => mutation.description);
    expect(descriptions('createSubscriber')).toEqual(expect.arrayContaining(['email missing', 'an unknown field conformance_unknown_field', 'email longer than 254 characters']));
    expect(descriptions('createCategory')).toEqual(expect.arrayContaining(['color not matching ^#([0-9A-Fa-f]{6}|[0-9A-Fa-f]{3})$']));
    expect(descriptions('createPost')).toEqual(expect.arrayContaining(['status not one of draft, published', 'title of the wrong type (integer instead of string)']));
    expect(descriptions('sendEmail')).toEqual(expect.arrayContaining(['scheduled_at not a valid date-time']));
  });

  it('are invalid values for every path and query parameter', () => {
    for (const operation of contract.operations) {
      for (const parameter of operation.parameters) {
        for (const mutation of parameterMutations(contract, parameter)) {
          expect(validator.parameterErrors(parameter, mutation.value), `${operation.operationId} ${mutation.description}`).toBeDefined();
        }
      }
    }
  });
});
