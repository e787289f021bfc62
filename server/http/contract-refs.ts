/**
 * Follows local `$ref`s (`#/components/...`) in the contract, read as plain JSON, to the node they
 * name: what every part that walks the document (the route index, list answers, the mock's forced
 * answers) needs, in one place.
 */

// The contract is plain JSON walked by key.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/** The node itself, or the node its chain of local references leads to (undefined where one leads nowhere). */
export function resolveRef(contract: Json, node: Json): Json {
  let current = node;
  while (current && typeof current.$ref === 'string' && current.$ref.startsWith('#/')) {
    current = (current.$ref as string)
      .slice(2)
      .split('/')
      .reduce((parent: Json, key) => parent?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], contract);
  }
  return current;
}
