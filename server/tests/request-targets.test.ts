/**
 * What the HTTP layer answers before the app: an absolute-form target is served (RFC 9112, section
 * 3.2.2); a request without Host and an unknown expectation are problems, not Node's empty answers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { rawRequest } from './raw-http.ts';

let t: TestServer;
let origin: string;
beforeAll(async () => {
  t = await startTestServer();
  origin = new URL(t.baseUrl).origin;
});
afterAll(() => t.close());

describe('request targets and framing headers', () => {
  it('serves an absolute-form request target as its path and query', async () => {
    const answer = await rawRequest(
      origin,
      `GET ${t.baseUrl}/pages?size=1 HTTP/1.1\r\nHost: ${new URL(origin).host}\r\nAuthorization: Bearer ${t.token}\r\nConnection: close\r\n\r\n`,
    );
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ page: 1, size: 1 });
  });

  it('answers an HTTP/1.1 request without Host with a 400 problem', async () => {
    const answer = await rawRequest(origin, `GET /api/v1/pages HTTP/1.1\r\nAuthorization: Bearer ${t.token}\r\nConnection: close\r\n\r\n`);
    expect(answer.status).toBe(400);
    expect(answer.headers['content-type']).toBe('application/problem+json');
    expect(JSON.parse(answer.body)).toMatchObject({ type: 'https://publishing.example/problems/malformed-request', status: 400 });
    expect(JSON.parse(answer.body).detail).toMatch(/Host/);
  });

  it('answers an unknown expectation with a 417 problem', async () => {
    const answer = await rawRequest(
      origin,
      `POST /api/v1/pages HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${t.token}\r\nExpect: 200-ok\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`,
    );
    expect(answer.status).toBe(417);
    expect(answer.headers['content-type']).toBe('application/problem+json');
    expect(JSON.parse(answer.body)).toMatchObject({ type: 'https://publishing.example/problems/expectation-failed', status: 417 });
  });

});
