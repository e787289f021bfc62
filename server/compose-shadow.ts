/**
 * A throwaway copy of the server for the warm-up's rehearsal of every answer (http/warm-answers.ts):
 * the same application (app.ts's buildApp, every stage made by the same code) over its own database
 * in memory, its images in a temporary folder, its own rate limits (in memory, whatever the real
 * server counts in), a logger at the real one's level that writes nowhere, and a workspace and token
 * of its own. So what the rehearsal's requests create, and the lines logged for them, go nowhere a
 * client or an operator sees, and none of them counts against a real token or address.
 *
 * It shares with the real application what is built once and kept: the validator's compiled
 * validators and the list answers' (their stages are the real ones), and the Markdown threads (the
 * rehearsal renders no Markdown, so none is started for it). The validator's first handler is left
 * out: it installs the path parameters on the first application it serves, which must be the real one.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Express } from 'express';
import type { AppOptions } from './app.ts';
import { openDatabase } from './db/database.ts';
import { systemClock, timestamp } from './domain/clock.ts';
import type { MarkdownRenderer } from './domain/markdown-pool.ts';
import { replaceStage, stageNamed, type Stage } from './http/pipeline.ts';
import { createLogger } from './logger.ts';
import { createServices } from './services/index.ts';
import { createStores } from './store/index.ts';
import { newToken } from './store/tokens.ts';

export interface ShadowServer {
  app: Express;
  /** A token of the shadow's workspace. */
  token: string;
  /** An author of that workspace: the API creates none. */
  authorId: number;
  /** Closes its database and removes its images. */
  close(): void;
}

export interface ShadowOf {
  /** The real application's builder (app.ts's buildApp), passed in to keep the modules acyclic. */
  build: (options: AppOptions) => Express;
  /** The real application's options: its level of logging, limits, URLs and CORS origins are copied. */
  options: AppOptions;
  /** The real application's API stages, whose validator and list answers the shadow shares. */
  api: readonly Stage[];
  markdown: MarkdownRenderer;
  pagesDomain: string;
}

/** A destination that drops every line: the shadow's requests are logged by the real code, to nowhere. */
const NOWHERE = { write: () => {} };

export function composeShadow(real: ShadowOf): ShadowServer {
  // In memory, so without snapshot readers: a list reads each long content as its item is written,
  // from the one connection there is. That is of one moment here, since the rehearsal's requests come
  // one after another and nothing else writes to this database (http/list-snapshot.ts).
  const db = openDatabase(':memory:');
  const imagesRoot = mkdtempSync(path.join(tmpdir(), 'publishing-warm-up-'));
  try {
    const imagesDir = path.join(imagesRoot, 'images');
    const stores = createStores(db);
    const context = { db, stores, clock: systemClock };
    const services = createServices(context, {
      markdown: real.markdown,
      pagesDomain: real.pagesDomain,
      imagesDir,
      publicUrl: real.options.publicUrl,
      // Emails are queued in the shadow's own database; no worker delivers them.
      onEmailQueued: () => {},
    });
    const sharedValidator = [stageNamed(real.api, 'validator').handler].flat().slice(1);
    const sharedLists = stageNamed(real.api, 'list-answers').handler;
    const { store: _realCounters, ...limits } = real.options.rateLimit;
    const app = real.build({
      db,
      stores,
      services,
      logger: createLogger(real.options.logger.level, NOWHERE),
      imagesDir,
      corsOrigins: real.options.corsOrigins,
      publicUrl: real.options.publicUrl,
      rateLimit: limits,
      trustProxy: real.options.trustProxy ?? false,
      adaptPipeline: (pipeline) => ({ ...pipeline, api: replaceStage(replaceStage(pipeline.api, 'validator', sharedValidator), 'list-answers', sharedLists) }),
    });
    const now = timestamp(systemClock);
    const workspace = stores.tokens.createWorkspace('Warm-up workspace', now);
    const token = newToken();
    stores.tokens.addToken(workspace, token, 'warm-up', now);
    const author = services.authors.create(workspace, { first_name: 'Warm', last_name: 'Up', email: 'warm-up@example.com', position: 'Editor' });
    return {
      app,
      token,
      authorId: author.id,
      close: () => {
        db.close();
        rmSync(imagesRoot, { recursive: true, force: true });
      },
    };
  } catch (err) {
    db.close();
    rmSync(imagesRoot, { recursive: true, force: true });
    throw err;
  }
}
