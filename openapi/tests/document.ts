/**
 * The bundled contract (generated/openapi.json) and small helpers to walk it in tests. The bundle is
 * checked against openapi/ by generated.test.ts, so reading it here tests the hand-written source.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// Loosely typed on purpose: tests inspect arbitrary corners of the document.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Node = any;

export const bundledPath = fileURLToPath(new URL('../../generated/openapi.json', import.meta.url));
export const document: Node = JSON.parse(readFileSync(bundledPath, 'utf8'));

/**
 * A resolver for `doc`'s local `$ref`s (`#/components/...`): follows them until a node that is not a
 * reference. breaking-changes.ts needs one for each of the two contracts it compares.
 */
export function resolveIn(doc: Node): (node: Node) => Node {
  return (node) => {
    let current = node;
    while (current && typeof current === 'object' && typeof current.$ref === 'string') {
      const ref: string = current.$ref;
      if (!ref.startsWith('#/')) throw new Error(`Only local references are expected in the bundle, got ${ref}`);
      current = ref
        .slice(2)
        .split('/')
        .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
        .reduce((parent: Node, key) => parent?.[key], doc);
      if (current === undefined) throw new Error(`Unresolvable reference ${ref}`);
    }
    return current;
  };
}

/** Follows the bundle's own references. */
export const resolve = resolveIn(document);

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

export interface OperationEntry {
  path: string;
  method: string;
  operation: Node;
}

export function operations(): OperationEntry[] {
  const entries: OperationEntry[] = [];
  for (const [path, item] of Object.entries<Node>(document.paths)) {
    const pathItem = resolve(item);
    for (const method of HTTP_METHODS) {
      if (pathItem[method]) entries.push({ path, method, operation: pathItem[method] });
    }
  }
  return entries;
}

export function operationById(operationId: string): OperationEntry {
  const entry = operations().find((e) => e.operation.operationId === operationId);
  if (!entry) throw new Error(`No operation ${operationId} in the contract`);
  return entry;
}

export function schema(name: string): Node {
  const found = document.components?.schemas?.[name];
  if (!found) throw new Error(`No schema ${name} in components`);
  return found;
}

/** The JSON types a schema admits, following references and `oneOf`/`anyOf` alternatives. */
export function typesOf(node: Node): string[] {
  const s = resolve(node);
  const alternatives: Node[] | undefined = s.oneOf ?? s.anyOf;
  if (alternatives) return [...new Set(alternatives.flatMap(typesOf))].sort();
  if (s.type === undefined) return [];
  return (Array.isArray(s.type) ? [...s.type] : [s.type]).sort();
}

/** A schema's properties with `allOf` parts merged, references resolved. */
export function propertiesOf(node: Node): Record<string, Node> {
  const s = resolve(node);
  const merged: Record<string, Node> = {};
  for (const part of s.allOf ?? []) Object.assign(merged, propertiesOf(part));
  for (const [name, prop] of Object.entries<Node>(s.properties ?? {})) merged[name] = resolve(prop);
  return merged;
}

export function parametersOf(entry: OperationEntry): Node[] {
  const pathItem = resolve(document.paths[entry.path]);
  return [...(pathItem.parameters ?? []), ...(entry.operation.parameters ?? [])].map(resolve);
}
