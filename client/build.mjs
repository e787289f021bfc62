// Builds the package as it is packed: index.ts compiled to JavaScript with its declarations, and the
// contract's generated types copied where those declarations import them from (dist/generated/).
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(here, 'dist');
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

rmSync(dist, { recursive: true, force: true });
execFileSync(process.execPath, [tsc, '-p', path.join(here, 'tsconfig.build.json')], { stdio: 'inherit' });
mkdirSync(path.join(dist, 'generated'), { recursive: true });
copyFileSync(path.join(here, '..', 'generated', 'openapi.d.ts'), path.join(dist, 'generated', 'openapi.d.ts'));
