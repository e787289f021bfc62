// Builds the package as it is packed: the suite compiled to plain JavaScript in dist/ (so no TypeScript
// loader runs where it is installed) and the contract it judges against copied next to it.
//
// The suite reads the contract's rule catalogue from the repository's openapi/rules.ts. The compiler
// builds both from the repository's root and the package keeps the layout: dist/ stands where
// conformance/ does, and openapi/rules.js beside it, so dist/report/model.js finds
// ../../openapi/rules.js exactly as conformance/report/model.ts finds ../../openapi/rules.ts.
import { execFileSync } from 'node:child_process';
import { copyFileSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(here, 'dist');
const rules = path.join(here, 'openapi');
const compiled = path.join(here, '.build');
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

for (const dir of [dist, rules, compiled]) rmSync(dir, { recursive: true, force: true });
execFileSync(process.execPath, [tsc, '-p', path.join(here, 'tsconfig.build.json')], { stdio: 'inherit' });
const outside = readdirSync(compiled).filter((entry) => !['conformance', 'openapi'].includes(entry));
if (outside.length > 0) throw new Error(`the suite compiles files from outside conformance/ and openapi/: ${outside.join(', ')}`);
renameSync(path.join(compiled, 'conformance'), dist);
renameSync(path.join(compiled, 'openapi'), rules);
rmSync(compiled, { recursive: true, force: true });
copyFileSync(path.join(here, '..', 'generated', 'openapi.json'), path.join(dist, 'openapi.json'));
// The contract's validators, compiled once here rather than in each worker of each run
// (contract/precompiled-validators.ts).
execFileSync(process.execPath, [path.join(dist, 'contract', 'precompile-validators.js'), path.join(dist, 'openapi.json'), path.join(dist, 'contract')], { stdio: 'inherit' });
