#!/usr/bin/env node
// The package's `publishing-conformance` command. The CLI is TypeScript, run through tsx's loader, so
// `npx publishing-conformance --base-url ...` works from another project without a build step. tsx is
// resolved from this package, not from the directory the command runs in.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const cli = fileURLToPath(new URL('./cli.ts', import.meta.url));
const tsx = import.meta.resolve('tsx');
const child = spawn(process.execPath, ['--import', tsx, cli, ...process.argv.slice(2)], { stdio: 'inherit' });
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 2 : 0)));
