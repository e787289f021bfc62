/**
 * How many errors a 422 may list: the contract's `maxItems` of ValidationProblem's `errors` (20 in
 * this contract), read from the document so every check quotes the contract's number, never a copy of
 * it. A request with more invalid inputs is answered with that many listed and a `detail` that says
 * how many there were.
 */
import { MOST_ERRORS_LISTED } from './hostile-inputs.ts';

export function mostErrorsListed(document: { components?: { schemas?: Record<string, unknown> } }): number {
  const find = (node: unknown): number | undefined => {
    if (!node || typeof node !== 'object') return undefined;
    const schema = node as { properties?: { errors?: { maxItems?: unknown } }; allOf?: unknown[] };
    if (typeof schema.properties?.errors?.maxItems === 'number') return schema.properties.errors.maxItems;
    for (const part of schema.allOf ?? []) {
      const found = find(part);
      if (found !== undefined) return found;
    }
    return undefined;
  };
  // Without a stated bound, the suite's own (hostile-inputs.ts).
  return find(document.components?.schemas?.ValidationProblem) ?? MOST_ERRORS_LISTED;
}
