/**
 * Runs the suite (conformance/suite/**) with vitest's Node API and its own configuration: the root
 * vitest.config.ts is not read, so the suite never runs as part of the project's own tests.
 */
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createVitest } from 'vitest/node';
import { SOURCE_EXTENSION, suiteFiles } from '../cases/test-files.ts';
import type { ContractDocument } from '../contract/document.ts';
import type { Redactor } from '../http/redact.ts';
import { clearTrafficParts } from '../http/traffic-log.ts';
import { ConformanceReporter } from '../report/reporter.ts';
import type { RunReport } from '../report/model.ts';
import type { RunOptions } from '../run-options.ts';

/** Where suite/ lives: conformance/ in the repository, dist/ of the installed package. */
const suiteRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Test files wait on the network, not the CPU: more workers than cores keeps the run short. */
const MAX_WORKERS = 4;
/**
 * Operations one worker takes of a run that includes only some. Each worker costs about a second of
 * CPU before its first test (its process, vitest's runtime, the suite's modules, the contract's
 * validators compiled again), while a run of a few operations is a few hundred tests, most of them in
 * groups that run concurrently inside the worker. Measured on a run of three operations against a
 * server on the same two cores: 4.1 s of CPU with one worker, 6.1 s with three, and no longer.
 */
const OPERATIONS_PER_WORKER = 8;
const CONCURRENT_TESTS_PER_FILE = 8;

export interface SuiteRun {
  report: RunReport | undefined;
  reportFiles: string[];
}

export async function runSuite(options: RunOptions, contract: ContractDocument, redact: Redactor): Promise<SuiteRun> {
  const startedAt = new Date();
  // A traffic log (--reporter har) never mixes in the parts of an earlier run in the same directory.
  clearTrafficParts(options.reportDir);
  let timeLimitReached = false;
  const reporter = new ConformanceReporter({ options, contract, redact, startedAt, timeLimitReached: () => timeLimitReached });
  const maxTimeMs = options.maxTimeSeconds * 1000;

  // A run of a few operations has few tests: more workers than that would only cost start-up time.
  const workers = options.include.length === 0 ? MAX_WORKERS : Math.min(MAX_WORKERS, Math.ceil(options.include.length / OPERATIONS_PER_WORKER));
  const vitest = await createVitest(
    'test',
    {
      config: false,
      root: suiteRoot,
      ...suiteFiles(options),
      globalSetup: [`suite/global-setup.${SOURCE_EXTENSION}`],
      provide: { conformanceOptions: { ...options, workers } },
      reporters: [reporter],
      watch: false,
      passWithNoTests: true,
      // Vitest's results cache (durations and failures of the last run, for ordering the next) would
      // be one file shared by every run on the machine, written whole by each while another reads
      // it: with several runs at once (the project's own tests start many) it is not worth having.
      cache: false,
      isolate: false,
      // A young generation twice V8's default: a worker makes short-lived garbage at a great rate (every
      // answer's text, its parse, its records), and fewer, larger scavenges cost less. Measured on the
      // default run, three runs each way in turn: 1.5 s less CPU of the CLI's 42 s, for at most 32 MB
      // more memory in each worker.
      execArgv: ['--max-semi-space-size=32'],
      maxWorkers: workers,
      // Only for the groups that declare themselves concurrent (see forOperation).
      maxConcurrency: CONCURRENT_TESTS_PER_FILE,
      // A single test never needs more than a minute; the run as a whole is bounded by --max-time.
      testTimeout: Math.min(60_000, maxTimeMs),
      hookTimeout: Math.min(60_000, maxTimeMs),
      teardownTimeout: 30_000,
      // Compiled JavaScript (the installed package, build/) is imported by Node itself: Vite's module
      // runner would transform every file of the suite again in each run, about a second of CPU.
      experimental: { viteModuleRunner: SOURCE_EXTENSION !== 'js', nodeLoader: SOURCE_EXTENSION !== 'js' },
    },
    // Not inside the package: an installed package (or npx's cache) need not be writable. With the
    // results cache off nothing is written there; should Vite write anything, it is this process's own.
    { logLevel: 'error', cacheDir: path.join(tmpdir(), `publishing-conformance-vite-${process.pid}`) },
  );

  const timer = setTimeout(() => {
    timeLimitReached = true;
    void vitest.cancelCurrentRun('--max-time' as Parameters<typeof vitest.cancelCurrentRun>[0]);
  }, maxTimeMs);
  try {
    await vitest.start();
  } finally {
    clearTimeout(timer);
    await vitest.close();
  }
  return { report: reporter.report, reportFiles: reporter.files };
}
