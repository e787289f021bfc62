/** The JSON request body an operation takes, if any (the same rule as the hand-written suite's). */
import type { MediaTypeInfo, OperationInfo } from '../contract/document.ts';

export function jsonMedia(operation: OperationInfo): MediaTypeInfo | undefined {
  return operation.requestBody?.content.find((media) => media.mediaType === 'application/json');
}
