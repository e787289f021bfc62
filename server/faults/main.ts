/**
 * `FAULTS=name,name npm run start:faults`: the reference server with deliberate bugs (catalog.ts), for
 * proving that a conformance suite catches them. It is started, configured and answers exactly as
 * `npm start` does (the same environment variables), and warns at start-up that it breaks the
 * contract on purpose. Without FAULTS it lists the faults and exits 2: a server with none is `npm start`.
 */
import { serve } from '../serve.ts';
import { FAULT_CATALOG } from './catalog.ts';
import { faultLayer, parseFaults } from './index.ts';

function catalogue(): string {
  const width = Math.max(...Object.keys(FAULT_CATALOG).map((name) => name.length));
  return Object.entries(FAULT_CATALOG)
    .map(([name, description]) => `  ${name.padEnd(width)}  ${description}`)
    .join('\n');
}

let names;
try {
  names = parseFaults(process.env.FAULTS);
} catch (err) {
  process.stderr.write(`${(err as Error).message}\n`);
  process.exit(2);
}
const variant = faultLayer(names);
if (!variant) {
  process.stderr.write(`Name the faults to start with in FAULTS, comma-separated: FAULTS=accept-any-token,ignore-size npm run start:faults\n\n${catalogue()}\n`);
  process.exit(2);
}
await serve({ variant, warning: `FAULTS=${names.join(',')}: this server breaks the contract on purpose, for testing conformance suites` });
