/**
 * Phase 1, examples: every named example the contract gives for a request body, sent as it is written
 * (names made unique and ids swapped for real ones when sent, since an example cannot know them). An
 * example the server refuses is either a server bug or an example that no longer holds.
 */
import type { ContractDocument, Node, OperationInfo } from '../contract/document.ts';
import { jsonMedia } from './json-media.ts';
import { makeCase, type GeneratedCase } from './model.ts';

export function exampleCases(contract: ContractDocument, operation: OperationInfo): GeneratedCase[] {
  const media = jsonMedia(operation);
  if (!media) return [];
  const mediaNode: Node = contract.at(media.schemaPointer.replace(/\/schema$/, ''));
  const named = Object.entries<Node>(mediaNode.examples ?? {}).map(([name, example]) => [name, contract.resolve(example, '').node.value] as const);
  if (mediaNode.example !== undefined) named.push(['example', mediaNode.example]);
  return named.map(([name, value]) =>
    makeCase({
      phase: 'examples',
      operationId: operation.operationId,
      title: `the contract's example ${name}`,
      location: 'body',
      keywords: [],
      expect: { kind: 'accept' },
      input: { body: value },
    }),
  );
}
