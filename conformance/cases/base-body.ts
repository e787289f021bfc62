/**
 * The valid body the other cases change one field of: only the required fields, generated from the
 * schema with the run's seed. Names in it are made unique when an accepted case is sent (see send.ts).
 */
import type { ContractDocument, OperationInfo } from '../contract/document.ts';
import { Random } from '../generate/random.ts';
import { ValueGenerator } from '../generate/values.ts';
import { jsonMedia } from './json-media.ts';

export function baseBody(contract: ContractDocument, operation: OperationInfo, seed: number): Record<string, unknown> | undefined {
  const media = jsonMedia(operation);
  if (!media) return undefined;
  const generator = new ValueGenerator(contract, new Random(seed).fork(`base-body:${operation.operationId}`));
  return generator.value(media.schema, 'minimal') as Record<string, unknown>;
}
