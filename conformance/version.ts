/**
 * The suite's own name and version, from its package.json: printed by --version, at the start of every
 * run and in every report, so a result can always be traced to the suite that produced it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const NAME = 'publishing-conformance';

/** conformance/package.json from the sources; the package's own from dist/ once installed. */
function readManifest(): { name: string; version: string } {
  for (const candidate of ['./package.json', '../package.json']) {
    const file = fileURLToPath(new URL(candidate, import.meta.url));
    if (!existsSync(file)) continue;
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
    if (manifest.name === NAME && typeof manifest.version === 'string') return { name: NAME, version: manifest.version };
  }
  return { name: NAME, version: 'unknown' };
}

export const SUITE = readManifest();

/** `publishing-conformance 1.0.0` */
export const SUITE_LABEL = `${SUITE.name} ${SUITE.version}`;
