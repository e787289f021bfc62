/**
 * Renders the contract as one self-contained Redoc HTML page (no CDN: the Redoc script is inlined, so
 * the page works offline). `npm run docs` writes dist/docs/index.html; the reference server serves
 * the same page at /docs.
 */
import { execFile } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const redoclyBin = path.join(root, 'node_modules', '.bin', 'redocly');
export const defaultDocsFile = path.join(root, 'dist', 'docs', 'index.html');

export async function buildDocs(outputFile: string = defaultDocsFile): Promise<string> {
  await mkdir(path.dirname(outputFile), { recursive: true });
  await promisify(execFile)(
    redoclyBin,
    [
      'build-docs',
      path.join(root, 'openapi', 'openapi.yaml'),
      '--inlineBundle',
      '--title',
      'Publishing Service API v1',
      '--output',
      outputFile,
    ],
    { env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
  );
  return outputFile;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const file = await buildDocs(process.argv[2] ? path.resolve(process.argv[2]) : undefined);
  console.log(`Wrote ${path.relative(process.cwd(), file)}: open it in a browser, no network needed.`);
}
