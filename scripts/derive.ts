/**
 * What generated/ must contain, computed from the hand-written contract in openapi/: the bundled
 * document (YAML and JSON) and its TypeScript types. Used by the generate script and by the test that
 * fails when the committed files are stale.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { bundle, createConfig } from '@redocly/openapi-core';
import openapiTS, { astToString } from 'openapi-typescript';
import YAML from 'yaml';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const contractEntry = path.join(root, 'openapi', 'openapi.yaml');
export const generatedDir = path.join(root, 'generated');

const NOTICE = 'Generated from openapi/ by `npm run generate`. Do not edit: change the contract and regenerate.';

/** The contract as one self-contained document: every external $ref moved under components. */
export async function bundleContract(): Promise<Record<string, unknown>> {
  // Bundling needs no lint rules; an empty config keeps this independent of redocly.yaml.
  const config = await createConfig({});
  const { bundle: result, problems } = await bundle({ ref: contractEntry, config });
  const errors = problems.filter((p) => p.severity === 'error');
  if (errors.length > 0) {
    throw new Error(`The contract does not bundle:\n${errors.map((p) => `- ${p.message}`).join('\n')}`);
  }
  return result.parsed as Record<string, unknown>;
}

async function typesFor(document: Record<string, unknown>): Promise<string> {
  // An empty Redocly config: openapi-typescript would otherwise lint with its own bundled rules.
  const redocly = await createConfig({});
  const ast = await openapiTS(document as never, {
    redocly,
    rootTypes: true,
    rootTypesNoSchemaPrefix: true,
    // A field with a default (a new post's `status`) is optional to send; by default the generator
    // would make it required in request types too.
    defaultNonNullable: false,
  });
  return `/**\n * ${NOTICE}\n */\n\n${astToString(ast)}`;
}

export async function derivedFiles(): Promise<Map<string, string>> {
  const document = await bundleContract();
  return new Map([
    ['openapi.yaml', `# ${NOTICE}\n${YAML.stringify(document, { lineWidth: 0 })}`],
    ['openapi.json', `${JSON.stringify(document, null, 2)}\n`],
    ['openapi.d.ts', await typesFor(document)],
  ]);
}

/** The generated/ files whose committed content differs from what the contract derives. */
export async function staleFiles(): Promise<string[]> {
  const stale: string[] = [];
  for (const [name, content] of await derivedFiles()) {
    const committed = await readFile(path.join(generatedDir, name), 'utf8').catch(() => null);
    if (committed !== content) stale.push(`generated/${name}`);
  }
  return stale;
}
