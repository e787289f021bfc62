/** One email sent to every subscriber of a newsletter through the outbox: seconds from send to `sent`. */
import { eventually } from '../server/tests/harness.ts';
import type { ServerProcess } from '../server/tests/processes.ts';
import { outboxRecipients } from '../server/tests/sqlite-file.ts';
import { call } from './api.ts';

export interface DeliveryResult {
  recipients: number;
  /** From the send request leaving the client to the client seeing `sent`. */
  observedSeconds: number;
  /** From the time the server accepted the send (`scheduled_at`) to its `sent_at`. */
  serverSeconds: number;
  outboxMessages: number;
}

export async function measureDelivery(server: ServerProcess, token: string, newsletterId: number, recipients: number, timeoutMs = 120_000): Promise<DeliveryResult> {
  const email = await call<{ id: number }>(server.baseUrl, token, 'POST', `/newsletters/${newsletterId}/emails`, {
    subject: 'Benchmark delivery',
    content_html: '<h1>Benchmark delivery</h1><p>One message per subscriber.</p>',
  });
  const path = `/newsletters/${newsletterId}/emails/${email.id}`;
  const started = performance.now();
  const accepted = await call<{ scheduled_at: string }>(server.baseUrl, token, 'POST', `${path}/send`, {});
  // Polled every 20 ms, finer than the tests' default, as the observed time is the measurement.
  const sent = await eventually(async () => {
    const current = await call<{ status: string; sent_at: string | null }>(server.baseUrl, token, 'GET', path);
    if (current.status === 'failed') throw new Error('the benchmark email failed');
    return current.status === 'sent' ? current : undefined;
  }, timeoutMs, 20);
  const observedSeconds = (performance.now() - started) / 1000;
  const outboxMessages = outboxRecipients(server.databasePath, email.id).length;
  const serverSeconds = (Date.parse(sent.sent_at!) - Date.parse(accepted.scheduled_at)) / 1000;
  return { recipients, observedSeconds, serverSeconds, outboxMessages };
}
