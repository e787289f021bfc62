/**
 * express-openapi-validator builds the validators of an operation (Ajv compiling its parameters, body
 * and every response) on the operation's first request: 30 to 500 ms of CPU each, 2.4 s for the whole
 * contract, which the first client of each operation would wait for. This builds them all once the
 * server listens, in the background, one operation at a time, so /healthz answers at once and a client
 * waits at most for the one operation being built when its request arrives.
 *
 * The validator keeps what it built in the middleware itself, keyed by method, route and content type.
 * So the same middleware is run, on a loopback listener of its own that lives for the warm-up only,
 * for one request per operation and content type: its request validator builds on the way in, and its
 * response validator on a `res.json()` of an empty object, whose verdict is dropped. Nothing else of
 * the application runs (no authentication, handler or database), and nothing of it is answered to
 * anyone: each request is answered 204 by the warm-up's own last handler.
 *
 * Each of those stages runs in a heavy turn of the event loop (heavy-turns.ts): a server that is
 * warming up while clients connect accepts them before it builds more.
 */
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import { inHeavyTurn } from './heavy-turns.ts';

// The contract is plain JSON walked by key.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Node = any;

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

export interface WarmRequest {
  method: string;
  path: string;
  contentType: string | undefined;
}

/** One request per operation and request content type, with every path parameter set to 1. */
export function warmRequests(contract: Node, apiBase: string): WarmRequest[] {
  const requests: WarmRequest[] = [];
  for (const [template, item] of Object.entries<Node>(contract.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const path = `${apiBase}${template.replace(/\{[^}]+\}/g, '1')}`;
      const body = operation.requestBody?.$ref ? undefined : operation.requestBody;
      const types = Object.keys(body?.content ?? {});
      if (types.length === 0) requests.push({ method: method.toUpperCase(), path, contentType: undefined });
      for (const type of types) requests.push({ method: method.toUpperCase(), path, contentType: type === 'multipart/form-data' ? `${type}; boundary=warm` : type });
    }
  }
  return requests;
}

/**
 * Runs one request per operation through the validator's middleware (all but its first, which installs
 * path parameters on the application it serves and must see the real one). Resolves when every
 * operation's validators are built; a failure only leaves the rest to be built on first use.
 */
export async function warmValidators(validator: RequestHandler[], contract: Node, apiBase: string, signal?: AbortSignal): Promise<void> {
  const [, ...building] = validator;
  const app = express();
  const carryOn: ErrorRequestHandler = (_err, _req, _res, next) => next();
  // The request validator refuses these empty requests; that has built it, so the request goes on.
  const answerEmpty: RequestHandler = (_req, res) => {
    res.json({});
  };
  app.use(apiBase, ...building.slice(0, -1).map((stage) => inHeavyTurn(stage)), carryOn, inHeavyTurn(building.at(-1)!), inHeavyTurn(answerEmpty));
  app.use(((_err, _req, res, _next) => res.status(204).end()) as ErrorRequestHandler);
  app.use((_req, res) => res.status(204).end());

  const server: Server = createServer(app).listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  try {
    for (const request of warmRequests(contract, apiBase)) {
      // A server shutting down stops here: what is left would be built on first use, and none will come.
      if (signal?.aborted) return;
      const response = await fetch(`http://127.0.0.1:${port}${request.path}`, {
        method: request.method,
        headers: request.contentType ? { 'Content-Type': request.contentType } : {},
        ...(request.contentType ? { body: '' } : {}),
      });
      await response.arrayBuffer();
    }
  } finally {
    server.close();
    server.closeAllConnections();
  }
}
