/**
 * The query filters of a list that an update of its items can change: the list's query parameters
 * (`page` and `size` aside) whose name is a field of the update's body. The relations over filters
 * (filter-after-update.test.ts, shared-item-filters.test.ts) move an item from one value to another
 * through its update and walk the list under each.
 */
import { jsonMedia } from '../../cases/json-media.ts';
import type { ContractDocument, OperationInfo } from '../../contract/document.ts';

export interface UpdatableFilter {
  name: string;
  /** The values of an enum or boolean filter; undefined for any other (an id filter). */
  values?: string[];
  /** The value the list applies when the parameter is left out, if the contract gives one. */
  fallback?: string;
}

/** The filters of `list` whose field `update`'s body takes, each with its values where they are few. */
export function filtersAnUpdateChanges(contract: ContractDocument, list: OperationInfo, update: OperationInfo): UpdatableFilter[] {
  const body = jsonMedia(update);
  const properties = body ? (contract.resolve(body.schema, body.schemaPointer).node.properties ?? {}) : {};
  return list.parameters
    .filter((parameter) => parameter.in === 'query' && !['page', 'size'].includes(parameter.name) && parameter.name in properties)
    .map((parameter) => {
      const schema = contract.resolve(parameter.schema, '').node;
      const fallback = schema.default === undefined || schema.default === null ? undefined : String(schema.default);
      const values = Array.isArray(schema.enum) ? schema.enum.filter((value: unknown) => value !== null).map(String) : schema.type === 'boolean' ? ['true', 'false'] : undefined;
      return { name: parameter.name, ...(values ? { values } : {}), ...(fallback === undefined ? {} : { fallback }) };
    });
}
