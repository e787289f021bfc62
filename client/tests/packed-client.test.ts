/**
 * The typed client as a front-end developer gets it: `npm pack` of the client workspace, installed from
 * the tarball into an empty project with TypeScript, a small program type-checked against it (a wrong
 * path or body does not compile) and run against the reference server.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installIntoFreshProject, packWorkspace, run, userEnvironment, type InstalledProject } from '../../scripts/packed.ts';
import { startTestServer, type TestServer } from '../../server/tests/harness.ts';

const PROGRAM = `import { createPublishingClient, type components } from 'publishing-api-client';

declare const process: { env: Record<string, string | undefined> };

const api = createPublishingClient({ baseUrl: process.env.BASE_URL!, token: process.env.TOKEN! });
const created = await api.POST('/newsletters', { body: { name: 'From the package' } });
const newsletter: components['schemas']['Newsletter'] = created.data!;
const missing = await api.GET('/newsletters/{id}', { params: { path: { id: 999999 } } });
// @ts-expect-error: the contract has no such path
void api.GET('/widgets');
// @ts-expect-error: a newsletter's name is a string
void api.POST('/newsletters', { body: { name: 42 } });
console.log(JSON.stringify({ created: created.response.status, name: newsletter.name, missing: missing.response.status, problem: missing.error !== undefined }));
`;

const TSCONFIG = {
  compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, lib: ['ES2023', 'DOM'], types: [], outDir: 'out', skipLibCheck: false },
  files: ['main.ts'],
};

let project: InstalledProject;
let server: TestServer;

beforeAll(async () => {
  tarballDir = mkdtempSync(path.join(tmpdir(), 'packed-client-'));
  const tarball = await packWorkspace('client', tarballDir);
  [project, server] = await Promise.all([installIntoFreshProject([tarball, 'typescript@5.9.3']), startTestServer()]);
  writeFileSync(path.join(project.dir, 'main.ts'), PROGRAM);
  writeFileSync(path.join(project.dir, 'tsconfig.json'), JSON.stringify(TSCONFIG, null, 2));
}, 300_000);

let tarballDir: string;

afterAll(async () => {
  await server?.close();
  for (const dir of [project?.dir, tarballDir]) if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the packed typed client, installed into an empty project', () => {
  it('type-checks a program against the contract, then calls the reference server with it', async () => {
    const compiled = await run('npx', ['tsc', '-p', '.'], { cwd: project.dir });
    expect(compiled.exitCode, compiled.stdout + compiled.stderr).toBe(0);
    const ran = await run(process.execPath, ['out/main.js'], { cwd: project.dir, env: userEnvironment({ BASE_URL: server.baseUrl, TOKEN: server.token }) });
    expect(ran.exitCode, ran.stderr).toBe(0);
    expect(JSON.parse(ran.stdout)).toEqual({ created: 201, name: 'From the package', missing: 404, problem: true });
  }, 120_000);
});
