/**
 * The stateful mock: the reference server itself, on a throwaway database (a SQLite file beside the
 * images, in a temporary directory that `close()` removes), filled with the demo content, and answering
 * `Prefer: code=...` and `Prefer: delay=...` (server/mock/prefer.ts). Without `Prefer` it is the
 * reference server, request for request. `npm run mock:stateful` runs it (main.ts); tests start it
 * here, in their own process.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DOCS_FILE } from '../docs-file.ts';
import { onFreePort } from '../../scripts/ports.ts';
import { API_BASE } from '../app.ts';
import { composeServer } from '../compose.ts';
import { loadConfig, type ServerConfig } from '../config.ts';
import { loadDemo, type LoadedWorkspace } from '../demo/seed.ts';
import { seededRandom } from '../domain/random.ts';
import { createHttpServer } from '../http/listen.ts';
import { createLogger } from '../logger.ts';
import { mockVariant } from './variant.ts';

/** Where the mock listens unless PORT says otherwise: beside `npm start` (3000) and Prism (4010). */
export const MOCK_DEFAULT_PORT = 4011;

/** The mock's database, in its temporary directory. */
const MOCK_DATABASE = 'mock.sqlite';

/** A SQLite database and the files of its WAL. */
function removeDatabase(file: string): void {
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
}

/**
 * The seed of the demo content's random draws (page domains, image names): fixed, so every start
 * serves the same content under the same URLs, and a front end's fixtures and screenshots hold.
 * What the mock's clients create afterwards is drawn as the reference server draws it.
 */
const DEMO_SEED = 'publishing-api-mock-demo';

export interface RunningMock {
  /** The API's base URL, ending in /api/v1. */
  baseUrl: string;
  origin: string;
  workspaces: LoadedWorkspace[];
  /**
   * The instant the demo content is relative to ("3 days ago", "due in 5 minutes"): every time in it
   * is this start plus the same offset at every start.
   */
  demoStart: Date;
  config: ServerConfig;
  /** The temporary directory with the uploaded images; removed by close(). */
  dataDir: string;
  close(): Promise<void>;
}

/**
 * Starts the mock with the server's configuration from `env` (PORT, HOST, LOG_LEVEL, rate limits,
 * ...), except where its data lives: always a fresh temporary directory, database and images. The
 * database is a file, not SQLite in memory, so that its list answers are of one moment as the
 * reference server's are (a snapshot needs a second connection: http/list-snapshot.ts).
 * PORT=0 takes a free port.
 */
export async function startMock(env: NodeJS.ProcessEnv = process.env): Promise<RunningMock> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'publishing-mock-'));
  try {
    // PORT=0: a free port chosen now, so that image URLs name the port from the start. Taken by
    // another process before the mock listens (two test runs at once), the mock starts on another.
    if (env.PORT === '0') return await onFreePort((port) => startIn(dataDir, { ...env, PORT: String(port) }));
    return await startIn(dataDir, env);
  } catch (err) {
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
}

async function startIn(dataDir: string, env: NodeJS.ProcessEnv): Promise<RunningMock> {
  const port = env.PORT || String(MOCK_DEFAULT_PORT);
  const databasePath = path.join(dataDir, MOCK_DATABASE);
  // A start that failed (its port taken) may have left its database: each start fills a new one.
  removeDatabase(databasePath);
  const config: ServerConfig = loadConfig({ ...env, PORT: port, DATA_DIR: dataDir, DATABASE_PATH: databasePath });
  const logger = createLogger(config.logLevel);
  // The page `npm run docs` builds, if it has been: rendering it takes longer than the mock's start.
  const server = composeServer(config, { logger, docsFile: DOCS_FILE, variant: mockVariant });

  const http: Server = createHttpServer(server.app, config);
  const closeHttp = () =>
    new Promise<void>((resolve) => {
      if (!http.listening) return resolve();
      http.close(() => resolve());
      http.closeAllConnections();
    });

  try {
    // Filled before it listens: no client ever sees half of the demo content.
    const demoStart = new Date();
    const workspaces = await loadDemo(
      { db: server.db, stores: server.stores, imagesDir: path.join(dataDir, 'images'), publicUrl: config.publicUrl, pagesDomain: config.pagesDomain, logger },
      { start: demoStart, tokenFor: (workspace) => workspace.mockToken, random: seededRandom(DEMO_SEED) },
    );
    await new Promise<void>((resolve, reject) => {
      http.once('error', reject);
      http.listen(config.port, config.host, () => resolve());
    });
    server.worker.start();
    return {
      baseUrl: `${config.publicUrl}${API_BASE}`,
      origin: config.publicUrl,
      workspaces,
      demoStart,
      config,
      dataDir,
      async close() {
        await closeHttp();
        await server.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await closeHttp();
    await server.close();
    throw err;
  }
}
