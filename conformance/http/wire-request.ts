/**
 * The request `exchange()` sends, as bytes and header fields: from a Request (the typed client's, or a
 * form, which Request writes as multipart), or from the fields of a request the suite builds itself.
 */
import type { WireRequest } from './send.ts';

/**
 * A request as the fields `new Request(url, { method, headers, body })` would hold, sent without making
 * the Request: one costs a web stream for its body, which exchange() read back at once to send it (with
 * the clones fetch needed, about 90 µs of CPU a request). A form still goes through Request, which
 * writes it as multipart with a boundary of its own.
 */
export interface PlainRequest {
  method: string;
  url: string;
  headers: Headers;
  body?: string | Uint8Array | FormData;
}

/**
 * What the typed client builds its requests as (openapi-fetch's `Request` option): the fields of
 * `new Request(url, init)`, and nothing else. openapi-fetch reads back only the method; it hands the
 * object to its `fetch`, the suite's, which sends it through exchange().
 */
export class FieldsRequest implements PlainRequest {
  readonly method: string;
  readonly headers: Headers;
  readonly body?: string | Uint8Array | FormData;

  constructor(
    readonly url: string,
    init: { method?: string; headers?: ConstructorParameters<typeof Headers>[0]; body?: string | Uint8Array | FormData | null } = {},
  ) {
    this.method = init.method ?? 'GET';
    this.headers = new Headers(init.headers);
    this.body = init.body ?? undefined;
  }
}

/** Methods `new Request` wrote in capitals whatever their case, and the ones it refused. */
const NORMALIZED_METHODS = ['DELETE', 'GET', 'HEAD', 'OPTIONS', 'POST', 'PUT'];
const FORBIDDEN_METHODS = ['CONNECT', 'TRACE', 'TRACK'];

/** The request on the wire, as fetch would have sent `new Request(...)` of it (method, Content-Type of a text body, what it refuses). */
function plainToWire(request: PlainRequest & { body?: string | Uint8Array }): WireRequest {
  const upper = request.method.toUpperCase();
  if (FORBIDDEN_METHODS.includes(upper)) throw new TypeError(`'${request.method}' HTTP method is unsupported.`);
  const method = NORMALIZED_METHODS.includes(upper) ? upper : request.method;
  if (request.body !== undefined && (method === 'GET' || method === 'HEAD')) throw new TypeError('Request with GET/HEAD method cannot have body.');
  let headers = request.headers;
  if (typeof request.body === 'string' && !headers.has('content-type')) {
    headers = new Headers(headers);
    headers.set('content-type', 'text/plain;charset=UTF-8');
  }
  const url = new URL(request.url);
  // node:http would send them as Basic credentials.
  if (url.username || url.password) throw new TypeError(`Request cannot be constructed from a URL that includes credentials: ${request.url}`);
  const body = request.body === undefined ? undefined : typeof request.body === 'string' ? Buffer.from(request.body, 'utf8') : Buffer.from(request.body.buffer, request.body.byteOffset, request.body.byteLength);
  return { method, url: url.href, headers: [...headers.entries()], body };
}

async function requestToWire(request: Request): Promise<WireRequest> {
  // The caller's Request is read, not cloned: nothing sends it again (a 429 is retried from these bytes).
  const body = request.body === null ? undefined : Buffer.from(await request.arrayBuffer());
  return { method: request.method, url: request.url, headers: [...request.headers.entries()], body };
}

/** The run's extra headers added (a test's own value of a header wins). */
function withExtraHeaders(wire: WireRequest, extra: Record<string, string> | undefined): WireRequest {
  if (!extra) return wire;
  const headers = new Headers(wire.headers);
  for (const [name, value] of Object.entries(extra)) if (!headers.has(name)) headers.set(name, value);
  return { ...wire, headers: [...headers.entries()] };
}

/** The request on the wire, with the run's --header fields. */
export async function wireRequest(given: Request | PlainRequest, extraHeaders: Record<string, string> | undefined): Promise<WireRequest> {
  if (given instanceof Request) return withExtraHeaders(await requestToWire(given), extraHeaders);
  if (given.body instanceof FormData) return withExtraHeaders(await requestToWire(new Request(given.url, given)), extraHeaders);
  return withExtraHeaders(plainToWire({ ...given, body: given.body }), extraHeaders);
}
