/**
 * Resources in states only the service can make, seeded for the conformance suite's --fixtures
 * (conformance/suite/service-states.ts): a subscriber `suppressed` (as an unsubscribe, a bounce or a
 * complaint leaves it) and an email `failed` (as a failed delivery leaves it), which no request makes,
 * so they are set in the database. They live on a newsletter of their own, beside one active reader
 * (the failed email can be sent again), so no other newsletter's lists change.
 */
import type { ComposedServer } from '../compose.ts';

/** The ids, under the keys of the suite's --fixtures. */
export interface ServiceStateFixtures {
  states_newsletter_id: number;
  suppressed_subscriber_id: number;
  failed_email_id: number;
}

export async function seedServiceStates(server: ComposedServer, workspace: number): Promise<ServiceStateFixtures> {
  const { services, db } = server;
  const newsletter = services.newsletters.create(workspace, { name: 'Service states' });
  services.subscribers.upsert(workspace, newsletter.id, 'reader@example.org');
  const suppressed = services.subscribers.upsert(workspace, newsletter.id, 'unsubscribed@example.org');
  db.prepare("UPDATE subscribers SET status = 'suppressed', active = 0 WHERE id = ?").run(suppressed.id);
  const input = { subject: 'A delivery that failed', content_html: '<p>Not delivered.</p>' };
  const email = services.emails.create(workspace, newsletter.id, input, await services.emails.contentForCreate(workspace, newsletter.id, input));
  // As the delivery worker leaves it: scheduled when the send was accepted, never sent.
  db.prepare("UPDATE emails SET status = 'failed', scheduled_at = created_at WHERE id = ?").run(email.id);
  return { states_newsletter_id: newsletter.id, suppressed_subscriber_id: suppressed.id, failed_email_id: email.id };
}
