/** The typed client against the reference server: a whole flow, and errors as problem details. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startTestServer, type TestServer } from '../../server/tests/harness.ts';
import { createPublishingClient, type PublishingClient } from '../index.ts';

let t: TestServer;
let api: PublishingClient;
beforeAll(async () => {
  t = await startTestServer();
  api = createPublishingClient({ baseUrl: t.baseUrl, token: t.token });
});
afterAll(() => t.close());

describe('createPublishingClient', () => {
  it('creates a newsletter, a subscriber and an email, then sends it', async () => {
    const newsletter = await api.POST('/newsletters', { body: { name: 'Typed' } });
    const newsletterId = newsletter.data!.id;
    const subscriber = await api.POST('/newsletters/{newsletter_id}/subscribers', {
      params: { path: { newsletter_id: newsletterId } },
      body: { email: 'typed@example.org' },
    });
    expect(subscriber.data?.status).toBe('active');
    const email = await api.POST('/newsletters/{newsletter_id}/emails', {
      params: { path: { newsletter_id: newsletterId } },
      body: { subject: 'Hello', content_md: 'Typed all the way.' },
    });
    const sent = await api.POST('/newsletters/{newsletter_id}/emails/{id}/send', {
      params: { path: { newsletter_id: newsletterId, id: email.data!.id } },
    });
    expect(sent.response.status).toBe(200);
    await eventually(async () => {
      const { data } = await api.GET('/newsletters/{newsletter_id}/emails', {
        params: { path: { newsletter_id: newsletterId }, query: { status: 'sent' } },
      });
      return data!.total === 1 ? true : undefined;
    });
  });

  it('returns problem details as `error`, without throwing', async () => {
    const { data, error, response } = await api.GET('/newsletters/{id}', { params: { path: { id: 999999 } } });
    expect(data).toBeUndefined();
    expect(response.status).toBe(404);
    expect(error).toMatchObject({ status: 404, title: 'Not found' });
  });
});
