/**
 * Unknown query parameters are refused with a 422 that names every one of them, beside every other
 * invalid input of the request (requests.unknown-query-parameter, errors.field-names): the validator's
 * own refusal named the first unknown parameter and nothing else.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

let t: TestServer;
let page: number;
beforeAll(async () => {
  t = await startTestServer();
  page = (await t.api('POST', '/pages', { body: { name: 'Queries' } })).body.id;
});
afterAll(() => t.close());

const fields = (body: { errors?: { field: string }[] }) => (body.errors ?? []).map((error) => error.field).sort();

describe('unknown query parameters', () => {
  it('names every unknown parameter of a list', async () => {
    const answer = await t.api('GET', '/pages?foo=1&bar=2');
    expect(answer.status).toBe(422);
    expect(fields(answer.body)).toEqual(['query.bar', 'query.foo']);
    expect(answer.body.errors[0].message).toBe('is not a query parameter of this operation');
    expect(answer.body.detail).toBe('The request has 2 invalid inputs.');
  });

  it('names them beside an invalid known parameter, a malformed number and an invalid body', async () => {
    expect(fields((await t.api('GET', '/pages?size=0&foo=1')).body)).toEqual(['query.foo', 'query.size']);
    expect(fields((await t.api('GET', '/pages?size=1e2&foo=1')).body)).toEqual(['query.foo', 'query.size']);
    const patch = await t.api('PATCH', `/pages/${page}?foo=1`, { body: { name: 7 } });
    expect(patch.status).toBe(422);
    expect(fields(patch.body)).toEqual(['name', 'query.foo']);
  });

  it('refuses them on an operation that has no query parameters, and on HEAD as on GET', async () => {
    expect(fields((await t.api('GET', `/pages/${page}?a=1&b=2`)).body)).toEqual(['query.a', 'query.b']);
    expect((await t.api('HEAD', '/pages?foo=1')).status).toBe(422);
    expect((await t.api('HEAD', `/pages/${page}?foo=1`)).status).toBe(422);
  });

  it('lists at most 20 and counts them all', async () => {
    const query = Array.from({ length: 30 }, (_, i) => `p${i}=1`).join('&');
    const answer = await t.api('GET', `/pages?${query}`);
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toHaveLength(20);
    expect(answer.body.detail).toBe('The request has 30 invalid inputs; the first 20 are listed.');
  });

  it('names a known parameter given twice once, with a detail that counts one input', async () => {
    // errors.field-names, FieldError ("One invalid input"): the validator found two things wrong with
    // the array a repeated ?status makes ("must be string", "must be one of"), listed as two inputs.
    const newsletter = (await t.api('POST', '/newsletters', { body: { name: 'Repeated queries' } })).body.id;
    for (const query of ['status=draft&status=sent', 'status=draft&status=draft']) {
      const answer = await t.api('GET', `/newsletters/${newsletter}/emails?${query}`);
      expect(answer.status).toBe(422);
      expect(answer.body.errors).toEqual([{ field: 'query.status', message: 'must be given once, not repeated' }]);
      expect(answer.body.detail).toBe('The request has 1 invalid input.');
    }
    const both = await t.api('GET', '/pages?page=1&page=2&size=5&size=5&foo=1&foo=2');
    expect(fields(both.body)).toEqual(['query.foo', 'query.page', 'query.size']);
    expect(both.body.detail).toBe('The request has 3 invalid inputs.');
  });

  it('lists a body field found wrong in two ways once, its messages joined', async () => {
    const answer = await t.api('POST', '/newsletters', { body: { name: `${'x'.repeat(300)}\u0001` } });
    expect(answer.status).toBe(422);
    expect(fields(answer.body)).toEqual(['name']);
    expect(answer.body.errors[0].message).toMatch(/255 characters; .*control characters/);
    expect(answer.body.detail).toBe('The request has 1 invalid input.');
  });

  it('still lets the known parameters through', async () => {
    expect((await t.api('GET', '/pages?page=1&size=5')).status).toBe(200);
    expect((await t.api('GET', '/authors?active=true')).status).toBe(200);
  });
});
