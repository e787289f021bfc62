/**
 * The Prism mock that front-end developers run with `npm run mock`: it starts on the bundled contract,
 * answers a core operation with the contract's own example, and answers an invalid request with the
 * declared 422 problem.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPrismMock, type RunningMock } from '../../scripts/prism.ts';
import { document } from './document.ts';

let mock: RunningMock;
const auth = { Authorization: 'Bearer any-token-the-mock-accepts' };

beforeAll(async () => {
  mock = await startPrismMock();
});
afterAll(async () => {
  await mock?.stop();
});

describe('the Prism mock', () => {
  it('answers listEmails with the EmailList example', async () => {
    const response = await fetch(`${mock.baseUrl}/newsletters/3/emails`, { headers: auth });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual(document.components.examples.EmailList.value);
  });

  it('answers createSubscriber with the Subscriber example', async () => {
    const response = await fetch(`${mock.baseUrl}/newsletters/3/subscribers`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'Ada.Lovelace@example.com' }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(document.components.examples.Subscriber.value);
  });

  it('answers a size over 100 with the declared 422 problem', async () => {
    const response = await fetch(`${mock.baseUrl}/newsletters/3/emails?size=101`, { headers: auth });
    expect(response.status).toBe(422);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const problem = (await response.json()) as { status: number; errors: unknown[] };
    expect(problem).toMatchObject({ status: 422, type: expect.stringMatching(/validation-failed$/) });
    expect(problem.errors.length).toBeGreaterThan(0);
  });

  it('answers an unknown body field with the declared 422 problem', async () => {
    const response = await fetch(`${mock.baseUrl}/pages/12/posts`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ titel: 'Typo in the field name' }),
    });
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ status: 422 });
  });

  it('answers a request without a token with 401 and WWW-Authenticate', async () => {
    const response = await fetch(`${mock.baseUrl}/newsletters/3/emails`);
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
  });
});
