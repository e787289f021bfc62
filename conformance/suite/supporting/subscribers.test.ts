/**
 * Subscribers (supporting operations): the status and verified filters list exactly what they say; a
 * deleted subscriber is gone, and its address can be subscribed again as a new subscriber.
 */
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { reuseHint } from '../id-reuse.ts';
import { Resources } from '../resources.ts';

forOperation('listSubscribers', (test) => {
  for (const [filter, query, listed] of [
    ['status=active', { status: 'active' }, true],
    ['status=pending', { status: 'pending' }, false],
    ['verified=true', { verified: true }, true],
    ['verified=false', { verified: false }, false],
  ] as const) {
    test(`lists exactly the matching subscribers with ${filter}`, { check: 'status_filter', rules: ['lists.exact-filters'], needs: ['state'] }, async (t: Kit) => {
      const newsletterId = new Resources(t).sharedNewsletterId();
      // Created through the API, a subscriber is active and verified at once.
      const subscriber = await new Resources(t).subscriber(newsletterId);
      const { data, response } = await t.api.GET('/newsletters/{newsletter_id}/subscribers', { params: { path: { newsletter_id: newsletterId }, query: { ...query, size: 100 } } });
      t.ensure(data !== undefined, `answered ${response.status}`, { evidence: response });
      const [field, value] = Object.entries(query)[0]!;
      const others = data.result.filter((item) => item[field as 'status' | 'verified'] !== value);
      t.verify(others.length === 0, `${filter} lists subscribers ${others.map((item) => item.id).join(', ')} that do not match`, { evidence: response });
      const found = data.result.some((item) => item.id === subscriber.id);
      t.verify(found === listed, `the active, verified subscriber ${subscriber.id} is ${found ? '' : 'not '}listed with ${filter}`, { evidence: response });
    });
  }
});

forOperation('deleteSubscriber', (test) => {
  test('deletes for good: deleting again is 404, even after a new subscriber, and it is no longer listed', { check: 'use_after_free', rules: ['resources.gone-after-delete'], needs: ['state'] }, async (t: Kit) => {
    const resources = new Resources(t);
    const newsletterId = resources.sharedNewsletterId();
    const subscriber = await resources.subscriber(newsletterId);
    const path = { newsletter_id: newsletterId, id: subscriber.id };
    const deleted = await t.api.DELETE('/newsletters/{newsletter_id}/subscribers/{id}', { params: { path } });
    t.ensure(deleted.response.status === 204, `answered ${deleted.response.status}; expected 204`, { evidence: deleted.response });
    // A new subscriber must not take the deleted one's id, or a repeated delete would remove it.
    const successor = await resources.subscriber(newsletterId);
    const again = await t.api.DELETE('/newsletters/{newsletter_id}/subscribers/{id}', { params: { path } });
    t.verify(again.response.status === 404, `a second delete answered ${again.response.status}${reuseHint('subscriber', subscriber.id, successor.id, again.response.status)}`, { evidence: again.response });
    const listed = await t.api.GET('/newsletters/{newsletter_id}/subscribers', { params: { path: { newsletter_id: newsletterId }, query: { size: 100 } } });
    t.verify(listed.data?.result.some((item) => item.id === subscriber.id) === false, `subscriber ${subscriber.id} is still listed`, { evidence: listed.response });
  });

  test('lets a deleted address subscribe again as a new subscriber, verified now', { check: 'crud_agreement', rules: ['subscriber.resubscribe-after-delete', 'subscriber.new-active-verified'], needs: ['state'] }, async (t: Kit) => {
    const resources = new Resources(t);
    const newsletterId = resources.sharedNewsletterId();
    const first = await resources.subscriber(newsletterId);
    await t.api.DELETE('/newsletters/{newsletter_id}/subscribers/{id}', { params: { path: { newsletter_id: newsletterId, id: first.id } } });
    // A clock of millisecond precision moves between the two creations, so "now" differs from the first's.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const again = await resources.subscriber(newsletterId, first.email);
    t.verify(again.id !== first.id, `the address came back as subscriber ${again.id}, the deleted one's id: ids of deleted subscribers are reused`);
    // A new address in every respect: created verified and active at once, verified_at = now (subscriber.new-active-verified).
    const stamped = (instant: string | null) => (instant === null ? Number.NaN : Date.parse(instant));
    t.verify(
      again.active && again.verified && again.status === 'active' && stamped(again.verified_at) > stamped(first.verified_at),
      `the address subscribed again answered active ${again.active}, verified ${again.verified}, status ${again.status}, verified_at ${again.verified_at}; expected a new subscriber verified now, after the deleted one's ${first.verified_at}`,
      { rules: ['subscriber.new-active-verified'] },
    );
  });
});
