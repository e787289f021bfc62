/**
 * The server's configuration, read once from environment variables. Every variable is optional;
 * the defaults run a complete server on one machine with no other services (README: Configuration).
 */
import path from 'node:path';
import type { RateLimitSettings } from './http/rate-limit.ts';

export interface ServerConfig {
  host: string;
  port: number;
  /** Origin the server is reached at, used in image URLs and printed at start-up. */
  publicUrl: string;
  /** SQLite database file, or ':memory:'. */
  databasePath: string;
  /** Uploaded images and the development token live here. */
  dataDir: string;
  /** Where mail goes: an SMTP server (`smtp://user:pass@host:port`), or the database outbox when unset. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Domain under which pages get their generated host names. */
  pagesDomain: string;
  /** A fixed development token to create on first start instead of a random one. */
  devToken: string | undefined;
  logLevel: string;
  /** Origins browsers may call the API from: '*' (any; safe, as auth is a header, not a cookie) or a list. */
  corsOrigins: '*' | string[];
  /** How often the delivery worker looks for due emails, in milliseconds. */
  deliveryPollMs: number;
  /** How many messages the worker sends between two database commits. */
  deliveryBatchSize: number;
  /** How long a client has to send its request headers, in milliseconds. */
  headersTimeoutMs: number;
  /** How long a client has to send its whole request, body included, in milliseconds. */
  requestTimeoutMs: number;
  /**
   * Whether start-up renders the docs page (about 1.5 s). Tests and the benchmark start many servers
   * and turn it off; /docs then serves the page already built, if there is one.
   */
  buildDocs: boolean;
  /** Requests per token, and failed authentications per client address, in one window. */
  rateLimit: RateLimitSettings;
  /**
   * Express's `trust proxy`: which proxies in front of the server may say, in X-Forwarded-For, the
   * client address the failed-authentication limit counts by. Off by default: the address is the
   * connection's own.
   */
  trustProxy: boolean | number | string;
}

function positive(name: string, fallback: number, env: NodeJS.ProcessEnv): number {
  const value = integer(name, fallback, env);
  if (value < 1) throw new Error(`${name} must be at least 1, got "${env[name]}"`);
  return value;
}

function trustProxy(raw: string | undefined): boolean | number | string {
  if (raw === undefined || raw === '' || raw === 'false') return false;
  if (raw === 'true') return true;
  return /^\d+$/.test(raw) ? Number(raw) : raw;
}

function integer(name: string, fallback: number, env: NodeJS.ProcessEnv): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number, got "${raw}"`);
  return value;
}

/**
 * 15 s for the headers (a real client sends them in one packet); 120 s for a whole request, which
 * carries an image of 10 MiB over a line of 0.7 Mbit/s. Node requires the first to be the shorter.
 */
function requestTimeouts(env: NodeJS.ProcessEnv): { headersTimeoutMs: number; requestTimeoutMs: number } {
  const headersTimeoutMs = Math.max(1, integer('HEADERS_TIMEOUT_MS', 15_000, env));
  const requestTimeoutMs = Math.max(1, integer('REQUEST_TIMEOUT_MS', 120_000, env));
  if (headersTimeoutMs > requestTimeoutMs) throw new Error('HEADERS_TIMEOUT_MS must not be larger than REQUEST_TIMEOUT_MS');
  return { headersTimeoutMs, requestTimeoutMs };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = integer('PORT', 3000, env);
  const dataDir = path.resolve(env.DATA_DIR || 'data');
  return {
    host: env.HOST || '127.0.0.1',
    port,
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, ''),
    databasePath: env.DATABASE_PATH || path.join(dataDir, 'publishing.sqlite'),
    dataDir,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'newsletters@localhost',
    pagesDomain: env.PAGES_DOMAIN || 'pages.localhost',
    devToken: env.PUBLISHING_DEV_TOKEN || undefined,
    logLevel: env.LOG_LEVEL || 'info',
    corsOrigins: !env.CORS_ORIGINS || env.CORS_ORIGINS === '*' ? '*' : env.CORS_ORIGINS.split(',').map((o) => o.trim()),
    deliveryPollMs: integer('DELIVERY_POLL_MS', 1000, env),
    deliveryBatchSize: Math.max(1, integer('DELIVERY_BATCH_SIZE', 200, env)),
    ...requestTimeouts(env),
    buildDocs: !['0', 'false', 'no'].includes((env.BUILD_DOCS ?? '').toLowerCase()),
    rateLimit: {
      windowSeconds: positive('RATE_LIMIT_WINDOW_SECONDS', 60, env),
      perToken: positive('RATE_LIMIT_PER_TOKEN', 20_000, env),
      failedAuthPerAddress: positive('RATE_LIMIT_FAILED_AUTH_PER_ADDRESS', 3000, env),
    },
    trustProxy: trustProxy(env.TRUST_PROXY),
  };
}
