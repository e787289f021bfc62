/**
 * Renders the contract as one self-contained Redoc HTML page (no CDN: the Redoc script is inlined, so
 * the page works offline). `npm run docs` writes dist/docs/index.html; the reference server serves
 * the same page at /docs.
 *
 * Redoc does not show specification extensions, so the rule catalogue (`x-rules`) is written into the
 * descriptions of the page's copy of the contract: the rules that apply everywhere as a section of the
 * introduction, the others at the end of their operation's or schema's description.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { contractRules, ruleLists, rulesAsMarkdown } from '../openapi/rules.ts';
import { DOCS_FILE } from '../server/docs-file.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const redoclyBin = path.join(root, 'node_modules', '.bin', 'redocly');

/**
 * Redoc's "API docs by Redocly" badge loads its logo from Redocly's CDN, which fails offline and
 * tells a third party who reads the docs. The badge keeps its link; its logo is this wordmark, inlined.
 */
const CDN_LOGOS = ['https://cdn.redoc.ly/redoc/logo-mini-full.svg', 'https://cdn.redoc.ly/redoc/logo-mini.svg'];
const INLINE_LOGO = `data:image/svg+xml;base64,${Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="16" viewBox="0 0 64 16">' +
    '<text x="0" y="12" font-family="sans-serif" font-size="12" font-weight="bold" fill="#808080">Redocly</text></svg>',
).toString('base64')}`;

/** A copy of the document whose descriptions end with the rules written next to them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function withRulesInDescriptions(document: any): any {
  const copy = structuredClone(document);
  const rules = contractRules(copy);
  for (const { where, target } of ruleLists(copy)) {
    const own = rules.filter((rule) => rule.where === where);
    if (own.length === 0) continue;
    const heading = where === 'info' ? '## Rules\n\nEvery rule has a stable id; the conformance suite reports each one it checks.' : '**Rules**';
    target.description = `${(target.description ?? '').trimEnd()}\n\n${heading}\n\n${rulesAsMarkdown(own)}\n`;
  }
  return copy;
}

export async function buildDocs(outputFile: string = DOCS_FILE): Promise<string> {
  if (!existsSync(redoclyBin)) {
    throw new RendererMissing('the renderer, @redocly/cli, is a development dependency and is not installed here: render the page with npm run docs before a production install');
  }
  await mkdir(path.dirname(outputFile), { recursive: true });
  const dir = await mkdtemp(path.join(tmpdir(), 'docs-source-'));
  // Written beside the page and renamed over it: a rendering cut short (the server stopped while it
  // renders) leaves the page as it was, never a part of a new one.
  const unfinished = `${outputFile}.${process.pid}.tmp`;
  try {
    const source = path.join(dir, 'openapi.json');
    const rendered = path.join(dir, 'index.html');
    // Imported here: the bundler is a development dependency, and the server only warns when docs cannot be built.
    const { bundleContract } = await import('./derive.ts');
    await writeFile(source, JSON.stringify(withRulesInDescriptions(await bundleContract())));
    await promisify(execFile)(
      redoclyBin,
      ['build-docs', source, '--inlineBundle', '--title', 'Publishing Service API v1', '--output', rendered],
      { env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
    );
    let html = await readFile(rendered, 'utf8');
    for (const logo of CDN_LOGOS) html = html.replaceAll(logo, INLINE_LOGO);
    await writeFile(unfinished, html);
    await rename(unfinished, outputFile);
  } finally {
    await rm(dir, { recursive: true, force: true });
    await rm(unfinished, { force: true });
  }
  return outputFile;
}

/** The page cannot be rendered where the renderer is not installed (a production install). */
class RendererMissing extends Error {}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const file = await buildDocs(process.argv[2] ? path.resolve(process.argv[2]) : undefined);
    console.log(`Wrote ${path.relative(process.cwd(), file)}: open it in a browser, no network needed.`);
  } catch (err) {
    if (!(err instanceof RendererMissing)) throw err;
    process.stderr.write(`${err.message}\n`);
    process.exitCode = 1;
  }
}
