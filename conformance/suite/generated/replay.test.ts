/**
 * `--replay <id>` and `--failed`: exactly the cases saved in failures.json, sent again as they were
 * (a property's smallest failing input included); a stateful sequence runs again by name.
 */
import { sequencesFor } from '../../cases/stateful.ts';
import { suiteContext } from '../context.ts';
import { registerCases, registerSequence } from './register.ts';

const { contract, options } = suiteContext();
const saved = options.replay ?? [];

for (const operationId of new Set(saved.map((item) => item.operationId))) {
  const cases = saved.filter((item) => item.operationId === operationId && item.case).map((item) => item.case!);
  registerCases(operationId, cases);
}
const sequences = sequencesFor(contract);
for (const item of saved.filter((candidate) => candidate.sequence)) {
  const sequence = sequences.find((candidate) => candidate.name === item.sequence);
  if (!sequence) throw new Error(`failures.json names a sequence ${item.sequence} this contract does not have`);
  registerSequence(sequence);
}
