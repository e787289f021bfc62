/**
 * The validators the build compiles for the bundled contract (contract/precompiled-validators.ts) judge
 * exactly as the ones a run compiles itself: the same verdict and the same errors, for valid values and
 * broken ones of every schema and parameter the file holds. And they are used only for the contract
 * they were compiled from.
 */
import path from 'node:path';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { buildDir } from '../../scripts/build.mjs';
import { loadContract, type Node } from '../contract/document.ts';
import { documentHash, precompiledValidatorsFor } from '../contract/precompiled-validators.ts';
import { describeErrors, ContractValidator } from '../contract/validator.ts';
import { Random } from '../generate/random.ts';
import { ValueGenerator, type Strategy } from '../generate/values.ts';

const contract = loadContract();
// The tests run from the sources, where no precompiled file lies beside the validator: it compiles.
const compiling = new ContractValidator(contract);
const precompiled = precompiledValidatorsFor(contract, path.join(buildDir, 'conformance', 'contract'));

/** Values to judge against a schema: generated ones, and the same broken in the ways a server breaks them. */
function valuesFor(schema: Node): unknown[] {
  const values: unknown[] = [null, {}, [], '', 'text', 0, -1, 1.5, true, { unknown: 1 }];
  for (const strategy of ['minimal', 'typical', 'nulls'] as Strategy[]) {
    let value: unknown;
    try {
      value = new ValueGenerator(contract, new Random(7).fork(strategy)).value(schema, strategy);
    } catch {
      continue; // A pattern the generator cannot write (a header's): the fixed values above still judge it.
    }
    values.push(value);
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      for (const field of Object.keys(value)) {
        values.push({ ...value, [field]: 12345 }, { ...value, [field]: 'x'.repeat(300) }, Object.fromEntries(Object.entries(value).filter(([name]) => name !== field)));
      }
      values.push({ ...value, extra_field: 'x' });
    }
  }
  return values;
}

/** What schemaErrors says of a value: nothing when valid, else its errors in words. */
function errorsOf(validate: ValidateFunction, value: unknown): string | undefined {
  return validate(structuredClone(value)) ? undefined : describeErrors(validate.errors);
}

describe('the precompiled validators', () => {
  it('are there for the bundled contract, with its schemas and parameters', () => {
    expect(precompiled).toBeDefined();
    expect(Object.keys(precompiled!.schemas).length).toBeGreaterThan(80);
    expect(Object.keys(precompiled!.parameters).length).toBeGreaterThan(10);
  });

  it('judge every value of every schema as the validator compiled in the run does', () => {
    for (const [pointer, validate] of Object.entries(precompiled!.schemas)) {
      const schema = contract.resolve({ $ref: `#${pointer}` }, pointer).node;
      for (const value of valuesFor(schema)) {
        expect(errorsOf(validate, value), `${pointer}: ${JSON.stringify(value)?.slice(0, 200)}`).toBe(compiling.schemaErrors(pointer, structuredClone(value)));
      }
    }
  });

  it('judge parameters, coerced from strings, as the validator compiled in the run does', () => {
    const parameters = contract.operations.flatMap((operation) => operation.parameters);
    for (const [pointer, validate] of Object.entries(precompiled!.parameters)) {
      const parameter = parameters.find((candidate) => candidate.schemaPointer === pointer)!;
      for (const value of ['', '0', '1', '-1', '1.5', '1e3', ' 1', 'true', 'abc', '2026-11-21T09:30:00.000Z', 'x'.repeat(300), 'sent', 'draft', '100', '101']) {
        const passed = validate({ value });
        const expected = compiling.parameterErrors(parameter, value);
        expect(passed ? undefined : describeErrors(validate.errors).replace(/\/value\b ?/g, ''), `${pointer} ${JSON.stringify(value)}`).toBe(expected);
      }
    }
  });

  it('are not used for another contract', () => {
    const other = loadContract();
    other.document.info.title = 'another contract';
    expect(documentHash(other)).not.toBe(documentHash(contract));
    expect(precompiledValidatorsFor(other, path.join(buildDir, 'conformance', 'contract'))).toBeUndefined();
  });
});
