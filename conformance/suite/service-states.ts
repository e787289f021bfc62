/**
 * Resources in states only the service can make: a subscriber becomes `suppressed` through an
 * unsubscribe, a bounce or a complaint, an email `failed` through a delivery that fails, none of them
 * through the API. The suite cannot make them, so --fixtures names them (`states_newsletter_id` with
 * `suppressed_subscriber_id` and `failed_email_id`); the global setup reads each once to make sure it is
 * in that state, and the tests of service-states.test.ts judge every operation on them. Without them
 * those tests are not applicable, with the reason.
 */
import type { ApiClient } from '../http/api-client.ts';
import type { FixtureIds, SharedFixtures } from '../run-options.ts';

export const STATES_NOT_GIVEN =
  'the suite cannot make a suppressed subscriber or a failed email (only unsubscribes, bounces and failed deliveries do): name them in --fixtures as states_newsletter_id with suppressed_subscriber_id and failed_email_id';

/** Reads the given resources and records them in `fixtures`, or why they cannot be used. */
export async function serviceStateFixtures(api: ApiClient, given: FixtureIds, fixtures: SharedFixtures): Promise<void> {
  const newsletterId = given.states_newsletter_id;
  if (given.suppressed_subscriber_id === undefined && given.failed_email_id === undefined) return;
  if (newsletterId === undefined) {
    fixtures.missing.states = 'suppressed_subscriber_id and failed_email_id in --fixtures need the states_newsletter_id of the newsletter that holds them';
    return;
  }
  const subscriberId = given.suppressed_subscriber_id;
  const emailId = given.failed_email_id;
  const [subscribers, email] = await Promise.all([
    // No operation reads one subscriber: the filter by status finds it.
    subscriberId === undefined ? undefined : api.GET('/newsletters/{newsletter_id}/subscribers', { params: { path: { newsletter_id: newsletterId }, query: { status: 'suppressed', size: 100 } } }),
    emailId === undefined ? undefined : api.GET('/newsletters/{newsletter_id}/emails/{id}', { params: { path: { newsletter_id: newsletterId, id: emailId } } }),
  ]);
  if (subscribers && subscriberId !== undefined) {
    const listed = subscribers.data?.result?.find((item) => item.id === subscriberId);
    if (listed) fixtures.suppressedSubscriber = { newsletterId, id: subscriberId, email: listed.email };
    else fixtures.missing.suppressedSubscriber = `suppressed_subscriber_id ${subscriberId} from --fixtures: listSubscribers of newsletter ${newsletterId} with status=suppressed answered ${subscribers.response.status} without it (deleted or reactivated by an earlier run?)`;
  }
  if (email && emailId !== undefined) {
    const status = email.data?.status;
    if (status === 'failed') fixtures.failedEmail = { newsletterId, id: emailId };
    else fixtures.missing.failedEmail = `failed_email_id ${emailId} from --fixtures: getEmail answered ${email.response.status}${status ? ` with status ${status}` : ''}, not a failed email (sent again by an earlier run?)`;
  }
}
