/**
 * The docs page the server serves at /docs, and its rendering at start-up. The renderer (scripts/docs.ts
 * over Redocly) is a development tool: a production install has none, and then serves the page
 * rendered before it was installed (`npm run docs`), if there is one.
 */
import { execFile } from 'node:child_process';
import { setPriority } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Where the page is rendered to and served from. */
export const DOCS_FILE = path.join(root, 'dist', 'docs', 'index.html');

/**
 * Renders the page in a process of its own, with this process's Node flags (the TypeScript loader
 * included). Rendered in this process, the contract bundler and the page's few megabytes of HTML stayed
 * in its memory for good: the server's resident memory went from about 145 MB to 255 MB before its
 * first request. Rejects with the renderer's own one-line reason when it cannot render.
 */
export async function renderDocs(outputFile: string = DOCS_FILE, signal?: AbortSignal): Promise<void> {
  // The compiled renderer beside the compiled server (build/, scripts/build.mjs), else the source.
  const script = fileURLToPath(new URL(`../scripts/docs.${import.meta.url.endsWith('.ts') ? 'ts' : 'js'}`, import.meta.url));
  try {
    const rendering = promisify(execFile)(process.execPath, [...process.execArgv, script, outputFile], signal ? { signal } : {});
    yieldTheCpu(rendering.child.pid);
    await rendering;
  } catch (err) {
    const said = String((err as { stderr?: string }).stderr ?? '').trim().split('\n').filter(Boolean);
    throw new Error(said.length === 1 ? said[0] : (err as Error).message);
  }
}

/** How much lower than the server the renderer runs (a Unix nice value: 0 is the server's, 19 the lowest). */
const RENDERER_NICENESS = 10;

/**
 * The renderer takes a core for a few seconds after start-up, just when the first requests come: on a
 * machine with few cores they would wait for it. Run at a lower priority, it takes only what the server
 * leaves. Where the system refuses (it never refuses a lower priority on Linux), it runs as it is.
 */
function yieldTheCpu(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    setPriority(pid, RENDERER_NICENESS);
  } catch {
    // Rendered at the server's priority: slower first requests on a busy machine, nothing worse.
  }
}
