/**
 * The request parsers' first run costs a client's first request more than later ones: the JSON body
 * parser initialises its character-set tables (iconv) on its first body, multer and busboy set up on
 * the first upload, V8 compiles each function on its first call. So, after the validators are built
 * (warm-validators.ts), the parsing stages of the API run once each on a loopback listener of their
 * own that lives for the warm-up only: a JSON body, a one-pixel image upload and a query. Nothing else
 * of the application runs (no authentication, validator, handler or database); each request is
 * answered 204 by the warm-up's own last handler, and the upload parser removes the file it wrote
 * once that answer is complete, as for any upload. Each request enters in a heavy turn of the event
 * loop (heavy-turns.ts): clients connecting meanwhile are accepted first.
 */
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { Router, type ErrorRequestHandler } from 'express';
import { mountStages, type Stage } from './pipeline.ts';
import { inHeavyTurn } from './heavy-turns.ts';

/** The stages that read a request before the validator judges it. */
const PARSING_STAGES = new Set(['declared-length', 'body-admission', 'json-body', 'upload-parser', 'whole-numbers']);

// The smallest valid PNG: one transparent pixel.
const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

export async function warmParsers(stages: readonly Stage[], apiBase: string): Promise<void> {
  const parsing = stages.filter((stage) => PARSING_STAGES.has(stage.name));
  if (parsing.length === 0) return;
  const api = Router();
  mountStages(api, parsing);
  const app = express();
  app.use(apiBase, inHeavyTurn(api));
  app.use(((_err, _req, res, _next) => res.status(204).end()) as ErrorRequestHandler);
  app.use((_req, res) => res.status(204).end());

  const server: Server = createServer(app).listen(0, '127.0.0.1');
  await once(server, 'listening');
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}${apiBase}`;
  const upload = new FormData();
  upload.append('file', new Blob([PIXEL], { type: 'image/png' }), 'pixel.png');
  try {
    for (const send of [
      () => fetch(`${origin}/pages`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name: 'Warm-up', slug: null }) }),
      () => fetch(`${origin}/images/upload`, { method: 'POST', body: upload }),
      () => fetch(`${origin}/pages?page=1&size=10`),
    ]) {
      await (await send()).arrayBuffer();
    }
  } finally {
    server.close();
    server.closeAllConnections();
  }
}
