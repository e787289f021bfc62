/**
 * The generated phases against the reference server: the clean server passes every phase over three
 * seeds; the server with a planted fault fails, each fault caught by a generated case; and `--replay`
 * of a saved failure sends the same minimal request again and fails the same way.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../server/tests/harness.ts';
import type { FaultName } from '../../server/faults/catalog.ts';
import type { FailuresFile } from '../cases/failures-file.ts';
import type { RunReport } from '../report/model.ts';
import { runCli, type CliRun } from './run-cli.ts';

const GENERATED = 'examples,boundaries,negative,property,stateful';
/** Small counts: these runs prove the phases work; CI-sized and deep runs are the CLI's business. */
const SMALL = ['--max-examples', '3', '--reporter', 'json'];

interface GeneratedRun {
  run: CliRun;
  reportDir: string;
  report: RunReport;
  failures: FailuresFile;
}

async function runGenerated(server: TestServer, seed: number, extra: string[] = [], reportDir = mkdtempSync(path.join(tmpdir(), 'conformance-cases-'))): Promise<GeneratedRun> {
  const run = await runCli(['--base-url', server.baseUrl, '--seed', String(seed), '--report-dir', reportDir, '--phases', GENERATED, ...SMALL, ...extra], { CONFORMANCE_TOKEN: server.token });
  const read = (name: string) => JSON.parse(readFileSync(path.join(reportDir, name), 'utf8'));
  return { run, reportDir, report: read('report.json') as RunReport, failures: read('failures.json') as FailuresFile };
}

let clean: TestServer;
let planted: TestServer;
let classic: TestServer;
/** The faults the issue names, which only generated cases were asked to catch. */
const PLANTED: FaultName[] = ['size-limit-off-by-one', 'name-length-unchecked', 'enum-value-missing', 'drop-null-fields', 'ignore-verified-false'];
/** A few of conformance.md's classes, in a server of their own so they do not mask each other. */
const CLASSIC: FaultName[] = ['server-error-on-invalid-input', 'wrong-success-status', 'publish-without-timestamp'];
let plantedRun: GeneratedRun;
let classicRun: GeneratedRun;

beforeAll(async () => {
  [clean, planted, classic] = await Promise.all([startTestServer({ database: 'file' }), startTestServer({ faults: PLANTED, database: 'file' }), startTestServer({ faults: CLASSIC, database: 'file' })]);
  [plantedRun, classicRun] = await Promise.all([runGenerated(planted, 3), runGenerated(classic, 4)]);
}, 600_000);

afterAll(async () => {
  await Promise.all([clean, planted, classic].map((server) => server?.close()));
});

const caught = (run: GeneratedRun, operation: string, check: string, location: string | RegExp) =>
  run.failures.failures.find((failure) => failure.operation === operation && failure.check === check && (typeof location === 'string' ? failure.location === location : location.test(failure.location)));

describe('generated phases against the reference server', () => {
  it('pass the clean server with zero failures over three seeds', async () => {
    // One after another: a clean run is the baseline, not a load test.
    for (const seed of [1, 2, 3]) {
      const { run, report, failures } = await runGenerated(clean, seed);
      expect(report.failures, `seed ${seed}`).toEqual([]);
      expect(failures.failures).toEqual([]);
      expect(run.exitCode).toBe(0);
      expect(report.generated?.phases.map((phase) => phase.phase)).toEqual(['examples', 'boundaries', 'negative', 'property', 'stateful']);
      for (const phase of report.generated?.phases ?? []) expect(phase.passed, phase.phase).toBeGreaterThan(0);
    }
  }, 240_000);

  it('catch each planted fault with a generated case', () => {
    expect(plantedRun.run.exitCode).toBe(1);
    expect(caught(plantedRun, 'listEmails', 'negative_data_rejection', 'query.size'), 'size-limit-off-by-one').toBeDefined();
    expect(caught(plantedRun, 'createPost', 'negative_data_rejection', 'body.title'), 'name-length-unchecked').toBeDefined();
    expect(caught(plantedRun, 'listEmails', 'positive_data_acceptance', 'query.status'), 'enum-value-missing').toBeDefined();
    expect(caught(plantedRun, 'createPost', 'response_schema_conformance', /^response 201$/), 'drop-null-fields').toBeDefined();
    expect(caught(plantedRun, 'listSubscribers', 'status_filter', 'sequence filters:listSubscribers'), 'ignore-verified-false').toBeDefined();
  });

  it('catch a few of the classic faults with a generated case', () => {
    expect(classicRun.run.exitCode).toBe(1);
    expect(caught(classicRun, 'createPost', 'not_a_server_error', /^response 500$/), 'server-error-on-invalid-input').toBeDefined();
    expect(caught(classicRun, 'createPage', 'positive_data_acceptance', /body/), 'wrong-success-status').toBeDefined();
    expect(caught(classicRun, 'createPage', 'status_code_conformance', /^response 200$/), 'wrong-success-status').toBeDefined();
  });

  it('print each failure with its curl line and seed, and shrink a property failure to one minimal input', () => {
    const failure = caught(plantedRun, 'listEmails', 'negative_data_rejection', 'query.size')!;
    expect(failure.curl).toMatch(/^curl -i -X GET '.*size=101'/);
    expect(plantedRun.failures.seed).toBe(3);
    expect(plantedRun.report.run.seed).toBe(3);
    // A property failure shares its operation x check x location with others: find its case among them.
    const property = plantedRun.failures.failures.flatMap((item) => item.cases).find((saved) => saved.phase === 'property');
    expect(property?.case?.title).toMatch(/^the smallest failing input of \d+ \(fast-check seed/);
  });

  it('replay a saved failure: the same request, the same failure', async () => {
    const failure = caught(plantedRun, 'listEmails', 'negative_data_rejection', 'query.size')!;
    const replay = await runCli(['--base-url', planted.baseUrl, '--report-dir', plantedRun.reportDir, '--reporter', 'json', '--replay', failure.id, '--run-id', 'replay1'], { CONFORMANCE_TOKEN: planted.token });
    // A rerun writes its own reports; the run it reruns keeps its own.
    const report = JSON.parse(readFileSync(path.join(plantedRun.reportDir, 'reruns', 'replay1', 'report.json'), 'utf8')) as RunReport;
    expect(JSON.parse(readFileSync(path.join(plantedRun.reportDir, 'report.json'), 'utf8'))).toEqual(plantedRun.report);
    expect(replay.exitCode).toBe(1);
    expect(report.tests.length).toBe(failure.cases.length);
    // The same request; only the ids of the run's shared newsletter differ from the first run's.
    const again = report.failures.filter((item) => item.operation === 'listEmails' && item.check === 'negative_data_rejection');
    expect(again.map((item) => item.evidence?.curl?.replace(/\/newsletters\/\d+/, ''))).toContain(failure.curl?.replace(/\/newsletters\/\d+/, ''));
    // failures.json is kept as the run that saved it.
    expect(JSON.parse(readFileSync(path.join(plantedRun.reportDir, 'failures.json'), 'utf8'))).toEqual(plantedRun.failures);
  }, 60_000);
});
