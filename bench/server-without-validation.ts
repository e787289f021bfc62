/**
 * The reference server with request and response validation left out, for the benchmark only: it
 * measures what validation costs by running the same requests against this and against `npm start`'s
 * server. Everything else is server/main.ts's: configuration from the same environment, the same
 * composition (the validator still matches each request to its operation), the delivery worker and
 * a SIGTERM that finishes requests in flight. The switch is a parameter of the composition that only
 * this file passes; no configuration of the real server can turn validation off.
 */
import { mkdirSync } from 'node:fs';
import { ensureDevelopmentWorkspace } from '../server/bootstrap.ts';
import { warmUpOf } from '../server/app.ts';
import { composeServer } from '../server/compose.ts';
import { loadConfig } from '../server/config.ts';
import { systemClock } from '../server/domain/clock.ts';
import { createLogger } from '../server/logger.ts';

const config = loadConfig();
mkdirSync(config.dataDir, { recursive: true });
const server = composeServer(config, { logger: createLogger(config.logLevel), validation: false });
ensureDevelopmentWorkspace(server.stores, server.services, systemClock, {
  dataDir: config.dataDir,
  fixedToken: config.devToken,
  persistToken: false,
});
const http = server.app.listen(config.port, config.host, () => {
  server.worker.start();
  // The same warm-up as npm start's (server/serve.ts), so both servers of the comparison are measured warm.
  void warmUpOf(server.app)();
  // The line main.ts prints once it listens: whoever started it knows the port is this process's own.
  process.stdout.write(`Publishing API   ${config.publicUrl}/api/v1\n`);
});

process.once('SIGTERM', () => {
  const closed = new Promise<void>((resolve) => http.close(() => resolve()));
  const sweep = setInterval(() => http.closeIdleConnections(), 50);
  void closed.then(async () => {
    clearInterval(sweep);
    await server.close();
    process.exit(0);
  });
});
