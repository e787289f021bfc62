/**
 * The hostile phase's runs against the reference server, for its clean run (hostile-live.test.ts) and
 * its faults (hostile-live-faults.test.ts).
 *
 * A fault that crashes or stalls the server (markdown-unbounded) runs it in a process of its own, so it
 * takes only itself down; the others run in the test's process, as the other suite tests do.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FaultName } from '../../server/faults/catalog.ts';
import { startTestServer } from '../../server/tests/harness.ts';
import { DEV_TOKEN, startServerProcess } from '../../server/tests/processes.ts';
import type { RunReport } from '../report/model.ts';
import { runCli } from './run-cli.ts';

export interface Target {
  baseUrl: string;
  token: string;
  token2?: string;
  authorId?: number;
  close(): Promise<void>;
}

export async function startTarget(faults: string[], ownProcess = false): Promise<Target> {
  if (ownProcess) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'conformance-hostile-server-'));
    // The heap `npm start` gives the server: a renderer without bounds runs out of it, as in production.
    const server = await startServerProcess(dataDir, { FAULTS: faults.join(','), NODE_OPTIONS: '--max-old-space-size=128' }, undefined, { script: 'server/faults/main.ts' });
    return {
      baseUrl: server.baseUrl,
      token: DEV_TOKEN,
      close: async () => {
        await server.kill();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const server = await startTestServer({ faults: faults as FaultName[], database: 'file' });
  return { baseUrl: server.baseUrl, token: server.token, token2: server.otherToken, authorId: server.authorId, close: () => server.close() };
}

export async function runHostile(target: Target, seed: number, include: string[] = [], env: NodeJS.ProcessEnv = {}): Promise<{ exitCode: number | null; report: RunReport }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'conformance-hostile-'));
  try {
    const args = ['--base-url', target.baseUrl, '--phases', 'hostile', '--seed', String(seed), '--reporter', 'json', '--report-dir', dir];
    if (target.token2) args.push('--token2', target.token2);
    if (target.authorId !== undefined) {
      const fixtures = path.join(dir, 'fixtures.json');
      writeFileSync(fixtures, JSON.stringify({ author_id: target.authorId }));
      args.push('--fixtures', fixtures);
    }
    if (include.length > 0) args.push('--include', ...include);
    // A hostile request that stalls the target is answered late or not at all: no need to wait a minute.
    const run = await runCli(args, { CONFORMANCE_TOKEN: target.token, CONFORMANCE_REQUEST_TIMEOUT: '10', ...env });
    return { exitCode: run.exitCode, report: JSON.parse(readFileSync(path.join(dir, 'report.json'), 'utf8')) as RunReport };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
