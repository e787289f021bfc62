/**
 * The docs page rendered at start-up (server/serve.ts, server/docs-file.ts): in a process of its own,
 * at a lower priority than the server, so that the first requests, which come while it renders, do not
 * wait for it. Seen as a user starts the server: as `npm start` runs it, with the docs built.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { startServerProcess } from './processes.ts';
import { makeTempDir } from './temp-dirs.ts';

/** The children of a process, with their nice values (/proc/<pid>/stat: field 4 the parent, 19 the nice value). */
function childrenOf(parent: number): Array<{ nice: number; command: string }> {
  const found = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[1]) !== parent) continue;
      found.push({ nice: Number(fields[16]), command: readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ') });
    } catch {
      // Gone meanwhile.
    }
  }
  return found;
}

describe.runIf(process.platform === 'linux')('the docs rendering at start-up', () => {
  it('runs in a child process of the server at nice 10', async () => {
    const server = await startServerProcess(makeTempDir('docs-render'), { BUILD_DOCS: 'true' }, 60_000, { script: 'scripts/run-built.mjs', args: ['server/main.ts'] });
    try {
      const deadline = Date.now() + 20_000;
      let renderer: { nice: number; command: string } | undefined;
      // The priority is set just after the spawn: read until the renderer is seen with it, or for long enough.
      while (Date.now() < deadline && renderer?.nice !== 10) {
        renderer = childrenOf(server.child.pid!).find((child) => /scripts\/docs\.(js|ts)/.test(child.command)) ?? renderer;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      expect(renderer, 'no renderer process was seen under the server').toBeDefined();
      expect(renderer!.nice).toBe(10);
    } finally {
      await server.terminate();
    }
  });
});
