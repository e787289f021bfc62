/**
 * `npm run bench:profile -- [listEmails|createSubscriber] [--seconds N] [--without-validation]`: the
 * server under the benchmark's closed-loop load with V8's CPU profiler on (`node --cpu-prof`), then
 * where its time went: by package or server folder (self time), and the functions with the most self
 * time. The profile file is kept (its path is printed) for Chrome DevTools or speedscope.
 */
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { DEV_TOKEN, startServerProcess, stopAllProcesses } from '../server/tests/processes.ts';
import { makeTempDir, removeTempDirs } from '../server/tests/temp-dirs.ts';
import { runLoad, serverTarget } from './load.ts';
import { createFixtures, OPERATIONS, requestsFor, type Operation } from './throughput.ts';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

const root = pathToFileURL(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')).href;

/** Where a function lives: a package, a folder of this project, Node's own code, or V8's buckets. */
function areaOf(node: ProfileNode): string {
  const { url, functionName } = node.callFrame;
  if (!url) {
    if (functionName.startsWith('(')) return functionName;
    // Code built at run time has no file: Ajv compiles each schema to a function named validate<n>.
    if (/^validate\d*$/.test(functionName)) return 'Ajv compiled validators';
    // C++ functions: writev is the socket write, all/get/run/raw better-sqlite3's statements.
    return `native ${functionName}`;
  }
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
  if (pkg) return pkg;
  if (url.startsWith('node:')) return url;
  if (url.startsWith(root)) return path.dirname(url.slice(root.length + 1));
  return url;
}

/**
 * Self time by area and by function over the last `windowSeconds` of the profile: the load, without
 * the start-up (tsx compiling the server, Ajv compiling the contract) before it.
 */
export function summarise(profile: CpuProfile, windowSeconds: number, top = 20): string {
  const msPerSample = (profile.endTime - profile.startTime) / 1000 / profile.samples.length;
  const hitsOf = new Map<number, number>();
  const from = profile.endTime - windowSeconds * 1e6;
  let time = profile.startTime;
  profile.samples.forEach((id, i) => {
    time += profile.timeDeltas[i]!;
    if (time >= from) hitsOf.set(id, (hitsOf.get(id) ?? 0) + 1);
  });
  const byArea = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let busy = 0;
  for (const node of profile.nodes) {
    const hits = hitsOf.get(node.id) ?? 0;
    if (hits === 0 || node.callFrame.functionName === '(idle)') continue;
    busy += hits;
    const area = areaOf(node);
    byArea.set(area, (byArea.get(area) ?? 0) + hits);
    const where = node.callFrame.url ? `${path.basename(node.callFrame.url)}:${node.callFrame.lineNumber + 1}` : '';
    const name = `${node.callFrame.functionName || '(anonymous)'} ${where} [${area}]`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + hits);
  }
  const rows = (map: Map<string, number>) =>
    [...map].sort((a, b) => b[1] - a[1]).slice(0, top).map(([name, hits]) => `  ${((100 * hits) / busy).toFixed(1).padStart(5)}%  ${name}`);
  return [
    `${((busy * msPerSample) / 1000).toFixed(1)} s of CPU sampled in the last ${windowSeconds} s (idle left out)`,
    'Self time by area:',
    ...rows(byArea),
    'Self time by function:',
    ...rows(byFunction),
  ].join('\n');
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const operation = (args.find((a) => (OPERATIONS as readonly string[]).includes(a)) ?? 'listEmails') as Operation;
  const secondsIndex = args.indexOf('--seconds');
  const seconds = secondsIndex >= 0 ? Number(args[secondsIndex + 1]) : 10;
  const withoutValidation = args.includes('--without-validation');
  // Kept after the run, unlike the server's data directory.
  const profileDir = mkdtempSync(path.join(tmpdir(), 'bench-profile-'));
  const server = await startServerProcess(
    makeTempDir('bench-profile-data'),
    { NODE_OPTIONS: '--max-old-space-size=128' },
    20_000,
    // Not the bundle npm start runs: in one file, every function's area would be that file.
    { nodeFlags: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`], script: withoutValidation ? 'bench/server-without-validation.ts' : 'bench/unbundled-server.mjs' },
  );
  const newsletterId = await createFixtures(server, DEV_TOKEN);
  const request = requestsFor(new URL(server.baseUrl).pathname, newsletterId, DEV_TOKEN, 'profile')[operation];
  const result = await runLoad({ ...serverTarget(server), request, connections: 32, seconds, warmupSeconds: 2 });
  await server.terminate();
  // The main thread's profile is the largest; tsx's loader thread writes a small one of its own.
  const file = readdirSync(profileDir)
    .map((name) => path.join(profileDir, name))
    .sort((a, b) => statSync(b).size - statSync(a).size)[0];
  if (!file) throw new Error(`no profile was written to ${profileDir}`);
  process.stdout.write(
    `${operation}${withoutValidation ? ' without validation' : ''}: ${Math.round(result.requestsPerSecond)} req/s, ` +
      `${result.cpuMsPerRequest.toFixed(2)} ms CPU a request (profiler on), ${result.failures} failures\n` +
      `Profile: ${file}\n${summarise(JSON.parse(readFileSync(file, 'utf8')) as CpuProfile, seconds)}\n`,
  );
}

try {
  await main();
} catch (err) {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exitCode = 1;
} finally {
  await stopAllProcesses();
  removeTempDirs();
}
