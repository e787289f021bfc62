/**
 * Kit.call's requests (http/operation-request.ts) are the ones the typed client (openapi-fetch) makes for
 * the same call: method, URL with its path and query encoding, headers and body, for every operation of
 * the contract.
 */
import createClient from 'openapi-fetch';
import { describe, expect, it } from 'vitest';
import { loadContract } from '../contract/document.ts';
import { operationRequest } from '../http/operation-request.ts';

const contract = loadContract();
const BASE_URL = 'http://target.example:8080/api/v1/';

async function clientRequest(authorization: string, method: string, path: string, init: Record<string, unknown>): Promise<Request> {
  let sent: Request | undefined;
  const client = createClient({ baseUrl: BASE_URL, headers: { Authorization: authorization }, fetch: async (request: Request) => ((sent = request), new Response(null, { status: 204 })) });
  await (client.request as unknown as (method: string, path: string, init: Record<string, unknown>) => Promise<unknown>)(method, path, init);
  return sent!;
}

describe("Kit.call's request", () => {
  it("is the typed client's, for every operation, with odd ids, queries and bodies", async () => {
    const queries: (Record<string, string | number | boolean> | undefined)[] = [undefined, {}, { page: 2, size: 5 }, { q: 'a b/é?&=#', status: 'sent', active: true }];
    const bodies = [undefined, { name: 'é "quoted" \u2028', nested: { list: [1, null, 'x'] } }, null, 'text', 0];
    for (const operation of contract.operations) {
      const ids = Object.fromEntries(operation.parameters.filter((parameter) => parameter.in === 'path').map((parameter, index) => [parameter.name, index === 0 ? 'a b/é' : 42]));
      for (const query of queries) {
        // A GET or HEAD with a body is refused before it is sent, by either.
        for (const body of ['GET', 'HEAD'].includes(operation.method) ? [undefined] : bodies) {
          const expected = await clientRequest('Bearer t0k3n', operation.method, operation.path, { params: { path: ids, query }, body });
          const built = operationRequest(BASE_URL, 'Bearer t0k3n', { method: operation.method, path: operation.path, ids, query, body });
          const label = `${operation.operationId} ${JSON.stringify(query)} ${JSON.stringify(body)}`;
          expect(built.method, label).toBe(expected.method);
          expect(new URL(built.url).href, label).toBe(expected.url);
          expect([...built.headers.entries()], label).toEqual([...expected.headers.entries()]);
          expect(built.body, label).toBe(expected.body === null ? undefined : await expected.text());
        }
      }
    }
  });
});
