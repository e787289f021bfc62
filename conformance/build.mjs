// Builds the package as it is packed: the suite compiled to plain JavaScript in dist/ (so no TypeScript
// loader runs where it is installed) and the contract it judges against copied next to it.
import { execFileSync } from 'node:child_process';
import { copyFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(here, 'dist');
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

rmSync(dist, { recursive: true, force: true });
execFileSync(process.execPath, [tsc, '-p', path.join(here, 'tsconfig.build.json')], { stdio: 'inherit' });
copyFileSync(path.join(here, '..', 'generated', 'openapi.json'), path.join(dist, 'openapi.json'));
