/**
 * `npm run admin -- <command>`: creates workspaces, tokens and authors, and shows the local mail
 * outbox, in the database the server uses (same environment: DATABASE_PATH, or DATA_DIR). Safe to
 * run while the server is up: SQLite's WAL mode lets both write, and the server reads tokens afresh
 * on every request.
 */
import path from 'node:path';
import { AdminError, adminProgram, type AdminContext } from './admin/program.ts';
import { loadConfig, type ServerConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { systemClock } from './domain/clock.ts';
import { MarkdownPool } from './domain/markdown-pool.ts';
import { createServices } from './services/index.ts';
import { createStores } from './store/index.ts';
import { createLogger } from './logger.ts';

function openAdminContext(config: ServerConfig): AdminContext {
  const db = openDatabase(config.databasePath);
  const stores = createStores(db);
  const context = { db, stores, clock: systemClock };
  const services = createServices(context, {
    pagesDomain: config.pagesDomain,
    imagesDir: path.join(config.dataDir, 'images'),
    publicUrl: config.publicUrl,
    // The CLI queues no email; a running server's worker finds queued ones on its own.
    onEmailQueued: () => {},
    // No admin command writes Markdown; the pool starts no thread until something is rendered.
    markdown: new MarkdownPool(),
  });
  return {
    ...context,
    services,
    databasePath: config.databasePath,
    smtpConfigured: config.smtpUrl !== undefined,
    demoTarget: { db, stores, imagesDir: path.join(config.dataDir, 'images'), publicUrl: config.publicUrl, pagesDomain: config.pagesDomain, logger: createLogger('error') },
  };
}

let opened: AdminContext | undefined;
try {
  const config = loadConfig();
  // Opened only when a command runs, so `--help` or a usage error never creates a database file.
  const open = () => (opened ??= openAdminContext(config));
  await adminProgram(open, {
    result: (text) => process.stdout.write(`${text}\n`),
    note: (text) => process.stderr.write(`${text}\n`),
  }).parseAsync(process.argv);
} catch (err) {
  // Known mistakes and environment problems alike get one line, no stack: this is a tool for people.
  const message = err instanceof AdminError || err instanceof Error ? err.message : String(err);
  process.stderr.write(`error: ${message}\n`);
  process.exitCode = 1;
} finally {
  opened?.db.close();
}
