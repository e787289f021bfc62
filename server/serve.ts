/**
 * Runs a reference server as `npm start` does: on port 3000 with its SQLite file, the local mail
 * outbox and the docs, printing where to find everything and the development token, until SIGTERM or
 * SIGINT. main.ts runs the real server; a variant's own command runs it with the variant.
 */
import type { Server } from 'node:http';
import { API_BASE, warmUpOf } from './app.ts';
import { ensureDevelopmentWorkspace } from './bootstrap.ts';
import { composeServer, type ServerVariant } from './compose.ts';
import { loadConfig } from './config.ts';
import { systemClock } from './domain/clock.ts';
import { DOCS_FILE, renderDocs } from './docs-file.ts';
import { createHttpServer } from './http/listen.ts';
import { createLogger } from './logger.ts';
import { dataDirProblem, databaseProblem } from './startup-check.ts';

export interface ServeOptions {
  /** A build of the server that behaves otherwise on purpose; the real server when absent. */
  variant?: ServerVariant;
  /** Logged at start-up, for a variant that must say what it is. */
  warning?: string;
}

/** How long after listening the warm-up starts (see below). */
const WARM_UP_DELAY_MS = 250;

/** Ends start-up with one line that names the file and says what to do, instead of a stack trace. */
function refuseToStart(line: string): never {
  process.stderr.write(`${line}\n`);
  process.exit(1);
}

export async function serve(options: ServeOptions = {}): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const dataDirLine = dataDirProblem(config.dataDir);
  if (dataDirLine) refuseToStart(dataDirLine);

  let server: ReturnType<typeof composeServer>;
  try {
    server = composeServer(config, { logger, docsFile: DOCS_FILE, ...(options.variant ? { variant: options.variant } : {}) });
  } catch (err) {
    const line = databaseProblem(config.databasePath, err);
    if (!line) throw err;
    refuseToStart(line);
  }
  const access = ensureDevelopmentWorkspace(server.stores, server.services, systemClock, {
    dataDir: config.dataDir,
    fixedToken: config.devToken,
    persistToken: config.databasePath !== ':memory:',
  });

  if (options.warning) logger.warn(options.warning);
  const docsBuild = new AbortController();
  const warming = new AbortController();
  let warmUpTimer: NodeJS.Timeout | undefined;

  const http: Server = createHttpServer(server.app, config).listen(config.port, config.host, () => {
    server.worker.start();
    const lines = [
      '',
      `Publishing API   ${config.publicUrl}${API_BASE}`,
      `Docs             ${config.publicUrl}/docs`,
      `Contract         ${config.publicUrl}/openapi.yaml`,
      `Database         ${config.databasePath}`,
      `Mail             ${config.smtpUrl ? 'SMTP' : 'outbox table in the database (npm run admin -- outbox)'}`,
      access.token
        ? `Token            ${access.token}${access.created ? '   (new development workspace)' : ''}`
        : 'Token            create one with: npm run admin -- token create --workspace 1',
      '',
      access.token ? `Try: curl -H "Authorization: Bearer ${access.token}" ${config.publicUrl}${API_BASE}/newsletters` : '',
      '',
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
    // After listening, in the background (http/warm-validators.ts and what app.ts adds to it), and not
    // at once: a process manager asks /healthz as soon as the port is open, and the warm-up's first
    // step (the validator reading the contract, 100 to 200 ms of the event loop) would hold that answer
    // up. An API request that comes first reads the contract itself, as it would without a warm-up.
    warmUpTimer = setTimeout(() => {
      const warmingSince = performance.now();
      warmUpOf(server.app)(warming.signal).then(
        () => logger.info({ ms: Math.round(performance.now() - warmingSince) }, 'validators built for every operation'),
        (err) => logger.warn({ err }, 'validators could not be built ahead; each is built on its first request'),
      );
    }, WARM_UP_DELAY_MS);
    // After listening, in a process of its own: the API answers at once, and /docs serves the page
    // rendered before (or answers 404) until this one is written, a few seconds later.
    if (config.buildDocs) {
      renderDocs(DOCS_FILE, docsBuild.signal).catch((err: Error) => {
        if (!docsBuild.signal.aborted) logger.warn(`the docs page was not rendered (${err.message}); /docs serves the page rendered before, if any`);
      });
    }
  });

  let shuttingDown = false;
  async function shutdown(signal: string): Promise<void> {
    if (shuttingDown) return;
    shuttingDown = true;
    docsBuild.abort(); // a rendering still running is not finished: the next start renders again
    clearTimeout(warmUpTimer);
    warming.abort();
    logger.info({ signal }, 'shutting down: finishing requests in flight and the delivery batch in progress');
    // Stop accepting connections; close() calls back once every connection has ended. A keep-alive
    // connection whose request was in flight stays open after its answer until the client's next
    // request or the keep-alive timeout (5 s), so idle connections are swept until none is left.
    const closed = new Promise<void>((resolve) => http.close(() => resolve()));
    const sweep = setInterval(() => http.closeIdleConnections(), 50);
    http.closeIdleConnections();
    await closed;
    clearInterval(sweep);
    await server.close();
    process.exit(0);
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}
