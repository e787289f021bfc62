/** The largest page of a list: its `size` parameter's maximum, as the contract declares it. */
import type { ContractDocument, OperationInfo } from './document.ts';

export function largestPageSize(contract: ContractDocument, operation: OperationInfo): number | undefined {
  const parameter = operation.parameters.find((candidate) => candidate.in === 'query' && candidate.name === 'size');
  const schema = parameter ? contract.resolve(parameter.schema, '').node : undefined;
  return typeof schema?.maximum === 'number' ? schema.maximum : undefined;
}
