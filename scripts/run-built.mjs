// Runs one of the project's commands from its compiled JavaScript (build/, scripts/build.mjs), in this
// process: `node scripts/run-built.mjs server/main.ts [args...]`. It compiles first when a source
// changed since the last build (about a second), so what runs is always the code as it is now.
// `npm start`, `npm run admin` and `npm run conformance` go through here; Node flags given to this
// process (such as npm start's heap limit) apply to the command, and signals reach it directly.
import module from 'node:module';
import { pathToFileURL } from 'node:url';
import { builtPath, ensureBuilt } from './build.mjs';

// From Node 22.1: V8's compiled code of every module loaded from here on is kept on disk (in the
// system's temporary folder) and reused by the next start, which then parses and compiles less of
// the server's bundle. Node 20 has no such function and compiles everything at every start.
module.enableCompileCache?.();

const [source, ...args] = process.argv.slice(2);
if (!source || !source.endsWith('.ts')) {
  process.stderr.write('usage: node scripts/run-built.mjs <source file.ts> [arguments...]\n');
  process.exit(2);
}
await ensureBuilt();
const entry = builtPath(source);
// The command reads its own arguments from process.argv, as if it had been started directly.
process.argv = [process.argv[0], entry, ...args];
await import(pathToFileURL(entry).href);
