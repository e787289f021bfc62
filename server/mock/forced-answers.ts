/**
 * What the stateful mock answers for `Prefer: code=NNN`: for a status the operation declares, the
 * problem document the server gives for it, and for any other status a 422 that lists the declared
 * ones. The statuses, their problem types and their required headers are read from the contract, never
 * listed here: a status the contract adds to an operation can be forced at once.
 *
 * The problem is the one the contract's example of that response describes (`Prefer: example=Name`
 * picks another example of the same response, as with Prism): its type, title and errors, and its
 * required headers (`Retry-After`, `WWW-Authenticate`) with the contract's example values. Where the
 * server's own text names what the request is about, it is written as the server writes it: the
 * resource of the path for `not-found` (`There is no post 9 on page 2.`), the email for the email
 * conflicts. It goes out through the server's error handler, like every real problem.
 */
import { PROBLEM_BASE, ProblemError, problems, type FieldError } from '../http/problem.ts';
import { resolveRef } from '../http/contract-refs.ts';

// The bundled contract is plain JSON walked by key.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Node = any;

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];
const PROBLEM_MEDIA_TYPE = 'application/problem+json';

interface DeclaredResponse {
  /** Named examples of the problem body, in the contract's order; empty for a success. */
  examples: Array<{ name: string; value: Node }>;
  /** Headers the response must carry, with the contract's example value. */
  requiredHeaders: Array<{ name: string; example: string }>;
}

export interface DeclaredOperation {
  operationId: string;
  /** The path template relative to the API's base, `/pages/{page_id}/posts/{id}`. */
  template: string;
  responses: Map<string, DeclaredResponse>;
}

export class DeclaredAnswers {
  private readonly routes: Array<{ pattern: RegExp; method: string; operation: DeclaredOperation }> = [];

  constructor(private readonly contract: Node) {
    const basePath = new URL(contract.servers[0].url).pathname.replace(/\/$/, '');
    for (const [template, rawItem] of Object.entries<Node>(contract.paths)) {
      const item = this.resolve(rawItem);
      for (const method of METHODS) {
        const operation = item[method];
        if (!operation) continue;
        this.routes.push({
          pattern: new RegExp(`^${basePath}${template.replace(/\{[^}]+\}/g, '([^/]+)')}/?$`),
          method: method.toUpperCase(),
          operation: { operationId: operation.operationId, template, responses: this.responsesOf(operation) },
        });
      }
    }
  }

  /** The operation `method` on the full request path, with its path parameters; undefined when the contract has none. */
  match(method: string, requestPath: string): { operation: DeclaredOperation; params: string[] } | undefined {
    const wanted = method === 'HEAD' ? 'GET' : method;
    for (const route of this.routes) {
      if (route.method !== wanted) continue;
      const found = route.pattern.exec(requestPath);
      if (found) return { operation: route.operation, params: found.slice(1).map((p) => decodeURIComponent(p)) };
    }
    return undefined;
  }

  /** Every operation and its declared statuses, for tests that force each one. */
  operations(): Array<{ method: string; operation: DeclaredOperation }> {
    return this.routes.map(({ method, operation }) => ({ method, operation }));
  }

  private responsesOf(operation: Node): Map<string, DeclaredResponse> {
    const responses = new Map<string, DeclaredResponse>();
    for (const [status, raw] of Object.entries<Node>(operation.responses ?? {})) {
      const response = this.resolve(raw);
      const media = response.content?.[PROBLEM_MEDIA_TYPE];
      const examples = Object.entries<Node>(media?.examples ?? {}).map(([name, example]) => ({ name, value: this.resolve(example).value }));
      const requiredHeaders = Object.entries<Node>(response.headers ?? {})
        .map(([name, header]) => [name, this.resolve(header)] as const)
        .filter(([, header]) => header.required === true)
        .map(([name, header]) => ({ name, example: String(header.example ?? header.schema?.example ?? header.schema?.examples?.[0] ?? '') }));
      responses.set(status, { examples, requiredHeaders });
    }
    return responses;
  }

  private resolve(node: Node): Node {
    return resolveRef(this.contract, node);
  }
}

export interface ForcedRequest {
  method: string;
  operation: DeclaredOperation;
  /** The values of the template's path parameters, in order. */
  params: string[];
  status: string;
  /** `Prefer: example=...`, if given. */
  example: string | undefined;
}

/** The nouns of the path's collections, as the server's messages name one of them. */
const SINGULAR: Record<string, string> = {
  pages: 'page',
  posts: 'post',
  categories: 'category',
  newsletters: 'newsletter',
  emails: 'email',
  subscribers: 'subscriber',
  authors: 'author',
};

/** `There is no post 9 on page 2.`, as the services say it, for the resource the path names last. */
function notFoundDetail(template: string, params: string[]): string | undefined {
  const segments = template.split('/').filter(Boolean);
  // (collection, id) pairs along the path: /pages/{page_id}/posts/{id}/... → [pages, 2], [posts, 9]
  const named: Array<[string, string]> = [];
  let param = 0;
  for (let i = 0; i < segments.length; i += 1) {
    if (/^\{.+\}$/.test(segments[i]!)) named.push([SINGULAR[segments[i - 1]!] ?? segments[i - 1]!, params[param++]!]);
  }
  const last = named.at(-1);
  if (!last) return undefined;
  const parent = named.at(-2);
  if (!parent) return `There is no ${last[0]} ${last[1]} in your workspace.`;
  const preposition = last[0] === 'email' ? 'in' : 'on';
  return `There is no ${last[0]} ${last[1]} ${preposition} ${parent[0]} ${parent[1]}.`;
}

/** The id of the email the path names, for the email conflicts. */
const emailId = (template: string, params: string[]) => params[template.split('/').filter((s) => /^\{.+\}$/.test(s)).length - 1];

/** The server's own wording for the problems whose text names the request's resource. */
function ownDetail(kind: string, request: ForcedRequest): string | undefined {
  const { operation, params, method } = request;
  switch (kind) {
    case 'not-found':
      return notFoundDetail(operation.template, params);
    case 'email-already-sent':
      return `Email ${emailId(operation.template, params)} was sent at ${new Date().toISOString()} and cannot be sent again.`;
    case 'email-not-sendable':
      return `Email ${emailId(operation.template, params)} cannot be sent yet.`;
    case 'unauthorized':
      // The request carried a token the server accepted: the real case closest to it is a token revoked since.
      return 'The token is unknown or has been revoked.';
    case 'email-not-draft':
      return `Email ${emailId(operation.template, params)} is sent; only a draft can be ${method === 'DELETE' ? 'deleted' : 'changed'}.`;
    default:
      return undefined;
  }
}

/**
 * The problem for a forced status (`forced: true`), or the 422 that names what is declared when the
 * status or the example asked for is not.
 */
export function forcedProblem(request: ForcedRequest): { problem: ProblemError; forced: boolean } {
  const refused = (message: string) => ({ problem: problems.invalidField('header.prefer', message), forced: false });
  const { operation, status, params } = request;
  const declared = operation.responses.get(status);
  if (!declared) {
    const statuses = [...operation.responses.keys()].join(', ');
    return refused(`code=${status} is not a status ${operation.operationId} declares; it declares ${statuses}`);
  }
  const chosen = request.example === undefined ? declared.examples[0] : declared.examples.find((e) => e.name === request.example);
  if (!chosen) {
    const names = declared.examples.map((e) => e.name).join(', ') || 'none';
    return refused(`example=${request.example} is not an example of ${operation.operationId}'s ${status}; its examples are ${names}`);
  }
  const value = chosen.value as { type: string; title: string; status: number; detail?: string; errors?: FieldError[] };
  const kind = value.type.startsWith(PROBLEM_BASE) ? value.type.slice(PROBLEM_BASE.length) : value.type;
  const headers = Object.fromEntries(declared.requiredHeaders.map((h) => [h.name, h.example]));
  // An example's errors may name a newsletter: the one of the path, as the server would.
  const newsletter = operation.template.startsWith('/newsletters/{') ? params[0] : undefined;
  const errors = value.errors?.map((e) => (newsletter ? { ...e, message: e.message.replace(/newsletter \d+/, `newsletter ${newsletter}`) } : e));
  const detail = ownDetail(kind, request) ?? value.detail ?? value.title;
  return { problem: new ProblemError(value.status, kind, value.title, detail, errors, headers), forced: true };
}

/** Whether a status is a success, which the mock answers by doing what the request asks. */
export const isSuccess = (status: string) => /^2\d\d$/.test(status);
