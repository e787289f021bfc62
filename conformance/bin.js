#!/usr/bin/env node
// The package's `publishing-conformance` command: the CLI as compiled to plain JavaScript when the
// package is packed (build.mjs), so nothing compiles TypeScript where the suite is installed. Inside the
// repository, `npm run conformance` runs the same CLI from its sources.
import { existsSync } from 'node:fs';

const cli = new URL('./dist/cli.js', import.meta.url);
if (!existsSync(cli)) {
  process.stderr.write('publishing-conformance: dist/cli.js is missing: this copy was not built (npm run build -w conformance); in the repository, use npm run conformance\n');
  process.exit(2);
}
await import(cli.href);
