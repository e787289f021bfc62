/** Generated cases, phase stateful: sequences that follow the operations' relationships (conformance/cases/stateful.ts). */
import { sequencesFor } from '../../cases/stateful.ts';
import { suiteContext } from '../context.ts';
import { registerSequence } from './register.ts';

const { contract } = suiteContext();

for (const sequence of sequencesFor(contract)) registerSequence(sequence);
