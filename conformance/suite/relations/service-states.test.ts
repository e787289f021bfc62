/**
 * Every operation the contract defines on a resource in a state only the service can make: a
 * `suppressed` subscriber (unsubscribed, bounced or complained) and a `failed` email (a delivery that
 * failed). No request makes either, so a server that mishandles them is met by no test that makes its
 * own resources; the run is given them in --fixtures (service-states.ts) and, without them, these tests
 * are not applicable, with the reason.
 *
 * - createSubscriber: subscriber.upsert-same-id ("answers `200` with the existing subscriber unchanged
 *   (same id, every field as it was)") and its description ("a `suppressed` subscriber stays
 *   suppressed"; SubscriberStatus: "creating the address again does not reactivate it"), with the
 *   address in another letter case and white space around it.
 * - listSubscribers: lists.exact-filters, the subscriber under `status=suppressed` and not `active`.
 * - getEmail, listEmails: the email reads `failed` by get and under `status=failed`.
 * - updateEmail, deleteEmail: email.only-draft-changes ("any other is answered `409` with type
 *   `email-not-draft` and stays as it was"; updateEmail: "not a `draft` (scheduled, sent or failed)
 *   cannot be changed").
 * - listEmails, listSubscribers: every list relation on the states newsletter's lists, which alone hold
 *   these states (service-state-lists.ts), before anything below changes them.
 * - Writes that change the fixture, only where the run may change what it did not make
 *   (--disposable-target): sendEmail (its table: a `failed` email is sent again, `200` `scheduled`),
 *   then sendEmail on a newsletter whose subscribers are all out of the audience (the suppressed one, the
 *   others deleted: email.send-not-ready, "no active, verified subscriber"; Subscriber `active`: "Only
 *   active, verified subscribers receive emails"), and deleteSubscriber ("Removes a subscriber from the
 *   newsletter for good", resources.gone-after-delete: `204`, and no longer listed). They come last: the
 *   tests of one file run in order.
 *
 * Cost: nothing without the fixtures; with them, about a dozen requests in all, the reads of one test
 * sent together.
 */
import type { Email, Subscriber } from '../../../generated/openapi.d.ts';
import { verifyConflictType } from '../conflicts.ts';
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { STATES_NOT_GIVEN } from '../service-states.ts';
import { Resources } from '../resources.ts';
import { registerStateListTests } from './service-state-lists.ts';

const DISPOSABLE_ONLY = 'sending the failed email or deleting the suppressed subscriber changes a resource the run did not make: only with --disposable-target';

function suppressedOf(t: Kit) {
  const given = t.fixtures.suppressedSubscriber;
  if (!given) t.notApplicable(t.fixtures.missing.suppressedSubscriber ?? t.fixtures.missing.states ?? STATES_NOT_GIVEN);
  return given;
}

function failedOf(t: Kit) {
  const given = t.fixtures.failedEmail;
  if (!given) t.notApplicable(t.fixtures.missing.failedEmail ?? t.fixtures.missing.states ?? STATES_NOT_GIVEN);
  return given;
}

/** The newsletter's subscribers under one `status` filter, as the list answers them. */
async function subscribersWith(t: Kit, newsletterId: number, status: Subscriber['status']) {
  const { data, response } = await t.api.GET('/newsletters/{newsletter_id}/subscribers', { params: { path: { newsletter_id: newsletterId }, query: { status, size: 100 } } });
  return { items: data?.result ?? [], response };
}

async function readEmail(t: Kit, newsletterId: number, id: number) {
  const { data, response } = await t.api.GET('/newsletters/{newsletter_id}/emails/{id}', { params: { path: { newsletter_id: newsletterId, id } } });
  return { email: data as Email | undefined, response };
}

forOperation('createSubscriber', (test) => {
  test('answers the address of a suppressed subscriber with it unchanged, still suppressed', { check: 'subscriber_upsert_identity', rules: ['subscriber.upsert-same-id'], needs: ['state'] }, async (t: Kit) => {
    const given = suppressedOf(t);
    const before = (await subscribersWith(t, given.newsletterId, 'suppressed')).items.find((item) => item.id === given.id);
    t.ensure(before !== undefined, `listSubscribers with status=suppressed no longer holds subscriber ${given.id}`);
    // Another spelling of the stored address: the upsert is keyed on it trimmed and in any letter case.
    const spelled = ` ${given.email.toUpperCase()} `;
    const { data, response } = await t.api.POST('/newsletters/{newsletter_id}/subscribers', { params: { path: { newsletter_id: given.newsletterId } }, body: { email: spelled } });
    t.verify(response.status === 200 && JSON.stringify(data) === JSON.stringify(before), `createSubscriber of ${JSON.stringify(spelled)}, the address of suppressed subscriber ${given.id}, answered ${response.status} ${JSON.stringify(data)}; expected 200 with the subscriber unchanged, ${JSON.stringify(before)}: a suppressed subscriber stays suppressed, with the same id and every field as it was`, { evidence: response });
    const after = (await subscribersWith(t, given.newsletterId, 'suppressed')).items.find((item) => item.id === given.id);
    t.verify(JSON.stringify(after) === JSON.stringify(before), `after the upsert, listSubscribers with status=suppressed shows subscriber ${given.id} as ${JSON.stringify(after) ?? 'absent'}; before, ${JSON.stringify(before)}`);
  });
});

forOperation('listSubscribers', (test) => {
  test('lists a suppressed subscriber under status=suppressed only', { check: 'status_filter', rules: ['lists.exact-filters'], needs: ['state'] }, async (t: Kit) => {
    const given = suppressedOf(t);
    const [suppressed, active] = await Promise.all([subscribersWith(t, given.newsletterId, 'suppressed'), subscribersWith(t, given.newsletterId, 'active')]);
    t.verify(suppressed.items.some((item) => item.id === given.id && item.status === 'suppressed'), `listSubscribers with status=suppressed answered ${suppressed.response.status} without suppressed subscriber ${given.id}`, { evidence: suppressed.response });
    t.verify(!active.items.some((item) => item.id === given.id), `listSubscribers with status=active lists suppressed subscriber ${given.id}`, { evidence: active.response });
  });
});

forOperation('getEmail', (test) => {
  test('reads a failed email as failed', { check: 'crud_agreement', rules: ['resources.answer-as-stored'], needs: ['state'] }, async (t: Kit) => {
    const given = failedOf(t);
    const { email, response } = await readEmail(t, given.newsletterId, given.id);
    t.verify(response.status === 200 && email?.status === 'failed', `getEmail of failed email ${given.id} answered ${response.status} with status ${email?.status ?? 'none'}; expected 200 failed`, { evidence: response });
  });
});

forOperation('listEmails', (test) => {
  test('lists a failed email under status=failed only', { check: 'status_filter', rules: ['lists.exact-filters'], needs: ['state'] }, async (t: Kit) => {
    const given = failedOf(t);
    const list = (status: Email['status']) => t.api.GET('/newsletters/{newsletter_id}/emails', { params: { path: { newsletter_id: given.newsletterId }, query: { status, size: 100 } } });
    const [failed, draft] = await Promise.all([list('failed'), list('draft')]);
    t.verify((failed.data?.result ?? []).some((item) => item.id === given.id), `listEmails with status=failed answered ${failed.response.status} without failed email ${given.id}`, { evidence: failed.response });
    t.verify(!(draft.data?.result ?? []).some((item) => item.id === given.id), `listEmails with status=draft lists failed email ${given.id}`, { evidence: draft.response });
  });
});

/** updateEmail and deleteEmail: a failed email is not a draft, so each is a 409 and the email reads as before. */
for (const [operationId, method] of [['updateEmail', 'PATCH'], ['deleteEmail', 'DELETE']] as const) {
  forOperation(operationId, (test) => {
    test('refuses a failed email with 409 email-not-draft, and it stays as it was', { check: 'conflict_detection', rules: ['email.only-draft-changes', 'resources.refused-write-changes-nothing'], needs: ['state'] }, async (t: Kit) => {
      const given = failedOf(t);
      const path = `/newsletters/${given.newsletterId}/emails/${given.id}`;
      const before = await readEmail(t, given.newsletterId, given.id);
      const { status, exchange } = await t.raw({ method, path, ...(method === 'PATCH' ? { body: JSON.stringify({ subject: t.names.name('changed') }), contentType: 'application/json' } : {}) });
      t.verify(status === 409, `${operationId} of failed email ${given.id} answered ${status ?? 'nothing'}; expected 409: only a draft email can be changed or deleted`, { evidence: exchange });
      verifyConflictType(t, exchange, 'email-not-draft', `${operationId} of a failed email`);
      const after = await readEmail(t, given.newsletterId, given.id);
      t.verify(JSON.stringify(after.email) === JSON.stringify(before.email), `after ${operationId} was refused, getEmail shows ${JSON.stringify(after.email)} (${after.response.status}); it showed ${JSON.stringify(before.email)}`, { check: 'failed_write_leaves_nothing', evidence: after.response });
    });
  });
}

// Before the writes below: the lists are walked while they hold the failed email and the suppressed subscriber.
registerStateListTests();

forOperation('sendEmail', (test) => {
  test('sends a failed email again: 200 scheduled', { check: 'email_send_state_table', rules: ['email.send-now'], needs: ['state'] }, async (t: Kit) => {
    const given = failedOf(t);
    if (!t.options.disposableTarget) t.notApplicable(DISPOSABLE_ONLY);
    const { data, response } = await t.api.POST('/newsletters/{newsletter_id}/emails/{id}/send', { params: { path: { newsletter_id: given.newsletterId, id: given.id } }, body: {} });
    t.verify(response.status === 200 && (data?.status === 'scheduled' || data?.status === 'sent'), `sendEmail of failed email ${given.id} without a time answered ${response.status} ${data?.status ?? ''}; expected 200 scheduled: a failed email can be sent again`, { evidence: response });
  });
});

/** What a send refused for want of an audience must answer: 422 email-not-sendable naming path.newsletter_id alone. */
function notSendableProblem(status: number, body: unknown): string | undefined {
  const problem = body as { type?: string; errors?: Array<{ field?: string }> } | undefined;
  const fields = (problem?.errors ?? []).map((entry) => entry.field);
  if (status === 422 && problem?.type?.endsWith('/email-not-sendable') && JSON.stringify(fields) === JSON.stringify(['path.newsletter_id'])) return undefined;
  return `answered ${status} ${JSON.stringify(body)}; expected 422 email-not-sendable naming exactly ["path.newsletter_id"]`;
}

// Who counts as an audience: only an active, verified subscriber. The API makes every subscriber active
// and verified (subscriber.new-active-verified) and send-email.test.ts empties a newsletter of its own by
// deletes; a suppressed subscriber (verified, not active) only the fixture gives. Its newsletter's
// audience is deleted here, so the newsletter holds the suppressed subscriber beside deleted ones.
forOperation('sendEmail', (test) => {
  test('refuses an email of a newsletter whose subscribers are all suppressed or deleted with 422 naming path.newsletter_id, with a time or without, and it stays a draft', { check: 'email_send_state_table', rules: ['email.send-not-ready', 'email.not-sendable-fields', 'resources.refused-write-changes-nothing'], needs: ['state'] }, async (t: Kit) => {
    const given = suppressedOf(t);
    if (!t.options.disposableTarget) t.notApplicable('deleting the states newsletter\'s active subscribers changes resources the run did not make: only with --disposable-target');
    const newsletter_id = given.newsletterId;
    const listed = await t.api.GET('/newsletters/{newsletter_id}/subscribers', { params: { path: { newsletter_id }, query: { size: 100 } } });
    const items = listed.data?.result ?? [];
    t.ensure(items.some((item) => item.id === given.id), `listSubscribers of states newsletter ${newsletter_id} answered ${listed.response.status} without suppressed subscriber ${given.id}`, { evidence: listed.response });
    const audience = items.filter((item) => item.id !== given.id && item.active && item.verified);
    const removed = await Promise.all(audience.map((item) => t.api.DELETE('/newsletters/{newsletter_id}/subscribers/{id}', { params: { path: { newsletter_id, id: item.id } } })));
    for (const { response } of removed) t.ensure(response.status === 204, `deleteSubscriber of an active subscriber of the states newsletter answered ${response.status}; expected 204`, { evidence: response });
    const email = await new Resources(t).email(newsletter_id, { content_html: '<p>Nobody active is left to read this.</p>' });
    const path = { newsletter_id, id: email.id };
    const what = `an email of newsletter ${newsletter_id}, whose subscribers are suppressed subscriber ${given.id} and ${audience.length} deleted`;
    // A future time first: a server that wrongly accepts it only schedules the email, and the send without a time is still judged.
    const later = new Date(Math.floor(Date.now() / 1000) * 1000 + 30 * 24 * 3600_000).toISOString();
    for (const body of [{ scheduled_at: later }, {}]) {
      const { data, error, response } = await t.api.POST('/newsletters/{newsletter_id}/emails/{id}/send', { params: { path }, body });
      const problem = notSendableProblem(response.status, error ?? data);
      t.verify(problem === undefined, `${what}, sent ${body.scheduled_at ? 'for later' : 'without a time'}, ${problem}: a suppressed subscriber is not active, and only active, verified subscribers receive emails`, { evidence: response });
    }
    const after = await readEmail(t, newsletter_id, email.id);
    t.verify(after.email?.status === 'draft', `after its sends were refused, the email reads ${after.email?.status ?? `unreadable (${after.response.status})`}; expected draft`, { evidence: after.response, rules: ['resources.refused-write-changes-nothing'] });
  });
});

forOperation('deleteSubscriber', (test) => {
  test('deletes a suppressed subscriber: 204, and it is no longer listed', { check: 'use_after_free', rules: ['resources.gone-after-delete'], needs: ['state'] }, async (t: Kit) => {
    const given = suppressedOf(t);
    if (!t.options.disposableTarget) t.notApplicable(DISPOSABLE_ONLY);
    const { status, exchange } = await t.raw({ method: 'DELETE', path: `/newsletters/${given.newsletterId}/subscribers/${given.id}` });
    t.verify(status === 204, `deleteSubscriber of suppressed subscriber ${given.id} answered ${status ?? 'nothing'}; expected 204: a subscriber of the newsletter is removed for good, whatever its status`, { evidence: exchange });
    const after = await subscribersWith(t, given.newsletterId, 'suppressed');
    t.verify(!after.items.some((item) => item.id === given.id), `after its delete, listSubscribers with status=suppressed still lists subscriber ${given.id}`, { evidence: after.response });
  });
});
