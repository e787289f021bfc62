/**
 * subscriber.upsert-same-id and subscriber.new-active-verified: the upsert is keyed on the address
 * trimmed and in lowercase, and on nothing looser. An address that differs by a `+tag` or a dot in its
 * local part is another address (mail providers that ignore them are not the contract's concern): it
 * creates a subscriber of its own, with its own id, and both are listed. A server that canonicalises
 * addresses further answers the first subscriber for the second, which every test of one address passes.
 * And the other way: the address surrounded by white space that is not ASCII is the same address (the
 * introduction: "any white space, which is trimmed"), so a server that trims ASCII spaces only makes a
 * second subscriber of it.
 *
 * Nor is the key a pattern: an address holding a character that LIKE, GLOB or a regular expression
 * reads as a wildcard (`_`, `%`, `?`, `*`, `.`, `.*`: the address pattern allows each in the local part,
 * though not `[` or `\`), written so that as a pattern it matches the first address, is an address of
 * its own (the createSubscriber description: an upsert "keyed on the address", and
 * subscriber.new-active-verified: "its address stored"). A server that matches the address with
 * `LIKE ?` unescaped answers the first subscriber for `..._...@example.com`.
 */
import type { Subscriber } from '../../../generated/openapi.d.ts';
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { Resources } from '../resources.ts';

forOperation('createSubscriber', (test) => {
  test('creates a subscriber of its own for an address that differs by a +tag or a dot, or that matches it only as a LIKE, GLOB or regex pattern, answers the same one for the address in any white space, and lists each once', { check: 'subscriber_upsert_identity', rules: ['subscriber.upsert-same-id', 'subscriber.new-active-verified'], needs: ['state', 'input_reflection'] }, async (t: Kit) => {
    const resources = new Resources(t);
    const newsletter = await resources.newsletter('upsert-key');
    const local = t.names.name('ada').toLowerCase();
    const first = await resources.subscriber(newsletter.id, `${local}@example.com`);
    // One character of the local part, or its end, as a wildcard: each a pattern that matches the first address.
    const middle = Math.floor(local.length / 2);
    const oneCharacter = (wildcard: string) => `${local.slice(0, middle)}${wildcard}${local.slice(middle + 1)}@example.com`;
    const theRest = (wildcard: string) => `${local.slice(0, middle)}${wildcard}@example.com`;
    const addresses = [`${local}+news@example.com`, `${local.slice(0, 1)}.${local.slice(1)}@example.com`, oneCharacter('_'), oneCharacter('?'), oneCharacter('.'), theRest('%'), theRest('*'), theRest('.*')];
    const others: Subscriber[] = await Promise.all(
      addresses.map(async (address) => {
        const { status, json, exchange } = await t.call(t.contract.operation('createSubscriber'), { ids: { newsletter_id: newsletter.id }, body: { email: address } });
        t.ensure(status === 200 && json !== undefined, `createSubscriber of ${address} answered ${status ?? 'nothing'}; expected 200`, { evidence: exchange });
        const made = json as Subscriber;
        if (typeof made.id === 'number' && made.id !== first.id) t.cleanup(`subscriber ${made.id} of newsletter ${newsletter.id}`, async () => void (await t.api.DELETE('/newsletters/{newsletter_id}/subscribers/{id}', { params: { path: { newsletter_id: newsletter.id, id: made.id } } })));
        t.verify(made.id !== first.id && made.email === address, `createSubscriber of ${address} answered subscriber ${made.id} (${JSON.stringify(made.email)}), the subscriber of ${first.email} (${first.id}); expected a new one with the address as sent: the upsert matches the address trimmed and in any letter case, nothing more (no character of it is a wildcard)`, { evidence: exchange });
        return made;
      }),
    );
    // Surrounded by white space that is not ASCII (a no-break space, an em space): the same address, trimmed.
    const spaced = `\u00a0${first.email}\u2003`;
    const again = await t.call(t.contract.operation('createSubscriber'), { ids: { newsletter_id: newsletter.id }, body: { email: spaced } });
    t.verify(again.status === 200 && (again.json as Subscriber | undefined)?.id === first.id, `createSubscriber of ${JSON.stringify(spaced)} answered ${again.status ?? 'nothing'} with subscriber ${(again.json as Subscriber | undefined)?.id} (${JSON.stringify((again.json as Subscriber | undefined)?.email)}); expected 200 with ${first.id}: any white space around an address is trimmed before it is matched`, { evidence: again.exchange });
    const spacedId = (again.json as Subscriber | undefined)?.id;
    if (typeof spacedId === 'number' && spacedId !== first.id) t.cleanup(`subscriber ${spacedId} of newsletter ${newsletter.id}`, async () => void (await t.api.DELETE('/newsletters/{newsletter_id}/subscribers/{id}', { params: { path: { newsletter_id: newsletter.id, id: spacedId } } })));
    const { data, response } = await t.api.GET('/newsletters/{newsletter_id}/subscribers', { params: { path: { newsletter_id: newsletter.id }, query: { size: 100 } } });
    t.ensure(response.status === 200 && data !== undefined, `listSubscribers answered ${response.status}; expected 200`, { evidence: response });
    const listed = new Set(data.result.map((subscriber) => subscriber.id));
    const missing = [first, ...others].filter((subscriber) => !listed.has(subscriber.id)).map((subscriber) => subscriber.email);
    t.verify(missing.length === 0 && data.total === addresses.length + 1, `listSubscribers holds ${data.total} (${missing.length > 0 ? `without ${missing.join(', ')}` : 'each listed'}); expected the ${addresses.length + 1} addresses, each once`, { evidence: response });
  });
});
