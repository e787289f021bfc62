/**
 * The typed client for well-formed requests: openapi-fetch over the generated `paths`, so a request
 * the contract does not allow does not compile. It sends through the suite's own fetch, which records
 * and judges every exchange.
 */
import createClient, { type Client } from 'openapi-fetch';
import type { paths } from '../../generated/openapi.d.ts';

export type ApiClient = Client<paths>;

export function createApiClient(baseUrl: string, authorization: string | undefined, send: (request: Request) => Promise<Response>): ApiClient {
  return createClient<paths>({
    baseUrl,
    headers: authorization === undefined ? {} : { Authorization: authorization },
    fetch: send,
  });
}
