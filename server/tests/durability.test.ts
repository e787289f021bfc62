/**
 * Restart durability of the delivery queue, with the real server process (server/main.ts) and its
 * SQLite file: a scheduled email outlives a restart, a delivery cut off by `kill -9` is finished
 * without sending anyone the email twice, and SIGTERM finishes the request in flight and exits 0.
 * The database is read directly (read-only) to see what was really delivered.
 */
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { KEEP_ALIVE_TIMEOUT_MS } from '../http/listen.ts';
import { apiFor } from './harness.ts';
import { addressesFor, emailWithStatus, newsletterWithEmail } from './newsletter-fixture.ts';
import { DEV_TOKEN, exitOf, startServerProcess, stopAllProcesses, waitForOutput, type ServerProcess } from './processes.ts';
import { deliveryStates, outboxRecipients, readDatabase, watchDatabase, writeDatabase } from './sqlite-file.ts';
import { startSmtpSink } from './smtp-sink.ts';
import { makeTempDir, removeTempDirs } from './temp-dirs.ts';

afterEach(async () => {
  await stopAllProcesses();
  removeTempDirs();
});

const apiOf = (server: ServerProcess) => apiFor(server.baseUrl, DEV_TOKEN);
const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

// Each test starts and stops server processes several times: seconds alone, far more on a busy machine.
/**
 * How long a test waits for an event (a delivery finishing, a process starting) before it calls it
 * missing: seconds alone, many times that on a shared machine running other suites. Not a timing
 * claim: the test is about what happens, and waits for it.
 */
const PATIENCE_MS = 90_000;

describe('delivery across restarts of the server process', { timeout: 300_000 }, () => {
  it('delivers a scheduled email once after start-up when its time passed while the server was down', async () => {
    const dataDir = makeTempDir('durability-scheduled');
    const starting = performance.now();
    const first = await startServerProcess(dataDir);
    const startMs = performance.now() - starting;
    const fixture = await newsletterWithEmail(apiOf(first), 'Scheduled', addressesFor('scheduled', 5));
    // The API creates only active, verified subscribers; the other states are set in the file.
    const [suppressed, unverified, ...audience] = fixture.subscriberIds;
    writeDatabase(first.databasePath, (db) => {
      db.prepare("UPDATE subscribers SET status = 'suppressed', active = 0 WHERE id = ?").run(suppressed);
      db.prepare("UPDATE subscribers SET status = 'pending', verified = 0, verified_at = NULL WHERE id = ?").run(unverified);
    });

    // Far enough ahead that the first process stops before it even on a loaded machine: a stop takes
    // well under a second alone, seconds when the machine runs other suites (or a second test run).
    // So the lead grows with this run's own measure of the load, the first process's start-up: 6 s,
    // or three start-ups when those are slower than 2 s.
    const at = new Date(Date.now() + Math.max(6000, 3 * startMs)).toISOString();
    const send = await apiOf(first)('POST', `/newsletters/${fixture.newsletterId}/emails/${fixture.emailId}/send`, { body: { scheduled_at: at } });
    expect(send.status).toBe(200);
    expect(send.body).toMatchObject({ status: 'scheduled', scheduled_at: at, sent_at: null });
    expect((await first.terminate()).code).toBe(0);
    // Otherwise the first process may have delivered it, and the test would prove nothing.
    expect(Date.now(), 'the server stopped after the scheduled time').toBeLessThan(Date.parse(at));
    expect(outboxRecipients(first.databasePath, fixture.emailId)).toEqual([]);

    await sleep(Math.max(0, Date.parse(at) - Date.now()) + 200);
    const second = await startServerProcess(dataDir);
    const sent = await emailWithStatus(apiOf(second), fixture, 'sent', PATIENCE_MS);
    expect(Date.parse(sent.sent_at)).toBeGreaterThanOrEqual(Date.parse(at));
    expect(outboxRecipients(second.databasePath, fixture.emailId)).toEqual(sorted(audience));
    expect(deliveryStates(second.databasePath, fixture.emailId)).toEqual({ sent: audience.length });

    // Later polls of the worker (every 100 ms here) must not deliver it again.
    await sleep(500);
    expect(outboxRecipients(second.databasePath, fixture.emailId)).toEqual(sorted(audience));
    expect((await second.terminate()).code).toBe(0);
  });

  it('finishes a delivery cut off by kill -9 and sends every subscriber the email exactly once', async () => {
    const dataDir = makeTempDir('durability-kill');
    const subscribers = 2000;
    // One recipient per transaction: the delivery takes long enough to be caught part-way.
    const env = { DELIVERY_BATCH_SIZE: '1' };
    const first = await startServerProcess(dataDir, env);
    const fixture = await newsletterWithEmail(apiOf(first), 'Interrupted', addressesFor('killed', subscribers));
    const send = await apiOf(first)('POST', `/newsletters/${fixture.newsletterId}/emails/${fixture.emailId}/send`, { body: {} });
    expect(send.status).toBe(200);

    const killed = watchDatabase(first.databasePath, async (db) => {
      const count = db.prepare('SELECT count(*) FROM outbox WHERE email_id = ?').pluck();
      const deadline = Date.now() + PATIENCE_MS;
      while (Date.now() < deadline) {
        const delivered = count.get(fixture.emailId) as number;
        // Kill well before the end, so the signal surely lands mid-delivery even on a busy machine.
        if (delivered > 0 && delivered < subscribers * 0.9) return first.kill();
        if (delivered >= subscribers * 0.9) throw new Error(`missed the window: ${delivered} messages already delivered`);
        await sleep(1);
      }
      throw new Error(`delivery did not start within ${PATIENCE_MS / 1000} s`);
    });
    expect((await killed).signal).toBe('SIGKILL');

    const afterKill = outboxRecipients(first.databasePath, fixture.emailId).length;
    expect(afterKill, 'the kill interrupted the delivery').toBeGreaterThan(0);
    expect(afterKill).toBeLessThan(subscribers);
    expect(readDatabase(first.databasePath, (db) => db.prepare('SELECT status FROM emails WHERE id = ?').pluck().get(fixture.emailId))).toBe('scheduled');

    const second = await startServerProcess(dataDir, env);
    const sent = await emailWithStatus(apiOf(second), fixture, 'sent', PATIENCE_MS);
    expect(sent.sent_at).not.toBeNull();
    expect(outboxRecipients(second.databasePath, fixture.emailId)).toEqual(sorted(fixture.subscriberIds));
    expect(deliveryStates(second.databasePath, fixture.emailId)).toEqual({ sent: subscribers });
    expect((await second.terminate()).code).toBe(0);
  });

  it('over SMTP, resumes a delivery cut off by kill -9 without sending again what the mail server accepted', async () => {
    // The outbox's unique key would hide a second send; a real mail server counts every message.
    const sink = await startSmtpSink();
    try {
      const dataDir = makeTempDir('durability-kill-smtp');
      const subscribers = 150;
      const env = { SMTP_URL: sink.url, DELIVERY_BATCH_SIZE: '10' };
      const first = await startServerProcess(dataDir, env);
      const addresses = addressesFor('smtp-killed', subscribers);
      const fixture = await newsletterWithEmail(apiOf(first), 'Interrupted over SMTP', addresses);
      const killed = new Promise<void>((resolve) => {
        sink.onMessage = () => {
          if (sink.messages.length !== 40) return;
          sink.onMessage = undefined;
          first.kill().then(() => resolve(), () => resolve());
        };
      });
      expect((await apiOf(first)('POST', `/newsletters/${fixture.newsletterId}/emails/${fixture.emailId}/send`, { body: {} })).status).toBe(200);
      await Promise.race([killed, sleep(PATIENCE_MS).then(() => Promise.reject(new Error(`delivery did not reach 40 messages in ${PATIENCE_MS / 1000} s`)))]);
      expect(sink.messages.length).toBeLessThan(subscribers);

      const second = await startServerProcess(dataDir, env);
      await emailWithStatus(apiOf(second), fixture, 'sent', PATIENCE_MS);
      const counts = sink.countsByRecipient();
      expect([...counts.keys()].sort()).toEqual(addresses);
      // The one message the mail server had accepted when the process died, before the server could
      // record it, may go out again (transports.ts says so); every other recipient gets exactly one.
      const repeated = [...counts.entries()].filter(([, n]) => n > 1);
      expect(repeated.length).toBeLessThanOrEqual(1);
      expect(repeated.every(([, n]) => n === 2)).toBe(true);
      expect(deliveryStates(second.databasePath, fixture.emailId)).toEqual({ sent: subscribers });
      expect((await second.terminate()).code).toBe(0);
    } finally {
      await sink.close();
    }
  });

  it('on SIGTERM answers the request in flight, refuses new connections, exits 0 and leaves a queue that a restart completes', async () => {
    const dataDir = makeTempDir('durability-sigterm');
    // At info, the server says when SIGTERM has reached it (server/serve.ts), in the turn that stops it listening.
    const env = { DELIVERY_BATCH_SIZE: '5', LOG_LEVEL: 'info' };
    const first = await startServerProcess(dataDir, env);
    const fixture = await newsletterWithEmail(apiOf(first), 'Graceful', addressesFor('graceful', 300));
    const emailPath = `/newsletters/${fixture.newsletterId}/emails/${fixture.emailId}`;
    const email = (await apiOf(first)('GET', emailPath)).body;

    // The send request is in flight when SIGTERM arrives: its headers are in (the server answered
    // 100 Continue) but its body is not.
    const inFlight = await startRequestWithoutBody(first, `/newsletters/${fixture.newsletterId}/emails/${fixture.emailId}/send`);
    first.child.kill('SIGTERM');
    // Not a fixed wait: on a busy machine the process may take longer than any fixed time to run its handler.
    await waitForOutput(first, /shutting down/, 30_000);
    expect(first.child.exitCode, 'the server waits for the request in flight').toBeNull();
    // A new connection is refused. The port is free again, so another test run's server may have
    // taken it meanwhile: an answer is allowed only from a server that does not have this email
    // (created at this very millisecond), never from this one.
    const after = await fetch(`${first.baseUrl}${emailPath}`, { headers: { Authorization: `Bearer ${DEV_TOKEN}` } }).then(
      async (answer) => (answer.ok ? ((await answer.json()) as { created_at?: string }).created_at : answer.status),
      () => 'refused',
    );
    expect(after, 'a new connection reached the stopping server').not.toBe(email.created_at);

    const response = await inFlight.finish('{}');
    expect(response.status).toBe(200);
    expect(['scheduled', 'sent']).toContain(response.body.status);
    const answeredAt = Date.now();
    const exit = await exitOf(first.child, KEEP_ALIVE_TIMEOUT_MS / 2);
    expect(exit.code).toBe(0);
    // The client keeps its connection alive; the server must not wait out the keep-alive timeout
    // (65 s). Half of it tells the two apart however loaded the machine: a clean exit takes a second
    // or so alone, several under load, never tens.
    expect(Date.now() - answeredAt).toBeLessThan(KEEP_ALIVE_TIMEOUT_MS / 2);
    inFlight.close();

    // Consistent on disk: the whole audience is recorded (or delivery had not begun), each recipient
    // either sent with its outbox message or still pending, none failed.
    const states = deliveryStates(first.databasePath, fixture.emailId);
    expect(states.failed).toBeUndefined();
    expect([0, 300]).toContain((states.sent ?? 0) + (states.pending ?? 0));
    expect(outboxRecipients(first.databasePath, fixture.emailId).length).toBe(states.sent ?? 0);

    const second = await startServerProcess(dataDir, env);
    await emailWithStatus(apiOf(second), fixture, 'sent', PATIENCE_MS);
    expect(outboxRecipients(second.databasePath, fixture.emailId)).toEqual(sorted(fixture.subscriberIds));
    expect(deliveryStates(second.databasePath, fixture.emailId)).toEqual({ sent: 300 });
    expect((await second.terminate()).code).toBe(0);
  });
});

/**
 * A POST over a keep-alive connection whose body is held back until `finish`. Resolves once the
 * server has the request (it answered `Expect: 100-continue`), so the request is surely in flight.
 */
async function startRequestWithoutBody(server: ServerProcess, path: string) {
  const agent = new http.Agent({ keepAlive: true });
  const request = http.request(`${server.baseUrl}${path}`, {
    method: 'POST',
    agent,
    headers: { Authorization: `Bearer ${DEV_TOKEN}`, 'Content-Type': 'application/json', 'Content-Length': '2', Expect: '100-continue' },
  });
  const response = new Promise<{ status: number; body: any }>((resolve, reject) => {
    request.once('error', reject);
    request.once('response', (res) => {
      let text = '';
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
    });
  });
  await new Promise<void>((resolve, reject) => {
    request.once('continue', () => resolve());
    request.once('error', reject);
    request.flushHeaders();
  });
  return {
    /** Sends the body and resolves with the answer; the connection stays open, as a pooling client keeps it. */
    finish(body: string) {
      request.end(body);
      return response;
    },
    close: () => agent.destroy(),
  };
}
