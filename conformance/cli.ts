/**
 * The conformance CLI: `npm run conformance -- --base-url URL --token TOKEN [options]`.
 *
 * Exit codes: 0 every applicable check passed; 1 a check failed (or --max-time cut the run short);
 * 2 the run could not happen (bad options, unreadable spec, unreachable target, a broken suite).
 */
import module from 'node:module';
import { InformationShown, OptionsError, resolveOptions } from './cli/options.ts';
import { TargetUnreachable, waitForTarget } from './cli/preflight.ts';
import { redactorFor } from './http/redact.ts';
import { verdictOf } from './report/model.ts';
import { SUITE_LABEL } from './version.ts';

/**
 * Keeps V8's compiled code of the modules a run loads (vitest, Vite, the suite) on disk between runs,
 * in the CLI and, through the environment, in its test workers: Node 22.1 and later
 * (`module.enableCompileCache`; NODE_DISABLE_COMPILE_CACHE=1 turns it off). Measured on Node 24, a
 * run of one operation took 1.49 s of CPU with it and 1.60 s without. Node 20 has no such cache.
 */
function keepCompiledCode(): void {
  const { enableCompileCache } = module as typeof module & { enableCompileCache?: () => { directory?: string } };
  const directory = enableCompileCache?.().directory;
  if (directory !== undefined) process.env.NODE_COMPILE_CACHE ??= directory;
}

async function main(argv: string[]): Promise<number> {
  keepCompiledCode();
  let resolved;
  try {
    resolved = resolveOptions(argv);
  } catch (error) {
    if (error instanceof InformationShown) {
      process.stdout.write(error.message);
      return 0;
    }
    if (error instanceof OptionsError) {
      process.stderr.write(`conformance: ${error.message}\nRun with --help for the options.\n`);
      return 2;
    }
    throw error;
  }
  const { options, contract } = resolved;
  const redact = redactorFor(options);
  for (const warning of resolved.warnings) process.stderr.write(`conformance: warning: ${warning}\n`);

  process.stdout.write(`${SUITE_LABEL}: checking ${options.baseUrl} (profile ${options.profile}, seed ${options.seed}, run id ${options.runId})\n`);
  try {
    await waitForTarget(options);
  } catch (error) {
    if (error instanceof TargetUnreachable) {
      process.stderr.write(`conformance: ${redact(error.message)}\n`);
      return 2;
    }
    throw error;
  }

  // Loaded only now: vitest is heavy, and a run that cannot happen should say so at once.
  const { runSuite } = await import('./cli/run-suite.ts');
  const { report } = await runSuite(options, contract, redact);
  if (!report) {
    process.stderr.write('conformance: the suite ended without a report; see the errors above.\n');
    return 2;
  }
  if (report.errors.length > 0) {
    process.stderr.write(`conformance: the suite itself could not run as it should:\n${report.errors.map((error) => `  ${error}`).join('\n')}\n`);
    return 2;
  }
  if (report.summary.tests.total === 0 && !report.run.timeLimitReached) {
    // Whatever selected nothing (filters, a rerun's scope), a run of no test says nothing about the target.
    process.stderr.write('conformance: the options selected no test, so nothing was checked; widen --include or --phases.\n');
    return 2;
  }
  return verdictOf(report);
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`conformance: unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(2);
  },
);
