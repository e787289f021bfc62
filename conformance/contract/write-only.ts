/**
 * Fields a request may write and no answer shows (`responses.write-only-fields`): the properties a
 * request schema marks `writeOnly: true`, such as a post's `content_md`. A response schema that simply
 * leaves them out says the same, but only as one error among any a body may have; this check names the
 * rule, so a leaked field is reported as what it is.
 *
 * The contract gives them per request schema; an answer that must not show them is any answer of an
 * operation with the same tag (a post's `content_md` is written by createPost and updatePost, and must
 * not come back from getPost or listPosts either).
 */
import { parseAnswerJson } from './answer-json.ts';
import type { ContractDocument, OperationInfo } from './document.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Node = any;

/** The write-only field names of the request bodies of each tag's operations. */
export function writeOnlyFieldsByTag(contract: ContractDocument): Map<string, Set<string>> {
  const byTag = new Map<string, Set<string>>();
  for (const operation of contract.operations) {
    for (const media of operation.requestBody?.content ?? []) {
      const schema: Node = contract.resolve(media.schema, media.schemaPointer).node;
      const fields = Object.entries<Node>(schema?.properties ?? {})
        // `writeOnly` may sit beside a `$ref` (`author_id: {$ref: NullableId, writeOnly: true}`) or in what it names.
        .filter(([, property]) => property?.writeOnly === true || contract.resolve(property, '').node?.writeOnly === true)
        .map(([name]) => name);
      for (const tag of operation.tags) for (const field of fields) byTag.set(tag, (byTag.get(tag) ?? new Set()).add(field));
    }
  }
  return byTag;
}

/** The objects of an answer that are resources: the body itself, or the items of a list's `result`. */
export function resourcesOf(body: unknown): Record<string, unknown>[] {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return [];
  const result = (body as { result?: unknown }).result;
  const items = Array.isArray(result) ? result.filter((item): item is Record<string, unknown> => Boolean(item) && typeof item === 'object') : [];
  return [body as Record<string, unknown>, ...items];
}

/** The write-only fields a success answer of the operation shows, in words; empty when it shows none. */
export function writeOnlyLeaks(byTag: Map<string, Set<string>>, operation: OperationInfo, status: number, bodyText: string): string[] {
  if (status < 200 || status >= 300 || bodyText === '') return [];
  const hidden = new Set(operation.tags.flatMap((tag) => [...(byTag.get(tag) ?? [])]));
  if (hidden.size === 0) return [];
  let body: unknown;
  try {
    body = parseAnswerJson(bodyText);
  } catch {
    return []; // Not JSON: response_schema_conformance says so.
  }
  const shown = new Set(resourcesOf(body).flatMap((resource) => Object.keys(resource).filter((key) => hidden.has(key))));
  return [...shown].map((field) => `the answer shows ${field}, which the contract marks writeOnly: requests may set it, answers never carry it`);
}
