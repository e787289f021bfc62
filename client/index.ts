/**
 * A typed client for the Publishing Service API: openapi-fetch over the contract's generated types,
 * with the bearer token attached to every request. Paths, parameters, bodies and responses are all
 * checked by the TypeScript compiler against the contract.
 *
 *   const api = createPublishingClient({ baseUrl: 'http://localhost:3000/api/v1', token });
 *   const { data, error } = await api.GET('/newsletters/{newsletter_id}/emails', {
 *     params: { path: { newsletter_id: 3 }, query: { status: 'sent' } },
 *   });
 *
 * Like openapi-fetch itself, it never throws on an HTTP error: `error` holds the problem details.
 */
import createClient, { type Client } from 'openapi-fetch';
import type { paths } from '../generated/openapi.d.ts';

export type { paths, components, operations } from '../generated/openapi.d.ts';
export type PublishingClient = Client<paths, 'application/json'>;

export interface PublishingClientOptions {
  /** The server URL, ending in /api/v1 (for the Prism mock, its root: http://127.0.0.1:4010). */
  baseUrl: string;
  token: string;
  /** A fetch implementation to use instead of the global one (for tests or proxies). */
  fetch?: typeof globalThis.fetch;
}

export function createPublishingClient(options: PublishingClientOptions): PublishingClient {
  const client = createClient<paths, 'application/json'>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  client.use({
    onRequest({ request }) {
      request.headers.set('Authorization', `Bearer ${options.token}`);
      return request;
    },
  });
  return client;
}
