/**
 * The OpenAPI document the suite judges a target against, and an index of its operations.
 *
 * Everything the suite knows about the contract comes from here: which operations exist, their
 * parameters, bodies, declared statuses, media types and headers. Every schema is addressed by its JSON
 * pointer inside the document, so the validator compiles it from the document itself (never a copy).
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The YAML parser, loaded only for a YAML document: the bundled contract is JSON, and loading the
 * parser costs about 60 ms of CPU in each of a run's processes (the CLI and each of its workers).
 */
function parseYaml(text: string): Node {
  const yaml = createRequire(import.meta.url)('yaml') as typeof import('yaml');
  return yaml.parse(text);
}

// The document is walked generically; its shape is checked by the contract's own tests.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Node = any;

/**
 * The contract the suite checks by default: the copy packed with the suite (dist/openapi.json, written by
 * build.mjs), or, running from the repository's sources, the bundle in generated/.
 */
const packedSpec = fileURLToPath(new URL('../openapi.json', import.meta.url));
export const defaultSpecPath = existsSync(packedSpec) ? packedSpec : fileURLToPath(new URL('../../generated/openapi.json', import.meta.url));

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

export interface ParameterInfo {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  /** JSON pointer of the parameter's schema in the document. */
  schemaPointer: string;
  schema: Node;
}

export interface MediaTypeInfo {
  mediaType: string;
  schemaPointer: string;
  schema: Node;
}

export interface HeaderInfo {
  name: string;
  required: boolean;
  schemaPointer: string;
}

export interface ResponseInfo {
  status: string;
  description: string;
  content: MediaTypeInfo[];
  headers: HeaderInfo[];
}

export interface OperationInfo {
  operationId: string;
  method: string;
  /** The path template as the document writes it, e.g. `/pages/{page_id}/posts`. */
  path: string;
  tags: string[];
  summary: string;
  /** Core operations are fixed by the v1 description; the rest are supporting. */
  core: boolean;
  parameters: ParameterInfo[];
  requestBody?: { required: boolean; content: MediaTypeInfo[] };
  responses: ResponseInfo[];
  /** True when the operation has a security requirement (the global one or its own). */
  secured: boolean;
}

export class SpecError extends Error {}

/** An operation's path template in segments, a parameter's as undefined, and how many are literal. */
interface PathTemplate {
  operation: OperationInfo;
  segments: (string | undefined)[];
  literals: number;
}

function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

export class ContractDocument {
  readonly operations: OperationInfo[];
  private readonly byOperationId = new Map<string, OperationInfo>();
  private readonly templates: PathTemplate[];

  constructor(readonly document: Node, readonly source: string) {
    if (typeof document !== 'object' || document === null || typeof document.openapi !== 'string') {
      throw new SpecError(`${source} is not an OpenAPI document (no "openapi" field)`);
    }
    if (!String(document.openapi).startsWith('3.1')) {
      throw new SpecError(`${source} is OpenAPI ${document.openapi}; the suite reads OpenAPI 3.1 documents`);
    }
    this.operations = this.indexOperations();
    for (const operation of this.operations) this.byOperationId.set(operation.operationId, operation);
    // Every request the suite sends is matched to its operation (to judge the answer): split once.
    this.templates = this.operations.map((operation) => {
      const parts = operation.path.split('/').filter(Boolean);
      return { operation, segments: parts.map((part) => (/^\{.+\}$/.test(part) ? undefined : part)), literals: parts.filter((part) => !part.startsWith('{')).length };
    });
  }

  operation(operationId: string): OperationInfo {
    const found = this.byOperationId.get(operationId);
    if (!found) throw new SpecError(`The contract has no operation ${operationId}`);
    return found;
  }

  hasOperation(operationId: string): boolean {
    return this.byOperationId.has(operationId);
  }

  /** The operation a request is for, by method and path template (the path relative to the base URL). */
  match(method: string, pathname: string): OperationInfo | undefined {
    const segments = pathname.split('/').filter(Boolean);
    const wanted = method.toUpperCase();
    // A literal segment beats a template segment (`/images/upload` over a hypothetical `/images/{id}`);
    // of equals, the first in the document.
    let best: PathTemplate | undefined;
    for (const template of this.templates) {
      if (template.operation.method !== wanted || template.segments.length !== segments.length) continue;
      if (!template.segments.every((part, index) => part === undefined || part === segments[index])) continue;
      if (!best || template.literals > best.literals) best = template;
    }
    return best?.operation;
  }

  /** Follows a local `$ref` chain and returns the node and its JSON pointer. */
  resolve(node: Node, pointer: string): { node: Node; pointer: string } {
    let current = node;
    let currentPointer = pointer;
    const seen = new Set<string>();
    while (current && typeof current === 'object' && typeof current.$ref === 'string') {
      const ref: string = current.$ref;
      if (!ref.startsWith('#/')) throw new SpecError(`${this.source}: only local references are supported, found ${ref}`);
      if (seen.has(ref)) throw new SpecError(`${this.source}: circular reference ${ref}`);
      seen.add(ref);
      currentPointer = ref.slice(1);
      current = this.at(currentPointer);
    }
    return { node: current, pointer: currentPointer };
  }

  /** The node at a JSON pointer. */
  at(pointer: string): Node {
    const node = pointer
      .split('/')
      .slice(1)
      .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce((parent: Node, key) => (parent === undefined ? undefined : parent[key]), this.document);
    if (node === undefined) throw new SpecError(`${this.source}: nothing at ${pointer}`);
    return node;
  }

  private indexOperations(): OperationInfo[] {
    const operations: OperationInfo[] = [];
    const globalSecurity: Node[] = this.document.security ?? [];
    for (const [template, rawItem] of Object.entries<Node>(this.document.paths ?? {})) {
      const itemPointer = `/paths/${escapePointer(template)}`;
      const { node: item, pointer: resolvedItemPointer } = this.resolve(rawItem, itemPointer);
      for (const method of HTTP_METHODS) {
        const operation = item[method];
        if (!operation) continue;
        const operationPointer = `${resolvedItemPointer}/${method}`;
        if (typeof operation.operationId !== 'string') {
          throw new SpecError(`${this.source}: ${method.toUpperCase()} ${template} has no operationId`);
        }
        const security: Node[] = operation.security ?? globalSecurity;
        operations.push({
          operationId: operation.operationId,
          method: method.toUpperCase(),
          path: template,
          tags: operation.tags ?? [],
          summary: operation.summary ?? '',
          core: /\*\*Core operation\*\*/.test(operation.description ?? ''),
          parameters: this.parameters(item.parameters ?? [], `${resolvedItemPointer}/parameters`, operation.parameters ?? [], `${operationPointer}/parameters`),
          requestBody: operation.requestBody ? this.requestBody(operation.requestBody, `${operationPointer}/requestBody`) : undefined,
          responses: Object.entries<Node>(operation.responses ?? {}).map(([status, response]) =>
            this.response(status, response, `${operationPointer}/responses/${escapePointer(status)}`),
          ),
          secured: security.some((requirement) => Object.keys(requirement).length > 0),
        });
      }
    }
    return operations;
  }

  private parameters(pathLevel: Node[], pathLevelPointer: string, operationLevel: Node[], operationLevelPointer: string): ParameterInfo[] {
    const collected = new Map<string, ParameterInfo>();
    const add = (list: Node[], listPointer: string) =>
      list.forEach((raw, index) => {
        const { node, pointer } = this.resolve(raw, `${listPointer}/${index}`);
        collected.set(`${node.in}:${node.name}`, {
          name: node.name,
          in: node.in,
          required: node.required === true,
          schemaPointer: `${pointer}/schema`,
          schema: node.schema ?? {},
        });
      });
    // Operation-level parameters override path-level ones with the same name and location.
    add(pathLevel, pathLevelPointer);
    add(operationLevel, operationLevelPointer);
    return [...collected.values()];
  }

  private requestBody(raw: Node, rawPointer: string): { required: boolean; content: MediaTypeInfo[] } {
    const { node, pointer } = this.resolve(raw, rawPointer);
    return { required: node.required === true, content: this.content(node.content ?? {}, `${pointer}/content`) };
  }

  private response(status: string, raw: Node, rawPointer: string): ResponseInfo {
    const { node, pointer } = this.resolve(raw, rawPointer);
    const headers = Object.entries<Node>(node.headers ?? {}).map(([name, rawHeader]) => {
      const header = this.resolve(rawHeader, `${pointer}/headers/${escapePointer(name)}`);
      return { name, required: header.node.required === true, schemaPointer: `${header.pointer}/schema` };
    });
    return {
      status,
      description: node.description ?? '',
      content: this.content(node.content ?? {}, `${pointer}/content`),
      headers,
    };
  }

  private content(content: Node, contentPointer: string): MediaTypeInfo[] {
    return Object.entries<Node>(content).map(([mediaType, media]) => ({
      mediaType,
      schemaPointer: `${contentPointer}/${escapePointer(mediaType)}/schema`,
      schema: media.schema ?? {},
    }));
  }
}

/** Reads an OpenAPI 3.1 document from a JSON or YAML file. */
export function loadContract(specPath: string = defaultSpecPath): ContractDocument {
  let text: string;
  try {
    text = readFileSync(specPath, 'utf8');
  } catch (error) {
    throw new SpecError(`Cannot read the OpenAPI document ${specPath}: ${(error as Error).message}`);
  }
  let parsed: Node;
  try {
    parsed = path.extname(specPath) === '.json' ? JSON.parse(text) : parseYaml(text);
  } catch (error) {
    throw new SpecError(`Cannot parse the OpenAPI document ${specPath}: ${(error as Error).message}`);
  }
  return new ContractDocument(parsed, specPath);
}
