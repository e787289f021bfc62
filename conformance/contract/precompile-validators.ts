/**
 * Compiles the bundled contract's validators when the suite is built (precompiled-validators.ts says
 * why). The builds run it on their compiled output, in a process of its own:
 * `node precompile-validators.js <contract.json> <directory>` (scripts/build.mjs for build/,
 * conformance/build.mjs for the packed dist/).
 */
import { renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { DOCUMENT_ID, documentAjv, parameterWrapper } from './document-ajv.ts';
import { loadContract, type ContractDocument } from './document.ts';
import { documentHash, PRECOMPILED_FILE } from './precompiled-validators.ts';

/**
 * The schemas a run validates against: every declared response body and header, every request body and
 * each of its properties (the tests that pick values one field at a time), every parameter.
 */
function pointersOf(contract: ContractDocument): { schemas: string[]; parameters: string[] } {
  const schemas = new Set<string>();
  const parameters = new Set<string>();
  for (const operation of contract.operations) {
    for (const response of operation.responses) {
      for (const media of response.content) schemas.add(media.schemaPointer);
      for (const header of response.headers) schemas.add(header.schemaPointer);
    }
    for (const media of operation.requestBody?.content ?? []) {
      schemas.add(media.schemaPointer);
      const { node, pointer } = contract.resolve(media.schema, media.schemaPointer);
      for (const field of Object.keys(node?.properties ?? {})) schemas.add(`${pointer}/properties/${field.replace(/~/g, '~0').replace(/\//g, '~1')}`);
    }
    for (const parameter of operation.parameters) parameters.add(parameter.schemaPointer);
  }
  return { schemas: [...schemas], parameters: [...parameters] };
}

/** The source of a CommonJS module holding this contract's validators, compiled. */
export function precompiledModuleSource(contract: ContractDocument): string {
  const { schemas, parameters } = pointersOf(contract);
  const strict = documentAjv(contract, false, true);
  const coercing = documentAjv(contract, true, true);
  for (const pointer of parameters) coercing.addSchema(parameterWrapper(pointer), `param:${pointer}`);
  const strictCode = standaloneCode.default(strict, Object.fromEntries(schemas.map((pointer) => [pointer, `${DOCUMENT_ID}#${pointer}`])));
  const coercingCode = standaloneCode.default(coercing, Object.fromEntries(parameters.map((pointer) => [pointer, `param:${pointer}`])));
  // Each instance's code in a scope of its own: both name their functions validate1, validate2, ...
  return [
    '"use strict";',
    '// Written by the build (conformance/contract/precompiled-validators.ts): do not edit.',
    `exports.documentHash = ${JSON.stringify(documentHash(contract))};`,
    `exports.schemas = (function (exports) {\n${strictCode}\nreturn exports;\n})({});`,
    `exports.parameters = (function (exports) {\n${coercingCode}\nreturn exports;\n})({});`,
    '',
  ].join('\n');
}

/**
 * Writes the module for this contract into a directory (the compiled validator's), replacing the file
 * whole: a run may start from build/ while it is written.
 */
export function writePrecompiledValidators(contract: ContractDocument, directory: string): void {
  const file = path.join(directory, PRECOMPILED_FILE);
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, precompiledModuleSource(contract));
  renameSync(temporary, file);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [specPath, directory] = process.argv.slice(2);
  if (!specPath || !directory) throw new Error('usage: node precompile-validators.js <contract.json> <directory>');
  writePrecompiledValidators(loadContract(specPath), directory);
}
