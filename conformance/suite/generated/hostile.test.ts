/**
 * Generated cases, phase hostile: see conformance/cases/hostile.ts. One request at a time; operations
 * that render Markdown come last, since on a server that renders it without bounds they are the ones
 * that stall or crash it. Turned off by --no-hostile.
 */
import { hostileCases } from '../../cases/hostile.ts';
import { includedOperations, suiteContext } from '../context.ts';
import { registerCases } from './register.ts';

const { contract } = suiteContext();

const rendersMarkdown = (operationId: string) => hostileCases(contract, contract.operation(operationId)).some((generated) => generated.input.hostile?.kind === 'markdown');
const operations = includedOperations().sort((a, b) => Number(rendersMarkdown(a.operationId)) - Number(rendersMarkdown(b.operationId)));

for (const operation of operations) {
  registerCases(operation.operationId, hostileCases(contract, operation));
}
