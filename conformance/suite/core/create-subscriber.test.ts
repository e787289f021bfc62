/**
 * createSubscriber (core): an upsert keyed on the address, trimmed and compared in any letter case. A new
 * address is created active and verified at once and stored lowercase; an existing one is answered with
 * the same subscriber (same id, 200 both times); concurrent upserts of one address create one subscriber.
 */
import type { Subscriber } from '../../../generated/openapi.d.ts';
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { Resources } from '../resources.ts';

/** Upserts sent at once for the concurrency check. */
const CONCURRENT_UPSERTS = 8;

async function upsert(t: Kit, newsletterId: number, email: string) {
  return t.api.POST('/newsletters/{newsletter_id}/subscribers', { params: { path: { newsletter_id: newsletterId } }, body: { email } });
}

/** Every subscriber of the newsletter with this address (lowercase), walking all pages. */
async function listedWith(t: Kit, newsletterId: number, email: string): Promise<Subscriber[]> {
  const found: Subscriber[] = [];
  for (let page = 1; page <= 50; page++) {
    const { data } = await t.api.GET('/newsletters/{newsletter_id}/subscribers', { params: { path: { newsletter_id: newsletterId }, query: { page, size: 100 } } });
    if (!data) break;
    found.push(...data.result.filter((subscriber) => subscriber.email === email.toLowerCase()));
    if (data.result.length < 100) break;
  }
  return found;
}

/** Between two upserts of one address: more than the millisecond the timestamps are given in. */
const UPSERT_GAP_MS = 20;

/** The fields in which a later answer differs from the first: `verified_at: a → b`. */
function changedFields(before: Subscriber, after: Subscriber): string[] {
  return Object.keys({ ...before, ...after })
    .filter((field) => JSON.stringify(before[field as keyof Subscriber]) !== JSON.stringify(after[field as keyof Subscriber]))
    .map((field) => `${field}: ${JSON.stringify(before[field as keyof Subscriber])} → ${JSON.stringify(after[field as keyof Subscriber])}`);
}

/** An address in mixed case, so "the same address in other case" means something. */
function mixedCaseAddress(t: Kit): string {
  return t.names.email('Subscriber').replace(/^conformance/, 'Conformance').replace(/example\.com$/, 'Example.COM');
}

forOperation('createSubscriber', (test) => {
  test('creates a new address active and verified at once, stored in lowercase', { check: 'subscriber_upsert_identity', rules: ['subscriber.new-active-verified'], needs: ['input_reflection'] }, async (t: Kit) => {
    const email = mixedCaseAddress(t);
    const subscriber = await new Resources(t).subscriber(new Resources(t).sharedNewsletterId(), email);
    t.verify(subscriber.email === email.toLowerCase(), `stored as ${subscriber.email}; expected ${email.toLowerCase()}`);
    t.verify(subscriber.status === 'active' && subscriber.active && subscriber.verified, `status ${subscriber.status}, active ${subscriber.active}, verified ${subscriber.verified}; a new subscriber is active and verified at once`);
    t.verify(subscriber.verified_at !== null, 'verified_at is null for a verified subscriber');
  });

  test('returns the existing subscriber for the same address in other case', { check: 'subscriber_upsert_identity', rules: ['subscriber.upsert-same-id'], needs: ['state'] }, async (t: Kit) => {
    const newsletterId = new Resources(t).sharedNewsletterId();
    const email = mixedCaseAddress(t);
    const first = await new Resources(t).subscriber(newsletterId, email);
    const again = await upsert(t, newsletterId, email.toUpperCase());
    t.ensure(again.data !== undefined, `the same address in upper case answered ${again.response.status}; expected 200`, { evidence: again.response });
    t.verify(again.response.status === 200, `answered ${again.response.status}; an existing subscriber is answered 200`, { evidence: again.response });
    t.verify(again.data.id === first.id, `got subscriber ${again.data.id}; expected the existing ${first.id}`, { evidence: again.response });
  });

  test('returns an existing subscriber unchanged, timestamps included, and leaves it so', { check: 'subscriber_upsert_identity', rules: ['subscriber.upsert-same-id'], needs: ['input_reflection', 'state'] }, async (t: Kit) => {
    const newsletterId = new Resources(t).sharedNewsletterId();
    const email = mixedCaseAddress(t);
    const first = await new Resources(t).subscriber(newsletterId, email);
    // Timestamps have millisecond precision: a wait of a few of them lets a server that writes the
    // existing subscriber again (verified_at, updated_at moved to "now") show it.
    await new Promise((resolve) => setTimeout(resolve, UPSERT_GAP_MS));
    const again = await upsert(t, newsletterId, email.toUpperCase());
    t.ensure(again.data !== undefined, `the same address again answered ${again.response.status}; expected 200`, { evidence: again.response });
    const changed = changedFields(first, again.data);
    t.verify(changed.length === 0, `the upsert of an existing address answered it changed: ${changed.join('; ')}; the existing subscriber is returned unchanged`, { evidence: again.response });
    // There is no read of one subscriber: listSubscribers shows what is stored.
    const listed = await listedWith(t, newsletterId, email);
    t.ensure(listed.length === 1, `${email.toLowerCase()} is listed ${listed.length} times`);
    const stored = changedFields(first, listed[0]!);
    t.verify(stored.length === 0, `after the upsert of an existing address listSubscribers shows it changed: ${stored.join('; ')}`);
  });

  test('returns the existing subscriber for the address with white space around it', { check: 'subscriber_upsert_identity', rules: ['subscriber.upsert-same-id'], needs: ['state'] }, async (t: Kit) => {
    const newsletterId = new Resources(t).sharedNewsletterId();
    const email = t.names.email('spaced');
    const first = await new Resources(t).subscriber(newsletterId, email);
    const again = await upsert(t, newsletterId, `  ${email}\t`);
    t.ensure(again.data !== undefined, `the address with white space answered ${again.response.status}; expected 200`, { evidence: again.response });
    t.verify(again.data.id === first.id && again.data.email === email, `got subscriber ${again.data.id} (${again.data.email}); expected ${first.id} (${email})`, { evidence: again.response });
  });

  test('lists an address upserted three times once', { check: 'subscriber_upsert_identity', rules: ['subscriber.upsert-same-id'], needs: ['state'] }, async (t: Kit) => {
    const newsletterId = new Resources(t).sharedNewsletterId();
    const email = mixedCaseAddress(t);
    await new Resources(t).subscriber(newsletterId, email);
    await upsert(t, newsletterId, email.toLowerCase());
    await upsert(t, newsletterId, email.toUpperCase());
    const listed = await listedWith(t, newsletterId, email);
    t.verify(listed.length === 1, `${email.toLowerCase()} is listed ${listed.length} times`);
  });

  test('creates exactly one subscriber for concurrent upserts of one address', { check: 'subscriber_upsert_concurrency', rules: ['subscriber.upsert-concurrent-once'], needs: ['state'] }, async (t: Kit) => {
    const newsletterId = new Resources(t).sharedNewsletterId();
    const email = mixedCaseAddress(t);
    const variants = Array.from({ length: CONCURRENT_UPSERTS }, (_, index) => (index % 2 === 0 ? email.toLowerCase() : email.toUpperCase()));
    const results = await Promise.all(variants.map((variant) => upsert(t, newsletterId, variant)));
    const ids = new Set(results.map((result) => result.data?.id));
    for (const id of ids) {
      if (typeof id === 'number') {
        t.cleanup(`subscriber ${id}`, async () => void (await t.api.DELETE('/newsletters/{newsletter_id}/subscribers/{id}', { params: { path: { newsletter_id: newsletterId, id } } })));
      }
    }
    const failed = results.find((result) => result.response.status !== 200);
    t.verify(failed === undefined, `a concurrent upsert answered ${failed?.response.status}; expected 200 for each`, { evidence: failed?.response });
    t.verify(ids.size === 1, `${CONCURRENT_UPSERTS} concurrent upserts answered ${ids.size} different subscribers: ${[...ids].join(', ')}`);
    const listed = await listedWith(t, newsletterId, email);
    t.verify(listed.length === 1, `${email.toLowerCase()} is listed ${listed.length} times after concurrent upserts`);
  });
});
