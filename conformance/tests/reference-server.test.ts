/**
 * The suite against the clean reference server: it must pass with zero failures (live profile, with a
 * second workspace for the isolation checks, and --disposable-target, since a fresh server is
 * disposable). That the suite fails against the server's deliberate faults is proven by
 * reference-server-faults.test.ts.
 *
 * The clean run also holds the suite's own coverage to account: every rule checked or saying why not,
 * every declared status of every operation answered or listed with the reason it is not provoked, the
 * one-character boundaries judged (not "not applicable" for a value already taken), and the author
 * tests applying.
 */
import { describe, expect, it } from 'vitest';
import type { RunReport } from '../report/model.ts';
import { runAgainstServer, statusGaps, type Run } from './server-run.ts';

/** The boundaries cases that send a name or slug of one character, the shortest the contract allows. */
const oneCharacterBoundaries = (report: RunReport) => report.tests.filter((test) => /\] boundaries: body\.\w+ at its minLength 1$/.test(test.name));

/**
 * The clean run's bounds: the CLI's --max-time, and the test's, which adds the server's start and stop.
 * A whole run takes about 35 s on a quiet two-core machine; beside the other test files of `npm test`
 * on a loaded one it took over the CLI's default 300 s, and a run cut short can only fail.
 */
const CLEAN_RUN_MAX_SECONDS = 600;
const CLEAN_RUN_TIMEOUT_MS = (CLEAN_RUN_MAX_SECONDS + 60) * 1000;

describe('the suite against the reference server', () => {
  let clean: Promise<Run> | undefined;
  // One clean run, judged from several sides below. The database in a file, as `npm start` keeps it: in
  // memory, an item deleted while a list answer with long contents is written is left out of it (the
  // documented limit of DATABASE_PATH=:memory:, http/list-snapshot.ts), which list_page_filled sees.
  const cleanRun = () => (clean ??= runAgainstServer({ database: 'file' }, [], ['--max-time', String(CLEAN_RUN_MAX_SECONDS)]));

  it('passes every applicable check of every operation, with zero failures', async () => {
    const { exitCode, report, stdout } = await cleanRun();
    expect(report.failures.map((f) => `${f.operation} ${f.check}: ${f.reason}`)).toEqual([]);
    expect(exitCode, stdout.slice(-2000)).toBe(0);
    // Every rule of the contract is checked, or says why it cannot be; none is silently unchecked.
    expect(report.ruleCoverage.rules.filter((rule) => rule.status === 'gap').map((rule) => rule.id)).toEqual([]);
    expect(report.ruleCoverage.unknown).toEqual([]);
    expect(report.ruleCoverage.counts.failed).toBe(0);
  }, CLEAN_RUN_TIMEOUT_MS);

  it('answers every declared status of every operation, or the suite says why it does not provoke it', async () => {
    const { report } = await cleanRun();
    expect(statusGaps(report)).toEqual([]);
    // Counted from every test: the hand-written ones give statuses no generated case provokes.
    const statuses = (operationId: string) => report.statusCoverage.operations.find((operation) => operation.operationId === operationId)?.statuses ?? [];
    expect(statuses('sendEmail').find((status) => status.status === '409')?.state).toBe('exercised');
    expect(report.statusCoverage.counts.exercised).toBeGreaterThan(report.statusCoverage.counts.notExercised);
  }, CLEAN_RUN_TIMEOUT_MS);

  it('judges the shortest names and slugs (one character) instead of finding them taken', async () => {
    const { report } = await cleanRun();
    const cases = oneCharacterBoundaries(report);
    // createPage, updatePage, createNewsletter, updateNewsletter names and both category slugs at least.
    expect(cases.length).toBeGreaterThanOrEqual(6);
    expect(cases.filter((test) => test.state !== 'passed').map((test) => `${test.name}: ${test.state} ${test.reason ?? ''}`)).toEqual([]);
  }, CLEAN_RUN_TIMEOUT_MS);

  it('runs the author tests on a disposable target', async () => {
    const { report } = await cleanRun();
    const author = report.tests.filter((test) => test.operation === 'updateAuthor');
    expect(author.filter((test) => test.state === 'not_applicable' && /--disposable-target/.test(test.reason ?? '')).map((test) => test.name)).toEqual([]);
    expect(author.filter((test) => test.state === 'passed').length).toBeGreaterThan(40);
  }, CLEAN_RUN_TIMEOUT_MS);
});
