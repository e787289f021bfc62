/**
 * Serves the rendered docs page (scripts/docs.ts) at /docs, naming the server it is served from: the
 * page is built once from the contract, whose server is the local development URL, and each server
 * puts its own public origin in its place, so "Try it" and the servers panel point where the reader is.
 */
import { readFileSync, statSync } from 'node:fs';
import type { RequestHandler } from 'express';
import { problems } from './problem.ts';

export function docsPage(file: string | undefined, contractServerUrl: string, ownServerUrl: string): RequestHandler {
  let cached: { mtimeMs: number; html: string } | undefined;
  return (_req, res, next) => {
    const stat = file ? statSync(file, { throwIfNoEntry: false }) : undefined;
    if (!file || !stat) return next(problems.notFound('The docs page has not been built; run `npm run docs`.'));
    // Rebuilt while the server runs (npm run docs): read it again.
    if (cached?.mtimeMs !== stat.mtimeMs) {
      cached = { mtimeMs: stat.mtimeMs, html: readFileSync(file, 'utf8').replaceAll(contractServerUrl, ownServerUrl) };
    }
    res.type('html').send(cached.html);
  };
}
