/**
 * The deliberately broken targets the suite must catch, one bug class each. A fault marked `mock` is
 * injected in front of the Prism mock and tested by faults.test.ts; a fault marked `live` needs a
 * target that keeps state (the reference server) behind the proxy.
 *
 * The list grows with every bug class found: add the fault here, with the checks that must catch it.
 */
import type { Fault, FaultContext, ProxiedRequest, ProxiedResponse } from './proxy.ts';

type Json = Record<string, unknown>;

function parse(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
}

function withJson(response: ProxiedResponse, json: unknown): ProxiedResponse {
  return { ...response, body: Buffer.from(JSON.stringify(json)) };
}

function isEnvelope(json: unknown): json is { page: number; size: number; total: number; result: unknown[] } {
  return typeof json === 'object' && json !== null && Array.isArray((json as Json).result) && typeof (json as Json).total === 'number';
}

function query(request: ProxiedRequest): URLSearchParams {
  return new URLSearchParams(request.path.split('?')[1] ?? '');
}

function withQuery(request: ProxiedRequest, params: URLSearchParams): ProxiedRequest {
  const search = params.toString();
  return { ...request, path: `${request.path.split('?')[0]}${search ? `?${search}` : ''}` };
}

/** Rewrites a JSON request body (unparseable bodies go through untouched). */
function rewriteJsonBody(request: ProxiedRequest, change: (body: Json) => Json): ProxiedRequest {
  const body = parse(request.body);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return request;
  return { ...request, body: Buffer.from(JSON.stringify(change(body as Json))) };
}

/** The success example the contract gives for an operation: a plausible body for an accepted request. */
function successExample(context: FaultContext): { status: number; body: unknown } | undefined {
  const operation = context.operation;
  if (!operation) return undefined;
  const success = operation.responses.find((response) => /^2\d\d$/.test(response.status));
  if (!success) return undefined;
  const media = context.contract.at(success.content[0]?.schemaPointer.replace(/\/schema$/, '') ?? '');
  const example = Object.values<{ $ref?: string; value?: unknown }>(media?.examples ?? {})[0];
  const value = example?.$ref ? context.contract.resolve(example, '').node.value : example?.value;
  return { status: Number(success.status), body: value };
}

const bearer = (request: ProxiedRequest) => request.headers.authorization?.replace(/^Bearer /, '');

export const FAULTS: Fault[] = [
  {
    name: 'wrong-success-status',
    description: 'createPost answers 200 instead of 201',
    caughtBy: ['status_code_conformance'],
    breaks: ['responses.declared-status'],
    operations: ['createPost'],
    upstream: 'mock',
    rewriteResponse: (response, context) => (context.operation?.operationId === 'createPost' && response.status === 201 ? { ...response, status: 200 } : response),
  },
  {
    name: 'missing-response-field',
    description: 'posts are answered without their slug',
    caughtBy: ['response_schema_conformance'],
    breaks: ['responses.every-field'],
    operations: ['createPost'],
    upstream: 'mock',
    rewriteResponse: (response, context) => {
      const json = parse(response.body) as Json | undefined;
      if (context.operation?.operationId !== 'createPost' || !json || !('slug' in json)) return response;
      const { slug: _slug, ...rest } = json;
      return withJson(response, rest);
    },
  },
  {
    name: 'mistyped-response-field',
    description: "a subscriber's id is answered as a string",
    caughtBy: ['response_schema_conformance'],
    breaks: ['responses.every-field'],
    operations: ['createSubscriber'],
    upstream: 'mock',
    rewriteResponse: (response, context) => {
      const json = parse(response.body) as Json | undefined;
      if (context.operation?.operationId !== 'createSubscriber' || typeof json?.id !== 'number') return response;
      return withJson(response, { ...json, id: String(json.id) });
    },
  },
  {
    name: 'wrong-content-type',
    description: 'success bodies are sent as text/plain',
    caughtBy: ['content_type_conformance'],
    breaks: ['responses.media-type'],
    operations: ['listPages'],
    upstream: 'mock',
    rewriteResponse: (response) => (response.status < 300 && response.body.length > 0 ? { ...response, headers: { ...response.headers, 'content-type': 'text/plain' } } : response),
  },
  {
    name: 'problem-as-plain-json',
    description: 'errors are sent as application/json instead of application/problem+json',
    caughtBy: ['content_type_conformance'],
    breaks: ['responses.media-type'],
    operations: ['getPage'],
    upstream: 'mock',
    rewriteResponse: (response) =>
      response.headers['content-type']?.startsWith('application/problem+json') ? { ...response, headers: { ...response.headers, 'content-type': 'application/json' } } : response,
  },
  {
    name: 'problem-status-mismatch',
    description: "a problem document's status says 400 whatever the response's status",
    caughtBy: ['response_schema_conformance'],
    breaks: ['errors.problem-details'],
    operations: ['getPage'],
    upstream: 'mock',
    rewriteResponse: (response) => {
      if (!response.headers['content-type']?.startsWith('application/problem+json')) return response;
      const json = parse(response.body) as Json | undefined;
      return json && json.status !== 400 ? withJson(response, { ...json, status: 400 }) : response;
    },
  },
  {
    name: 'wrong-envelope-arithmetic',
    description: 'a list says total is one less than the items it holds',
    caughtBy: ['pagination_arithmetic'],
    breaks: ['lists.envelope-arithmetic'],
    operations: ['listEmails'],
    upstream: 'mock',
    rewriteResponse: (response) => {
      const json = parse(response.body);
      if (!isEnvelope(json) || json.result.length === 0) return response;
      return withJson(response, { ...json, total: json.result.length - 1 });
    },
  },
  {
    name: 'ignored-size-limit',
    description: 'a list answers more items than the size asked for (or the default 10)',
    caughtBy: ['pagination_arithmetic', 'pagination_defaults', 'pagination_limits', 'response_schema_conformance'],
    breaks: ['lists.envelope-arithmetic'],
    operations: ['listEmails'],
    upstream: 'mock',
    rewriteResponse: (response, context) => {
      const json = parse(response.body);
      if (!isEnvelope(json) || json.result.length === 0) return response;
      const size = Number(query(context.original).get('size') ?? 10);
      const result = Array.from({ length: size + 1 }, (_, index) => json.result[index % json.result.length]);
      return withJson(response, { ...json, total: Math.max(json.total, result.length), result });
    },
  },
  {
    name: 'default-not-applied',
    description: 'a list without size answers with size 20 instead of the default 10',
    caughtBy: ['pagination_defaults'],
    breaks: ['lists.default-page-and-size'],
    operations: ['listEmails'],
    upstream: 'mock',
    rewriteResponse: (response, context) => {
      const json = parse(response.body);
      if (!isEnvelope(json) || query(context.original).has('size')) return response;
      return withJson(response, { ...json, size: 20 });
    },
  },
  {
    name: 'server-error-on-bad-input',
    description: 'invalid input crashes the server: 500 instead of 422',
    caughtBy: ['not_a_server_error', 'negative_data_rejection'],
    breaks: ['responses.no-server-error', 'requests.schema-validation'],
    operations: ['createCategory'],
    upstream: 'mock',
    rewriteResponse: (response) =>
      response.status === 422
        ? withJson({ ...response, status: 500 }, { type: 'https://publishing.example/problems/internal-error', title: 'Internal error', status: 500 })
        : response,
  },
  {
    name: 'bad-input-accepted',
    description: 'invalid input is accepted: the 422 becomes the success status with a plausible body',
    caughtBy: ['negative_data_rejection'],
    breaks: ['requests.schema-validation'],
    operations: ['createSubscriber'],
    upstream: 'mock',
    rewriteResponse: (response, context) => {
      const success = response.status === 422 ? successExample(context) : undefined;
      if (!success) return response;
      return withJson({ ...response, status: success.status, headers: { ...response.headers, 'content-type': 'application/json' } }, success.body);
    },
  },
  {
    name: 'wrong-error-status',
    description: 'schema violations are answered 400 instead of 422',
    caughtBy: ['negative_data_rejection'],
    breaks: ['requests.schema-validation'],
    operations: ['createPage'],
    upstream: 'mock',
    rewriteResponse: (response) => {
      const json = parse(response.body) as Json | undefined;
      return response.status === 422 ? withJson({ ...response, status: 400 }, { ...json, status: 400 }) : response;
    },
  },
  {
    name: 'missing-auth-check',
    description: 'requests without a valid token are served as if they had one',
    caughtBy: ['ignored_auth'],
    breaks: ['auth.bearer-required'],
    operations: ['updateNewsletter'],
    upstream: 'mock',
    rewriteResponse: async (response, context) =>
      response.status === 401
        ? context.forward({ ...context.original, headers: { ...context.original.headers, authorization: `Bearer ${context.tokens.valid}` } })
        : response,
  },
  {
    name: 'missing-www-authenticate',
    description: '401 is answered without WWW-Authenticate',
    caughtBy: ['response_headers_conformance'],
    // Only the response-level check sees the missing header; the authentication tests judge the status.
    breaks: ['responses.declared-headers'],
    operations: ['listAuthors'],
    upstream: 'mock',
    rewriteResponse: (response) => {
      if (response.status !== 401) return response;
      const { 'www-authenticate': _dropped, ...headers } = response.headers;
      return { ...response, headers };
    },
  },
  {
    name: 'malformed-rate-limit-header',
    description: 'every answer carries RateLimit in the older draft syntax (limit=, remaining=, reset=)',
    caughtBy: ['response_headers_conformance'],
    breaks: ['responses.declared-headers'],
    operations: ['listPages'],
    upstream: 'mock',
    rewriteResponse: (response) => ({ ...response, headers: { ...response.headers, ratelimit: 'limit=100, remaining=99, reset=60' } }),
  },
  {
    name: 'plain-429',
    description: 'requests are refused with a bare 429: text/plain, no Retry-After',
    caughtBy: ['response_headers_conformance', 'content_type_conformance', 'response_schema_conformance'],
    breaks: ['responses.declared-headers', 'responses.media-type'],
    // An operation with few tests: the suite waits out every 429 (1, 2 and 4 s without Retry-After)
    // before it gives a request up, so each of its tests takes about 7 s here.
    operations: ['uploadImage'],
    upstream: 'mock',
    rewriteResponse: (response, context) =>
      context.operation?.operationId === 'uploadImage'
        ? { ...response, status: 429, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: Buffer.from('Too Many Requests') }
        : response,
  },
  {
    name: 'send-answers-draft',
    description: 'sendEmail answers 200 with the email still a draft',
    caughtBy: ['email_send_state_table'],
    breaks: ['email.send-now'],
    operations: ['sendEmail'],
    upstream: 'mock',
    rewriteResponse: (response, context) => {
      const json = parse(response.body) as Json | undefined;
      if (context.operation?.operationId !== 'sendEmail' || response.status !== 200 || !json) return response;
      return withJson(response, { ...json, status: 'draft' });
    },
  },

  // Below: faults of behaviour that only a target with state shows. They need the reference server
  // (or any live target) behind the proxy.
  {
    name: 'upsert-duplicates',
    description: 'every createSubscriber creates a new subscriber, even for an address already there',
    caughtBy: ['subscriber_upsert_identity', 'subscriber_upsert_concurrency'],
    breaks: ['subscriber.upsert-same-id'],
    operations: ['createSubscriber'],
    upstream: 'live',
    rewriteRequest: (() => {
      let calls = 0;
      return (request: ProxiedRequest, context: FaultContext) =>
        context.operation?.operationId === 'createSubscriber'
          ? rewriteJsonBody(request, (body) => ({ ...body, email: String(body.email).trim().replace('@', `+dup${++calls}@`) }))
          : request;
    })(),
  },
  {
    name: 'case-sensitive-upsert',
    description: 'createSubscriber tells addresses apart by letter case',
    caughtBy: ['subscriber_upsert_identity', 'subscriber_upsert_concurrency'],
    breaks: ['subscriber.upsert-same-id'],
    operations: ['createSubscriber'],
    upstream: 'live',
    // An address with capitals becomes a different address, as a case-sensitive match would treat it.
    rewriteRequest: (request, context) =>
      context.operation?.operationId === 'createSubscriber'
        ? rewriteJsonBody(request, (body) => {
            const email = String(body.email).trim();
            return email === email.toLowerCase() ? body : { ...body, email: email.replace('@', `+${email.replace(/[^A-Z]/g, '').toLowerCase()}@`) };
          })
        : request,
  },
  {
    name: 'past-send-accepted',
    description: 'sendEmail accepts a time in the past (and sends at once)',
    caughtBy: ['email_send_state_table'],
    breaks: ['email.send-past-time'],
    operations: ['sendEmail'],
    upstream: 'live',
    rewriteRequest: (request, context) =>
      context.operation?.operationId === 'sendEmail'
        ? rewriteJsonBody(request, (body) => {
            const at = typeof body.scheduled_at === 'string' ? Date.parse(body.scheduled_at) : Number.NaN;
            if (Number.isNaN(at) || at > Date.now()) return body;
            const { scheduled_at: _past, ...rest } = body;
            return rest;
          })
        : request,
  },
  {
    name: 'resend-sent-email',
    description: 'sendEmail on an email already sent answers 200 instead of 409',
    caughtBy: ['email_send_state_table'],
    breaks: ['email.send-already-sent'],
    operations: ['sendEmail'],
    upstream: 'live',
    rewriteResponse: async (response, context) => {
      if (context.operation?.operationId !== 'sendEmail' || response.status !== 409) return response;
      const emailPath = context.original.path.split('?')[0]!.replace(/\/send$/, '');
      const email = await context.forward({ method: 'GET', path: emailPath, headers: context.original.headers, body: Buffer.alloc(0) });
      return { ...email, status: 200 };
    },
  },
  {
    name: 'cross-workspace-leak',
    description: "a second workspace's token sees the first workspace's resources",
    caughtBy: ['workspace_isolation'],
    breaks: ['auth.workspace-scope'],
    operations: ['getPage', 'updatePost', 'listNewsletters'],
    upstream: 'live',
    rewriteRequest: (request, context) =>
      context.tokens.other && bearer(request) === context.tokens.other
        ? { ...request, headers: { ...request.headers, authorization: `Bearer ${context.tokens.valid}` } }
        : request,
  },
  {
    name: 'unknown-token-accepted',
    description: 'a token no workspace has is served as a valid one',
    caughtBy: ['ignored_auth'],
    breaks: ['auth.bearer-required'],
    operations: ['listPages'],
    upstream: 'live',
    rewriteRequest: (request, context) => {
      const token = bearer(request);
      return token && token !== context.tokens.valid && token !== context.tokens.other && request.headers.authorization?.startsWith('Bearer ')
        ? { ...request, headers: { ...request.headers, authorization: `Bearer ${context.tokens.valid}` } }
        : request;
    },
  },
  {
    name: 'ignored-status-filter',
    description: 'list operations ignore the status filter',
    caughtBy: ['status_filter'],
    breaks: ['lists.exact-filters'],
    operations: ['listEmails', 'listPosts', 'listSubscribers'],
    upstream: 'live',
    rewriteRequest: (request, context) => {
      if (!context.operation?.operationId.startsWith('list')) return request;
      const params = query(request);
      params.delete('status');
      return withQuery(request, params);
    },
  },
  {
    name: 'default-size-not-applied',
    description: 'a list without size answers 20 items per page, though the envelope says 10',
    caughtBy: ['pagination_defaults', 'pagination_arithmetic'],
    breaks: ['lists.default-page-and-size'],
    operations: ['listEmails'],
    upstream: 'live',
    rewriteRequest: (request, context) => {
      const params = query(request);
      if (context.operation?.operationId !== 'listEmails' || params.has('size')) return request;
      params.set('size', '20');
      return withQuery(request, params);
    },
    rewriteResponse: (response, context) => {
      const json = parse(response.body);
      if (!isEnvelope(json) || query(context.original).has('size')) return response;
      return withJson(response, { ...json, size: 10 });
    },
  },
];
