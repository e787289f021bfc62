/**
 * Generated cases, phase hostile: see conformance/cases/hostile.ts. One request at a time; operations
 * that render Markdown come last, since on a server that renders it without bounds they are the ones
 * that stall or crash it. Turned off by --no-hostile.
 */
import { hostileCases } from '../../cases/hostile.ts';
import { includedOperations, suiteContext } from '../context.ts';
import { registerCases } from './register.ts';

const { contract } = suiteContext();

// Each operation's cases are derived once: the order and the registration both use them.
const byOperation = includedOperations().map((operation) => ({ operation, cases: hostileCases(contract, operation) }));
const rendersMarkdown = ({ cases }: (typeof byOperation)[number]) => cases.some((generated) => generated.input.hostile?.kind === 'markdown');
byOperation.sort((a, b) => Number(rendersMarkdown(a)) - Number(rendersMarkdown(b)));

for (const { operation, cases } of byOperation) {
  registerCases(operation.operationId, cases);
}
