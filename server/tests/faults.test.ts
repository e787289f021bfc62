/**
 * The deliberate faults (server/faults) really break what they name, so a conformance suite that
 * passes against one of them has missed a real bug. Each case shows the broken behaviour next to
 * what the contract requires.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { parseFaults } from '../faults/index.ts';
import type { FaultName } from '../faults/catalog.ts';
import { gzipSync } from 'node:zlib';
import { startTestServer, type TestServer } from './harness.ts';
import { rawRequest } from './raw-http.ts';

let t: TestServer | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function withFault(fault: FaultName) {
  t = await startTestServer({ faults: [fault] });
  const newsletter = (await t.api('POST', '/newsletters', { body: { name: 'Faulty' } })).body.id as number;
  return { api: t.api, server: t, newsletter };
}

describe('server faults', () => {
  it('refuses an unknown fault name', () => {
    expect(() => parseFaults('accept-any-token,no-such-fault')).toThrow(/Unknown fault no-such-fault/);
  });

  it('accept-any-token: a request without a token succeeds', async () => {
    const { api } = await withFault('accept-any-token');
    expect((await api('GET', '/newsletters', { token: null })).status).toBe(200);
  });

  it("cross-workspace-leak: another workspace reads the newsletter and what is under it", async () => {
    const { api, server, newsletter } = await withFault('cross-workspace-leak');
    expect((await api('GET', `/newsletters/${newsletter}`, { token: server.otherToken })).status).toBe(200);
    expect((await api('GET', `/newsletters/${newsletter}/emails`, { token: server.otherToken })).status).toBe(200);
  });

  it('upsert-case-sensitive: two letter cases give two subscribers', async () => {
    const { api, newsletter } = await withFault('upsert-case-sensitive');
    const a = await api('POST', `/newsletters/${newsletter}/subscribers`, { body: { email: 'Ada@Example.org' } });
    const b = await api('POST', `/newsletters/${newsletter}/subscribers`, { body: { email: 'ada@example.org' } });
    expect(a.body.id).not.toBe(b.body.id);
  });

  it('upsert-duplicates: the same address gets a new id each time', async () => {
    const { api, newsletter } = await withFault('upsert-duplicates');
    const a = await api('POST', `/newsletters/${newsletter}/subscribers`, { body: { email: 'same@example.org' } });
    const b = await api('POST', `/newsletters/${newsletter}/subscribers`, { body: { email: 'same@example.org' } });
    expect(b.body.id).not.toBe(a.body.id);
  });

  async function sendableEmail(api: TestServer['api'], newsletter: number): Promise<number> {
    await api('POST', `/newsletters/${newsletter}/subscribers`, { body: { email: 'reader@example.org' } });
    return (await api('POST', `/newsletters/${newsletter}/emails`, { body: { subject: 'Hi', content_html: '<p>Hi</p>' } })).body.id;
  }

  it('send-accepts-past-time: a past time is accepted', async () => {
    const { api, newsletter } = await withFault('send-accepts-past-time');
    const email = await sendableEmail(api, newsletter);
    expect((await api('POST', `/newsletters/${newsletter}/emails/${email}/send`, { body: { scheduled_at: '2001-01-01T00:00:00Z' } })).status).toBe(200);
  });

  it('resend-sent-email: a sent email is accepted again', async () => {
    const { api, server, newsletter } = await withFault('resend-sent-email');
    const email = await sendableEmail(api, newsletter);
    await api('POST', `/newsletters/${newsletter}/emails/${email}/send`);
    await server.server.worker.idle();
    server.server.db.prepare("UPDATE emails SET status = 'sent' WHERE id = ?").run(email);
    expect((await api('POST', `/newsletters/${newsletter}/emails/${email}/send`)).status).toBe(200);
  });

  it('ignore-status-filter, ignore-size and total-counts-page break the list of emails', async () => {
    t = await startTestServer({ faults: ['ignore-status-filter', 'ignore-size', 'total-counts-page'] });
    const newsletter = (await t.api('POST', '/newsletters', { body: { name: 'Lists' } })).body.id;
    for (let i = 0; i < 6; i++) await t.api('POST', `/newsletters/${newsletter}/emails`, { body: { subject: `E${i}` } });
    const { body } = await t.api('GET', `/newsletters/${newsletter}/emails?status=sent&size=2`);
    expect(body.result).toHaveLength(4);
    expect(body.total).toBe(4);
  });

  it('ignore-verified-false: ?verified=false lists verified subscribers too', async () => {
    const { api, newsletter } = await withFault('ignore-verified-false');
    await api('POST', `/newsletters/${newsletter}/subscribers`, { body: { email: 'v@example.org' } });
    expect((await api('GET', `/newsletters/${newsletter}/subscribers?verified=false`)).body.total).toBe(1);
  });

  it('default-size-20 and size-limit-off-by-one change the paging rules', async () => {
    t = await startTestServer({ faults: ['default-size-20', 'size-limit-off-by-one'] });
    expect((await t.api('GET', '/newsletters')).body.size).toBe(20);
    expect((await t.api('GET', '/newsletters?size=101')).status).toBe(200);
  });

  it('name-length-unchecked: a 256-character name is accepted', async () => {
    const { api } = await withFault('name-length-unchecked');
    expect((await api('POST', '/newsletters', { body: { name: 'n'.repeat(256) } })).status).toBe(201);
  });

  it('enum-value-missing: ?status=failed is refused', async () => {
    const { api, newsletter } = await withFault('enum-value-missing');
    expect((await api('GET', `/newsletters/${newsletter}/emails?status=failed`)).status).toBe(422);
  });

  it('accept-invalid-input and server-error-on-invalid-input mishandle bad bodies', async () => {
    t = await startTestServer({ faults: ['accept-invalid-input'] });
    expect((await t.api('POST', '/newsletters', { body: { name: 'Ok', unknown: 1 } })).status).toBe(201);
    await t.close();
    t = await startTestServer({ faults: ['server-error-on-invalid-input'] });
    expect((await t.api('POST', '/newsletters', { body: {} })).status).toBe(500);
  });

  it('drop-null-fields leaves out null fields; wrong-success-status answers createPage 200', async () => {
    t = await startTestServer({ faults: ['drop-null-fields', 'wrong-success-status'] });
    const page = await t.api('POST', '/pages', { body: { name: 'Answered 200' } });
    expect(page.status).toBe(200);
    const post = await t.api('POST', `/pages/${page.body.id}/posts`, { body: { title: 'Nulls' } });
    expect(post.body).not.toHaveProperty('description');
  });

  it('publish-without-timestamp: a published post has no first_published_at', async () => {
    t = await startTestServer({ faults: ['publish-without-timestamp'] });
    const page = (await t.api('POST', '/pages', { body: { name: 'P' } })).body.id;
    expect((await t.api('POST', `/pages/${page}/posts`, { body: { title: 'Live', status: 'published' } })).body.first_published_at).toBeNull();
  });

  it('markdown-unbounded: nesting is not bounded, and rendering holds the event loop', async () => {
    const { api } = await withFault('markdown-unbounded');
    const page = (await api('POST', '/pages', { body: { name: 'Unbounded' } })).body.id;
    const deep = Array.from({ length: 51 }, (_, i) => `${'  '.repeat(i)}- x\n`).join('');
    expect((await api('POST', `/pages/${page}/posts`, { body: { title: 'Deep', content_md: deep } })).status).toBe(201);
    // The test shares the server's event loop: while the renderer runs there, no timer fires. The
    // old renderer's cost grows with the square of `*a` runs; 30,000 take a second or more.
    let longestGap = 0;
    let last = performance.now();
    const ticker = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
    }, 5);
    try {
      expect((await api('POST', `/pages/${page}/posts`, { body: { title: 'Stall', content_md: '*a'.repeat(30_000) } })).status).toBe(201);
    } finally {
      clearInterval(ticker);
    }
    expect(longestGap).toBeGreaterThan(300);
  });

  it('lax-numbers: odd spellings of a number reach the resource or fail as a 500', async () => {
    const { api, newsletter } = await withFault('lax-numbers');
    for (const spelled of [`0x${newsletter.toString(16)}`, `${newsletter}.0`, `0${newsletter}`, `${newsletter}e0`, `%20${newsletter}`]) {
      expect((await api('GET', `/newsletters/${spelled}`)).status, spelled).toBe(200);
    }
    expect((await api('GET', '/newsletters?size=Infinity')).status).toBe(500);
  });

  it('head-405: HEAD on a path with GET is a 405', async () => {
    const { api, newsletter } = await withFault('head-405');
    expect((await api('HEAD', `/newsletters/${newsletter}`)).status).toBe(405);
  });

  it('ascii-case-folding: two names that differ in the case of a non-ASCII letter are both taken', async () => {
    const { api } = await withFault('ascii-case-folding');
    expect((await api('POST', '/pages', { body: { name: 'Ärger Blog' } })).status).toBe(201);
    expect((await api('POST', '/pages', { body: { name: 'ärger blog' } })).status).toBe(201);
    expect((await api('POST', '/newsletters', { body: { name: 'faulty' } })).status).toBe(409);
  });

  it("domain-leak: a page's domain says that another workspace has a page of that name", async () => {
    const { api, server } = await withFault('domain-leak');
    await api('POST', '/pages', { body: { name: 'Shared Name' }, token: server.otherToken });
    expect((await api('POST', '/pages', { body: { name: 'Shared Name' } })).body.domain).toBe('shared-name-1.pages.localhost');
  });
});

describe('rate-limit faults', () => {
  const small = { windowSeconds: 600, perToken: 2, failedAuthPerAddress: 600 };

  it('rate-limit-header-malformed: RateLimit is in the older draft syntax', async () => {
    t = await startTestServer({ faults: ['rate-limit-header-malformed'] });
    expect((await t.api('GET', '/pages')).headers.get('ratelimit')).toBe('limit=100, remaining=99, reset=60');
  });

  it('rate-limit-not-enforced: a token past its announced quota is still served', async () => {
    t = await startTestServer({ faults: ['rate-limit-not-enforced'], rateLimit: small });
    const answers = [await t.api('GET', '/pages'), await t.api('GET', '/pages'), await t.api('GET', '/pages')];
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers[2]!.headers.get('ratelimit')).toMatch(/r=0/);
  });

  it('rate-limit-without-retry-after: the 429 has no Retry-After', async () => {
    t = await startTestServer({ faults: ['rate-limit-without-retry-after'], rateLimit: small });
    await t.api('GET', '/pages');
    await t.api('GET', '/pages');
    const refused = await t.api('GET', '/pages');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBeNull();
  });
});

describe('server faults in request bodies', () => {
  describe('request bodies', () => {
    const post = (path: string, body: Buffer | string, headers: Record<string, string>) =>
      fetch(`${t!.baseUrl}${path}`, { method: 'POST', headers: { Authorization: `Bearer ${t!.token}`, ...headers }, body });
    const json = { 'Content-Type': 'application/json' };

    it('errors-unbounded: a 422 lists every error, and a body of 5,000 unknown keys reaches the validator', async () => {
      const { api } = await withFault('errors-unbounded');
      const unknown = Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`k${i}`, 1]));
      const { status, body } = await api('POST', '/newsletters', { body: { name: 'Wide', ...unknown } });
      expect(status).toBe(422);
      expect(body.errors).toHaveLength(5000);
    });

    it('lone-surrogates-stored: a lone surrogate is accepted and stored', async () => {
      await withFault('lone-surrogates-stored');
      expect((await post('/newsletters', '{"name":"a\\ud800b"}', json)).status).toBe(201);
    });

    it('control-characters-accepted: text with control characters is accepted, stored and answered', async () => {
      const { api } = await withFault('control-characters-accepted');
      const { status, body } = await api('POST', '/newsletters', { body: { name: 'Bell\u0007 and\nline feed' } });
      expect(status).toBe(201);
      expect(body.name).toBe('Bell\u0007 and\nline feed');
      // What it still refuses: a blank name.
      expect((await api('POST', '/newsletters', { body: { name: ' \n ' } })).status).toBe(422);
    });

    it('invalid-utf8-replaced: bytes that are not UTF-8 are stored as U+FFFD', async () => {
      await withFault('invalid-utf8-replaced');
      const response = await post('/newsletters', Buffer.concat([Buffer.from('{"name":"a'), Buffer.from([0xff]), Buffer.from('b"}')]), json);
      expect(response.status).toBe(201);
      expect(((await response.json()) as { name: string }).name).toBe('a\ufffdb');
    });

    it('any-charset: JSON in utf-16le or latin1 is decoded and stored', async () => {
      await withFault('any-charset');
      const utf16 = await post('/newsletters', Buffer.from('{"name":"Wide café"}', 'utf16le'), { 'Content-Type': 'application/json; charset=utf-16le' });
      expect(utf16.status).toBe(201);
      const latin1 = await post('/newsletters', Buffer.from('{"name":"Latin café"}', 'latin1'), { 'Content-Type': 'application/json; charset=latin1' });
      expect(((await latin1.json()) as { name: string }).name).toBe('Latin café');
    });

    it('bad-encoding-500: an undecodable or unsupported Content-Encoding is a 500', async () => {
      await withFault('bad-encoding-500');
      expect((await post('/newsletters', 'not gzip', { ...json, 'Content-Encoding': 'gzip' })).status).toBe(500);
      expect((await post('/newsletters', '{"name":"x"}', { ...json, 'Content-Encoding': 'compress' })).status).toBe(500);
      expect((await post('/newsletters', gzipSync('{"name":"Fine"}'), { ...json, 'Content-Encoding': 'gzip' })).status).toBe(201);
    });

    it('any-multipart: an upload as multipart/mixed is stored', async () => {
      await withFault('any-multipart');
      const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
      const body = Buffer.concat([
        Buffer.from('--b0\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n'),
        png,
        Buffer.from('\r\n--b0--\r\n'),
      ]);
      expect((await post('/images/upload', body, { 'Content-Type': 'multipart/mixed; boundary=b0' })).status).toBe(201);
    });

    it('late-413: a body declared over the limit gets no answer until it has all been sent', async () => {
      const { server } = await withFault('late-413');
      const request = `POST /api/v1/newsletters HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${server.token}\r\nContent-Type: application/json\r\nContent-Length: ${1024 * 1024 + 1}\r\n\r\n{"na`;
      await expect(rawRequest(server.config.publicUrl, request, 1500)).rejects.toThrow(/no complete answer/);
    });

    it('commit-unreadable-write: a write whose answer breaks the contract is committed, answered 500, and unreadable after', async () => {
      const { server } = await withFault('commit-unreadable-write');
      const page = (await server.api('POST', '/pages', { body: { name: 'Blog' } })).body.id;
      // A trigger stands for any bug that stores what the contract cannot answer (as in hostile-bodies).
      server.server.db.exec("CREATE TRIGGER corrupt AFTER INSERT ON categories BEGIN UPDATE categories SET color = 'not a colour' WHERE id = NEW.id; END");
      expect((await server.api('POST', `/pages/${page}/categories`, { body: { name: 'Kept' } })).status).toBe(500);
      expect(server.server.db.prepare('SELECT COUNT(*) AS n FROM categories').get()).toEqual({ n: 1 });
      expect((await server.api('GET', `/pages/${page}/categories`)).status).toBe(500);
    });
  });
});
