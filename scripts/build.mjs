// Compiles the TypeScript that runs as processes of its own (the server, the admin command, the docs
// builder, the conformance CLI and its suite) to plain JavaScript in build/, so starting one costs no
// TypeScript loader: `npm start`, `npm run admin`, `npm run conformance` and the tests' child
// processes run build/. Plain JavaScript itself, so it runs before anything is compiled.
//
//   node scripts/build.mjs          build if a source changed since the last build (what `npm ci` runs)
//   node scripts/build.mjs --force  build anyway
//
// build/ mirrors the project: build/server/main.js is server/main.ts compiled, and the folders the code
// reads files from by their path relative to its own (generated/, openapi/, dist/, node_modules/, the
// migrations) are links back to the project's, so the compiled code finds what its source finds.
//
// esbuild (a dependency, not a development dependency: `npm ci --omit=dev` builds too) only strips
// the types, file by file, as tsx does when it loads a file; `npm run typecheck` checks the types.
// The server's entry (`npm start`) and its Markdown worker are then written again as bundles (see
// BUNDLED): one file each, with the packages they use, instead of about 580 modules found and read one
// by one, which halves the CPU the server spends loading its code at start.
// Whether build/ is current is decided from the sources' paths, sizes and modification times (and
// the lock file and patches, which decide what the bundles hold), so a source changed after `npm ci`
// is compiled again on the next start (scripts/run-built.mjs) or test run (vitest.config.ts): build/
// is never stale and never built by hand.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lockfile from 'proper-lockfile';

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const buildDir = path.join(projectRoot, 'build');

/** The folders compiled, each without its own tests (vitest loads those from source). */
const SOURCE_FOLDERS = ['server', 'scripts', 'conformance', 'openapi'];
const SKIPPED = new Set(['tests', 'node_modules', 'dist']);
/**
 * Paths under build/ that lead back to the project's own, so relative file lookups agree. openapi/
 * holds both the contract's YAML and TypeScript (its rule catalogue, rules.ts): its folders and YAML
 * are linked one by one, beside the compiled TypeScript.
 */
const LINKS = [
  'generated',
  'dist',
  'node_modules',
  'package.json',
  'server/db/migrations',
  // The suite reads its own name and version from it (conformance/version.ts).
  'conformance/package.json',
  ...readdirSync(path.join(projectRoot, 'openapi'))
    .filter((name) => !name.endsWith('.ts') && !SKIPPED.has(name))
    .map((name) => `openapi/${name}`),
];
const FINGERPRINT_FILE = path.join(buildDir, '.fingerprint');
/**
 * Held while building. Two test runs in one checkout (and the two workers of one run) may all find
 * build/ out of date at once: one builds, the others wait and then find it current. Without it two
 * builds would interleave their writes and their removal of orphans.
 */
const LOCK_FILE = path.join(buildDir, '.lock');

/**
 * Entries written as bundles, in place of their file-by-file form: everything they import, the
 * project's modules and the packages', in one file. Left out: the packages with a native binary,
 * loaded by `require` from where they are installed (server/db/connection.ts).
 */
const BUNDLED = ['server/main.ts', 'server/domain/markdown-worker.ts'];
const NOT_BUNDLED = ['better-sqlite3', 'libsql'];
/** What the bundles hold besides the sources: the packages (the lock file) and this project's patches of them. */
const BUNDLE_INPUTS = ['package-lock.json', ...readdirSync(path.join(projectRoot, 'patches')).map((name) => `patches/${name}`)];
/** The contract whose validators the build compiles, and the validator that loads them (precompileValidators). */
const CONTRACT = 'generated/openapi.json';
const CONTRACT_VALIDATORS = 'conformance/contract/precompiled-validators.ts';

/** The path under build/ of the compiled form of a source file (`server/main.ts`). */
export function builtPath(source) {
  return path.join(buildDir, source.replace(/\.ts$/, '.js'));
}

function sourceFiles() {
  const files = [];
  const walk = (relative) => {
    for (const entry of readdirSync(path.join(projectRoot, relative), { withFileTypes: true })) {
      const child = path.join(relative, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED.has(entry.name) && child !== path.join('server', 'db', 'migrations')) walk(child);
      } else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) {
        files.push(child);
      }
    }
  };
  for (const folder of SOURCE_FOLDERS) walk(folder);
  return files.sort();
}

/** What the build depends on: every source's path, size and modification time, the compiler's settings and this script. */
function fingerprint(files) {
  const hash = createHash('sha256');
  const { version } = JSON.parse(readFileSync(path.join(projectRoot, 'node_modules', 'esbuild', 'package.json'), 'utf8'));
  hash.update(`esbuild ${version}\n`);
  for (const file of [...files, 'tsconfig.json', 'scripts/build.mjs', ...BUNDLE_INPUTS, CONTRACT]) {
    const stat = statSync(path.join(projectRoot, file));
    hash.update(`${file}\0${stat.size}\0${stat.mtimeMs}\n`);
  }
  return hash.digest('hex');
}

/** Relative imports name the `.ts` file (as the sources must); the compiled files import the `.js` one. */
const RELATIVE_TS_SPECIFIER = /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s*)(["'])(\.{1,2}\/[^"'\n]*?)\.ts\2/g;

function writeAtomically(file, contents) {
  // A test run may start a process from build/ while another run in this checkout builds (one at a
  // time: holdingBuildLock): each file is replaced whole, so an import never reads one half written.
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, contents);
  renameSync(temporary, file);
}

function link(relative) {
  const at = path.join(buildDir, relative);
  const target = path.relative(path.dirname(at), path.join(projectRoot, relative));
  try {
    if (lstatSync(at).isSymbolicLink() && readlinkSync(at) === target) return;
    rmSync(at, { recursive: true, force: true });
  } catch {
    // not there yet
  }
  mkdirSync(path.dirname(at), { recursive: true });
  try {
    symlinkSync(target, at);
  } catch (err) {
    if (err.code !== 'EEXIST') throw err; // another build made the same link meanwhile
  }
}

/**
 * Runs `work` while no other process builds into this build/. A holder that died leaves a lock that
 * goes stale after a minute (a build takes about a second, a few under load); a waiter waits up to
 * four minutes.
 */
async function holdingBuildLock(work) {
  mkdirSync(buildDir, { recursive: true });
  const release = await lockfile.lock(buildDir, {
    lockfilePath: LOCK_FILE,
    realpath: false,
    stale: 60_000,
    retries: { retries: 1200, minTimeout: 50, maxTimeout: 200 },
    // Taken over as stale while still held (its holder starved for a minute): this build goes on.
    onCompromised: (err) => process.stderr.write(`build: the build lock was taken over (${err.message})\n`),
  });
  try {
    return await work();
  } finally {
    await release().catch(() => undefined);
  }
}

/**
 * In a bundle every module shares the bundle's `import.meta.url`, but the server finds files by their
 * path relative to its own module (the contract, the migrations, the Markdown worker, the native
 * drivers' packages). So each of the project's modules gets, for `import.meta.url`, the URL of its
 * file-by-file compiled form under build/, which sits beside the bundle: found from the bundle's own
 * URL, so build/ can move. Comments mentioning it are rewritten too, harmlessly.
 */
function ownModuleUrls(bundleFile) {
  return {
    name: 'own-module-urls',
    setup(plugins) {
      plugins.onLoad({ filter: /\.ts$/ }, (args) => {
        if (args.path.split(path.sep).includes('node_modules')) return undefined;
        const compiled = builtPath(path.relative(projectRoot, args.path));
        let relative = path.relative(path.dirname(bundleFile), compiled).split(path.sep).join('/');
        if (!relative.startsWith('.')) relative = `./${relative}`;
        const text = readFileSync(args.path, 'utf8').replaceAll('import.meta.url', `new URL(${JSON.stringify(relative)}, import.meta.url).href`);
        return { contents: text, loader: 'ts' };
      });
    },
  };
}

/** One entry bundled with everything it imports but the native drivers, as ES module output files. */
async function bundle(esbuild, source) {
  const outfile = builtPath(source);
  const result = await esbuild({
    absWorkingDir: projectRoot,
    entryPoints: [source],
    outfile,
    bundle: true,
    external: NOT_BUNDLED,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    tsconfig: 'tsconfig.json',
    sourcemap: 'linked',
    // Whitespace and comments out, names kept (stack traces and CPU profiles still name functions):
    // a third fewer bytes for Node to read and decode, and V8 to parse, at every start.
    minifyWhitespace: true,
    minifySyntax: true,
    // The packages written as CommonJS call `require` for Node's own modules: an ES module has none.
    banner: { js: "import { createRequire as createRequireOfBundle } from 'node:module'; const require = createRequireOfBundle(import.meta.url);" },
    plugins: [ownModuleUrls(outfile)],
    write: false,
    logLevel: 'error',
  });
  return result.outputFiles;
}

/** Compiles every source to build/. Returns the number of files written. */
export async function build() {
  return holdingBuildLock(buildUnlocked);
}

async function buildUnlocked() {
  const { build: esbuild } = await import('esbuild');
  const files = sourceFiles();
  const expected = fingerprint(files);
  const result = await esbuild({
    absWorkingDir: projectRoot,
    entryPoints: files,
    outbase: '.',
    outdir: 'build',
    bundle: false,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    tsconfig: 'tsconfig.json',
    sourcemap: 'linked',
    write: false,
    logLevel: 'error',
  });
  // A compiled folder is a folder of its own under build/, never a link to the sources it mirrors
  // (an earlier layout linked openapi/ whole): writing through one would write into the sources.
  for (const folder of SOURCE_FOLDERS) {
    const at = path.join(buildDir, folder);
    if (existsSync(at) && lstatSync(at).isSymbolicLink()) rmSync(at);
  }
  const bundles = [];
  for (const source of BUNDLED) bundles.push(...(await bundle(esbuild, source)));
  const bundled = new Set(bundles.map((output) => output.path));
  // The bundles take the place of their entries' file-by-file form.
  const outputs = [...result.outputFiles.filter((output) => !bundled.has(output.path)), ...bundles];
  for (const output of outputs) {
    let text = output.text;
    // A bundle names no module of the project: they are all inside it.
    if (output.path.endsWith('.js') && !bundled.has(output.path)) {
      text = text.replace(RELATIVE_TS_SPECIFIER, '$1$2$3.js$2');
      const left = text.match(RELATIVE_TS_SPECIFIER);
      if (left) throw new Error(`${output.path}: an import still names a .ts file: ${left[0]}`);
    }
    writeAtomically(output.path, text);
  }
  // dist/ is where `npm run docs` and the server write the docs page; it must exist for the link to lead somewhere.
  mkdirSync(path.join(projectRoot, 'dist'), { recursive: true });
  for (const relative of LINKS) link(relative);
  removeOrphans(new Set(outputs.map((output) => output.path)));
  precompileValidators();
  writeAtomically(FINGERPRINT_FILE, `${expected}\n`);
  return outputs.length;
}

/**
 * The bundled contract's validators, compiled once here rather than in each worker of each conformance
 * run (conformance/contract/precompiled-validators.ts), by the compiled code in a process of its own. It
 * needs build/node_modules, linked above, for the code's `require`s.
 */
function precompileValidators() {
  const directory = path.dirname(builtPath(CONTRACT_VALIDATORS));
  execFileSync(process.execPath, [builtPath('conformance/contract/precompile-validators.ts'), path.join(projectRoot, CONTRACT), directory], { stdio: 'inherit' });
}

/** Compiled files whose source is gone (renamed or deleted) would still be importable: removed. */
function removeOrphans(written) {
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isSymbolicLink()) continue;
      if (entry.isDirectory()) walk(file);
      else if (/\.js(\.map)?$/.test(entry.name) && !written.has(file)) rmSync(file, { force: true });
    }
  };
  for (const folder of SOURCE_FOLDERS) if (existsSync(path.join(buildDir, folder))) walk(path.join(buildDir, folder));
}

/** Whether build/ was compiled from the sources as they are now. */
export function isCurrent() {
  try {
    return readFileSync(FINGERPRINT_FILE, 'utf8').trim() === fingerprint(sourceFiles());
  } catch {
    return false;
  }
}

/** Builds unless build/ is current. */
export async function ensureBuilt() {
  if (isCurrent()) return false;
  // Another process may have built it while this one waited for the lock: checked again under it.
  return holdingBuildLock(async () => {
    if (isCurrent()) return false;
    await buildUnlocked();
    return true;
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const force = process.argv.includes('--force');
  const started = performance.now();
  if (force || !isCurrent()) {
    const count = await build();
    process.stderr.write(`build: ${count} files compiled to build/ in ${Math.round(performance.now() - started)} ms\n`);
  }
}
