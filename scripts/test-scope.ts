/**
 * Which test files a run takes (TEST_SCOPE; README: "Tests").
 *
 * - `main`, what `npm test` runs: every test but the fault proofs. It is what a change waits for.
 * - `fault-proofs`, what `npm run test:faults` runs: the files that prove the deliberate faults
 *   (server/faults, and the proxy's) really break what they name and that the suite catches each. These
 *   are the project's mutation tests: about four fifths of the CPU of all the tests, since every fault
 *   is a server and a run of the conformance CLI of its own, and they change only when a fault, a check
 *   or the suite's tests do. A file that proves faults is named `*faults.test.ts`.
 * - `node-line`: the `main` files whose result can depend on the Node.js line (CI runs them on its
 *   second and third line): what runs the server, its SQLite driver, npm, the packed packages, Prism or
 *   the conformance CLI against a server. The rest computes the same answer from the same files on any
 *   line: the contract document's own tests, the suite's case generation and reports; so do the fault
 *   proofs, a property of the suite and of the faults (the suite's clean runs against the server and
 *   the mock, which do run on every line, show it works there).
 * - `all`, without TEST_SCOPE: every test file, as `npx vitest run <file>` expects.
 *
 * Scopes join with commas: `node-line,fault-proofs` is the union of both.
 */
export const TEST_SCOPES = ['all', 'main', 'fault-proofs', 'node-line'] as const;
export type TestScope = (typeof TEST_SCOPES)[number];

export function testScopes(env: NodeJS.ProcessEnv = process.env): TestScope[] {
  const scopes = (env.TEST_SCOPE ?? 'all').split(',').map((scope) => scope.trim());
  for (const scope of scopes) {
    if (!(TEST_SCOPES as readonly string[]).includes(scope)) throw new Error(`TEST_SCOPE=${env.TEST_SCOPE}: expected one or more of ${TEST_SCOPES.join(', ')}, joined with commas`);
  }
  return scopes as TestScope[];
}

/** The fault proofs, by name. */
export const FAULT_PROOFS = '**/*faults.test.ts';

/** Test files of `main` that give the same result on every Node.js line, as a whole. */
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
  // The benchmark's report and load generator.
  'bench/tests/report.test.ts',
  'bench/tests/open-loop.test.ts',
];

/** The project's test files (vitest.config.ts). */
const TEST_FILES = ['openapi/tests/**/*.test.ts', 'server/tests/**/*.test.ts', 'conformance/tests/**/*.test.ts', 'client/tests/**/*.test.ts', 'bench/tests/**/*.test.ts', 'scripts/tests/**/*.test.ts'];

/** The files vitest takes for these scopes, as its `include` and `exclude`. */
export function filesOf(scopes: readonly TestScope[]): { include: string[]; exclude: string[] } {
  const exclude = ['**/node_modules/**'];
  if (scopes.includes('all')) return { include: TEST_FILES, exclude };
  const faultProofs = scopes.includes('fault-proofs');
  if (scopes.includes('main')) return { include: TEST_FILES, exclude: faultProofs ? exclude : [...exclude, FAULT_PROOFS] };
  if (scopes.includes('node-line')) return { include: TEST_FILES, exclude: [...exclude, ...SAME_ON_EVERY_LINE, ...(faultProofs ? [] : [FAULT_PROOFS])] };
  return { include: TEST_FILES.map((files) => files.replace(/\*\.test\.ts$/, '*faults.test.ts')), exclude };
}
