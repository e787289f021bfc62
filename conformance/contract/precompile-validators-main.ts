/**
 * `node precompile-validators-main.js <contract.json> <directory>`: compiles the contract's validators
 * into the directory (precompiled-validators.ts). The builds run it on their compiled output, in a
 * process of its own: scripts/build.mjs for build/, conformance/build.mjs for the packed dist/.
 */
import { loadContract } from './document.ts';
import { writePrecompiledValidators } from './precompiled-validators.ts';

const [specPath, directory] = process.argv.slice(2);
if (!specPath || !directory) throw new Error('usage: node precompile-validators-main.js <contract.json> <directory>');
writePrecompiledValidators(loadContract(specPath), directory);
