/**
 * The warm-up's rehearsal of every answer (server/http/warm-answers.ts): each of its requests gets
 * the answer it is there to rehearse (a request answered otherwise no longer warms what it was
 * written for: the contract or the server changed under it), every operation of the contract gets a
 * success and a problem answer, and the throwaway server it talks to (server/compose-shadow.ts)
 * leaves nothing in the real server's database or images folder.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, buildApp } from '../app.ts';
import { composeServer, type ComposedServer } from '../compose.ts';
import { composeShadow } from '../compose-shadow.ts';
import { loadConfig, type ServerConfig } from '../config.ts';
import { loadContract } from '../http/validator.ts';
import type { Pipeline } from '../http/pipeline.ts';
import { rehearseAnswers, type RehearsedAnswer } from '../http/warm-answers.ts';
import { MarkdownPool } from '../domain/markdown-pool.ts';
import { createLogger } from '../logger.ts';

const contractOperations = Object.values(loadContract().paths as Record<string, Record<string, { operationId?: string }>>)
  .flatMap((item) => Object.values(item).map((operation) => operation?.operationId))
  .filter((id): id is string => typeof id === 'string');

describe('the warm-up rehearsal of every answer', () => {
  let dataDir: string;
  let config: ServerConfig;
  let real: ComposedServer;
  let realApi: Pipeline['api'];
  let answers: RehearsedAnswer[];
  let rowsBefore: number;

  const rows = (server: ComposedServer) =>
    (server.db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all() as Array<{ name: string }>)
      .map(({ name }) => (server.db.prepare(`SELECT count(*) AS n FROM "${name}"`).get() as { n: number }).n)
      .reduce((a, b) => a + b, 0);

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'publishing-warm-answers-'));
    config = { ...loadConfig({}), dataDir, databasePath: path.join(dataDir, 'publishing.sqlite'), logLevel: 'silent' };
    real = composeServer(config, {
      logger: createLogger('silent'),
      variant: {
        adaptPipeline: (pipeline) => {
          realApi = pipeline.api;
          return pipeline;
        },
      },
    });
    rowsBefore = rows(real);
    const markdown = new MarkdownPool();
    const shadow = composeShadow({
      build: buildApp,
      options: { db: real.db, stores: real.stores, services: real.services, logger: createLogger('silent'), imagesDir: path.join(dataDir, 'images'), corsOrigins: '*', publicUrl: config.publicUrl, rateLimit: config.rateLimit },
      api: realApi,
      markdown,
      pagesDomain: config.pagesDomain,
    });
    try {
      answers = await rehearseAnswers(shadow, API_BASE, config);
    } finally {
      shadow.close();
      await markdown.close();
    }
  }, 120_000);

  afterAll(async () => {
    await real?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('gets, for each request, the answer it rehearses', () => {
    expect(answers.filter((answer) => answer.status !== answer.expected)).toEqual([]);
  });

  it('rehearses a success and a problem of every operation of the contract', () => {
    const lacking = contractOperations.filter((operation) => {
      const statuses = answers.filter((answer) => answer.operation === operation).map((answer) => answer.status);
      return !statuses.some((status) => status < 300) || !statuses.some((status) => status >= 400);
    });
    expect(lacking).toEqual([]);
  });

  it('leaves nothing in the real database or images folder', () => {
    expect(rows(real)).toBe(rowsBefore);
    const images = path.join(dataDir, 'images');
    expect(existsSync(images) ? readdirSync(images) : []).toEqual([]);
  });
});
