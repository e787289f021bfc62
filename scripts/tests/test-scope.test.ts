/**
 * The test scopes (scripts/test-scope.ts), as vitest itself lists their files with the project's
 * configuration: `npm test` (main) and `npm run test:faults` (fault-proofs) split every test file
 * between them, each exactly once; the Node.js line's scope is part of main; scopes join with commas.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SAME_ON_EVERY_LINE } from '../test-scope.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const vitestBin = path.join(root, 'node_modules/vitest/vitest.mjs');

function listFiles(scope: string | undefined): { files: string[]; status: number | null; stderr: string } {
  const env = { ...process.env };
  delete env.TEST_SCOPE;
  if (scope !== undefined) env.TEST_SCOPE = scope;
  const run = spawnSync(process.execPath, [vitestBin, 'list', '--filesOnly'], { cwd: root, env, encoding: 'utf8', timeout: 60_000 });
  const files = run.stdout.split('\n').filter((line) => line.endsWith('.test.ts')).sort();
  return { files, status: run.status, stderr: run.stderr };
}

describe('the test scopes', () => {
  const all = listFiles(undefined).files;
  const main = listFiles('main').files;
  const faultProofs = listFiles('fault-proofs').files;

  it('split every test file between npm test and npm run test:faults, each exactly once', () => {
    expect(all.length).toBeGreaterThan(100);
    expect([...main, ...faultProofs].sort()).toEqual(all);
    expect(main.filter((file) => faultProofs.includes(file))).toEqual([]);
  });

  it('take as fault proofs the files named so, among them the suite against the server’s faults', () => {
    expect(faultProofs.filter((file) => !file.endsWith('faults.test.ts'))).toEqual([]);
    expect(faultProofs).toEqual(expect.arrayContaining(['conformance/tests/reference-server-faults.test.ts', 'conformance/tests/hostile-live-faults.test.ts', 'conformance/tests/faults.test.ts', 'server/tests/faults.test.ts']));
    // The clean runs stay in npm test: they show the suite and the server work.
    expect(main).toEqual(expect.arrayContaining(['conformance/tests/reference-server.test.ts', 'conformance/tests/hostile-live.test.ts', 'conformance/tests/overload-live.test.ts']));
  });

  it('take on another Node.js line the files of main that can depend on it, and join scopes with commas', () => {
    const nodeLine = listFiles('node-line').files;
    expect(SAME_ON_EVERY_LINE.filter((file) => !existsSync(path.join(root, file)))).toEqual([]);
    expect(nodeLine).toEqual(main.filter((file) => !SAME_ON_EVERY_LINE.includes(file)));
    expect(listFiles('node-line,fault-proofs').files).toEqual([...nodeLine, ...faultProofs].sort());
  });

  it('refuse a scope they do not know', () => {
    const run = listFiles('everything');
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain('TEST_SCOPE=everything: expected one or more of all, main, fault-proofs, node-line');
  });
});
