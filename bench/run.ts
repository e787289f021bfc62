/**
 * `npm run bench`: the reference server against the Prism mock, then the server alone on a million
 * emails and on a delivery to ten thousand subscribers, with its peak memory throughout. Prints the
 * numbers and which performance targets are met. It is a measurement, not a test: it exits 0 when a
 * target is missed, and non-zero only when it could not measure.
 *
 * Every process and temporary directory it creates is removed at the end, also after a failure or
 * Ctrl-C.
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startPrismMock, type RunningMock } from '../scripts/prism.ts';
// The launcher the durability tests use, so the benchmark runs the server exactly as they do:
// server/main.ts under tsx, as `npm start` runs it, on a fresh data directory.
import { DEV_TOKEN, startServerProcess, stopAllProcesses, type ServerProcess } from '../server/tests/processes.ts';
import { makeTempDir, removeTempDirs } from '../server/tests/temp-dirs.ts';
import { measureDelivery } from './delivery.ts';
import { measureLargeList } from './large-list.ts';
import { loadAverage, peakRssMB } from './proc-stats.ts';
import { formatReport, type BenchmarkResults } from './report.ts';
import { seedDatabase } from './seed.ts';
import { compareWithMock, type LoadSettings } from './throughput.ts';

const EMAILS = 1_000_000;
const SUBSCRIBERS = 10_000;
const throughputSettings: LoadSettings = { connections: 32, seconds: Number(process.env.BENCH_SECONDS ?? 10), warmupSeconds: 2 };
const listSettings: LoadSettings = { connections: 32, seconds: Number(process.env.BENCH_SECONDS ?? 10), warmupSeconds: 1 };
// startServerProcess already turns request logs off (LOG_LEVEL=warn), as in production. The server
// also gets the V8 heap flags `npm start` gives it, read from package.json (they keep its peak
// memory under 200 MB); BENCH_SERVER_NODE_OPTIONS replaces them (README: memory).
const startScript: string = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).scripts.start;
const startHeapFlags = (startScript.match(/--max-[a-z-]+-size=\d+/g) ?? []).join(' ');
// The load comes from one token, far past the per-token rate limit (20,000 a minute): the limit is
// raised so every request is served and measured, the limiter's own work included.
const serverEnv = { NODE_OPTIONS: process.env.BENCH_SERVER_NODE_OPTIONS ?? startHeapFlags, RATE_LIMIT_PER_TOKEN: '1000000000' };

const say = (text: string) => process.stderr.write(`${text}\n`);

let mock: RunningMock | undefined;
async function cleanUp(): Promise<void> {
  await mock?.stop();
  await stopAllProcesses();
  removeTempDirs();
}
process.once('SIGINT', () => void cleanUp().finally(() => process.exit(130)));

async function stopServer(server: ServerProcess, phase: string, peaks: BenchmarkResults['peakRssMB']): Promise<void> {
  peaks.push({ phase, mb: peakRssMB(server.child.pid!) });
  await server.terminate();
}

async function main(): Promise<BenchmarkResults> {
  const flags = serverEnv.NODE_OPTIONS ? `, server NODE_OPTIONS="${serverEnv.NODE_OPTIONS}"` : '';
  const machine = `${os.cpus().length} cores, Node ${process.version}${flags}, load average ${loadAverage()} at start`;
  const peakRssMB: BenchmarkResults['peakRssMB'] = [];

  say('Starting the Prism mock and the reference server ...');
  mock = await startPrismMock();
  const server = await startServerProcess(makeTempDir('bench-server'), serverEnv);
  say(`Loading both: listEmails and createSubscriber, ${throughputSettings.seconds} s each ...`);
  const comparisons = await compareWithMock(server, mock, DEV_TOKEN, throughputSettings);
  await stopServer(server, 'server vs mock', peakRssMB);
  await mock.stop();
  mock = undefined;

  const dataDir = makeTempDir('bench-million');
  say(`Seeding ${EMAILS.toLocaleString('en-US')} emails and ${SUBSCRIBERS.toLocaleString('en-US')} subscribers ...`);
  const seedStarted = performance.now();
  const seeded = seedDatabase(path.join(dataDir, 'publishing.sqlite'), { token: DEV_TOKEN, emails: EMAILS, subscribers: SUBSCRIBERS });
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  const big = await startServerProcess(dataDir, serverEnv);
  say('Listing the million and the empty newsletter ...');
  const largeList = await measureLargeList(big, DEV_TOKEN, { full: seeded.bigNewsletterId, empty: seeded.emptyNewsletterId }, EMAILS, listSettings);
  say(`Delivering one email to ${SUBSCRIBERS.toLocaleString('en-US')} subscribers ...`);
  const delivery = await measureDelivery(big, DEV_TOKEN, seeded.audienceNewsletterId, SUBSCRIBERS);
  await stopServer(big, '1M rows and delivery', peakRssMB);

  return { machine, throughputSettings, listSettings, comparisons, emails: EMAILS, seedSeconds, largeList, delivery, peakRssMB };
}

try {
  const results = await main();
  process.stdout.write(`\n${formatReport(results)}\n`);
} catch (err) {
  say(`The benchmark could not finish: ${err instanceof Error ? err.stack : String(err)}`);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
