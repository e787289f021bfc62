/** Generated cases, phase property: fast-check inputs per operation, seeded and shrunk (conformance/cases/property.ts). */
import { inputArbitrary } from '../../cases/arbitraries.ts';
import { newCaseMeta } from '../../cases/case-meta.ts';
import { runProperty } from '../../cases/property.ts';
import { includedOperations, suiteContext } from '../context.ts';
import { forOperation } from '../harness.ts';

const { contract, options } = suiteContext();
/** Generation and shrinking of one operation stop after this long; the run as a whole has --max-time. */
const PROPERTY_TIME_LIMIT_MS = 40_000;

for (const operation of includedOperations()) {
  if (!inputArbitrary(contract, operation)) continue;
  forOperation(operation.operationId, (test) => {
    const meta = newCaseMeta({ phase: 'property', operationId: operation.operationId, location: 'body', keywords: [] });
    test(
      `[property] ${options.maxExamples ?? 5} generated valid inputs are accepted`,
      { check: 'positive_data_acceptance', rules: ['requests.valid-input-accepted'], meta: { conformanceCase: meta }, timeoutMs: PROPERTY_TIME_LIMIT_MS + 20_000 },
      (t) => runProperty(t, operation, meta, { seed: options.seed, maxExamples: options.maxExamples ?? 5, timeLimitMs: PROPERTY_TIME_LIMIT_MS }),
    );
  });
}
