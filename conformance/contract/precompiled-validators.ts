/**
 * The bundled contract's validators, compiled when the suite is built rather than in each process of
 * each run. Ajv turns a schema into a JavaScript function the first time it is used; for this contract
 * that is about 0.9 s of CPU in each of a run's four workers, and again in each of the runs of CI's
 * fault matrix. The build (scripts/build.mjs, conformance/build.mjs) writes that code once, with Ajv's
 * standalone mode, as `precompiled-validators.cjs` beside the compiled validator: the same code, from
 * the same Ajv instances (document-ajv.ts), loaded in about 20 ms.
 *
 * The file names the contract it was compiled from by a hash of the document; a run against another
 * (`--spec`, or sources run without a build) compiles as before, and so does any schema the file lacks.
 */
import { createHash } from 'node:crypto';
import { existsSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { DOCUMENT_ID, documentAjv, parameterWrapper } from './document-ajv.ts';
import type { ContractDocument } from './document.ts';

export const PRECOMPILED_FILE = 'precompiled-validators.cjs';

export interface PrecompiledValidators {
  documentHash: string;
  /** By the JSON pointer of the schema. */
  schemas: Record<string, ValidateFunction>;
  /** By the JSON pointer of the parameter's schema: its wrapper, compiled to coerce. */
  parameters: Record<string, ValidateFunction>;
}

/** What names the contract: a hash of the document as parsed. */
export function documentHash(contract: ContractDocument): string {
  return createHash('sha256').update(JSON.stringify(contract.document)).digest('hex');
}

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

/** The validators the build compiled, when it compiled them for this very contract. */
export function precompiledValidatorsFor(contract: ContractDocument, directory = path.dirname(fileURLToPath(import.meta.url))): PrecompiledValidators | undefined {
  const file = path.join(directory, PRECOMPILED_FILE);
  if (!existsSync(file)) return undefined;
  const loaded = createRequire(import.meta.url)(file) as PrecompiledValidators;
  return loaded.documentHash === documentHash(contract) ? loaded : undefined;
}
