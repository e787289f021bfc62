/**
 * Lookups into the bundled contract that error handling needs: which methods a path allows (for a
 * 405's `Allow` header) and which values an enum admits (to list them in a 422's message); and the
 * parameters of an operation, for the checks that read a request's raw text before the validator.
 */
import { resolveRef } from './contract-refs.ts';
// The contract is plain JSON walked by key; a precise type would add nothing here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Node = any;

const METHODS = ['get', 'head', 'put', 'post', 'delete', 'options', 'patch', 'trace'];

/** An operation of the contract: its path's template (`/pages/{page_id}/posts`) and its parameters, resolved. */
export interface Operation {
  readonly template: string;
  readonly parameters: readonly Node[];
}

export class ContractIndex {
  private readonly routes: Array<{ pattern: RegExp; template: string; methods: string[] }>;
  private readonly basePath: string;
  /** Each operation asked for, by lower-case method and template; null where the path has no such method. */
  private readonly operations = new Map<string, Operation | null>();

  constructor(private readonly contract: Node) {
    this.basePath = new URL(contract.servers[0].url).pathname.replace(/\/$/, '');
    this.routes = Object.entries<Node>(contract.paths).map(([template, item]) => ({
      template,
      // In any letter case, as the router matches paths (express and the validator route `/PAGES` as
      // `/pages`): a path it answers is one whose HEAD, Allow and parameter checks are found here too.
      pattern: new RegExp(`^${this.basePath}${template.replace(/\{[^}]+\}/g, '[^/]+')}/?$`, 'i'),
      // HEAD is answered wherever GET is (http/head.ts), as HTTP requires.
      methods: METHODS.filter((m) => this.resolve(item)[m] || (m === 'head' && this.resolve(item).get)).map((m) => m.toUpperCase()),
    }));
  }

  private resolve(node: Node): Node {
    return resolveRef(this.contract, node);
  }

  /** The methods the contract declares for a request path, or undefined for an unknown path. */
  allowedMethods(requestPath: string): string[] | undefined {
    return this.routes.find((route) => route.pattern.test(requestPath))?.methods;
  }

  /** Whether the contract declares GET for a request path. */
  hasGet(requestPath: string): boolean {
    return this.allowedMethods(requestPath)?.includes('GET') ?? false;
  }

  /**
   * The operation `method` on `requestPath`: the path's template (`/pages/{page_id}/posts`) and the
   * operation's parameters, resolved; undefined when the contract has no such operation.
   */
  operationAt(method: string, requestPath: string): Operation | undefined {
    const route = this.routes.find((r) => r.pattern.test(requestPath));
    if (!route) return undefined;
    const key = `${method.toLowerCase()} ${route.template}`;
    // Resolved once per operation (a request used to resolve its operation's parameters again, about
    // 5 % of a simple request's CPU); null for a method the path does not have.
    let found = this.operations.get(key);
    if (found === undefined) {
      found = this.resolveOperation(method, route.template);
      this.operations.set(key, found);
    }
    return found ?? undefined;
  }

  private resolveOperation(method: string, template: string): Operation | null {
    const item = this.resolve(this.contract.paths[template]);
    const operation = item?.[method.toLowerCase()];
    if (!operation) return null;
    const parameters = [...(item.parameters ?? []), ...(operation.parameters ?? [])].map((p: Node) => {
      const parameter = this.resolve(p);
      return Object.freeze({ ...parameter, schema: this.resolve(parameter.schema) });
    });
    return Object.freeze({ template, parameters: Object.freeze(parameters) });
  }

  /**
   * The enum values of the input a validator error points at (`/body/status`, `/query/status`), for
   * the operation `method` on `requestPath`.
   */
  enumAt(method: string, requestPath: string, errorPath: string): readonly unknown[] | undefined {
    const route = this.routes.find((r) => r.pattern.test(requestPath));
    if (!route) return undefined;
    const operation = this.resolve(this.contract.paths[route.template])?.[method.toLowerCase()];
    if (!operation) return undefined;
    const [, location, ...rest] = errorPath.split('/');
    let schema: Node;
    if (location === 'body') {
      schema = this.resolve(this.resolve(operation.requestBody)?.content?.['application/json']?.schema);
      for (const key of rest) schema = this.resolve(this.propertiesOf(schema)[key]);
    } else if (location === 'query' || location === 'params') {
      const where = location === 'params' ? 'path' : 'query';
      const parameter = (operation.parameters ?? []).map((p: Node) => this.resolve(p)).find((p: Node) => p.in === where && p.name === rest[0]);
      schema = this.resolve(parameter?.schema);
    }
    return schema?.enum;
  }

  private propertiesOf(schema: Node): Record<string, Node> {
    const merged: Record<string, Node> = {};
    for (const part of schema?.allOf ?? []) Object.assign(merged, this.propertiesOf(this.resolve(part)));
    return Object.assign(merged, schema?.properties ?? {});
  }
}
