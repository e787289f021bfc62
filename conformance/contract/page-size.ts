/** The largest page of a list: its `size` parameter's maximum, as the contract declares it. */
import type { ContractDocument, OperationInfo } from './document.ts';

export function largestPageSize(contract: ContractDocument, operation: OperationInfo): number | undefined {
  const parameter = operation.parameters.find((candidate) => candidate.in === 'query' && candidate.name === 'size');
  const schema = parameter ? contract.resolve(parameter.schema, '').node : undefined;
  return typeof schema?.maximum === 'number' ? schema.maximum : undefined;
}

/** The defaults the contract gives a list's `page` and `size` parameters, where it gives them. */
export function pageDefaults(contract: ContractDocument, operation: OperationInfo): { page?: number; size?: number } {
  const defaults: { page?: number; size?: number } = {};
  for (const name of ['page', 'size'] as const) {
    const parameter = operation.parameters.find((candidate) => candidate.in === 'query' && candidate.name === name);
    const value = parameter ? contract.resolve(parameter.schema, '').node.default : undefined;
    if (typeof value === 'number') defaults[name] = value;
  }
  return defaults;
}
