/**
 * A new value for every field an update takes, for resources.patch-named-fields-only and
 * resources.update-stamped field by field: each field the update's schema names, sent alone, changes that
 * field and what the contract derives from it, and nothing else. A hand-made list of the fields "worth
 * updating" leaves out the one a server writes wrongly (a page's `slug`, copied into its `name_slug`).
 *
 * Each value is valid for the field's own schema and differs from the value the resource has: a text of
 * the run (lowercase, so a slug is sent as it is kept), another colour, another value of an enum, a new
 * category for `category_id`, no author for `author_id`.
 */
import { jsonMedia } from '../../cases/json-media.ts';
import type { Kit } from '../kit.ts';
import type { Resources } from '../resources.ts';
import { takesIntegers, type PropertySchema } from './filled-create.ts';

type Json = Record<string, unknown>;

/**
 * What the contract derives from a named field, which may change with it: a page's and a newsletter's
 * `name_slug` follows the name; Markdown given alone replaces `content_html`; a post's first publication
 * sets `first_published_at`; an author's `formatted_name` follows the names.
 */
const DERIVED: Record<string, readonly string[]> = {
  name: ['name_slug'],
  content_md: ['content_html'],
  status: ['first_published_at'],
  first_name: ['formatted_name'],
  last_name: ['formatted_name'],
};

/** What the contract derives from the field, none for most. */
export const derivedFrom = (field: string): readonly string[] => DERIVED[field] ?? [];

/** The fields a named one frees: itself and what the contract derives from it. */
export const freedBy = (fields: readonly string[]): string[] => [...new Set(fields.flatMap((field) => [field, ...(DERIVED[field] ?? [])]))];

/** Every field of `operationId`'s JSON body schema, in the contract's order. */
export function updateFields(t: Kit, operationId: string): string[] {
  const media = jsonMedia(t.contract.operation(operationId));
  if (!media) return [];
  return Object.keys((t.contract.resolve(media.schema, media.schemaPointer).node?.properties ?? {}) as Record<string, unknown>);
}

/** The schema of `field` in `operationId`'s JSON body, resolved, and the pointer its values are validated at. */
function fieldSchema(t: Kit, operationId: string, field: string): { property: PropertySchema | undefined; pointer: string } {
  const media = jsonMedia(t.contract.operation(operationId))!;
  const { node, pointer } = t.contract.resolve(media.schema, media.schemaPointer);
  const propertyPointer = `${pointer}/properties/${field}`;
  const property = t.contract.resolve((node?.properties as Record<string, unknown> | undefined)?.[field], propertyPointer).node as PropertySchema | undefined;
  return { property, pointer: propertyPointer };
}

/**
 * The fields of `operationId`'s body that take `null` (a value the resource may have or lack), each with
 * a text of the run its schema takes: the body that fills them all, and the one that empties them all.
 * A server that writes one optional field from another only where it is empty (a long description
 * copied from the short one) shows only on a resource whose optional fields are empty.
 */
export function optionalBodies(t: Kit, operationId: string): { filled: Json; empty: Json } {
  const filled: Json = {};
  const empty: Json = {};
  for (const field of updateFields(t, operationId)) {
    const { pointer } = fieldSchema(t, operationId, field);
    const valid = (candidate: unknown) => t.context.validator.schemaErrors(pointer, candidate) === undefined;
    const text = t.names.name(`${field}-filled`).toLowerCase();
    if (!valid(null) || !valid(text)) continue;
    filled[field] = text;
    empty[field] = null;
  }
  return { filled, empty };
}

/**
 * A value for `field` of `operationId`'s body that its schema accepts and that differs from what
 * `before` shows (`author_id` aside: `null`, a change where the resource has an author); undefined when
 * none is known, which ends the test: the contract then has a field this file cannot fill yet.
 */
export async function changedValue(t: Kit, resources: Resources, operationId: string, field: string, before: Json, ids: Record<string, number>): Promise<unknown> {
  const { property, pointer } = fieldSchema(t, operationId, field);
  const valid = (candidate: unknown) => t.context.validator.schemaErrors(pointer, candidate) === undefined;
  if (takesIntegers(property)) {
    // A reference: a new category of the resource's page; the author taken away (`null`: a change where
    // the resource was made with one, and needs no author of the target's where it was not).
    if (field === 'category_id' && ids.page_id !== undefined) return (await resources.category(ids.page_id)).id;
    if (field === 'author_id') return null;
    return undefined;
  }
  // A flag (an author's `active`): the other value.
  if (typeof before[field] === 'boolean' && valid(!before[field])) return !before[field];
  const text = t.names.name(`${field}-alone`).toLowerCase();
  const colour = `#${t.random.int(0, 0xffffff).toString(16).padStart(6, '0').toUpperCase()}`;
  const candidates = [...(property?.enum ?? []), text, `https://example.com/${text}.png`, colour];
  return candidates.find((candidate) => JSON.stringify(candidate) !== JSON.stringify(before[field]) && valid(candidate));
}
