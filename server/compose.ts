/**
 * Wires a complete server from its configuration: database, stores, services, the delivery worker
 * with its mail transport, and the Express app. main.ts and the tests both start here.
 */
import path from 'node:path';
import { API_BASE, buildApp, type AppOptions } from './app.ts';
import { composeShadow } from './compose-shadow.ts';
import { rehearseAnswers } from './http/warm-answers.ts';
import { inTransaction, openDatabase, type Db } from './db/database.ts';
import { WalCheckpoints } from './db/wal-checkpoints.ts';
import { SnapshotReaders } from './db/snapshot-readers.ts';
import { OutboxTransport, SmtpTransport, type Transport } from './delivery/transports.ts';
import { DeliveryWorker } from './delivery/worker.ts';
import { systemClock, timestamp, type Clock } from './domain/clock.ts';
import { MarkdownPool, type MarkdownRenderer } from './domain/markdown-pool.ts';
import { FairMarkdown } from './domain/fair-markdown.ts';
import type { ServerConfig } from './config.ts';
import type { Logger } from './logger.ts';
import type { ServiceContext } from './services/context.ts';
import { createServices, type Services } from './services/index.ts';
import { createStores, type Stores } from './store/index.ts';
import type { RateLimitOptions } from './http/rate-limit.ts';

/** The parts of a server, made before its application. */
export interface ServerParts {
  db: Db;
  stores: Stores;
  services: Services;
  markdown: MarkdownRenderer;
}

/**
 * A build of the server that behaves otherwise on purpose, such as a test build: it may change the
 * parts once they are made (in place), and the application's pipeline by stage name (app.ts).
 */
export interface ServerVariant {
  adaptParts?(parts: ServerParts): void;
  adaptPipeline?: AppOptions['adaptPipeline'];
}

export interface ComposeOptions {
  logger: Logger;
  clock?: Clock;
  docsFile?: string;
  /**
   * Where the rate limits count (an express-rate-limit Store per limit). In memory when absent;
   * several processes that must share one limit pass a shared store here (rate-limit-redis).
   */
  rateLimitStore?: RateLimitOptions['store'];
  /** Benchmark only: false leaves request and response validation out (app.ts). */
  validation?: boolean;
  /** The real server when absent. */
  variant?: ServerVariant;
}

export function composeServer(config: ServerConfig, options: ComposeOptions) {
  const clock = options.clock ?? systemClock;
  const db: Db = openDatabase(config.databasePath);
  // Checkpoints of the WAL run in a thread of their own, not inside a request's commit.
  const checkpoints =
    config.databasePath === ':memory:'
      ? undefined
      : new WalCheckpoints(db, config.databasePath, (reason) => options.logger.warn({ reason }, 'WAL checkpoints are back on the event loop'));
  // Read-only connections a list answer holds one moment of the database with (db/snapshot-readers.ts).
  // A database in memory cannot have a second connection: its lists read as they write (list-snapshot.ts).
  const readers = config.databasePath === ':memory:' ? undefined : new SnapshotReaders(config.databasePath);
  const stores = createStores(db);
  const context: ServiceContext = { db, stores, clock, ...(readers ? { readers } : {}) };
  const imagesDir = path.join(config.dataDir, 'images');

  const transport: Transport = config.smtpUrl
    ? new SmtpTransport(config.smtpUrl)
    : new OutboxTransport(stores.deliveries, (work) => inTransaction(db, work), () => timestamp(clock));
  const worker = new DeliveryWorker(context, {
    transport,
    mailFrom: config.mailFrom,
    messageIdHost: new URL(config.publicUrl).hostname,
    batchSize: config.deliveryBatchSize,
    pollMs: config.deliveryPollMs,
    logger: options.logger,
  });
  const markdown = new FairMarkdown(new MarkdownPool());
  const services = createServices(context, {
    markdown,
    pagesDomain: config.pagesDomain,
    imagesDir,
    publicUrl: config.publicUrl,
    // After the request's transaction has committed (http/operations.ts), not inside it.
    onEmailQueued: () => setImmediate(() => worker.wake()),
  });
  const variant = options.variant;
  variant?.adaptParts?.({ db, stores, services, markdown });
  const appOptions: AppOptions = {
    db,
    stores,
    services,
    logger: options.logger,
    imagesDir,
    corsOrigins: config.corsOrigins,
    publicUrl: config.publicUrl,
    rateLimit: { ...config.rateLimit, ...(options.rateLimitStore ? { store: options.rateLimitStore } : {}) },
    trustProxy: config.trustProxy,
    ...(variant?.adaptPipeline ? { adaptPipeline: variant.adaptPipeline } : {}),
    ...(options.docsFile ? { docsFile: options.docsFile } : {}),
    ...(options.validation === undefined ? {} : { validation: options.validation }),
    // The warm-up's requests go to a copy of the server with nothing of this one but its validators.
    rehearseAnswers: async (api, signal) => {
      const shadow = composeShadow({ build: buildApp, options: appOptions, api, markdown, pagesDomain: config.pagesDomain });
      try {
        await rehearseAnswers(shadow, API_BASE, config, signal);
      } finally {
        shadow.close();
      }
    },
  };
  const app = buildApp(appOptions);

  return {
    app,
    db,
    stores,
    services,
    worker,
    transport,
    checkpoints,
    readers,
    /** Stops delivery after the batch in flight and closes the mail transport, the Markdown threads and the database. */
    async close(): Promise<void> {
      await worker.stop();
      await transport.close();
      await markdown.close();
      readers?.close();
      await checkpoints?.close();
      db.close();
    },
  };
}

export type ComposedServer = ReturnType<typeof composeServer>;
