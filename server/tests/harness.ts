/**
 * Starts a complete reference server in-process for a test file: in-memory SQLite (or a file), a
 * temporary data directory, a free port, two workspaces with a token each, and the delivery worker
 * running. `api` sends requests the way a client would, over HTTP.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { composeServer, type ComposedServer } from '../compose.ts';
import { loadConfig, type ServerConfig } from '../config.ts';
import type { Clock } from '../domain/clock.ts';
import { createHttpServer } from '../http/listen.ts';
import type { FaultName } from '../faults/catalog.ts';
import { confinedFaultLayer, type ConfinedFault } from '../faults/confined.ts';
import { faultLayer } from '../faults/index.ts';
import { createLogger } from '../logger.ts';
import { newToken } from '../store/tokens.ts';
import { onFreePort } from '../../scripts/ports.ts';
import { seedServiceStates, type ServiceStateFixtures } from './service-states.ts';
import { sharedRateLimitStores } from './shared-rate-limit.ts';

export interface TestServer {
  baseUrl: string;
  /** Token of the first workspace; its newest author is `authorId`, after two older ones (OLDER_AUTHORS). */
  token: string;
  /** Token of a second workspace, for isolation checks; its newest author is Ada, after one of Grace's address. */
  otherToken: string;
  authorId: number;
  /** With `serviceStates`: a suppressed subscriber and a failed email, as the suite's --fixtures name them. */
  fixtures?: ServiceStateFixtures;
  server: ComposedServer;
  config: ServerConfig;
  api: Api;
  close(): Promise<void>;
}

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

export type Api = <T = any>(method: string, path: string, options?: { body?: unknown; token?: string | null; headers?: Record<string, string>; raw?: RequestInit['body'] }) => Promise<ApiResponse<T>>;

export function apiFor(baseUrl: string, defaultToken: string): Api {
  return async (method, path, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    const token = options.token === undefined ? defaultToken : options.token;
    if (token !== null) headers.Authorization = `Bearer ${token}`;
    let body: RequestInit['body'] = options.raw;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['Content-Type'] ??= 'application/json';
    }
    const response = await fetch(`${baseUrl}${path}`, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    if (/json/.test(response.headers.get('content-type') ?? '') && text) parsed = JSON.parse(text);
    return { status: response.status, headers: response.headers, body: parsed as any };
  };
}

/** The first workspace's authors older than its newest, Grace, oldest first. */
export const OLDER_AUTHORS = [
  { first_name: 'Margaret', last_name: 'Hamilton', email: 'margaret@example.com' },
  { first_name: 'Barbara', last_name: 'Liskov', email: 'barbara@example.com' },
] as const;

export async function startTestServer(
  overrides: Partial<ServerConfig> & {
    clock?: Clock;
    docsFile?: string;
    /** Deliberate bugs (server/faults) to start with. */
    faults?: FaultName[];
    /** Deliberate bugs each confined to the requests of its family of resources (server/faults/confined.ts). */
    confinedFaults?: ConfinedFault[];
    /**
     * Where the database lives: in memory (the default: fastest to start), or in a file of the server's
     * data directory, as `npm start` keeps it, whose list answers are of one moment (http/list-snapshot.ts).
     */
    database?: 'memory' | 'file';
    /** Seed resources in states only the service makes (service-states.ts), for the suite's --fixtures. */
    serviceStates?: boolean;
  } = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'publishing-test-'));
  try {
    // A known port up front, so the server's public URL (used in image URLs) is right from the start;
    // taken by another process before this one listens (another test run), the server is composed again on another.
    return await onFreePort((port) => startOn(port, dataDir, overrides));
  } catch (err) {
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
}

async function startOn(
  port: number,
  dataDir: string,
  overrides: Partial<ServerConfig> & { clock?: Clock; docsFile?: string; faults?: FaultName[]; confinedFaults?: ConfinedFault[]; database?: 'memory' | 'file'; serviceStates?: boolean },
): Promise<TestServer> {
  const { clock, docsFile, faults = [], confinedFaults, database = 'memory', serviceStates = false, ...configOverrides } = overrides;
  const variant = confinedFaults ? confinedFaultLayer(confinedFaults) : faultLayer(faults);
  const config: ServerConfig = {
    ...loadConfig({}),
    dataDir,
    databasePath: database === 'file' ? path.join(dataDir, 'publishing.sqlite') : ':memory:',
    port,
    publicUrl: `http://127.0.0.1:${port}`,
    deliveryPollMs: 50,
    logLevel: 'silent',
    ...configOverrides,
  };
  const server = composeServer(config, {
    logger: createLogger(config.logLevel),
    ...(clock ? { clock } : {}),
    ...(docsFile ? { docsFile } : {}),
    ...(variant ? { variant } : {}),
    // Confined faults make one application per family: they count a token's requests together.
    ...(confinedFaults ? { rateLimitStore: sharedRateLimitStores() } : {}),
  });
  const now = new Date().toISOString();
  const workspace = server.stores.tokens.createWorkspace('Test workspace', now);
  const token = newToken();
  server.stores.tokens.addToken(workspace, token, 'test', now);
  // Older authors first, made in an order that is not their names' (Margaret, then Barbara): a list
  // ordered by anything but newest first shows it (lists.newest-first). Grace, made last, is the newest:
  // the one a client that takes the first listed author (the conformance suite) uses.
  for (const author of OLDER_AUTHORS) server.services.authors.create(workspace, author);
  const authorId = server.services.authors.create(workspace, { first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.com' }).id;
  const other = server.stores.tokens.createWorkspace('Other workspace', now);
  const otherToken = newToken();
  server.stores.tokens.addToken(other, otherToken, 'test', now);
  // An author of its own too: a reference to an author of another workspace (resources.author-of-workspace)
  // can only be tried where that workspace has one.
  // Before it, an author of the first workspace's Grace's address: the same person in two workspaces,
  // whom a write in one must leave as she is in the other (auth.workspace-scope).
  server.services.authors.create(other, { first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.com' });
  server.services.authors.create(other, { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' });
  const fixtures = serviceStates ? await seedServiceStates(server, workspace) : undefined;

  const http = createHttpServer(server.app, config);
  try {
    await new Promise<void>((resolve, reject) => {
      http.once('error', reject);
      http.listen(config.port, '127.0.0.1', () => {
        http.off('error', reject);
        resolve();
      });
    });
  } catch (err) {
    await server.close();
    throw err;
  }
  const baseUrl = `${config.publicUrl}/api/v1`;
  server.worker.start();

  return {
    baseUrl,
    token,
    otherToken,
    authorId,
    ...(fixtures ? { fixtures } : {}),
    server,
    config,
    api: apiFor(baseUrl, token),
    async close() {
      await new Promise<void>((resolve) => {
        http.close(() => resolve());
        http.closeAllConnections();
      });
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Polls every `intervalMs` until `check` returns a value other than undefined, or fails after `timeoutMs`. */
export async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 5000, intervalMs = 25): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
