/**
 * `npm run bench:capacity` (and the last phase of `npm run bench`): the server, as `npm start` runs
 * it, under many of the largest requests the contract allows at once, each load from one workspace
 * while a second workspace sends one small request of the same kind. It prints, per load: how the
 * requests were answered, the server's peak RSS, the slowest /healthz (probed every 100 ms, from a
 * process of its own, each probe on a new connection: bench/health-prober.ts), the
 * other workspace's delay (its request sent from a process of its own too: bench/other-request.mjs),
 * and whether the server stayed up.
 *
 *   80 concurrent maximal uploads (10 MiB each)     the other workspace uploads a 1-pixel PNG
 *   a maximal list page (100 posts of 500,000 CJK characters), 4 clients at once
 *   150 concurrent 1 MiB Markdown posts             the other workspace posts `*hi*` as Markdown
 *   150 concurrent 1 MiB JSON bodies (content_html) the other workspace lists its pages
 *
 * `--quick` runs each with a fifth of the requests, to check it works; its figures are not the
 * benchmark's. `--only uploads` (or `markdown`, `json`, `list`; several separated by commas) runs only
 * those loads, in the order above. It is a measurement: it exits 0 whatever it measures, non-zero only
 * when it could not.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEV_TOKEN, runAdmin, startServerProcess, stopAllProcesses, type ServerProcess } from '../server/tests/processes.ts';
import { writeDatabase } from '../server/tests/sqlite-file.ts';
import { makeTempDir, removeTempDirs } from '../server/tests/temp-dirs.ts';
import { probeHealth } from './health-prober.ts';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

export const RSS_BOUND_MB = 400;

export interface CapacityResult {
  load: string;
  answers: Record<string, number>;
  peakRssMB: number;
  slowestHealthMs: number;
  otherWorkspaceMs: number | undefined;
  up: boolean;
}

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const cjk = (length: number) => Array.from({ length }, (_, i) => String.fromCharCode(0x4e00 + ((i * 7) % 20000))).join('');

function rssMB(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** Samples the server's RSS, and the latency of /healthz from a process of its own (bench/health-prober.ts), until stopped. */
async function watch(server: ServerProcess) {
  let peak = rssMB(server.child.pid!);
  const rss = setInterval(() => (peak = Math.max(peak, rssMB(server.child.pid!))), 50);
  const prober = await probeHealth(server.origin, 100);
  return async () => {
    clearInterval(rss);
    const { slowestMs } = await prober.stop();
    return { peakRssMB: Math.round(peak), slowestHealthMs: slowestMs };
  };
}

/** The other workspace's request, as bench/other-request.mjs sends it. */
interface OtherRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
  /** A file's bytes in base64, sent as the multipart part `file`. */
  image?: string;
}

/** Starts the process that will send `request`; `send()` sends it and resolves with its milliseconds. */
async function otherRequestProcess(request: OtherRequest): Promise<{ send(): Promise<number> }> {
  const child = spawn(process.execPath, [fileURLToPath(new URL('other-request.mjs', import.meta.url)), JSON.stringify(request)], { stdio: ['pipe', 'pipe', 'inherit'] });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  while (!output.startsWith('ready')) await once(child.stdout!, 'data');
  return {
    async send() {
      const closed = once(child, 'close');
      child.stdin!.end('go\n');
      await closed;
      const line = output.split('\n').find((text) => text.startsWith('{'));
      if (!line) throw new Error(`the other workspace's request printed no result: ${output}`);
      return (JSON.parse(line) as { ms: number }).ms;
    },
  };
}

const count = (answers: Record<string, number>, key: string) => (answers[key] = (answers[key] ?? 0) + 1);

async function measure(
  server: ServerProcess,
  load: string,
  heavy: Array<() => Promise<Response>>,
  other: OtherRequest | undefined,
): Promise<CapacityResult> {
  const otherProcess = other ? await otherRequestProcess(other) : undefined;
  const stop = await watch(server);
  const answers: Record<string, number> = {};
  const all = heavy.map((send) =>
    send().then(
      async (response) => {
        await response.arrayBuffer().catch(() => undefined);
        count(answers, String(response.status));
      },
      () => count(answers, 'failed'),
    ),
  );
  // The other workspace's request, once the load is under way.
  await new Promise((resolve) => setTimeout(resolve, 300));
  const otherWorkspaceMs = await otherProcess?.send();
  await Promise.all(all);
  const { peakRssMB, slowestHealthMs } = await stop();
  const up = await fetch(`${server.origin}/healthz`).then((r) => r.ok, () => false);
  return { load, answers, peakRssMB, slowestHealthMs, otherWorkspaceMs, up };
}

/** The loads, by the names `--only` takes. */
export const CAPACITY_LOADS = ['uploads', 'markdown', 'json', 'list'] as const;
export type CapacityLoad = (typeof CAPACITY_LOADS)[number];

export async function measureCapacity(quick: boolean, env: Record<string, string>, loads: readonly CapacityLoad[] = CAPACITY_LOADS): Promise<CapacityResult[]> {
  const scale = (n: number) => (quick ? Math.max(2, Math.round(n / 5)) : n);
  const server = await startServerProcess(makeTempDir('bench-capacity'), { ...env, RATE_LIMIT_PER_TOKEN: '1000000000' }, 60_000);
  const admin = await runAdmin(['workspace', 'create', '--name', 'Other'], { DATABASE_PATH: server.databasePath, DATA_DIR: path.dirname(server.databasePath) });
  const otherToken = /token\s+(\S+)/.exec(admin.stdout)?.[1];
  if (!otherToken) throw new Error(`no second workspace: ${admin.stderr || admin.stdout}`);
  const call = (token: string, method: string, route: string, body?: unknown) =>
    fetch(`${server.baseUrl}${route}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
      signal: AbortSignal.timeout(180_000),
    });
  const pageOf = async (token: string, name: string) => ((await (await call(token, 'POST', '/pages', { name })).json()) as { id: number }).id;
  const pageA = await pageOf(DEV_TOKEN, 'Load');
  const pageB = await pageOf(otherToken, 'Other');
  const otherCall = (method: string, route: string, sent: { body?: string; image?: string } = {}): OtherRequest => ({
    url: `${server.baseUrl}${route}`,
    method,
    headers: { Authorization: `Bearer ${otherToken}`, ...(sent.body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    ...sent,
  });
  const results: CapacityResult[] = [];

  const image = new Blob([Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024 - PNG.length)])], { type: 'image/png' });
  const upload = (token: string, blob: Blob) => () => {
    const form = new FormData();
    form.append('file', blob, 'image.png');
    return fetch(`${server.baseUrl}/images/upload`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form, signal: AbortSignal.timeout(180_000) });
  };
  const uploads = scale(80);
  if (loads.includes('uploads')) results.push(await measure(server, `${uploads} concurrent 10 MiB uploads`, Array.from({ length: uploads }, () => upload(DEV_TOKEN, image)), otherCall('POST', '/images/upload', { image: PNG.toString('base64') })));

  // 340,000 CJK characters in paragraphs: about 1 MiB of UTF-8, within the 500,000 characters content_md may have.
  const markdown = JSON.stringify({ title: 'Long', content_md: cjk(340_000).replace(/(.{400})/g, '$1\n\n') });
  const posts = scale(150);
  if (loads.includes('markdown')) results.push(
    await measure(server, `${posts} concurrent 1 MiB Markdown posts`, Array.from({ length: posts }, () => () => call(DEV_TOKEN, 'POST', `/pages/${pageA}/posts`, markdown)), 
      otherCall('POST', `/pages/${pageB}/posts`, { body: JSON.stringify({ title: 'Short', content_md: '*hi*' }) }),
    ),
  );

  // 340,000 CJK characters: about 1 MiB of UTF-8, within the 500,000 characters content_html may have.
  const html = JSON.stringify({ title: 'Long HTML', content_html: cjk(340_000) });
  if (loads.includes('json')) results.push(
    await measure(server, `${posts} concurrent 1 MiB JSON bodies`, Array.from({ length: posts }, () => () => call(DEV_TOKEN, 'POST', `/pages/${pageA}/posts`, html)), 
      otherCall('GET', '/pages'),
    ),
  );

  if (!loads.includes('list')) {
    await server.terminate();
    return results;
  }
  // A page of maximal posts, written straight into the file (a hundred 1 MiB requests would only take time).
  const items = quick ? 20 : 100;
  const listPage = await pageOf(DEV_TOKEN, 'Maximal list');
  await call(DEV_TOKEN, 'POST', `/pages/${listPage}/posts`, { title: cjk(255), description: cjk(1000), content_html: cjk(1000) });
  writeDatabase(server.databasePath, (db) => {
    db.prepare('UPDATE posts SET content_html = ? WHERE page_id = ?').run(cjk(500_000), listPage);
    db.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${items - 1})
       INSERT INTO posts (page_id, title, slug, status, description, content_html, created_at, updated_at)
       SELECT page_id, title, slug || '-' || i, status, description, content_html, created_at, updated_at FROM posts, n WHERE page_id = ${listPage}`,
    ).run();
  });
  results.push(
    await measure(server, `a page of ${items} posts of 500,000 CJK characters, 4 clients at once`, Array.from({ length: 4 }, () => () => call(DEV_TOKEN, 'GET', `/pages/${listPage}/posts?size=100`)), 
      otherCall('GET', '/pages'),
    ),
  );
  await server.terminate();
  return results;
}

export function formatCapacity(results: CapacityResult[]): string {
  const lines = results.map((r) => {
    const answers = Object.entries(r.answers).map(([status, n]) => `${n}× ${status}`).join(', ');
    const other = r.otherWorkspaceMs === undefined ? '' : `, other workspace ${r.otherWorkspaceMs} ms`;
    const verdict = r.up && r.peakRssMB <= RSS_BOUND_MB && r.slowestHealthMs <= 1000 ? 'met   ' : 'MISSED';
    return `  ${verdict}  ${r.load}: ${answers}; peak RSS ${r.peakRssMB} MB (bound ${RSS_BOUND_MB}), slowest /healthz ${r.slowestHealthMs} ms${other}${r.up ? '' : ', SERVER DOWN'}`;
  });
  return ['Capacity (many of the largest requests at once):', ...lines].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const quick = process.argv.includes('--quick');
  const onlyAt = process.argv.indexOf('--only');
  const only = onlyAt < 0 ? [...CAPACITY_LOADS] : (process.argv[onlyAt + 1] ?? '').split(',');
  const unknown = only.filter((name) => !(CAPACITY_LOADS as readonly string[]).includes(name));
  if (unknown.length > 0 || only.length === 0) {
    process.stderr.write(`--only takes one or more of ${CAPACITY_LOADS.join(', ')}, separated by commas; not ${unknown.join(', ') || 'nothing'}.\n`);
    process.exit(2);
  }
  const startScript: string = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).scripts.start;
  const heapFlags = (startScript.match(/--max-[a-z-]+-size=\d+/g) ?? []).join(' ');
  try {
    const results = await measureCapacity(quick, { NODE_OPTIONS: process.env.BENCH_SERVER_NODE_OPTIONS ?? heapFlags }, only as CapacityLoad[]);
    process.stdout.write(`${formatCapacity(results)}\n`);
  } catch (err) {
    process.stderr.write(`The capacity benchmark could not finish: ${err instanceof Error ? err.stack : String(err)}\n`);
    process.exitCode = 1;
  } finally {
    await stopAllProcesses();
    removeTempDirs();
  }
}
