/**
 * `npm run bench`: the reference server against the Prism mock; its latency at fixed arrival rates; the
 * same server without validation; its event loop under hostile input; the conformance suite's wall
 * time; then the server alone on a million emails and on a delivery to ten thousand subscribers, with
 * its peak memory throughout. Prints the numbers and which performance targets are met. It is a
 * measurement, not a test: it exits 0 when a target is missed (a server that crashes under hostile
 * input included), and non-zero only when it could not measure.
 *
 * `npm run bench -- --quick` runs every phase briefly (2 s a load run, 100,000 emails instead of a
 * million), to see that the benchmark works; its figures are not the benchmark's.
 *
 * Every process and temporary directory it creates is removed at the end, also after a failure or
 * Ctrl-C.
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startPrismMock, type RunningMock } from '../scripts/prism.ts';
// The launcher the durability tests use, so the benchmark runs the server exactly as they do:
// server/main.ts compiled (build/), as `npm start` runs it, on a fresh data directory.
import { DEV_TOKEN, startServerProcess, stopAllProcesses, type ServerLaunch, type ServerProcess } from '../server/tests/processes.ts';
import { makeTempDir, removeTempDirs } from '../server/tests/temp-dirs.ts';
import { timeSuiteInstall, timeSuiteRun } from './conformance-run.ts';
import { waitUntilWarm } from './api.ts';
import { formatCapacity, measureCapacity } from './capacity.ts';
import { measureDelivery } from './delivery.ts';
import { measureFirstRequests } from './first-requests.ts';
import { measureHostileInput, type HostileResult } from './hostile.ts';
import { measureLargeList } from './large-list.ts';
import { measureLatencyAtRates } from './latency.ts';
import { loadAverage, peakRssMB } from './proc-stats.ts';
import { formatReport, type BenchmarkResults } from './report.ts';
import { seedDatabase } from './seed.ts';
import { compareWithMock, createFixtures, type LoadSettings } from './throughput.ts';
import { measureValidationPrice } from './validation.ts';

const quick = process.argv.includes('--quick');
const seconds = quick ? 2 : Number(process.env.BENCH_SECONDS ?? 10);
const EMAILS = quick ? 100_000 : 1_000_000;
const SUBSCRIBERS = 10_000;
const throughputSettings: LoadSettings = { connections: 32, seconds, warmupSeconds: quick ? 1 : 2 };
const listSettings: LoadSettings = { connections: 32, seconds, warmupSeconds: quick ? 1 : 2 };
// startServerProcess already turns request logs off (LOG_LEVEL=warn), as in production. The server
// also gets the V8 heap flags `npm start` gives it, read from package.json (they keep its peak
// memory under 200 MB); BENCH_SERVER_NODE_OPTIONS replaces them (README: memory).
const startScript: string = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).scripts.start;
const startHeapFlags = (startScript.match(/--max-[a-z-]+-size=\d+/g) ?? []).join(' ');
// The load comes from one token, far past the per-token rate limit (20,000 a minute): the limit is
// raised so every request is served and measured, the limiter's own work included.
const serverEnv = { NODE_OPTIONS: process.env.BENCH_SERVER_NODE_OPTIONS ?? startHeapFlags, RATE_LIMIT_PER_TOKEN: '1000000000' };
const withoutValidation: ServerLaunch = { script: 'bench/server-without-validation.ts' };
const withProbe: ServerLaunch = { preload: ['bench/event-loop-probe.ts'] };

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

/** The hostile-input phase on servers of its own; a server that cannot even start is a result too. */
async function hostilePhase(bystanderRate: number): Promise<{ result: HostileResult | undefined; failure?: string }> {
  try {
    const start = () => startServerProcess(makeTempDir('bench-hostile'), serverEnv, 20_000, withProbe);
    let peakMB: number | undefined;
    const stop = async (server: ServerProcess) => {
      peakMB = peakRssMB(server.child.pid!);
      await server.kill();
    };
    const result = await measureHostileInput(start, stop, DEV_TOKEN, bystanderRate);
    return { result: { ...result, ...(peakMB === undefined ? {} : { peakMB }) } };
  } catch (err) {
    return { result: undefined, failure: err instanceof Error ? err.message.split('\n')[0]! : String(err) };
  }
}

async function main(): Promise<BenchmarkResults> {
  const flags = serverEnv.NODE_OPTIONS ? `, server NODE_OPTIONS="${serverEnv.NODE_OPTIONS}"` : '';
  const machine = `${os.cpus().length} cores, Node ${process.version}${flags}, load average ${loadAverage()} at start${quick ? ' (--quick: short runs, not the figures of the benchmark)' : ''}`;
  const peakRssMB: BenchmarkResults['peakRssMB'] = [];

  // First, on an idle machine: a fresh server's start-up and the first request of each operation.
  say('A fresh server: start-up, then the first request of every operation ...');
  const firstRequests = await measureFirstRequests(serverEnv);
  peakRssMB.push({ phase: 'start-up and first requests', mb: firstRequests.peakMB });

  say('Starting the Prism mock and the reference server ...');
  mock = await startPrismMock();
  // This server builds the docs at its start as `npm start` does (the other servers skip it, to start
  // faster), so the peak memory of the first phases is what a user's server reaches.
  const server = await startServerProcess(makeTempDir('bench-server'), { ...serverEnv, BUILD_DOCS: 'true' }, 90_000);
  // Every measured server has ended its start-up warm-up first: its turns would be counted against
  // whatever the phase measures (the first-request phase above measures the warm-up's absence itself).
  await waitUntilWarm(server.origin, 120_000);
  const newsletterId = await createFixtures(server, DEV_TOKEN);
  say(`Loading both: listEmails and createSubscriber, ${throughputSettings.seconds} s each ...`);
  const comparisons = await compareWithMock(server, mock, DEV_TOKEN, newsletterId, throughputSettings);
  await mock.stop();
  mock = undefined;
  const saturation = { listEmails: comparisons[0]!.server.requestsPerSecond, createSubscriber: comparisons[1]!.server.requestsPerSecond };
  say('Latency at 25, 50 and 75% of that throughput, at a constant arrival rate ...');
  const rateLatency = await measureLatencyAtRates(server, DEV_TOKEN, newsletterId, saturation, seconds);

  say('The same server with and without request and response validation ...');
  const bare = await startServerProcess(makeTempDir('bench-unvalidated'), serverEnv, 20_000, withoutValidation);
  await waitUntilWarm(bare.origin, 120_000);
  const validation = await measureValidationPrice(server, bare, DEV_TOKEN, throughputSettings);
  await bare.terminate();
  await stopServer(server, 'server vs mock, fixed rates, validation', peakRssMB);

  say('Hostile input, with another client listing emails meanwhile ...');
  const hostile = await hostilePhase(Math.max(1, Math.round(saturation.listEmails * 0.25)));

  say('A default conformance run against a fresh server ...');
  const suiteServer = await startServerProcess(makeTempDir('bench-conformance'), serverEnv);
  const suiteRun = await timeSuiteRun(suiteServer, DEV_TOKEN);
  await suiteServer.terminate();
  say('Installing the packed suite into an empty project ...');
  const suiteInstall = await timeSuiteInstall();

  const dataDir = makeTempDir('bench-million');
  say(`Seeding ${EMAILS.toLocaleString('en-US')} emails and ${SUBSCRIBERS.toLocaleString('en-US')} subscribers ...`);
  const seedStarted = performance.now();
  const seeded = seedDatabase(path.join(dataDir, 'publishing.sqlite'), { token: DEV_TOKEN, emails: EMAILS, subscribers: SUBSCRIBERS });
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  const big = await startServerProcess(dataDir, serverEnv);
  await waitUntilWarm(big.origin, 120_000);
  say('Listing the large and the empty newsletter ...');
  const largeList = await measureLargeList(big, DEV_TOKEN, { full: seeded.bigNewsletterId, empty: seeded.emptyNewsletterId }, EMAILS, listSettings);
  say(`Delivering one email to ${SUBSCRIBERS.toLocaleString('en-US')} subscribers ...`);
  const delivery = await measureDelivery(big, DEV_TOKEN, seeded.audienceNewsletterId, SUBSCRIBERS);
  await stopServer(big, 'large list and delivery', peakRssMB);

  return {
    machine, throughputSettings, listSettings, comparisons, rateLatency, rateSeconds: seconds, validation, hostile,
    suiteRun, suiteInstall, emails: EMAILS, seedSeconds, largeList, delivery, peakRssMB, firstRequests,
  };
}

try {
  const results = await main();
  process.stdout.write(`\n${formatReport(results)}\n`);
  say('Capacity: many of the largest requests at once ...');
  process.stdout.write(`\n${formatCapacity(await measureCapacity(quick, serverEnv))}\n`);
} catch (err) {
  say(`The benchmark could not finish: ${err instanceof Error ? err.stack : String(err)}`);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
