/** Generated cases, phase negative: see conformance/cases/. Only operations --include selects. */
import { casesFor } from '../../cases/generate.ts';
import { includedOperations, suiteContext } from '../context.ts';
import { registerCases } from './register.ts';

const { contract, options } = suiteContext();

for (const operation of includedOperations()) {
  registerCases(operation.operationId, casesFor(contract, operation, 'negative', options.seed));
}
