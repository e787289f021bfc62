/**
 * The filters of a list operation, read from the contract: every query parameter but `page` and `size`,
 * with the values it takes where they are few (an enum, or `true` and `false`), whose totals must add
 * up; an id filter (`category_id`) takes the ids the items carry, each a value of its own.
 */
import type { ContractDocument, OperationInfo } from '../../contract/document.ts';

export interface Filter {
  name: string;
  /** Finite values (an enum, or true and false), whose totals must add up; undefined for an id filter. */
  values?: string[];
}

export function filtersOf(contract: ContractDocument, operation: OperationInfo): Filter[] {
  return operation.parameters
    .filter((parameter) => parameter.in === 'query' && !['page', 'size'].includes(parameter.name))
    .map((parameter) => {
      const schema = contract.resolve(parameter.schema, '').node;
      if (Array.isArray(schema.enum)) return { name: parameter.name, values: schema.enum.filter((value: unknown) => value !== null).map(String) };
      if (schema.type === 'boolean') return { name: parameter.name, values: ['true', 'false'] };
      return { name: parameter.name };
    });
}
