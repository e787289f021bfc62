/**
 * The Ajv instances the contract's schemas are compiled with, the same whether they are compiled in a
 * run (validator.ts) or when the suite is built (precompiled-validators.ts): one document registered
 * whole, so pointers address any node in it and `$ref`s into `components` resolve as the contract
 * writes them.
 */
import { createRequire } from 'node:module';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import type { ContractDocument, Node } from './document.ts';

/**
 * Ajv and its formats, loaded only when a schema is compiled: a run of the bundled contract compiles
 * none (precompiled-validators.ts), and loading Ajv's compiler is some 40 modules in each worker.
 */
function ajvPackages(): { Ajv2020: typeof Ajv2020; addFormats: typeof import('ajv-formats').default } {
  const require = createRequire(import.meta.url);
  return { Ajv2020: (require('ajv/dist/2020.js') as typeof import('ajv/dist/2020.js')).Ajv2020, addFormats: require('ajv-formats') as typeof import('ajv-formats').default };
}

/** The document is registered under this made-up base so pointers can address any node in it. */
export const DOCUMENT_ID = 'https://conformance.invalid/openapi.json';

/**
 * An Ajv instance with the contract registered. `coerceTypes` for path and query values, which arrive as
 * strings and which servers coerce before validating; `source` keeps each validator's code, for the build.
 */
export function documentAjv(contract: ContractDocument, coerceTypes: boolean, source = false): Ajv2020 {
  // strict: false because the registered document carries OpenAPI keywords (paths, responses, examples)
  // around its schemas; the document itself is linted by the contract's own checks.
  // validateSchema: false because what is added is never a schema the meta-schema could judge: the
  // registered document ($id, paths, components: keywords the meta-schema does not know, so it checks
  // only the $id made up here) and the parameter wrappers below (fixed shape). Checking them compiled
  // the JSON Schema meta-schema in every run, about 0.1 s of CPU per instance, to judge nothing. The
  // contract's own schemas are compiled when first used, and Ajv rejects a malformed one then.
  const { Ajv2020, addFormats } = ajvPackages();
  const ajv = new Ajv2020({ strict: false, allErrors: true, coerceTypes, validateFormats: true, validateSchema: false, code: { source } });
  // The formats are found by `require("ajv-formats/dist/formats")` in code compiled with `source`.
  addFormats(ajv);
  const registered = { $id: DOCUMENT_ID, paths: contract.document.paths, components: contract.document.components };
  // Each instance its own copy: Ajv keeps what it compiled from a schema by the schema object.
  ajv.addSchema(coerceTypes ? structuredClone(registered) : registered);
  return ajv;
}

/** A parameter's schema wrapped in an object, so Ajv can coerce the value in place (a root value cannot be replaced). */
export function parameterWrapper(schemaPointer: string): Node {
  return { type: 'object', required: ['value'], properties: { value: { $ref: `${DOCUMENT_ID}#${schemaPointer}` } } };
}
