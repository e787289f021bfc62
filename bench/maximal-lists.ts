/**
 * `npm run bench:lists -- [clients]`: a page of 100 posts of 500,000 CJK characters (150 MB of JSON)
 * listed by several clients at once, each reading in its own way, against the server as `npm start`
 * runs it; then one more list, to see that nothing was left held. It looks for a list answer that
 * never ends (backpressure never resolved, a slot never given back, a timeout that cuts an answer
 * silently) and measures what such lists cost.
 *
 * `clients` is a comma-separated list, one client each (default `fetch,fetch`):
 *   read     node:http, reading as fast as it can
 *   fetch    fetch and arrayBuffer, as the conformance suite reads an answer
 *   slow     reads 64 KiB, then waits 20 ms
 *   abort    goes away after 20 MB
 *   stalled  stops reading after the first bytes, and never goes away (the server cuts it after 30 s)
 *
 * Printed per client: status, bytes, time to the first byte and to the end (or how it ended); the
 * server's longest event-loop delay meanwhile; the load average. A client not done in 120 s is
 * reported as such (a slow one may take longer than that on a busy machine). It is a measurement: it exits 0 whatever it measures.
 */
import http from 'node:http';
import { gzipSync } from 'node:zlib';
import { DEV_TOKEN, startServerProcess, stopAllProcesses, waitForOutput } from '../server/tests/processes.ts';
import { writeDatabase } from '../server/tests/sqlite-file.ts';
import { makeTempDir, removeTempDirs } from '../server/tests/temp-dirs.ts';
import { WARM } from './first-requests.ts';
import { loadAverage } from './proc-stats.ts';

const cjk = (length: number, seed = 0) => Array.from({ length }, (_, i) => String.fromCharCode(0x4e00 + ((i * 7 + seed) % 20000))).join('');
const GIVE_UP_MS = 120_000;
const behaviours = ['read', 'fetch', 'slow', 'abort', 'stalled'] as const;
type Behaviour = (typeof behaviours)[number];

function list(url: string, behaviour: Behaviour): Promise<string> {
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  const headers = { Authorization: `Bearer ${DEV_TOKEN}` };
  if (behaviour === 'fetch') {
    let head = 0;
    return fetch(url, { headers, signal: AbortSignal.timeout(GIVE_UP_MS) }).then(
      async (response) => {
        head = ms();
        const bytes = (await response.arrayBuffer()).byteLength;
        return `${response.status}, ${(bytes / 1e6).toFixed(1)} MB, first byte ${head} ms, whole ${ms()} ms`;
      },
      (err: Error) => `${err.name} after ${ms()} ms (first byte ${head || 'never'})`,
    );
  }
  return new Promise((resolve) => {
    let bytes = 0;
    let head = 0;
    const request = http.get(url, { headers, agent: false }, (response) => {
      head = ms();
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (behaviour === 'slow') {
          response.pause();
          setTimeout(() => response.resume(), 20);
        }
        if (behaviour === 'stalled') response.pause();
        if (behaviour === 'abort' && bytes > 20e6) request.destroy();
      });
      response.on('end', () => resolve(`${response.statusCode}, ${(bytes / 1e6).toFixed(1)} MB, first byte ${head} ms, whole ${ms()} ms`));
      // Gone (this client's doing, or the server's cut): after 'end', this changes nothing.
      response.on('close', () => resolve(`${response.statusCode}, cut after ${(bytes / 1e6).toFixed(1)} MB and ${ms()} ms`));
    });
    request.on('error', (err) => resolve(`${err.message} after ${(bytes / 1e6).toFixed(1)} MB, ${ms()} ms`));
    // A stalled client never reads the server's cut, which waits behind the bytes it did not take.
    const giveUp = setTimeout(() => {
      resolve(`no end within ${GIVE_UP_MS / 1000} s (${(bytes / 1e6).toFixed(1)} MB)`);
      request.destroy();
    }, GIVE_UP_MS);
    request.on('close', () => clearTimeout(giveUp));
  });
}

async function main(): Promise<void> {
  const clients = (process.argv[2] ?? 'fetch,fetch').split(',') as Behaviour[];
  const unknown = clients.filter((client) => !behaviours.includes(client));
  if (unknown.length > 0) throw new Error(`unknown clients ${unknown.join(', ')}; they are ${behaviours.join(', ')}`);
  const startScript: string = (await import('../package.json', { with: { type: 'json' } })).default.scripts.start;
  const heapFlags = (startScript.match(/--max-[a-z-]+-size=\d+/g) ?? []).join(' ');
  const server = await startServerProcess(makeTempDir('bench-lists'), { NODE_OPTIONS: heapFlags, LOG_LEVEL: 'info' }, 60_000, { preload: ['bench/event-loop-probe.ts'] });
  // The validators are built in the background after the server listens: not part of the lists.
  await waitForOutput(server, WARM, 120_000);
  const json = { Authorization: `Bearer ${DEV_TOKEN}`, 'Content-Type': 'application/json' };
  const page = (await (await fetch(`${server.baseUrl}/pages`, { method: 'POST', headers: json, body: JSON.stringify({ name: 'Maximal lists' }) })).json()) as { id: number };
  const post = { title: cjk(255, 2), description: cjk(1000, 3), content_html: cjk(340_000, 4), status: 'published' };
  const created = await fetch(`${server.baseUrl}/pages/${page.id}/posts`, { method: 'POST', headers: { ...json, 'Content-Encoding': 'gzip' }, body: gzipSync(JSON.stringify(post)) });
  if (created.status !== 201) throw new Error(`createPost answered ${created.status}: ${await created.text()}`);
  // One post made through the API, copied in the file to fill the page (server/tests/large-lists.test.ts).
  writeDatabase(server.databasePath, (db) => {
    db.prepare('UPDATE posts SET content_html = ?').run(cjk(500_000, 9));
    db.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 99)
       INSERT INTO posts (page_id, title, slug, status, description, content_html, content_md, seo_title, seo_description, og_title,
         og_description, cover_image_url, og_image_url, category_id, author_id, scheduled_at, first_published_at, created_at, updated_at)
       SELECT page_id, title, slug || '-' || i, status, description, content_html, content_md, seo_title, seo_description, og_title,
         og_description, cover_image_url, og_image_url, category_id, author_id, scheduled_at, first_published_at, created_at, updated_at
       FROM posts, n`,
    ).run();
  });
  const probe = `http://127.0.0.1:${/event-loop probe on port (\d+)/.exec(server.output())?.[1]}/`;
  await fetch(`${probe}?reset=1`).then((response) => response.text());
  const url = `${server.baseUrl}/pages/${page.id}/posts?size=100`;
  const started = performance.now();
  const outcomes = await Promise.all(clients.map((client) => list(url, client)));
  const wallMs = Math.round(performance.now() - started);
  const loop = (await fetch(probe).then((response) => response.json())) as { maxMs: number };
  const after = await list(url, 'read');
  process.stdout.write(
    [
      `${clients.length} lists of 100 posts of 500,000 CJK characters at once, the server as npm start runs it:`,
      ...clients.map((client, i) => `  ${client.padEnd(8)} ${outcomes[i]}`),
      `  all done in ${wallMs} ms; the server's longest event-loop delay meanwhile ${Math.round(loop.maxMs)} ms; load average ${loadAverage().toFixed(1)}`,
      `  one more list afterwards: ${after}; the server ${server.child.exitCode === null ? 'is up' : `exited (${server.child.exitCode})`}`,
      '',
    ].join('\n'),
  );
  await server.terminate();
}

try {
  await main();
} catch (err) {
  process.stderr.write(`The list benchmark could not finish: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exitCode = 1;
} finally {
  await stopAllProcesses();
  removeTempDirs();
}
