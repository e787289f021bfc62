/** The request bodies an operation takes: the same rule for the generated cases and the hand-written suite. */
import type { MediaTypeInfo, OperationInfo } from '../contract/document.ts';

export function jsonMedia(operation: OperationInfo): MediaTypeInfo | undefined {
  return operation.requestBody?.content.find((media) => media.mediaType === 'application/json');
}

/** Whether the operation takes a file upload (a multipart body). */
export function takesUpload(operation: OperationInfo): boolean {
  return operation.requestBody?.content.some((media) => media.mediaType === 'multipart/form-data') ?? false;
}
