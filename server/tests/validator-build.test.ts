/**
 * This project's patch of express-openapi-validator (patches/) builds each shared response's validator
 * once and leaves the document's `paths` out of the schemas it hands Ajv when nothing refers into
 * them. Neither may change a verdict: an answer that breaks a response shared by several operations is
 * refused whichever operation built its validator first, and a document whose schemas do refer into
 * `paths` is still validated through those references.
 */
import type { AddressInfo } from 'node:net';
import express, { type ErrorRequestHandler } from 'express';
import * as OpenApiValidator from 'express-openapi-validator';
import { afterEach, describe, expect, it } from 'vitest';

const problem = { type: 'object', required: ['title'], properties: { title: { type: 'string' } }, additionalProperties: false };

/** Two operations share one response (components/responses/NotFound); /b's 200 refers into `paths`. */
const document = {
  openapi: '3.1.0',
  info: { title: 't', version: '1' },
  paths: {
    '/a': {
      get: {
        responses: {
          '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object', required: ['a'], properties: { a: { type: 'integer' } } } } } },
          '404': { $ref: '#/components/responses/NotFound' },
        },
      },
    },
    '/b': {
      get: {
        responses: {
          '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/paths/~1a/get/responses/200/content/application~1json/schema' } } } },
          '404': { $ref: '#/components/responses/NotFound' },
        },
      },
    },
  },
  components: { responses: { NotFound: { description: 'gone', content: { 'application/json': { schema: problem } } } } },
};

let close: (() => void) | undefined;
afterEach(() => close?.());

/** A server whose handlers answer the status and body the request's `x-status` and `x-body` ask for. */
async function serve(): Promise<string> {
  const app = express();
  app.use(OpenApiValidator.middleware({ apiSpec: structuredClone(document) as never, validateRequests: true, validateResponses: true, validateApiSpec: false }));
  const answer: express.RequestHandler = (req, res) => {
    res.status(Number(req.header('x-status') ?? 200)).json(JSON.parse(req.header('x-body') ?? '{}'));
  };
  app.get('/a', answer);
  app.get('/b', answer);
  app.use(((err, _req, res, _next) => res.status(err.status ?? 500).json({ status: err.status ?? 500 })) as ErrorRequestHandler);
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  close = () => server.close();
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const get = (origin: string, path: string, status: number, body: unknown) => fetch(`${origin}${path}`, { headers: { 'x-status': String(status), 'x-body': JSON.stringify(body) } }).then((response) => response.status);

describe('the patched validator', () => {
  it('refuses a broken shared response on every operation that answers it, whichever built it first', async () => {
    const origin = await serve();
    expect(await get(origin, '/a', 404, { title: 'gone' })).toBe(404);
    expect(await get(origin, '/a', 404, { detail: 'no title' })).toBe(500);
    // /b's 404 is the same response: its validator was built for /a, and judges /b's answers too.
    expect(await get(origin, '/b', 404, { title: 'gone' })).toBe(404);
    expect(await get(origin, '/b', 404, { title: 7 })).toBe(500);
  });

  it('still follows references into paths', async () => {
    const origin = await serve();
    expect(await get(origin, '/b', 200, { a: 1 })).toBe(200);
    expect(await get(origin, '/b', 200, { a: 'one' })).toBe(500);
  });
});
