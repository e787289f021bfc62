/**
 * The typed client for well-formed requests: openapi-fetch over the generated `paths`, so a request
 * the contract does not allow does not compile. It sends through the suite's own fetch, which records
 * and judges every exchange, and builds each request as its fields only (FieldsRequest), not as a
 * Request with a body stream that the suite would read back at once.
 */
import createClient, { type Client } from 'openapi-fetch';
import type { paths } from '../../generated/openapi.d.ts';
import { FieldsRequest, type PlainRequest } from './wire-request.ts';

export type ApiClient = Client<paths>;

export function createApiClient(baseUrl: string, authorization: string | undefined, send: (request: PlainRequest) => Promise<Response>): ApiClient {
  return createClient<paths>({
    baseUrl,
    headers: authorization === undefined ? {} : { Authorization: authorization },
    // openapi-fetch makes its request with this class and hands it to `fetch`: both are the suite's.
    Request: FieldsRequest as unknown as typeof Request,
    fetch: send as unknown as (request: Request) => Promise<Response>,
  });
}
