/**
 * An upsert is keyed in its parent (subscriber.upsert-same-id: "an address already on the newsletter"),
 * and what it answers is a child of that parent (resources.child-of-its-parent). An address already
 * subscribed to one newsletter, sent to a second newsletter of the workspace, creates a subscriber of
 * the second: the create's success status (`200` for a subscriber, new or not), an id of its own, its `newsletter_id` the second's, listed there; the first
 * newsletter's subscriber is left as it was. The upsert on each newsletter then answers that
 * newsletter's own subscriber. A server that looks the address up in the whole workspace answers the
 * first newsletter's subscriber and adds nothing to the second.
 */
import { suiteContext } from '../context.ts';
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { Resources } from '../resources.ts';
import { listedItem, type Json } from './update-subjects.ts';
import { successOf, UPSERTS } from './upserts.ts';

const { contract } = suiteContext();

/** Whether the answer's schema carries the parent's id, so the answer can be held to it. */
function answersParent(operationId: string, parentParameter: string): boolean {
  const created = contract.operation(operationId).responses.find((response) => response.status === String(successOf(operationId)))?.content[0];
  const properties = created ? (contract.resolve(created.schema, created.schemaPointer).node.properties ?? {}) : {};
  return parentParameter in properties;
}

const same = (a: Json, b: Json) => JSON.stringify(a) === JSON.stringify(b);

for (const upsert of UPSERTS) {
  forOperation(upsert.create, (test) => {
    test(`creates the same ${upsert.key} in a second parent as a child of its own, and then answers each parent its own`, { check: 'subscriber_upsert_identity', rules: ['subscriber.upsert-same-id', 'resources.child-of-its-parent'], needs: ['state'] }, async (t: Kit) => {
      const resources = new Resources(t);
      const parents = [(await resources.newsletter('upsert-first')).id, (await resources.newsletter('upsert-second')).id];
      const key = t.names.email('per-parent');
      const send = (parentId: number, value: string) => t.call(contract.operation(upsert.create), { ids: { [upsert.parentParameter]: parentId }, body: { [upsert.key]: value } });
      const listOperation = contract.operation(upsert.list);
      const listed = (parentId: number, id: number) => listedItem(t, listOperation, { [upsert.parentParameter]: parentId }, id);
      const withParent = answersParent(upsert.create, upsert.parentParameter);
      const success = successOf(upsert.create);

      const first = await send(parents[0]!, key);
      t.ensure(first.status === success, `${upsert.create} of a new ${upsert.key} on ${upsert.parentParameter} ${parents[0]} answered ${first.status ?? 'nothing'}; expected ${success}`, { evidence: first.exchange });
      const original = first.json as Json & { id: number };
      t.cleanup(`${upsert.create} ${original.id}`, async () => void (await t.call(contract.operation(upsert.remove), { ids: { [upsert.parentParameter]: parents[0]!, id: original.id } })));

      // The key in other letter case and with white space around it: in the first parent, the same key.
      const second = await send(parents[1]!, ` ${key.toUpperCase()} `);
      const made = second.json as (Json & { id: number }) | undefined;
      if (second.status === success && made && made.id !== original.id) t.cleanup(`${upsert.create} ${made.id}`, async () => void (await t.call(contract.operation(upsert.remove), { ids: { [upsert.parentParameter]: parents[1]!, id: made.id } })));
      const where = `${upsert.parentParameter} ${parents[1]}, after the same ${upsert.key} on ${parents[0]}`;
      t.ensure(second.status === success && made !== undefined, `${upsert.create} on ${where} answered ${second.status ?? 'nothing'}; expected ${success} and a new child: the ${upsert.key} is not yet in that parent`, { evidence: second.exchange });
      t.verify(made.id !== original.id, `${upsert.create} on ${where} answered id ${made.id}, the first parent's child; expected a new child with an id of its own: the ${upsert.key} is not yet in that parent`, { evidence: second.exchange });
      if (withParent) t.verify(made[upsert.parentParameter] === parents[1], `${upsert.create} on ${where} answered ${upsert.parentParameter} ${JSON.stringify(made[upsert.parentParameter])}; expected ${parents[1]}`, { evidence: second.exchange });
      const inSecond = await listed(parents[1]!, made.id);
      t.verify(inSecond !== undefined && same(inSecond, made), `${upsert.list} of ${parents[1]} shows ${JSON.stringify(inSecond ?? 'nothing')} for ${made.id}; expected it as created ${JSON.stringify(made)}`);
      const inFirst = await listed(parents[0]!, original.id);
      t.verify(inFirst !== undefined && same(inFirst, original), `after the ${upsert.key} was sent to ${parents[1]}, ${upsert.list} of ${parents[0]} shows ${JSON.stringify(inFirst ?? 'nothing')} for ${original.id}; expected it unchanged ${JSON.stringify(original)}`);

      // Each parent's upsert now finds its own child, whatever the other parent holds.
      for (const [parentId, own] of [[parents[1]!, made], [parents[0]!, original]] as const) {
        const again = await send(parentId, key);
        const answered = again.json as (Json & { id: number }) | undefined;
        t.verify(again.status === success && answered?.id === own.id, `${upsert.create} of the ${upsert.key} again on ${upsert.parentParameter} ${parentId} answered ${again.status ?? 'nothing'} with id ${answered?.id}; expected ${success} with its own ${own.id}`, { evidence: again.exchange });
      }
    });
  });
}
