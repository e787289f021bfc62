/**
 * Delivery over SMTP (SMTP_URL set): what a real SMTP server receives from the reference server,
 * and what happens when it refuses a recipient.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { addressesFor, emailWithStatus, newsletterWithEmail, type NewsletterFixture } from './newsletter-fixture.ts';
import { startSmtpSink, type SmtpSink } from './smtp-sink.ts';

let server: TestServer | undefined;
let sink: SmtpSink | undefined;

afterEach(async () => {
  await server?.close();
  await sink?.close();
  server = sink = undefined;
});

async function start() {
  sink = await startSmtpSink();
  server = await startTestServer({ smtpUrl: sink.url });
  return { sink, server };
}

const send = (test: TestServer, fixture: NewsletterFixture) =>
  test.api('POST', `/newsletters/${fixture.newsletterId}/emails/${fixture.emailId}/send`, { body: {} });

describe('delivery over SMTP', () => {
  it('sends one message to each active, verified subscriber, with the subject, sender, Message-ID and HTML', async () => {
    const { sink, server } = await start();
    const addresses = addressesFor('reader', 6);
    const fixture = await newsletterWithEmail(server.api, 'News, Notes & Co.', addresses, 'Issue 42: the queue');
    // The API creates only active, verified subscribers; the other states are set through the database.
    const [suppressedId, unverifiedId] = fixture.subscriberIds;
    server.server.db.prepare("UPDATE subscribers SET status = 'suppressed', active = 0 WHERE id = ?").run(suppressedId);
    server.server.db.prepare("UPDATE subscribers SET status = 'pending', verified = 0, verified_at = NULL WHERE id = ?").run(unverifiedId);
    const audience = new Map(fixture.subscriberIds.slice(2).map((id, i) => [addresses[i + 2]!, id]));

    expect((await send(server, fixture)).status).toBe(200);
    const sent = await emailWithStatus(server.api, fixture, 'sent');
    expect(sent.sent_at).not.toBeNull();

    expect(Object.fromEntries(sink.countsByRecipient())).toEqual(Object.fromEntries([...audience.keys()].map((a) => [a, 1])));
    for (const message of sink.messages) {
      const [to] = message.recipients;
      expect(message.headers.to).toBe(to);
      expect(message.headers.subject).toBe('Issue 42: the queue');
      expect(message.headers.from).toBe('"News, Notes & Co." <newsletters@localhost>');
      expect(message.headers['message-id']).toBe(`<email-${fixture.emailId}.subscriber-${audience.get(to!)}@127.0.0.1>`);
      expect(message.headers['content-type']).toMatch(/^text\/html; charset=utf-8/i);
      expect(message.body).toBe('<h1>Issue 42: the queue</h1><p>Hello, reader.</p>');
    }
  });

  it('marks the email failed when a recipient is refused, and a second send reaches only that recipient', async () => {
    const { sink, server } = await start();
    const addresses = addressesFor('refusal', 4);
    const fixture = await newsletterWithEmail(server.api, 'Refusals', addresses);
    const refused = addresses[2]!;
    sink.refused.add(refused);

    expect((await send(server, fixture)).status).toBe(200);
    const failed = await emailWithStatus(server.api, fixture, 'failed');
    expect(failed.sent_at).toBeNull();
    expect(sink.countsByRecipient().get(refused)).toBeUndefined();
    expect(sink.messages).toHaveLength(3);

    sink.refused.clear();
    const again = await send(server, fixture);
    expect(again.status).toBe(200);
    expect(['scheduled', 'sent']).toContain(again.body.status);
    const sent = await emailWithStatus(server.api, fixture, 'sent');
    expect(sent.sent_at).not.toBeNull();
    expect(Object.fromEntries(sink.countsByRecipient())).toEqual(Object.fromEntries(addresses.map((a) => [a, 1])));
    // Sent means sent: a third request is a conflict and nothing more goes out.
    expect((await send(server, fixture)).status).toBe(409);
    expect(sink.messages).toHaveLength(4);
  });

  it('passes options in the URL query to the mail library: ignoreTLS=true for a server offering STARTTLS with an untrusted certificate', async () => {
    sink = await startSmtpSink({ offerStartTls: true });
    // Plain smtp://: the client upgrades with STARTTLS, rejects the self-signed certificate, and the email fails.
    server = await startTestServer({ smtpUrl: sink.url });
    const refusedFixture = await newsletterWithEmail(server.api, 'Strict TLS', addressesFor('strict', 2));
    expect((await send(server, refusedFixture)).status).toBe(200);
    await emailWithStatus(server.api, refusedFixture, 'failed');
    expect(sink.messages).toHaveLength(0);
    await server.close();

    server = await startTestServer({ smtpUrl: `${sink.url}?ignoreTLS=true` });
    const fixture = await newsletterWithEmail(server.api, 'Plain text', addressesFor('plain', 2));
    expect((await send(server, fixture)).status).toBe(200);
    await emailWithStatus(server.api, fixture, 'sent');
    expect(sink.messages).toHaveLength(2);
  });
});
