/**
 * The typed client in a real browser against the stateful mock: headless Chromium (Debian's
 * `chromium` package) loads a page served from another origin than the API, and that page, built on
 * the typed client (bundled by esbuild), lists demo posts, creates one, reads the rate-limit fields,
 * shows the field a 422 names, and forces a 409 with `Prefer`. So CORS is proven as a browser enforces
 * it: preflights for `Authorization` and `Prefer`, and the headers a script may read.
 *
 * Where Chromium is missing the test is skipped with the reason printed; under CI (CI set, as `.ci/run`
 * sets it) a missing Chromium fails it instead, so CI cannot pass without running it. CI installs
 * Debian's package, `/usr/bin/chromium`; CHROMIUM_PATH names another binary. Nothing else is needed
 * beyond `npm ci`: playwright-core drives the browser and downloads none of its own.
 */
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type RunningMock } from '../../server/mock/start.ts';

const executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const available = existsSync(executablePath);
// CI services set CI=true (`.ci/run` too); some set 1 or yes. Anything but unset, empty, false or 0 counts.
const inCi = !['', 'false', '0'].includes((process.env.CI ?? '').trim().toLowerCase());
const MISSING = `Chromium is not installed at ${executablePath}: the browser test cannot run. Install it with "apt-get update && apt-get install -y chromium" (or set CHROMIUM_PATH).`;
if (!available && !inCi) process.stderr.write(`\n*** SKIPPED client/tests/browser.test.ts: ${MISSING}\n\n`);

/** Serves the page and its bundled script on a port of its own: another origin than the API's. */
async function servePage(script: string): Promise<{ server: Server; origin: string }> {
  const html = '<!doctype html><html><head><meta charset="utf-8"><title>Publishing demo</title></head><body><script type="module" src="/app.js"></script></body></html>';
  const server = createServer((req, res) => {
    if (req.url?.startsWith('/app.js')) return res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(script);
    if (req.url === '/favicon.ico') return res.writeHead(204).end();
    if (req.url === '/' || req.url?.startsWith('/?')) return res.writeHead(200, { 'Content-Type': 'text/html' }).end(html);
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return { server, origin: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` };
}

describe.runIf(available || inCi)('the typed client in headless Chromium against the stateful mock', () => {
  let mock: RunningMock;
  let page: { server: Server; origin: string };
  let browser: Browser;

  beforeAll(async () => {
    if (!available) throw new Error(`${MISSING} CI=${process.env.CI}: this test must run in CI.`);
    const bundled = await build({ entryPoints: [fileURLToPath(new URL('./browser/app.ts', import.meta.url))], bundle: true, format: 'esm', platform: 'browser', target: 'es2022', write: false });
    [mock, page, browser] = await Promise.all([
      startMock({ PORT: '0', LOG_LEVEL: 'silent' }),
      servePage(bundled.outputFiles[0]!.text),
      chromium.launch({
        executablePath,
        // Flags a CI machine needs: no sandbox as root, shared memory in /tmp (a container's /dev/shm
        // is often 64 MB, too small for Chromium), and none of Chromium's own network traffic.
        args: ['--headless', '--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
      }),
    ]);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    if (page) await new Promise((resolve) => page.server.close(resolve));
    await mock?.close();
  });

  it('lists, creates, reads the rate-limit fields, shows a 422 field and a forced 409', async () => {
    const tab = await browser.newPage();
    const refused: string[] = [];
    // What the browser refused (a CORS failure names CORS); the 422 and 409 asked for are logged too, as every error status is.
    tab.on('console', (message) => message.type() === 'error' && /CORS|Access-Control|blocked/i.test(message.text()) && refused.push(message.text()));
    const url = `${page.origin}/?api=${encodeURIComponent(mock.baseUrl)}&token=${mock.workspaces[0]!.token}`;
    expect(new URL(url).origin).not.toBe(mock.origin);
    await tab.goto(url);
    await tab.waitForSelector('#done', { state: 'attached', timeout: 60_000 });
    const text = async (id: string) => (await tab.textContent(`#${id}`)) ?? '';

    expect(await text('done'), refused.join('\n')).toBe('ok');
    const titles = await tab.locator('#posts li').allTextContents();
    expect(titles.length).toBe(5);
    expect(titles).toContain('Layering for changeable weather');
    expect(Number(await text('posts-total'))).toBeGreaterThan(5);
    expect(await text('created')).toMatch(/^201 \d+ <p>Made by the <strong>typed client<\/strong>\.<\/p>$/);
    // Readable by the script only because CORS exposes them.
    expect(await text('ratelimit')).toMatch(/^"token"; r=\d+; t=\d+ \| "token"; q=\d+; w=\d+; pk=:[^:]+:$/);
    expect(await text('invalid')).toBe('422 category_id: must be a category of page 1');
    expect(await text('conflict')).toBe('409 https://publishing.example/problems/email-already-sent code=409');
    expect(refused).toEqual([]);
  }, 120_000);
});
