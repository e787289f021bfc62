/** The seeded resources in states only the service makes (service-states.ts) read as those states through the API. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ serviceStates: true });
});
afterAll(() => s.close());

it('seeds a suppressed subscriber and a failed email on a newsletter of their own', async () => {
  const { states_newsletter_id: newsletter, suppressed_subscriber_id: subscriber, failed_email_id: email } = s.fixtures!;
  const suppressed = await s.api('GET', `/newsletters/${newsletter}/subscribers?status=suppressed`);
  expect(suppressed.body.result.map((item: { id: number; active: boolean }) => [item.id, item.active])).toEqual([[subscriber, false]]);
  const failed = await s.api('GET', `/newsletters/${newsletter}/emails/${email}`);
  expect([failed.status, failed.body.status]).toEqual([200, 'failed']);
  expect((await s.api('GET', '/newsletters')).body.total).toBe(1);
});

it('seeds nothing unless asked', async () => {
  const plain = await startTestServer();
  try {
    expect(plain.fixtures).toBeUndefined();
    expect((await plain.api('GET', '/newsletters')).body.total).toBe(0);
  } finally {
    await plain.close();
  }
});
