/**
 * The suite as an implementer gets it: `npm pack` of the conformance workspace, installed from the
 * tarball into an empty project, run with its `bin` against the reference server (exit 0) and against
 * the server with a deliberate fault (exit 1). No TypeScript loader, nothing of the server, no install
 * script, and the contract it judges against inside the package.
 */
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installIntoFreshProject, packWorkspace, run, userEnvironment, type InstalledProject } from '../../scripts/packed.ts';
import { startTestServer, type TestServer } from '../../server/tests/harness.ts';

const repository = path.resolve(import.meta.dirname, '..', '..');
const contract = JSON.parse(readFileSync(path.join(repository, 'generated', 'openapi.json'), 'utf8'));

let tarball: string;
let project: InstalledProject;
let installed: string;
let clean: TestServer;
let faulty: TestServer;

beforeAll(async () => {
  [tarball, clean, faulty] = await Promise.all([
    packWorkspace('conformance', mkdtempSync(path.join(tmpdir(), 'packed-suite-'))),
    startTestServer({ database: 'file' }),
    // As `FAULTS=upsert-duplicates npm run start:faults` would run it.
    startTestServer({ faults: ['upsert-duplicates'], database: 'file' }),
  ]);
  project = await installIntoFreshProject([tarball]);
  installed = path.join(project.dir, 'node_modules', 'publishing-conformance');
}, 300_000);

afterAll(async () => {
  await Promise.all([clean, faulty].map((server) => server?.close()));
  // About 50 MB each: a temporary project is not left behind.
  for (const dir of [project?.dir, tarball && path.dirname(tarball)]) if (dir) rmSync(dir, { recursive: true, force: true });
});

/** `npx publishing-conformance ...` in the project, the token from the environment as the README says. */
const conformance = (server: TestServer, args: string[], cwd = project.dir) =>
  run('npx', ['publishing-conformance', '--base-url', server.baseUrl, '--request-timeout', '60', ...args], {
    cwd,
    env: userEnvironment({ CONFORMANCE_TOKEN: server.token }),
  });

describe('the packed conformance suite, installed into an empty project', () => {
  it('is plain JavaScript with the contract inside, and installs without scripts, TypeScript or the server', () => {
    const manifest = JSON.parse(readFileSync(path.join(installed, 'package.json'), 'utf8'));
    expect(manifest.scripts?.install ?? manifest.scripts?.postinstall ?? manifest.scripts?.preinstall ?? manifest.scripts?.prepare).toBeUndefined();
    expect(Object.keys(manifest.dependencies)).not.toContain('tsx');
    expect(existsSync(path.join(project.dir, 'node_modules', 'tsx'))).toBe(false);
    expect(existsSync(path.join(project.dir, 'node_modules', 'typescript'))).toBe(false);
    expect(existsSync(path.join(project.dir, 'node_modules', 'better-sqlite3'))).toBe(false);
    const files = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? files(path.join(dir, entry.name)) : [path.join(dir, entry.name)]));
    const shipped = files(installed).map((file) => path.relative(installed, file));
    expect(shipped.filter((file) => file.endsWith('.ts'))).toEqual([]);
    expect(shipped.filter((file) => /(^|\/)(server|tests)\//.test(file))).toEqual([]);
    expect(JSON.parse(readFileSync(path.join(installed, 'dist', 'openapi.json'), 'utf8'))).toEqual(contract);
  });

  it('stays small: what one install brings is bounded (the README gives the measured size)', () => {
    // About 48 MB, nearly all of it vitest's bundler (vite, rolldown, lightningcss); this bound only
    // catches a dependency that drags in something big.
    expect(project.installedBytes).toBeLessThan(80 * 1024 * 1024);
  });

  it('is versioned after the contract it checks: its major and minor are the contract version', () => {
    const manifest = JSON.parse(readFileSync(path.join(installed, 'package.json'), 'utf8'));
    const [major, minor] = String(contract.info.version).split('.');
    expect(manifest.version).toMatch(new RegExp(`^${major}\\.${minor}\\.\\d+$`));
  });

  it('passes the reference server: exit 0', async () => {
    const result = await conformance(clean, ['--include', 'createSubscriber', 'listSubscribers', '--phases', 'scenarios,negative']);
    expect(result.exitCode, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^PASSED/m);
    expect(result.stdout).toContain(path.join('publishing-conformance', 'dist', 'openapi.json'));
    expect(result.stdout + result.stderr).not.toContain(clean.token);
  }, 180_000);

  it('fails the server with a deliberate fault: exit 1, the fault named by its check', async () => {
    const result = await conformance(faulty, ['--include', 'createSubscriber', '--phases', 'scenarios']);
    expect(result.exitCode, result.stdout + result.stderr).toBe(1);
    expect(result.stdout).toMatch(/subscriber_upsert_(identity|concurrency)/);
  }, 180_000);

  it('runs in one line with npx --package <tarball>, from a directory with no project at all', async () => {
    const elsewhere = mkdtempSync(path.join(tmpdir(), 'npx-package-'));
    const result = await run('npx', ['--yes', '--package', tarball, 'publishing-conformance', '--base-url', clean.baseUrl, '--include', 'listSubscribers', '--phases', 'scenarios', '--request-timeout', '60'], {
      cwd: elsewhere,
      env: userEnvironment({ CONFORMANCE_TOKEN: clean.token }),
    });
    expect(result.exitCode, result.stdout + result.stderr).toBe(0);
    expect(existsSync(path.join(elsewhere, 'reports', 'conformance', 'junit.xml'))).toBe(true);
  }, 180_000);
});
