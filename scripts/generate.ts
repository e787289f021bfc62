/**
 * Writes generated/ from the hand-written contract in openapi/.
 *
 *   npm run generate             writes the files
 *   npm run generate -- --check  writes nothing; exits 1 naming each committed file that is stale
 *
 * The files are committed so that consumers (the server, the conformance suite, other projects) need
 * no build step; the check (also run by the tests) keeps them from drifting from the contract.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { derivedFiles, generatedDir, staleFiles } from './derive.ts';

if (process.argv.includes('--check')) {
  const stale = await staleFiles();
  if (stale.length > 0) {
    console.error(`Stale against openapi/: ${stale.join(', ')}. Run \`npm run generate\` and commit the result.`);
    process.exit(1);
  }
  console.log('generated/ is up to date.');
} else {
  const files = await derivedFiles();
  await mkdir(generatedDir, { recursive: true });
  for (const [name, content] of files) await writeFile(path.join(generatedDir, name), content);
  console.log(`Wrote ${[...files.keys()].map((name) => `generated/${name}`).join(', ')}.`);
}
