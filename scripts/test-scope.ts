/**
 * Which tests a run takes. `npm test` takes every test. CI runs every test on one Node.js line and, on
 * the others, only those whose result can depend on the line (.ci/run sets TEST_SCOPE=node-line there):
 * what runs the server, its SQLite driver, npm, the packed packages, Prism or the conformance CLI against
 * a server. The rest computes the same answer from the same files on any line: the contract document's
 * own tests, the suite's case generation and reports, and the fault matrices, which prove that the
 * suite's checks can fail (a property of the suite and of the faults; the suite's clean runs against the
 * server and the mock, which do run on every line, show it works there). README: "Tests".
 */
export const TEST_SCOPES = ['all', 'node-line'] as const;
export type TestScope = (typeof TEST_SCOPES)[number];

export function testScope(env: NodeJS.ProcessEnv = process.env): TestScope {
  const scope = env.TEST_SCOPE ?? 'all';
  if (!(TEST_SCOPES as readonly string[]).includes(scope)) throw new Error(`TEST_SCOPE=${scope}: expected one of ${TEST_SCOPES.join(', ')}`);
  return scope as TestScope;
}

/** Whether tests that give the same result on every Node.js line run (in a file that also has others). */
export const sameOnEveryLineRuns = testScope() === 'all';

/** Test files that give the same result on every Node.js line, as a whole. */
export const SAME_ON_EVERY_LINE = [
  // The contract document: YAML and JSON read and compared.
  'openapi/tests/breaking-changes.test.ts',
  'openapi/tests/contract-rules.test.ts',
  'openapi/tests/generated.test.ts',
  'openapi/tests/rules.test.ts',
  'openapi/tests/v1-interface.test.ts',
  // The suite's own machinery, without a target: generated cases, reports, the check catalogue.
  'conformance/tests/cases-generation.test.ts',
  'conformance/tests/generators.test.ts',
  'conformance/tests/hostile-cases.test.ts',
  'conformance/tests/readme.test.ts',
  'conformance/tests/report.test.ts',
  'conformance/tests/test-verdict.test.ts',
  'conformance/tests/model-reach.test.ts',
  'conformance/tests/rule-proofs.test.ts',
  'conformance/tests/fault-batches.test.ts',
  'conformance/tests/validator.test.ts',
  // A fault matrix: each fault of the proxy in front of the mock, caught by the suite.
  'conformance/tests/faults.test.ts',
  // The benchmark's report and load generator.
  'bench/tests/report.test.ts',
  'bench/tests/open-loop.test.ts',
];
