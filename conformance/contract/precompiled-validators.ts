/**
 * The bundled contract's validators, compiled when the suite is built rather than in each process of
 * each run. Ajv turns a schema into a JavaScript function the first time it is used; for this contract
 * that is about 0.9 s of CPU in each of a run's four workers, and again in each of the runs of CI's
 * fault matrix. The build (scripts/build.mjs, conformance/build.mjs) writes that code once, with Ajv's
 * standalone mode, as `precompiled-validators.cjs` beside the compiled validator (precompile-validators.ts):
 * the same code, from the same Ajv instances (document-ajv.ts), loaded in about 20 ms.
 *
 * The file names the contract it was compiled from by a hash of the document; a run against another
 * (`--spec`, or sources run without a build) compiles as before, and so does any schema the file lacks.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ValidateFunction } from 'ajv/dist/2020.js';
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

/** The validators the build compiled, when it compiled them for this very contract. */
export function precompiledValidatorsFor(contract: ContractDocument, directory = path.dirname(fileURLToPath(import.meta.url))): PrecompiledValidators | undefined {
  const file = path.join(directory, PRECOMPILED_FILE);
  if (!existsSync(file)) return undefined;
  const loaded = createRequire(import.meta.url)(file) as PrecompiledValidators;
  return loaded.documentHash === documentHash(contract) ? loaded : undefined;
}
