/**
 * Rate limits: every answer reports the limit it counted against, a token over its quota gets a 429
 * problem with Retry-After, failing authentication is limited per client address without slowing
 * valid tokens from that address. The limits are made small here; the defaults are far above what
 * any test sends.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { loadContract } from '../http/validator.ts';
import { newToken } from '../store/tokens.ts';
import { startTestServer, type ApiResponse, type TestServer } from './harness.ts';

const contract = loadContract() as { components: { headers: Record<string, { schema: { pattern: string } }> } };
const shapeOf = (header: string) => new RegExp(contract.components.headers[header]!.schema.pattern);

/** The RateLimit fields of an answer, parsed: policy name and its parameters. */
function rateLimitOf(response: ApiResponse): { name: string; params: Record<string, string> } {
  const value = response.headers.get('ratelimit') ?? '';
  const [name, ...params] = value.split(';').map((part) => part.trim());
  return { name: name!.replace(/"/g, ''), params: Object.fromEntries(params.map((p) => p.split('=') as [string, string])) };
}

describe('rate-limit fields on every answer', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(() => t.close());

  it('are sent in the contract’s shape on success, client errors and failed authentication alike', async () => {
    const answers = [
      await t.api('GET', '/newsletters'),
      await t.api('GET', '/newsletters/999999'),
      await t.api('GET', '/newsletters?size=1000'),
      await t.api('POST', '/newsletters', { body: { nope: 1 } }),
      await t.api('GET', '/newsletters', { token: null }),
      await t.api('GET', '/newsletters', { token: newToken() }),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 404, 422, 422, 401, 401]);
    for (const answer of answers) {
      expect(answer.headers.get('ratelimit')).toMatch(shapeOf('RateLimit'));
      expect(answer.headers.get('ratelimit-policy')).toMatch(shapeOf('RateLimit-Policy'));
    }
    expect(rateLimitOf(answers[0]!).name).toBe('token');
    expect(rateLimitOf(answers[5]!).name).toBe('address');
  });

  it('announce the configured defaults, which no test run comes near', async () => {
    const defaults = loadConfig({}).rateLimit;
    expect(defaults).toEqual({ windowSeconds: 60, perToken: 20_000, failedAuthPerAddress: 3000 });
    const answer = await t.api('GET', '/pages');
    expect(answer.headers.get('ratelimit-policy')).toMatch(/^"token"; q=20000; w=60; pk=:[A-Za-z0-9+/=]+:$/);
  });

  it('never carry the token, and let a browser read them', async () => {
    const answer = await t.api('GET', '/pages', { headers: { Origin: 'https://app.example' } });
    expect(`${answer.headers.get('ratelimit')} ${answer.headers.get('ratelimit-policy')}`).not.toContain(t.token);
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    expect(answer.headers.get('access-control-expose-headers')?.split(',')).toEqual(
      expect.arrayContaining(['RateLimit', 'RateLimit-Policy', 'Retry-After']),
    );
  });
});

describe('a token over its quota', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ rateLimit: { windowSeconds: 600, perToken: 3, failedAuthPerAddress: 600 } });
  });
  afterAll(() => t.close());

  it('is answered 429 with a problem and Retry-After, while another token is served', async () => {
    const served = [await t.api('GET', '/pages'), await t.api('GET', '/pages'), await t.api('GET', '/pages')];
    expect(served.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(served.map((a) => rateLimitOf(a).params.r)).toEqual(['2', '1', '0']);

    const refused = await t.api('GET', '/pages');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(refused.body).toMatchObject({ type: 'https://publishing.example/problems/too-many-requests', title: 'Too many requests', status: 429 });
    expect(refused.body.detail).toMatch(/more than 3 requests in 600 seconds/);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter) && retryAfter > 0 && retryAfter <= 600).toBe(true);
    expect(refused.headers.get('retry-after')).toMatch(shapeOf('Retry-After'));
    expect(rateLimitOf(refused).params.r).toBe('0');

    // A write is refused before it happens.
    expect((await t.api('POST', '/pages', { body: { name: 'Not created' } })).status).toBe(429);
    expect((await t.api('GET', '/pages', { token: t.otherToken })).status).toBe(200);
    expect(t.server.db.prepare("SELECT count(*) AS n FROM pages WHERE name = 'Not created'").get()).toEqual({ n: 0 });
  });
});

describe('failed authentication from one address', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ rateLimit: { windowSeconds: 600, perToken: 1000, failedAuthPerAddress: 2 } });
  });
  afterAll(() => t.close());

  it('is answered 429 once its quota is spent, and valid tokens from that address are still served', async () => {
    const guesses = [await t.api('GET', '/pages', { token: newToken() }), await t.api('GET', '/pages', { token: null })];
    expect(guesses.map((a) => a.status)).toEqual([401, 401]);
    const refused = await t.api('GET', '/pages', { token: newToken() });
    expect(refused.status).toBe(429);
    expect(refused.body.type).toBe('https://publishing.example/problems/too-many-requests');
    expect(refused.body.detail).toMatch(/failed authentication more than 2 times/);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(rateLimitOf(refused).name).toBe('address');

    const valid = await t.api('GET', '/pages');
    expect(valid.status).toBe(200);
    expect(rateLimitOf(valid).name).toBe('token');
  });
});
