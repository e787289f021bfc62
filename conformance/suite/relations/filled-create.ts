/**
 * A create body with a value in every optional field the create operation's schema accepts, for the
 * resources the relations over updates make: a field left `null` reads `null` whatever an update does to
 * it, so only a filled field shows an update that loses a field it does not name.
 *
 * The fields are read from the contract (the create's JSON request schema): each gets the first of a few
 * candidates that its own schema accepts (a text of the run, an https URL, a colour, the schema's
 * example). An id field gets the reference the caller made for it (an author, a category of the page);
 * without one it is left out, as are write-only fields (no answer shows them) and fields no candidate
 * fits (`status`, an enum with a default, is never empty anyway).
 */
import { jsonMedia } from '../../cases/json-media.ts';
import type { Kit } from '../kit.ts';

type Json = Record<string, unknown>;

export interface PropertySchema {
  writeOnly?: boolean;
  type?: string | string[];
  enum?: unknown[];
  examples?: unknown[];
  oneOf?: PropertySchema[];
}

/** Whether the schema (or a branch of its oneOf) takes whole numbers: an id, filled from a reference. */
export function takesIntegers(schema: PropertySchema | undefined): boolean {
  if (!schema) return false;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return types.includes('integer') || (schema.oneOf ?? []).some(takesIntegers);
}

/**
 * `given` with every optional field of `operationId`'s body that is not in it filled. `references` are
 * ids for the id fields (`author_id`, `category_id`); a `null` or missing one leaves its field out.
 */
export function filledCreateBody(t: Kit, operationId: string, given: Json, references: Record<string, number | null> = {}): Json {
  const media = jsonMedia(t.contract.operation(operationId));
  if (!media) return given;
  const { node: schema, pointer } = t.contract.resolve(media.schema, media.schemaPointer);
  const body: Json = { ...given };
  for (const [field, raw] of Object.entries((schema?.properties ?? {}) as Record<string, unknown>)) {
    if (field in body) continue;
    const propertyPointer = `${pointer}/properties/${field}`;
    const property = t.contract.resolve(raw, propertyPointer).node as PropertySchema | undefined;
    if (property?.writeOnly === true) continue;
    const text = t.names.name(field);
    const candidates = takesIntegers(property) ? [references[field]] : [text, `https://example.com/${text}.png`, '#1E90FF', ...(property?.examples ?? [])];
    const value = candidates.find((candidate) => candidate !== undefined && candidate !== null && t.context.validator.schemaErrors(propertyPointer, candidate) === undefined);
    if (value !== undefined) body[field] = value;
  }
  return body;
}
