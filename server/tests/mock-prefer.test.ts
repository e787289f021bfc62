/**
 * `Prefer` on the stateful mock, as a front end sends it: every status every operation declares, and
 * every example of it, forced and held to the contract by the conformance suite's response validator;
 * a status or example that is not declared refused with a 422 naming the declared ones; a success
 * carried out for real; delays bounded, and a request whose client left during its delay not carried
 * out. The reference server itself ignores `Prefer`.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract } from '../../conformance/contract/document.ts';
import { ContractValidator } from '../../conformance/contract/validator.ts';
import { DeclaredAnswers } from '../mock/forced-answers.ts';
import { MAX_DELAY_MS } from '../mock/prefer-stage.ts';
import { startMock, type RunningMock } from '../mock/start.ts';
import { startTestServer } from './harness.ts';

const contract = loadContract();
const validator = new ContractValidator(contract);
const declared = new DeclaredAnswers(JSON.parse(readFileSync(new URL('../../generated/openapi.json', import.meta.url), 'utf8')));

let mock: RunningMock;
let token: string;

beforeAll(async () => {
  mock = await startMock({ PORT: '0', LOG_LEVEL: 'silent' });
  token = mock.workspaces[0]!.token;
}, 120_000);
afterAll(async () => {
  await mock?.close();
});

interface Sent {
  status: number;
  headers: Headers;
  bodyText: string;
  body: any;
}

async function send(method: string, path: string, prefer: string | undefined, init: { body?: unknown; signal?: AbortSignal } = {}): Promise<Sent> {
  const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
  if (prefer !== undefined) headers.Prefer = prefer;
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${mock.baseUrl}${path}`, { method, headers, body: init.body === undefined ? undefined : JSON.stringify(init.body), signal: init.signal });
  const bodyText = await response.text();
  return { status: response.status, headers: response.headers, bodyText, body: bodyText && /json/.test(response.headers.get('content-type') ?? '') ? JSON.parse(bodyText) : bodyText };
}

/** The failed checks of the conformance suite's response validator for this answer. */
const brokenChecks = (operationId: string, answer: Sent) =>
  validator
    .checkResponse(contract.operation(operationId), answer)
    .filter((result) => !result.passed && result.check !== 'not_a_server_error')
    .map((result) => `${result.check}: ${result.reason}`);

/** The template with every path parameter 1: a forced answer comes before the path's resource is looked at. */
const pathOf = (template: string) => template.replace(/\{[^}]+\}/g, '1');

describe('Prefer: code= on the stateful mock', () => {
  it('forces every error status of every operation, each example of it, valid by the contract', async () => {
    const failures: string[] = [];
    let forced = 0;
    for (const { method, operation } of declared.operations()) {
      for (const [status, response] of operation.responses) {
        if (/^2/.test(status)) continue;
        for (const example of [undefined, ...response.examples.map((e) => e.name)]) {
          const prefer = example === undefined ? `code=${status}` : `code=${status}, example=${example}`;
          const answer = await send(method, pathOf(operation.template), prefer);
          forced += 1;
          const what = `${operation.operationId} ${prefer}`;
          if (answer.status !== Number(status)) failures.push(`${what}: answered ${answer.status} ${answer.bodyText.slice(0, 200)}`);
          for (const broken of brokenChecks(operation.operationId, answer)) failures.push(`${what}: ${broken}`);
          if (answer.headers.get('preference-applied') !== prefer) failures.push(`${what}: Preference-Applied is ${answer.headers.get('preference-applied')}`);
          if (example !== undefined && answer.body.type !== response.examples.find((e) => e.name === example)!.value.type) failures.push(`${what}: type ${answer.body.type}`);
        }
      }
    }
    expect(failures).toEqual([]);
    // Every operation declares 400s, 401, 404s, 413, 422, 429 or 500: hundreds of forced answers.
    expect(forced).toBeGreaterThan(250);
  }, 240_000);

  it('writes the server\'s own text where it names the request\'s resource', async () => {
    expect((await send('GET', '/pages/7/posts/99', 'code=404')).body.detail).toBe('There is no post 99 on page 7.');
    expect((await send('GET', '/newsletters/3', 'code=404')).body.detail).toBe('There is no newsletter 3 in your workspace.');
    const conflict = await send('POST', '/newsletters/2/emails/5/send', 'code=409');
    expect(conflict.body).toMatchObject({ type: 'https://publishing.example/problems/email-already-sent', status: 409, instance: '/api/v1/newsletters/2/emails/5/send' });
    expect(conflict.body.detail).toMatch(/^Email 5 was sent at .+ and cannot be sent again\.$/);
    const limited = await send('GET', '/pages', 'code=429');
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(limited.headers.get('ratelimit')).toMatch(/^"token"; r=\d+/);
    expect((await send('GET', '/pages', 'code=401')).headers.get('www-authenticate')).toMatch(/^Bearer /);
  });

  it('refuses a status the operation does not declare with a 422 that lists the declared ones', async () => {
    const answer = await send('DELETE', '/pages/1/posts/1', 'code=409');
    expect(answer.status).toBe(422);
    expect(brokenChecks('deletePost', answer)).toEqual([]);
    expect(answer.body.errors).toEqual([{ field: 'header.prefer', message: 'code=409 is not a status deletePost declares; it declares 204, 401, 404, 413, 422, 429, 500, 503, 507' }]);
    expect(answer.headers.get('preference-applied')).toBeNull();
    expect((await send('GET', '/pages', 'code=2OO')).body.errors[0]).toEqual({ field: 'header.prefer', message: 'code must be an HTTP status of three digits' });
    const example = await send('POST', '/pages', 'code=409, example=EmailAlreadySent');
    expect(example.status).toBe(422);
    expect(example.body.errors[0].message).toBe("example=EmailAlreadySent is not an example of createPage's 409; its examples are PageNameTaken, PageSlugTaken");
  });

  it('carries out a request that asks for its success status, and answers as it turns out', async () => {
    const created = await send('POST', '/pages', 'code=201', { body: { name: 'Forced success' } });
    expect(created.status).toBe(201);
    expect((await send('GET', `/pages/${created.body.id}`, 'code=200')).body.name).toBe('Forced success');
    // The request decides: a page that does not exist is still a 404.
    expect((await send('GET', '/pages/999999', 'code=200')).status).toBe(404);
  });

  it('lets the token decide first: a request without one is a real 401, whatever it prefers', async () => {
    const response = await fetch(`${mock.baseUrl}/pages`, { headers: { Prefer: 'code=409' } });
    expect(response.status).toBe(401);
    expect(response.headers.get('preference-applied')).toBeNull();
  });

  it('exposes Preference-Applied to browser scripts on a forced answer', async () => {
    const response = await fetch(`${mock.baseUrl}/pages`, { headers: { Authorization: `Bearer ${token}`, Prefer: 'code=500', Origin: 'http://app.test' } });
    expect(response.headers.get('access-control-expose-headers')?.split(',')).toContain('Preference-Applied');
  });
});

describe('Prefer: delay= on the stateful mock', () => {
  it('holds the answer for the time asked, and says so', async () => {
    const started = performance.now();
    const answer = await send('GET', '/pages', 'delay=400');
    expect(performance.now() - started).toBeGreaterThanOrEqual(390);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('preference-applied')).toBe('delay=400');
    const both = await send('POST', '/newsletters/1/emails/1/send', 'code=409, delay=50');
    expect([both.status, both.headers.get('preference-applied')]).toEqual([409, 'delay=50, code=409']);
  });

  it(`refuses a delay over ${MAX_DELAY_MS} ms, or one that is not a whole number`, async () => {
    for (const delay of [String(MAX_DELAY_MS + 1), '-5', '1.5', 'soon', '9999999999']) {
      const answer = await send('GET', '/pages', `delay=${delay}`);
      expect(answer.status, delay).toBe(422);
      expect(answer.body.errors).toEqual([{ field: 'header.prefer', message: `delay must be a whole number of milliseconds from 0 to ${MAX_DELAY_MS}` }]);
    }
  });

  it('does nothing for a client that leaves during the delay', async () => {
    const name = 'Never created';
    await expect(send('POST', '/pages', 'delay=1500', { body: { name }, signal: AbortSignal.timeout(200) })).rejects.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 1800));
    const pages = await send('GET', '/pages?size=100', undefined);
    expect(pages.body.result.map((page: { name: string }) => page.name)).not.toContain(name);
  });
});

describe('Prefer on the reference server', () => {
  it('is ignored: the server answers what the request does', async () => {
    const server = await startTestServer();
    try {
      const answer = await server.api('GET', '/pages', { headers: { Prefer: 'code=409, delay=5000' } });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('preference-applied')).toBeNull();
    } finally {
      await server.close();
    }
  });
});
