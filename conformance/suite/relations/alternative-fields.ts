/**
 * Pairs of alternative fields of a body: one the contract makes from the other when it is missing
 * (`content_md` is rendered "When `content_html` is absent or `null`") and which otherwise "Takes
 * precedence" (PostCreate, PostUpdate, EmailCreate, EmailUpdate). Read from the contract, so a pair it
 * adds to another body is judged too.
 */
import { jsonMedia } from '../../cases/json-media.ts';
import type { ContractDocument } from '../../contract/document.ts';
import { constrainedBranch, resolveSchema } from '../../generate/values.ts';

export interface AlternativePair {
  /** The field stored as sent when given (`content_html`). */
  kept: string;
  /** The field made into it only when it is absent or `null` (`content_md`). */
  source: string;
}

/** The field a description says this one stands in for when it is "absent or `null`". */
export const standsInFor = (description: string): string | undefined => /When `([a-z_]+)` is absent or `null`/.exec(description)?.[1];

/** The operation's pairs of alternative fields, both fields in its JSON body. */
export function alternativePairs(contract: ContractDocument, operationId: string): AlternativePair[] {
  const media = jsonMedia(contract.operation(operationId));
  const properties: Record<string, Record<string, unknown>> = media ? (constrainedBranch(contract, media.schema)?.properties ?? {}) : {};
  return Object.entries(properties).flatMap(([source, raw]) => {
    const resolved = resolveSchema(contract, raw) as Record<string, unknown>;
    const kept = standsInFor(String(raw.description ?? resolved.description ?? ''));
    return kept !== undefined && kept in properties ? [{ kept, source }] : [];
  });
}
